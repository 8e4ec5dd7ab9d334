/*
 * tactics_test.c - the tactical suite.  test/tactics.txt holds positions of
 * two kinds, told apart here by exhaustive analysis, not stored answers:
 *
 *   win2    the side to move has no winning slide but has a move after
 *           which the opponent cannot win at once and every reply leaves a
 *           winning slide: the engine's move must be such a move;
 *   defend  the opponent threatens to win and only a few moves stop every
 *           threat: the engine's move must be one of them.
 *
 * The top level with 1 s per move must solve all of them.
 *   tactics_test            run the suite
 *   tactics_test --generate N SEED   print N new positions found in random
 *                                    games (how tactics.txt was made)
 */
#include "nonaga.h"
#include "tap.h"
#include "puzzle_check.h"
#include <stdlib.h>
#include <string.h>

/* What makes a position a win in two or a threat to parry is decided
 * exhaustively by test/puzzle_check.h, as for the puzzles. */
enum { OTHER = PZ_NONE, WIN2 = PZ_WIN2, DEFEND = PZ_PARRY };

/* The kind of a position, and how many moves solve it. */
static int classify(const ng_pos *pos, int *solutions, int *total)
{
	return pz_classify(pos, NULL, 0, solutions, total);
}

static int solved(const ng_pos *pos, int kind, ng_move m)
{
	return kind == WIN2 ? pz_wins_in_two(pos, m) : pz_parries(pos, m);
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int generate(int want, uint64_t seed)
{
	int found[3] = { 0, 0, 0 };
	ng_movelist *l = malloc(sizeof *l);
	for (int game = 0; found[WIN2] + found[DEFEND] < want && game < 100000; game++) {
		ng_pos p;
		ng_pos_start(&p, NG_STANDARD);
		for (int ply = 0; ply < 40 && ng_pos_winner(&p) == NG_NONE; ply++) {
			int sol, tot, k = classify(&p, &sol, &tot);
			if (k != OTHER && found[k] < (want + 1) / 2) {
				char buf[NG_POS_TEXT];
				ng_pos_format(&p, buf);
				printf("%s %s  # %d of %d moves\n", k == WIN2 ? "win2" : "defend",
				       buf, sol, tot);
				found[k]++;
				break;
			}
			ng_generate(&p, l);
			/* random play that avoids handing over a win in one */
			ng_move m = l->m[rnd(&seed) % (uint64_t)l->n];
			for (int t = 0; t < 20; t++) {
				ng_pos q = p;
				ng_undo u;
				ng_make(&q, m, &u);
				if (!ng_pos_threats(&q, ng_pos_side(&q)))
					break;
				m = l->m[rnd(&seed) % (uint64_t)l->n];
			}
			ng_undo u;
			ng_make(&p, m, &u);
		}
	}
	free(l);
	return 0;
}

/*
 * Every level from 2 up stops a threat when some move does, and every
 * level takes a win in one: after the win-in-two move and any reply the
 * winning slide must be played.  Level 1 (the web heuristic) takes wins
 * but may miss defences, as the original did.
 */
static void every_level(ng_search *s, ng_game *g, const ng_pos *p, int kind)
{
	ng_pos w = *p;
	if (kind == WIN2) {
		static ng_movelist l2;
		ng_movelist *l = &l2;
		ng_generate(p, l);
		int i = 0;
		while (i < l->n && !pz_wins_in_two(p, l->m[i]))
			i++;
		ng_undo u;
		ng_make(&w, l->m[i], &u);
		ng_generate(&w, l);
		ng_make(&w, l->m[l->n / 2], &u);
	}
	for (int level = 1; level <= NG_LEVEL_MAX; level++) {
		if (kind == DEFEND && level == 1)
			continue;
		ng_game_set(g, &w);
		ng_search_set_level(s, level);
		ng_search_set_seed(s, (uint64_t)level);
		ng_limits lim = { 100, 0, 0 };
		ng_info info;
		ng_search_run(s, g, &lim, NULL, NULL, &info);
		ng_pos a = w;
		ng_undo u;
		ng_make(&a, info.best, &u);
		if (kind == WIN2)
			CHECK(ng_pos_winner(&a) != NG_NONE, "level %d misses a win in one", level);
		else
			CHECK(pz_parries(&w, info.best), "level %d does not stop a threat", level);
	}
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--generate"))
		return generate(atoi(argv[2]), strtoull(argv[3], NULL, 10) | 1);
	const char *path = getenv("TACTICS") ? getenv("TACTICS") : "test/tactics.txt";
	FILE *f = fopen(path, "r");
	CHECK(f != NULL, "cannot open %s", path);
	if (!f)
		return tests_done("tactics");
	char line[1024];
	int kinds[3] = { 0, 0, 0 };
	ng_search *s = ng_search_new();
	ng_search *s2 = ng_search_new();   /* the same with two threads */
	CHECK(s2 && ng_search_set_threads(s2, 2) == NG_OK && ng_search_threads(s2) == 2,
	      "two threads");
	ng_game *g = ng_game_new(NG_STANDARD);
	while (fgets(line, sizeof line, f)) {
		char kind[16], text[NG_POS_TEXT];
		if (line[0] == '#' || sscanf(line, "%15s %511s", kind, text) != 2)
			continue;
		ng_pos p;
		CHECK(ng_pos_parse(&p, text, NG_STANDARD) == NG_OK, "bad position %s", text);
		int sol, tot, k = classify(&p, &sol, &tot);
		int want = !strcmp(kind, "win2") ? WIN2 : DEFEND;
		CHECK(k == want, "%s is not a %s position (%d of %d moves)", text, kind, sol, tot);
		if (k != want)
			continue;
		kinds[k]++;
		ng_game_set(g, &p);
		ng_search_set_level(s, NG_LEVEL_MAX);
		ng_search_set_seed(s, 1);
		ng_limits lim = { 1000, 0, 0 };
		ng_info info;
		CHECK(ng_search_run(s, g, &lim, NULL, NULL, &info) == NG_OK, "search failed");
		char mv[NG_MOVE_TEXT];
		ng_move_format(&p, info.best, mv);
		CHECK(solved(&p, k, info.best), "%s %s: engine played %s, not one of the %d solutions",
		      kind, text, mv, sol);
		if (k == WIN2)
			CHECK(info.score > NG_MATE - 100, "%s: win not announced (score %d)", text, info.score);
		/* two threads find a solution too, and the same proven win */
		ng_info info2;
		ng_search_set_level(s2, NG_LEVEL_MAX);
		CHECK(ng_search_run(s2, g, &lim, NULL, NULL, &info2) == NG_OK, "threaded search failed");
		ng_move_format(&p, info2.best, mv);
		CHECK(solved(&p, k, info2.best), "%s %s: two threads played %s, not one of the %d solutions",
		      kind, text, mv, sol);
		if (k == WIN2)
			CHECK(info2.score == info.score, "%s: two threads score %d, one %d", text,
			      info2.score, info.score);
		every_level(s, g, &p, k);
	}
	fclose(f);
	CHECK(kinds[WIN2] >= 10 && kinds[DEFEND] >= 10, "suite too small: %d win2, %d defend",
	      kinds[WIN2], kinds[DEFEND]);
	ng_search_free(s);
	ng_search_free(s2);
	ng_game_free(g);
	return tests_done("tactics");
}
