/*
 * openingsgen.c - make the openings of the server's computer matches
 * (src/nonaga/server/openings.txt, `make openings'): random first turns
 * from the standard position, so that two computers that meet again do
 * not play the same game again (levels 4, 7 and 9 choose without
 * randomness) and a step of the ladder is measured over many games
 * (doc/engine.md, The ladder).
 *
 *   openingsgen [N [SEED]]    print N openings (128 1)
 *
 * A line holds red's first move then blue's, in the engine's notation.
 * Each move is drawn among all the legal moves, again (up to 50 times)
 * while it hands the opponent a win in one; an opening is kept when a
 * depth-3 search at level 10 finds no forced result for the side to move
 * after it (such an opening tests the colour, not the players, and its
 * game may be over before anyone sees it), and when it is not already
 * kept.  The search runs on one thread from a cleared table with a fixed
 * seed, so the same N and SEED print the same lines.
 */
#include "nonaga.h"
#include <stdio.h>
#include <stdlib.h>

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A random move of *pos that hands no win in one, or any if none does
 * within 50 draws. */
static ng_move draw(const ng_pos *pos, ng_movelist *l, uint64_t *rng)
{
	ng_generate(pos, l);
	ng_move m = l->m[0];
	for (int tries = 0; tries < 50; tries++) {
		m = l->m[rnd(rng) % (uint64_t)l->n];
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, m, &u);
		if (ng_pos_winner(&c) == NG_NONE && !ng_pos_threats(&c, ng_pos_side(&c)))
			break;
	}
	return m;
}

/* Is the position after the opening decided within three turns? */
static int decided(ng_search *s, const ng_game *g)
{
	ng_limits lim = { 0, 3, 0 };
	ng_info info;
	ng_search_clear(s);
	if (ng_search_run(s, g, &lim, NULL, NULL, &info) != NG_OK)
		return 1;
	return info.score > NG_MATE_BOUND || info.score < -NG_MATE_BOUND;
}

int main(int argc, char **argv)
{
	int want = argc > 1 ? atoi(argv[1]) : 128;
	uint64_t rng = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	rng = rng * 0x9E3779B97F4A7C15ull | 1;
	ng_movelist *l = malloc(sizeof *l);
	ng_search *s = ng_search_new();
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_pos *kept = malloc(sizeof *kept * (size_t)(want > 0 ? want : 1));
	if (!l || !s || !g || !kept || want < 1 || ng_search_set_level(s, NG_LEVEL_MAX) != NG_OK) {
		fprintf(stderr, "openingsgen: out of memory, or N below 1\n");
		return 1;
	}
	ng_search_set_seed(s, 1);
	printf("# The openings of the server's computer matches (server_computer_match.c),\n"
	       "# made by `make openings' (test/openingsgen.c %d %s): red's move, blue's.\n",
	       want, argc > 2 ? argv[2] : "1");
	int n = 0;
	for (long tries = 0; n < want && tries < 100L * want; tries++) {
		ng_game_reset(g, NG_STANDARD);
		char text[2][NG_MOVE_TEXT];
		for (int ply = 0; ply < 2; ply++) {
			ng_move m = draw(ng_game_pos(g), l, &rng);
			ng_move_format(ng_game_pos(g), m, text[ply]);
			ng_game_play(g, m);
		}
		int dup = 0;
		for (int i = 0; i < n && !dup; i++)
			dup = ng_pos_same(&kept[i], ng_game_pos(g));
		if (dup || ng_game_result(g) != NG_NONE || decided(s, g))
			continue;
		kept[n++] = *ng_game_pos(g);
		printf("%s %s\n", text[0], text[1]);
	}
	ng_game_free(g);
	ng_search_free(s);
	free(l);
	free(kept);
	if (n < want) {
		fprintf(stderr, "openingsgen: only %d openings of %d\n", n, want);
		return 1;
	}
	return 0;
}
