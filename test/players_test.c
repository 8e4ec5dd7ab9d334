/*
 * players_test.c - what the server keeps for each player (nonaga(6),
 * ONLINE: settings, ignore): settings set and read back exactly, kept
 * by player (not connection), through a restart after SIGTERM and after
 * SIGKILL right after the "ok"; every refusal (unknown key, bad value,
 * oversized, control characters, server=, no login) changes nothing and
 * echoes nothing; an ignore list survives reconnection and restarts and
 * still hides the ignored player's chat and invitations; unignore too;
 * changes are rate-limited (too-fast), and one that changes nothing is free.
 * The user running the test is the Unix-socket player; bob and carol
 * log in over TCP with the key.
 */
#include "srvtest.h"

static const char *const all4 =
	"setting level=7|setting side=blue|setting rules=simple|setting language=ja|ok 4";

/* What a refused command answers: an error (code: "error CODE ") with
 * no control character and nothing of what was sent (echo: a word of
 * the command). */
static int refused_as(tc *t, const char *cmd, const char *echo, const char *code)
{
	char got[512];
	if (!tc_ask(t, got, sizeof got, cmd))
		return fprintf(stderr, "%s: no answer\n", cmd), 0;
	for (const char *p = got; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return fprintf(stderr, "%s: a control character answered\n", cmd), 0;
	if (strncmp(got, code, strlen(code)) || (echo && strstr(got, echo)))
		return fprintf(stderr, "'%s': '%s'\n", cmd, got), 0;
	return 1;
}

static int refused(tc *t, const char *cmd, const char *echo)
{
	return refused_as(t, cmd, echo, "error bad-argument ");
}

/* The next line of t is exactly want (events before are not expected). */
static int next_is(tc *t, const char *cmd, const char *want)
{
	char got[512];
	if (tc_ask(t, got, sizeof got, cmd) && !strcmp(got, want))
		return 1;
	return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, want), 0;
}

static void settings(tc *a, int port)
{
	tc x;
	char got[512];
	CHECK(list_is(a, "settings", "setting ", "ok 0"), "no settings at first");
	CHECK(next_is(a, "settings set level=7 side=blue rules=simple language=ja", "ok"),
	      "four settings set");
	CHECK(list_is(a, "settings", "setting ", all4), "and read back exactly");
	CHECK(refused(a, "settings set colour=red", "colour"), "an unknown key is refused");
	CHECK(refused(a, "settings set server=unix:/tmp/x", "/tmp/x"), "server= is not kept");
	CHECK(refused(a, "settings set level=11", "11"), "a level out of range");
	CHECK(refused(a, "settings set level=3 side=purple", "purple"),
	      "one bad word of two (the good one is not taken)");
	CHECK(refused(a, "settings set rules=", NULL), "rules cannot be empty");
	CHECK(refused(a, "settings set language=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "aaaa"),
	      "a value of 33 bytes is oversized");
	CHECK(refused_as(a, "settings set language=ja\x01\x1b[2J", NULL, "error bad-text "),
	      "control characters");
	CHECK(refused(a, "settings set language=ja\xc3\xa9", NULL), "a byte not of a code");
	CHECK(refused(a, "settings set", NULL), "settings set with nothing");
	CHECK(refused(a, "settings get", NULL), "settings with a wrong word");
	CHECK(refused(a, "settings set a=1 b=2 c=3 d=4 e=5 f=6 g=7", NULL), "too many words");
	CHECK(list_is(a, "settings", "setting ", all4), "the refusals changed nothing");
	CHECK(next_is(a, "settings set language=", "ok") &&
	      list_is(a, "settings", "setting ", "setting level=7|setting side=blue|"
	              "setting rules=simple|setting language=|ok 4"),
	      "an empty language (the system's) is a value");
	CHECK(next_is(a, "settings set language=ja", "ok"), "language=ja again");

	/* not logged in: refused, and the connection closed */
	CHECK(tc_tcp(&x, port) == 0 && tc_expect(&x, "hello ", NULL, 0, 3000) &&
	      tc_ask(&x, got, sizeof got, "settings set level=2") &&
	      !strncmp(got, "error login-required", 20), "no login: %s", got);
	tc_close(&x);
	/* another player has his own (none) */
	CHECK(tc_login(&x, port, state, "bob") && list_is(&x, "settings", "setting ", "ok 0"),
	      "bob has none of them");
	CHECK(next_is(&x, "settings set level=2", "ok") &&
	      list_is(&x, "settings", "setting ", "setting level=2|ok 1"), "bob sets his");
	/* each change rewrites the file in the loop that serves everyone: five
	 * at once, then one every two seconds; what is kept already is free */
	CHECK(next_is(&x, "settings set level=3", "ok") && next_is(&x, "ignore zed", "ok") &&
	      next_is(&x, "unignore zed", "ok") && next_is(&x, "settings set level=6", "ok"),
	      "bob makes his fifth change");
	CHECK(refused_as(&x, "settings set level=8", "8", "error too-fast ") &&
	      refused_as(&x, "ignore zed", "zed", "error too-fast "), "a sixth at once is too fast");
	CHECK(list_is(&x, "settings", "setting ", "setting level=6|ok 1") &&
	      list_is(&x, "ignore", "ignore ", "ok 0"), "and changed nothing");
	CHECK(next_is(&x, "settings set level=6", "ok") && next_is(&x, "unignore zed", "ok"),
	      "a change to what is kept already is not one");
	tc_close(&x);
	CHECK(list_is(a, "settings", "setting ", all4), "mine are as they were");
}

/* carol ignores bob: his invitation and his chat do not reach her, the
 * host's chat does.  g: a fresh game name for it. */
static void hidden(tc *a, tc *b, tc *c, const char *g)
{
	char line[600], game[64], cmd[200];
	snprintf(line, sizeof line, "host %s red for carol", g);
	CHECK(answer_is(b, line, "ok seat red"), "bob invites carol to %s", g);
	CHECK(tc_send(c, "ping") == 0 && tc_next(c, "ok pong", line, sizeof line),
	      "carol is not told of it (the next line: %s)", line);
	CHECK(list_is(c, "games", "game ", "ok 0"), "nor is it in her list");
	CHECK(answer_is(b, "leave", "ok"), "bob leaves his invitation");
	snprintf(game, sizeof game, "%s-2", g);
	snprintf(cmd, sizeof cmd, "host %s red", game);
	CHECK(answer_is(a, cmd, "ok seat red"), "the host hosts %s", game);
	snprintf(cmd, sizeof cmd, "join %s", game);
	CHECK(answer_is(c, cmd, "ok seat blue"), "carol joins");
	snprintf(cmd, sizeof cmd, "watch %s", game);
	CHECK(answer_is(b, cmd, "ok watch"), "bob watches");
	CHECK(answer_is(b, "chat hello from bob", "ok"), "bob says hello");
	CHECK(tc_expect(a, "chat bob ", line, sizeof line, 3000) &&
	      !strcmp(line, "chat bob hello from bob"), "the host hears bob: %s", line);
	snprintf(line, sizeof line, "chat %s hi from the host", me);
	CHECK(answer_is(a, "chat hi from the host", "ok") &&
	      tc_expect(c, "chat ", cmd, sizeof cmd, 3000) && !strcmp(cmd, line),
	      "carol hears the host (and not bob before): %s", cmd);
	CHECK(answer_is(c, "resign", "ok") && answer_is(a, "leave", "ok") &&
	      answer_is(b, "leave", "ok") && answer_is(c, "leave", "ok"), "the game ends");
}

/* Log carol and bob in again (after the connection or the server went). */
static void relog(tc *a, tc *b, tc *c, int port)
{
	CHECK(connect_unix(a) && tc_login(b, port, state, "bob") &&
	      tc_login(c, port, state, "carol"), "the three are back");
}

static pid_t restart(pid_t pid, int sig, int count, int *port, tc *a, tc *b, tc *c)
{
	srv_stop(pid, sig);
	tc_close(a);
	tc_close(b);
	tc_close(c);
	pid = start(count, NULL, NULL, port);
	CHECK(pid > 0, "the server starts again after signal %d", sig);
	relog(a, b, c, *port);
	return pid;
}

int main(void)
{
	if (srv_setup("players") < 0)
		return 1;
	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts");
	tc a, b, c;
	CHECK(connect_unix(&a), "the host is online");
	settings(&a, port);

	CHECK(tc_login(&b, port, state, "bob") && tc_login(&c, port, state, "carol"),
	      "bob and carol are online");
	CHECK(refused_as(&c, "ignore bad\x01name", NULL, "error bad-text "),
	      "ignore: a control character");
	CHECK(refused(&c, "ignore b\xc3\xa9" "b", NULL), "ignore: not a name");
	CHECK(answer_is(&c, "ignore bob", "ok") && answer_is(&c, "ignore zed", "ok"),
	      "carol ignores bob and zed");
	CHECK(list_is(&c, "ignore", "ignore ", "ignore bob|ignore zed|ok 2"), "her list");
	tc_close(&c);
	CHECK(tc_login(&c, port, state, "carol") &&
	      list_is(&c, "ignore", "ignore ", "ignore bob|ignore zed|ok 2"),
	      "a new connection of carol's has the list");
	hidden(&a, &b, &c, "r1");

	pid = restart(pid, SIGTERM, 2, &port, &a, &b, &c);
	CHECK(list_is(&a, "settings", "setting ", all4), "settings after SIGTERM");
	CHECK(list_is(&c, "ignore", "ignore ", "ignore bob|ignore zed|ok 2"),
	      "the ignore list after SIGTERM");
	hidden(&a, &b, &c, "r2");

	CHECK(next_is(&a, "settings set level=2 rules=standard", "ok"), "two changed");
	CHECK(next_is(&c, "unignore zed", "ok"), "carol unignores zed");
	pid = restart(pid, SIGKILL, 3, &port, &a, &b, &c);
	CHECK(list_is(&a, "settings", "setting ", "setting level=2|setting side=blue|"
	              "setting rules=standard|setting language=ja|ok 4"),
	      "the change acknowledged before SIGKILL is kept");
	CHECK(list_is(&c, "ignore", "ignore ", "ignore bob|ok 1"), "so is the unignore");
	hidden(&a, &b, &c, "r3");
	CHECK(next_is(&c, "unignore bob", "ok") &&
	      list_is(&c, "ignore", "ignore ", "ok 0"), "carol unignores bob");
	CHECK(answer_is(&b, "host r4 red for carol", "ok seat red") &&
	      tc_expect(&c, "invited bob r4", NULL, 0, 3000), "and bob's invitation reaches her");

	tc_close(&a);
	tc_close(&b);
	tc_close(&c);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("players");
}
