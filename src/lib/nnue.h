/*
 * nnue.h - the learned evaluation (nnue.c; its weights nnue_weights.c, made
 * by `make train', test/train.c).
 *
 * A position is seen as sparse features in a frame that moves with the
 * board: every disc, every token of the side to move, every token of the
 * opponent and the lock, each by its cell relative to the discs' centre
 * of mass (rounded), clamped to an 11 x 11 window (about 26 features
 * set), and a few dense counts the search has at hand (eval.c's terms
 * for each side).  One hidden layer of NNUE_HIDDEN units, clipped ReLU,
 * then one output, added to a linear form of eval.c's terms:
 *
 *   value = lin . terms + sum_j v_j * clamp(acc_j, 0, NNUE_QA) / (NNUE_QA * NNUE_QV)
 *   acc_j = b_j + sum_{f set} w[f][j] + sum_k u[k][j] * dense_k
 *
 * in integers (int16 weights and accumulators, in units of 1/NNUE_QA:
 * the trainer clips the weights so that no sum can leave int16), in
 * search.c's centi-units from the side to move's view.  The weights are
 * const data: the threads share them, nothing is written.
 */
#ifndef NG_NNUE_H
#define NG_NNUE_H

#include "search_internal.h"
#include <stdint.h>

enum {
	NNUE_SIDE = 11,                       /* the window's side, cells */
	NNUE_CELLS = NNUE_SIDE * NNUE_SIDE,
	NNUE_KINDS = 4,                       /* disc, own token, opponent's, lock */
	NNUE_FEATURES = NNUE_KINDS * NNUE_CELLS,
	NNUE_MAX_SET = NG_DISCS + 6 + 1,      /* features set at once, at most */
	NNUE_DENSE = 12,                      /* eval.c's six counts, each side */
	NNUE_HIDDEN = 64,
	NNUE_QA = 64,                         /* an activation of 1.0 */
	NNUE_QV = 16                          /* output weights' units a centi-unit */
};

typedef struct ng_nnue {
	int16_t w[NNUE_FEATURES][NNUE_HIDDEN];
	int16_t u[NNUE_DENSE][NNUE_HIDDEN];
	int16_t b[NNUE_HIDDEN];
	int16_t v[NNUE_HIDDEN];
	ng_weights lin;                      /* eval.c's terms, as NG_WEIGHTS */
} ng_nnue;

/* The frame features are read in (nnue.c): the discs' centre, the offset
 * that makes a cell's index relative to it, and whether every disc is in
 * the window (else each cell is clamped to its edge). */
typedef struct nnue_frame { int cx, cy, off, inside, valid; } nnue_frame;

/*
 * The discs' part of the sums, for the children of one node that relocate
 * the same disc to the same cell (so have the same discs, in the same
 * frame): the search's ordering and frontier evaluate a node's children in
 * turn, grouped by relocation.  Clear `ready' for each node.
 */
typedef struct nnue_discs {
	int ready;
	uint32_t key;                 /* the relocation's cells */
	nnue_frame fr;
	int16_t acc[NNUE_HIDDEN];     /* the bias and the discs' rows */
} nnue_discs;

/* The weights of today (nnue_weights.c, generated). */
extern const ng_nnue ng__nnue;

/* The features set in pos, for the side to move: their indices in f
 * (room for NNUE_MAX_SET); returns how many. */
int ng__nnue_features(const ng_pos *pos, int *f);
/* The dense inputs: pairs, spread, threats, slides, passes, stuck
 * tokens, of the side to move then of the opponent. */
void ng__nnue_dense(const ng_pos *pos, const slide_stats *st, int d[NNUE_DENSE]);
/* pos's value by net n (st: ng__slide_stats of pos). */
int ng__nnue_evaluate(const ng_pos *pos, const slide_stats *st, const ng_nnue *n);
/* The same for the child pos of a node by move m, the discs' part from dc
 * when an earlier child had m's relocation (kept in dc otherwise). */
int ng__nnue_evaluate_child(const ng_pos *pos, const slide_stats *st,
                            const ng_nnue *n, nnue_discs *dc, ng_move m);

#endif
