/*
 * computer_clock_test.c - the computers' line never makes one lose on
 * time (server_computer.c, nonaga(6) --computer-jobs), with one search
 * thread (--computer-jobs 1).  From the clocks every "moved" line tells,
 * each computer's move is checked: its time after the move is above zero,
 * and the move took at most its budget (what it had before / 25, plus the
 * increment, at most a third of what it had) and SLACK more.
 *
 * First three computer-10s of 1+0 are asked for a move at once: the
 * thread is shared (the first answer comes within half a budget, not
 * after a whole one) and the last, which waited for the two others, still
 * takes no more than its budget.  A game without a clock gets a move
 * within the top level's 5 s.  Then six games at once, played to
 * their end by the test: two of 1+0 against computer-10, one of 1+0
 * against computer-4, and three of 1+20 against computer-10, whose
 * moves' budget (20 s, a third of their minute) is what a computer of
 * 1+0 would wait behind, in a line served first come first served; no
 * game ends on time.  The 1+0 games end by the rules or a resignation,
 * then the test resigns the 1+20 ones (once each computer there has
 * moved: within its budget).  computer-4, a quick level, never
 * waits in line more than QUICK_WAIT: it goes before the top level's
 * searches, and a running one pauses for it (the server's log says its
 * longest wait).
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"
#include <poll.h>

#define NGAMES 6
#define SLACK 1000   /* ms: the loop, the pipe and a search's stop, loaded */
#define QUICK_WAIT 1500   /* ms: a quick level's longest wait in line (its
                           * budget, 2.4 s, when it waited behind level 10) */

typedef struct cgame {
	const char *who, *clock;
	int level;                /* the computer that must be paired */
	int inc;                  /* ms */
	tc t;
	ng_game *g;
	int me;                   /* the test's side */
	int64_t left;             /* the computer's time when its turn began */
	int moves, slow, out;     /* its moves; over budget; at or below zero */
	int64_t worst;            /* ms: the most a move took beyond its budget */
	int64_t replied;          /* when its last move came */
	char over[64];
} cgame;

#define LONG 3               /* the first LONG games are the long ones */
static cgame games[NGAMES] = {
	{ .who = "long1", .clock = "1+20", .level = 10, .inc = 20000 },
	{ .who = "long2", .clock = "1+20", .level = 10, .inc = 20000 },
	{ .who = "long3", .clock = "1+20", .level = 10, .inc = 20000 },
	{ .who = "ann", .clock = "1+0", .level = 10, .inc = 0 },
	{ .who = "bob", .clock = "1+0", .level = 10, .inc = 0 },
	{ .who = "lowe", .clock = "1+0", .level = 4, .inc = 0 },
};

/* computer-4 and lowe rated 1000, the others 1500 (unrated): lowe's
 * nearest computer is computer-4, everyone else's computer-10. */
static int seed_ratings(void)
{
	char path[400];
	snprintf(path, sizeof path, "%s/ratings", state);
	FILE *f = mkdir(state, 0700) == 0 ? fopen(path, "w") : NULL;
	if (!f)
		return -1;
	fprintf(f, "seq 0\ncomputer-4 1000 60 0.06 10\nlowe 1000 60 0.06 10\n");
	return fclose(f);
}

/* The budget of a move begun with left ms (server_computer.c's budget). */
static int64_t budget_of(int64_t left, int inc)
{
	int64_t b = left / 25 + inc;
	return b > left / 3 ? left / 3 : b;
}

static int seek(cgame *c, int port)
{
	char line[600], side[16], name[32], want[64];
	c->g = ng_game_new(NG_STANDARD);
	c->left = 60000;
	snprintf(want, sizeof want, "computer-%d", c->level);
	int ok = tc_login(&c->t, port, state, c->who) &&
	         tc_answer(&c->t, (snprintf(line, sizeof line, "seek %s", c->clock), line), "ok",
	                   line, sizeof line) &&
	         tc_expect(&c->t, "paired ", line, sizeof line, 5000) &&
	         sscanf(line, "paired %*s %15s %31s", side, name) == 2 && !strcmp(name, want);
	CHECK(ok, "%s seeks %s and plays %s: %s", c->who, c->clock, want, line);
	c->me = !strcmp(side, "blue");
	return ok;
}

/* A "moved" line of c's game: played in the test's copy; the computer's
 * move checked against its budget. */
static void moved(cgame *c, const char *line)
{
	char mv[64];
	long long t[2];
	ng_move m;
	if (sscanf(line, "moved %*d %63s %lld %lld", mv, &t[0], &t[1]) != 3 ||
	    atoi(line + 6) != ng_game_ply(c->g) + 1 ||
	    ng_move_parse(ng_game_pos(c->g), mv, &m) != NG_OK || ng_game_play(c->g, m) != NG_OK)
		return;   /* (the test's own, echoed: played when sent) */
	int computer = !c->me;
	int64_t took = c->left + c->inc - t[computer];
	int64_t over = took - budget_of(c->left, c->inc);
	c->moves++;
	c->replied = tc_now();
	c->out += t[computer] <= 0;
	c->slow += over > SLACK;
	c->worst = over > c->worst ? over : c->worst;
	if (over > SLACK || t[computer] <= 0)
		fprintf(stderr, "%s: computer-%d's move %d took %lld ms of %lld, its budget %lld\n",
		        c->who, c->level, ng_game_ply(c->g), (long long)took, (long long)c->left,
		        (long long)budget_of(c->left, c->inc));
	c->left = t[computer];
}

/* computer-N's line in the server's log at its end (its searches and
 * their longest wait in line): 1 if there. */
static int level_logged(int level, long *n, long long *wait)
{
	FILE *f = fopen(logpath, "r");
	char line[2048], want[32];
	int found = 0;
	snprintf(want, sizeof want, "computer-%d: ", level);
	while (f && fgets(line, sizeof line, f)) {
		char *p = strstr(line, want);
		found |= p && sscanf(p + strlen(want), "%ld searches, the longest wait in line %lld ms",
		                     n, wait) == 2;
	}
	if (f)
		fclose(f);
	return found;
}

/* The test's move mv in c: sent and played in its copy. */
static void send_move(cgame *c, const char *mv)
{
	ng_move m;
	tc_send(&c->t, "move %s", mv);
	ng_move_parse(ng_game_pos(c->g), mv, &m);
	ng_game_play(c->g, m);
}

/* The test's move in c, found by se. */
static void play_mine(cgame *c, ng_search *se)
{
	char mv[NG_MOVE_TEXT];
	best(c->g, se, mv);
	send_move(c, mv);
}

/* Lines of c until it is the test's turn (or the game is over): 1 if so. */
static int until_mine(cgame *c)
{
	char line[600];
	while ((int)ng_pos_side(ng_game_pos(c->g)) != c->me && !c->over[0] &&
	       tc_line(&c->t, line, sizeof line, 10000) > 0) {
		if (!strncmp(line, "moved ", 6))
			moved(c, line);
		else if (!strncmp(line, "over ", 5))
			tc_copy(c->over, sizeof c->over, line);
	}
	return !c->over[0] && (int)ng_pos_side(ng_game_pos(c->g)) == c->me;
}

/* Three computers asked at once share the thread: each search its budget
 * over the searches waiting or running, less its wait. */
static void at_once(int port, ng_search *se)
{
	cgame three[3] = { { .who = "dee", .clock = "1+0", .level = 10 },
	                   { .who = "eve", .clock = "1+0", .level = 10 },
	                   { .who = "fay", .clock = "1+0", .level = 10 } };
	int ok = 1;
	for (int i = 0; i < 3 && ok; i++)
		ok = seek(&three[i], port) && until_mine(&three[i]);
	CHECK(ok, "three games of 1+0 against computer-10, the test to move in each");
	int64_t b = 60000;
	char mv[3][NG_MOVE_TEXT];
	for (int i = 0; i < 3 && ok; i++) {
		b = budget_of(three[i].left, 0) < b ? budget_of(three[i].left, 0) : b;
		best(three[i].g, se, mv[i]);
	}
	int64_t t0 = tc_now();
	for (int i = 0; i < 3 && ok; i++) {
		three[i].replied = 0;
		send_move(&three[i], mv[i]);
	}
	int64_t first = INT64_MAX, end = tc_now() + 20000;
	int mine = 0;   /* (read as they come, from the three at once) */
	while (ok && mine < 3 && tc_now() < end) {
		struct pollfd pf[3];
		for (int i = 0; i < 3; i++)
			pf[i] = (struct pollfd){ three[i].t.fd, POLLIN, 0 };
		poll(pf, 3, 100);
		mine = 0;
		for (int i = 0; i < 3; i++) {
			char line[600];
			while (pf[i].revents && tc_line(&three[i].t, line, sizeof line, 1) > 0)
				if (!strncmp(line, "moved ", 6))
					moved(&three[i], line);
			mine += three[i].moves > 0 && (int)ng_pos_side(ng_game_pos(three[i].g)) ==
			        three[i].me;
		}
	}
	ok &= mine == 3;
	for (int i = 0; i < 3; i++)
		first = three[i].replied && three[i].replied < first ? three[i].replied : first;
	CHECK(ok && first - t0 <= b / 2, "the first of the three answers came within half a "
	      "budget (%lld ms of %lld): the thread is shared", (long long)(first - t0),
	      (long long)b);
	for (int i = 0; i < 3; i++) {
		cgame *c = &three[i];
		CHECK(ok && c->moves > 0 && !c->slow, "%s: computer-10 took at most its budget and "
		      "%d ms for each of its %d moves (%lld ms beyond at worst)", c->who, SLACK,
		      c->moves, (long long)c->worst);
		CHECK(tc_answer(&c->t, "resign", "ok", c->over, sizeof c->over), "%s resigns",
		      c->who);
		tc_close(&c->t);
		ng_game_free(c->g);
	}
}

/* A game without a clock: computer-10 answers within the top level's own
 * 5 s (and SLACK), not within the minute a move of a days game may take. */
static void untimed(int port, ng_search *se)
{
	cgame c = { .who = "gus", .clock = "none", .level = 10 };
	char line[600];
	int ok = seek(&c, port), got = 0;
	int64_t t0 = tc_now(), took = 0;
	/* ("moved N MOVE" tells no clocks here: moved() does not apply) */
	for (int turn = 0; ok && turn < 2 && !got; turn++) {
		if ((int)ng_pos_side(ng_game_pos(c.g)) == c.me) {
			t0 = tc_now();
			play_mine(&c, se);
		}
		char mv[64];
		ng_move m;
		while (!got && tc_line(&c.t, line, sizeof line, 5000 + 3 * SLACK) > 0)
			got = sscanf(line, "moved %*d %63s", mv) == 1 &&
			      atoi(line + 6) == ng_game_ply(c.g) + 1 &&
			      ng_move_parse(ng_game_pos(c.g), mv, &m) == NG_OK &&
			      ng_game_play(c.g, m) == NG_OK;
		took = tc_now() - t0;
		if (turn == 0 && c.me == 1)   /* the computer opened: now the test */
			got = 0;
	}
	CHECK(got && took <= 5000 + SLACK, "... its move came in %lld ms: at most 5 s and %d ms",
	      (long long)took, SLACK);
	tc_answer(&c.t, "resign", "ok", line, sizeof line);
	tc_close(&c.t);
	ng_game_free(c.g);
}

/* Everything c's connection has for now; the test moves when it is to. */
static void follow(cgame *c, ng_search *se)
{
	char line[600];
	while (!c->over[0] && tc_line(&c->t, line, sizeof line, 1) > 0) {
		if (!strncmp(line, "moved ", 6))
			moved(c, line);
		else if (!strncmp(line, "over ", 5))
			tc_copy(c->over, sizeof c->over, line);
	}
	if (!c->over[0] && (int)ng_pos_side(ng_game_pos(c->g)) == c->me && !c->t.eof)
		play_mine(c, se);
}

/* What the first n games have, after waiting up to 100 ms for any. */
static void follow_all(int n, ng_search *se)
{
	struct pollfd pf[NGAMES];
	for (int i = 0; i < n; i++)
		pf[i] = (struct pollfd){ games[i].t.fd, POLLIN, 0 };
	poll(pf, (nfds_t)n, 100);
	for (int i = 0; i < n; i++)
		follow(&games[i], se);
}

static int short_ones_over(void)
{
	for (int i = LONG; i < NGAMES; i++)
		if (!games[i].over[0])
			return 0;
	return 1;
}

int main(void)
{
	if (srv_setup("cclock") < 0 || seed_ratings() < 0)
		return 1;
	char l1[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	char *args[] = { (char *)"--listen", l1, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", state, (char *)"--computers", (char *)"4,10",
	                 (char *)"--computer-jobs", (char *)"1", (char *)"--pair-wait",
	                 (char *)"1", NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	int port = srv_wait(logpath, 1, 10000);
	CHECK(port > 0, "the server starts with --computers 4,10 --computer-jobs 1 --pair-wait 1");
	if (port <= 0) {
		srv_stop(pid, SIGKILL);
		return srv_done("computer_clock");
	}
	ng_search *se = ng_search_new();
	ng_search_set_level(se, 4);
	at_once(port, se);
	untimed(port, se);
	int ok = 1;
	for (int i = 0; i < NGAMES && ok; i++)   /* one at a time: never paired together */
		ok = seek(&games[i], port);
	int64_t end = tc_now() + 240000;
	while (ok && !short_ones_over() && tc_now() < end)
		follow_all(NGAMES, se);
	CHECK(ok && short_ones_over(), "the three games of 1+0 came to their end");
	/* a long game's computer may not have moved yet: behind the short
	 * games' moves, which are due sooner, its first one may take its
	 * whole budget (20 s) */
	for (int64_t e = tc_now() + 20000 + 5 * SLACK; tc_now() < e;) {
		int all = 1;
		for (int i = 0; i < LONG; i++)
			all &= games[i].moves > 0 || games[i].over[0];
		if (all)
			break;
		follow_all(LONG, se);
	}
	for (int i = 0; i < LONG; i++) {
		cgame *l = &games[i];
		if (!l->over[0])
			CHECK(tc_answer(&l->t, "resign", "ok", l->over, sizeof l->over) &&
			      tc_expect(&l->t, "over ", l->over, sizeof l->over, 5000),
			      "the test resigns %s's game of 1+20: %s", l->who, l->over);
	}
	for (int i = 0; i < NGAMES; i++) {
		cgame *c = &games[i];
		CHECK(c->over[0] && !strstr(c->over, " time"),
		      "%s (%s, computer-%d): over, not on time: %s", c->who, c->clock, c->level,
		      c->over[0] ? c->over : "(still on)");
		CHECK(c->moves > 0 && !c->out, "%s: computer-%d's time stayed above zero after each "
		      "of its %d moves", c->who, c->level, c->moves);
		CHECK(c->moves > 0 && !c->slow, "%s: each of computer-%d's moves took at most its "
		      "budget and %d ms (%d did not; %lld ms beyond at worst)", c->who, c->level, SLACK,
		      c->slow, (long long)c->worst);
		tc_close(&c->t);
		ng_game_free(c->g);
	}
	ng_search_free(se);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	long n = -1;
	long long wait = -1;
	int lm = games[NGAMES - 1].moves;   /* lowe's: the only game of computer-4 */
	CHECK(level_logged(4, &n, &wait) && n >= lm && n <= lm + 1 && wait >= 0 &&
	      wait <= QUICK_WAIT,
	      "the log tells computer-4's searches (%ld: its %d moves, and a resignation's) and "
	      "their longest wait in line: %lld ms, at most %d (a quick level goes before the "
	      "top level's searches, which pause for it after 500 ms)", n, lm, wait, QUICK_WAIT);
	return srv_done("computer_clock");
}
