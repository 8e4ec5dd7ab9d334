/*
 * offers_test.c - a draw offer and a take-back request outlive the
 * server (nonaga(6), ONLINE: draw, takeback; FILES: the journal's offer
 * entries, the records' Draw-offer and Takeback-offer): made, the server
 * killed with SIGKILL (the journal replayed) and then stopped with
 * SIGTERM (the records read back), each player finds exactly the offers
 * pending in the sync of its seat, and the draw offered before the
 * crashes is accepted after them.  An offer that a move withdrew stays
 * withdrawn through a restart.  The user running the test is red (the
 * Unix-socket player), bob blue.
 */
#include "srvtest.h"

/* Take side (or the seat of a token: over TCP) in game: then the offers
 * of the sync that follows are exactly want (with "ok pong", the ping's
 * answer, last). */
static int offers_are(tc *t, const char *game, const char *side, const char *want)
{
	char cmd[100], line[300];
	snprintf(cmd, sizeof cmd, "join %s %s", game, side);
	if (!tc_ask(t, line, sizeof line, cmd) || strncmp(line, "ok seat ", 8))
		return fprintf(stderr, "%s: '%s'\n", cmd, line), 0;
	return list_is(t, "ping", "offer ", want);
}

static pid_t restart(pid_t pid, int sig, int count, int *port, tc *a, tc *b)
{
	srv_stop(pid, sig);
	tc_close(a);
	tc_close(b);
	pid = start(count, NULL, NULL, port);
	CHECK(pid > 0, "the server starts again after signal %d", sig);
	CHECK(connect_unix(a) && tc_login(b, *port, state, "bob"), "both are back");
	return pid;
}

int main(void)
{
	if (srv_setup("offers") < 0)
		return 1;
	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts");
	tc a, b;
	char mv[NG_MOVE_TEXT], cmd[NG_MOVE_TEXT + 16], both[200], line[400];
	ng_game *g = ng_game_new(NG_STANDARD), *h = ng_game_new(NG_STANDARD);
	CHECK(connect_unix(&a) && tc_login(&b, port, state, "bob"), "red and bob are online");

	/* o1: red moves, blue moves; blue offers a draw, red asks to take back */
	char token[40] = "";
	CHECK(answer_is(&a, "host o1 red", "ok seat red") &&
	      tc_ask(&b, line, sizeof line, "join o1") && seat_of(line, token) == NG_BLUE,
	      "o1: both seated");
	first_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	CHECK(answer_is(&a, cmd, "ok"), "red moves");
	first_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	CHECK(answer_is(&b, cmd, "ok"), "blue moves");
	CHECK(answer_is(&b, "draw", "ok") && answer_is(&a, "takeback", "ok"),
	      "blue offers a draw, red asks to take back");
	snprintf(both, sizeof both, "offer draw bob blue|offer takeback %s red|ok pong", me);

	/* o2: blue offers a draw, then red moves: the offer is withdrawn */
	CHECK(answer_is(&b, "host o2 blue", "ok seat blue") &&
	      answer_is(&a, "join o2", "ok seat red"), "o2: both seated");
	first_move(h, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	CHECK(answer_is(&b, "draw", "ok") && answer_is(&a, cmd, "ok"),
	      "o2: blue offers a draw, red moves (withdrawing it)");

	pid = restart(pid, SIGKILL, 2, &port, &a, &b);
	CHECK(offers_are(&a, "o1", "red", both), "o1 after SIGKILL: red sees both offers");
	CHECK(offers_are(&b, "o1", token, both), "and so does blue");
	CHECK(offers_are(&a, "o2", "red", "ok pong"), "o2 after SIGKILL: no offer");

	pid = restart(pid, SIGTERM, 3, &port, &a, &b);
	snprintf(line, sizeof line, "%s/games/o1.rec", state);
	CHECK(file_has(line, "Draw-offer: blue") && file_has(line, "Takeback-offer: red"),
	      "o1's record holds the offers");
	/* (o2's record there, with bob's seat and the move: a missing file
	 * holds no offer either) */
	snprintf(line, sizeof line, "%s/games/o2.rec", state);
	CHECK(file_has(line, "\nBlue: bob\n") && file_has(line, "\nMoves: 1\n") &&
	      file_has(line, mv), "o2's record holds bob's seat and red's move %s", mv);
	CHECK(!file_has(line, "offer:"), "o2's holds none");
	CHECK(offers_are(&a, "o1", "red", both), "o1 after SIGTERM: red sees both offers");
	CHECK(offers_are(&b, "o1", token, both), "and so does blue");
	CHECK(offers_are(&a, "o2", "red", "ok pong"), "o2 after SIGTERM: no offer");

	CHECK(answer_is(&a, "join o1 red", "ok seat red") && answer_is(&a, "draw", "ok") &&
	      tc_expect(&a, "over ", line, sizeof line, 3000) &&
	      !strcmp(line, "over draw agreement"), "red accepts the draw offered before the "
	      "crashes: %s", line);
	ng_game_free(g);
	ng_game_free(h);
	tc_close(&a);
	tc_close(&b);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("offers");
}
