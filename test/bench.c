/*
 * bench.c - `make bench': the move generator's and the search's speed, and
 * node counts that act as signatures (they change only when the behaviour
 * of the generator or the search changes).  `bench DEPTH signature' stops
 * after the signature, for counting instructions (doc/engine.md, Speed);
 * `bench ttd DEPTH N' times the top level to DEPTH over N self-play
 * positions on one thread and on one a core (doc/engine.md, Threads).
 * BENCH_EVAL=hand or net makes every search evaluate so
 * (ng_search_set_eval), whatever the level's own.
 */
#include "nonaga.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Positions for the search signature: the start, a mid-game position and
 * positions from the tactical suite. */
static const char *const POSITIONS[] = {
	"0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;-2,0;0,2/0,-2;2,0;-2,2/r/-",
	"0,-3;2,-3;-1,-2;0,-2;1,-2;2,-2;3,-2;-2,-1;-1,-1;0,-1;1,-1;2,-1;-1,0;0,0;-1,1;0,1;1,1;-1,2;0,2/2,-1;1,1;0,2/2,-3;-1,-1;0,1/r/-1,2",
	"1,-3;0,-2;1,-2;2,-2;-2,-1;-1,-1;0,-1;1,-1;-2,0;-1,0;0,0;1,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/-2,0;-1,1;0,2/0,-2;-1,0;-2,2/r/1,-3",
};
#define NPOS (int)(sizeof POSITIONS / sizeof POSITIONS[0])

/* Positions of noisy self-play (levels 2 then 7, seeds 77 on), every
 * five plies from ply 6 while the game goes on: n of them in out. */
static int selfplay_positions(ng_game **out, int n)
{
	ng_search *s = ng_search_new();
	int k = 0;
	for (int seed = 77; s && k < n && seed < 77 + 10 * n; seed++) {
		ng_game *g = ng_game_new(NG_STANDARD);
		ng_search_set_seed(s, (uint64_t)seed);
		for (int ply = 0; g && ply < 60 && k < n && ng_game_result(g) == NG_NONE; ply++) {
			ng_info in;
			ng_search_set_level(s, ply < 4 ? 2 : 7);
			if (ng_search_run(s, g, NULL, NULL, NULL, &in) || ng_game_play(g, in.best))
				break;
			if (ply >= 6 && ply % 5 == 1 && ng_game_result(g) == NG_NONE)
				out[k++] = ng_game_copy(g);
		}
		ng_game_free(g);
	}
	ng_search_free(s);
	return k;
}

/*
 * `bench ttd DEPTH N': the time the top level takes to reach DEPTH over N
 * self-play positions (each from an empty table), on one thread and on
 * one a core: the measure of a change that keeps the tree but makes it
 * cheaper, or of the threads' use of the cores (doc/engine.md, Threads).
 */
/* BENCH_EVAL's evaluation for s, if set. */
static void bench_eval(ng_search *s)
{
	const char *e = getenv("BENCH_EVAL");
	if (e && s)
		ng_search_set_eval(s, !strcmp(e, "net") ? NG_EVAL_NET :
		                      !strcmp(e, "hand") ? NG_EVAL_HAND : NG_EVAL_LEVEL);
}

static int time_to_depth(int depth, int n)
{
	ng_game *pos[200];
	n = selfplay_positions(pos, n < 1 ? 1 : n > 200 ? 200 : n);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int counts[2] = { 1, cores > 1 ? (int)(cores > NG_THREADS_MAX ? NG_THREADS_MAX : cores) : 2 };
	ng_search *s = ng_search_new();
	bench_eval(s);
	for (int k = 0; s && k < 2; k++) {
		ng_search_set_level(s, 10);
		ng_search_set_threads(s, counts[k]);
		double t = 0;
		int64_t nodes = 0;
		for (int i = 0; i < n; i++) {
			ng_search_clear(s);
			ng_limits lim = { 0, depth, 0 };
			ng_info info;
			double t0 = now();
			ng_search_run(s, pos[i], &lim, NULL, NULL, &info);
			t += now() - t0;
			nodes += info.nodes;
		}
		printf("time to depth %d, %d positions, %d thread%s: %.2f s, %lld nodes\n", depth,
		       n, counts[k], counts[k] > 1 ? "s" : "", t, (long long)nodes);
	}
	for (int i = 0; i < n; i++)
		ng_game_free(pos[i]);
	ng_search_free(s);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "ttd"))
		return time_to_depth(argc > 2 ? atoi(argv[2]) : 4, argc > 3 ? atoi(argv[3]) : 40);
	int depth = argc > 1 ? atoi(argv[1]) : 4;
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);

	/* perft(3), bulk-counted leaves */
	uint64_t n = 0;
	double t = now();
	ng_perft(&p, 3, &n);
	t = now() - t;
	printf("perft(3) start standard: %llu leaves in %.3f s = %.1f M leaves/s\n",
	       (unsigned long long)n, t, (double)n / t / 1e6);

	/* generate + make + unmake over every depth-2 node */
	ng_movelist *l1 = malloc(sizeof *l1), *l2 = malloc(sizeof *l2);
	uint64_t moves = 0, gens = 0;
	t = now();
	ng_generate(&p, l1);
	for (int i = 0; i < l1->n; i++) {
		ng_undo u1;
		ng_make(&p, l1->m[i], &u1);
		ng_generate(&p, l2);
		gens++;
		for (int j = 0; j < l2->n; j++) {
			ng_undo u2;
			ng_make(&p, l2->m[j], &u2);
			ng_unmake(&p, &u2);
			moves++;
		}
		ng_unmake(&p, &u1);
	}
	t = now() - t;
	printf("generate+make+unmake: %llu moves from %llu lists in %.3f s = %.1f ns per move\n",
	       (unsigned long long)moves, (unsigned long long)gens, t, t * 1e9 / (double)moves);
	free(l1);
	free(l2);

	/* search: fixed depth, one thread, fixed seed; the signature changes
	 * only with the tree, so it compares across versions */
	ng_search *s = ng_search_new();
	ng_game *g = ng_game_new(NG_STANDARD);
	int64_t total = 0;
	bench_eval(s);
	t = now();
	for (int i = 0; i < NPOS; i++) {
		ng_pos q;
		if (ng_pos_parse(&q, POSITIONS[i], NG_STANDARD)) {
			printf("bad bench position %d\n", i);
			return 1;
		}
		ng_game_set(g, &q);
		ng_search_set_level(s, 10);
		ng_search_set_seed(s, 1);
		ng_search_clear(s);
		ng_limits lim = { 0, depth, 0 };
		ng_info info;
		ng_search_run(s, g, &lim, NULL, NULL, &info);
		char mv[NG_MOVE_TEXT];
		ng_move_format(&q, info.best, mv);
		printf("  position %d depth %d: %lld nodes, score %d, %s (%lld ms)\n", i + 1,
		       info.depth, (long long)info.nodes, info.score, mv, (long long)info.time_ms);
		total += info.nodes;
	}
	t = now() - t;
	printf("search depth %d: %lld nodes in %.2f s = %.0f nodes/s\n", depth,
	       (long long)total, t, (double)total / t);
	printf("signature: %lld\n", (long long)total);
	if (argc > 2 && !strcmp(argv[2], "signature"))
		return 0;   /* (for instruction counts: perf stat, callgrind) */

	/* time control: the top level given 500 ms must stop within 10 % */
	for (int i = 0; i < NPOS; i++) {
		ng_pos q;
		ng_pos_parse(&q, POSITIONS[i], NG_STANDARD);
		ng_game_set(g, &q);
		ng_search_set_level(s, 10);
		ng_limits lim = { 500, 0, 0 };
		ng_info info;
		double t0 = now();
		ng_search_run(s, g, &lim, NULL, NULL, &info);
		double ms = (now() - t0) * 1000;
		printf("  movetime 500 ms, position %d: stopped after %.0f ms (depth %d, %lld nodes)%s\n",
		       i + 1, ms, info.depth, (long long)info.nodes,
		       ms > 550 ? "  OVER 10%" : "");
	}

	/* the top level for 1 s a move, on one thread and on one a core:
	 * nodes per second and the depth reached */
	printf("node rates: not comparable with builds before 5f33d29 (the threat check's\n"
	       "skipped moves count as nodes) or 5064db5 (threads no longer repeat each\n"
	       "other's nodes); compare the time to depth and the signature instead\n");
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int counts[2] = { 1, cores > 1 ? (int)(cores > NG_THREADS_MAX ? NG_THREADS_MAX : cores) : 2 };
	for (int k = 0; k < 2; k++) {
		ng_search_set_threads(s, counts[k]);
		int64_t nodes = 0, ms = 0;
		int depths = 0;
		for (int i = 0; i < NPOS; i++) {
			ng_pos q;
			ng_pos_parse(&q, POSITIONS[i], NG_STANDARD);
			ng_game_set(g, &q);
			ng_search_set_level(s, 10);
			ng_search_clear(s);
			ng_limits lim = { 1000, 0, 0 };
			ng_info info;
			ng_search_run(s, g, &lim, NULL, NULL, &info);
			nodes += info.nodes;
			ms += info.time_ms;
			depths += info.depth;
			printf("  1 s, %d thread%s, position %d: depth %d, %lld nodes\n", counts[k],
			       counts[k] > 1 ? "s" : "", i + 1, info.depth, (long long)info.nodes);
		}
		printf("1 s a move, %d thread%s: %.0f nodes/s, depth %.1f on average\n", counts[k],
		       counts[k] > 1 ? "s" : "", ms ? (double)nodes * 1000 / (double)ms : 0,
		       (double)depths / NPOS);
	}
	ng_search_free(s);
	ng_game_free(g);
	return 0;
}
