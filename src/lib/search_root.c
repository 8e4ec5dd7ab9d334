/*
 * search_root.c - the root of the search (ng_search_run): the levels and
 * the limits, the root moves and their order, the quick answers that need
 * no search, and the iterative-deepening loop over the tree search of
 * search.c.
 */
#include "searcher.h"

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
 * `make match' measures each step (doc/engine.md, Levels). */
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

/* The variation's keys go on the search path, which has room for MAX_PLY. */
_Static_assert(NG_PV_MAX < MAX_PLY, "the variation fits on the search path");

/* The root moves of a run, best first once scored. */
typedef struct root_moves {
	ng_movelist *l;
	int *sc;       /* ordering scores: INF wins at once, -INF loses at once */
	int *noise;    /* the level's random spread, one per move */
	int n;         /* all legal moves */
	int nsafe;     /* those that do not lose at once (they come first) */
} root_moves;

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

/* The keys of the game's positions, then room for the search path. */
static ng_err load_history(ng_search *s, const ng_game *g)
{
	int ply0 = ng_game_ply(g);
	uint64_t *k = realloc(s->keys, sizeof *k * (size_t)(ply0 + 1 + MAX_PLY));
	if (!k)
		return NG_ERR_NOMEM;
	s->keys = k;
	for (int i = 0; i <= ply0; i++)
		k[i] = ng_game_pos_at(g, i)->key;
	s->nkeys = ply0 + 1;
	return NG_OK;
}

static int random_noise(ng_search *s, int noise)
{
	return (int)(ng__rand(&s->rng) % (uint64_t)(2 * noise + 1)) - noise;
}

/*
 * Score every legal move at the root and sort them: a winning slide first,
 * then by the threats left and the evaluation (plus the level's noise),
 * and the moves that let the opponent win at once last (they are still
 * moves to play if nothing else is left).
 */
static void score_root(ng_search *s, const ng_pos *root, root_moves *rm)
{
	const level_spec *ls = &LEVELS[s->level];
	ng_movelist *l = rm->l;
	ng_generate(root, l);
	rm->n = l->n;
	for (int i = 0; i < rm->n; i++) {
		ng_pos c = *root;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		if (ng__winner(&c) != NG_NONE) {
			rm->sc[i] = INF;
		} else if (ng__winning_slides(&c, c.side, 1)) {
			rm->sc[i] = -INF;
		} else {
			slide_stats st;
			ng__slide_stats(&c, &st);
			rm->sc[i] = 1000 * ng__winning_slides(&c, root->side, 0) -
			            ng__eval_node(s, &c, &st);
			if (ls->noise)
				rm->sc[i] += random_noise(s, ls->noise);
		}
	}
	ng__sort_moves(l->m, rm->sc, rm->n);
	rm->nsafe = 0;
	while (rm->nsafe < rm->n && rm->sc[rm->nsafe] > -INF)
		rm->nsafe++;
}

/*
 * The answers that need no search: a win in one, a single legal move, only
 * one move that does not lose at once, and the level's random moves.
 * Returns 1 when *out holds the answer.
 */
static int quick_answer(ng_search *s, const root_moves *rm, ng_info *out)
{
	const level_spec *ls = &LEVELS[s->level];
	const int *sc = rm->sc;
	if (sc[0] == INF || rm->n == 1 || sc[1] == -INF) {
		out->best = rm->l->m[0];
		out->score = sc[0] == INF ? NG_MATE : sc[0] == -INF ? -NG_MATE + 1 : 0;
		return 1;
	}
	if (ls->blunder && (int)(ng__rand(&s->rng) % 100) < ls->blunder) {
		out->best = rm->l->m[ng__rand(&s->rng) % (uint64_t)rm->nsafe];
		return 1;
	}
	return 0;
}

/*
 * The principal variation: the best move, then the table's moves as far
 * as they are legal, the game goes on and the line does not repeat.
 */
static void principal_variation(ng_search *s, const ng_pos *root,
                                ng_info *out)
{
	ng_pos p = *root;
	ng_move m = out->best;
	int n = 0, nkeys = s->nkeys;
	while (n < NG_PV_MAX) {
		ng_undo u;
		ng_make(&p, m, &u);
		out->pv[n++] = m;
		int seen = 0;
		for (int i = 0; i < s->nkeys && !seen; i++)
			seen = s->keys[i] == p.key;
		if (seen || ng__winner(&p) != NG_NONE || n >= out->depth)
			break;
		s->keys[s->nkeys++] = p.key;
		if (!ng__tt_move(s, &p, &m) || ng_check_move(&p, m) != NG_OK)
			break;
	}
	s->nkeys = nkeys;
	out->pvlen = n;
}

/*
 * One iteration at the root: every safe move to depth, the first with the
 * full window, the others with a null window first.  The noise of a move
 * is added to its value, and the window shifted to match.  Returns the
 * index of the best move and its value (noise included) in *best; if the
 * run stopped before any move was valued, 0 and -INF.
 */
static int root_iteration(ng_search *s, const ng_pos *root,
                          const root_moves *rm, int depth, int *best)
{
	int nz = rm->noise[0], bi = 0;
	ng_pos c = *root;
	ng_undo u;
	ng_make(&c, rm->l->m[0], &u);
	s->keys[s->nkeys++] = c.key;
	int v = -ng__search(s, &c, depth - 1, -INF, INF + nz, 1);
	s->nkeys--;
	*best = -INF;
	if (s->stopped)
		return 0;
	*best = v + nz;
	/* the others, on every thread (search.c, split) */
	int alpha = *best;
	ng_move bm = rm->l->m[0];
	ng__split(s, root, rm->l->m + 1, NULL, rm->noise + 1, rm->nsafe - 1, 1,
	          depth, 0, &alpha, INF, best, &bm);
	while (!ng_move_equal(rm->l->m[bi], bm))
		bi++;
	return bi;
}

/* Move the root move at index i to the front, with its noise. */
static void to_front_root(root_moves *rm, int i)
{
	ng_move m = rm->l->m[i];
	int nz = rm->noise[i];
	for (; i > 0; i--) {
		rm->l->m[i] = rm->l->m[i - 1];
		rm->noise[i] = rm->noise[i - 1];
	}
	rm->l->m[0] = m;
	rm->noise[0] = nz;
}

/*
 * Iterative deepening: depth 1, 2, ... up to maxdepth, the best move so
 * far searched first each time, until the limits or a stop end it or a
 * score is proven.  *out has the best move all along.
 */
static void deepen(ng_search *s, const ng_pos *root, root_moves *rm,
                   int maxdepth, ng_progress_fn progress, void *ctx,
                   ng_info *out)
{
	const level_spec *ls = &LEVELS[s->level];
	for (int i = 0; i < rm->nsafe && ls->noise; i++)
		rm->noise[i] = random_noise(s, ls->noise);
	out->best = rm->l->m[0];

	for (int depth = 1; depth <= maxdepth; depth++) {
		int best;
		int bi = root_iteration(s, root, rm, depth, &best);
		if (s->stopped && best == -INF)
			break;   /* nothing new from the unfinished iteration */
		/* The best move so far goes first; in an unfinished iteration
		 * a move that beat the previous best with a full search is kept. */
		int nz = rm->noise[bi];
		to_front_root(rm, bi);
		out->best = rm->l->m[0];
		out->score = best - nz;
		if (!s->stopped)
			out->depth = depth;
		principal_variation(s, root, out);
		out->nodes = s->nodes + ng__helpers_nodes(s);
		out->time_ms = ng__elapsed_ms(s);
		if (s->stopped)
			break;
		if (progress)
			progress(ctx, out);
		if (best > NG_MATE_BOUND || best < -NG_MATE_BOUND)
			break;   /* proven */
		if (s->node_limit && ng__nodes_spent(s) >= s->node_limit)
			break;
	}
}

/*
 * Choose a move.  Step 1 starts the run, step 2 answers for level 1,
 * step 3 sets the limits, step 4 scores the root moves, step 5 gives the
 * quick answers and step 6 deepens.  Every way out passes the end, which
 * clears the stop request (see ng_search_stop).
 */
ng_err ng_search_run(ng_search *s, const ng_game *g, const ng_limits *lim,
                     ng_progress_fn progress, void *ctx, ng_info *out)
{
	const ng_pos *root = ng_game_pos(g);
	root_moves rm = { 0 };
	ng_err e = NG_OK;
	int maxdepth;

	/* Step 1. A fresh run: the clock, the counters, a new table age, no
	 * killers.  The stop request, if any, stays. */
	memset(out, 0, sizeof *out);
	if (ng_game_result(g) != NG_NONE) {
		e = NG_ERR_GAME_OVER;
		goto done;
	}
	clock_gettime(CLOCK_MONOTONIC, &s->t0);
	s->nodes = 0;
	s->added = 0;
	atomic_store(&s->spent, 0);
	s->budget = &s->spent;
	s->root_taken = s->line_taken = 0;
	s->stopped = 0;
	s->age++;
	memset(s->killer, 0, sizeof s->killer);

	/* Step 2. Level 1 is the web version's heuristic, not a search. */
	if (s->level == 1) {
		out->best = ng__webai_move(root, &s->rng);
		out->depth = 1;
		out->pv[0] = out->best;
		out->pvlen = 1;
		if (progress)
			progress(ctx, out);
		goto done;
	}

	/* Step 3. The limits, the level's threat check, the game's history
	 * for repetitions. */
	limits_for(s, lim, &maxdepth, &s->deadline_ms, &s->node_limit);
	s->threat_check = LEVELS[s->level].threat_check;
	s->nnue = s->eval == NG_EVAL_NET ||
	          (s->eval == NG_EVAL_LEVEL && s->level >= NG_EVAL_NET_LEVEL);
	e = load_history(s, g);
	if (e)
		goto done;

	/* Step 4. The root moves, scored and sorted. */
	rm.l = malloc(sizeof *rm.l);
	rm.sc = malloc(sizeof *rm.sc * NG_MAX_MOVES);
	rm.noise = calloc(NG_MAX_MOVES, sizeof *rm.noise);
	if (!rm.l || !rm.sc || !rm.noise) {
		e = NG_ERR_NOMEM;
		goto done;
	}
	score_root(s, root, &rm);

	/* Step 5. The quick answers. */
	if (quick_answer(s, &rm, out)) {
		out->depth = 1;
		out->pv[0] = out->best;
		out->pvlen = 1;
		out->nodes = s->nodes;
		out->time_ms = ng__elapsed_ms(s);
		if (progress)
			progress(ctx, out);
		goto done;
	}

	/* Step 6. Iterative deepening, with the helper threads if there are
	 * any (search_threads.c); they stop when it ends. */
	ng__helpers_start(s);
	deepen(s, root, &rm, maxdepth, progress, ctx, out);
	int64_t helped = ng__helpers_stop(s);
	if (out->pvlen == 0) {   /* stopped before depth 1 valued a move */
		out->pv[0] = out->best;
		out->pvlen = 1;
	}
	out->nodes = s->nodes + helped;
	out->time_ms = ng__elapsed_ms(s);
done:
	free(rm.l);
	free(rm.sc);
	free(rm.noise);
	atomic_store(&s->stop, 0);
	return e;
}
