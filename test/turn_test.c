/*
 * turn_test.c - a turn chosen step by step (src/nonaga/turn.c), without a
 * terminal: every path through the steps gives exactly the engine's legal
 * moves; the first choice four times plays a turn; Esc steps back; each
 * refusal says the engine's reason and changes nothing; skipped steps,
 * the pass and a winning slide.
 */
#include "tap.h"
#include "turn.c"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ng_cell C(int q, int r) { ng_cell c = { q, r }; return c; }

/* The start's hexagon of radius 2 and a line of n discs along r = 0. */
static const char *hexagon(void)
{
	static char out[512];
	char *b = out;
	for (int r = -2; r <= 2; r++)
		for (int q = -2; q <= 2; q++)
			if (abs(q) <= 2 && abs(r) <= 2 && abs(q + r) <= 2)
				b += sprintf(b, "%s%d,%d", b == out ? "" : ";", q, r);
	return out;
}

static const char *line(int n, const char *more)
{
	static char out[512];
	char *b = out;
	for (int q = 0; q < n; q++)
		b += sprintf(b, "%s%d,0", q ? ";" : "", q);
	sprintf(b, "%s", more);
	return out;
}

static ng_pos pos_of(const char *discs, const char *rest)
{
	char text[1024];
	snprintf(text, sizeof text, "%s/%s", discs, rest);
	ng_pos p;
	ng_err e = ng_pos_parse(&p, text, NG_STANDARD);
	if (e != NG_OK) {
		fprintf(stderr, "turn_test: cannot parse %s: %s\n", text, ng_strerror(e));
		exit(2);
	}
	return p;
}

static const char *fmt(const ng_pos *p, ng_move m)
{
	static char buf[NG_MOVE_TEXT];
	ng_move_format(p, m, buf);
	return buf;
}

static int same_turn(const turn *a, const turn *b) { return !memcmp(a, b, sizeof *a); }

/* ------------------------------------------- every path, every move */

static ng_move found[NG_MAX_MOVES];
static int nfound, bad_paths;

static void walk(const turn *t, const ng_pos *p, int depth)
{
	ng_cell c[TURN_MAX_CHOICES];
	int n = turn_choices(t, p, c, TURN_MAX_CHOICES);
	if (n == 0 || depth > 4)
		bad_paths++;   /* a step without a choice, or a loop */
	for (int i = 0; i < n; i++) {
		turn u = *t;
		turn_result r = turn_choose(&u, p, c[i]);
		if (r.what == TURN_MOVE) {
			if (ng_check_move(p, r.move) != NG_OK || nfound >= NG_MAX_MOVES)
				bad_paths++;
			else
				found[nfound++] = r.move;
		} else if (r.what == TURN_STEP || r.what == TURN_SLID) {
			walk(&u, p, depth + 1);
		} else {
			bad_paths++;   /* a choice listed but not taken */
		}
	}
}

/* The moves the steps lead to are the legal moves, each once. */
static int paths_are_moves(const ng_pos *p)
{
	static ng_movelist l;
	turn t;
	nfound = bad_paths = 0;
	turn_result r = turn_begin(&t, p);
	if (r.what == TURN_MOVE)
		found[nfound++] = r.move;
	else
		walk(&t, p, 1);
	int n = ng_generate(p, &l);
	if (bad_paths || nfound != n)
		return 0;
	for (int i = 0; i < n; i++) {
		int k = 0;
		while (k < nfound && !ng_move_equal(found[k], l.m[i]))
			k++;
		if (k == nfound)
			return 0;
	}
	return 1;
}

static void test_every_path(void)
{
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	CHECK(paths_are_moves(&p), "start: %d paths for %d moves", nfound,
	      ng_count_moves(&p));
	/* a game of pseudo-random moves, every position on the way */
	static ng_movelist l;
	unsigned seed = 12345;
	int ok = 0, plies = 0;
	for (; plies < 40 && ng_generate(&p, &l) > 0; plies++) {
		ok += paths_are_moves(&p);
		seed = seed * 1103515245u + 12345u;
		ng_undo u;
		ng_make(&p, l.m[(seed >> 16) % (unsigned)l.n], &u);
	}
	CHECK(ok == plies && plies > 10, "%d of %d positions", ok, plies);
	ng_pos_start(&p, NG_SIMPLE);
	CHECK(paths_are_moves(&p), "simple rules");
}

/* --------------------------------------------- four Enter presses */

static void test_four_enters(void)
{
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	turn t;
	static const turn_what want[4] = { TURN_STEP, TURN_SLID, TURN_STEP, TURN_MOVE };
	static const turn_step steps[4] = { TS_SLIDE_TO, TS_TAKE, TS_PLACE, TS_DONE };
	turn_result r = turn_begin(&t, &p);
	CHECK(r.what == TURN_STEP && t.step == TS_SLIDE && !t.no_slide, "begins with the slide");
	CHECK(turn_choosing(&t), "choosing");
	for (int k = 0; k < 4; k++) {
		ng_cell c[TURN_MAX_CHOICES];
		int n = turn_choices(&t, &p, c, TURN_MAX_CHOICES);
		CHECK(n > 0, "press %d: choices", k + 1);
		if (n == 0)
			return;
		r = turn_choose(&t, &p, c[0]);
		CHECK(r.what == want[k] && t.step == steps[k], "press %d: %d, step %d",
		      k + 1, r.what, t.step);
	}
	CHECK(r.slide == 0 && r.reloc == 1, "the last press chose the relocation");
	CHECK(ng_check_move(&p, r.move) == NG_OK, "a legal move: %s", fmt(&p, r.move));
	ng_cell f, to;
	CHECK(ng_move_slide(&p, r.move, &f, &to) && f.q == t.sf.q && f.r == t.sf.r &&
	      to.q == t.st.q && to.r == t.st.r, "the slide chosen");
	CHECK(ng_move_reloc(&p, r.move, &f, &to) && f.q == t.rf.q && f.r == t.rf.r &&
	      to.q == t.rt.q && to.r == t.rt.r, "the relocation chosen");
	CHECK(!turn_choosing(&t), "done");
	turn before = t;
	r = turn_choose(&t, &p, t.sf);
	CHECK(r.what == TURN_REFUSED && r.why == NG_ERR_GAME_OVER && same_turn(&t, &before),
	      "nothing more to choose");
}

/* ------------------------------------------------------- Esc, back */

static void test_back(void)
{
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	turn t;
	ng_cell at = C(99, 99);
	turn_begin(&t, &p);
	CHECK(!turn_back(&t, &at) && t.step == TS_SLIDE && at.q == 99, "nothing before the slide");
	turn_choose(&t, &p, C(2, -2));
	CHECK(turn_chosen(&t, &at) && at.q == 2 && at.r == -2, "the token is chosen");
	CHECK(turn_back(&t, &at) && t.step == TS_SLIDE && at.q == 2 && at.r == -2,
	      "Esc: choose another token, the cursor on this one");
	CHECK(!turn_chosen(&t, &at), "nothing chosen");
	turn_choose(&t, &p, C(2, -2));
	turn_result r = turn_choose(&t, &p, C(-1, 1));   /* slides to the middle */
	CHECK(r.what == TURN_SLID && r.slide && t.slid && t.step == TS_TAKE, "slid");
	CHECK(turn_back(&t, &at) && t.step == TS_SLIDE_TO && !t.slid &&
	      at.q == -1 && at.r == 1, "Esc takes the slide back, the cursor where it went");
	r = turn_choose(&t, &p, C(-1, 1));
	r = turn_choose(&t, &p, C(2, 0 - 1));   /* a free rim disc */
	CHECK(r.what == TURN_STEP && t.step == TS_PLACE && t.rf.q == 2 && t.rf.r == -1,
	      "disc chosen: %d %d", r.what, r.why);
	CHECK(turn_back(&t, &at) && t.step == TS_TAKE && t.slid && at.q == 2 && at.r == -1,
	      "Esc: choose another disc; the slide stays");
	/* choosing the chosen piece again steps back too */
	turn_choose(&t, &p, C(2, -1));
	r = turn_choose(&t, &p, C(2, -1));
	CHECK(r.what == TURN_BACK && t.step == TS_TAKE, "the disc again: back");
	turn_begin(&t, &p);
	turn_choose(&t, &p, C(2, -2));
	r = turn_choose(&t, &p, C(2, -2));
	CHECK(r.what == TURN_BACK && t.step == TS_SLIDE, "the token again: back");
}

/* ------------------------------------------------------- refusals */

/* Choose c and expect a refusal for why (owner: the token's side or -1)
 * that leaves the turn as it was. */
static void refused_as(turn *t, const ng_pos *p, ng_cell c, ng_err why, int owner,
                       const char *what)
{
	turn before = *t;
	turn_result r = turn_choose(t, p, c);
	CHECK(r.what == TURN_REFUSED && r.why == why && r.owner == owner,
	      "%s: %d, %s (owner %d)", what, r.what, ng_strerror(r.why), r.owner);
	CHECK(same_turn(t, &before), "%s: nothing changed", what);
}

static void test_refusals(void)
{
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	turn t;
	turn_begin(&t, &p);
	/* the token */
	refused_as(&t, &p, C(0, -2), NG_ERR_NOT_YOUR_TOKEN, NG_BLUE, "Blue's token");
	refused_as(&t, &p, C(0, 0), NG_ERR_NOT_YOUR_TOKEN, -1, "an empty disc");
	refused_as(&t, &p, C(7, 7), NG_ERR_NOT_YOUR_TOKEN, -1, "off the board");
	/* where it slides */
	turn_choose(&t, &p, C(2, -2));
	refused_as(&t, &p, C(0, -1), NG_ERR_NOT_A_SLIDE, -1, "not on a line");
	refused_as(&t, &p, C(1, -1), NG_ERR_SLIDE_SHORT, -1, "stops short");
	refused_as(&t, &p, C(3, -2), NG_ERR_SLIDE_BLOCKED, -1, "off the edge");
	turn_result r = turn_choose(&t, &p, C(-2, 0));
	CHECK(r.what == TURN_STEP && t.step == TS_SLIDE_TO && t.sf.q == -2 && t.sf.r == 0,
	      "another token of one's own");
	/* the disc */
	refused_as(&t, &p, C(-1, 0), NG_ERR_SLIDE_SHORT, -1, "stops short");
	r = turn_choose(&t, &p, C(1, 0));   /* -2,0 slides along r = 0 */
	CHECK(r.what == TURN_SLID && t.step == TS_TAKE, "slid: %d %s", r.what, ng_strerror(r.why));
	refused_as(&t, &p, C(0, 2), NG_ERR_DISC_HAS_TOKEN, -1, "a disc with a token");
	refused_as(&t, &p, C(1, 0), NG_ERR_DISC_HAS_TOKEN, -1, "the disc slid to");
	refused_as(&t, &p, C(0, 1), NG_ERR_DISC_NOT_FREE, -1, "an inner disc");
	refused_as(&t, &p, C(5, 5), NG_ERR_NO_DISC, -1, "no disc");
	r = turn_choose(&t, &p, C(-2, 0));
	CHECK(r.what == TURN_STEP && t.step == TS_PLACE, "the disc the token left is free");
	/* where the disc goes */
	refused_as(&t, &p, C(0, 1), NG_ERR_TARGET_TAKEN, -1, "onto a disc");
	refused_as(&t, &p, C(6, 0), NG_ERR_TARGET_CONTACT, -1, "touching none");
	refused_as(&t, &p, C(3, -3), NG_ERR_TARGET_CONTACT, -1, "touching one");
	r = turn_choose(&t, &p, C(2, 0 - 1));
	CHECK(r.what == TURN_STEP && t.step == TS_PLACE && t.rf.q == 2 && t.rf.r == -1,
	      "another free disc");

	/* the lock: the disc Blue just moved */
	p = pos_of(hexagon(), "2,-2;-2,0;0,2/0,-2;2,0;-2,2/r/1,-2");
	turn_begin(&t, &p);
	turn_choose(&t, &p, C(2, -2));
	turn_choose(&t, &p, C(-1, 1));
	refused_as(&t, &p, C(1, -2), NG_ERR_DISC_LOCKED, -1, "the locked disc");

	/* a disc whose taking splits the board: the middle of a line */
	p = pos_of(line(19, ""), "0,0;9,0;18,0/3,0;12,0;15,0/r/-");
	turn_begin(&t, &p);
	turn_choose(&t, &p, C(9, 0));
	r = turn_choose(&t, &p, C(4, 0));
	CHECK(r.what == TURN_MOVE && r.slide && !r.reloc && !strcmp(fmt(&p, r.move), "9,0>4,0/-"),
	      "no disc can be taken: the slide ends the turn (%s)", fmt(&p, r.move));
	p = pos_of(line(18, ";5,-1"), "0,0;1,0;17,0/2,0;16,0;9,0/r/-");
	turn_begin(&t, &p);
	refused_as(&t, &p, C(5, 0), NG_ERR_DISC_SPLITS, -1, "splits the board");
}

/* ------------------------------------------- skipped steps, the end */

static void test_skips(void)
{
	turn t;
	ng_cell at;
	/* Red cannot slide; the bump 5,-1 can be relocated. */
	ng_pos p = pos_of(line(18, ";5,-1"), "0,0;1,0;17,0/2,0;16,0;9,0/r/-");
	turn_result r = turn_begin(&t, &p);
	CHECK(r.what == TURN_STEP && t.no_slide && t.step == TS_TAKE, "the slide is skipped");
	CHECK(!turn_back(&t, &at) && t.step == TS_TAKE, "no slide to go back to");
	refused_as(&t, &p, C(0, 0), NG_ERR_DISC_HAS_TOKEN, -1, "a token's disc");
	turn_choose(&t, &p, C(5, -1));
	r = turn_choose(&t, &p, C(3, -1));
	CHECK(r.what == TURN_MOVE && !r.slide && r.reloc &&
	      !strcmp(fmt(&p, r.move), "-/5,-1>3,-1"), "relocation only: %s", fmt(&p, r.move));

	/* Neither: the turn passes at once. */
	p = pos_of(line(19, ""), "0,0;1,0;18,0/2,0;17,0;9,0/r/-");
	r = turn_begin(&t, &p);
	CHECK(r.what == TURN_MOVE && t.no_slide && !turn_choosing(&t) &&
	      !strcmp(fmt(&p, r.move), "-/-"), "the pass: %s", fmt(&p, r.move));

	/* A winning slide ends the turn. */
	p = pos_of(hexagon(), "0,0;1,0;-1,2/-1,-1;2,-2;0,-2/r/-");
	turn_begin(&t, &p);
	turn_choose(&t, &p, C(-1, 2));
	r = turn_choose(&t, &p, C(-1, 0));
	CHECK(r.what == TURN_MOVE && r.slide && !r.reloc && t.step == TS_DONE &&
	      !strcmp(fmt(&p, r.move), "-1,2>-1,0"), "a winning slide: %s", fmt(&p, r.move));
}

int main(void)
{
	test_every_path();
	test_four_enters();
	test_back();
	test_refusals();
	test_skips();
	return tests_done("turn_test");
}
