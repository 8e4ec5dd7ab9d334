/*
 * list_test.c - `nonaga --list': the games of yours not over yet, one a
 * line (game, opponent, whose move, time left), from the server given or
 * found (this host's shared one); nothing, and no server started, when
 * none runs.  The opponent, bob, logs in over TCP with the key.
 */
#include "srvtest.h"
#include <sys/stat.h>

/* Run `env ENV nonaga --list ARGS' into out; its exit status. */
static int list(const char *env, const char *args, char *out, size_t size)
{
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "env XDG_RUNTIME_DIR=%s/rt XDG_STATE_HOME=%s/st LANG=C.UTF-8 LANGUAGE=en %s %s --list %s"
	         " 2>&1", dir, dir, env, nonaga, args);
	FILE *p = popen(cmd, "r");
	size_t n = p ? fread(out, 1, size - 1, p) : 0;
	out[n] = 0;
	int st = p ? pclose(p) : -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int main(void)
{
	if (srv_setup("list") < 0)
		return 1;
	char rt[300], out[4096], args[400], env[400];
	snprintf(rt, sizeof rt, "%s/rt", dir);
	mkdir(rt, 0700);

	/* no server at all: nothing to list, and none is started */
	int st = list("NONAGA_SHARED_SOCKET=", "", out, sizeof out);
	char sockfile[400];
	snprintf(sockfile, sizeof sockfile, "%s/nonaga/server.sock", rt);
	CHECK(st == 0 && !out[0] && access(sockfile, F_OK) != 0,
	      "no server: nothing listed, none started (%d, [%s])", st, out);

	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0 && port > 0, "the server starts");
	tc a, b;
	CHECK(connect_unix(&a) &&
	      tc_login(&b, port, state, "bob"), "%s and bob are online", me);
	CHECK(answer_is(&a, "host g1 red", "ok seat red") && answer_is(&b, "join g1", "ok seat blue"),
	      "g1: %s (red, to move) against bob", me);
	CHECK(answer_is(&b, "host g2 red clock 5+0", "ok seat red") &&
	      answer_is(&a, "join g2", "ok seat blue"), "g2: bob (red, to move) against %s", me);
	CHECK(answer_is(&a, "host g3 blue clock 2d", "ok seat blue"), "g3: %s waits", me);
	CHECK(answer_is(&b, "host g4 red", "ok seat red"), "g4: bob's alone");
	CHECK(answer_is(&a, "host g5 red", "ok seat red") && answer_is(&b, "join g5", "ok seat blue") &&
	      answer_is(&a, "resign", "ok"), "g5: over");
	tc_sleep_ms(1100);

	snprintf(args, sizeof args, "--server unix:%s", sock);
	st = list("", args, out, sizeof out);
	int m = -1, s = -1;
	char *l2 = strstr(out, "g2: bob's move, ");
	CHECK(st == 0 && !strncmp(out, "g3: waiting for an opponent\n", 28) && l2 &&
	      sscanf(l2, "g2: bob's move, %d:%d left\n", &m, &s) == 2 && m == 4 && s >= 50 &&
	      strstr(out, "g1: your move against bob\n") && !strstr(out, "g4") && !strstr(out, "g5"),
	      "--list: your games not over, whose move, time left: %d [%s]", st, out);
	CHECK(strlen(out) == 28 + strlen("g2: bob's move, 4:59 left\n") +
	      strlen("g1: your move against bob\n"), "... three lines, nothing else: [%s]", out);

	/* this host's shared server, found with no option */
	snprintf(env, sizeof env, "NONAGA_SHARED_SOCKET=%s", sock);
	char again[4096];
	st = list(env, "", again, sizeof again);
	CHECK(st == 0 && strstr(again, "g1: your move against bob\n") &&
	      strstr(again, "g3: waiting for an opponent\n"), "found on the shared server: [%s]", again);

	/* a given server that is not there: said, status 1 */
	snprintf(args, sizeof args, "--server unix:%s/none.sock", dir);
	st = list("", args, out, sizeof out);
	CHECK(st == 1 && strstr(out, "cannot connect"), "a server that is not there: %d [%s]", st, out);

	/* days: the opponent's 2 days, shown as days */
	CHECK(answer_is(&b, "join g3", "ok seat red"), "bob joins g3");
	snprintf(args, sizeof args, "--server unix:%s", sock);
	st = list("", args, out, sizeof out);
	CHECK(st == 0 && (strstr(out, "g3: bob's move, 1d 23:59 left\n") ||
	                  strstr(out, "g3: bob's move, 2d 00:00 left\n")),
	      "a days clock: [%s]", out);

	/* an invitation to me (from carol): listed, the protocol's line marked
	 * invited, unless I ignore carol; one to another player is not */
	tc c;
	char cmd[200];
	CHECK(answer_is(&b, "host g6 red for dave", "ok seat red"), "bob invites dave to g6");
	snprintf(cmd, sizeof cmd, "host g7 red for %s", me);
	CHECK(tc_login(&c, port, state, "carol") && answer_is(&c, cmd, "ok seat red"),
	      "carol invites %s to g7", me);
	CHECK(list_is(&a, "mine", "mine g7 ", "mine g7 blue carol red none -1 invited|ok 4"),
	      "mine: the invitation, the free seat its side");
	st = list("", args, out, sizeof out);
	CHECK(st == 0 && strstr(out, "g7: carol invites you\n") && !strstr(out, "g6"),
	      "--list: the invitation to me, not the one to dave: [%s]", out);
	CHECK(answer_is(&a, "ignore carol", "ok") && list_is(&a, "mine", "mine g7 ", "ok 3"),
	      "an ignored player's invitation is not in mine");
	st = list("", args, out, sizeof out);
	CHECK(st == 0 && !strstr(out, "g7") && strstr(out, "g1: your move against bob\n"),
	      "... nor in --list: [%s]", out);
	CHECK(answer_is(&a, "unignore carol", "ok") && answer_is(&a, "join g7", "ok seat blue") &&
	      list_is(&a, "mine", "mine g7 ", "mine g7 blue carol red none -1|ok 4"),
	      "once its seat is taken, it is one of my games like the others");
	tc_close(&c);
	tc_close(&a);
	tc_close(&b);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return srv_done("list");
}
