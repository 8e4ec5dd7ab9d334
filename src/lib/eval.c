/*
 * eval.c - the static evaluation: how good a quiet position is for the side
 * to move.  "Quiet" means the side to move has no winning slide (that is a
 * win, scored by the search) and any threat of the opponent can be parried
 * (the search's threat check sees to that).
 *
 * Terms, each the side to move's count minus the opponent's:
 *   pairs      adjacent token pairs (one pair is half a win)
 *   spread     minus the sum of the three pairwise hex distances
 *   threats    slides that would win if it were that side's turn
 *   mobility   slides available
 *   tempo      1: having the move
 *   passes     winning cells a slide crosses without stopping there (a
 *              relocation that makes a stop behind one makes a threat)
 *   stuck      minus the tokens that cannot slide
 * The value is their sum weighted by NG_WEIGHTS (search.c), which test/
 * texel.c fits to the results of engine games (make texel).
 */
#include "internal.h"
#include "search_internal.h"

static int hexdist(int a, int b)
{
	int dx = cell_x(b) - cell_x(a), dy = cell_y(b) - cell_y(a);
	int s = dx + dy;
	return (abs(dx) + abs(dy) + abs(s)) / 2;
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

static inline void terms(const ng_pos *pos, const slide_stats *st,
                         int t[NG_TERMS])
{
	int me = pos->side, op = me ^ 1;
	t[0] = ng__token_pairs(pos, me) - ng__token_pairs(pos, op);
	t[1] = ng__token_spread(pos, op) - ng__token_spread(pos, me);
	t[2] = st->wins[me] - st->wins[op];
	t[3] = st->moves[me] - st->moves[op];
	t[4] = 1;
	t[5] = st->passes[me] - st->passes[op];
	t[6] = st->stuck[op] - st->stuck[me];
}

void ng__eval_terms(const ng_pos *pos, int t[NG_TERMS])
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	terms(pos, &st, t);
}

int ng__evaluate_with(const ng_pos *pos, const slide_stats *st,
                      const ng_weights *w)
{
	int t[NG_TERMS], v = 0;
	terms(pos, st, t);
	for (int i = 0; i < NG_TERMS; i++)
		v += w->w[i] * t[i];
	return v;
}

int ng__evaluate(const ng_pos *pos, const ng_weights *w)
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	return ng__evaluate_with(pos, &st, w);
}
