/*
 * searcher.c - a searcher's life: making one with its table and buffers,
 * its settings (level, seed, table size, threads), the stop request, and
 * freeing it.  The helpers' searchers are made and freed here too;
 * search_threads.c runs their threads, search.c and search_root.c search.
 */
#include "searcher.h"

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

int ng__searcher_buffers(ng_search *s)
{
	if (!s->lists)
		s->lists = malloc(sizeof *s->lists * MAX_PLY);
	if (!s->order)
		s->order = malloc(sizeof *s->order * MAX_PLY * NG_MAX_MOVES);
	return s->lists && s->order;
}

/* A searcher; a helper (main 0) borrows its main searcher's table at each
 * run and makes its buffers (10 MB) at its first (search_threads.c), so
 * that threads set but never used cost nothing. */
static ng_search *searcher_new(int main)
{
	ng_search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->level = 5;
	s->threads = 1;
	pthread_mutex_init(&s->job.mu, NULL);
	pthread_cond_init(&s->job.wake, NULL);
	pthread_cond_init(&s->job.idle, NULL);
	if (main && (!ng__searcher_buffers(s) || !tt_alloc(s, 64))) {
		ng_search_free(s);
		return NULL;
	}
	return s;
}

ng_search *ng_search_new(void)
{
	return searcher_new(1);
}

/* The helpers and their searchers (whose table is s's: not theirs to
 * free); one thread again. */
static void helpers_free(ng_search *s)
{
	if (s->helpers)
		for (int i = 0; i < s->threads - 1; i++) {
			ng_search *w = s->helpers[i].w;
			if (w)
				w->tt = NULL;
			ng_search_free(w);
		}
	free(s->helpers);
	s->helpers = NULL;
	s->threads = 1;
}

void ng_search_free(ng_search *s)
{
	if (!s)
		return;
	helpers_free(s);
	free(s->tt);
	free(s->lists);
	free(s->order);
	free(s->keys);
	pthread_mutex_destroy(&s->job.mu);
	pthread_cond_destroy(&s->job.wake);
	pthread_cond_destroy(&s->job.idle);
	free(s);
}

ng_err ng_search_set_threads(ng_search *s, int n)
{
	if (n < 1 || n > NG_THREADS_MAX)
		return NG_ERR_RANGE;
	if (n == ng_search_threads(s))
		return NG_OK;   /* the helpers are kept, not made again */
	helpers_free(s);
	if (n == 1)
		return NG_OK;
	s->helpers = calloc((size_t)n - 1, sizeof *s->helpers);
	if (!s->helpers)
		return NG_ERR_NOMEM;
	s->threads = n;
	for (int i = 0; i < n - 1; i++)
		if (!(s->helpers[i].w = searcher_new(0))) {
			helpers_free(s);
			return NG_ERR_NOMEM;
		}
	return NG_OK;
}

ng_err ng_search_set_eval(ng_search *s, ng_eval e)
{
	if (e != NG_EVAL_LEVEL && e != NG_EVAL_HAND && e != NG_EVAL_NET)
		return NG_ERR_RANGE;
	if (e != s->eval)   /* the table's values are the other evaluation's */
		ng_search_clear(s);
	s->eval = e;
	return NG_OK;
}

ng_eval ng_search_eval(const ng_search *s) { return s->eval; }

int ng_search_threads(const ng_search *s)
{
	return s->threads > 1 ? s->threads : 1;
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
