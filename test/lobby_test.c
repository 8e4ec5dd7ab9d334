/*
 * lobby_test.c - the lobby's news (nonaga(6), ONLINE, `lobby' and
 * `changed'): a connection that asked `lobby' and is in no game is told
 * `changed' within a second of a change to what `games' or `who' list (a
 * game hosted, joined, watched or left, a player come or gone), once
 * for a burst of changes; one that did not ask, or sits in a game, is
 * told nothing; a question that changes nothing (`games', `who', a chat)
 * tells nobody.  So an idle lobby sleeps instead of asking every two
 * seconds.  $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"

/* t is told `changed' within ms; nothing else it is sent matters here */
static int told(tc *t, int ms)
{
	return tc_expect(t, "changed", NULL, 0, ms);
}

/* t is told nothing (no line at all) for ms */
static int quiet(tc *t, int ms)
{
	char line[512];
	return tc_line(t, line, sizeof line, ms) == 0;
}

int main(void)
{
	if (srv_setup("lobby") < 0)
		return 1;
	pid_t pid = start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts");
	tc a, b, c, d, e;
	CHECK(connect_unix(&a) && connect_unix(&b) && connect_unix(&c) && connect_unix(&e),
	      "four connections");
	char got[512];
	CHECK(tc_answer(&a, "lobby", "ok", got, sizeof got), "lobby is answered ok: %s", got);
	CHECK(tc_answer(&c, "lobby", "ok", got, sizeof got), "... also for a second one: %s", got);
	/* (the connections' own arrival may still be told: let it pass) */
	told(&a, 1500);
	told(&c, 1500);
	CHECK(quiet(&a, 1300), "nothing changes: the lobby is told nothing");

	CHECK(answer_is(&b, "games", "ok") && answer_is(&b, "who", "ok") &&
	      answer_is(&b, "chat hello", "error") && answer_is(&b, "ping", "ok pong"),
	      "questions and a refused chat");
	CHECK(quiet(&a, 1300), "... change nothing: nobody is told");

	int64_t t0 = tc_now();
	CHECK(answer_is(&b, "host g1 red", "ok seat"), "a game is hosted");
	CHECK(told(&a, 2000), "the lobby is told it changed");
	int64_t took = tc_now() - t0;
	CHECK(took <= 1500, "... within a second (%lld ms)", (long long)took);
	CHECK(told(&c, 2000), "... and the other lobby too");
	CHECK(quiet(&a, 1300), "... once");

	/* a burst: a game hosted, left and a player come, in one second */
	CHECK(connect_unix(&d), "another player comes");
	CHECK(answer_is(&d, "host g2 blue", "ok seat") && answer_is(&d, "leave", "ok"),
	      "... hosts a game and leaves it");
	CHECK(told(&a, 2000), "the lobby is told");
	CHECK(quiet(&a, 1300), "... once for the whole burst");

	/* a lobby that sits in a game is told nothing; out of it, again */
	CHECK(answer_is(&c, "watch g1", "ok"), "the second lobby watches g1");
	told(&c, 1500);   /* (a tick that came before it sat down) */
	CHECK(answer_is(&d, "join g2", "ok seat"), "a game changes");
	CHECK(told(&a, 2000), "the lobby is told");
	CHECK(tc_expect(&c, "changed", got, sizeof got, 1300) == 0,
	      "... but not the one in a game");
	CHECK(answer_is(&c, "leave", "ok"), "it leaves the game");
	told(&a, 1500);
	told(&c, 1500);
	tc_close(&d);
	CHECK(told(&a, 2000), "a player gone: the lobby is told");
	CHECK(told(&c, 2000), "... and the one out of its game again");
	char line[512];
	int seen = 0;
	while (tc_line(&e, line, sizeof line, 200) > 0)
		seen |= !strcmp(line, "changed");
	CHECK(!seen, "a connection in no game that never asked lobby is never told changed");
	tc_close(&e);
	tc_close(&a);
	tc_close(&b);
	tc_close(&c);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("lobby");
}
