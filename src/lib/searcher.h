/*
 * searcher.h - the searcher's state, shared by the tree search (search.c)
 * and the root of the search (search_root.c).
 */
#ifndef NG_SEARCHER_H
#define NG_SEARCHER_H

#include "search_internal.h"
#include <stdatomic.h>
#include <time.h>

#define MAX_PLY 64
#define INF 32000
#define MATE_BOUND (NG_MATE - 1000)

typedef struct tt_entry {
	uint64_t key;
	ng_move move;
	int16_t score;
	int8_t depth;
	uint8_t flag;    /* 1 lower bound, 2 upper bound, 3 exact */
	uint32_t age;
} tt_entry;

struct ng_search {
	int level;
	uint64_t rng;
	int hash_mb;
	atomic_int stop;         /* ng_search_stop: set from any thread */
	tt_entry *tt;
	size_t tt_mask;
	uint32_t age;

	/* per run */
	int64_t nodes, node_limit;
	struct timespec t0;
	int64_t deadline_ms;
	int stopped, threat_check;
	uint64_t *keys;          /* game history then search path */
	int nkeys;
	ng_movelist *lists;      /* one per ply */
	int *order;              /* ordering scores, one list per ply */
	ng_move killer[MAX_PLY][2];   /* moves that cut off at this ply */
};

/* The evaluation's weights (search.c). */
extern const ng_weights ng__weights;

/* Milliseconds since the run started. */
int64_t ng__elapsed_ms(const ng_search *s);
/* Search pos (reached at turn ply from the root, its key already on the
 * path) to depth within (alpha, beta); from the side to move's view. */
int ng__search(ng_search *s, const ng_pos *pos, int depth, int alpha,
               int beta, int ply);
/* A child's value v for move m at a node with the window (*alpha, beta):
 * 0 no better than *best, 1 a new best (*best, *bm, *alpha updated), 2 a
 * cut-off (m is made a killer at ply). */
int ng__better(ng_search *s, int ply, ng_move m, int v, int *best,
               ng_move *bm, int *alpha, int beta);
/* Sort moves [0, n) by score, best first, keeping ties in order. */
void ng__sort_moves(ng_move *m, int *sc, int n);
/* The table's move for pos, if it has one: 1 and *m, else 0. */
int ng__tt_move(const ng_search *s, const ng_pos *pos, ng_move *m);

#endif
