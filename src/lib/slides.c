/* slides.c - a token slides in a straight line as far as it can (see
 * nonaga(6), RULES, A turn). */
#include "internal.h"

/* Discs without a token: the cells a slide may pass over and stop on. */
static void open_cells(const ng_pos *pos, uint32_t *open)
{
	memcpy(open, pos->disc, sizeof(rows_t));
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 3; k++)
			clear_bit(open, pos->tok[s][k]);
}

static int walk(const uint32_t *open, int from, int i)
{
	int c = from, d = DELTA[i];
	while (has(open, c + d))
		c += d;
	return c;
}

int ng__slide_end(const ng_pos *pos, int from, int i)
{
	rows_t open;
	open_cells(pos, open);
	return walk(open, from, i);
}

int ng__slides(const ng_pos *pos, uint16_t *from, uint16_t *to)
{
	rows_t open;
	open_cells(pos, open);
	int n = 0;
	for (int k = 0; k < 3; k++) {
		int f = pos->tok[pos->side][k];
		for (int i = 0; i < 6; i++) {
			int t = walk(open, f, i);
			if (t != f) {
				from[n] = (uint16_t)f;
				to[n] = (uint16_t)t;
				n++;
			}
		}
	}
	return n;
}

/* For each token, the other two (OTHERS[k][0], OTHERS[k][1]). */
static const int OTHERS[3][2] = { { 1, 2 }, { 2, 0 }, { 0, 1 } };

/* Would a token at c make the winning shape with a and b, where ab says
 * whether a and b touch (shape3 with that part worked out once)? */
static inline int wins_at(int c, int a, int b, int ab)
{
	return adjacent(c, a) + adjacent(c, b) + ab >= 2;
}

/* Is there any cell where a token would win with a and b (wins_at)?  Only
 * when they touch, or are two steps apart (a cell touches both).  Else
 * the token's slides need not be walked to know that none wins or passes
 * a winning cell: only their first steps count.  (Narrowing it further,
 * to the slides on a line through the cells touching both, saved no
 * instructions: the walks it spares are short.) */
static inline int can_win(int a, int b, int ab)
{
	return ab || hex_distance(a, b) == 2;
}

/* The winning slides of `side', each into w when w is not NULL; the
 * count, or 1 at the first with stop_at_first. */
static inline int win_scan(const ng_pos *pos, int side, win_line *w,
                           int stop_at_first)
{
	rows_t open;
	open_cells(pos, open);
	const uint16_t *t = pos->tok[side];
	int n = 0;
	for (int k = 0; k < 3; k++) {
		int a = t[OTHERS[k][0]], b = t[OTHERS[k][1]], ab = adjacent(a, b);
		if (!can_win(a, b, ab))
			continue;
		for (int i = 0; i < 6; i++) {
			int e = walk(open, t[k], i);
			if (e == t[k] || !wins_at(e, a, b, ab))
				continue;
			if (w)
				w[n] = (win_line){ (int16_t)t[k], (int16_t)DELTA[i],
				                   (int16_t)e };
			n++;
			if (stop_at_first)
				return n;
		}
	}
	return n;
}

int ng__winning_slides(const ng_pos *pos, int side, int stop_at_first)
{
	return win_scan(pos, side, NULL, stop_at_first);
}

int ng__win_lines(const ng_pos *pos, int side, win_line *w)
{
	return win_scan(pos, side, w, 0);
}

/* A slide's result depends only on the discs of its path (which a
 * relocation may take: it stops sooner) and the empty cell beyond its end
 * (where one may be put: it goes further); the tokens, which make the win,
 * do not move in a relocation. */
int ng__may_stop(const win_line *w, int n, int rf, int rt)
{
	for (int j = 0; j < n; j++) {
		if (rf == NG_NOCELL ||
		    (!ng__on_path(&w[j], rf) && rt != w[j].end + w[j].step))
			return 0;
	}
	return 1;
}

/* One side's part of slide_stats (below). */
static inline void side_stats(const uint32_t *open, const ng_pos *pos,
                              int side, slide_stats *st)
{
	const uint16_t *t = pos->tok[side];
	int moves = 0, wins = 0, passes = 0, stuck = 0;
	for (int k = 0; k < 3; k++) {
		int a = t[OTHERS[k][0]], b = t[OTHERS[k][1]];
		int ab = adjacent(a, b), from = moves, walks = can_win(a, b, ab);
		for (int i = 0; i < 6; i++) {
			int c = t[k], d = DELTA[i];
			if (!has(open, c + d))
				continue;
			moves++;
			if (!walks)
				continue;
			c += d;
			while (has(open, c + d)) {
				passes += wins_at(c, a, b, ab);
				c += d;
			}
			wins += wins_at(c, a, b, ab);
		}
		stuck += moves == from;
	}
	st->moves[side] = moves;
	st->wins[side] = wins;
	st->passes[side] = passes;
	st->stuck[side] = stuck;
}

/*
 * Both sides' slides, winning slides, "passes" (winning cells a slide
 * crosses without stopping: a relocation that puts a stop behind one
 * makes it a threat) and stuck tokens (no slide at all), each as if that
 * side were to move.
 */
void ng__slide_stats(const ng_pos *pos, slide_stats *st)
{
	rows_t open;
	open_cells(pos, open);
	side_stats(open, pos, 0, st);
	side_stats(open, pos, 1, st);
}

int ng__child_stats(const ng_pos *pos, slide_stats *st)
{
	rows_t open;
	open_cells(pos, open);
	side_stats(open, pos, pos->side, st);
	if (st->wins[pos->side])
		return 1;
	side_stats(open, pos, pos->side ^ 1, st);
	return 0;
}
