/*
 * openings_test.c - the openings of the server's computer matches
 * (src/nonaga/server/openings.txt, made by test/openingsgen.c): every
 * line is two legal moves from the standard position, red's then blue's,
 * neither hands the opponent a win in one, no two lines reach the same
 * position, there are enough of them (64 at least) for two computers to
 * meet often without playing one opening twice, and a sample of them (every
 * sixteenth) is not decided within three turns at level 10.
 */
#include "tap.h"
#include "nonaga.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOOK "src/nonaga/server/openings.txt"
#define MAXLINES 1024

int main(void)
{
	FILE *f = fopen(BOOK, "r");
	CHECK(f != NULL, "%s opens", BOOK);
	if (!f)
		return tests_done("openings_test");
	static ng_pos seen[MAXLINES];
	char line[512];
	int n = 0, bad = 0, gives = 0, dup = 0, sampled = 0, decided = 0;
	ng_search *s = ng_search_new();
	CHECK(s && ng_search_set_level(s, NG_LEVEL_MAX) == NG_OK, "a search at level 10");
	while (fgets(line, sizeof line, f) && n < MAXLINES) {
		if (line[0] == '#')
			continue;
		ng_game *g = ng_game_new(NG_STANDARD);
		char *save = NULL;
		int moves = 0, ok = g != NULL;
		for (char *w = strtok_r(line, " \n", &save); ok && w; w = strtok_r(NULL, " \n", &save)) {
			ng_move m;
			ok = ng_move_parse(ng_game_pos(g), w, &m) == NG_OK && ng_game_play(g, m) == NG_OK;
			moves++;
			if (ok && ng_pos_threats(ng_game_pos(g), ng_pos_side(ng_game_pos(g))))
				gives++;
		}
		if (!ok || moves != 2 || ng_game_result(g) != NG_NONE) {
			bad++;
			fprintf(stderr, "  line %d is not two legal moves\n", n + 1);
		} else {
			for (int i = 0; i < n; i++)
				dup += ng_pos_same(&seen[i], ng_game_pos(g));
			seen[n] = *ng_game_pos(g);
			if (n % 16 == 0 && s) {
				ng_limits lim = { 0, 3, 0 };
				ng_info info;
				ng_search_clear(s);
				sampled++;
				decided += ng_search_run(s, g, &lim, NULL, NULL, &info) != NG_OK ||
				           info.score > NG_MATE_BOUND || info.score < -NG_MATE_BOUND;
			}
		}
		ng_game_free(g);
		n++;
	}
	fclose(f);
	ng_search_free(s);
	CHECK(n >= 64, "%d openings, 64 at least", n);
	CHECK(bad == 0, "each line is red's legal move then blue's (%d not)", bad);
	CHECK(gives == 0, "no move hands the opponent a win in one (%d do)", gives);
	CHECK(dup == 0, "no two openings reach the same position (%d do)", dup);
	CHECK(sampled > 0 && decided == 0, "none of %d sampled is decided within three turns "
	      "(%d are)", sampled, decided);
	return tests_done("openings_test");
}
