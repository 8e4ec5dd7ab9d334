/*
 * eval.c - the static evaluation: how good a quiet position is for the side
 * to move.  "Quiet" means the side to move has no winning slide (that is a
 * win, scored by the search) and any threat of the opponent can be parried
 * (the search's threat check sees to that).
 *
 * Terms, for each side, difference taken:
 *   pairs      adjacent token pairs (one pair is half a win)
 *   spread     sum of the three pairwise hex distances (small is good)
 *   threats    slides that would win if it were that side's turn
 *   mobility   slides available
 */
#include "internal.h"
#include "search_internal.h"

static int hexdist(int a, int b)
{
	int dx = cell_x(b) - cell_x(a), dy = cell_y(b) - cell_y(a);
	int s = dx + dy;
	return (abs(dx) + abs(dy) + abs(s)) / 2;
}

static int side_terms(const ng_pos *pos, const slide_stats *st, int side,
                      const ng_weights *w)
{
	const uint16_t *t = pos->tok[side];
	int pairs = adjacent(t[0], t[1]) + adjacent(t[0], t[2]) + adjacent(t[1], t[2]);
	int spread = hexdist(t[0], t[1]) + hexdist(t[0], t[2]) + hexdist(t[1], t[2]);
	return w->pair * pairs - w->spread * spread + w->threat * st->wins[side] +
	       w->mobility * st->moves[side];
}

int ng__evaluate_with(const ng_pos *pos, const slide_stats *st,
                      const ng_weights *w)
{
	int me = pos->side, op = me ^ 1;
	return side_terms(pos, st, me, w) - side_terms(pos, st, op, w) + w->tempo;
}

int ng__evaluate(const ng_pos *pos, const ng_weights *w)
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	return ng__evaluate_with(pos, &st, w);
}

int ng__token_spread(const ng_pos *pos, int side)
{
	const uint16_t *t = pos->tok[side];
	return hexdist(t[0], t[1]) + hexdist(t[0], t[2]) + hexdist(t[1], t[2]);
}

int ng__token_pairs(const ng_pos *pos, int side)
{
	const uint16_t *t = pos->tok[side];
	return adjacent(t[0], t[1]) + adjacent(t[0], t[2]) + adjacent(t[1], t[2]);
}
