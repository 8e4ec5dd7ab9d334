/* position.c - the position value: setup, frame alignment, hashing, queries. */
#include "internal.h"

/* A fixed pseudo-random 64-bit value per (kind, cell): splitmix64. */
uint64_t ng__zobrist(int kind, int cell)
{
	uint64_t z = (uint64_t)(kind * FRAME_CELLS + cell + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void ng__rekey(ng_pos *pos)
{
	uint64_t k = 0;
	for (int y = 0; y < NG_ROWS; y++)
		for (uint32_t b = pos->disc[y]; b; b &= b - 1)
			k ^= ng__zobrist(Z_DISC, mk_cell(__builtin_ctz(b), y));
	for (int i = 0; i < 3; i++) {
		k ^= ng__zobrist(Z_RED, pos->tok[0][i]);
		k ^= ng__zobrist(Z_BLUE, pos->tok[1][i]);
	}
	if (pos->lock != NG_NOCELL && pos->rules != NG_SIMPLE)
		k ^= ng__zobrist(Z_LOCK, pos->lock);
	if (pos->side)
		k ^= ng__zobrist(Z_SIDE, 0);
	pos->key = k;
}

/*
 * Move everything so that the discs' bounding box starts at (MARGIN,
 * MARGIN); 1 if anything moved (the key is then out of date).  A
 * relocation moves the box by at most one cell per axis, but this works
 * for any shift.
 */
int ng__align_frame(ng_pos *pos)
{
	/* The discs are connected, so their rows follow each other: only
	 * those are read (a few of NG_ROWS; this runs after every move). */
	int ymin = 0;
	while (ymin < NG_ROWS && !pos->disc[ymin])
		ymin++;
	int yend = ymin;
	uint32_t all = 0;
	while (yend < NG_ROWS && pos->disc[yend])
		all |= pos->disc[yend++];
	int xmin = __builtin_ctz(all);
	int dx = MARGIN - xmin, dy = MARGIN - ymin;
	if (!dx && !dy)
		return 0;
	rows_t nd;
	memset(nd, 0, sizeof nd);
	for (int y = ymin; y < yend; y++) {
		int ty = y + dy;
		if (ty >= 0 && ty < NG_ROWS)
			nd[ty] = dx >= 0 ? pos->disc[y] << dx : pos->disc[y] >> -dx;
	}
	memcpy(pos->disc, nd, sizeof nd);
	int delta = dy * 32 + dx;
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < 3; i++)
			pos->tok[s][i] = (uint16_t)(pos->tok[s][i] + delta);
	if (pos->lock != NG_NOCELL)
		pos->lock = (uint16_t)(pos->lock + delta);
	pos->oq -= dx;
	pos->or_ -= dy;
	return 1;
}

int ng__cell_of(const ng_pos *pos, ng_cell c)
{
	int64_t x = (int64_t)c.q - pos->oq, y = (int64_t)c.r - pos->or_;
	if (x < 0 || x >= 32 || y < 0 || y >= NG_ROWS)
		return -1;
	return mk_cell((int)x, (int)y);
}

ng_cell ng__abs(const ng_pos *pos, int c)
{
	ng_cell a = { cell_x(c) + pos->oq, cell_y(c) + pos->or_ };
	return a;
}

void ng_pos_start(ng_pos *pos, ng_rules rules)
{
	/* Absolute (q, r) = frame (x, y) + (-4, -4): the box -2..2 sits at 2..6. */
	static const int red[3][2] = { { 2, -2 }, { -2, 0 }, { 0, 2 } };
	static const int blue[3][2] = { { 0, -2 }, { 2, 0 }, { -2, 2 } };
	memset(pos, 0, sizeof *pos);
	pos->oq = -4;
	pos->or_ = -4;
	for (int r = -2; r <= 2; r++)
		for (int q = -2; q <= 2; q++)
			if (q + r >= -2 && q + r <= 2)
				set_bit(pos->disc, mk_cell(q + 4, r + 4));
	for (int i = 0; i < 3; i++) {
		pos->tok[0][i] = (uint16_t)mk_cell(red[i][0] + 4, red[i][1] + 4);
		pos->tok[1][i] = (uint16_t)mk_cell(blue[i][0] + 4, blue[i][1] + 4);
	}
	pos->lock = NG_NOCELL;
	pos->side = NG_RED;
	pos->rules = (uint8_t)(rules == NG_SIMPLE ? NG_SIMPLE : NG_STANDARD);
	ng__rekey(pos);
}

ng_side ng_pos_side(const ng_pos *pos) { return (ng_side)pos->side; }
ng_rules ng_pos_rules(const ng_pos *pos) { return (ng_rules)pos->rules; }

int ng_pos_discs(const ng_pos *pos, ng_cell out[19])
{
	int n = 0;
	for (int y = 0; y < NG_ROWS; y++)
		for (uint32_t b = pos->disc[y]; b && n < NDISCS; b &= b - 1)
			out[n++] = ng__abs(pos, mk_cell(__builtin_ctz(b), y));
	return n;
}

void ng_pos_tokens(const ng_pos *pos, ng_side side, ng_cell out[3])
{
	for (int i = 0; i < 3; i++)
		out[i] = ng__abs(pos, pos->tok[side ? 1 : 0][i]);
}

int ng_pos_lock(const ng_pos *pos, ng_cell *out)
{
	if (pos->lock == NG_NOCELL)
		return 0;
	if (out)
		*out = ng__abs(pos, pos->lock);
	return 1;
}

int ng_pos_has_disc(const ng_pos *pos, ng_cell c)
{
	int i = ng__cell_of(pos, c);
	return i >= 0 && has(pos->disc, i);
}

int ng_pos_token_at(const ng_pos *pos, ng_cell c)
{
	int i = ng__cell_of(pos, c);
	for (int s = 0; s < 2 && i >= 0; s++)
		for (int k = 0; k < 3; k++)
			if (pos->tok[s][k] == i)
				return s;
	return -1;
}

void ng_pos_bounds(const ng_pos *pos, ng_cell *min, ng_cell *max)
{
	uint32_t all = 0;
	for (int y = 0; y < NG_ROWS; y++)
		all |= pos->disc[y];
	int ymin = 0;
	while (ymin < NG_ROWS - 1 && !pos->disc[ymin])
		ymin++;
	int ymax = top_row(pos->disc);
	if (ymax < 0)
		ymax = ymin;
	if (!all)
		all = 1;
	min->q = __builtin_ctz(all) + pos->oq;
	min->r = ymin + pos->or_;
	max->q = 31 - __builtin_clz(all) + pos->oq;
	max->r = ymax + pos->or_;
}

ng_result ng__winner(const ng_pos *pos)
{
	/* The side that just moved is checked first: only it can have won in
	 * play; the other order matters only for set-up positions. */
	int last = pos->side ^ 1;
	if (shape3(pos->tok[last][0], pos->tok[last][1], pos->tok[last][2]))
		return last == NG_RED ? NG_RED_WINS : NG_BLUE_WINS;
	int cur = pos->side;
	if (shape3(pos->tok[cur][0], pos->tok[cur][1], pos->tok[cur][2]))
		return cur == NG_RED ? NG_RED_WINS : NG_BLUE_WINS;
	return NG_NONE;
}

ng_result ng_pos_winner(const ng_pos *pos) { return ng__winner(pos); }

int ng_pos_winning_cells(const ng_pos *pos, ng_cell out[3])
{
	ng_result w = ng__winner(pos);
	if (w == NG_NONE)
		return 0;
	ng_pos_tokens(pos, w == NG_RED_WINS ? NG_RED : NG_BLUE, out);
	return 3;
}

static int same_set(const uint16_t *a, const uint16_t *b)
{
	for (int i = 0; i < 3; i++)
		if (a[i] != b[0] && a[i] != b[1] && a[i] != b[2])
			return 0;
	return 1;
}

int ng_pos_same(const ng_pos *a, const ng_pos *b)
{
	/* Aligned frames: equal up to translation means equal in the frame.
	 * Under the simple rules the lock forbids nothing, so it is kept (the
	 * notation shows it) but not part of what makes positions the same. */
	return a->key == b->key && a->side == b->side &&
	       (a->lock == b->lock || a->rules == NG_SIMPLE) &&
	       !memcmp(a->disc, b->disc, sizeof a->disc) &&
	       same_set(a->tok[0], b->tok[0]) && same_set(a->tok[1], b->tok[1]);
}

int ng_pos_threats(const ng_pos *pos, ng_side side)
{
	return ng__winning_slides(pos, side ? 1 : 0, 0);
}
