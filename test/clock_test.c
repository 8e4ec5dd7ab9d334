/*
 * clock_test.c - the online server's clocks are exact (issue 25, item 1):
 * through the protocol, with measured waits, each side's time after each
 * move is its time before, minus its own thinking, plus the increment
 * (within 100 ms), and the idle side's time does not change at all; the
 * same across a reconnection and across a restart of the server (SIGTERM,
 * then started again with the same --state); both players are told the
 * same times from the start; a flag falls for the side that ran out and
 * only for it (`over SIDE time', and How: time in the kept record).
 *
 * The server's clock starts and stops at moments the test cannot see, so
 * each is known as a window of real time: between sending the line that
 * causes it and reading the answer (or, for a restart, between the signal
 * and the exit, and between the start and the first answer).  A thinking
 * time is then known within [stop_lo - start_hi, stop_hi - start_lo], and
 * a clock must be within that window's bounds and 100 ms more.
 * $NONAGA is the program (build/nonaga by default).
 */
#include "nonaga.h"
#include "tap.h"
#include "netc.h"
#include <sys/stat.h>

#define SLACK 100       /* ms: the precision the clocks are held to */
#define INC 2000        /* the increment of the game played: 1+2 */

static const char *nonaga;
static char dir[256];

typedef struct server_run {
	char sock[300], log[300], state[300];
	pid_t pid;
	int runs;
} server_run;

static int serve(server_run *s)
{
	char l[320];
	snprintf(l, sizeof l, "unix:%s", s->sock);
	char *args[] = { (char *)"--listen", l, (char *)"--state", s->state,
	                 (char *)"--grace", (char *)"30", NULL };
	s->pid = srv_start(nonaga, s->log, args);
	return srv_wait(s->log, ++s->runs, 20000) < 0 ? -1 : 0;
}

static int login(server_run *s, tc *t)
{
	char line[256];
	return tc_unix(t, s->sock) == 0 && tc_expect(t, "welcome ", line, sizeof line, 5000);
}

/* When the running clock started: a window of real time. */
typedef struct window { int64_t lo, hi; } window;

/* What the test knows: the times told last (exact for the idle side) and
 * the windows of the running side's thinking so far. */
typedef struct clocks {
	int64_t left[2];
	int64_t spent_lo, spent_hi;   /* thinking before a restart */
	window start;                 /* when the running clock (re)started */
} clocks;

/* Is ms the time of the running side, stopped in window stop? */
static int running_ok(const clocks *k, int side, window stop, int64_t ms, int inc)
{
	int64_t lo = k->spent_lo + stop.lo - k->start.hi;
	int64_t hi = k->spent_hi + stop.hi - k->start.lo;
	int64_t most = k->left[side] - lo + inc + SLACK, least = k->left[side] - hi + inc - SLACK;
	if (ms < least || ms > most)
		fprintf(stderr, "%s: %lld ms, not within [%lld, %lld] (%lld - thinking %lld..%lld "
		        "+ %d)\n", side == NG_RED ? "red" : "blue", (long long)ms, (long long)least,
		        (long long)most, (long long)k->left[side], (long long)lo, (long long)hi, inc);
	return ms >= least && ms <= most;
}

/* side thinks for ms and moves; both players read the same "moved" line,
 * whose times are checked; then the other side's clock runs. */
static void move_after(ng_game *g, tc *p[2], clocks *k, int ms, const char *what)
{
	int side = ng_pos_side(ng_game_pos(g));
	char mv[NG_MOVE_TEXT], got[2][300];
	tc_sleep_ms(ms);
	first_move(g, mv);
	window stop = { tc_now(), 0 };
	tc_send(p[side], "move %s", mv);
	int seen = tc_expect(p[side], "moved ", got[side], sizeof got[side], 5000);
	stop.hi = tc_now();
	seen &= tc_expect(p[!side], "moved ", got[!side], sizeof got[!side], 5000);
	long long red = -1, blue = -1;
	int n = 0;
	char said[NG_MOVE_TEXT] = "";
	CHECK(seen && sscanf(got[side], "moved %d %31s %lld %lld", &n, said, &red, &blue) == 4 &&
	      n == ng_game_ply(g) && !strcmp(said, mv), "%s: moved line '%s'", what,
	      seen ? got[side] : "(none)");
	CHECK(seen && !strcmp(got[0], got[1]), "%s: both players are told the same: '%s', '%s'",
	      what, got[0], got[1]);
	int64_t t[2] = { red, blue };
	CHECK(t[!side] == k->left[!side], "%s: the idle side's time is unchanged: %lld, was %lld",
	      what, (long long)t[!side], (long long)k->left[!side]);
	CHECK(running_ok(k, side, stop, t[side], INC),
	      "%s: the mover's time is its time minus its thinking plus %d ms", what, INC);
	k->left[0] = red;
	k->left[1] = blue;
	k->spent_lo = k->spent_hi = 0;
	k->start = stop;
}

/* The "clock" line of a sync, read after its "ok seat": 1 when read. */
static int sync_clock(tc *t, int64_t ms[2])
{
	char line[300];
	long long r = -1, b = -1;
	if (!tc_expect(t, "clock ", line, sizeof line, 5000) ||
	    sscanf(line, "clock %lld %lld", &r, &b) != 2)
		return 0;
	ms[0] = r;
	ms[1] = b;
	return 1;
}

/* Join game, taking side; the window of the answer. */
static int join(tc *t, const char *game, const char *side, window *w)
{
	char line[300], want[64];
	snprintf(want, sizeof want, "ok seat %s ", side);
	w->lo = tc_now();
	tc_send(t, "join %s %s", game, side);
	int ok = tc_expect(t, "ok ", line, sizeof line, 5000) && !strncmp(line, want, strlen(want));
	w->hi = tc_now();
	if (!ok)
		fprintf(stderr, "join %s %s: '%s'\n", game, side, line);
	return ok;
}

/* The main game: 1+2, moves with known waits, a reconnection, a restart. */
static void timed_game(server_run *s)
{
	tc red, blue, *p[2] = { &red, &blue };
	char line[300];
	ng_game *g = ng_game_new(NG_STANDARD);
	clocks k = { { 60000, 60000 }, 0, 0, { 0, 0 } };
	int64_t ms[2];
	CHECK(login(s, &red) && login(s, &blue), "two connections of one login");
	CHECK(tc_ask(&red, line, sizeof line, "host c1 red standard clock 1+2") &&
	      !strncmp(line, "ok seat red ", 12), "host c1 as red: %s", line);
	CHECK(sync_clock(&red, ms) && ms[0] == 60000 && ms[1] == 60000,
	      "the host's sync: the full minute each, not running yet");
	tc_sleep_ms(700);   /* a wait before the opponent comes: not charged */
	CHECK(join(&blue, "c1", "blue", &k.start), "the second connection joins as blue");
	CHECK(sync_clock(&blue, ms) && ms[1] == 60000 && running_ok(&k, NG_RED, (window){
	      k.start.hi, tc_now() }, ms[0], 0), "the joiner's sync: Red's clock just started");
	long long r = -1, b = -1;
	CHECK(tc_expect(&red, "clock ", line, sizeof line, 5000) &&
	      sscanf(line, "clock %lld %lld", &r, &b) == 2 && b == 60000 &&
	      running_ok(&k, NG_RED, (window){ k.start.lo, tc_now() }, r, 0),
	      "the host is told the clock starts, with the joiner's times: '%s'", line);

	move_after(g, p, &k, 1200, "red thinks 1.2 s");
	move_after(g, p, &k, 700, "blue thinks 0.7 s");
	move_after(g, p, &k, 300, "red thinks 0.3 s");
	move_after(g, p, &k, 1500, "blue thinks 1.5 s");

	/* Red's connection goes while Red is to move; it comes back */
	tc_sleep_ms(400);
	tc_close(&red);
	tc_sleep_ms(600);
	window w;
	CHECK(login(s, &red) && join(&red, "c1", "red", &w), "red connects again");
	CHECK(sync_clock(&red, ms) && ms[1] == k.left[1] && running_ok(&k, NG_RED, w, ms[0], 0),
	      "the clock at the return: Red's ran while away, Blue's is as it was");
	move_after(g, p, &k, 500, "red, back, thinks 0.5 s more");

	/* the server stops while Blue is to move, and starts again */
	tc_sleep_ms(800);
	window stop = { tc_now(), 0 };
	int st = srv_stop(s->pid, SIGTERM);
	stop.hi = tc_now();
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the server stops at SIGTERM");
	tc_close(&red);
	tc_close(&blue);
	tc_sleep_ms(1500);   /* the server is down: no clock runs */
	k.spent_lo = stop.lo - k.start.hi;
	k.spent_hi = stop.hi - k.start.lo;
	k.start.lo = tc_now();
	CHECK(serve(s) == 0, "the server starts again with the same --state");
	CHECK(login(s, &red) && login(s, &blue), "both connect again");
	k.start.hi = tc_now();
	CHECK(join(&red, "c1", "red", &w) && join(&blue, "c1", "blue", &w), "both rejoin c1");
	CHECK(sync_clock(&red, ms) && ms[0] == k.left[0] && running_ok(&k, NG_BLUE, (window){
	      k.start.lo, tc_now() }, ms[1], 0),
	      "after the restart: Blue's time less its thinking, none of the downtime; "
	      "Red's as it was (%lld %lld)", (long long)ms[0], (long long)ms[1]);
	int64_t ms2[2];
	CHECK(sync_clock(&blue, ms2) && ms2[0] == ms[0] && llabs(ms2[1] - ms[1]) <= SLACK,
	      "... and Blue is told the same");
	move_after(g, p, &k, 600, "blue, after the restart, thinks 0.6 s");
	move_after(g, p, &k, 400, "red thinks 0.4 s");
	tc_close(&red);
	tc_close(&blue);
	ng_game_free(g);
}

/* The kept record of game (in state/finished): its text, or "". */
static void finished_record(const server_run *s, const char *game, char *out, size_t size)
{
	char cmd[700];
	out[0] = 0;
	snprintf(cmd, sizeof cmd, "cat %s/finished/*-%s.rec 2>/dev/null", s->state, game);
	FILE *f = popen(cmd, "r");
	if (!f)
		return;
	size_t n = fread(out, 1, size - 1, f);
	out[n] = 0;
	pclose(f);
}

static long long record_ms(const char *rec, const char *key)
{
	const char *p = strstr(rec, key);
	return p ? atoll(p + strlen(key)) : -1;
}

int main(void)
{
	nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	/* a fresh directory: a run that failed keeps its own for a look, and
	 * a pid is used again sooner or later */
	snprintf(dir, sizeof dir, "%s/nonaga-clock-XXXXXX",
	         getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 60 ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	server_run main_srv, flag_srv;
	memset(&main_srv, 0, sizeof main_srv);
	memset(&flag_srv, 0, sizeof flag_srv);
	snprintf(main_srv.sock, sizeof main_srv.sock, "%s/a.sock", dir);
	snprintf(main_srv.log, sizeof main_srv.log, "%s/a.log", dir);
	snprintf(main_srv.state, sizeof main_srv.state, "%s/a", dir);
	snprintf(flag_srv.sock, sizeof flag_srv.sock, "%s/f.sock", dir);
	snprintf(flag_srv.log, sizeof flag_srv.log, "%s/f.log", dir);
	snprintf(flag_srv.state, sizeof flag_srv.state, "%s/f", dir);

	/* A game of 1+0 on a server of its own, whose flag falls while the
	 * other game is played: Red moves at once, Blue never. */
	tc fr, fb;
	char line[300];
	window fstart = { 0, 0 };
	CHECK(serve(&flag_srv) == 0 && login(&flag_srv, &fr) && login(&flag_srv, &fb),
	      "a second server, for a flag");
	CHECK(tc_ask(&fr, line, sizeof line, "host f1 red clock 1+0") &&
	      !strncmp(line, "ok seat red", 11), "host f1: %s", line);
	window wj;
	CHECK(join(&fb, "f1", "blue", &wj), "join f1 as blue");
	ng_game *fg = ng_game_new(NG_STANDARD);
	char mv[NG_MOVE_TEXT];
	first_move(fg, mv);
	fstart.lo = tc_now();
	tc_send(&fr, "move %s", mv);
	long long red_left = -1, blue_left = -1;
	int n = 0;
	CHECK(tc_expect(&fr, "moved ", line, sizeof line, 5000) &&
	      sscanf(line, "moved %d %*s %lld %lld", &n, &red_left, &blue_left) == 3 &&
	      n == 1 && blue_left == 60000 && red_left > 60000 - 2000 && red_left <= 60000,
	      "f1: Red moves at once: '%s'", line);
	fstart.hi = tc_now();
	ng_game_free(fg);

	CHECK(serve(&main_srv) == 0, "the server starts");
	timed_game(&main_srv);

	/* the flag: Blue's minute runs out; the over line comes to both */
	int over_r = tc_expect(&fr, "over ", line, sizeof line, 90000);
	int64_t fell = tc_now();
	CHECK(over_r && !strcmp(line, "over red time"), "Blue's flag falls: '%s'", line);
	CHECK(fell - fstart.lo >= 60000 - SLACK, "... not before Blue's minute is gone (%lld ms)",
	      (long long)(fell - fstart.lo));
	CHECK(fell - fstart.hi <= 60000 + 2000, "... and soon after it (%lld ms)",
	      (long long)(fell - fstart.hi));
	CHECK(tc_expect(&fb, "over ", line, sizeof line, 5000) && !strcmp(line, "over red time"),
	      "Blue is told it lost on time: '%s'", line);
	CHECK(tc_ask(&fr, line, sizeof line, "move 0,0>0,0/0,0>0,0") &&
	      !strncmp(line, "error game-over", 15), "no move after the flag: %s", line);
	static char rec[1 << 16];
	finished_record(&flag_srv, "f1", rec, sizeof rec);
	CHECK(strstr(rec, "\nHow: time\n") != NULL, "the kept record says How: time");
	CHECK(strstr(rec, "\nWinner: red\n") != NULL, "... and Winner: red");
	CHECK(record_ms(rec, "\nRed-time: ") == red_left,
	      "... Red's time in it is what Red had: %lld, %lld", record_ms(rec, "\nRed-time: "),
	      red_left);
	CHECK(record_ms(rec, "\nBlue-time: ") == 0, "... Blue's is 0: %lld",
	      record_ms(rec, "\nBlue-time: "));
	tc_close(&fr);
	tc_close(&fb);

	int st = srv_stop(main_srv.pid, SIGTERM), st2 = srv_stop(flag_srv.pid, SIGTERM);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && WIFEXITED(st2) && WEXITSTATUS(st2) == 0,
	      "both servers stop cleanly");
	char cmd[600];
	snprintf(cmd, sizeof cmd, "grep -h -E 'Sanitizer|runtime error' %s/*.log >&2", dir);
	CHECK(system(cmd) != 0, "no sanitizer report in the servers' logs");
	return tests_done_in("clock_test", dir);
}
