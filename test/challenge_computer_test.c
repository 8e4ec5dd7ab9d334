/*
 * challenge_computer_test.c - a challenge to a computer the server offers
 * (nonaga(6), ONLINE, extensions): `challenge computer-7 5+0' is accepted
 * at once ("ok ID", then "paired cID SIDE computer-7 TOKEN" and the game's
 * sync), the game is rated (the ratings after it are Glicko-2's for a
 * first game lost), a casual one of a day a move with the simple rules
 * changes no rating, computer-7 plays two games at once, and a level the
 * server does not offer is refused.  $NONAGA is the program.
 */
#include "rating.c"   /* (before srvtest.h, whose me it would shadow) */
#include "srvtest.h"

/* "paired GAME SIDE OPPONENT TOKEN": the line without its token, which
 * must be 32 hex digits; 1, or 0. */
static int paired_line(tc *t, char *got, size_t size)
{
	char line[600];
	int r = tc_line(t, line, sizeof line, 5000);
	tc_copy(got, size, r > 0 ? line : "(nothing)");
	char *sp = strrchr(got, ' ');
	if (r <= 0 || strncmp(got, "paired ", 7) || !sp || strlen(sp + 1) != 32 ||
	    strspn(sp + 1, "0123456789abcdef") != 32)
		return 0;
	*sp = 0;
	return 1;
}

/* The computer's next move in g (played there): 1; 2 when the game ended
 * instead (the computer's move won: the test's first legal moves are no
 * defence), or 0. */
static int computer_moved(tc *t, ng_game *g)
{
	char line[600], mv[64];
	ng_move m;
	while (tc_line(t, line, sizeof line, 20000) > 0) {
		if (!strncmp(line, "over ", 5))
			return 2;
		if (strncmp(line, "moved ", 6) || atoi(line + 6) <= ng_game_ply(g))
			continue;
		return sscanf(line, "moved %*d %63s", mv) == 1 &&
		       ng_move_parse(ng_game_pos(g), mv, &m) == NG_OK && ng_game_play(g, m) == NG_OK;
	}
	return 0;
}

/* Two moves each, t playing side, then t resigns (unless the computer
 * won by then) and leaves: 1, or 0.  t loses either way. */
static int two_each_and_resign(tc *t, int side, ng_rules rules)
{
	ng_game *g = ng_game_new(rules);
	char mv[NG_MOVE_TEXT], cmd[160], got[600];
	int ok = 1, over = 0;
	/* (on to the test's own turn: the computer's reply, which may win,
	 * never races the resignation) */
	while (ok && !over && (ng_game_ply(g) < 4 || (int)ng_pos_side(ng_game_pos(g)) != side)) {
		if ((int)ng_pos_side(ng_game_pos(g)) == side) {
			first_move(g, mv);
			snprintf(cmd, sizeof cmd, "move %s", mv);
			ok = tc_answer(t, cmd, "ok", got, sizeof got);
		} else {
			int r = computer_moved(t, g);
			ok = r > 0;
			over = r == 2 || (r == 1 && ng_game_result(g) != NG_NONE &&
			                  (ok = tc_expect(t, "over ", NULL, 0, 5000)));
		}
	}
	ng_game_free(g);
	return ok && (over || (tc_answer(t, "resign", "ok", got, sizeof got) &&
	                       tc_expect(t, "over ", NULL, 0, 5000))) &&
	       tc_answer(t, "leave", "ok", got, sizeof got);
}

/* The lines of `ratings' joined by '|' (events before them passed over). */
static void ratings_of(tc *t, char *out, size_t size)
{
	char line[600];
	size_t n = 0;
	out[0] = 0;
	tc_send(t, "ratings");
	while (tc_line(t, line, sizeof line, 5000) > 0 && n < size) {
		if (strncmp(line, "rating ", 7) && strncmp(line, "ok", 2) && strncmp(line, "error", 5))
			continue;   /* (events of the games) */
		n += (size_t)snprintf(out + n, size - n, "%s%s", n ? "|" : "", line);
		if (!strncmp(line, "ok", 2) || !strncmp(line, "error", 5))
			break;
	}
}

/* t challenges computer-7 with terms: its game is cID and t's side is
 * told; sync: the game's sync line, compared by the caller. */
static int challenged(tc *t, const char *terms, int id, int *side, char *sync, size_t size)
{
	char cmd[160], got[600], want[160];
	snprintf(cmd, sizeof cmd, "challenge computer-7 %s", terms);
	snprintf(want, sizeof want, "ok %d", id);
	if (!tc_answer(t, cmd, want, got, sizeof got))
		return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, want), 0;
	if (!paired_line(t, got, sizeof got))
		return fprintf(stderr, "not paired: '%s'\n", got), 0;
	char red[64], blue[64];
	snprintf(red, sizeof red, "paired c%d red computer-7", id);
	snprintf(blue, sizeof blue, "paired c%d blue computer-7", id);
	*side = !strcmp(got, red) ? NG_RED : !strcmp(got, blue) ? NG_BLUE : -1;
	if (*side < 0)
		return fprintf(stderr, "'%s', not '%s' or '%s'\n", got, red, blue), 0;
	return tc_expect(t, "sync ", sync, size, 5000);
}

int main(void)
{
	if (srv_setup("challenge_computer") < 0)
		return 1;
	int port, side, side2;
	char got[2000], want[600], before[2000];
	pid_t pid = start(1, "--computers", "1,7", &port);
	tc a, b;
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob"),
	      "the server with --computers 1,7; alice and bob log in");

	/* a level not offered, and words that are not a computer's */
	CHECK(tc_answer(&a, "challenge computer-4 5+0",
	                "error not-here computer-4 is not offered on this server", got, sizeof got),
	      "computer-4 is not offered: %s", got);
	CHECK(tc_answer(&a, "challenge computer-11 5+0",
	                "error not-here computer-11 is not on the server", got, sizeof got),
	      "no level 11: %s", got);

	/* a rated game of 5+0; bob's game of 2+1 at the same time */
	CHECK(challenged(&a, "5+0", 1, &side, got, sizeof got), "alice challenges computer-7");
	snprintf(want, sizeof want, "sync c1 rules=standard clock=5+0 red=%s blue=%s moves=0 "
	         "result=none how=- you=%s ratings=-:-", side == NG_RED ? "alice" : "computer-7",
	         side == NG_RED ? "computer-7" : "alice", side == NG_RED ? "red" : "blue");
	CHECK(!strcmp(got, want), "alice's sync: '%s', not '%s'", got, want);
	CHECK(challenged(&b, "2+1", 2, &side2, got, sizeof got) && strstr(got, " clock=2+1 "),
	      "bob challenges computer-7 too: it plays both games: %s", got);
	/* when computer-7 is red its first move comes at once, and may be in
	 * before bob asks or not: the list is asked again until it is */
	snprintf(want, sizeof want, "game c1 standard 5+0 %s %s %d playing ratings=-:- "
	         "kind=%s|ok 2", side == NG_RED ? "alice" : "computer-7",
	         side == NG_RED ? "computer-7" : "alice", side == NG_RED ? 0 : 1,
	         side == NG_RED ? "human:computer" : "computer:human");
	CHECK(side == NG_RED ? list_is(&b, "games", "game c1", want) :
	      list_becomes(&b, "games", "game c1", want),
	      "games: c1, alice against computer-7");
	CHECK(two_each_and_resign(&a, side, NG_STANDARD), "alice: two moves each, then resigns (or has lost)");
	CHECK(tc_answer(&b, "resign", "ok", got, sizeof got), "bob resigns at once (unrated)");
	/* computer-7 starts at level 7's rating and deviation, alice (new,
	 * her first game against computer-7) at level 7's rating with a new
	 * player's deviation (server_rating.c), and she lost */
	int elo = 1500, rd = 350;
	ng_level_rating(7, &elo, &rd);
	rating c7 = { elo, rd, 0.06 }, al = { elo, 350, 0.06 };
	double won = 1, lost = 0;
	rating c7_after = rating_update(c7, 1, &al, &won, RATING_TAU);
	rating al_after = rating_update(al, 1, &c7, &lost, RATING_TAU);
	snprintf(want, sizeof want, "rating computer-7 %.2f %.2f 1 kind=computer|"
	         "rating alice %.2f %.2f 1 kind=human|ok 2", c7_after.r, c7_after.rd,
	         al_after.r, al_after.rd);
	ratings_of(&b, got, sizeof got);
	CHECK(!strcmp(got, want), "the game is rated: '%s', not '%s'", got, want);

	/* casual: a day a move, the simple rules */
	snprintf(before, sizeof before, "%s", got);
	char al_text[64], c7_text[64];   /* the sync's "red:blue" */
	snprintf(al_text, sizeof al_text, "%.0f/%.0f:%.0f/%.0f", al_after.r, al_after.rd,
	         c7_after.r, c7_after.rd);
	snprintf(c7_text, sizeof c7_text, "%.0f/%.0f:%.0f/%.0f", c7_after.r, c7_after.rd,
	         al_after.r, al_after.rd);
	CHECK(challenged(&a, "1d simple casual", 3, &side, got, sizeof got),
	      "alice challenges computer-7 again, casual");
	snprintf(want, sizeof want, "sync c3 rules=simple clock=1d red=%s blue=%s moves=0 "
	         "result=none how=- you=%s ratings=%s rated=no",
	         side == NG_RED ? "alice" : "computer-7", side == NG_RED ? "computer-7" : "alice",
	         side == NG_RED ? "red" : "blue",
	         side == NG_RED ? al_text : c7_text);
	CHECK(!strcmp(got, want), "the casual game's sync: '%s', not '%s'", got, want);
	CHECK(two_each_and_resign(&a, side, NG_SIMPLE), "two moves each, then alice resigns");
	ratings_of(&b, got, sizeof got);
	CHECK(!strcmp(got, before), "the casual game changed no rating: %s", got);
	CHECK(log_has("alice challenges computer-7 (1): c1"), "the log says it");

	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);
	return srv_done("challenge_computer");
}
