/*
 * search_threads.c - more threads for one search ("lazy SMP"): while the
 * searcher's own thread deepens at the root (search_root.c), each helper
 * searches the same root on its own, deepening from its own starting
 * depth, and all share the transposition table (searcher.h: lockless
 * entries).  The helpers' moves are never played; what they store makes
 * the main search cut off sooner and order its moves better.  The helpers
 * stop when the main search ends, for whatever reason, so the time
 * control and ng_search_stop work as with one thread.
 *
 * With one thread (the default) nothing here runs, and a search does
 * exactly what it did before threads existed (make bench's signature).
 *
 * The helpers are the searcher's (search.c makes and frees them); this
 * file only starts and stops their threads.
 */
#include "searcher.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static void *helper_run(void *arg)
{
	ng_helper *h = arg;
	ng_search *w = h->w;
	for (int d = h->first_depth; d <= h->maxdepth && !w->stopped; d++)
		ng__search(w, &h->root, d, -INF, INF, 0);
	return NULL;
}

void ng__helpers_start(ng_search *s, const ng_pos *root, int maxdepth)
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
		atomic_store_explicit(&w->counted, 0, memory_order_relaxed);
		w->stopped = 0;
		w->halt = &s->helpers_halt;
		memset(w->killer, 0, sizeof w->killer);
		/* half the helpers start a turn deeper: the threads spread
		 * over two depths instead of all repeating the same one */
		h->first_depth = 1 + (i % 2);
		h->maxdepth = maxdepth;
		h->root = *root;
		h->running = pthread_create(&h->thread, NULL, helper_run, h) == 0;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int64_t ng__helpers_stop(ng_search *s)
{
	int64_t nodes = 0;
	if (!s->helpers)
		return 0;
	atomic_store(&s->helpers_halt, 1);
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
