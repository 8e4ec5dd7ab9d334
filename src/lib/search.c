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
#include "searcher.h"

enum { TT_LOWER = 1, TT_UPPER = 2, TT_EXACT = 3 };

/* Evaluation weights: pair, spread, threat, mobility, tempo, pass, stuck
 * (eval.c), fitted by make texel to 40,770 positions of engine games
 * (doc/engine.md, Tuning).  A build with -DNG_WEIGHTS=... is for
 * tuning matches only. */
#ifndef NG_WEIGHTS
#define NG_WEIGHTS 40, 10, 137, 39, 59, 32, 44
#endif
const ng_weights ng__weights = { { NG_WEIGHTS } };

/* ---------------------------------------------------------------- time */

int64_t ng__elapsed_ms(const ng_search *s)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)(t.tv_sec - s->t0.tv_sec) * 1000 +
	       (t.tv_nsec - s->t0.tv_nsec) / 1000000;
}

/* Every thread's nodes of this run, this thread's own counted to now: the
 * node limit is a budget for all the threads together.  With one thread
 * it is s->nodes exactly, so a single thread's tree does not change. */
int64_t ng__nodes_spent(ng_search *s)
{
	int64_t d = s->nodes - s->added;
	s->added = s->nodes;
	return atomic_fetch_add_explicit(s->budget, d, memory_order_relaxed) + d;
}

static int should_stop(ng_search *s)
{
	if (s->stopped)
		return 1;
	if (atomic_load_explicit(&s->stop, memory_order_relaxed) ||
	    (s->halt && atomic_load_explicit(s->halt, memory_order_relaxed)) ||
	    (s->node_limit && ng__nodes_spent(s) >= s->node_limit) ||
	    (s->deadline_ms && ng__elapsed_ms(s) >= s->deadline_ms))
		s->stopped = 1;
	if (s->halt)   /* a helper: its count for the main search's progress */
		atomic_store_explicit(&s->counted, s->nodes, memory_order_relaxed);
	return s->stopped;
}

/* ------------------------------------------------------ transpositions */

static int to_tt(int v, int ply)
{
	return v > NG_MATE_BOUND ? v + ply : v < -NG_MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
	return v > NG_MATE_BOUND ? v - ply : v < -NG_MATE_BOUND ? v + ply : v;
}

/* The entry for key, read into *d: 1, or 0 when the slot holds another
 * position, was torn by two threads writing at once, or was written by a
 * search at another level (whose depth, time and threat check differ: its
 * values would make a lower level play above itself). */
static int tt_probe(const ng_search *s, uint64_t key, tt_data *d)
{
	tt_entry *e = &s->tt[key & s->tt_mask];
	uint64_t mv = atomic_load_explicit(&e->move, memory_order_relaxed);
	uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
	uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
	if ((check ^ mv ^ data) != key || (int)(data >> 28 & 0xf) != s->level)
		return 0;
	memcpy(&d->move, &mv, sizeof d->move);
	d->score = (int16_t)(data & 0xffff);
	d->depth = (int8_t)(data >> 16 & 0xff);
	d->flag = (int)(data >> 24 & 0xf);
	d->age = (uint32_t)(data >> 32);
	return 1;
}

int ng__tt_move(const ng_search *s, const ng_pos *pos, ng_move *m)
{
	tt_data d;
	if (!tt_probe(s, pos->key, &d))
		return 0;
	*m = d.move;
	return 1;
}

static void tt_store(ng_search *s, uint64_t key, ng_move m, int v, int depth,
                     int flag, int ply)
{
	tt_data old;
	if (tt_probe(s, key, &old) && old.age == s->age && old.depth > depth)
		return;
	_Static_assert(sizeof m == sizeof(uint64_t), "a move is one word");
	uint64_t mv, data = (uint64_t)(uint16_t)(int16_t)to_tt(v, ply) |
	                    (uint64_t)(uint8_t)(int8_t)depth << 16 |
	                    (uint64_t)(flag & 0xf) << 24 |
	                    (uint64_t)(s->level & 0xf) << 28 | (uint64_t)s->age << 32;
	memcpy(&mv, &m, sizeof mv);
	tt_entry *e = &s->tt[key & s->tt_mask];
	atomic_store_explicit(&e->move, mv, memory_order_relaxed);
	atomic_store_explicit(&e->data, data, memory_order_relaxed);
	atomic_store_explicit(&e->check, key ^ mv ^ data, memory_order_relaxed);
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

/* Count the nodes up to `to', checking the clock, the budget and the
 * stop request at each multiple of 256 on the way, as a loop counting one
 * at a time would; 1 when the search must stop. */
static int count_to(ng_search *s, int64_t to)
{
	while ((s->nodes | 255) + 1 <= to) {
		s->nodes = (s->nodes | 255) + 1;
		if (should_stop(s))
			return 1;
	}
	s->nodes = to;
	return 0;
}

/* parried's candidate: count the nodes to it, then make it and see
 * whether the opponent still has a winning slide; 1 ends the search for a
 * parry (found, or the search must stop). */
typedef struct parry_try {
	ng_search *s;
	const ng_pos *pos;
	int64_t base;
} parry_try;

static int try_parry(void *ctx, ng_move m, int index)
{
	parry_try *p = ctx;
	if (count_to(p->s, p->base + index + 1))
		return 1;
	ng_pos c = *p->pos;
	ng__make_unkeyed(&c, m);
	return !ng__winning_slides(&c, c.side, 1);
}

/*
 * The horizon: the side to move has no winning slide (the caller checked).
 * If the opponent threatens one, some move must take every threat away.
 * Only the moves whose relocation may (ng__find_parry) are made and
 * checked: most are relocations far from every threat, and proving that
 * none parries (a win in two) made hundreds of them.  Every legal move up
 * to the parry still counts as a node, as when each was made, so node
 * counts and node limits are what they were.
 */
static int parried(ng_search *s, const ng_pos *pos, int stand, int ply)
{
	parry_try p = { s, pos, s->nodes };
	int total = ng__find_parry(pos, try_parry, &p);
	if (total < 0 || count_to(s, p.base + total))
		return stand;   /* a parry, or the search stops */
	return -(NG_MATE - (ply + 1));
}

static int horizon(ng_search *s, const ng_pos *pos, int ply)
{
	slide_stats st;
	ng__slide_stats(pos, &st);
	int stand = ng__eval_node(s, pos, &st);
	if (!s->threat_check || !st.wins[pos->side ^ 1])
		return stand;
	return parried(s, pos, stand, ply);
}

/* Sort moves [0, n) by score, best first (insertion sort: lists are
 * mostly short after losing moves are dropped; ties keep their order). */
void ng__sort_moves(ng_move *m, int *sc, int n)
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
	nnue_discs dc = { .ready = 0 };
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng__make_unkeyed(&c, l->m[i]);
		slide_stats st;
		int lost = ng__child_stats(&c, &st);
		if ((++s->nodes & 255) == 0 && should_stop(s))
			return 0;
		if (lost)
			continue;   /* the opponent would win at once */
		int v = 1000 * st.wins[me] - ng__eval_child(s, &c, &st, &dc, l->m[i]);
		if (have_ttm && ng_move_equal(l->m[i], ttm))
			v = INF;
		l->m[kept] = l->m[i];
		sc[kept++] = v;
	}
	ng__sort_moves(l->m, sc, kept);
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
 * A child's value v for move m, at a node with the window (*alpha, beta):
 * a new best move (and maybe a new alpha), or a cut-off, which makes m a
 * killer.  Returns 0 when v is no better than *best, 1 for a new best,
 * 2 for a cut-off (the node is done).
 */
int ng__better(ng_search *s, int ply, ng_move m, int v, int *best,
                ng_move *bm, int *alpha, int beta)
{
	if (v <= *best)
		return 0;
	*best = v;
	*bm = m;
	if (v > *alpha)
		*alpha = v;
	if (v < beta)
		return 1;
	add_killer(s, ply, m);
	return 2;
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

	/* Step 1. Every move, the table's move and the killers first. */
	ng_generate(pos, l);
	int front = 0;
	if (have_ttm)
		front += to_front(l, front, ttm);
	for (int k = 0; k < 2; k++)
		front += to_front(l, front, s->killer[ply][k]);
	ng_move bm = l->m[0];
	nnue_discs dc = { .ready = 0 };

	/* Step 2. Each child: lost if it leaves the opponent a winning
	 * slide, else its evaluation, or the threat check where we
	 * threaten; until one reaches beta. */
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng__make_unkeyed(&c, l->m[i]);
		if ((++s->nodes & 255) == 0 && should_stop(s))
			return best > -INF ? best : 0;
		slide_stats st;
		if (ng__child_stats(&c, &st))
			continue;   /* the opponent would win at once */
		int stand = ng__eval_child(s, &c, &st, &dc, l->m[i]);
		int v = st.wins[me] && s->threat_check ?
		        -parried(s, &c, stand, ply + 1) : -stand;
		if (s->stopped)
			return best > -INF ? best : 0;
		if (ng__better(s, ply, l->m[i], v, &best, &bm, &alpha, beta) == 2)
			break;
	}
	/* Step 3. Every move loses, or the result goes in the table. */
	if (best == -INF)
		return -(NG_MATE - (ply + 1));
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
 * Moves scored 1000 or more and the table's move are never reduced: the
 * score is 1000 a threat made minus the opponent's evaluation after the
 * move, so a move that makes one threat is kept at full depth unless the
 * evaluation after it favours the opponent (with the fitted weights, two
 * slides of mobility behind can be enough).  A reduced search still ends
 * at the horizon's threat check, so wins in one and two are seen whatever
 * the reduction.
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

/* ------------------------------------------------- threads' shared work */

/* Post the job whose fields are set: the number of helpers woken for it
 * (search_threads.c runs their side). */
static int job_post(ng_search *s)
{
	split_job *j = &s->job;
	pthread_mutex_lock(&j->mu);
	int n = s->helpers_live;
	if (n) {
		j->gen++;
		j->busy = n;
		pthread_cond_broadcast(&j->wake);
	}
	pthread_mutex_unlock(&j->mu);
	return n;
}

/* Wait until the helpers woken for the job have left it; if the search
 * has stopped, they are told to stop first. */
static void job_wait(ng_search *s, int posted)
{
	split_job *j = &s->job;
	pthread_mutex_lock(&j->mu);
	if (s->stopped)   /* the helpers' searches are worth nothing now */
		atomic_store(&s->helpers_halt, 1);
	while (posted && j->busy > 0)
		pthread_cond_wait(&j->idle, &j->mu);
	pthread_mutex_unlock(&j->mu);
}

/* The value of job j's move i on thread t, noise included; t->stopped
 * when it could not finish. */
static int job_value(ng_search *t, split_job *j, int i, int alpha)
{
	int nz = j->noise ? j->noise[i] : 0;
	int r = j->sc ? reduction(j->depth, i + j->first, j->sc[i]) : 0;
	return child(t, j->pos, j->moves[i], j->depth, r, 0, alpha - nz,
	             j->beta - nz, j->ply) + nz;
}

void ng__job_take(ng_search *t, split_job *j)
{
	for (;;) {
		int i = atomic_fetch_add(&j->next, 1);
		if (i >= j->n)
			return;
		pthread_mutex_lock(&j->mu);
		int alpha = j->alpha;
		pthread_mutex_unlock(&j->mu);
		int v = job_value(t, j, i, alpha);
		if (t->stopped)
			return;   /* an unfinished value says nothing */
		t->root_taken += j->ply == 0;
		t->line_taken += j->ply > 0;
		pthread_mutex_lock(&j->mu);
		if (v > j->best) {
			j->best = v;
			j->bi = i;
			if (v > j->alpha)
				j->alpha = v;
			if (v >= j->beta)   /* a cut-off: nothing more to take */
				atomic_store(&j->next, j->n);
		}
		pthread_mutex_unlock(&j->mu);
	}
}

int ng__split(ng_search *s, const ng_pos *pos, const ng_move *moves,
              const int *sc, const int *noise, int n, int first, int depth,
              int ply, int *alpha, int beta, int *best, ng_move *bm)
{
	split_job *j = &s->job;
	j->keys = s->keys;
	j->nkeys = s->nkeys;
	j->pos = pos;
	j->moves = moves;
	j->sc = sc;
	j->noise = noise;
	j->n = n;
	j->first = first;
	j->depth = depth;
	j->ply = ply;
	j->beta = beta;
	atomic_store(&j->next, 0);
	j->alpha = *alpha;
	j->best = *best;
	j->bi = -1;
	int posted = job_post(s);
	s->in_job = 1;
	ng__job_take(s, j);
	s->in_job = 0;
	job_wait(s, posted);
	pthread_mutex_lock(&j->mu);
	int bi = j->bi, v = j->best;
	pthread_mutex_unlock(&j->mu);
	if (bi < 0)
		return 0;
	*best = v;
	*bm = moves[bi];
	if (v > *alpha)
		*alpha = v;
	if (v < beta)
		return 0;
	add_killer(s, ply, moves[bi]);
	return 1;
}

/* Does this node share its moves after the first?  Only the searcher's own
 * thread with helpers running shares, only on the first line of an
 * iteration (the window whole: the root's first move, that move's first
 * reply, and so on), where the helpers would otherwise wait, and only
 * where the moves are worth more than handing them over. */
static int shares(const ng_search *s, int depth, int a0, int beta)
{
	return s->helpers_live && !s->in_job && depth >= 2 && a0 <= -INF &&
	       beta >= INF;
}

/*
 * A node: the side to move at pos, depth turns to go, window (alpha, beta).
 */
static int search(ng_search *s, const ng_pos *pos, int depth, int alpha,
                  int beta, int ply)
{
	/* Step 1. Ends that need no search: a winning slide wins now, a
	 * position seen before on this line is a draw, and at the horizon
	 * the evaluation (with the threat check) answers. */
	if (ng__winning_slides(pos, pos->side, 1))
		return NG_MATE - ply;
	if (ply > 0 && repeated(s, pos->key))
		return 0;
	if (depth <= 0 || ply >= MAX_PLY - 2)
		return horizon(s, pos, ply);

	/* Step 2. Count the node; check the clock, the budget and the stop
	 * request now and then. */
	s->nodes++;
	if ((s->nodes & 15) == 0 && should_stop(s))
		return 0;
	if (s->stopped)
		return 0;

	/* Step 3. The transposition table: its move is tried first, and a
	 * deep enough bound that settles the window is the answer (never at
	 * the root, which must name a move). */
	ng_move ttm = { 0, 0, 0, 0 };
	int have_ttm = 0;
	tt_data e;
	if (tt_probe(s, pos->key, &e)) {
		ttm = e.move;
		have_ttm = 1;
		int v = from_tt(e.score, ply);
		if (e.depth >= depth && ply > 0) {
			if (e.flag == TT_EXACT ||
			    (e.flag == TT_LOWER && v >= beta) ||
			    (e.flag == TT_UPPER && v <= alpha))
				return v;
		}
	}

	/* Step 4. The last turn has a search of its own. */
	if (depth == 1)
		return frontier(s, pos, alpha, beta, ply, ttm, have_ttm);

	ng_movelist *l = &s->lists[ply];
	int *sc = s->order + (size_t)ply * NG_MAX_MOVES;
	ng_generate(pos, l);
	int best = -INF, a0 = alpha, first = 0, cut = 0;
	ng_move bm = l->m[0];

	/* Step 5. The table's move first, then the killers, before the
	 * others are scored: one of them usually cuts at once, and scoring
	 * hundreds of children would be wasted. */
	ng_move pre[3];
	int npre = 0;
	if (have_ttm)
		pre[npre++] = ttm;
	for (int k = 0; k < 2; k++)
		pre[npre++] = s->killer[ply][k];
	for (int j = 0; j < npre && !cut; j++) {
		if (!take_move(l, pre[j]))
			continue;   /* not legal here, or tried already */
		int v = child(s, pos, pre[j], depth, 0, first == 0, alpha, beta, ply);
		if (s->stopped)
			return best > -INF ? best : 0;
		first++;
		cut = ng__better(s, ply, pre[j], v, &best, &bm, &alpha, beta) == 2;
	}

	/* Step 6. Order the other moves, dropping those that lose at once;
	 * if every move loses, so has the side to move. */
	int n = 0;
	if (!cut) {
		n = order_moves(s, pos, l, sc, ttm, 0);
		if (s->stopped)
			return best > -INF ? best : 0;
		if (n == 0 && !first)
			return -(NG_MATE - (ply + 1));
	}

	/* Step 7. The other moves, late quiet ones reduced, until one cuts;
	 * on the first line, once one move is valued, on every thread. */
	for (int i = 0; i < n && !cut; i++) {
		int pv = i + first == 0;
		if (!pv && shares(s, depth, a0, beta)) {
			cut = ng__split(s, pos, l->m + i, sc + i, NULL, n - i, i + first,
			                depth, ply, &alpha, beta, &best, &bm);
			if (s->stopped)
				return best > -INF ? best : 0;
			break;
		}
		int r = pv ? 0 : reduction(depth, i + first, sc[i]);
		int v = child(s, pos, l->m[i], depth, r, pv, alpha, beta, ply);
		if (s->stopped)
			return best > -INF ? best : 0;
		cut = ng__better(s, ply, l->m[i], v, &best, &bm, &alpha, beta) == 2;
	}

	/* Step 8. Remember the result with its bound. */
	return store_result(s, pos, bm, best, a0, beta, depth, ply);
}

int ng__search(ng_search *s, const ng_pos *pos, int depth, int alpha,
               int beta, int ply)
{
	return search(s, pos, depth, alpha, beta, ply);
}
