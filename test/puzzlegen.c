/*
 * puzzlegen.c - make the puzzle set (src/nonaga/puzzles.txt, `make
 * puzzles'): positions met in games the engine plays against itself, at
 * levels 2 to 4 with a fixed seed, so the set is the same every time,
 * kept when test/puzzle_check.h finds them to be puzzles.
 *
 *   puzzlegen [WIN2 PARRY [SEED]]    print WIN2 + PARRY puzzles (150 100 1)
 *
 * A line of the set:
 *
 *   KIND DIFFICULTY MOVES POSITION SOLUTION...
 *
 * KIND is win2 or parry, MOVES the number of legal moves, POSITION the
 * position in the engine's notation and SOLUTION... every first move that
 * solves it (and no other), in the engine's notation.  DIFFICULTY (1 easy,
 * 2 medium, 3 hard) is measured by the share of the legal moves that solve
 * the puzzle: 1 when at least 1 in 20 does, 2 when at least 1 in 100 does,
 * 3 when fewer do.  The lines are sorted by difficulty (the order the
 * program offers them in), then kind (parry first), then share (larger
 * first).
 */
#include "nonaga.h"
#include "puzzle_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXSOL 40        /* puzzles with more solutions are not kept */
#define MAXPUZ 2000

typedef struct puzzle {
	int kind, diff, nsol, total;
	ng_pos pos;
	ng_move sol[MAXSOL];
} puzzle;

static puzzle P[MAXPUZ];
static int np;

static int difficulty(int nsol, int total)
{
	return nsol * 20 >= total ? 1 : nsol * 100 >= total ? 2 : 3;
}

static int seen(const ng_pos *pos)
{
	for (int i = 0; i < np; i++)
		if (ng_pos_same(&P[i].pos, pos))
			return 1;
	return 0;
}

static int cmp(const void *a, const void *b)
{
	const puzzle *x = a, *y = b;
	if (x->diff != y->diff)
		return x->diff - y->diff;
	if (x->kind != y->kind)
		return y->kind - x->kind;   /* parry first: the easier idea */
	/* share: nsol / total, larger first */
	long l = (long)x->nsol * y->total, r = (long)y->nsol * x->total;
	if (l != r)
		return l > r ? -1 : 1;
	char s[NG_POS_TEXT], t[NG_POS_TEXT];
	ng_pos_format(&x->pos, s);
	ng_pos_format(&y->pos, t);
	return strcmp(s, t);
}

int main(int argc, char **argv)
{
	int want[3] = { 0, 150, 100 };
	uint64_t seed = 1;
	if (argc >= 3) {
		want[PZ_WIN2] = atoi(argv[1]);
		want[PZ_PARRY] = atoi(argv[2]);
	}
	if (argc >= 4)
		seed = strtoull(argv[3], NULL, 10);
	if (want[1] < 0 || want[2] < 0 || want[1] + want[2] > MAXPUZ) {
		fprintf(stderr, "usage: puzzlegen [WIN2 PARRY [SEED]]\n");
		return 2;
	}
	clock_t t0 = clock();
	int have[3] = { 0, 0, 0 }, games = 0;
	ng_search *s[2] = { ng_search_new(), ng_search_new() };
	ng_game *g = ng_game_new(NG_STANDARD);
	if (!s[0] || !s[1] || !g)
		return 1;
	while ((have[1] < want[1] || have[2] < want[2]) && games < 100000) {
		games++;
		ng_game_reset(g, NG_STANDARD);
		for (int i = 0; i < 2; i++) {
			ng_search_set_level(s[i], 2 + (int)((games * 3 + i) % 3));
			ng_search_set_seed(s[i], seed * 1000003u + (uint64_t)games * 2 + (uint64_t)i);
			ng_search_clear(s[i]);
		}
		while (ng_game_result(g) == NG_NONE && ng_game_ply(g) < 200) {
			const ng_pos *pos = ng_game_pos(g);
			puzzle *pz = &P[np];
			pz->kind = pz_classify(pos, pz->sol, MAXSOL, &pz->nsol, &pz->total);
			if (pz->kind != PZ_NONE && pz->nsol <= MAXSOL &&
			    have[pz->kind] < want[pz->kind] && !seen(pos)) {
				pz->pos = *pos;
				pz->diff = difficulty(pz->nsol, pz->total);
				have[pz->kind]++;
				np++;
			}
			ng_info info;
			if (ng_search_run(s[ng_pos_side(pos)], g, NULL, NULL, NULL, &info) != NG_OK ||
			    ng_game_play(g, info.best) != NG_OK)
				break;
		}
	}
	qsort(P, (size_t)np, sizeof P[0], cmp);
	printf("# nonaga puzzles: made by `make puzzles' (build/puzzlegen %d %d %llu)\n",
	       want[1], want[2], (unsigned long long)seed);
	printf("# KIND DIFFICULTY MOVES POSITION SOLUTION... (see test/puzzlegen.c)\n");
	for (int i = 0; i < np; i++) {
		char pt[NG_POS_TEXT], mt[NG_MOVE_TEXT];
		ng_pos_format(&P[i].pos, pt);
		printf("%s %d %d %s", P[i].kind == PZ_WIN2 ? "win2" : "parry",
		       P[i].diff, P[i].total, pt);
		for (int j = 0; j < P[i].nsol; j++) {
			ng_move_format(&P[i].pos, P[i].sol[j], mt);
			printf(" %s", mt);
		}
		printf("\n");
	}
	int count[3][4] = { { 0 } };
	for (int i = 0; i < np; i++)
		count[P[i].kind][P[i].diff]++;
	fprintf(stderr, "puzzlegen: %d games, %.1f s; win2 %d (%d/%d/%d), parry %d (%d/%d/%d)\n",
	        games, (double)(clock() - t0) / CLOCKS_PER_SEC,
	        have[1], count[1][1], count[1][2], count[1][3],
	        have[2], count[2][1], count[2][2], count[2][3]);
	ng_game_free(g);
	ng_search_free(s[0]);
	ng_search_free(s[1]);
	return np == want[1] + want[2] ? 0 : 1;
}
