/*
 * movegen.c - whole turns: slide, win check, relocation, skipped parts
 * (see nonaga(6), RULES), counted in bulk or listed; making and unmaking
 * them.
 */
#include "internal.h"

#define NONE NG_NOCELL

/* The slides of the side to move, each with whether it wins at once. */
typedef struct slideset {
	int n;
	uint16_t from[18], to[18];
	uint8_t wins[18];
} slideset;

static void slides_of(const ng_pos *pos, slideset *ss)
{
	const uint16_t *t = pos->tok[pos->side];
	ss->n = ng__slides(pos, ss->from, ss->to);
	for (int s = 0; s < ss->n; s++) {
		uint16_t a[3];
		for (int k = 0; k < 3; k++)
			a[k] = t[k] == ss->from[s] ? ss->to[s] : t[k];
		ss->wins[s] = (uint8_t)shape3(a[0], a[1], a[2]);
	}
}

/* removable discs carrying no token now */
static void untokened(const ng_pos *pos, const discinfo *di, uint32_t *base)
{
	memcpy(base, di->removable, sizeof(rows_t));
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 3; k++)
			clear_bit(base, pos->tok[s][k]);
}

/*
 * Count without listing: for a slide from f to t, the discs that may be
 * taken are those free of tokens now, plus f, minus t; each brings its
 * number of targets.  A slide after which nothing can be taken is one move.
 */
int ng__count_with(const ng_pos *pos, const discinfo *di)
{
	if (ng__winner(pos) != NG_NONE)
		return 0;
	slideset ss;
	slides_of(pos, &ss);
	rows_t base;
	untokened(pos, di, base);
	int total = 0;
	for (int y = MARGIN; y <= di->ymax; y++)
		for (uint32_t b = base[y]; b; b &= b - 1)
			total += ng__ntargets(di, mk_cell(__builtin_ctz(b), y));
	if (ss.n == 0)
		return total ? total : 1;
	int n = 0;
	for (int s = 0; s < ss.n; s++) {
		if (ss.wins[s]) {
			n++;
			continue;
		}
		int c = total;
		if (has(di->removable, ss.from[s]))
			c += ng__ntargets(di, ss.from[s]);
		if (has(base, ss.to[s]))
			c -= ng__ntargets(di, ss.to[s]);
		n += c ? c : 1;
	}
	return n;
}

int ng_count_moves(const ng_pos *pos)
{
	discinfo di;
	if (ng__winner(pos) != NG_NONE)
		return 0;
	ng__analyze(pos, &di);
	return ng__count_with(pos, &di);
}

static inline void add(ng_movelist *l, int sf, int st, int rf, int rt)
{
	ng_move *m = &l->m[l->n++];
	m->sf = (uint16_t)sf;
	m->st = (uint16_t)st;
	m->rf = (uint16_t)rf;
	m->rt = (uint16_t)rt;
}

/* Is frame cell c covered by a token after slide s? */
static inline int covered(const ng_pos *pos, const slideset *ss, int s, int c)
{
	if (c == ss->to[s])
		return 1;
	if (c == ss->from[s])
		return 0;
	for (int side = 0; side < 2; side++)
		for (int k = 0; k < 3; k++)
			if (pos->tok[side][k] == c)
				return 1;
	return 0;
}

/* The slides after which disc d may be taken (the slide does not win,
 * and no token stands on d after it), in ok; returns how many. */
static inline int ok_slides(const ng_pos *pos, const slideset *ss, int d,
                            uint8_t *ok)
{
	int nok = 0;
	for (int s = 0; s < ss->n; s++) {
		ok[s] = !ss->wins[s] && !covered(pos, ss, s, d);
		nok += ok[s];
	}
	return nok;
}

/* Moves are listed relocation by relocation, so that consecutive moves lead
 * to the same disc set (perft and search reuse the disc analysis). */
int ng_generate(const ng_pos *pos, ng_movelist *list)
{
	list->n = 0;
	if (ng__winner(pos) != NG_NONE)
		return 0;
	slideset ss;
	slides_of(pos, &ss);
	discinfo di;
	ng__analyze(pos, &di);
	rows_t tg;
	if (ss.n == 0) {
		rows_t base;
		untokened(pos, &di, base);
		for (int y = MARGIN; y <= di.ymax; y++)
			for (uint32_t b = base[y]; b; b &= b - 1) {
				int d = mk_cell(__builtin_ctz(b), y);
				ng__targets(&di, d, tg);
				for (int ty = 0; ty < NG_ROWS; ty++)
					for (uint32_t tb = tg[ty]; tb; tb &= tb - 1)
						add(list, NONE, NONE, d, mk_cell(__builtin_ctz(tb), ty));
			}
		if (list->n == 0)
			add(list, NONE, NONE, NONE, NONE);
		return list->n;
	}
	uint8_t any[18] = { 0 };
	for (int y = MARGIN; y <= di.ymax; y++)
		for (uint32_t b = di.removable[y]; b; b &= b - 1) {
			int d = mk_cell(__builtin_ctz(b), y);
			uint8_t ok[18];
			if (!ok_slides(pos, &ss, d, ok))
				continue;
			ng__targets(&di, d, tg);
			for (int ty = 0; ty < NG_ROWS; ty++)
				for (uint32_t tb = tg[ty]; tb; tb &= tb - 1) {
					int t = mk_cell(__builtin_ctz(tb), ty);
					for (int s = 0; s < ss.n; s++)
						if (ok[s]) {
							add(list, ss.from[s], ss.to[s], d, t);
							any[s] = 1;
						}
				}
		}
	for (int s = 0; s < ss.n; s++)
		if (ss.wins[s] || !any[s])
			add(list, ss.from[s], ss.to[s], NONE, NONE);
	return list->n;
}

/*
 * The parries' generator, for the horizon's threat check (search.c,
 * parried): the moves of ng_generate's list that may stop every winning
 * slide their slide leaves the opponent (ng__may_stop), each with its
 * index in that list, without making the list.  A relocation can stop a
 * slide only by taking a disc of its path or by putting one just beyond
 * its end, so for each disc and slide either every target may parry (the
 * disc lies on every path), or one target may (the cell beyond the ends
 * of the paths the disc is not on, when they share it), or none.
 */

/* The opponent's winning slides after slide s alone (no slide: s < 0). */
static int lines_after(const ng_pos *pos, const slideset *ss, int s,
                       win_line *w)
{
	ng_pos c = *pos;
	for (int k = 0; k < 3 && s >= 0; k++)
		if (c.tok[c.side][k] == ss->from[s])
			c.tok[c.side][k] = ss->to[s];
	return ng__win_lines(&c, c.side ^ 1, w);
}

enum { P_NONE = -2, P_ALL = -1 };   /* else the one target that may */

/* Which targets of disc d may stop every line w[0, n). */
static int parry_targets(const win_line *w, int n, int d)
{
	int beyond = P_ALL;
	for (int j = 0; j < n; j++) {
		if (ng__on_path(&w[j], d))
			continue;
		int b = w[j].end + w[j].step;
		if (beyond != P_ALL && beyond != b)
			return P_NONE;
		beyond = b;
	}
	return beyond;
}

/* Index of target t among d's targets tg, in the order listed. */
static int target_rank(const uint32_t *tg, int t)
{
	int r = 0;
	for (int y = 0; y < cell_y(t); y++)
		r += __builtin_popcount(tg[y]);
	return r + __builtin_popcount(tg[cell_y(t)] & ((1u << cell_x(t)) - 1));
}

/* Where the candidates go: f(ctx, move, index) until it returns 1. */
typedef struct parry_out {
	int (*f)(void *ctx, ng_move m, int index);
	void *ctx;
	int done;
} parry_out;

static void emit(parry_out *o, int sf, int st, int rf, int rt, int index)
{
	if (!o->done)
		o->done = o->f(o->ctx, (ng_move){ (uint16_t)sf, (uint16_t)st,
		                                  (uint16_t)rf, (uint16_t)rt }, index);
}

/* The moves of one removable disc d, whose moves in the full list start
 * at index base: for each target in order, the slides ok in order. */
static void disc_parries(const discinfo *di, const slideset *ss,
                         const uint8_t *ok, int nok, win_line (*w)[18],
                         const int *nw, int d, int base, parry_out *o)
{
	int which[18], all = 0;
	for (int s = 0; s < ss->n; s++) {
		which[s] = ok[s] ? parry_targets(w[s], nw[s], d) : P_NONE;
		all |= which[s] == P_ALL;
	}
	rows_t tg;
	ng__targets(di, d, tg);
	if (all) {   /* every target, as ng_generate lists them */
		int r = 0;
		for (int ty = 0; ty < NG_ROWS && !o->done; ty++)
			for (uint32_t tb = tg[ty]; tb && !o->done; tb &= tb - 1, r++) {
				int t = mk_cell(__builtin_ctz(tb), ty);
				for (int s = 0, k = 0; s < ss->n; s++) {
					if (!ok[s])
						continue;
					if (which[s] == P_ALL || which[s] == t)
						emit(o, ss->from[s], ss->to[s], d, t,
						     base + r * nok + k);
					k++;
				}
			}
		return;
	}
	/* one target at most a slide: put them in the list's order */
	int idx[18], sl[18], n = 0;
	for (int s = 0, k = 0; s < ss->n; s++) {
		if (!ok[s])
			continue;
		int t = which[s];
		if (t >= 0 && t < FRAME_CELLS && has(tg, t)) {
			int i = base + target_rank(tg, t) * nok + k, j = n++;
			for (; j > 0 && idx[j - 1] > i; j--) {
				idx[j] = idx[j - 1];
				sl[j] = sl[j - 1];
			}
			idx[j] = i;
			sl[j] = s;
		}
		k++;
	}
	for (int j = 0; j < n; j++)
		emit(o, ss->from[sl[j]], ss->to[sl[j]], d, which[sl[j]], idx[j]);
}

int ng__find_parry(const ng_pos *pos,
                   int (*f)(void *ctx, ng_move m, int index), void *ctx)
{
	if (ng__winner(pos) != NG_NONE)
		return 0;
	parry_out o = { f, ctx, 0 };
	slideset ss;
	slides_of(pos, &ss);
	discinfo di;
	ng__analyze(pos, &di);
	win_line w[18][18];
	int nw[18], total = 0;
	if (ss.n == 0) {   /* relocations alone, or a pass */
		nw[0] = lines_after(pos, &ss, -1, w[0]);
		slideset one = { 1, { NONE }, { NONE }, { 0 } };
		uint8_t ok1[1] = { 1 };
		rows_t base;
		untokened(pos, &di, base);
		for (int y = MARGIN; y <= di.ymax && !o.done; y++)
			for (uint32_t b = base[y]; b && !o.done; b &= b - 1) {
				int d = mk_cell(__builtin_ctz(b), y);
				disc_parries(&di, &one, ok1, 1, w, nw, d, total, &o);
				total += ng__ntargets(&di, d);
			}
		if (total == 0 && nw[0] == 0)
			emit(&o, NONE, NONE, NONE, NONE, 0);
		return o.done ? -1 : total ? total : 1;
	}
	for (int s = 0; s < ss.n; s++)
		nw[s] = lines_after(pos, &ss, s, w[s]);
	uint8_t any[18] = { 0 };
	for (int y = MARGIN; y <= di.ymax && !o.done; y++)
		for (uint32_t b = di.removable[y]; b && !o.done; b &= b - 1) {
			int d = mk_cell(__builtin_ctz(b), y);
			uint8_t ok[18];
			int nok = ok_slides(pos, &ss, d, ok);
			int nt = nok ? ng__ntargets(&di, d) : 0;
			if (!nt)
				continue;
			disc_parries(&di, &ss, ok, nok, w, nw, d, total, &o);
			for (int s = 0; s < ss.n; s++)
				any[s] |= ok[s];
			total += nt * nok;
		}
	for (int s = 0; s < ss.n && !o.done; s++)
		if (ss.wins[s] || !any[s]) {
			if (nw[s] == 0)
				emit(&o, ss.from[s], ss.to[s], NONE, NONE, total);
			total++;
		}
	return o.done ? -1 : total;
}

/* Play m on pos; with key, keep pos->key up to date (else it is 0). */
static inline void make(ng_pos *pos, ng_move m, int key)
{
	int side = pos->side;
	uint64_t k = pos->key;
	if (m.sf != NONE) {
		uint16_t *t = pos->tok[side];
		int i = t[0] == m.sf ? 0 : t[1] == m.sf ? 1 : 2;
		t[i] = m.st;
		if (key)
			k ^= ng__zobrist(Z_RED + side, m.sf) ^ ng__zobrist(Z_RED + side, m.st);
	}
	/* the lock is in the key only where it is a rule (see ng__rekey) */
	int keyed = key && pos->rules != NG_SIMPLE;
	if (pos->lock != NONE && keyed)
		k ^= ng__zobrist(Z_LOCK, pos->lock);
	pos->lock = NONE;
	if (m.rf != NONE) {
		clear_bit(pos->disc, m.rf);
		set_bit(pos->disc, m.rt);
		pos->lock = m.rt;
		if (key)
			k ^= ng__zobrist(Z_DISC, m.rf) ^ ng__zobrist(Z_DISC, m.rt);
		if (keyed)
			k ^= ng__zobrist(Z_LOCK, m.rt);
	}
	pos->side = (uint8_t)(side ^ 1);
	pos->key = key ? k ^ ng__zobrist(Z_SIDE, 0) : 0;
	if (m.rf != NONE && ng__align_frame(pos) && key)
		ng__rekey(pos);
}

void ng_make(ng_pos *pos, ng_move m, ng_undo *u)
{
	u->prev = *pos;
	make(pos, m, 1);
}

void ng__make_unkeyed(ng_pos *pos, ng_move m)
{
	make(pos, m, 0);
}

void ng_unmake(ng_pos *pos, const ng_undo *u)
{
	*pos = u->prev;
}

int ng_move_equal(ng_move a, ng_move b)
{
	return a.sf == b.sf && a.st == b.st && a.rf == b.rf && a.rt == b.rt;
}

/* ----------------------------------------------- reasons, part by part */

static int token_index(const ng_pos *pos, int side, int c)
{
	for (int k = 0; k < 3; k++)
		if (pos->tok[side][k] == c)
			return k;
	return -1;
}

static int any_token(const ng_pos *pos, int c)
{
	return token_index(pos, 0, c) >= 0 || token_index(pos, 1, c) >= 0;
}

/* The position after the slide part only (no side change). */
static void after_slide(ng_pos *p, int sf, int st)
{
	int k = token_index(p, p->side, sf);
	if (k >= 0)
		p->tok[p->side][k] = (uint16_t)st;
}

/* Why the disc on frame cell c cannot be taken in p (slide already made). */
static ng_err take_reason(const ng_pos *p, const discinfo *di, int c)
{
	if (c < 0 || !has(p->disc, c))
		return NG_ERR_NO_DISC;
	if (any_token(p, c))
		return NG_ERR_DISC_HAS_TOKEN;
	if (p->rules == NG_STANDARD && c == p->lock)
		return NG_ERR_DISC_LOCKED;
	if (has(di->cut, c))
		return NG_ERR_DISC_SPLITS;
	if (has(di->notfree, c))
		return NG_ERR_DISC_NOT_FREE;
	return NG_OK;
}

static ng_err place_reason(const ng_pos *p, int from, int to)
{
	if (to < 0)
		return NG_ERR_TARGET_CONTACT;
	if (to == from)
		return NG_ERR_TARGET_SAME;
	if (has(p->disc, to))
		return NG_ERR_TARGET_TAKEN;
	int k = 0;
	for (int i = 0; i < 6; i++) {
		int n = to + DELTA[i];
		k += n != from && n >= 0 && n < FRAME_CELLS && has(p->disc, n);
	}
	return k >= 2 ? NG_OK : NG_ERR_TARGET_CONTACT;
}

static int can_relocate(const ng_pos *p, const discinfo *di)
{
	for (int y = MARGIN; y <= di->ymax; y++)
		for (uint32_t b = di->removable[y]; b; b &= b - 1) {
			int d = mk_cell(__builtin_ctz(b), y);
			if (!any_token(p, d) && ng__ntargets(di, d) > 0)
				return 1;
		}
	return 0;
}

/* Direction of a straight line from a to b, or -1. */
static int direction(int a, int b)
{
	int dx = cell_x(b) - cell_x(a), dy = cell_y(b) - cell_y(a);
	for (int i = 0; i < 6; i++) {
		int k = DX[i] ? dx / DX[i] : dy / DY[i];
		if (k > 0 && dx == k * DX[i] && dy == k * DY[i])
			return i;
	}
	return -1;
}

static ng_err slide_reason(const ng_pos *pos, int sf, int st)
{
	if (sf < 0 || token_index(pos, pos->side, sf) < 0)
		return NG_ERR_NOT_YOUR_TOKEN;
	int i = st < 0 ? -1 : direction(sf, st);
	if (i < 0)
		return NG_ERR_NOT_A_SLIDE;
	int end = ng__slide_end(pos, sf, i);
	if (end == sf)
		return NG_ERR_SLIDE_BLOCKED;
	if (end == st)
		return NG_OK;
	/* st before end: stopped short; beyond: something is in the way */
	int dist_end = (cell_x(end) - cell_x(sf)) * DX[i] + (cell_y(end) - cell_y(sf)) * DY[i];
	int dist_st = (cell_x(st) - cell_x(sf)) * DX[i] + (cell_y(st) - cell_y(sf)) * DY[i];
	return dist_st < dist_end ? NG_ERR_SLIDE_SHORT : NG_ERR_SLIDE_BLOCKED;
}

ng_err ng_check_move(const ng_pos *pos, ng_move m)
{
	if (ng__winner(pos) != NG_NONE)
		return NG_ERR_GAME_OVER;
	if ((m.sf == NONE) != (m.st == NONE) || (m.rf == NONE) != (m.rt == NONE))
		return NG_ERR_SYNTAX;
	/* A move from a caller may hold anything: no cell past the frame. */
	const uint16_t cells[4] = { m.sf, m.st, m.rf, m.rt };
	for (int i = 0; i < 4; i++)
		if (cells[i] != NONE && cells[i] >= FRAME_CELLS)
			return NG_ERR_RANGE;
	ng_pos p = *pos;
	if (m.sf == NONE) {
		slideset ss;
		slides_of(pos, &ss);
		if (ss.n)
			return NG_ERR_MUST_SLIDE;
	} else {
		ng_err e = slide_reason(pos, m.sf, m.st);
		if (e)
			return e;
		after_slide(&p, m.sf, m.st);
		const uint16_t *t = p.tok[p.side];
		if (shape3(t[0], t[1], t[2]))
			return m.rf == NONE ? NG_OK : NG_ERR_WIN_ENDS_TURN;
	}
	discinfo di;
	ng__analyze(&p, &di);
	if (m.rf == NONE)
		return can_relocate(&p, &di) ? NG_ERR_MUST_RELOCATE : NG_OK;
	ng_err e = take_reason(&p, &di, m.rf);
	if (e)
		return e;
	return place_reason(&p, m.rf, m.rt);
}

ng_err ng_why_not_token(const ng_pos *pos, ng_cell from)
{
	if (ng__winner(pos) != NG_NONE)
		return NG_ERR_GAME_OVER;
	int f = ng__cell_of(pos, from);
	if (f < 0 || token_index(pos, pos->side, f) < 0)
		return NG_ERR_NOT_YOUR_TOKEN;
	for (int i = 0; i < 6; i++)
		if (ng__slide_end(pos, f, i) != f)
			return NG_OK;
	return NG_ERR_SLIDE_BLOCKED;
}

int ng_slide_targets(const ng_pos *pos, ng_cell from, ng_cell out[6])
{
	if (ng_why_not_token(pos, from) != NG_OK)
		return 0;
	int f = ng__cell_of(pos, from), n = 0;
	for (int i = 0; i < 6; i++) {
		int t = ng__slide_end(pos, f, i);
		if (t != f)
			out[n++] = ng__abs(pos, t);
	}
	return n;
}

ng_err ng_why_not_take(const ng_pos *pos, const ng_cell *sf,
                       const ng_cell *st, ng_cell c)
{
	if (ng__winner(pos) != NG_NONE)
		return NG_ERR_GAME_OVER;
	ng_pos p = *pos;
	if (sf && st) {
		int f = ng__cell_of(pos, *sf), t = ng__cell_of(pos, *st);
		ng_err e = slide_reason(pos, f, t);
		if (e)
			return e;
		after_slide(&p, f, t);
		const uint16_t *tk = p.tok[p.side];
		if (shape3(tk[0], tk[1], tk[2]))
			return NG_ERR_WIN_ENDS_TURN;
	}
	discinfo di;
	ng__analyze(&p, &di);
	return take_reason(&p, &di, ng__cell_of(&p, c));
}

int ng_place_targets(const ng_pos *pos, ng_cell from, ng_cell *out, int max)
{
	int f = ng__cell_of(pos, from);
	if (f < 0 || !has(pos->disc, f))
		return 0;
	discinfo di;
	ng__analyze(pos, &di);
	rows_t tg;
	ng__targets(&di, f, tg);
	int n = 0;
	for (int y = 0; y < NG_ROWS; y++)
		for (uint32_t b = tg[y]; b && n < max; b &= b - 1)
			out[n++] = ng__abs(pos, mk_cell(__builtin_ctz(b), y));
	return n;
}

ng_err ng_why_not_place(const ng_pos *pos, ng_cell from, ng_cell to)
{
	int f = ng__cell_of(pos, from);
	if (f < 0 || !has(pos->disc, f))
		return NG_ERR_NO_DISC;
	return place_reason(pos, f, ng__cell_of(pos, to));
}

int ng_movable_tokens(const ng_pos *pos, ng_cell out[3])
{
	ng_cell t[3];
	int n = 0;
	ng_pos_tokens(pos, (ng_side)pos->side, t);
	for (int k = 0; k < 3; k++)
		if (ng_why_not_token(pos, t[k]) == NG_OK)
			out[n++] = t[k];
	return n;
}

int ng_removable_discs(const ng_pos *pos, const ng_cell *sf,
                       const ng_cell *st, ng_cell out[NG_DISCS])
{
	ng_cell d[NG_DISCS];
	int nd = ng_pos_discs(pos, d), n = 0;
	for (int i = 0; i < nd; i++)
		if (ng_why_not_take(pos, sf, st, d[i]) == NG_OK)
			out[n++] = d[i];
	return n;
}
