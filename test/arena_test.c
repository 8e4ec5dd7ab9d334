/*
 * arena_test.c - arenas (nonaga(6), ONLINE: arena, enter, withdraw,
 * standings, arenas, arena-over): four players through an arena of one
 * minute to its end, the standings compared exactly after each round,
 * the third win in a row doubled, no pairing in the last moments, the
 * winner told to all; a kill -9 in the middle of it, after which the
 * standings, the streaks and the arena's time left are as they were and
 * the game in progress goes on; Event: in the finished records; withdraw
 * and the refusals.  NONAGA_TEST_ARENA_MS=500: an arena's second lasts
 * half a second (doc/hacking.md).
 */
#include "srvtest.h"
#include <time.h>

static int port;

#define ARENA_REMATCH 10   /* seconds before two who just played are paired again */

typedef struct pl {
	tc t;
	const char *name;
	char game[48], token[48];
	int side;   /* NG_RED, NG_BLUE */
} pl;

static pid_t up(int count)
{
	return start(count, NULL, NULL, &port);
}

static int in(pl *p, const char *name)
{
	p->name = name;
	return tc_login(&p->t, port, state, name);
}

/* The next `paired' line p is told within ms: against opp, as side (got:
 * the line). */
static int paired_within(pl *p, const char *opp, int side, int ms, char *got, size_t size)
{
	char line[600], s[16], o[64];
	if (!tc_expect(&p->t, "paired ", line, sizeof line, ms)) {
		tc_copy(got, size, "(no paired line)");
		return 0;
	}
	tc_copy(got, size, line);
	if (sscanf(line, "paired %47s %15s %63s %47s", p->game, s, o, p->token) != 4)
		return 0;
	p->side = strcmp(s, "red") ? NG_BLUE : NG_RED;
	return !strcmp(o, opp) && p->side == side && strlen(p->token) == 32;
}

static int paired(pl *p, const char *opp, int side, char *got, size_t size)
{
	return paired_within(p, opp, side, 5000, got, size);
}

/* loser resigns to winner (in the same game): both told the end. */
static int beats(pl *winner, pl *loser)
{
	char got[300], want[64];
	snprintf(want, sizeof want, "over %s resign", winner->side == NG_RED ? "red" : "blue");
	return !strcmp(winner->game, loser->game) &&
	       tc_answer(&loser->t, "resign", "ok", got, sizeof got) &&
	       tc_expect(&winner->t, want, NULL, 0, 5000) && tc_expect(&loser->t, want, NULL, 0, 5000);
}

static int draws(pl *a, pl *b)
{
	char got[300];
	return tc_answer(&a->t, "draw", "ok", got, sizeof got) &&
	       tc_expect(&b->t, "offer draw", NULL, 0, 5000) &&
	       tc_answer(&b->t, "draw", "ok", got, sizeof got) &&
	       tc_expect(&a->t, "over draw agreement", NULL, 0, 5000);
}

/* The seconds `arenas' says are left of arena name (-1: none). */
static long left(tc *t, const char *name)
{
	char line[600], n[64], st[16];
	long secs = -1, k;
	tc_send(t, "arenas");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2) &&
	       strncmp(line, "error", 5))
		if (sscanf(line, "arena %63s %15s %ld", n, st, &k) == 3 && !strcmp(n, name))
			secs = k;
	return secs;
}

/* Does `arenas' on t end arena name's line with " you=WANT"? */
static int you_are(tc *t, const char *name, const char *want)
{
	char line[600], n[64], end[32];
	int found = 0;
	snprintf(end, sizeof end, " you=%s", want);
	tc_send(t, "arenas");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2) &&
	       strncmp(line, "error", 5))
		if (sscanf(line, "arena %63s", n) == 1 && !strcmp(n, name))
			found = strlen(line) > strlen(end) &&
			        !strcmp(line + strlen(line) - strlen(end), end);
	return found;
}

/* Nothing but what does not matter comes to p before `arena-over NAME
 * WINNER' (a `paired' line fails). */
static int over_unpaired(pl *p, const char *want)
{
	char line[600];
	while (tc_line(&p->t, line, sizeof line, 30000) > 0) {
		if (!strncmp(line, "paired ", 7))
			return fprintf(stderr, "%s: %s\n", p->name, line), 0;
		if (!strncmp(line, "arena-over ", 11))
			return !strcmp(line, want) || (fprintf(stderr, "%s: %s\n", p->name, line), 0);
	}
	return 0;
}

static void tournament(void)
{
	pid_t pid = up(1);
	CHECK(pid > 0, "the server starts");
	pl a, b, c, d;
	tc o;   /* (who asks for the standings: told nothing else) */
	char got[600];
	CHECK(in(&a, "ann") && in(&b, "bob") && in(&c, "cid") && in(&d, "dan") &&
	      tc_login(&o, port, state, "obs"), "four players and one who looks on");
	CHECK(tc_answer(&a.t, "arena cup 1 5+0", "ok", got, sizeof got), "ann makes cup: %s", got);
	long l0 = left(&a.t, "cup");
	CHECK(l0 > 50 && l0 <= 60, "cup has its minute: %ld s left", l0);

	/* round 1: ann and bob (in the order they entered: ann red), cid and dan */
	CHECK(tc_answer(&a.t, "enter cup", "ok", got, sizeof got) &&
	      tc_answer(&b.t, "enter cup", "ok", got, sizeof got), "ann and bob enter");
	CHECK(paired(&b, "ann", NG_BLUE, got, sizeof got) && paired(&a, "bob", NG_RED, got, sizeof got),
	      "ann (red) and bob are paired: %s", got);
	CHECK(tc_answer(&c.t, "enter cup", "ok", got, sizeof got) &&
	      tc_answer(&d.t, "enter cup", "ok", got, sizeof got), "cid and dan enter");
	CHECK(paired(&d, "cid", NG_BLUE, got, sizeof got) && paired(&c, "dan", NG_RED, got, sizeof got),
	      "cid (red) and dan are paired: %s", got);
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 0 0 streak=0 kind=human|"
	              "standing 2 bob 0 0 streak=0 kind=human|"
	              "standing 3 cid 0 0 streak=0 kind=human|"
	              "standing 4 dan 0 0 streak=0 kind=human|"
	              "ok 4"), "the standings before a game");
	CHECK(beats(&a, &b) && beats(&c, &d), "ann beats bob, cid beats dan");
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 2 1 streak=1 kind=human|"
	              "standing 2 cid 2 1 streak=1 kind=human|"
	              "standing 3 bob 0 1 streak=0 kind=human|"
	              "standing 4 dan 0 1 streak=0 kind=human|"
	              "ok 4"),
	      "2 a win, 0 a loss; ann reached 2 first");

	/* round 2: the nearest in the standings but the last opponent */
	CHECK(paired(&a, "cid", NG_RED, got, sizeof got) && paired(&c, "ann", NG_BLUE, got, sizeof got),
	      "ann is paired with cid (next to her), not bob again: %s", got);
	CHECK(paired(&b, "dan", NG_RED, got, sizeof got) && paired(&d, "bob", NG_BLUE, got, sizeof got),
	      "bob with dan: %s", got);
	CHECK(beats(&a, &c) && draws(&b, &d), "ann beats cid, bob and dan draw");
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 4 2 streak=2 kind=human|"
	              "standing 2 cid 2 2 streak=0 kind=human|"
	              "standing 3 bob 1 2 streak=0 kind=human|"
	              "standing 4 dan 1 2 streak=0 kind=human|"
	              "ok 4"), "1 a draw");

	/* round 3: ann's third win in a row counts double */
	CHECK(paired(&a, "bob", NG_BLUE, got, sizeof got) && paired(&b, "ann", NG_RED, got, sizeof got),
	      "ann with bob (cid was her last): %s", got);
	CHECK(paired(&c, "dan", NG_BLUE, got, sizeof got) && paired(&d, "cid", NG_RED, got, sizeof got),
	      "cid with dan: %s", got);
	CHECK(beats(&a, &b), "ann beats bob");
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 8 3 streak=3 kind=human|"
	              "standing 2 cid 2 2 streak=0 kind=human|"
	              "standing 3 bob 1 3 streak=0 kind=human|"
	              "standing 4 dan 1 2 streak=0 kind=human|"
	              "ok 4"),
	      "ann's third win in a row scores 4");

	/* kill -9 just after a second of the arena's clock, cid and dan
	 * playing; twice: the first start finds the arena in the journal, the
	 * second in the snapshot the first wrote when it compacted */
	pl *all[] = { &a, &b, &c, &d };
	long now;
	for (int k = 0; k < 2; k++) {
		long before = left(&a.t, "cup");
		while ((now = left(&a.t, "cup")) == before && now > 0)
			tc_sleep_ms(5);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		tc_sleep_ms(2000);   /* (four seconds of the arena's, were they counted) */
		for (int i = 0; i < 4; i++)
			tc_close(&all[i]->t);
		tc_close(&o);
		pid = up(2 + k);
		CHECK(pid > 0, "the server starts again after a kill -9 (%d)", k + 1);
		CHECK(in(&a, "ann") && in(&b, "bob") && in(&c, "cid") && in(&d, "dan") &&
		      tc_login(&o, port, state, "obs"), "all four back");
		long after = left(&a.t, "cup");
		CHECK(after == now, "the arena's time left is as it was: %ld s, %ld s before (%d)",
		      after, now, k + 1);
		CHECK(list_is(&o, "standings cup", "standing",
		              "standing 1 ann 8 3 streak=3 kind=human|"
		              "standing 2 cid 2 2 streak=0 kind=human|"
		              "standing 3 bob 1 3 streak=0 kind=human|"
		              "standing 4 dan 1 2 streak=0 kind=human|"
		              "ok 4"),
		      "the standings as they were (%d)", k + 1);
		CHECK(you_are(&a.t, "cup", "away") && you_are(&o, "cup", "out"),
		      "arenas: ann entered but away until she enters again, obs out (%d)", k + 1);
	}
	char cmd[200];
	snprintf(cmd, sizeof cmd, "join %s %s", c.game, c.token);
	CHECK(tc_ask(&c.t, got, sizeof got, cmd) && !strncmp(got, "ok seat blue", 12),
	      "cid takes his seat back: %s", got);
	snprintf(cmd, sizeof cmd, "join %s %s", d.game, d.token);
	CHECK(tc_ask(&d.t, got, sizeof got, cmd) && !strncmp(got, "ok seat red", 11),
	      "dan takes his back: %s", got);
	CHECK(tc_answer(&a.t, "enter cup", "ok", got, sizeof got) &&
	      tc_answer(&b.t, "enter cup", "ok", got, sizeof got), "ann and bob are back in cup");
	CHECK(you_are(&a.t, "cup", "in"), "arenas: ann is in again");
	CHECK(tc_answer(&a.t, "enter cup", "error already-entered you are in arena cup already",
	                got, sizeof got), "entering twice is refused: %s", got);
	CHECK(beats(&c, &d), "the game in progress goes on: cid beats dan");
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 8 3 streak=3 kind=human|"
	              "standing 2 cid 4 3 streak=1 kind=human|"
	              "standing 3 bob 1 3 streak=0 kind=human|"
	              "standing 4 dan 1 3 streak=0 kind=human|"
	              "ok 4"), "it counts");

	/* round 4: ann's streak was kept */
	CHECK(paired(&a, "cid", NG_BLUE, got, sizeof got) && paired(&c, "ann", NG_RED, got, sizeof got),
	      "ann with cid: %s", got);
	CHECK(paired(&b, "dan", NG_BLUE, got, sizeof got) && paired(&d, "bob", NG_RED, got, sizeof got),
	      "bob with dan: %s", got);
	while ((now = left(&a.t, "cup")) > 5)
		tc_sleep_ms(100);   /* (the last moments: 6 s of a minute) */
	CHECK(beats(&a, &c) && beats(&d, &b), "in the last moments, ann beats cid, dan beats bob");
	CHECK(list_is(&o, "standings cup", "standing",
	              "standing 1 ann 12 4 streak=4 kind=human|"
	              "standing 2 cid 4 4 streak=0 kind=human|"
	              "standing 3 dan 3 4 streak=1 kind=human|"
	              "standing 4 bob 1 4 streak=0 kind=human|"
	              "ok 4"),
	      "ann's fourth win in a row scores 4: her streak outlived the kill");
	for (int i = 0; i < 4; i++)
		CHECK(over_unpaired(all[i], "arena-over cup ann"),
		      "%s is not paired in the last moments and is told ann won", all[i]->name);
	CHECK(list_is(&a.t, "arenas", "arena",
	              "arena cup over 0 1 5+0 standard 4 ann games=8 you=in|ok 1"),
	      "arenas: cup is over, ann won");
	CHECK(tc_answer(&a.t, "enter cup", "error arena-over arena cup is over", got, sizeof got),
	      "entering an arena over is refused: %s", got);
	ng_game *g = NULL;
	ng_record_info info;
	CHECK(finished_record(a.game, &g, &info) && ng_record_get(&info, "Event") &&
	      !strcmp(ng_record_get(&info, "Event"), "cup"), "its games' records say Event: cup");
	if (g)
		ng_game_free(g);
	for (int i = 0; i < 4; i++)
		tc_close(&all[i]->t);
	tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

static void refusals(void)
{
	pid_t pid = up(4);
	CHECK(pid > 0, "the server starts again");
	pl e, f;
	char got[600];
	CHECK(in(&e, "eve") && in(&f, "fay"), "two players");
	CHECK(list_is(&e.t, "standings cup", "standing",
	              "standing 1 ann 12 4 streak=4 kind=human|"
	              "standing 2 cid 4 4 streak=0 kind=human|"
	              "standing 3 dan 3 4 streak=1 kind=human|"
	              "standing 4 bob 1 4 streak=0 kind=human|"
	              "ok 4"),
	      "an arena over is kept across a restart, with its standings");
	static const char *const bad[] = { "arena x 0 5+0", "arena x 721 5+0", "arena x 5 3d",
	                                   "arena x 5 none", "arena x 5 5+0 blitz", "arena x 5x 5+0",
	                                   "arena x/y 5 5+0", NULL };
	for (int i = 0; bad[i]; i++)
		CHECK(tc_answer(&e.t, bad[i], "error bad-argument use: arena NAME MINUTES M+I "
		                "[standard|simple] (MINUTES 1-720)", got, sizeof got),
		      "'%s' is refused: %s", bad[i], got);
	CHECK(tc_answer(&e.t, "arena x 5 3+2 simple", "ok", got, sizeof got), "x is made");
	CHECK(tc_answer(&f.t, "arena x 10 5+0", "error arena-exists there is an arena x already",
	                got, sizeof got), "a second x is refused: %s", got);
	CHECK(tc_answer(&e.t, "enter nope", "error no-arena there is no arena nope", got, sizeof got)
	      && tc_answer(&e.t, "standings nope", "error no-arena there is no arena nope", got,
	                   sizeof got) &&
	      tc_answer(&e.t, "withdraw nope", "error no-arena there is no arena nope", got, sizeof got),
	      "an unknown arena: %s", got);
	CHECK(tc_answer(&e.t, "withdraw x", "error not-entered you are not in arena x", got, sizeof got),
	      "withdrawing from an arena not entered: %s", got);
	CHECK(tc_answer(&e.t, "enter x", "ok", got, sizeof got) &&
	      tc_answer(&e.t, "enter x", "error already-entered you are in arena x already", got,
	                sizeof got), "entering twice: %s", got);
	CHECK(tc_answer(&e.t, "withdraw x", "ok", got, sizeof got) &&
	      list_is(&e.t, "standings x", "standing", "ok 0"),
	      "eve withdraws before playing: out of the standings");
	CHECK(tc_answer(&e.t, "enter x", "ok", got, sizeof got) &&
	      tc_answer(&f.t, "enter x", "ok", got, sizeof got) &&
	      paired(&f, "eve", NG_BLUE, got, sizeof got) && paired(&e, "fay", NG_RED, got, sizeof got),
	      "eve and fay enter and are paired: %s", got);
	CHECK(beats(&e, &f), "eve wins");
	long l1 = left(&f.t, "x");
	CHECK(paired_within(&f, "eve", NG_RED, 20000, got, sizeof got) &&
	      paired(&e, "fay", NG_BLUE, got, sizeof got), "alone, they are paired again: %s", got);
	long l2 = left(&f.t, "x");
	CHECK(l1 - l2 >= ARENA_REMATCH && l1 - l2 <= ARENA_REMATCH + 3,
	      "after %d s (%ld s left, then %ld)", ARENA_REMATCH, l1, l2);
	CHECK(tc_answer(&e.t, "withdraw x", "ok", got, sizeof got), "eve withdraws");
	CHECK(list_is(&f.t, "standings x", "standing",
	              "standing 1 eve 2 1 streak=1 kind=human|"
	              "standing 2 fay 0 1 streak=0 kind=human|"
	                                               "ok 2"),
	      "her score stays in the standings");
	long l = left(&f.t, "x");
	CHECK(l > 280 && l <= 300 && list_is(&f.t, "arenas", "arena x",
	      (snprintf(got, sizeof got, "arena x running %ld 5 3+2 simple 1 - games=1 you=in|ok 2",
	                l), got)),
	      "arenas: x running, one player entered");
	CHECK(tc_answer(&e.t, "withdraw x", "error not-entered you are not in arena x", got, sizeof got),
	      "withdrawing twice: %s", got);
	tc_close(&e.t);
	tc_close(&f.t);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* --arena-schedule: an arena made 5 minutes before its time; a bad SPEC
 * refused at the start. */
static void schedule(void)
{
	time_t now = time(NULL), start = now - now % 60 + 180;
	struct tm tm;
	char spec[64], name[64], want[160], cmd[600], out[600] = "";
	gmtime_r(&start, &tm);
	strftime(spec, sizeof spec, "%H:%M/2/3+2/simple", &tm);
	strftime(name, sizeof name, "arena-%m%d-%H%M", &tm);
	char l1[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	char *args[] = { (char *)"--listen", l1, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", state, (char *)"--arena-schedule", spec, NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	port = srv_wait(logpath, 5, 10000);
	CHECK(port > 0, "the server starts with --arena-schedule %s", spec);
	tc t;
	CHECK(tc_login(&t, port, state, "gus"), "a player");
	long secs = left(&t, name);
	CHECK(secs > 100 && secs <= 180, "%s is made at once, starting in %ld s", name, secs);
	snprintf(want, sizeof want, "arena %s starting %ld 2 3+2 simple 0 - games=0 you=out", name, secs);
	CHECK(list_is(&t, "arenas", "arena arena-", (snprintf(cmd, sizeof cmd, "%s|ok 3", want), cmd)),
	      "arenas: %s", want);
	tc_close(&t);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	snprintf(cmd, sizeof cmd, "%s --serve --state %s --arena-schedule 25:00/5/3+0 2>&1", nonaga,
	         state);
	FILE *p = popen(cmd, "r");
	size_t n = p ? fread(out, 1, sizeof out - 1, p) : 0;
	out[n] = 0;
	int st = p ? pclose(p) : -1;
	CHECK(st != 0 && !strcmp(out, "nonaga: invalid schedule '25:00/5/3+0' for --arena-schedule "
	                         "(HH:MM/MINUTES/M+I[/standard|simple], UTC, with commas between, "
	                         "8 at most: 18:00/60/3+2)\nTry 'nonaga --help' for more "
	                         "information.\n"), "a bad schedule is refused: %s", out);
}

/* With the arena's seconds 10 ms long: the arenas over beyond the last
 * 8 are forgotten. */
static void kept(void)
{
	setenv("NONAGA_TEST_ARENA_MS", "10", 1);
	pid_t pid = up(6);
	CHECK(pid > 0, "the server starts with seconds of 10 ms");
	tc t;
	char got[600], cmd[64], line[600];
	int made = tc_login(&t, port, state, "hal");
	for (int i = 1; i <= 9; i++) {
		snprintf(cmd, sizeof cmd, "arena k%d 1 1+0", i);
		made += tc_answer(&t, cmd, "ok", got, sizeof got);
	}
	CHECK(made == 10, "nine more arenas: %s", got);
	int on = 1, n = 0, cup = 0, k9 = 0;
	for (int64_t end = tc_now() + 30000; on && tc_now() < end; tc_sleep_ms(200)) {
		on = n = cup = k9 = 0;
		tc_send(&t, "arenas");
		while (tc_line(&t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2)) {
			n++;
			on += !strstr(line, " over ");
			cup += !strncmp(line, "arena cup ", 10);
			k9 += !strncmp(line, "arena k9 ", 9);
		}
	}
	CHECK(!on && n == 8 && !cup && k9, "all over, the last 8 are kept: %d listed, cup %d, k9 %d",
	      n, cup, k9);
	tc_close(&t);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

int main(void)
{
	if (srv_setup("arena") < 0)
		return 1;
	setenv("NONAGA_TEST_ARENA_MS", "500", 1);
	tournament();
	refusals();
	schedule();
	kept();
	return srv_done("arena");
}
