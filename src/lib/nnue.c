/*
 * nnue.c - the learned evaluation (nnue.h says what it sees and computes;
 * test/train.c fits it, doc/engine.md has its screens).  No accumulator is
 * kept across moves: the search makes most children by copying a position
 * (ng__make_unkeyed) and evaluates each once, and a refresh is about 26
 * rows of int16 added, which the compiler does a register at a time.  The
 * discs' 19 rows are the most of it, and a node's children come grouped
 * by their relocation, each group with the same discs: nnue_discs keeps
 * the discs' part of the sums from one child to the next of a group.
 */
#include "nnue.h"

static inline int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Cell c's index in frame fr (clamped to the window's edge). */
static inline int nnue_rel(const nnue_frame *fr, int c)
{
	const int h = NNUE_SIDE / 2;
	if (fr->inside)
		return NNUE_SIDE * cell_y(c) + cell_x(c) + fr->off;
	int y = cell_y(c) - fr->cy, x = cell_x(c) - fr->cx;
	y = y < -h ? -h : y > h ? h : y;
	x = x < -h ? -h : x > h ? h : x;
	return (y + h) * NNUE_SIDE + x + h;
}

/*
 * The discs' features, NDISCS of them into f, and the frame the pieces'
 * features are read in: 1, or 0 when pos is not a position of the game.
 *
 * The frame: the discs' centre of mass, rounded (positions are the same
 * up to translation, and so are their features).  The discs are
 * connected, so their rows follow each other from the frame's first
 * (internal.h).  Each disc's index is first 11 y + x; once the centre is
 * known, one offset makes them relative to it, unless some disc lies
 * outside the window, when each is clamped to its edge (rare: the window
 * reaches five cells from the centre).
 */
static int disc_features(const ng_pos *pos, int *f, nnue_frame *fr)
{
	int sx = 0, sy = 0, nd = 0, y = MARGIN;
	uint32_t all = 0;
	for (; y < NG_ROWS && pos->disc[y] && nd < NDISCS; y++) {
		all |= pos->disc[y];
		for (uint32_t b = pos->disc[y]; b && nd < NDISCS; b &= b - 1) {
			int x = __builtin_ctz(b);
			f[nd++] = NNUE_SIDE * y + x;
			sx += x;
			sy += y;
		}
	}
	fr->valid = nd == NDISCS;
	if (!fr->valid)   /* not a position of the game: no features */
		return 0;
	int cx = (2 * sx + NDISCS) / (2 * NDISCS), cy = (2 * sy + NDISCS) / (2 * NDISCS);
	const int h = NNUE_SIDE / 2;
	fr->cx = cx;
	fr->cy = cy;
	fr->off = (h - cy) * NNUE_SIDE + h - cx;
	/* inside: every disc, so every token and the lock, in the window */
	fr->inside = cx - h <= MARGIN && cx + h >= 31 - __builtin_clz(all) &&
	             cy - h <= MARGIN && cy + h >= y - 1;
	if (fr->inside) {
		for (int i = 0; i < NDISCS; i++)
			f[i] += fr->off;
	} else {
		nd = 0;
		for (y = MARGIN; nd < NDISCS; y++)
			for (uint32_t b = pos->disc[y]; b && nd < NDISCS; b &= b - 1)
				f[nd++] = nnue_rel(fr, mk_cell(__builtin_ctz(b), y));
	}
	return 1;
}

/* The tokens' and the lock's features, in frame fr, into f; how many. */
static int piece_features(const ng_pos *pos, const nnue_frame *fr, int *f)
{
	int n = 0;
	if (!fr->valid)
		return 0;
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++)
			f[n++] = (1 + k) * NNUE_CELLS + nnue_rel(fr, pos->tok[pos->side ^ k][i]);
	if (pos->lock != NG_NOCELL && pos->rules != NG_SIMPLE)
		f[n++] = 3 * NNUE_CELLS + nnue_rel(fr, pos->lock);
	return n;
}

int ng__nnue_features(const ng_pos *pos, int *f)
{
	nnue_frame fr;
	if (!disc_features(pos, f, &fr))
		return 0;
	return NDISCS + piece_features(pos, &fr, f + NDISCS);
}

void ng__nnue_dense(const ng_pos *pos, const slide_stats *st, int d[NNUE_DENSE])
{
	_Static_assert(NNUE_DENSE == 12, "eval.c's six counts a side");
	ng__eval_sides(pos, st, d);
}

typedef int16_t v8 __attribute__((vector_size(16)));

static inline v8 load8(const int16_t *p)
{
	v8 v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* pos's value by net n, with the discs' part of the sums from dc when
 * it holds them for pos's discs (key), else worked out (and kept in dc,
 * when there is one). */
static int evaluate(const ng_pos *pos, const slide_stats *st,
                    const ng_nnue *n, nnue_discs *dc, uint32_t key)
{
	int f[NNUE_MAX_SET], d[NNUE_DENSE];
	ng__nnue_dense(pos, st, d);

	/* The linear part: eval.c's terms (its order), from the counts. */
	const int *lw = n->lin.w;
	int v = lw[0] * (d[0] - d[6]) + lw[1] * (d[7] - d[1]) +
	        lw[2] * (d[2] - d[8]) + lw[3] * (d[3] - d[9]) + lw[4] +
	        lw[5] * (d[4] - d[10]) + lw[6] * (d[11] - d[5]);

	/* The hidden layer, eight units to a vector of GNU C (gcc and clang).
	 * The loops over the vectors are unrolled by force, so that the
	 * array is split into registers (a plain loop kept it in memory).
	 * The trainer's clipping keeps every sum in int16. */
	enum { NV = NNUE_HIDDEN / 8 };
	_Static_assert(NNUE_HIDDEN % 8 == 0, "whole vectors of eight");
	v8 a[NV];
	nnue_frame fr;
	if (dc && dc->ready && dc->key == key) {
		fr = dc->fr;
#pragma GCC unroll 16
		for (int j = 0; j < NV; j++)
			a[j] = load8(dc->acc + 8 * j);
	} else {
		int nd = disc_features(pos, f, &fr) ? NDISCS : 0;
#pragma GCC unroll 16
		for (int j = 0; j < NV; j++)
			a[j] = load8(n->b + 8 * j);
		for (int i = 0; i < nd; i++) {
			const int16_t *r = n->w[f[i]];
#pragma GCC unroll 16
			for (int j = 0; j < NV; j++)
				a[j] += load8(r + 8 * j);
		}
		if (dc) {
			memcpy(dc->acc, a, sizeof a);
			dc->fr = fr;
			dc->key = key;
			dc->ready = 1;
		}
	}
	int np = piece_features(pos, &fr, f);
	for (int i = 0; i < np; i++) {
		const int16_t *r = n->w[f[i]];
#pragma GCC unroll 16
		for (int j = 0; j < NV; j++)
			a[j] += load8(r + 8 * j);
	}
	for (int k = 0; k < NNUE_DENSE; k++) {
		const int16_t *r = n->u[k];
		int16_t x = (int16_t)d[k];
		if (!x)
			continue;   /* (threats, passes and stuck tokens are often none) */
#pragma GCC unroll 16
		for (int j = 0; j < NV; j++)
			a[j] += load8(r + 8 * j) * x;
	}
	int16_t acc[NNUE_HIDDEN];
	memcpy(acc, a, sizeof acc);
	int out = 0;
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		int x = acc[j] < 0 ? 0 : acc[j] > NNUE_QA ? NNUE_QA : acc[j];
		out += x * n->v[j];
	}
	v += out / (NNUE_QA * NNUE_QV);
	return clampi(v, -NG_MATE_BOUND / 2, NG_MATE_BOUND / 2);
}

int ng__nnue_evaluate(const ng_pos *pos, const slide_stats *st, const ng_nnue *n)
{
	return evaluate(pos, st, n, NULL, 0);
}

int ng__nnue_evaluate_child(const ng_pos *pos, const slide_stats *st,
                            const ng_nnue *n, nnue_discs *dc, ng_move m)
{
	return evaluate(pos, st, n, dc, (uint32_t)m.rf << 16 | m.rt);
}
