/*
 * api_test.c - what a bot or a front end needs besides the rules and the
 * search: cells and directions, names both ways, the version, a game's
 * copy, and the choices of each step of a turn.
 */
#include "nonaga.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static void test_cells(void)
{
	static const int dq[6] = { 1, 1, 0, -1, -1, 0 };
	static const int dr[6] = { 0, -1, -1, 0, 1, 1 };
	int ok = 1;
	for (int d = 0; d < 6; d++) {
		ng_cell s = ng_direction(d);
		ok &= s.q == dq[d] && s.r == dr[d];
		ok &= ng_cell_equal(ng_direction(d + 6), s) && ng_cell_equal(ng_direction(d - 6), s);
		/* the opposite direction is three steps round */
		ng_cell o = ng_direction(d + 3);
		ok &= o.q == -s.q && o.r == -s.r;
	}
	CHECK(ok, "the six directions, in the header's order, modulo 6");
	ng_cell c = { -7, 1000000 }, n = ng_neighbour(c, 2);
	CHECK(n.q == -7 && n.r == 999999, "neighbour in direction 2 of -7,1000000: %d,%d", n.q, n.r);
	CHECK(ng_cell_equal(ng_neighbour(ng_neighbour(c, 4), 1), c), "there and back");
	CHECK(!ng_cell_equal(c, n) && ng_cell_equal(c, c), "cell equality");
	/* every disc of the start has a neighbour disc in some direction */
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	ng_cell d[NG_DISCS];
	int nd = ng_pos_discs(&p, d), all = 1;
	for (int i = 0; i < nd; i++) {
		int k = 0;
		for (int dir = 0; dir < 6; dir++)
			k += ng_pos_has_disc(&p, ng_neighbour(d[i], dir));
		all &= k >= 3;
	}
	CHECK(nd == NG_DISCS && all, "start discs touch at least three discs each");
}

static void test_names(void)
{
	static const char *const rules[] = { "standard", "simple" };
	static const char *const results[] = { "none", "red", "blue", "draw" };
	int ok = 1;
	for (int i = 0; i < 2; i++) {
		ng_rules r = (ng_rules)!i;
		ok &= !strcmp(ng_rules_name((ng_rules)i), rules[i]);
		ok &= ng_rules_from_name(rules[i], &r) == NG_OK && r == (ng_rules)i;
	}
	CHECK(ok, "rule sets by name and back");
	ok = 1;
	for (int i = 0; i < 4; i++) {
		ng_result r = (ng_result)((i + 1) % 4);
		ok &= !strcmp(ng_result_name((ng_result)i), results[i]);
		ok &= ng_result_from_name(results[i], &r) == NG_OK && r == (ng_result)i;
	}
	CHECK(ok, "results by name and back");
	ng_rules r = NG_SIMPLE;
	ng_result res = NG_DRAW;
	CHECK(ng_rules_from_name("Standard", &r) == NG_ERR_SYNTAX && r == NG_SIMPLE &&
	      ng_rules_from_name("", &r) == NG_ERR_SYNTAX && ng_rules_from_name(NULL, &r) == NG_ERR_SYNTAX &&
	      ng_result_from_name("white", &res) == NG_ERR_SYNTAX && res == NG_DRAW,
	      "unknown names are refused, the value untouched");
	CHECK(ng_rules_name((ng_rules)2) == NULL && ng_result_name((ng_result)4) == NULL &&
	      ng_result_name((ng_result)-1) == NULL, "no name for a value out of range");
	CHECK(!strcmp(ng_version(), NG_VERSION), "the library is the header's version: %s", ng_version());
}

static uint64_t rng = 12345;
static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(rng >> 33) % n;
}

static int in(const ng_cell *l, int n, ng_cell c)
{
	for (int i = 0; i < n; i++)
		if (ng_cell_equal(l[i], c))
			return 1;
	return 0;
}

/* The choices of each step agree with the legal moves, along random
 * games under both rule sets. */
static void test_steps(void)
{
	ng_movelist *l = malloc(sizeof *l);
	int positions = 0, tok_ok = 1, disc_ok = 1, why_ok = 1, over_ok = 1;
	for (int game = 0; game < 6; game++) {
		ng_pos p;
		ng_pos_start(&p, game & 1 ? NG_SIMPLE : NG_STANDARD);
		for (int ply = 0; ply < 40; ply++) {
			int n = ng_generate(&p, l);
			ng_cell tok[3];
			int nt = ng_movable_tokens(&p, tok);
			if (n == 0) {
				over_ok &= nt == 0;
				break;
			}
			positions++;
			/* the tokens: those that start a slide of some move */
			int starts = 0;
			ng_cell all[3];
			ng_pos_tokens(&p, ng_pos_side(&p), all);
			for (int k = 0; k < 3; k++) {
				int used = 0;
				for (int i = 0; i < n && !used; i++) {
					ng_cell f, t;
					used = ng_move_slide(&p, l->m[i], &f, &t) && ng_cell_equal(f, all[k]);
				}
				starts += used;
				tok_ok &= used == in(tok, nt, all[k]);
				why_ok &= used == (ng_why_not_token(&p, all[k]) == NG_OK);
			}
			tok_ok &= starts == nt;
			/* the discs after one slide (or none): those taken by some
			 * move with that slide */
			ng_move m0 = l->m[rnd((unsigned)n)];
			ng_cell sf, st, *psf = NULL, *pst = NULL;
			if (ng_move_slide(&p, m0, &sf, &st)) {
				psf = &sf;
				pst = &st;
			}
			ng_cell d[NG_DISCS];
			int nd = ng_removable_discs(&p, psf, pst, d), taken = 0;
			ng_cell disc[NG_DISCS];
			int all_d = ng_pos_discs(&p, disc);
			for (int k = 0; k < all_d; k++) {
				int used = 0;
				for (int i = 0; i < n && !used; i++) {
					ng_cell f, t, rf, rt;
					int s = ng_move_slide(&p, l->m[i], &f, &t);
					if (s != (psf != NULL) || (s && (!ng_cell_equal(f, sf) || !ng_cell_equal(t, st))))
						continue;
					used = ng_move_reloc(&p, l->m[i], &rf, &rt) && ng_cell_equal(rf, disc[k]);
				}
				taken += used;
				disc_ok &= used == in(d, nd, disc[k]);
			}
			disc_ok &= taken == nd;
			ng_undo u;
			ng_make(&p, m0, &u);
		}
	}
	CHECK(positions > 100, "positions tried: %d", positions);
	CHECK(tok_ok && why_ok, "ng_movable_tokens: the tokens whose slides the moves begin with");
	CHECK(disc_ok, "ng_removable_discs: the discs the moves with that slide take");
	CHECK(over_ok, "no tokens move once the game is over");
	free(l);
}

/* A copy has the whole line and stands where the game stands, and the
 * two go their own ways after. */
static void test_copy(void)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_movelist *l = malloc(sizeof *l);
	for (int i = 0; i < 12 && ng_game_result(g) == NG_NONE; i++) {
		ng_generate(ng_game_pos(g), l);
		ng_game_play(g, l->m[rnd((unsigned)l->n)]);
	}
	ng_game_undo(g);
	ng_game_undo(g);
	ng_game *c = ng_game_copy(g);
	CHECK(c != NULL, "a copy");
	int same = ng_game_ply(c) == ng_game_ply(g) && ng_game_length(c) == ng_game_length(g) &&
	           ng_game_result(c) == ng_game_result(g) &&
	           ng_game_repetitions(c) == ng_game_repetitions(g);
	for (int i = 0; i <= ng_game_ply(g); i++)
		same &= ng_pos_same(ng_game_pos_at(c, i), ng_game_pos_at(g, i));
	for (int i = 0; i < ng_game_ply(g); i++)
		same &= ng_move_equal(ng_game_move_at(c, i), ng_game_move_at(g, i));
	CHECK(same, "the copy has the game's positions, moves, ply and length");
	CHECK(ng_game_redo(c) == NG_OK && ng_game_redo(c) == NG_OK &&
	      ng_game_ply(c) == ng_game_ply(g) + 2, "the moves to redo are copied too");
	ng_pos before = *ng_game_pos(g);
	ng_game_reset(c, NG_SIMPLE);
	CHECK(ng_pos_same(ng_game_pos(g), &before) && ng_game_can_redo(g),
	      "changing the copy leaves the game alone");
	ng_game_free(c);
	/* a long game, past the first allocation */
	ng_game_reset(g, NG_SIMPLE);
	for (int i = 0; i < 300 && ng_game_result(g) == NG_NONE; i++) {
		ng_generate(ng_game_pos(g), l);
		ng_game_play(g, l->m[rnd((unsigned)l->n)]);
	}
	c = ng_game_copy(g);
	CHECK(c && ng_game_ply(c) == ng_game_ply(g) &&
	      ng_pos_same(ng_game_pos(c), ng_game_pos(g)), "a long game's copy (%d moves)", ng_game_ply(g));
	ng_game_free(c);
	ng_game_free(g);
	free(l);
}

int main(void)
{
	test_cells();
	test_names();
	test_steps();
	test_copy();
	return tests_done("api");
}
