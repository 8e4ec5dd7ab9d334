/*
 * search_threads.c - more threads for one search: the helpers' threads,
 * and their side of the jobs the searcher's own thread posts (search.c,
 * split).  On the first line of each iteration (the root, then the first
 * move at each turn below it, where the window is still whole) the
 * searcher's own thread values a node's first move alone, as one thread
 * would; then every thread takes the next move of the node that no thread
 * has taken yet and values it with a null window against the best so
 * far, searching it in full only when it is better ("young brothers
 * wait").  Everywhere else each thread searches on its own, and all share
 * the transposition table (searcher.h: lockless entries).
 *
 * Why not "lazy SMP" (each helper searching the whole root on its own,
 * as here until 2026-11-26): the helpers walked the same moves in the
 * same order as the main thread, so two threads searched 1.4 times the
 * nodes of one to a depth but reached it only about 1.2 times sooner.  A
 * turn has hundreds of moves, nearly all of which fail low on the first
 * line, so they split evenly between the threads.
 *
 * The helpers stop when the main search ends, for whatever reason, so
 * the time control and ng_search_stop work as with one thread.  With one
 * thread (the default) nothing is shared, and a search does exactly what
 * it did before threads existed (make bench's signature).
 *
 * The helpers are the searcher's (searcher.c makes and frees them); this
 * file only starts and stops their threads and runs their side of the
 * jobs search.c posts.
 */
#include "searcher.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static void *helper_run(void *arg)
{
	ng_helper *h = arg;
	ng_search *s = h->main, *w = h->w;
	split_job *j = &s->job;
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
		if (!atomic_load(&s->helpers_halt)) {
			/* the path to the job's node, for repetitions */
			memcpy(w->keys, j->keys, sizeof *w->keys * (size_t)j->nkeys);
			w->nkeys = j->nkeys;
			ng__job_take(w, j);
		}
		pthread_mutex_lock(&j->mu);
		if (--j->busy == 0)
			pthread_cond_signal(&j->idle);
	}
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

void ng__helpers_start(ng_search *s)
{
	if (!s->helpers)
		return;
	atomic_store(&s->helpers_halt, 0);
	s->helpers_live = 0;
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
		w->nnue = s->nnue;
		w->age = s->age;
		w->t0 = s->t0;
		w->deadline_ms = s->deadline_ms;
		w->node_limit = s->node_limit;   /* one budget for all */
		w->budget = &s->spent;
		w->added = 0;
		w->nodes = 0;
		w->root_taken = w->line_taken = 0;
		atomic_store_explicit(&w->counted, 0, memory_order_relaxed);
		w->stopped = 0;
		w->halt = &s->helpers_halt;
		memset(w->killer, 0, sizeof w->killer);
		h->main = s;
		h->seen = s->job.gen;
		h->running = pthread_create(&h->thread, NULL, helper_run, h) == 0;
		s->helpers_live += h->running;
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
	s->helpers_live = 0;
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
