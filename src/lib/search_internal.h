/* search_internal.h - what the search, the evaluation and the levels share. */
#ifndef NG_SEARCH_INTERNAL_H
#define NG_SEARCH_INTERNAL_H

#include "internal.h"
#include <stdlib.h>

/* The evaluation's terms (eval.c says what each is) and their weights. */
enum { NG_TERMS = 7 };
typedef struct ng_weights {
	int w[NG_TERMS];   /* pair, spread, threat, mobility, tempo, pass, stuck */
} ng_weights;

int ng__evaluate(const ng_pos *pos, const ng_weights *w);
/* The terms of pos for the side to move, in the weights' order. */
void ng__eval_terms(const ng_pos *pos, int t[NG_TERMS]);
int ng__evaluate_with(const ng_pos *pos, const slide_stats *st,
                      const ng_weights *w);
/* Each side's counts behind the terms: pairs, spread (the sum of the
 * distances), threats, slides, passes, stuck tokens; d[0..5] the side
 * to move's, d[6..11] the opponent's (the learned evaluation's dense
 * inputs, net.c). */
void ng__eval_sides(const ng_pos *pos, const slide_stats *st, int d[12]);
int ng__token_spread(const ng_pos *pos, int side);
int ng__token_pairs(const ng_pos *pos, int side);

/* A small deterministic generator (xorshift64*), one per searcher. */
static inline uint64_t ng__rand(uint64_t *state)
{
	uint64_t x = *state ? *state : 0x9e3779b97f4a7c15ull;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* Level 1: the original web AI's one-ply heuristic. */
ng_move ng__webai_move(const ng_pos *pos, uint64_t *rng);

#endif
