/*
 * server_hostile_test.c - `nonaga --serve' against hostile clients (long
 * lines, bad UTF-8, random bytes, floods, a client that never reads),
 * after which a game still works; a long game loaded whole; excess and
 * idle connections; the default socket's directory and its permissions.
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"

/* -------------------------------------------------------------- hostile */

/* A record of a long game, for the server to load: 1500 moves. */
static void long_game(void)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_movelist *ml = malloc(sizeof *ml);
	uint64_t x = 12345;
	while (ng_game_ply(g) < 1500) {
		int n = ng_generate(ng_game_pos(g), ml), played = 0;
		for (int tries = 0; tries < n && !played; tries++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			ng_move m = ml->m[(x >> 33) % (uint64_t)n];
			ng_game_play(g, m);
			if (ng_game_result(g) == NG_NONE)
				played = 1;
			else
				ng_game_undo(g);
		}
		if (!played)
			break;
	}
	ng_record_info info;
	memset(&info, 0, sizeof info);
	snprintf(info.red, sizeof info.red, "x");
	snprintf(info.blue, sizeof info.blue, "y");
	ng_record_set(&info, "Game", "long");
	ng_record_set(&info, "Mode", "online");
	char *text = NULL, path[400];
	ng_record_write(g, &info, &text);
	snprintf(path, sizeof path, "%s/games", state);
	mkdir(state, 0700);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/games/long.rec", state);
	FILE *f = fopen(path, "w");
	if (f && text)
		fputs(text, f);
	if (f)
		fclose(f);
	free(text);
	free(ml);
	ng_game_free(g);
}

static void hostile(int port)
{
	tc a, b, n;
	char line[600];
	CHECK(connect_unix(&a), "a connection");
	char *big = malloc(20000);
	memset(big, 'x', 20000);
	tc_write(&a, big, 20000);
	tc_write(&a, "\nping\n", 6);
	CHECK(tc_expect(&a, "error line-too-long", NULL, 0, 3000) &&
	      tc_expect(&a, "ok pong", NULL, 0, 3000), "a long line: refused, and the next one works");
	tc_write(&a, "move \xff\xfe\n", 9);
	CHECK(tc_expect(&a, "error bad-text", NULL, 0, 3000), "invalid UTF-8");
	tc_write(&a, "ping\0evil\n", 10);
	CHECK(tc_expect(&a, "error bad-text", NULL, 0, 3000), "a NUL byte");
	uint64_t x = 99;
	for (int i = 0; i < 2000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		big[i] = (char)(x >> 56);
	}
	tc_write(&a, big, 2000);
	tc_write(&a, "\nping\n", 6);
	CHECK(tc_expect(&a, "ok pong", NULL, 0, 3000), "random bytes, then a ping that works");
	tc_close(&a);

	/* a flood */
	CHECK(connect_unix(&a), "another connection");
	char flood[5 * 400];
	for (int i = 0; i < 400; i++)
		memcpy(flood + 5 * i, "ping\n", 5);
	tc_write(&a, flood, sizeof flood);
	CHECK(tc_expect(&a, "error flood", NULL, 0, 3000) && tc_closed(&a, 3000),
	      "400 commands at once: told and closed");
	tc_close(&a);

	/* a client that asks and never reads: dropped, the game goes on */
	CHECK(connect_unix(&n), "a client that will not read");
	int small = 4096;
	setsockopt(n.fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
	for (int i = 0; i < 90; i++)
		tc_send(&n, "watch long");
	int dropped = 0;
	for (int i = 0; i < 100 && !dropped; i++) {
		tc_sleep_ms(50);
		dropped = log_has("does not read: dropped");
	}
	CHECK(dropped, "is dropped when a megabyte waits for it");
	tc_close(&n);
	CHECK(connect_unix(&a) && connect_unix(&b), "and others are served");
	CHECK(answer_is(&a, "watch long", "ok watch") && tc_expect(&a, "moved 1500 ", NULL, 0, 5000),
	      "the long game is whole");
	CHECK(answer_is(&a, "host g7", "ok seat") && answer_is(&b, "join g7", "ok seat"),
	      "a game after all that");
	int red = tc_expect(&a, "sync", line, sizeof line, 3000) && strstr(line, "you=red");
	tc *r = red ? &a : &b, *o = red ? &b : &a;
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 2);
	CHECK(play(g, s, r, o, NULL, NULL) && play(g, s, o, r, NULL, NULL), "still works");
	ng_search_free(s);
	ng_game_free(g);
	tc_close(&a);
	tc_close(&b);
	(void)port;
	free(big);
}

/* Excess and idle connections, with a server of its own. */
static void limits(void)
{
	char s2[320], l[340], st[320], lg[320];
	snprintf(s2, sizeof s2, "%s/s2.sock", dir);
	snprintf(l, sizeof l, "unix:%s", s2);
	snprintf(st, sizeof st, "%s/state2", dir);
	snprintf(lg, sizeof lg, "%s/log2", dir);
	char *args[] = { (char *)"--listen", l, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", st, (char *)"--max-clients", (char *)"20",
	                 (char *)"--idle", (char *)"2", NULL };
	pid_t pid = srv_start(nonaga, lg, args);
	int port = srv_wait(lg, 1, 10000);
	CHECK(port > 0, "a second server");
	tc c[21];
	int ok = 1;
	int64_t t0 = tc_now();
	for (int i = 0; i < 20; i++)
		ok &= tc_unix(&c[i], s2) == 0 && tc_expect(&c[i], "welcome", NULL, 0, 3000);
	CHECK(ok, "20 connections");
	CHECK(tc_unix(&c[20], s2) == 0 && tc_expect(&c[20], "error busy", NULL, 0, 3000) &&
	      tc_closed(&c[20], 3000), "the 21st is told the server is busy, and closed");
	tc_close(&c[20]);
	/* (the server's timer starts after t0: it cannot close before t0 + 2 s,
	 * less what libevent's rounding of timers to milliseconds may take) */
	CHECK(answer_is(&c[1], "ping", "ok pong"), "a client that speaks is answered");
	int closed = tc_closed(&c[0], 5000);
	int64_t after = tc_now() - t0;
	CHECK(closed && after >= 1950, "a silent client is closed after --idle 2, not before: "
	      "%lld ms", (long long)after);
	for (int i = 0; i < 20; i++)
		tc_close(&c[i]);
	tc t;
	t0 = tc_now();
	closed = tc_tcp(&t, port) == 0 && tc_closed(&t, 5000);
	after = tc_now() - t0;
	CHECK(closed && after >= 1950, "so is a TCP client that never logs in: %lld ms",
	      (long long)after);
	tc_close(&t);
	CHECK(srv_stop(pid, SIGTERM) == 0, "SIGTERM stops it cleanly");
	CHECK(access(s2, F_OK) != 0, "and its socket is removed");
}

/* The default socket's directory. */
static void directories(void)
{
	char rt[300], sub[320], st[320], lg[320];
	snprintf(rt, sizeof rt, "%s/rt", dir);
	snprintf(sub, sizeof sub, "%s/nonaga", rt);
	snprintf(st, sizeof st, "%s/state3", dir);
	snprintf(lg, sizeof lg, "%s/log3", dir);
	mkdir(rt, 0700);
	setenv("XDG_RUNTIME_DIR", rt, 1);
	char *args[] = { (char *)"--state", st, NULL };
	pid_t pid = srv_start(nonaga, lg, args);
	struct stat sb;
	CHECK(srv_wait(lg, 1, 10000) == 0, "a server on the default address");
	CHECK(stat(sub, &sb) == 0 && (sb.st_mode & 0777) == 0700,
	      "XDG_RUNTIME_DIR/nonaga is made with mode 700");
	snprintf(sub, sizeof sub, "%s/nonaga/server.sock", rt);
	CHECK(stat(sub, &sb) == 0 && S_ISSOCK(sb.st_mode) && (sb.st_mode & 0777) == 0600,
	      "the socket there is mode 600");
	tc t;
	CHECK(tc_unix(&t, sub) == 0 && tc_expect(&t, "welcome", NULL, 0, 3000), "and answers");
	tc_close(&t);
	srv_stop(pid, SIGTERM);
	snprintf(sub, sizeof sub, "%s/nonaga", rt);
	chmod(sub, 0755);
	pid = srv_start(nonaga, lg, args);
	int st_code = 0;
	waitpid(pid, &st_code, 0);
	char why[400];
	snprintf(why, sizeof why, "refusing %s: others may use it (mode 755; it must be 700)", sub);
	CHECK(WIFEXITED(st_code) && WEXITSTATUS(st_code) == 1 && file_has(lg, why),
	      "a directory others may use is refused, and the log says so: %s", why);
	chmod(sub, 0700);
	unsetenv("XDG_RUNTIME_DIR");
}

int main(void)
{
	if (srv_setup("server-hostile") < 0)
		return 1;
	int port = 0;
	long_game();
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0 && port > 0, "the server starts (unix and TCP)");
	if (pid > 0) {
		hostile(port);
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly after all that");
	}
	limits();
	directories();
	return srv_done("server_hostile");
}
