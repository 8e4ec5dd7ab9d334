/*
 * server_seek_test.c - play now and the computer players (nonaga(6),
 * ONLINE: seek, unseek, paired, queued; --computers, --computer-jobs,
 * --pair-wait): two seekers paired at once with the exact lines, the
 * nearest rating first among three, unseek, the wait then a computer, a
 * computer game played to its end within its clock, the loop answering
 * at once while the one search thread is busy (and the request beyond it
 * told it waits in line), and a kill -9 in the middle of computer games:
 * after the restart the game is back and the computer moves on.
 */
#include "srvtest.h"

static int port;

/* The server on the test's state with these options after the usual. */
static pid_t up(int count, const char *const *extra)
{
	return srv_up(count, extra, &port);
}

/* The next line is "paired " + want + " TOKEN" (the seat's token, hex,
 * into token if not NULL); got: the line. */
static int paired_is(tc *t, const char *want, char *token, char *got, size_t size)
{
	char line[600];
	int r = tc_line(t, line, sizeof line, 5000);
	tc_copy(got, size, r > 0 ? line : "(nothing)");
	size_t n = strlen(want);
	if (r <= 0 || strncmp(line, "paired ", 7) || strncmp(line + 7, want, n) ||
	    line[7 + n] != ' ' || strlen(line + 8 + n) != 32 ||
	    strspn(line + 8 + n, "0123456789abcdef") != 32)
		return 0;
	if (token)
		tc_copy(token, 64, line + 8 + n);
	return 1;
}

static int in(tc *t, const char *name)
{
	return tc_login(t, port, state, name);
}

/* winner beats loser in a game of two moves each, loser resigning. */
static int rated_win(tc *w, tc *l, const char *game)
{
	char cmd[160], got[256];
	ng_game *g = ng_game_new(NG_STANDARD);
	snprintf(cmd, sizeof cmd, "host %s red", game);
	int ok = tc_ask(w, got, sizeof got, cmd) && !strncmp(got, "ok seat red", 11);
	snprintf(cmd, sizeof cmd, "join %s", game);
	ok = ok && tc_ask(l, got, sizeof got, cmd) && !strncmp(got, "ok seat blue", 12);
	for (int i = 0; ok && i < 4; i++) {
		char mv[NG_MOVE_TEXT + 8];
		first_move(g, mv);
		ok = tc_answer(i % 2 ? l : w, (snprintf(cmd, sizeof cmd, "move %s", mv), cmd),
		               "ok", got, sizeof got);
	}
	ng_game_free(g);
	return ok && tc_answer(l, "resign", "ok", got, sizeof got) &&
	       tc_expect(w, "over red resign", NULL, 0, 3000) &&
	       tc_answer(w, "leave", "ok", got, sizeof got) &&
	       tc_answer(l, "leave", "ok", got, sizeof got);
}

/* Part 1: humans only (--pair-wait 0: never a computer). */
static void humans(void)
{
	static const char *const opts[] = { "--computers", "1", "--pair-wait", "0", NULL };
	pid_t pid = up(1, opts);
	CHECK(pid > 0, "the server starts with --pair-wait 0");
	tc x, y, z, w, o;
	char got[600];
	CHECK(in(&x, "xav") && in(&y, "yan") && in(&z, "zed") && in(&w, "wes") && in(&o, "obs"),
	      "five players");
	CHECK(tc_answer(&x, "seek 5+0", "ok", got, sizeof got), "xav seeks 5+0: %s", got);
	CHECK(tc_answer(&z, "seek 5+0 simple", "ok", got, sizeof got),
	      "zed seeks 5+0 simple: %s", got);
	CHECK(tc_answer(&y, "seek 5+0 standard rated", "ok", got, sizeof got),
	      "yan seeks 5+0 standard rated: %s", got);
	CHECK(paired_is(&y, "play-1 blue xav", NULL, got, sizeof got),
	      "yan is paired at once with xav (not zed, simple), blue: %s", got);
	CHECK(tc_next(&y, "sync play-1 rules=standard clock=5+0 red=xav blue=yan moves=0 "
	              "result=none how=- you=blue ratings=-:-", got, sizeof got),
	      "... then the game, as after join: %s", got);
	CHECK(paired_is(&x, "play-1 red yan", NULL, got, sizeof got),
	      "xav, who waited, is paired with yan as red: %s", got);
	CHECK(tc_expect(&x, "sync play-1 rules=standard clock=5+0 red=xav blue=yan moves=0 "
	                "result=none how=- you=red", NULL, 0, 3000), "... and is synced as red");
	ng_game *g = ng_game_new(NG_STANDARD);
	char mv[NG_MOVE_TEXT], cmd[128], want[128];
	first_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved 1 %s ", mv);
	CHECK(tc_answer(&x, cmd, "ok", got, sizeof got) && tc_expect(&y, want, NULL, 0, 3000),
	      "the paired game goes on: xav moves, yan sees it");
	ng_game_free(g);
	CHECK(tc_ask(&o, got, sizeof got, "games") && !strcmp(got, "ok 1"), "one game: %s", got);
	CHECK(tc_answer(&o, "games", "ok 1", got, sizeof got), "(again, to read its line)");
	CHECK(tc_send(&o, "games") == 0 &&
	      tc_next(&o, "game play-1 standard 5+0 xav yan 1 playing ratings=-:- "
	              "kind=human:human", got, sizeof got), "games lists it: %s", got);
	tc_expect(&o, "ok", NULL, 0, 3000);

	/* unseek */
	CHECK(tc_answer(&z, "unseek", "ok", got, sizeof got), "zed unseeks: %s", got);
	CHECK(tc_answer(&z, "unseek", "error no-seek you are not seeking a game", got,
	                sizeof got), "a second unseek is refused: %s", got);
	CHECK(tc_answer(&w, "seek 5+0 simple", "ok", got, sizeof got) &&
	      tc_answer(&w, "unseek", "ok", got, sizeof got),
	      "wes, seeking what zed sought, is not paired with zed (still seeking): %s", got);
	tc q;
	CHECK(in(&q, "quin") && tc_answer(&q, "seek 4+0", "ok", got, sizeof got),
	      "quin seeks 4+0 ...");
	tc_close(&q);
	tc_sleep_ms(300);   /* (its connection closes: its seek ends with it) */
	CHECK(tc_answer(&w, "seek 4+0", "ok", got, sizeof got) &&
	      tc_answer(&w, "unseek", "ok", got, sizeof got),
	      "... and leaves: wes, seeking 4+0, is not paired with quin (still seeking): %s", got);
	tc h;
	int hosted = in(&h, "hal");
	for (int i = 0; i < 5; i++) {
		snprintf(cmd, sizeof cmd, "host hal-%d", i);
		hosted += tc_ask(&h, got, sizeof got, cmd) && !strncmp(got, "ok seat ", 8);
	}
	CHECK(hosted == 6 && tc_answer(&h, "seek 5+0", "error too-many-games you have 5 games "
	                               "open: finish one first", got, sizeof got),
	      "a player with 5 games open may not seek: %s", got);
	tc_close(&h);
	CHECK(tc_answer(&w, "seek 5+0 friendly", "error bad-argument use: seek CLOCK "
	                "[standard|simple] [rated|casual] (CLOCK: M+I, Dd or none)", got, sizeof got),
	      "a word not rated nor casual: %s", got);
	CHECK(tc_answer(&w, "seek 5", "error bad-argument use: seek CLOCK [standard|simple] "
	                "[rated|casual] (CLOCK: M+I, Dd or none)", got, sizeof got),
	      "a bad clock: %s", got);
	CHECK(tc_answer(&w, "seek none", "ok", got, sizeof got) &&
	      tc_answer(&w, "unseek", "ok", got, sizeof got),
	      "seek none: a game without a clock, as host's none: %s", got);

	/* ratings: ann and cid win (about 1662), dan and eve lose */
	tc a, b, c, d, e, f;
	CHECK(in(&a, "ann") && in(&b, "bob") && in(&c, "cid") && in(&d, "dan") && in(&e, "eve") &&
	      in(&f, "fay"), "six more players");
	CHECK(rated_win(&a, &d, "r1") && rated_win(&c, &e, "r2"), "two rated games");
	CHECK(tc_answer(&a, "ignore bob", "ok", got, sizeof got), "ann ignores bob");
	CHECK(tc_answer(&f, "ignore ann", "ok", got, sizeof got) &&
	      tc_answer(&f, "ignore bob", "ok", got, sizeof got), "fay ignores ann and bob");
	CHECK(tc_answer(&b, "seek 3+2", "ok", got, sizeof got) &&
	      tc_answer(&a, "seek 3+2", "ok", got, sizeof got) &&
	      tc_answer(&f, "seek 3+2", "ok", got, sizeof got),
	      "bob (1500), ann (1662, who ignores him) and fay (1500, who ignores both) seek "
	      "3+2, all waiting");
	CHECK(tc_answer(&c, "seek 3+2", "ok", got, sizeof got) &&
	      paired_is(&c, "play-2 blue ann", NULL, got, sizeof got),
	      "cid (1662) is paired with ann, the nearest rating, not bob who came first "
	      "nor fay who came last: %s", got);
	CHECK(paired_is(&a, "play-2 red cid", NULL, got, sizeof got), "ann hears it");
	CHECK(tc_answer(&f, "unseek", "ok", got, sizeof got), "fay was still seeking");
	CHECK(tc_answer(&d, "seek 3+2", "ok", got, sizeof got) &&
	      paired_is(&d, "play-3 blue bob", NULL, got, sizeof got),
	      "dan is paired with bob, still waiting: %s", got);
	tc *all[] = { &x, &y, &z, &w, &o, &a, &b, &c, &d, &e, &f };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		tc_close(all[i]);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* The last numbers of a "moved N MV RED BLUE" line. */
static int moved_clock(const char *line, long long *red, long long *blue)
{
	int n;
	char mv[64];
	return sscanf(line, "moved %d %63s %lld %lld", &n, mv, red, blue) == 4;
}

/* The computer's next move in t's game g (played there): 1, or 0 when
 * another line than a move or a clock came first (in got). */
static int computer_moved(tc *t, ng_game *g, char *got, size_t size)
{
	char line[600], mv[64];
	ng_move m;
	while (tc_line(t, line, sizeof line, 10000) > 0) {
		tc_copy(got, size, line);
		if (!strncmp(line, "clock ", 6) || !strncmp(line, "seated ", 7) ||
		    !strncmp(line, "sync ", 5) || (!strncmp(line, "moved ", 6) &&
		                                   atoi(line + 6) <= ng_game_ply(g)))
			continue;
		return !strncmp(line, "moved ", 6) && sscanf(line, "moved %*d %63s", mv) == 1 &&
		       ng_move_parse(ng_game_pos(g), mv, &m) == NG_OK && ng_game_play(g, m) == NG_OK;
	}
	return 0;
}

/* Draws offered to computer-4 (unrated; its games here end before they
 * count), which scores the position after its first reply to a red
 * first_move 19 (about even: it agrees) and its own first move as red 176
 * (it does not: the game goes on).  The side is drawn: games until both
 * were seen. */
static void draws(void)
{
	int agreed = 0, refused = 0;
	for (int i = 0; i < 12 && (!agreed || !refused); i++) {
		tc d;
		char name[16], line[600], side[16], got[600], mv[NG_MOVE_TEXT], cmd[160];
		snprintf(name, sizeof name, "dee%d", i);
		if (!in(&d, name) || !tc_answer(&d, "seek 2+0", "ok", got, sizeof got) ||
		    !tc_expect(&d, "paired ", line, sizeof line, 5000) ||
		    sscanf(line, "paired %*s %15s", side) != 1 || !strstr(line, " computer-4 ")) {
			CHECK(0, "%s plays computer-4: %s", name, line);
			break;
		}
		ng_game *g = ng_game_new(NG_STANDARD);
		if (!strcmp(side, "red")) {
			first_move(g, mv);
			snprintf(cmd, sizeof cmd, "move %s", mv);
			CHECK(tc_answer(&d, cmd, "ok", got, sizeof got) &&
			      computer_moved(&d, g, got, sizeof got), "red, a move each: %s", got);
			CHECK(tc_answer(&d, "draw", "ok", got, sizeof got) &&
			      tc_expect(&d, "over draw agreement", NULL, 0, 5000),
			      "the computer, about even, agrees to a draw");
			agreed++;
		} else {
			CHECK(computer_moved(&d, g, got, sizeof got), "blue: the computer moves: %s", got);
			first_move(g, mv);
			snprintf(cmd, sizeof cmd, "move %s", mv);
			CHECK(tc_answer(&d, "draw", "ok", got, sizeof got) &&
			      tc_answer(&d, cmd, "ok", got, sizeof got) &&
			      computer_moved(&d, g, got, sizeof got),
			      "the computer, ahead, does not agree to a draw: it moves: %s", got);
			CHECK(tc_answer(&d, "resign", "ok", got, sizeof got), "(resigned, unrated)");
			refused++;
		}
		ng_game_free(g);
		tc_close(&d);
	}
	CHECK(agreed && refused, "both seen (%d agreed, %d refused)", agreed, refused);
}

/* Part 2: the wait, then computer-1 to the end of a game of 1+0. */
static void versus_computer(void)
{
	static const char *const opts[] = { "--computers", "1,4,10", "--pair-wait", "1",
		                            "--computer-jobs", "1", NULL };
	pid_t pid = up(2, opts);
	CHECK(pid > 0, "the server starts with --computers 1,4,10 --pair-wait 1");
	tc k, o;
	char got[600], line[600], game[64] = "", side[16] = "";
	CHECK(in(&k, "kim") && in(&o, "obs"), "a player and an onlooker");
	int64_t t0 = tc_now();
	CHECK(tc_answer(&k, "seek 1+0", "ok", got, sizeof got), "kim seeks 1+0");
	CHECK(tc_expect(&k, "paired ", line, sizeof line, 5000) &&
	      sscanf(line, "paired %63s %15s", game, side) == 2 &&
	      (!strncmp(line, "paired play-4 red computer-1 ", 29) ||
	       !strncmp(line, "paired play-4 blue computer-1 ", 30)),
	      "nobody came: kim plays computer-1 (nearest: all unrated, the lowest) in play-4: %s",
	      line);
	int64_t waited = tc_now() - t0;
	CHECK(waited >= 900 && waited < 4000, "after --pair-wait's second (%lld ms)",
	      (long long)waited);
	int mine = !strcmp(side, "blue");
	CHECK(tc_send(&o, "who") == 0, "who");
	int seen = 0;
	while (tc_line(&o, line, sizeof line, 3000) > 0 && strncmp(line, "ok", 2))
		seen |= !strcmp(line, mine ? "user computer-1 play-4 red kind=computer"
		                         : "user computer-1 play-4 blue kind=computer");
	CHECK(seen, "who lists computer-1 in play-4, marked a computer");

	ng_game *g = ng_game_new(NG_STANDARD);
	int over = 0, below = 0, moves = 0, offered = 0;
	char result[64] = "";
	while (!over && moves < 400) {
		if ((int)ng_pos_side(ng_game_pos(g)) == mine) {
			char mv[NG_MOVE_TEXT], cmd[160];
			/* computer-1's search scores nothing: it agrees to no draw */
			if (!offered && ng_game_ply(g) >= 1 &&
			    !(offered = tc_answer(&k, "draw", "ok", cmd, sizeof cmd)))
				break;
			first_move(g, mv);
			moves++;
			snprintf(cmd, sizeof cmd, "move %s", mv);
			if (tc_send(&k, "%s", cmd) < 0)
				break;
		}
		int r = tc_line(&k, line, sizeof line, 30000);
		if (r <= 0)
			break;
		long long cl[2];
		if (!strncmp(line, "moved ", 6) && moved_clock(line, &cl[0], &cl[1])) {
			int n = atoi(line + 6);
			if (n > ng_game_ply(g)) {   /* the computer's */
				ng_move m;
				char mv[64];
				sscanf(line, "moved %*d %63s", mv);
				if (ng_move_parse(ng_game_pos(g), mv, &m) != NG_OK ||
				    ng_game_play(g, m) != NG_OK)
					break;
				moves++;
			}
			below |= cl[!mine] <= 0;
		} else if (!strncmp(line, "over ", 5)) {
			over = 1;
			tc_copy(result, sizeof result, line);
		} else if (!strncmp(line, "error", 5)) {
			break;
		}
	}
	CHECK(over && offered, "the game came to its end (%d moves), a draw offered on the way",
	      moves);
	CHECK(!strcmp(result, "over red rules") || !strcmp(result, "over blue rules") ||
	      !strcmp(result, mine ? "over blue resign" : "over red resign"),
	      "by the rules or the computer resigning, never on time: %s", result);
	CHECK(!below, "the computer's clock never ran out");
	ng_game_free(g);
	CHECK(tc_send(&o, "ratings") == 0, "ratings");
	seen = 0;
	while (tc_line(&o, line, sizeof line, 3000) > 0 && strncmp(line, "ok", 2))
		seen |= !strncmp(line, "rating computer-1 ", 18) && strstr(line, " kind=computer");
	CHECK(seen, "computer-1 is rated, marked a computer");
	draws();
	tc_close(&k);
	tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

typedef struct vs {
	tc t;
	char game[64], token[64];
	int me;              /* the human's side */
	ng_game *g;
	int queued;          /* told its computer waits in line */
	int64_t moved_at;    /* when the computer's first move came, or 0 */
} vs;

/* A move of the test's human that does not lose at once (level 4's): the
 * games against computer-10 below must outlive a restart, which the
 * first legal move, often a blunder, does not always give them. */
static void sensible_move(ng_game *g, char *mv)
{
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 4);
	best(g, s, mv);
	ng_search_free(s);
}

/* Read what came for v until ms passes; the human plays sensible_move when
 * it is to move. */
static void follow(vs *v, int ms)
{
	char line[600];
	int64_t end = tc_now() + ms;
	while (tc_now() < end) {
		if ((int)ng_pos_side(ng_game_pos(v->g)) == v->me && !ng_game_result(v->g)) {
			char mv[NG_MOVE_TEXT];
			sensible_move(v->g, mv);
			tc_send(&v->t, "move %s", mv);
		}
		if (tc_line(&v->t, line, sizeof line, (int)(end - tc_now())) <= 0)
			return;
		char want[64];
		snprintf(want, sizeof want, "queued 1 computer-10");
		v->queued |= !strcmp(line, want);
		if (!strncmp(line, "moved ", 6) && atoi(line + 6) > ng_game_ply(v->g)) {
			char mv[64];
			ng_move m;
			sscanf(line, "moved %*d %63s", mv);
			int computer = (int)ng_pos_side(ng_game_pos(v->g)) != v->me;
			if (ng_move_parse(ng_game_pos(v->g), mv, &m) == NG_OK)
				ng_game_play(v->g, m);
			if (!v->moved_at && computer)   /* (not the human's own, echoed) */
				v->moved_at = tc_now();
			return;
		}
	}
}

static void paired(vs *v, const char *name, const char *clock)
{
	char line[600], side[16];
	v->g = ng_game_new(NG_STANDARD);
	CHECK(in(&v->t, name) && tc_answer(&v->t, (snprintf(line, sizeof line, "seek %s", clock),
	                                           line), "ok", line, sizeof line),
	      "%s seeks %s", name, clock);
	CHECK(tc_expect(&v->t, "paired ", line, sizeof line, 5000) &&
	      sscanf(line, "paired %63s %15s computer-10 %63s", v->game, side, v->token) == 3,
	      "%s plays computer-10: %s", name, line);
	v->me = !strcmp(side, "blue");
}

/* Part 3: one search thread; level 10 for two players at once. */
static void busy_and_restart(void)
{
	static const char *const opts[] = { "--computers", "10", "--pair-wait", "1",
		                            "--computer-jobs", "1", NULL };
	pid_t pid = up(3, opts);
	CHECK(pid > 0, "the server starts with --computers 10 --computer-jobs 1");
	vs l = { 0 }, m = { 0 };
	tc p;
	char got[600];
	CHECK(in(&p, "pia"), "an onlooker");
	paired(&l, "lee", "3+0");
	paired(&m, "meg", "3+1");
	/* each human moves if red; then both computers want the one thread */
	follow(&l, 300);
	follow(&m, 300);
	int64_t worst = 0;
	for (int i = 0; i < 5; i++) {
		int64_t t0 = tc_now();
		int ok = tc_answer(&p, "ping", "ok pong", got, sizeof got);
		int64_t dt = tc_now() - t0;
		if (!ok)
			dt = 99999;
		worst = dt > worst ? dt : worst;
		tc_sleep_ms(50);
	}
	int64_t pinged = tc_now();
	follow(&l, 8000);
	follow(&m, 8000);
	CHECK(worst < 200, "ping answered within 200 ms while the search thread is busy "
	      "(worst %lld ms)", (long long)worst);
	CHECK(l.moved_at > pinged || m.moved_at > pinged,
	      "... (a computer's move came after the pings: one search was running)");
	/* (one at least: a search cut at its share lets the other's computer
	 * ask again while the first waits, server_computer.c) */
	CHECK(l.queued + m.queued >= 1, "the player whose computer waits in line is told: "
	      "queued 1 computer-10 (lee %d, meg %d)", l.queued, m.queued);
	CHECK(l.moved_at && m.moved_at, "both computers moved");

	/* kill -9 in the middle, then the game is back and the computer moves on */
	int plies = ng_game_ply(l.g);
	if ((int)ng_pos_side(ng_game_pos(l.g)) == l.me) {   /* make the computer think */
		char mv[NG_MOVE_TEXT];
		sensible_move(l.g, mv);
		tc_answer(&l.t, (snprintf(got, sizeof got, "move %s", mv), got), "ok", got, sizeof got);
		plies++;
	}
	srv_stop(pid, SIGKILL);
	tc_close(&l.t);
	tc_close(&m.t);
	tc_close(&p);
	pid = up(4, opts);
	CHECK(pid > 0, "the server starts again after kill -9");
	char cmd[160], line[600];
	snprintf(cmd, sizeof cmd, "join %s %s", l.game, l.token);
	CHECK(in(&l.t, "lee") && tc_ask(&l.t, got, sizeof got, cmd) &&
	      !strncmp(got, "ok seat ", 8), "lee takes its seat back: %s", got);
	snprintf(cmd, sizeof cmd, "sync %s rules=standard clock=3+0 ", l.game);
	int n = -1;
	CHECK(tc_expect(&l.t, cmd, line, sizeof line, 3000) &&
	      (n = atoi(strstr(line, "moves=") + 6)) >= plies && n <= plies + 1,
	      "the game is back with the %d moves acknowledged (or one more, the computer's "
	      "before the kill): %s", plies, line);
	ng_game *back = ng_game_new(NG_STANDARD);
	for (int i = 1; i <= n; i++) {
		char mv[64];
		ng_move mo;
		if (tc_line(&l.t, line, sizeof line, 3000) <= 0 ||
		    sscanf(line, "moved %*d %63s", mv) != 1 ||
		    ng_move_parse(ng_game_pos(back), mv, &mo) != NG_OK)
			break;
		ng_game_play(back, mo);
	}
	CHECK(ng_game_ply(back) == n, "its moves are synced");
	if ((int)ng_pos_side(ng_game_pos(back)) == l.me) {
		char mv[NG_MOVE_TEXT];
		sensible_move(back, mv);
		n++;
		CHECK(tc_answer(&l.t, (snprintf(got, sizeof got, "move %s", mv), got), "ok", got,
		                sizeof got), "lee moves after the restart: %s", got);
	}
	snprintf(cmd, sizeof cmd, "moved %d ", n + 1);
	CHECK(tc_expect(&l.t, cmd, line, sizeof line, 10000),
	      "the computer moves on after the restart: %s", line);
	/* a search for a game that ended is thrown away: ned resigns while
	 * computer-10 thinks (its first move, or its reply to ned's) */
	vs nd = { 0 };
	paired(&nd, "ned", "1+0");
	if (!nd.me) {
		ng_search *se = ng_search_new();
		char mv[NG_MOVE_TEXT];
		ng_search_set_level(se, 3);
		best(nd.g, se, mv);
		ng_search_free(se);
		snprintf(cmd, sizeof cmd, "move %s", mv);
		CHECK(tc_answer(&nd.t, cmd, "ok", got, sizeof got), "ned moves: %s", got);
	}
	snprintf(cmd, sizeof cmd, "over %s resign", nd.me ? "red" : "blue");
	CHECK(tc_answer(&nd.t, "resign", "ok", got, sizeof got) &&
	      tc_expect(&nd.t, cmd, NULL, 0, 3000),
	      "ned resigns while the computer thinks: %s", got);
	tc_sleep_ms(3000);   /* (the search's time, 1/25 of a minute at most, and more) */
	CHECK(tc_answer(&nd.t, "ping", "ok pong", got, sizeof got) &&
	      tc_line(&nd.t, line, sizeof line, 200) == 0,
	      "the search came back to a game over: nothing played, the server goes on");
	tc_close(&nd.t);
	ng_game_free(nd.g);
	ng_game_free(back);
	tc_close(&l.t);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	ng_game_free(l.g);
	ng_game_free(m.g);
}

int main(void)
{
	if (srv_setup("seek") < 0)
		return 1;
	humans();
	versus_computer();
	busy_and_restart();
	return srv_done("server_seek");
}
