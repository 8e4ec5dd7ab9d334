/*
 * search.c - the computer opponent: iterative-deepening principal-variation
 * alpha-beta over whole turns, with a transposition table keyed on the
 * position up to translation, and two tactical rules that make the horizon
 * sharp:
 *
 *   - a side to move that has a winning slide has won (checked before
 *     anything else, at every node), so a move that leaves the opponent a
 *     winning slide is a loss and is never searched further;
 *   - at the horizon, if the opponent threatens a winning slide, the side to
 *     move must have a move that removes every such threat, or it has lost.
 *     That finds every forced win in two at depth 1.
 *
 * Scores are in centi-units from the side to move's view; a win found at
 * turn `ply' from the root scores NG_MATE - ply.
 */
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

enum { TT_LOWER = 1, TT_UPPER = 2, TT_EXACT = 3 };

/* What each level does; level 1 is the web heuristic (webai.c). */
typedef struct level_spec {
	int depth;          /* maximum depth in whole turns */
	int movetime_ms;    /* default time per move */
	int noise;          /* random spread added at the root */
	int threat_check;   /* horizon threat check on/off */
	int blunder;        /* percent of moves chosen at random among those
	                     * that do not lose at once */
} level_spec;

/* Each level adds one thing to the one below: less randomness, the threat
 * check, then depth and time.  A turn deeper costs about eight times the
 * time (depth 3 takes hundredths of a second a move, depth 4 tenths, depth
 * 5 seconds) and gains less each time: depth 4 against depth 3 scored only
 * 60% in 100 games, too close to tell apart at a price a match can pay.
 * So levels 8 and 9 both search to depth 3, 8 with some random moves, and
 * the top level's 5 s take it one or two turns deeper than level 9.
 * `make match' measures each step (README, Computer opponent). */
static const level_spec LEVELS[NG_LEVEL_MAX + 1] = {
	[1] = { 0, 0, 0, 0, 0 },
	[2] = { 1, 1000, 40, 0, 35 },
	[3] = { 1, 1000, 20, 0, 0 },
	[4] = { 1, 1000, 0, 1, 0 },
	[5] = { 2, 1000, 20, 1, 15 },
	[6] = { 2, 1000, 10, 1, 5 },
	[7] = { 2, 2000, 0, 1, 0 },
	[8] = { 3, 2000, 0, 1, 10 },
	[9] = { 3, 2000, 0, 1, 0 },
	[10] = { MAX_PLY - 4, 5000, 0, 1, 0 },
};

/* Evaluation weights: pair, spread, threat, mobility, tempo.  A build
 * with -DNG_WEIGHTS=... is for tuning matches only. */
#ifndef NG_WEIGHTS
#define NG_WEIGHTS { 40, 12, 60, 3, 5 }
#endif
static const ng_weights WEIGHTS = NG_WEIGHTS;

struct ng_search {
	int level;
	uint64_t seed, rng;
	int hash_mb;
	atomic_int stop;
	tt_entry *tt;
	size_t tt_mask;
	uint32_t age;

	/* per run */
	int64_t nodes, node_limit;
	struct timespec t0;
	int64_t deadline_ms;
	int stopped, threat_check;
	uint64_t *keys;          /* game history then search path */
	int nkeys, hist_keys;
	ng_movelist *lists;      /* one per ply */
	int *order;              /* ordering scores, one list per ply */
	ng_move killer[MAX_PLY][2];   /* moves that cut off at this ply */
};

/* ------------------------------------------------------------ settings */

static int tt_alloc(ng_search *s, int mb)
{
	size_t n = 1;
	while (n * 2 * sizeof(tt_entry) <= (size_t)mb << 20)
		n *= 2;
	tt_entry *t = calloc(n, sizeof *t);
	if (!t)
		return 0;
	free(s->tt);
	s->tt = t;
	s->tt_mask = n - 1;
	s->hash_mb = mb;
	return 1;
}

ng_search *ng_search_new(void)
{
	ng_search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->level = 5;
	s->lists = malloc(sizeof *s->lists * MAX_PLY);
	s->order = malloc(sizeof *s->order * MAX_PLY * NG_MAX_MOVES);
	if (!s->lists || !s->order || !tt_alloc(s, 64)) {
		ng_search_free(s);
		return NULL;
	}
	return s;
}

void ng_search_free(ng_search *s)
{
	if (!s)
		return;
	free(s->tt);
	free(s->lists);
	free(s->order);
	free(s->keys);
	free(s);
}

ng_err ng_search_set_level(ng_search *s, int level)
{
	if (level < NG_LEVEL_MIN || level > NG_LEVEL_MAX)
		return NG_ERR_RANGE;
	s->level = level;
	return NG_OK;
}

int ng_search_level(const ng_search *s) { return s->level; }

void ng_search_set_seed(ng_search *s, uint64_t seed)
{
	s->seed = seed;
	s->rng = seed * 0x9e3779b97f4a7c15ull + 1;
}

ng_err ng_search_set_hash(ng_search *s, int mb)
{
	if (mb < 1 || mb > NG_HASH_MAX_MB)
		return NG_ERR_RANGE;
	return tt_alloc(s, mb) ? NG_OK : NG_ERR_NOMEM;
}

void ng_search_clear(ng_search *s)
{
	memset(s->tt, 0, sizeof *s->tt * (s->tt_mask + 1));
}

void ng_search_stop(ng_search *s) { atomic_store(&s->stop, 1); }
void ng_search_clear_stop(ng_search *s) { atomic_store(&s->stop, 0); }

/* ---------------------------------------------------------------- time */

static int64_t elapsed_ms(const ng_search *s)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)(t.tv_sec - s->t0.tv_sec) * 1000 +
	       (t.tv_nsec - s->t0.tv_nsec) / 1000000;
}

static int should_stop(ng_search *s)
{
	if (s->stopped)
		return 1;
	if (atomic_load_explicit(&s->stop, memory_order_relaxed) ||
	    (s->node_limit && s->nodes >= s->node_limit) ||
	    (s->deadline_ms && elapsed_ms(s) >= s->deadline_ms))
		s->stopped = 1;
	return s->stopped;
}

/* ------------------------------------------------------ transpositions */

static int to_tt(int v, int ply)
{
	return v > MATE_BOUND ? v + ply : v < -MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
	return v > MATE_BOUND ? v - ply : v < -MATE_BOUND ? v + ply : v;
}

static tt_entry *tt_probe(ng_search *s, uint64_t key)
{
	tt_entry *e = &s->tt[key & s->tt_mask];
	return e->key == key ? e : NULL;
}

static void tt_store(ng_search *s, uint64_t key, ng_move m, int v, int depth,
                     int flag, int ply)
{
	tt_entry *e = &s->tt[key & s->tt_mask];
	if (e->key == key && e->age == s->age && e->depth > depth)
		return;
	e->key = key;
	e->move = m;
	e->score = (int16_t)to_tt(v, ply);
	e->depth = (int8_t)depth;
	e->flag = (uint8_t)flag;
	e->age = s->age;
}

/* Store a node's result with its bound type (alpha at entry a0); returns it. */
static int store_result(ng_search *s, const ng_pos *pos, ng_move bm, int best,
                        int a0, int beta, int depth, int ply)
{
	int flag = best >= beta ? TT_LOWER : best > a0 ? TT_EXACT : TT_UPPER;
	tt_store(s, pos->key, bm, best, depth, flag, ply);
	return best;
}

/* --------------------------------------------------------------- search */

static int repeated(const ng_search *s, uint64_t key)
{
	/* A position seen before on this line counts as a draw: the same
	 * moves could repeat it a third time. */
	for (int i = s->nkeys - 2; i >= 0; i--)
		if (s->keys[i] == key)
			return 1;
	return 0;
}

static int opponent_can_win(const ng_pos *child)
{
	return ng__winning_slides(child, child->side, 1);
}

/*
 * The horizon: the side to move has no winning slide (the caller checked).
 * If the opponent threatens one, some move must take every threat away.
 */
static int parried(ng_search *s, const ng_pos *pos, int stand, int ply)
{
	int op = pos->side ^ 1;
	ng_movelist *l = &s->lists[ply];
	ng_generate(pos, l);
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		if ((++s->nodes & 255) == 0 && should_stop(s))
			return stand;
		if (!ng__winning_slides(&c, op, 1))
			return stand;
	}
	return -(NG_MATE - (ply + 1));
}

static int horizon(ng_search *s, const ng_pos *pos, int ply)
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	int stand = ng__evaluate_with(pos, &st, &WEIGHTS);
	if (!s->threat_check || !st.wins[pos->side ^ 1])
		return stand;
	return parried(s, pos, stand, ply);
}

/* Sort moves [0, n) by score, best first (insertion sort: lists are
 * mostly short after losing moves are dropped). */
static void sort_moves(ng_move *m, int *sc, int n)
{
	for (int i = 1; i < n; i++) {
		ng_move mv = m[i];
		int v = sc[i], j = i - 1;
		while (j >= 0 && sc[j] < v) {
			m[j + 1] = m[j];
			sc[j + 1] = sc[j];
			j--;
		}
		m[j + 1] = mv;
		sc[j + 1] = v;
	}
}

/*
 * Order the moves of pos: a move that leaves the opponent a winning slide
 * loses at once and is dropped; the others are scored by the threats they
 * make and the evaluation after them.  Returns the number kept, or 0 if
 * every move loses.
 */
static int order_moves(ng_search *s, const ng_pos *pos, ng_movelist *l,
                       int *sc, ng_move ttm, int have_ttm)
{
	int me = pos->side, kept = 0;
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		slide_stats st;
		ng__slide_stats(&c, &st);
		if ((++s->nodes & 255) == 0 && should_stop(s))
			return 0;
		if (st.wins[c.side])
			continue;   /* the opponent would win at once */
		int v = 1000 * st.wins[me] - ng__evaluate_with(&c, &st, &WEIGHTS);
		if (have_ttm && ng_move_equal(l->m[i], ttm))
			v = INF;
		l->m[kept] = l->m[i];
		sc[kept++] = v;
	}
	sort_moves(l->m, sc, kept);
	return kept;
}

/*
 * Killer moves: the last two moves that cut off at this ply, in any
 * position.  A turn has hundreds of moves, and one that refuted a sibling
 * (a slide or relocation the reply did not disturb) often refutes this one
 * too, so it is tried right after the table's move, before the others are
 * scored.  A killer that is not legal here is simply not found in the list.
 */
static void add_killer(ng_search *s, int ply, ng_move m)
{
	if (ng_move_equal(s->killer[ply][0], m))
		return;
	s->killer[ply][1] = s->killer[ply][0];
	s->killer[ply][0] = m;
}

/* Move m, if it is in l at or after index i, to index i, keeping the rest
 * in order; 1 if it was found. */
static int to_front(ng_movelist *l, int i, ng_move m)
{
	for (int j = i; j < l->n; j++)
		if (ng_move_equal(l->m[j], m)) {
			memmove(&l->m[i + 1], &l->m[i], sizeof *l->m * (size_t)(j - i));
			l->m[i] = m;
			return 1;
		}
	return 0;
}

/*
 * The last full-width turn (depth 1): each child's value is its evaluation,
 * or the threat check where we threaten, so the children are scored in
 * generation order (the table's move first) and the scan stops at the first
 * that reaches beta.
 */
static int frontier(ng_search *s, const ng_pos *pos, int alpha, int beta,
                    int ply, ng_move ttm, int have_ttm)
{
	int me = pos->side, best = -INF, a0 = alpha;
	ng_movelist *l = &s->lists[ply];
	ng_generate(pos, l);
	int front = 0;
	if (have_ttm)
		front += to_front(l, front, ttm);
	for (int k = 0; k < 2; k++)
		front += to_front(l, front, s->killer[ply][k]);
	ng_move bm = l->m[0];
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		if ((++s->nodes & 255) == 0 && should_stop(s))
			return best > -INF ? best : 0;
		slide_stats st;
		ng__slide_stats(&c, &st);
		if (st.wins[c.side])
			continue;   /* the opponent would win at once */
		int stand = ng__evaluate_with(&c, &st, &WEIGHTS);
		int v = st.wins[me] && s->threat_check ?
		        -parried(s, &c, stand, ply + 1) : -stand;
		if (s->stopped)
			return best > -INF ? best : 0;
		if (v > best) {
			best = v;
			bm = l->m[i];
			if (v > alpha)
				alpha = v;
			if (v >= beta) {
				add_killer(s, ply, bm);
				break;
			}
		}
	}
	if (best == -INF)
		return -(NG_MATE - (ply + 1));   /* every move loses */
	return store_result(s, pos, bm, best, a0, beta, 1, ply);
}

/* Take m out of l, keeping the others in order; 0 if m is not there (a
 * table entry of another position with the same key). */
static int take_move(ng_movelist *l, ng_move m)
{
	for (int i = 0; i < l->n; i++)
		if (ng_move_equal(l->m[i], m)) {
			memmove(&l->m[i], &l->m[i + 1], sizeof *l->m * (size_t)(l->n - i - 1));
			l->n--;
			return 1;
		}
	return 0;
}

/*
 * Late move reductions.  Moves come ordered by the threats they make and the
 * evaluation after them, and a turn has hundreds of them, so a late quiet
 * move is searched one turn shallower first (two when far down the list and
 * the search is deep), and again at full depth only if it beats alpha.
 * Moves that make a threat (score >= 1000) and the table's move are never
 * reduced; a reduced search still ends at the horizon's threat check, so
 * wins in one and two are seen whatever the reduction.
 */
#ifndef NG_LMR_FIRST
#define NG_LMR_FIRST 3
#endif
#ifndef NG_LMR_DEPTH
#define NG_LMR_DEPTH 2
#endif
#ifndef NG_LMR2_DEPTH
#define NG_LMR2_DEPTH 5
#endif
#ifndef NG_LMR2_FIRST
#define NG_LMR2_FIRST 12
#endif
static int reduction(int depth, int i, int score)
{
	if (depth < NG_LMR_DEPTH || i < NG_LMR_FIRST || score >= 1000)
		return 0;
	return depth >= NG_LMR2_DEPTH && i >= NG_LMR2_FIRST ? 2 : 1;
}

static int search(ng_search *s, const ng_pos *pos, int depth, int alpha,
                  int beta, int ply);

/* One child of a search node, principal-variation style: the first (pv)
 * with the full window; the others with a null window, reduced by r turns
 * first, and searched again in full only when they beat alpha. */
static int child(ng_search *s, const ng_pos *pos, ng_move m, int depth,
                 int r, int pv, int alpha, int beta, int ply)
{
	ng_pos c = *pos;
	ng_undo u;
	int v;
	ng_make(&c, m, &u);
	s->keys[s->nkeys++] = c.key;
	if (pv) {
		v = -search(s, &c, depth - 1, -beta, -alpha, ply + 1);
	} else {
		v = -search(s, &c, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
		if (r && v > alpha && !s->stopped)
			v = -search(s, &c, depth - 1, -alpha - 1, -alpha, ply + 1);
		if (v > alpha && v < beta && !s->stopped)
			v = -search(s, &c, depth - 1, -beta, -alpha, ply + 1);
	}
	s->nkeys--;
	return v;
}

static int search(ng_search *s, const ng_pos *pos, int depth, int alpha,
                  int beta, int ply)
{
	if (ng__winning_slides(pos, pos->side, 1))
		return NG_MATE - ply;
	if (ply > 0 && repeated(s, pos->key))
		return 0;
	if (depth <= 0 || ply >= MAX_PLY - 2)
		return horizon(s, pos, ply);
	s->nodes++;
	if ((s->nodes & 15) == 0 && should_stop(s))
		return 0;
	if (s->stopped)
		return 0;

	ng_move ttm = { 0, 0, 0, 0 };
	int have_ttm = 0;
	tt_entry *e = tt_probe(s, pos->key);
	if (e) {
		ttm = e->move;
		have_ttm = 1;
		int v = from_tt(e->score, ply);
		if (e->depth >= depth && ply > 0) {
			if (e->flag == TT_EXACT ||
			    (e->flag == TT_LOWER && v >= beta) ||
			    (e->flag == TT_UPPER && v <= alpha))
				return v;
		}
	}

	if (depth == 1)
		return frontier(s, pos, alpha, beta, ply, ttm, have_ttm);

	ng_movelist *l = &s->lists[ply];
	int *sc = s->order + (size_t)ply * NG_MAX_MOVES;
	ng_generate(pos, l);
	int best = -INF, a0 = alpha, first = 0;
	ng_move bm = l->m[0];

	/* The table's move first, then the killers, before the others are
	 * scored: one of them usually cuts at once, and scoring hundreds of
	 * children would be wasted. */
	ng_move pre[3];
	int npre = 0;
	if (have_ttm)
		pre[npre++] = ttm;
	for (int k = 0; k < 2; k++)
		pre[npre++] = s->killer[ply][k];
	for (int j = 0; j < npre; j++) {
		if (!take_move(l, pre[j]))
			continue;   /* not legal here, or tried already */
		int v = child(s, pos, pre[j], depth, 0, first == 0, alpha, beta, ply);
		if (s->stopped)
			return best > -INF ? best : 0;
		first++;
		if (v > best) {
			best = v;
			bm = pre[j];
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta) {
			add_killer(s, ply, bm);
			return store_result(s, pos, bm, best, a0, beta, depth, ply);
		}
	}

	int n = order_moves(s, pos, l, sc, ttm, 0);
	if (s->stopped)
		return best > -INF ? best : 0;
	if (n == 0 && !first)
		return -(NG_MATE - (ply + 1));

	for (int i = 0; i < n; i++) {
		int pv = i + first == 0;
		int r = pv ? 0 : reduction(depth, i + first, sc[i]);
		int v = child(s, pos, l->m[i], depth, r, pv, alpha, beta, ply);
		if (s->stopped)
			return best > -INF ? best : 0;
		if (v > best) {
			best = v;
			bm = l->m[i];
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta) {
			add_killer(s, ply, bm);
			break;
		}
	}
	return store_result(s, pos, bm, best, a0, beta, depth, ply);
}

/* ----------------------------------------------------------------- root */

static void limits_for(const ng_search *s, const ng_limits *lim, int *depth,
                       int64_t *movetime, int64_t *nodes)
{
	const level_spec *ls = &LEVELS[s->level];
	*depth = ls->depth;
	*movetime = ls->movetime_ms;
	*nodes = 0;
	if (lim && (lim->movetime_ms || lim->depth || lim->nodes)) {
		/* explicit limits replace the level's own time; the level's depth
		 * stays a ceiling below the top level */
		*movetime = lim->movetime_ms;
		*nodes = lim->nodes;
		if (lim->depth)
			*depth = lim->depth < *depth || s->level == NG_LEVEL_MAX ?
			         lim->depth : *depth;
	}
	if (*depth > MAX_PLY - 4)
		*depth = MAX_PLY - 4;
}

static ng_err run(ng_search *s, const ng_game *g, const ng_limits *lim,
                  ng_progress_fn progress, void *ctx, ng_info *out);

/* A stop request holds until a run has seen it: one made just before the
 * run starts makes it answer at once; the run clears it when it returns. */
ng_err ng_search_run(ng_search *s, const ng_game *g, const ng_limits *lim,
                     ng_progress_fn progress, void *ctx, ng_info *out)
{
	ng_err e = run(s, g, lim, progress, ctx, out);
	atomic_store(&s->stop, 0);
	return e;
}

static ng_err run(ng_search *s, const ng_game *g, const ng_limits *lim,
                  ng_progress_fn progress, void *ctx, ng_info *out)
{
	const ng_pos *root = ng_game_pos(g);
	memset(out, 0, sizeof *out);
	if (ng_game_result(g) != NG_NONE)
		return NG_ERR_GAME_OVER;
	clock_gettime(CLOCK_MONOTONIC, &s->t0);
	s->nodes = 0;
	s->stopped = 0;
	s->age++;
	memset(s->killer, 0, sizeof s->killer);

	if (s->level == 1) {
		out->best = ng__webai_move(root, &s->rng);
		out->depth = 1;
		if (progress)
			progress(ctx, out);
		return NG_OK;
	}

	int maxdepth;
	limits_for(s, lim, &maxdepth, &s->deadline_ms, &s->node_limit);
	const level_spec *ls = &LEVELS[s->level];
	s->threat_check = ls->threat_check;

	/* keys: the game's history, then room for the search path */
	int ply0 = ng_game_ply(g);
	uint64_t *k = realloc(s->keys, sizeof *k * (size_t)(ply0 + 1 + MAX_PLY));
	if (!k)
		return NG_ERR_NOMEM;
	s->keys = k;
	for (int i = 0; i <= ply0; i++)
		k[i] = ng_game_pos_at(g, i)->key;
	s->nkeys = ply0 + 1;

	/* Root moves: all legal moves, losing ones last (they are still moves
	 * to play if nothing else is left). */
	ng_movelist *l = malloc(sizeof *l);
	int *sc = malloc(sizeof *sc * NG_MAX_MOVES);
	if (!l || !sc) {
		free(l);
		free(sc);
		return NG_ERR_NOMEM;
	}
	ng_generate(root, l);
	int n = l->n;
	for (int i = 0; i < n; i++) {
		ng_pos c = *root;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		if (ng__winner(&c) != NG_NONE) {
			sc[i] = INF;            /* a winning slide: play it */
		} else if (opponent_can_win(&c)) {
			sc[i] = -INF;
		} else {
			sc[i] = 1000 * ng__winning_slides(&c, root->side, 0) -
			        ng__evaluate(&c, &WEIGHTS);
			if (ls->noise)
				sc[i] += (int)(ng__rand(&s->rng) % (uint64_t)(2 * ls->noise + 1)) - ls->noise;
		}
	}
	sort_moves(l->m, sc, n);
	out->best = l->m[0];
	out->score = sc[0] == INF ? NG_MATE - 1 : 0;
	if (sc[0] == INF || n == 1 || sc[1] == -INF) {
		/* a win in one, a single move, or only one move that does not lose */
		out->score = sc[0] == INF ? NG_MATE : sc[0] == -INF ? -NG_MATE + 1 : 0;
		out->depth = 1;
		out->nodes = s->nodes;
		out->time_ms = elapsed_ms(s);
		if (progress)
			progress(ctx, out);
		free(l);
		free(sc);
		return NG_OK;
	}
	int nsafe = 0;
	while (nsafe < n && sc[nsafe] > -INF)
		nsafe++;
	if (ls->blunder && (int)(ng__rand(&s->rng) % 100) < ls->blunder) {
		out->best = l->m[ng__rand(&s->rng) % (uint64_t)nsafe];
		out->depth = 1;
		out->time_ms = elapsed_ms(s);
		if (progress)
			progress(ctx, out);
		free(l);
		free(sc);
		return NG_OK;
	}

	int *noise = calloc((size_t)n, sizeof *noise);
	if (!noise) {
		free(l);
		free(sc);
		return NG_ERR_NOMEM;
	}
	for (int i = 0; i < nsafe && ls->noise; i++)
		noise[i] = (int)(ng__rand(&s->rng) % (uint64_t)(2 * ls->noise + 1)) - ls->noise;

	for (int depth = 1; depth <= maxdepth; depth++) {
		int alpha = -INF, best = -INF, bi = 0;
		int *vals = malloc(sizeof *vals * (size_t)nsafe);
		if (!vals)
			break;
		for (int i = 0; i < nsafe; i++) {
			ng_pos c = *root;
			ng_undo u;
			ng_make(&c, l->m[i], &u);
			s->keys[s->nkeys++] = c.key;
			int v;
			if (i == 0) {
				v = -search(s, &c, depth - 1, -INF, -alpha + noise[i], 1);
			} else {
				int a = alpha - noise[i];
				v = -search(s, &c, depth - 1, -a - 1, -a, 1);
				if (v > a && !s->stopped)
					v = -search(s, &c, depth - 1, -INF, -a, 1);
			}
			s->nkeys--;
			if (s->stopped)
				break;
			v += noise[i];
			vals[i] = v;
			if (v > best) {
				best = v;
				bi = i;
			}
			if (v > alpha)
				alpha = v;
		}
		if (s->stopped && bi == 0 && best == -INF) {
			free(vals);
			break;   /* nothing new from the unfinished iteration */
		}
		/* The best move so far goes first; in an unfinished iteration
		 * a move that beat the previous best with a full search is kept. */
		ng_move bm = l->m[bi];
		int bn = noise[bi];
		for (int i = bi; i > 0; i--) {
			l->m[i] = l->m[i - 1];
			noise[i] = noise[i - 1];
		}
		l->m[0] = bm;
		noise[0] = bn;
		out->best = bm;
		out->score = best - bn;
		if (!s->stopped)
			out->depth = depth;
		out->nodes = s->nodes;
		out->time_ms = elapsed_ms(s);
		free(vals);
		if (s->stopped)
			break;
		if (progress)
			progress(ctx, out);
		if (best > MATE_BOUND || best < -MATE_BOUND)
			break;   /* proven */
		if (s->node_limit && s->nodes >= s->node_limit)
			break;
	}
	out->nodes = s->nodes;
	out->time_ms = elapsed_ms(s);
	free(noise);
	free(l);
	free(sc);
	return NG_OK;
}
