/*
 * ai_thread.c - the computer thinks in a thread of its own, on a copy of
 * the game, so the screen stays live.  A search that ends wakes the main
 * loop's wait (input_wake), which then takes the move with ai_poll;
 * cancelling stops the search and joins the thread.
 */
#include "ui.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

struct ai {
	ng_search *search;
	int threads;              /* for the top level */
	ng_game *copy;
	pthread_t thread;
	int running;              /* a thread exists and is not joined */
	atomic_int done, depth;
	ng_err err;
	ng_info info;
	int limited;              /* lim applies, not the level's own */
	ng_limits lim;
};

ai *ai_new(int threads)
{
	ai *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	if (threads < 1) {   /* one a core */
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		threads = n < 1 ? 1 : n > NG_THREADS_MAX ? NG_THREADS_MAX : (int)n;
	}
	a->threads = threads;
	a->search = ng_search_new();
	if (!a->search) {
		free(a);
		return NULL;
	}
	ng_search_set_seed(a->search, (uint64_t)time(NULL));
	return a;
}

void ai_free(ai *a)
{
	if (!a)
		return;
	ai_cancel(a);
	ng_game_free(a->copy);
	ng_search_free(a->search);
	free(a);
}

static void progress(void *ctx, const ng_info *info)
{
	ai *a = ctx;
	atomic_store(&a->depth, info->depth);
}

static void *run(void *arg)
{
	ai *a = arg;
	a->err = ng_search_run(a->search, a->copy, a->limited ? &a->lim : NULL,
	                       progress, a, &a->info);
	atomic_store(&a->done, 1);
	input_wake();   /* after done: the loop that wakes sees it */
	return NULL;
}

int ai_start(ai *a, const ng_game *g, int level)
{
	return ai_start_limits(a, g, level, NULL);
}

int ai_start_limits(ai *a, const ng_game *g, int level, const ng_limits *lim)
{
	ai_cancel(a);
	ng_game *copy = ng_game_copy(g);
	if (!copy)
		return -1;
	ng_game_free(a->copy);
	a->copy = copy;
	/* (A run at another level than the last does not use the other
	 * level's table entries, which would make a lower level play above
	 * itself: the library ignores them.  The hint has a searcher of its
	 * own, play_hint.c.) */
	ng_search_set_level(a->search, level);
	a->limited = lim != NULL;
	if (lim)
		a->lim = *lim;
	/* Threads only help the top level, which searches on its clock; the
	 * levels below search to a fixed depth, quickly, on one. */
	ng_search_set_threads(a->search, level == NG_LEVEL_MAX ? a->threads : 1);
	/* (out of memory: one) */
	atomic_store(&a->done, 0);
	atomic_store(&a->depth, 0);
	/* Signals belong to the main thread, which turns them into a clean
	 * exit; the searcher must not receive them. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int r = pthread_create(&a->thread, NULL, run, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (r != 0)
		return -1;
	a->running = 1;
	return 0;
}

int ai_poll(ai *a, ng_move *m, ng_err *e)
{
	if (!a->running || !atomic_load(&a->done))
		return 0;
	pthread_join(a->thread, NULL);
	a->running = 0;
	*m = a->info.best;
	*e = a->err;
	return 1;
}

void ai_cancel(ai *a)
{
	if (!a->running)
		return;
	/* The request holds even if the search has not started yet; if it
	 * had already finished, the request is withdrawn after the join. */
	ng_search_stop(a->search);
	pthread_join(a->thread, NULL);
	ng_search_clear_stop(a->search);
	a->running = 0;
}

int ai_busy(const ai *a)
{
	return a->running;
}

int ai_depth(const ai *a)
{
	return atomic_load(&((ai *)a)->depth);
}
