/*
 * search_threads.c - more threads for one search.  The searcher's own
 * thread deepens at the root (search_root.c) and values the first root
 * move of each iteration alone, as a single thread would; then every
 * thread takes the next root move nobody has taken yet and values it
 * with a null window against the best so far, searching it in full only
 * when it is better ("splitting at the root").  All share the
 * transposition table (searcher.h: lockless entries).
 *
 * Why not "lazy SMP" (each helper searching the whole root on its own,
 * as here until 2026-11-26): the helpers walked the same moves in the
 * same order as the main thread, so two threads searched twice the nodes
 * but reached a given depth only about 1.2 times sooner.  A turn has
 * hundreds of moves, nearly all of which fail low at the root, so they
 * split evenly between the threads.
 *
 * The helpers stop when the main search ends, for whatever reason, so
 * the time control and ng_search_stop work as with one thread.  With one
 * thread (the default) the main thread values every move in order, and a
 * search does exactly what it did before threads existed (make bench's
 * signature).
 *
 * The helpers are the searcher's (search.c makes and frees them); this
 * file only starts and stops their threads and shares the root with them.
 */
#include "searcher.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Take root moves of job j on searcher t until none is left or t stops. */
static void take_moves(ng_search *t, root_job *j)
{
	for (;;) {
		int i = atomic_fetch_add(&j->next, 1);
		if (i >= j->n)
			return;
		pthread_mutex_lock(&j->mu);
		int a = j->alpha - j->noise[i];
		pthread_mutex_unlock(&j->mu);
		ng_pos c = *j->root;
		ng_undo u;
		ng_make(&c, j->moves[i], &u);
		t->keys[t->nkeys++] = c.key;
		int v = -ng__search(t, &c, j->depth - 1, -a - 1, -a, 1);
		if (v > a && !t->stopped)
			v = -ng__search(t, &c, j->depth - 1, -INF, -a, 1);
		t->nkeys--;
		if (t->stopped)
			return;   /* an unfinished value says nothing */
		t->root_taken++;
		v += j->noise[i];
		pthread_mutex_lock(&j->mu);
		if (v > j->best) {
			j->best = v;
			j->bi = i;
			if (v > j->alpha)
				j->alpha = v;
		}
		pthread_mutex_unlock(&j->mu);
	}
}

static void *helper_run(void *arg)
{
	ng_helper *h = arg;
	ng_search *s = h->main;
	root_job *j = &s->job;
	pthread_mutex_lock(&j->mu);
	for (;;) {
		while (j->gen == h->seen && !atomic_load(&s->helpers_halt))
			pthread_cond_wait(&j->wake, &j->mu);
		if (j->gen == h->seen)
			break;   /* the run's end */
		/* a job, even one the run's end overtook: the main thread
		 * waits until every helper has left it */
		h->seen = j->gen;
		pthread_mutex_unlock(&j->mu);
		if (!atomic_load(&s->helpers_halt))
			take_moves(h->w, j);
		pthread_mutex_lock(&j->mu);
		if (--j->busy == 0)
			pthread_cond_signal(&j->idle);
	}
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

void ng__root_split(ng_search *s, const ng_pos *root, const ng_move *moves,
                    const int *noise, int n, int depth, int *bi, int *best)
{
	root_job *j = &s->job;
	int helpers = 0;
	for (int i = 0; s->helpers && i < s->threads - 1; i++)
		helpers += s->helpers[i].running;
	pthread_mutex_lock(&j->mu);
	j->root = root;
	j->moves = moves;
	j->noise = noise;
	j->n = n;
	j->depth = depth;
	atomic_store(&j->next, 1);
	j->alpha = j->best = *best;
	j->bi = *bi;
	if (helpers) {
		j->gen++;
		j->busy = helpers;
		pthread_cond_broadcast(&j->wake);
	}
	pthread_mutex_unlock(&j->mu);

	take_moves(s, j);

	pthread_mutex_lock(&j->mu);
	if (s->stopped)   /* the helpers' searches are worth nothing now */
		atomic_store(&s->helpers_halt, 1);
	while (helpers && j->busy > 0)
		pthread_cond_wait(&j->idle, &j->mu);
	*bi = j->bi;
	*best = j->best;
	pthread_mutex_unlock(&j->mu);
}

void ng__helpers_start(ng_search *s)
{
	if (!s->helpers)
		return;
	atomic_store(&s->helpers_halt, 0);
	/* Signals belong to the caller's thread, never to a helper. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < s->threads - 1; i++) {
		ng_helper *h = &s->helpers[i];
		ng_search *w = h->w;
		uint64_t *k = realloc(w->keys, sizeof *k * (size_t)(s->nkeys + MAX_PLY));
		if (k)
			w->keys = k;
		if (!k || !ng__searcher_buffers(w))
			break;   /* (out of memory: fewer helpers) */
		w->tt = s->tt;   /* (ng_search_set_hash may have moved it) */
		w->tt_mask = s->tt_mask;
		memcpy(w->keys, s->keys, sizeof *k * (size_t)s->nkeys);
		w->nkeys = s->nkeys;
		w->level = s->level;
		w->threat_check = s->threat_check;
		w->age = s->age;
		w->t0 = s->t0;
		w->deadline_ms = s->deadline_ms;
		w->node_limit = 0;   /* the main search counts the budget */
		w->nodes = 0;
		w->root_taken = 0;
		atomic_store_explicit(&w->counted, 0, memory_order_relaxed);
		w->stopped = 0;
		w->halt = &s->helpers_halt;
		memset(w->killer, 0, sizeof w->killer);
		h->main = s;
		h->seen = s->job.gen;
		h->running = pthread_create(&h->thread, NULL, helper_run, h) == 0;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int64_t ng__helpers_stop(ng_search *s)
{
	int64_t nodes = 0;
	if (!s->helpers)
		return 0;
	pthread_mutex_lock(&s->job.mu);
	atomic_store(&s->helpers_halt, 1);
	pthread_cond_broadcast(&s->job.wake);
	pthread_mutex_unlock(&s->job.mu);
	for (int i = 0; i < s->threads - 1; i++) {
		ng_helper *h = &s->helpers[i];
		if (!h->running)
			continue;
		pthread_join(h->thread, NULL);
		h->running = 0;
		nodes += h->w->nodes;
	}
	return nodes;
}

int64_t ng__helpers_nodes(const ng_search *s)
{
	int64_t nodes = 0;
	for (int i = 0; s->helpers && i < s->threads - 1; i++)
		if (s->helpers[i].running)
			nodes += atomic_load_explicit(&s->helpers[i].w->counted,
			                              memory_order_relaxed);
	return nodes;
}
