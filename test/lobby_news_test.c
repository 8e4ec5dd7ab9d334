/*
 * lobby_news_test.c - `lobby news' (nonaga(6), ONLINE): a lobby that
 * asked for news is told, after "ok news", what the lists hold (each
 * line of `games' and `who' after "changed "), and then, within a second
 * of a change, only what changed: a game's new line, "changed gone game
 * NAME" for one no longer listed, a player's lines after "changed gone
 * user NAME" (alone when it left); nothing when nothing changed.  A lobby
 * that asked plain `lobby' is still told a bare `changed'.  A game hosted
 * for the lobby's player by one it ignores is not told.  Players over
 * TCP, so that each has a name of its own.  $NONAGA is the program.
 */
#include "srvtest.h"

/* The next lines of t are want's, in order ('\n' between them), within
 * a second and a half each. */
static int lines_are(tc *t, const char *want)
{
	char line[512], one[512];
	for (const char *p = want; *p;) {
		size_t len = strcspn(p, "\n");
		snprintf(one, sizeof one, "%.*s", (int)len, p);
		if (tc_line(t, line, sizeof line, 1500) <= 0 || strcmp(line, one)) {
			fprintf(stderr, "wanted '%s', got '%s'\n", one, line);
			return 0;
		}
		p += len + (p[len] == '\n');
	}
	return 1;
}

/* t is told nothing for ms */
static int quiet(tc *t, int ms)
{
	char line[512];
	int n = tc_line(t, line, sizeof line, ms);
	if (n > 0)
		fprintf(stderr, "told '%s'\n", line);
	return n == 0;
}

int main(void)
{
	if (srv_setup("lobby_news") < 0)
		return 1;
	int port;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts");
	tc ann, bob, carl, old;
	char got[512];
	CHECK(tc_login(&bob, port, state, "bob") && tc_login(&ann, port, state, "ann"),
	      "two players");
	CHECK(tc_answer(&ann, "lobby news", "ok news", got, sizeof got), "lobby news: %s", got);
	CHECK(lines_are(&ann, "changed user ann - - kind=human\nchanged user bob - - kind=human"),
	      "... then who is online, each line of who after changed");
	CHECK(quiet(&ann, 1300), "nothing more: the lists are as told");

	CHECK(tc_login(&old, port, state, "old") &&
	      tc_answer(&old, "lobby", "ok", got, sizeof got) && !strcmp(got, "ok"),
	      "a lobby that asks plain lobby is answered ok: %s", got);
	CHECK(lines_are(&ann, "changed user old - - kind=human"), "a player comes: only that is told");
	CHECK(lines_are(&old, "changed"), "... and the plain lobby is told changed");
	CHECK(tc_login(&carl, port, state, "carl") && lines_are(&ann, "changed user carl - - kind=human"),
	      "another comes");
	CHECK(lines_are(&old, "changed"), "... changed again");

	CHECK(answer_is(&bob, "host g1 red", "ok seat"), "bob hosts g1");
	CHECK(lines_are(&ann, "changed game g1 standard none bob - 0 open ratings=-:- kind=human:-\n"
	                "changed gone user bob\nchanged user bob g1 red kind=human"),
	      "the lobby is told the game's line and where bob is now");
	CHECK(lines_are(&old, "changed"), "... the plain lobby that the lists changed");
	CHECK(quiet(&ann, 1300), "... once");

	CHECK(answer_is(&carl, "join g1", "ok seat"), "carl joins g1");
	CHECK(lines_are(&ann, "changed game g1 standard none bob carl 0 playing ratings=-:- kind=human:human\n"
	                "changed gone user carl\nchanged user carl g1 blue kind=human"),
	      "the game's new line and where carl sits");
	CHECK(answer_is(&bob, "resign", "ok"), "bob resigns");
	CHECK(lines_are(&ann, "changed game g1 standard none bob carl 0 over ratings=-:- kind=human:human"),
	      "the game over is told so while its players are in it");
	CHECK(answer_is(&bob, "leave", "ok") && answer_is(&carl, "leave", "ok"),
	      "... who leave it");
	CHECK(lines_are(&ann, "changed gone game g1\nchanged gone user bob\n"
	                "changed user bob - - kind=human\nchanged gone user carl\nchanged user carl - - kind=human"),
	      "then it is gone from the list, and they are in the lobby");
	tc_close(&carl);
	CHECK(lines_are(&ann, "changed gone user carl"), "a player gone: only gone is told");

	CHECK(answer_is(&ann, "lobby x", "error bad-argument") &&
	      answer_is(&ann, "lobby news please", "error bad-argument"),
	      "lobby with another word is refused");
	CHECK(answer_is(&bob, "host g2 blue", "ok seat") &&
	      lines_are(&ann, "changed game g2 standard none - bob 0 open ratings=-:- kind=-:human\n"
	                "changed gone user bob\nchanged user bob g2 blue kind=human"),
	      "... and changes nothing: news still comes");
	CHECK(answer_is(&old, "watch g2", "ok"), "the plain lobby watches g2");
	CHECK(tc_answer(&ann, "lobby news", "ok news", got, sizeof got) &&
	      lines_are(&ann, "changed game g2 standard none - bob 0 open ratings=-:- kind=-:human\n"
	                "changed user ann - - kind=human\nchanged user bob g2 blue kind=human\nchanged user old - - kind=human"),
	      "lobby news again: the lists as the lobbies were last told (old not watching yet)");
	CHECK(lines_are(&ann, "changed gone user old\nchanged user old g2 watch kind=human"),
	      "... then what changed since");
	CHECK(answer_is(&ann, "ignore bob", "ok"), "ann ignores bob");
	CHECK(answer_is(&bob, "host g3 red for ann", "ok seat"), "bob hosts g3 for ann");
	CHECK(lines_are(&ann, "changed gone user bob\nchanged user bob g3 red kind=human"),
	      "an invitation from a player ignored is not told (only where bob is)");
	CHECK(tc_answer(&ann, "lobby news", "ok news", got, sizeof got) &&
	      lines_are(&ann, "changed game g2 standard none - bob 0 open ratings=-:- kind=-:human\n"
	                "changed user ann - - kind=human\nchanged user bob g3 red kind=human\nchanged user old g2 watch kind=human"),
	      "... nor listed when the lobby asks again");
	tc_close(&ann);
	tc_close(&bob);
	tc_close(&old);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("lobby_news");
}
