/*
 * stall_test.c - a server that did not run charges nobody's clock (issue
 * 36, item 6): in a 1+0 game, Blue to move, the server is stopped
 * (SIGSTOP) for STOP_MS while Blue's move waits in its socket; at SIGCONT
 * the move is taken, and Blue's clock after it is Blue's clock before the
 * stop less only the time the server did run (within TOLERANCE: one tick
 * of the loop and the load).  Then Red thinks THINK_MS with nothing else
 * happening (the loop idle, no stall): that time is charged in full, so
 * that an idle loop is not mistaken for a stalled one.
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"
#include <signal.h>

#define STOP_MS 8000
#define THINK_MS 3000
#define TOLERANCE 1200

/* A watcher's view of g's clocks, read between *t0 and *t1. */
static int watch_clock(const char *game, long long ms[2], int64_t *t0, int64_t *t1)
{
	tc w;
	char line[300], cmd[80];
	snprintf(cmd, sizeof cmd, "watch %s", game);
	*t0 = tc_now();
	int ok = connect_unix(&w) && tc_ask(&w, line, sizeof line, cmd) &&
	         !strncmp(line, "ok", 2) && tc_expect(&w, "clock ", line, sizeof line, 5000) &&
	         sscanf(line, "clock %lld %lld", &ms[0], &ms[1]) == 2;
	*t1 = tc_now();
	tc_close(&w);
	return ok;
}

int main(void)
{
	if (srv_setup("stall") < 0)
		return perror("mkdtemp"), 1;
	pid_t pid = start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts");
	tc red, blue;
	char line[300], mv[NG_MOVE_TEXT], want[300];
	ng_game *g = ng_game_new(NG_STANDARD);
	CHECK(connect_unix(&red) && connect_unix(&blue), "two connections");
	CHECK(tc_ask(&red, line, sizeof line, "host s1 red clock 1+0") &&
	      !strncmp(line, "ok seat red ", 12), "host s1 as red: %s", line);
	CHECK(tc_ask(&blue, line, sizeof line, "join s1 blue") && !strncmp(line, "ok seat blue ", 13),
	      "blue joins: %s", line);
	first_move(g, mv);
	snprintf(line, sizeof line, "move %s", mv);
	CHECK(tc_ask(&red, want, sizeof want, line) && !strcmp(want, "ok"), "red moves: %s", want);
	CHECK(tc_expect(&blue, "moved 1 ", line, sizeof line, 5000), "blue sees it: %s", line);

	/* Blue's clock runs: read it, stop the server, send Blue's move */
	tc_sleep_ms(300);
	long long before[2] = { -1, -1 };
	int64_t r0, r1;
	CHECK(watch_clock("s1", before, &r0, &r1) && before[0] > 55000 && before[1] < 60000,
	      "a watcher reads the clocks, Blue's running: %lld %lld", before[0], before[1]);
	int64_t stop = tc_now();
	kill(pid, SIGSTOP);
	first_move(g, mv);
	tc_send(&blue, "move %s", mv);
	tc_sleep_ms(STOP_MS);
	int64_t cont = tc_now();
	kill(pid, SIGCONT);
	/* (the first answer Blue reads is its move's, before the ping's) */
	CHECK(tc_ask(&blue, line, sizeof line, "ping") && !strcmp(line, "ok"),
	      "after SIGCONT, Blue's waiting move is accepted: %s", line);
	long long t[2] = { -1, -1 };
	int n = 0;
	CHECK(tc_expect(&blue, "moved 2 ", line, sizeof line, 5000) &&
	      sscanf(line, "moved %d %*s %lld %lld", &n, &t[0], &t[1]) == 3 && n == 2,
	      "... and played: '%s'", line);
	int64_t seen = tc_now();
	/* Blue ran, as the server saw it, from before r1 to the stop and from
	 * the SIGCONT to the answer seen */
	int64_t ran = (stop - r0) + (seen - cont);
	CHECK(t[0] == before[0], "Red's clock did not move: %lld, was %lld", t[0], before[0]);
	CHECK(t[1] <= before[1] && t[1] >= before[1] - ran - TOLERANCE,
	      "Blue's clock lost only the time the server ran: %lld ms, was %lld, ran %lld ms, "
	      "stopped %d ms", t[1], before[1], (long long)ran, STOP_MS);
	snprintf(want, sizeof want, "%s", line);
	CHECK(tc_expect(&red, "moved 2 ", line, sizeof line, 5000) && !strcmp(line, want),
	      "Red is told the same: '%s'", line);

	/* Red thinks THINK_MS: no stall, charged in full */
	int64_t t0 = tc_now();
	tc_sleep_ms(THINK_MS);
	first_move(g, mv);
	snprintf(line, sizeof line, "move %s", mv);
	CHECK(tc_ask(&red, want, sizeof want, line) && !strcmp(want, "ok"), "red moves: %s", want);
	int64_t t1 = tc_now();
	long long u[2] = { -1, -1 };
	CHECK(tc_expect(&red, "moved 3 ", line, sizeof line, 5000) &&
	      sscanf(line, "moved %d %*s %lld %lld", &n, &u[0], &u[1]) == 3 && n == 3,
	      "red's move: '%s'", line);
	CHECK(u[1] == t[1], "Blue's clock did not move: %lld, was %lld", u[1], t[1]);
	/* Red's clock started when the server played Blue's move (after
	 * cont, before seen) and stopped at Red's move (after t0 + THINK_MS,
	 * before t1) */
	CHECK(u[0] <= t[0] - (t0 + THINK_MS - seen) + 5 && u[0] >= t[0] - (t1 - cont) - 100,
	      "Red's idle thinking of %d ms is charged in full: %lld, was %lld", THINK_MS, u[0],
	      t[0]);
	CHECK(log_has("the server did not run for "), "the log says the server did not run");
	tc_close(&red);
	tc_close(&blue);
	ng_game_free(g);
	int st = srv_stop(pid, SIGTERM);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the server stops at SIGTERM");
	CHECK(!log_has("Sanitizer") && !log_has("runtime error"), "no sanitizer report");
	return srv_done("stall");
}
