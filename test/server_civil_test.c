/*
 * server_civil_test.c - what keeps a public server civil (nonaga(6),
 * ONLINE): the chat rate, a player's ignore list (the ignored player's
 * chat reaches everyone else, and again after unignore), and the number
 * of games a player may have open; a game's name that is none is
 * refused.  Players log in over TCP with names of their own.  $NONAGA is the program (build/nonaga by default).
 */
#include "nonaga.h"
#include "tap.h"
#include "netc.h"

static char dir[256], logpath[300], key[64];

static int login(tc *t, int port, const char *name)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "login %s %s", key, name);
	return tc_tcp(t, port) == 0 && tc_expect(t, "hello", NULL, 0, 3000) &&
	       tc_send(t, "%s\n", cmd) == 0 && tc_expect(t, "welcome", NULL, 0, 3000);
}

/* cmd's answer begins with prefix (events before it skipped). */
static int answer_is(tc *t, const char *cmd, const char *prefix)
{
	char out[600];
	return tc_send(t, "%s\n", cmd) == 0 && tc_expect(t, prefix, out, sizeof out, 3000);
}

/* A chat line from name reaches t within ms (and is "chat NAME TEXT"). */
static int hears(tc *t, const char *name, const char *text, int ms)
{
	char want[200];
	snprintf(want, sizeof want, "chat %s %s", name, text);
	return tc_expect(t, want, NULL, 0, ms);
}

int main(void)
{
	const char *nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	snprintf(dir, sizeof dir, "/tmp/nonaga-civil-test-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	char st[320], lg[320], sk[320];
	snprintf(st, sizeof st, "%s/state", dir);
	snprintf(logpath, sizeof logpath, "%s/log", dir);
	snprintf(sk, sizeof sk, "unix:%s/s.sock", dir);
	snprintf(lg, sizeof lg, "%s", logpath);
	signal(SIGPIPE, SIG_IGN);
	char *args[] = { (char *)"--listen", sk, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", st, NULL };
	pid_t pid = srv_start(nonaga, lg, args);
	int port = srv_wait(lg, 1, 10000);
	CHECK(port > 0, "the server starts");
	char path[340];
	snprintf(path, sizeof path, "%s/key", st);
	FILE *f = fopen(path, "r");
	CHECK(f && fgets(key, sizeof key, f), "its key");
	if (f)
		fclose(f);
	key[strcspn(key, "\n")] = 0;

	tc a, b, w;
	CHECK(login(&a, port, "ann") && login(&b, port, "bob") && login(&w, port, "wes"),
	      "three players");
	CHECK(answer_is(&a, "host civil red", "ok") && answer_is(&b, "join civil", "ok") &&
	      answer_is(&w, "watch civil", "ok"), "a game with two players and a watcher");

	/* ignore: bob's chat no longer reaches ann, but still reaches wes */
	CHECK(answer_is(&a, "ignore Bob", "ok"), "ann ignores Bob (any case)");
	CHECK(answer_is(&a, "ignore", "ignore Bob"), "... and her list says so");
	CHECK(answer_is(&b, "chat first", "ok") && hears(&w, "bob", "first", 3000),
	      "bob's chat reaches the watcher");
	/* ann's own line comes after bob's would have (bob's was said first) */
	char line[600];
	int heard = 0, mine = 0;
	CHECK(tc_send(&a, "chat mine\n") == 0, "ann says something");
	while (!mine && tc_line(&a, line, sizeof line, 3000) > 0) {
		heard |= !strncmp(line, "chat bob ", 9);
		mine = !strcmp(line, "chat ann mine");
	}
	CHECK(mine, "ann's own chat comes back to her");
	CHECK(!heard, "... but bob's did not reach her");
	CHECK(answer_is(&a, "unignore bob", "ok") && answer_is(&b, "chat again", "ok") &&
	      hears(&a, "bob", "again", 3000), "after unignore it does");
	CHECK(answer_is(&a, "ignore -x", "error bad-argument"), "a bad name is refused");

	/* the chat rate: 5 at once, then one every 2 seconds */
	int oks = 0;
	for (int i = 0; i < 5; i++)
		oks += answer_is(&w, "chat hi", "ok");
	CHECK(oks == 5, "five messages at once are said");
	CHECK(answer_is(&w, "chat hi", "error chat-too-fast"), "the sixth is refused");
	tc_sleep_ms(2100);
	CHECK(answer_is(&w, "chat hi", "ok"), "after two seconds one more is said");

	/* a game's name that is none is refused, not repeated back cut in the
	 * middle of a character (the server fuzzer found it) */
	char nonname[300] = "join ";
	for (int i = 0; i < 40; i++)
		strcat(nonname, "\xe6\x97\xa5");
	CHECK(answer_is(&w, nonname, "error bad-argument"), "join with a name that is none");
	CHECK(answer_is(&w, "watch \xe6\x97\xa5", "error bad-argument"),
	      "watch with a name that is none");

	/* games open: at most 5 */
	tc c;
	CHECK(login(&c, port, "cid"), "a fourth player");
	oks = 0;
	for (int i = 0; i < 5; i++) {
		char cmd[64];
		snprintf(cmd, sizeof cmd, "host cid-%d", i);
		oks += answer_is(&c, cmd, "ok");
		answer_is(&c, "games", "ok");   /* (the sync and list read) */
	}
	CHECK(oks == 5, "five games hosted and left open");
	CHECK(answer_is(&c, "host cid-5", "error too-many-games"), "the sixth is refused");
	tc_close(&a);
	tc_close(&b);
	tc_close(&w);
	tc_close(&c);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	return tests_done_in("server_civil", dir);
}
