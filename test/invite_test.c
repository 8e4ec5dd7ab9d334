/*
 * invite_test.c - invitations (`host NAME ... for LOGIN'): the invited
 * player, online, is told at once ("invited HOST NAME"); the games list
 * says whom the game is for; a third player cannot take the seat
 * ("error invited"), even after the server started again; the invited
 * one can.  bob and carol log in over TCP with the key; the host is the
 * user running the test, on the Unix socket.
 */
#include "srvtest.h"

/* The games line of game (copied into out), or 0. */
static int games_line(tc *t, const char *game, char *out, size_t size)
{
	char prefix[64], line[600];
	int found = 0;
	snprintf(prefix, sizeof prefix, "game %s ", game);
	if (tc_send(t, "games") < 0)
		return 0;
	while (tc_line(t, line, sizeof line, 3000) > 0 && strncmp(line, "ok", 2))
		if (!strncmp(line, prefix, strlen(prefix))) {
			tc_copy(out, size, line);
			found = 1;
		}
	return found;
}

int main(void)
{
	if (srv_setup("invite") < 0)
		return 1;

	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts");
	tc a, b, c;
	char line[600];
	CHECK(connect_unix(&a), "the host is online");
	CHECK(tc_login(&b, port, state, "bob") && tc_login(&c, port, state, "carol"), "bob and carol are online");

	CHECK(answer_is(&a, "host inv red for -bad", "error bad-argument"), "for takes a login");
	CHECK(answer_is(&a, "host inv red clock 5+3 for bob", "ok seat red"), "a game for bob");
	snprintf(line, sizeof line, "invited %s inv", me);
	CHECK(tc_expect(&b, line, NULL, 0, 3000), "bob is told at once: %s", line);
	CHECK(!tc_expect(&c, "invited ", NULL, 0, 300), "carol is not");
	CHECK(games_line(&c, "inv", line, sizeof line) && strstr(line, " open for=bob"),
	      "the list says whom it is for: %s", line);
	CHECK(answer_is(&c, "join inv", "error invited inv is for bob only"),
	      "carol cannot take the seat");
	CHECK(answer_is(&c, "join inv blue", "error "), "... not even by naming it");

	/* carol ignores the host: its invitation neither reaches her nor
	 * shows in her list; after unignore it does */
	snprintf(line, sizeof line, "ignore %s", me);
	CHECK(answer_is(&c, line, "ok"), "carol ignores %s", me);
	CHECK(answer_is(&a, "host inv2 blue for carol", "ok seat blue"), "a game for carol");
	CHECK(!tc_expect(&c, "invited ", NULL, 0, 500), "carol is not told of it");
	CHECK(!games_line(&c, "inv2", line, sizeof line), "nor is it in her list");
	CHECK(games_line(&b, "inv2", line, sizeof line) && strstr(line, " open for=carol"),
	      "bob sees it: %s", line);
	snprintf(line, sizeof line, "unignore %s", me);
	CHECK(answer_is(&c, line, "ok"), "carol unignores the host");
	CHECK(games_line(&c, "inv2", line, sizeof line) && strstr(line, " open for=carol"),
	      "now her list has it: %s", line);

	/* the server starts again: the invitation stays */
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops");
	tc_close(&a);
	tc_close(&b);
	tc_close(&c);
	pid = start(2, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts again");
	CHECK(tc_login(&b, port, state, "bob") && tc_login(&c, port, state, "carol"), "bob and carol are back");
	CHECK(answer_is(&c, "join inv", "error invited"), "carol still cannot take the seat");
	CHECK(answer_is(&b, "join inv", "ok seat blue"), "bob can");
	CHECK(games_line(&c, "inv", line, sizeof line) && strstr(line, " playing for=bob"),
	      "and the game is on: %s", line);
	tc_close(&b);
	tc_close(&c);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("invite");
}
