/*
 * slowgame_test.c - games of days a move (`host NAME clock 2d'): the clock
 * says 2d and counts 2 days for each move afresh; a host who leaves keeps
 * the challenge past the grace period; a player who leaves is not "away"
 * (nobody is told, no win may be claimed); a server stopped and started
 * again has the game back with the clock as it was.  The server runs with
 * --grace 1, so that everything a normal game would do by now is done.
 */
#include "srvtest.h"

#define DAYS2 (2 * 86400 * 1000LL)

/* The clock after a sync: red's and blue's milliseconds, and whether an
 * "away" line came after it (within wait_ms). */
static int sync_clock(tc *t, long long *red, long long *blue, int *away, int wait_ms)
{
	char line[600];
	if (!tc_expect(t, "clock ", line, sizeof line, 3000) ||
	    sscanf(line, "clock %lld %lld", red, blue) != 2)
		return 0;
	*away = tc_expect(t, "away ", NULL, 0, wait_ms);
	return 1;
}

int main(void)
{
	if (srv_setup("slowgame") < 0)
		return 1;

	pid_t pid = start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts");
	tc a, b, w;
	char line[600], cmd[300], mv[NG_MOVE_TEXT];
	long long red = 0, blue = 0;
	int away = 0;

	CHECK(connect_unix(&a) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host slow red clock 0d", "error bad-argument") &&
	      answer_is(&a, "host slow red clock 31d", "error bad-argument") &&
	      answer_is(&a, "host slow red clock 2days", "error bad-argument"),
	      "days a move: 1 to 30, written Nd");
	CHECK(answer_is(&a, "host slow red clock 2d", "ok seat red ") &&
	      tc_expect(&a, "sync slow ", line, sizeof line, 3000) && strstr(line, " clock=2d "),
	      "a game of 2 days a move: %s", line);
	CHECK(tc_send(&w, "games") == 0 && tc_expect(&w, "game slow ", line, sizeof line, 3000) &&
	      !strncmp(line, "game slow standard 2d ", 22) && tc_expect(&w, "ok 1", NULL, 0, 3000),
	      "the list says 2d: %s", line);

	/* its host leaves: the challenge outlives the grace period */
	tc_close(&a);
	tc_sleep_ms(1600);
	CHECK(answer_is(&w, "watch slow", "ok watch"), "the challenge stays past the grace period");
	CHECK(sync_clock(&w, &red, &blue, &away, 300) && red == DAYS2 && blue == DAYS2 && !away,
	      "2 days each, and its host is not away: %lld %lld %d", red, blue, away);
	CHECK(connect_unix(&a) && answer_is(&a, "join slow", "ok seat red"), "its host is back");
	CHECK(connect_unix(&b) && answer_is(&b, "join slow", "ok seat blue"), "an opponent joins");
	CHECK(tc_expect(&a, "seated blue ", NULL, 0, 3000), "the host sees it");

	/* red moves after a while: its 2 days come back whole */
	ng_game *g = ng_game_new(NG_STANDARD);
	first_move(g, mv);
	tc_sleep_ms(400);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	CHECK(answer_is(&a, cmd, "ok"), "red moves %s", mv);
	CHECK(tc_expect(&b, "moved 1 ", line, sizeof line, 3000) &&
	      sscanf(line + 8 + strlen(mv), "%lld %lld", &red, &blue) == 2 &&
	      red == DAYS2 && blue == DAYS2, "each move has its 2 days afresh: %s", line);
	int64_t blue_from = tc_now();

	/* red leaves: blue is not told, and cannot claim the win */
	tc_close(&a);
	CHECK(!tc_expect(&b, "away ", NULL, 0, 1500), "a player who leaves is not away");
	CHECK(answer_is(&b, "claim", "error no-claim"), "no win is claimed: it comes on time");
	tc_sleep_ms(300);

	/* the server stops and starts again: the game, its clock, nobody away */
	long long blue_left = DAYS2 - (tc_now() - blue_from);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops");
	tc_close(&b);
	tc_close(&w);
	pid = start(2, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts again");
	CHECK(connect_unix(&b) && answer_is(&b, "join slow", "ok seat ") &&
	      tc_expect(&b, "sync slow ", line, sizeof line, 3000) && strstr(line, " clock=2d ") &&
	      strstr(line, " moves=1 "), "the game is back: %s", line);
	CHECK(sync_clock(&b, &red, &blue, &away, 500) && red == DAYS2 &&
	      blue <= blue_left && blue > blue_left - 3000 && !away,
	      "with its clock as it was (%lld, %lld before the stop) and nobody away",
	      blue, blue_left);
	tc_close(&b);
	ng_game_free(g);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("slowgame");
}
