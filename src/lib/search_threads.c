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
 */
#include "searcher.h"
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

typedef struct helper {
	ng_search *w;       /* a searcher of its own, on the shared table */
	pthread_t thread;
	int running;
	int first_depth;
	int maxdepth;
	ng_pos root;
} helper;

struct helpers {
	int n;
	helper h[NG_THREADS_MAX - 1];
	atomic_int halt;    /* set when the main search ends */
};

/* A helper's searcher (each run gives it the settings and the table). */
static ng_search *helper_new(void)
{
	ng_search *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->lists = malloc(sizeof *w->lists * MAX_PLY);
	w->order = malloc(sizeof *w->order * MAX_PLY * NG_MAX_MOVES);
	if (!w->lists || !w->order) {
		free(w->lists);
		free(w->order);
		free(w);
		return NULL;
	}
	w->threads = 1;
	return w;
}

static void helper_free(ng_search *w)
{
	if (!w)
		return;
	free(w->lists);
	free(w->order);
	free(w->keys);
	free(w);
}

void ng__helpers_free(ng_search *s)
{
	if (!s->helpers)
		return;
	for (int i = 0; i < s->helpers->n; i++)
		helper_free(s->helpers->h[i].w);
	free(s->helpers);
	s->helpers = NULL;
}

ng_err ng_search_set_threads(ng_search *s, int n)
{
	if (n < 1 || n > NG_THREADS_MAX)
		return NG_ERR_RANGE;
	if (n == ng_search_threads(s))
		return NG_OK;   /* the helpers are kept, not made again */
	ng__helpers_free(s);
	s->threads = n;
	if (n == 1)
		return NG_OK;
	s->helpers = calloc(1, sizeof *s->helpers);
	if (!s->helpers) {
		s->threads = 1;
		return NG_ERR_NOMEM;
	}
	for (int i = 0; i < n - 1; i++) {
		s->helpers->h[i].w = helper_new();
		if (!s->helpers->h[i].w) {
			ng__helpers_free(s);
			s->threads = 1;
			return NG_ERR_NOMEM;
		}
		s->helpers->n++;
	}
	return NG_OK;
}

int ng_search_threads(const ng_search *s)
{
	return s->threads > 1 ? s->threads : 1;
}

static void *helper_run(void *arg)
{
	helper *h = arg;
	ng_search *w = h->w;
	for (int d = h->first_depth; d <= h->maxdepth && !w->stopped; d++)
		ng__search(w, &h->root, d, -INF, INF, 0);
	return NULL;
}

void ng__helpers_start(ng_search *s, const ng_pos *root, int maxdepth)
{
	if (!s->helpers)
		return;
	struct helpers *hs = s->helpers;
	atomic_store(&hs->halt, 0);
	/* Signals belong to the caller's thread, never to a helper. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < hs->n; i++) {
		helper *h = &hs->h[i];
		ng_search *w = h->w;
		uint64_t *k = realloc(w->keys, sizeof *k * (size_t)(s->nkeys + MAX_PLY));
		if (!k)
			break;
		w->keys = k;
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
		w->stopped = 0;
		w->halt = &hs->halt;
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
	atomic_store(&s->helpers->halt, 1);
	for (int i = 0; i < s->helpers->n; i++) {
		helper *h = &s->helpers->h[i];
		if (!h->running)
			continue;
		pthread_join(h->thread, NULL);
		h->running = 0;
		nodes += h->w->nodes;
	}
	return nodes;
}
