/*
 * searcher.h - the searcher's state, shared by its life and settings
 * (searcher.c), the tree search (search.c), the root of the search
 * (search_root.c) and the helper threads (search_threads.c).
 */
#ifndef NG_SEARCHER_H
#define NG_SEARCHER_H

#include "search_internal.h"
#include "nnue.h"
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define MAX_PLY 64
#define INF 32000

/*
 * A table entry, shared by the threads of a search without locks: three
 * words written and read one at a time (relaxed atomics), the first being
 * the position's key xor the other two.  An entry torn by two threads
 * writing at once no longer matches its key and is not used.
 */
typedef struct tt_entry {
	_Atomic uint64_t check;  /* key ^ move ^ data */
	_Atomic uint64_t move;   /* the ng_move's four cells */
	_Atomic uint64_t data;   /* score 0-15, depth 16-23, flag 24-27 (1
	                          * lower bound, 2 upper, 3 exact), level
	                          * 28-31, age 32-63 */
} tt_entry;

/* An entry's fields, as read. */
typedef struct tt_data {
	ng_move move;
	int score, depth, flag;
	uint32_t age;
} tt_data;

/*
 * A node's moves shared by the threads (search.c, split; the helpers'
 * side in search_threads.c): once the searcher's own thread has valued
 * the node's first move, every thread takes the next move not yet taken
 * and values it against the best so far.  Only the searcher's own thread
 * posts jobs, one at a time, and waits until every helper has left one
 * before it goes on.  The fields after `next' are under mu; the others
 * are written before the job is posted and only read while it runs.
 */
typedef struct split_job {
	pthread_mutex_t mu;
	pthread_cond_t wake;     /* a new job, or the run's end */
	pthread_cond_t idle;     /* the last helper has left the job */
	unsigned gen;            /* jobs posted in this searcher's life */
	int busy;                /* helpers not yet out of the job */
	const uint64_t *keys;    /* the path to pos (game history first) */
	int nkeys;
	const ng_pos *pos;
	const ng_move *moves;
	const int *sc;           /* ordering scores, for reductions, or NULL */
	const int *noise;        /* the root's noise, or NULL */
	int n, first, depth, ply, beta;
	atomic_int next;         /* the next move to take */
	int alpha, best, bi;     /* the best value so far and its move's
	                          * index (-1: none better than at the post) */
} split_job;

struct ng_search {
	int level;
	uint64_t rng;
	int hash_mb;
	atomic_int stop;         /* ng_search_stop: set from any thread */
	const atomic_int *halt;  /* a helper: its run's end (its searcher's
	                          * helpers_halt) */
	tt_entry *tt;            /* shared by the helpers, owned by the first */
	size_t tt_mask;
	uint32_t age;
	int threads;             /* ng_search_set_threads */
	ng_eval eval;            /* ng_search_set_eval */
	struct ng_helper *helpers;  /* threads - 1 of them, or NULL */
	atomic_int helpers_halt; /* set when the main search ends */
	split_job job;           /* moves shared with the helpers */
	int helpers_live;        /* helpers running in this run */
	int in_job;              /* taking a job's moves: no split inside */
	_Atomic int64_t counted; /* a helper: its nodes so far, published now
	                          * and then for the main search's progress */
	_Atomic int64_t spent;   /* the main search: every thread's nodes as
	                          * each last added them, against node_limit */
	_Atomic int64_t *budget; /* the main search's spent (its own or, for a
	                          * helper, its searcher's) */
	int64_t added;           /* own nodes already added to *budget */

	/* per run */
	int64_t nodes, node_limit;
	struct timespec t0;
	int64_t deadline_ms;
	int stopped, threat_check;
	int nnue;                /* the learned evaluation (nnue.c), not eval.c's */
	int64_t root_taken;      /* moves of shared nodes it valued (search.c,
	                          * split) at the root and below, for tests */
	int64_t line_taken;
	uint64_t *keys;          /* game history then search path */
	int nkeys;
	ng_movelist *lists;      /* one per ply (a helper's: made at its
	                          * first run, not when the threads are set) */
	int *order;              /* ordering scores, one list per ply */
	ng_move killer[MAX_PLY][2];   /* moves that cut off at this ply */
};

/* The evaluation's weights (search.c). */
extern const ng_weights ng__weights;

/* The value of a quiet pos for its side to move (st: its slide stats):
 * the learned evaluation where the run uses it, else eval.c's. */
static inline int ng__eval_node(const ng_search *s, const ng_pos *pos,
                                const slide_stats *st)
{
	return s->nnue ? ng__nnue_evaluate(pos, st, &ng__nnue) :
	                ng__evaluate_with(pos, st, &ng__weights);
}

/* The same for a child c of a node by move m, where the node's children
 * are valued in turn: dc keeps the net's sums over the discs from one
 * child to the next with the same relocation (nnue.h). */
static inline int ng__eval_child(const ng_search *s, const ng_pos *c,
                                 const slide_stats *st, nnue_discs *dc,
                                 ng_move m)
{
	return s->nnue ? ng__nnue_evaluate_child(c, st, &ng__nnue, dc, m) :
	                ng__evaluate_with(c, st, &ng__weights);
}

/* Milliseconds since the run started. */
int64_t ng__elapsed_ms(const ng_search *s);
/* Every thread's nodes of this run so far (search.c), adding this
 * thread's own: what node_limit is held against. */
int64_t ng__nodes_spent(ng_search *s);
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

/*
 * The helper threads of a search.  searcher.c owns them: it makes and
 * frees each helper and its searcher with the searcher's own
 * (ng_search_new, ng_search_set_threads, ng_search_free).
 * search_threads.c only runs them: started on the root before the main
 * search deepens, stopped after (returning the nodes they searched); each
 * run gives them the table as it is then, and between they take the
 * jobs search.c posts.
 */
typedef struct ng_helper {
	ng_search *w;       /* a searcher of its own, on the shared table */
	pthread_t thread;
	int running;
	struct ng_search *main;   /* whose jobs it takes */
	unsigned seen;            /* the last job it took */
} ng_helper;

void ng__helpers_start(ng_search *s);
/* Share moves [0, n) of pos between the threads, every one valued with
 * the window (*alpha, beta) as it stands when taken; the best value and
 * move come back in *best and *bm (unchanged when none is better), and
 * *alpha follows.  first is the index of moves[0] in the node's order,
 * for reductions with sc (NULL: none); noise is the root's or NULL.
 * Returns 1 on a cut-off.  With no helper running, the searcher's own
 * thread values them all, in order. */
int ng__split(ng_search *s, const ng_pos *pos, const ng_move *moves,
              const int *sc, const int *noise, int n, int first, int depth,
              int ply, int *alpha, int beta, int *best, ng_move *bm);
/* A helper's part of the job its searcher posted (search.c). */
void ng__job_take(ng_search *t, split_job *j);
int64_t ng__helpers_stop(ng_search *s);
/* The nodes the running helpers have published so far (a little behind
 * their own counts), for the progress of a run still going. */
int64_t ng__helpers_nodes(const ng_search *s);
/* A searcher's per-ply buffers (lists, order), if it has none yet: 0 when
 * out of memory. */
int ng__searcher_buffers(ng_search *s);

#endif
