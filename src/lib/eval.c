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

int ng__token_spread(const ng_pos *pos, int side)
{
	const uint16_t *t = pos->tok[side];
	return hex_distance(t[0], t[1]) + hex_distance(t[0], t[2]) + hex_distance(t[1], t[2]);
}

int ng__token_pairs(const ng_pos *pos, int side)
{
	const uint16_t *t = pos->tok[side];
	return adjacent(t[0], t[1]) + adjacent(t[0], t[2]) + adjacent(t[1], t[2]);
}

/* One side's tokens, in one pass over their three pairs: the pairs that
 * touch and the sum of the distances (a pair touches when its distance is
 * 1; a board of 19 discs spans far less than a row of the frame, so no
 * pair wraps around it). */
static inline void shape(const uint16_t *t, int *pairs, int *spread)
{
	int d01 = hex_distance(t[0], t[1]), d02 = hex_distance(t[0], t[2]),
	    d12 = hex_distance(t[1], t[2]);
	*pairs = (d01 == 1) + (d02 == 1) + (d12 == 1);
	*spread = d01 + d02 + d12;
}

static inline void terms(const ng_pos *pos, const slide_stats *st,
                         int t[NG_TERMS])
{
	int me = pos->side, op = me ^ 1, pm, sm, po, so;
	shape(pos->tok[me], &pm, &sm);
	shape(pos->tok[op], &po, &so);
	t[0] = pm - po;
	t[1] = so - sm;
	t[2] = st->wins[me] - st->wins[op];
	t[3] = st->moves[me] - st->moves[op];
	t[4] = 1;
	t[5] = st->passes[me] - st->passes[op];
	t[6] = st->stuck[op] - st->stuck[me];
}

void ng__eval_sides(const ng_pos *pos, const slide_stats *st, int d[12])
{
	for (int k = 0; k < 2; k++) {
		int side = pos->side ^ k, *e = d + 6 * k;
		shape(pos->tok[side], &e[0], &e[1]);
		e[2] = st->wins[side];
		e[3] = st->moves[side];
		e[4] = st->passes[side];
		e[5] = st->stuck[side];
	}
}

void ng__eval_terms(const ng_pos *pos, int t[NG_TERMS])
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	terms(pos, &st, t);
}

/* The search's hot path: the terms' dot product with the weights, written
 * out (ng__eval_terms gives the same terms to test/texel.c). */
int ng__evaluate_with(const ng_pos *pos, const slide_stats *st,
                      const ng_weights *w)
{
	int t[NG_TERMS];
	terms(pos, st, t);
	_Static_assert(NG_TERMS == 7, "one product a term");
	return w->w[0] * t[0] + w->w[1] * t[1] + w->w[2] * t[2] +
	       w->w[3] * t[3] + w->w[4] * t[4] + w->w[5] * t[5] +
	       w->w[6] * t[6];
}

int ng__evaluate(const ng_pos *pos, const ng_weights *w)
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	return ng__evaluate_with(pos, &st, w);
}
