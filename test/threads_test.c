/*
 * threads_test.c - a search on several threads (src/lib/search_threads.c):
 * the number of threads is checked; threaded runs answer with legal moves,
 * stop when asked from another thread, follow a table that was
 * reallocated, and start and stop their helpers many times over.  `make
 * check' also runs it under ThreadSanitizer (build/tsan/), which reports
 * any data race between the helpers and the searcher's thread.
 */
#include "tap.h"
#include "nonaga.h"
#include "searcher.h"   /* (the helpers' buffers, looked at directly) */
#include <pthread.h>
#include <string.h>
#include <time.h>

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

typedef struct run {
	ng_search *s;
	ng_game *g;
	ng_limits lim;
	ng_info info;
	ng_err err;
} run;

static void *search_thread(void *arg)
{
	run *r = arg;
	r->err = ng_search_run(r->s, r->g, &r->lim, NULL, NULL, &r->info);
	return NULL;
}

/* The nodes of the last progress call. */
static void last_nodes(void *ctx, const ng_info *info)
{
	*(int64_t *)ctx = info->nodes;
}

/* Root moves that do not hand the opponent a winning slide. */
static int safe_moves(const ng_pos *pos)
{
	ng_movelist *l = malloc(sizeof *l);
	int n = 0;
	ng_generate(pos, l);
	for (int i = 0; i < l->n; i++) {
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		n += ng_pos_threats(&c, ng_pos_side(&c)) == 0;
	}
	free(l);
	return n;
}

/* The helpers' searchers that have their 10 MB of buffers. */
static int helpers_with_buffers(const ng_search *s)
{
	int n = 0;
	for (int i = 0; i < s->threads - 1; i++)
		n += s->helpers[i].w->lists != NULL || s->helpers[i].w->order != NULL;
	return n;
}

static int legal(const ng_game *g, ng_move m)
{
	return ng_check_move(ng_game_pos(g), m) == NG_OK;
}

int main(void)
{
	ng_search *s = ng_search_new();
	ng_game *g = ng_game_new(NG_STANDARD);
	CHECK(s && g, "set up");
	if (!s || !g)
		return tests_done("threads");

	/* the number of threads */
	CHECK(ng_search_threads(s) == 1, "one thread by default");
	CHECK(ng_search_set_threads(s, 0) == NG_ERR_RANGE, "0 refused");
	CHECK(ng_search_set_threads(s, NG_THREADS_MAX + 1) == NG_ERR_RANGE, "65 refused");
	CHECK(ng_search_threads(s) == 1, "a refusal changes nothing");
	CHECK(ng_search_set_threads(s, 3) == NG_OK && ng_search_threads(s) == 3, "three");
	CHECK(helpers_with_buffers(s) == 0, "threads set but not used: no helper has buffers");

	/* a run on three threads, then moves played from its answers */
	ng_search_set_level(s, NG_LEVEL_MAX);
	int ok = 0;
	for (int i = 0; i < 6; i++) {
		ng_limits lim = { 0, 0, 30000 };
		ng_info info;
		if (ng_search_run(s, g, &lim, NULL, NULL, &info) == NG_OK && legal(g, info.best) &&
		    info.pvlen >= 1 && ng_move_equal(info.pv[0], info.best))
			ok++;
		ng_game_play(g, info.best);
	}
	CHECK(ok == 6, "six threaded runs gave legal moves (%d)", ok);
	CHECK(helpers_with_buffers(s) == 2, "after a run both helpers have their buffers (%d)",
	      helpers_with_buffers(s));

	/* the progress counts every thread's nodes: on one thread the last
	 * progress has the answer's count exactly; on two, the answer adds
	 * the helper's, and the last progress (just before the helper stops)
	 * has nearly all of them, not only the main thread's half.  (A helper
	 * that the machine's load keeps waiting may do most of its nodes
	 * after the last progress: so that a loaded machine does not fail it,
	 * "nearly all" must hold in one of five runs; the progress never
	 * counts more than the answer, in any) */
	ng_game_reset(g, NG_STANDARD);
	for (int n = 1; n <= 2; n++) {
		ng_search_set_threads(s, n);
		int64_t shown = 0, nodes = 0, best_shown = 0, best_nodes = 1;
		int runs = 0, over = 0;
		do {
			ng_search_clear(s);
			ng_limits d4 = { 0, 4, 0 };
			ng_info pi;
			shown = 0;
			ng_search_run(s, g, &d4, last_nodes, &shown, &pi);
			nodes = pi.nodes;
			over += shown > nodes;
			if (shown * best_nodes > best_shown * nodes)
				best_shown = shown, best_nodes = nodes;
			runs++;
		} while (n == 2 && best_shown * 10 < best_nodes * 8 && runs < 5);
		if (n == 1)
			CHECK(shown == nodes, "one thread: progress %lld = answer %lld",
			      (long long)shown, (long long)nodes);
		else
			CHECK(over == 0 && best_shown * 10 >= best_nodes * 8,
			      "two threads: progress %lld, answer %lld at best in %d runs"
			      " (%d with more shown than answered)", (long long)best_shown,
			      (long long)best_nodes, runs, over);
	}
	/* the root's moves split between the threads: at each depth every
	 * root move after the first that does not lose at once is valued
	 * once, by one thread or another, and every helper takes some (not
	 * more: on a loaded machine a helper may start late); below the root
	 * the first line's nodes are shared too (their jobs are small, so
	 * only some helper must have taken moves there: with more threads
	 * than cores one may sleep through them); one thread shares nothing.
	 * With more threads than cores, a helper may sleep through a whole
	 * run of depth 4: the helpers' takings add up over runs (at most
	 * ten) until each helper has taken root moves and some line moves */
	ng_game_reset(g, NG_STANDARD);
	int safe = safe_moves(ng_game_pos(g));
	for (int n = 1; n <= 3; n++) {
		ng_search_set_threads(s, n);
		int64_t took[NG_THREADS_MAX] = { 0 }, below = 0, least = 0;
		int runs = 0, exact = 0;
		do {
			ng_search_clear(s);
			ng_limits d4 = { 0, 4, 0 };
			ng_info pi;
			ng_search_run(s, g, &d4, NULL, NULL, &pi);
			int64_t helped = 0;
			least = s->root_taken;
			for (int i = 0; i < n - 1; i++) {
				helped += s->helpers[i].w->root_taken;
				took[i] += s->helpers[i].w->root_taken;
				below += s->helpers[i].w->line_taken;
			}
			for (int i = 0; i < n - 1; i++)
				if (took[i] < least)
					least = took[i];
			exact += pi.depth == 4 && s->root_taken + helped == 4 * (int64_t)(safe - 1);
			if (n == 1)
				below += s->line_taken;
			runs++;
		} while (n > 1 && (least == 0 || below == 0) && runs < 10);
		CHECK(exact == runs, "%d thread(s): in each of %d runs, 4 x %d root moves valued"
		      " (%d runs did)", n, runs, safe - 1, exact);
		CHECK(least > 0, "%d thread(s): each valued some (at least %lld in %d runs)", n,
		      (long long)least, runs);
		CHECK(n > 1 ? below > 0 : below == 0,
		      "%d thread(s): the first line's nodes below the root are shared too (%lld"
		      " moves valued by helpers in %d runs)", n, (long long)below, runs);
	}
	ng_search_set_threads(s, 3);

	/* a stop from another thread ends a run of the top level's 5 s */
	ng_game_reset(g, NG_STANDARD);
	run r = { s, g, { 0, 0, 0 }, { 0 }, NG_OK };
	pthread_t t;
	CHECK(pthread_create(&t, NULL, search_thread, &r) == 0, "thread");
	sleep_ms(100);
	ng_search_stop(s);
	pthread_join(t, NULL);
	CHECK(r.err == NG_OK && legal(g, r.info.best), "stopped with a legal move");
	CHECK(r.info.time_ms < 4000, "stopped early: %lld ms", (long long)r.info.time_ms);

	/* the table reallocated: the helpers search the new one */
	CHECK(ng_search_set_hash(s, 2) == NG_OK, "a smaller table");
	ng_limits lim = { 0, 3, 0 };
	ng_info info;
	CHECK(ng_search_run(s, g, &lim, NULL, NULL, &info) == NG_OK && legal(g, info.best),
	      "a run on the new table");

	/* many short runs: the helpers start and stop each time */
	ok = 0;
	for (int i = 0; i < 40; i++) {
		ng_limits l2 = { 0, 0, 2000 };
		ng_search_set_threads(s, 1 + i % 4);
		if (ng_search_run(s, g, &l2, NULL, NULL, &info) == NG_OK && legal(g, info.best))
			ok++;
	}
	CHECK(ok == 40, "forty short runs (%d)", ok);

	/* a node limit is one budget for all the threads: on two threads a
	 * run of N nodes searches N and a little (each thread looks at the
	 * budget every few hundred nodes), not N on each thread */
	for (int n = 1; n <= 2; n++) {
		const int64_t budget = 300000;
		ng_limits ln = { 0, 0, budget };
		ng_search_set_threads(s, n);
		ng_search_clear(s);
		ng_game_reset(g, NG_STANDARD);
		ng_search_run(s, g, &ln, NULL, NULL, &info);
		CHECK(info.nodes >= budget && info.nodes <= budget + budget / 50,
		      "%d thread(s): %lld nodes for a budget of %lld", n,
		      (long long)info.nodes, (long long)budget);
	}

	/* back to one thread: the answer is the same every time again */
	ng_search_set_threads(s, 1);
	ng_move first = { 0, 0, 0, 0 };
	int same = 1;
	for (int i = 0; i < 3; i++) {
		ng_search_clear(s);
		ng_search_set_seed(s, 7);
		ng_limits l3 = { 0, 3, 0 };
		ng_search_run(s, g, &l3, NULL, NULL, &info);
		if (i == 0)
			first = info.best;
		else
			same &= ng_move_equal(first, info.best);
	}
	CHECK(same, "one thread repeats itself");

	ng_search_set_threads(s, 2);   /* freed with its helpers */
	ng_search_free(s);
	ng_game_free(g);
	return tests_done("threads");
}
