/*
 * puzzles_test.c - the shipped puzzle set (src/nonaga/puzzles.txt), every
 * puzzle checked again exhaustively (test/puzzle_check.h): it parses, is
 * of its kind, its difficulty and move count are right, and its solution
 * list is exactly the set of first moves that solve it.  There are at
 * least 200, and the lines are sorted by difficulty as puzzlegen.c sorts them.
 *
 *   puzzles_test                   the test
 *   puzzles_test --show N [MOVE...]
 *       for test/tui_puzzle_test.sh: puzzle N (from 1, in the file's
 *       order) after the moves given: "pos POSITION", then with no moves
 *       "right MOVE" (a solution), "wrong MOVE" (a legal move that is
 *       not one) and "quiet MOVE" (one that is not and leaves the
 *       opponent no winning slide, if any), else "win MOVE" when the
 *       side to move has a winning slide.
 */
#include "nonaga.h"
#include "puzzle_check.h"
#include "tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SET "src/nonaga/puzzles.txt"
#define MAXSOL 64

/* The Nth puzzle's line (from 1), or NULL. */
static char *nth(int n, char *line, size_t size)
{
	FILE *f = fopen(SET, "r");
	if (!f)
		return NULL;
	while (fgets(line, (int)size, f))
		if (line[0] != '#' && --n == 0) {
			fclose(f);
			line[strcspn(line, "\n")] = 0;
			return line;
		}
	fclose(f);
	return NULL;
}

static int show(int argc, char **argv)
{
	static char line[65536];
	char *save = NULL, text[NG_POS_TEXT];
	if (argc < 3 || !nth(atoi(argv[2]), line, sizeof line))
		return 2;
	strtok_r(line, " ", &save);
	strtok_r(NULL, " ", &save);
	strtok_r(NULL, " ", &save);
	ng_pos pos, start;
	if (ng_pos_parse(&pos, strtok_r(NULL, " ", &save), NG_STANDARD) != NG_OK)
		return 2;
	start = pos;
	for (int i = 3; i < argc; i++) {
		ng_move m;
		ng_undo u;
		if (ng_move_parse(&pos, argv[i], &m) != NG_OK)
			return 2;
		ng_make(&pos, m, &u);
	}
	ng_pos_format(&pos, text);
	printf("pos %s\n", text);
	ng_movelist *l = pz_list(0);
	char mt[NG_MOVE_TEXT];
	if (argc > 3) {
		ng_generate(&pos, l);
		for (int i = 0; i < l->n; i++) {
			ng_pos a = pos;
			ng_undo u;
			ng_make(&a, l->m[i], &u);
			if (ng_pos_winner(&a) != NG_NONE) {
				ng_move_format(&pos, l->m[i], mt);
				printf("win %s\n", mt);
				break;
			}
		}
		return 0;
	}
	char *first = strtok_r(NULL, " ", &save);
	printf("right %s\n", first);
	ng_move sol[MAXSOL];
	int nsol, total;
	pz_classify(&start, sol, MAXSOL, &nsol, &total);
	ng_generate(&start, l);
	int wrong = 0, quiet = 0;
	for (int i = 0; i < l->n && !(wrong && quiet); i++) {
		int is = 0;
		for (int j = 0; j < nsol; j++)
			is |= ng_move_equal(sol[j], l->m[i]);
		if (is)
			continue;
		ng_pos a = start;
		ng_undo u;
		ng_make(&a, l->m[i], &u);
		ng_move_format(&start, l->m[i], mt);
		if (!wrong++)
			printf("wrong %s\n", mt);
		if (!quiet && !pz_win_now(&a)) {
			printf("quiet %s\n", mt);
			quiet = 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--show"))
		return show(argc, argv);
	FILE *f = fopen(SET, "r");
	CHECK(f != NULL, "cannot open %s", SET);
	if (!f)
		return tests_done("puzzles_test");
	static char line[65536];
	int n = 0, bad = 0, lineno = 0, kinds[3] = { 0 };
	int last_kind = PZ_PARRY, last_diff = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (line[0] == '#')
			continue;
		line[strcspn(line, "\n")] = 0;
		char *save = NULL;
		char *kind = strtok_r(line, " ", &save);
		char *diff = strtok_r(NULL, " ", &save);
		char *moves = strtok_r(NULL, " ", &save);
		char *text = strtok_r(NULL, " ", &save);
		n++;
		if (!kind || !diff || !moves || !text) {
			CHECK(0, "line %d: too few fields", lineno);
			bad++;
			continue;
		}
		int k = !strcmp(kind, "win2") ? PZ_WIN2 : !strcmp(kind, "parry") ? PZ_PARRY : PZ_NONE;
		ng_pos pos;
		if (k == PZ_NONE || ng_pos_parse(&pos, text, NG_STANDARD) != NG_OK) {
			CHECK(0, "line %d: bad kind or position", lineno);
			bad++;
			continue;
		}
		kinds[k]++;
		ng_move listed[MAXSOL];
		int nl = 0, ok = 1;
		for (char *m; (m = strtok_r(NULL, " ", &save)) != NULL;) {
			if (nl == MAXSOL || ng_move_parse(&pos, m, &listed[nl]) != NG_OK) {
				ok = 0;
				break;
			}
			for (int j = 0; j < nl; j++)
				if (ng_move_equal(listed[j], listed[nl]))
					ok = 0;   /* listed twice */
			nl++;
		}
		ng_move sol[MAXSOL];
		int nsol, total;
		int got = pz_classify(&pos, sol, MAXSOL, &nsol, &total);
		ok = ok && got == k && nsol == nl && nsol <= MAXSOL && total == atoi(moves);
		for (int i = 0; ok && i < nl; i++) {
			int found = 0;
			for (int j = 0; j < nsol; j++)
				found |= ng_move_equal(listed[i], sol[j]);
			ok = found;
		}
		int d = nsol * 20 >= total ? 1 : nsol * 100 >= total ? 2 : 3;
		ok = ok && atoi(diff) == d;
		/* sorted by difficulty, then kind (parry first) */
		ok = ok && (d > last_diff || (d == last_diff && k <= last_kind));
		last_kind = k;
		last_diff = d;
		if (!ok) {
			CHECK(0, "line %d: not the %s puzzle it says (%d solutions found, %d listed)",
			      lineno, kind, nsol, nl);
			bad++;
		}
	}
	fclose(f);
	CHECK(bad == 0, "%d of %d puzzles are wrong", bad, n);
	CHECK(n >= 200, "only %d puzzles", n);
	CHECK(kinds[PZ_WIN2] > 0 && kinds[PZ_PARRY] > 0, "both kinds: %d win2, %d parry",
	      kinds[PZ_WIN2], kinds[PZ_PARRY]);
	return tests_done("puzzles_test");
}
