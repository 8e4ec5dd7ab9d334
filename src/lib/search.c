/* search.c - placeholder: plays the first legal move (replaced by the AI). */
#include "internal.h"
#include <stdlib.h>
#include <stdatomic.h>

struct ng_search {
	int level;
	uint64_t seed;
	int hash_mb, threads;
	atomic_int stop;
};

ng_search *ng_search_new(void)
{
	ng_search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->level = 5;
	s->hash_mb = 64;
	s->threads = 1;
	return s;
}

void ng_search_free(ng_search *s) { free(s); }

ng_err ng_search_set_level(ng_search *s, int level)
{
	if (level < NG_LEVEL_MIN || level > NG_LEVEL_MAX)
		return NG_ERR_RANGE;
	s->level = level;
	return NG_OK;
}

int ng_search_level(const ng_search *s) { return s->level; }
void ng_search_set_seed(ng_search *s, uint64_t seed) { s->seed = seed; }

ng_err ng_search_set_hash(ng_search *s, int mb)
{
	if (mb < 1 || mb > NG_HASH_MAX_MB)
		return NG_ERR_RANGE;
	s->hash_mb = mb;
	return NG_OK;
}

ng_err ng_search_set_threads(ng_search *s, int n)
{
	if (n < 1 || n > NG_THREADS_MAX)
		return NG_ERR_RANGE;
	s->threads = n;
	return NG_OK;
}

void ng_search_clear(ng_search *s) { (void)s; }
void ng_search_stop(ng_search *s) { atomic_store(&s->stop, 1); }

ng_err ng_search_run(ng_search *s, const ng_game *g, const ng_limits *lim,
                     ng_progress_fn progress, void *ctx, ng_info *out)
{
	(void)lim;
	atomic_store(&s->stop, 0);
	if (ng_game_result(g) != NG_NONE)
		return NG_ERR_GAME_OVER;
	ng_movelist *l = malloc(sizeof *l);
	if (!l)
		return NG_ERR_NOMEM;
	ng_generate(ng_game_pos(g), l);
	memset(out, 0, sizeof *out);
	out->best = l->m[0];
	out->depth = 1;
	free(l);
	if (progress)
		progress(ctx, out);
	return NG_OK;
}
