/*
 * discs.c - which discs may be taken and where they may go (see nonaga(6),
 * RULES: A turn, Free discs and The lock).
 *
 * Everything here depends on the discs and the lock only, so it is worked out
 * once per disc set, for all discs at once, with bit operations on the frame
 * rows:
 *   - a disc splits the board if the other 18 are not connected;
 *   - a disc is free if it can walk out through empty cells, never squeezing
 *     between two discs (nonaga(6), RULES, Free discs);
 *   - a target is an empty cell touching at least two of the other 18.
 */
#include "internal.h"

/* nb[i] = cells whose neighbour in direction i holds a disc, rows lo..hi. */
static void neighbour_sets(const uint32_t *d, rows_t nb[6], int lo, int hi)
{
	for (int i = 0; i < 6; i++)
		shift_rows(nb[i], d, (i + 3) % 6, lo, hi);
}

/* All neighbours of the set f, in rows lo..hi. */
static inline uint32_t grow_row(const uint32_t *f, int y)
{
	uint32_t up = y > 0 ? f[y - 1] : 0;
	uint32_t dn = y < NG_ROWS - 1 ? f[y + 1] : 0;
	return f[y] << 1 | f[y] >> 1 | dn | dn << 1 | up | up >> 1;
}

/*
 * Does removing disc c disconnect the others?  Flood from one neighbour
 * through the remaining discs until every neighbour of c is reached (it
 * does not split) or the flood stops growing (it does).
 */
static int splits(const uint32_t *d, int c, int ymax)
{
	rows_t rest, f, want;
	memcpy(rest, d, sizeof rest);
	clear_bit(rest, c);
	memset(f, 0, sizeof f);
	memset(want, 0, sizeof want);
	int first = -1;
	for (int i = 0; i < 6; i++) {
		int n = c + DELTA[i];
		if (has(rest, n)) {
			set_bit(want, n);
			if (first < 0)
				first = n;
		}
	}
	set_bit(f, first);
	int lo = MARGIN, hi = ymax;
	for (;;) {
		int grew = 0, all = 1;
		rows_t g;
		for (int y = lo; y <= hi; y++) {
			g[y] = (f[y] | grow_row(f, y)) & rest[y];
			grew |= g[y] != f[y];
		}
		for (int y = lo; y <= hi; y++) {
			f[y] = g[y];
			all &= (want[y] & ~f[y]) == 0;
		}
		if (all)
			return 0;
		if (!grew)
			return 1;
	}
}

/*
 * Only the rows from the one before the discs' first to the one after
 * their last are worked out (ymin - 1 .. ymax + 1: every cell that
 * touches a disc is there); the board spans a few of the frame's
 * NG_ROWS, and the others of every set are empty.
 */
void ng__analyze(const ng_pos *pos, discinfo *di)
{
	const uint32_t *d = pos->disc;
	int ymin = 0, ymax = top_row(d);
	while (ymin < ymax && !d[ymin])
		ymin++;
	/* (the frame keeps MARGIN rows on either side: ng__align_frame) */
	int lo = ymin > 0 ? ymin - 1 : 0, hi = ymax < NG_ROWS - 1 ? ymax + 1 : ymax;
	uint32_t all = 0;
	for (int y = ymin; y <= ymax; y++)
		all |= d[y];
	int xmax = 31 - __builtin_clz(all);
	rows_t nb[6];
	neighbour_sets(d, nb, lo, hi);
	memset(di, 0, sizeof *di);
	di->ymax = ymax;

	/* Bit-sliced counters: disc neighbours of each cell (>=1, >=2, >=3),
	 * and arcs of disc neighbours around each cell (>=1, >=2). */
	int ntwo = 0;
	for (int y = lo; y <= hi; y++) {
		uint32_t c1 = 0, c2 = 0, c3 = 0, t1 = 0, t2 = 0;
		for (int i = 0; i < 6; i++) {
			uint32_t s = nb[i][y];
			c3 |= c2 & s;
			c2 |= c1 & s;
			c1 |= s;
			uint32_t t = s & ~nb[(i + 1) % 6][y];
			t2 |= t1 & t;
			t1 |= t;
		}
		di->two[y] = c2 & ~d[y];
		di->exactly2[y] = c2 & ~c3 & ~d[y];
		ntwo += __builtin_popcount(di->two[y]);
		/* A disc whose neighbours form one arc never splits the board;
		 * with two or more arcs it may (they may meet around a hole). */
		di->cut[y] = d[y] & t2;
	}
	di->ntwo = ntwo;
	for (int y = ymin; y <= ymax; y++)
		for (uint32_t b = di->cut[y]; b; b &= b - 1) {
			int c = mk_cell(__builtin_ctz(b), y);
			if (!splits(d, c, ymax))
				di->cut[y] &= ~(1u << cell_x(c));
		}

	if (pos->rules == NG_SIMPLE) {
		for (int y = ymin; y <= ymax; y++)
			di->removable[y] = d[y] & ~di->cut[y];
		return;
	}

	/*
	 * Freeness.  blocked[i] = cells X whose step to X+D[i] is blocked
	 * (X+D[i-1] and X+D[i+1] both discs).  out = empty cells the walk
	 * reaches from outside the bounding box; steps are symmetric, so a disc
	 * is free iff it has an open step to a cell of `out'.  (Its removal can
	 * open more steps, but only between two of its own neighbours, each of
	 * which it reaches directly - so `out' of the full set suffices.)
	 */
	rows_t blocked[6], out;
	for (int i = 0; i < 6; i++)
		for (int y = lo; y <= hi; y++)
			blocked[i][y] = nb[(i + 5) % 6][y] & nb[(i + 1) % 6][y];
	uint32_t inside = (xmax >= 31 ? ~0u : ((1u << (xmax + 1)) - 1)) &
	                  ~((1u << MARGIN) - 1);
	for (int y = lo; y <= hi; y++) {
		uint32_t e = ~d[y];
		out[y] = (y < ymin || y > ymax) ? e : e & ~inside;
	}
	for (int grew = 1; grew;) {
		grew = 0;
		for (int y = ymin; y <= ymax; y++) {
			uint32_t add = 0;
			for (int i = 0; i < 6; i++) {
				uint32_t v = out[y - DY[i]] & ~blocked[i][y - DY[i]];
				add |= DX[i] > 0 ? v << 1 : DX[i] < 0 ? v >> 1 : v;
			}
			add &= ~d[y] & ~out[y];
			if (add) {
				out[y] |= add;
				grew = 1;
			}
		}
	}
	for (int y = ymin; y <= ymax; y++)
		di->notfree[y] = d[y];
	for (int i = 0; i < 6; i++) {
		rows_t to;
		/* cells whose i-neighbour is out */
		shift_rows(to, out, (i + 3) % 6, ymin, ymax);
		for (int y = ymin; y <= ymax; y++)
			di->notfree[y] &= ~(to[y] & ~blocked[i][y]);
	}
	for (int y = ymin; y <= ymax; y++)
		di->removable[y] = d[y] & ~di->cut[y] & ~di->notfree[y];
	if (pos->lock != NG_NOCELL)
		clear_bit(di->removable, pos->lock);
}

void ng__targets(const discinfo *di, int c, uint32_t *out)
{
	memcpy(out, di->two, sizeof(rows_t));
	for (int i = 0; i < 6; i++) {
		int n = c + DELTA[i];
		if (has(di->exactly2, n))
			clear_bit(out, n);
	}
}

int ng__ntargets(const discinfo *di, int c)
{
	int k = 0;
	for (int i = 0; i < 6; i++)
		k += has(di->exactly2, c + DELTA[i]);
	return di->ntwo - k;
}
