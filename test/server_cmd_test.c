/*
 * server_cmd_test.c - the commands of nonaga(6), ONLINE, that
 * server_test.c does not play through, each answer compared with what it
 * must be: who; games (states, clock, moves); host random, its rules and
 * its clock's bounds; watch's errors; leave, which keeps the seat; claims
 * too early and when the opponent is there; a loss on time (over SIDE
 * time, How: time in the record); chat up to 300 bytes; every command's
 * count of words (server_cmds.c's table) and the login before it.
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* `who' lists exactly the lines of want ('|' between them, sorted), then
 * "ok N": the order of the connections is not the protocol's. */
static int who_is(tc *t, const char *want, int n_want)
{
	char lines[16][200], *p[16], got[4000] = "", line[600];
	int n = 0;
	size_t len = 0;
	tc_send(t, "who");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2))
		if (!strncmp(line, "user ", 5) && n < 16) {
			tc_copy(lines[n], sizeof lines[n], line);
			p[n] = lines[n];
			n++;
		}
	qsort(p, (size_t)n, sizeof *p, cmp_str);
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(got + len, sizeof got - len, "%s%s", i ? "|" : "", p[i]);
	char count[32];
	snprintf(count, sizeof count, "ok %d", n_want);
	if (!strcmp(got, want) && !strcmp(line, count))
		return 1;
	return fprintf(stderr, "who: '%s' '%s',\n  not '%s' '%s'\n", got, line, want, count), 0;
}

/* who, games, watch's errors. */
static void lists(void)
{
	tc a, b;
	char want[600], line[600];
	CHECK(connect_unix(&a) && connect_unix(&b), "two connections");
	snprintf(want, sizeof want, "user %s - - kind=human|user %s - - kind=human", me, me);
	CHECK(who_is(&a, want, 2), "who: two players in no game");
	CHECK(answer_is(&a, "host w1 red clock 1+0", "ok seat red "), "host w1 with a clock");
	CHECK(answer_is(&b, "watch w1", "ok watch"), "watch it");
	snprintf(want, sizeof want, "user %s w1 red kind=human|user %s w1 watch kind=human", me, me);
	CHECK(who_is(&b, want, 2), "who: the host's seat and the watcher");
	snprintf(want, sizeof want, "game w1 standard 1+0 %s - 0 open ratings=-:- kind=human:-|ok 1", me);
	CHECK(list_is(&b, "games", "game ", want), "games: open, its clock");
	CHECK(answer_is(&b, "join w1", "ok seat blue "), "the watcher joins");
	snprintf(want, sizeof want, "user %s w1 blue kind=human|user %s w1 red kind=human", me, me);
	CHECK(who_is(&b, want, 2), "who: both seats");
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "ok") &&
	      answer_is(&b, "move -2,2>-1,2/-2,2>-1,3", "ok"), "two moves");
	snprintf(want, sizeof want, "game w1 standard 1+0 %s %s 2 playing ratings=-:- kind=human:human|ok 1", me, me);
	CHECK(list_is(&a, "games", "game ", want), "games: playing, after 2 moves");
	CHECK(answer_is(&a, "resign", "ok") && tc_expect(&a, "over ", line, sizeof line, 3000) &&
	      !strcmp(line, "over blue resign"), "red resigns: %s", line);
	snprintf(want, sizeof want, "game w1 standard 1+0 %s %s 2 over ratings=-:- kind=human:human|ok 1", me, me);
	CHECK(list_is(&a, "games", "game ", want), "games: over, while its players are in it");
	CHECK(answer_is(&a, "leave", "ok") && answer_is(&b, "leave", "ok") &&
	      list_is(&a, "games", "game ", "ok 0"), "and gone when they leave");
	CHECK(answer_is(&a, "watch", "error bad-argument"), "watch without a name");
	CHECK(answer_is(&a, "watch w1 w2", "error bad-argument"), "watch with two");
	CHECK(answer_is(&a, "watch w1", "error no-game"), "watch a game that is gone");
	snprintf(want, sizeof want, "user %s - - kind=human|user %s - - kind=human", me, me);
	CHECK(who_is(&a, want, 2), "who: nobody in a game any more");
	tc_close(&a);
	tc_close(&b);
}

/* host: a random seat (by default too), rules, the clock's bounds. */
static void hosting(void)
{
	tc a;
	char line[600], want[600], tok[40];
	CHECK(connect_unix(&a), "a connection");
	int seen[2][2] = { { 0, 0 }, { 0, 0 } }, ok = 1;
	for (int i = 0; i < 40 && ok; i++) {
		char cmd[64];
		snprintf(cmd, sizeof cmd, "host r%d%s", i, i % 2 ? " random" : "");
		int side = tc_ask(&a, line, sizeof line, cmd) ? seat_of(line, tok) : -1;
		snprintf(want, sizeof want, "sync r%d rules=standard clock=none red=%s blue=%s moves=0 "
		         "result=none how=- you=%s ratings=-:-", i, side == NG_RED ? me : "-",
		         side == NG_BLUE ? me : "-", side == NG_RED ? "red" : "blue");
		ok = side >= 0 && tc_next(&a, want, line, sizeof line) && answer_is(&a, "resign", "ok") &&
		     tc_next(&a, "over none cancelled", line, sizeof line);
		if (ok)
			seen[i % 2][side]++;
	}
	CHECK(ok, "host NAME [random]: a seat, and the sync says which: %s", line);
	CHECK(seen[0][0] && seen[0][1], "with no colour, either seat (red %d, blue %d of 20)",
	      seen[0][0], seen[0][1]);
	CHECK(seen[1][0] && seen[1][1], "random: either seat (red %d, blue %d of 20)", seen[1][0],
	      seen[1][1]);

	snprintf(want, sizeof want, "sync s1 rules=simple clock=1+0 red=- blue=%s moves=0 "
	         "result=none how=- you=blue ratings=-:-", me);
	CHECK(answer_is(&a, "host s1 simple clock 1+0 blue", "ok seat blue ") &&
	      tc_next(&a, want, line, sizeof line) && tc_next(&a, "clock 60000 60000", line, sizeof line),
	      "host s1 simple clock 1+0 blue: %s", line);
	snprintf(want, sizeof want, "game s1 simple 1+0 - %s 0 open ratings=-:- kind=-:human|ok 1", me);
	CHECK(list_is(&a, "games", "game ", want), "games: the simple rules, 1+0");
	CHECK(answer_is(&a, "resign", "ok"), "s1 taken back");
	CHECK(answer_is(&a, "host s2 clock 180+180", "ok seat ") &&
	      tc_expect(&a, "clock ", line, sizeof line, 3000) &&
	      !strcmp(line, "clock 10800000 10800000"), "the longest clock, 180+180: %s", line);
	snprintf(want, sizeof want, "game s2 standard 180+180 ");
	CHECK(tc_send(&a, "games") == 0 && tc_expect(&a, "game ", line, sizeof line, 3000) &&
	      !strncmp(line, want, strlen(want)) && tc_next(&a, "ok 1", line, sizeof line),
	      "games: 180+180: %s", line);
	static const char *const bad[] = { "clock 181+0", "clock 5+181", "clock 0+5", "clock 5",
	                                   "clock 5+", "clock +5", "clock 5+-1", "clock 5+2x",
	                                   "clock", "red blue clock 1+0 x" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char cmd[64];
		snprintf(cmd, sizeof cmd, "host b%zu %s", i, bad[i]);
		CHECK(answer_is(&a, cmd, "error bad-argument"), "%s is refused", cmd);
	}
	CHECK(answer_is(&a, "resign", "ok") && answer_is(&a, "leave", "ok"), "s2 taken back");
	CHECK(list_is(&a, "games", "game ", "ok 0"), "no game was made by a refused host");
	tc_close(&a);
}

/* leave keeps the seat, as a dropped connection does; claims. */
static void leaving(void)
{
	tc a, b;
	char line[600], want[600], tok[40], tok2[40];
	CHECK(connect_unix(&a) && connect_unix(&b), "two connections");
	CHECK(tc_ask(&a, line, sizeof line, "host l1 red") && seat_of(line, tok) == NG_RED &&
	      answer_is(&b, "join l1", "ok seat blue "), "l1, without a clock");
	CHECK(answer_is(&b, "claim", "error not-away"), "no claim while the opponent is here");
	int64_t t0 = tc_now();
	CHECK(answer_is(&a, "leave", "ok"), "red leaves");
	snprintf(want, sizeof want, "away %s 10 red", me);
	CHECK(tc_expect(&b, "away ", line, sizeof line, 3000) && !strcmp(line, want),
	      "the opponent is told red is away, with 10 s of grace (10 x 1 without a clock): %s",
	      line);
	int secs = -1, n = 0;
	char name[64];
	CHECK(tc_ask(&b, line, sizeof line, "claim") &&
	      sscanf(line, "error too-early %63s may come back for %d more seconds%n", name, &secs,
	             &n) == 2 && !line[n] && !strcmp(name, me),
	      "a claim too early: %s", line);
	int64_t waited = (tc_now() - t0) / 1000 + 1;
	CHECK(secs <= 10 && secs >= 10 - waited, "%d seconds left, after %lld s at most", secs,
	      (long long)waited);
	snprintf(want, sizeof want, "game l1 standard none %s %s 0 playing ratings=-:- kind=human:human|ok 1", me, me);
	CHECK(list_is(&b, "games", "game ", want), "the seat is kept");
	snprintf(want, sizeof want, "user %s - - kind=human|user %s l1 blue kind=human", me, me);
	CHECK(who_is(&a, want, 2), "who: the one who left is in no game");
	CHECK(tc_ask(&a, line, sizeof line, "join l1") && seat_of(line, tok2) == NG_RED &&
	      !strcmp(tok, tok2), "join: the same seat back, its token unchanged: %s", line);
	snprintf(want, sizeof want, "back %s red", me);
	CHECK(tc_expect(&b, "back ", line, sizeof line, 3000) && !strcmp(line, want),
	      "the opponent is told: %s", line);
	CHECK(answer_is(&b, "claim", "error not-away"), "no claim once it is back");
	CHECK(answer_is(&a, "resign", "ok"), "resign");
	tc_close(&a);
	tc_close(&b);
}

/* a says text in chat: answered ok, and b is told exactly that. */
static int said(tc *a, tc *b, const char *text)
{
	char cmd[420], want[500], line[600];
	snprintf(cmd, sizeof cmd, "chat %s", text);
	snprintf(want, sizeof want, "chat %s %s", me, text);
	return answer_is(a, cmd, "ok") && tc_expect(b, "chat ", line, sizeof line, 3000) &&
	       !strcmp(line, want);
}

/* chat: up to 300 bytes, said as it was. */
static void chat(void)
{
	tc a, b;
	char text[400], cmd[420];
	CHECK(connect_unix(&a) && connect_unix(&b), "two connections");
	CHECK(answer_is(&a, "host c1", "ok seat ") && answer_is(&b, "watch c1", "ok watch"), "c1");
	memset(text, 'x', 300);
	text[300] = 0;
	CHECK(said(&a, &b, text), "300 bytes are said whole");
	snprintf(cmd, sizeof cmd, "chat %sx", text);
	CHECK(answer_is(&a, cmd, "error bad-text"), "301 are refused");
	text[0] = 0;
	for (int i = 0; i < 150; i++)
		strcat(text, "\xc3\xa9");
	CHECK(said(&a, &b, text), "150 two-byte characters are 300 bytes: said whole");
	snprintf(cmd, sizeof cmd, "chat %s\xc3\xa9", text);
	CHECK(answer_is(&a, cmd, "error bad-text"), "151 are refused");
	CHECK(answer_is(&a, "chat  ", "error bad-text"), "an empty chat is refused");
	CHECK(said(&a, &b, "hi"), "nothing refused reached the watcher");
	CHECK(said(&a, &b, "w1  w2   w3 "), "the rest of the line, its spaces kept");
	CHECK(answer_is(&a, "resign", "ok"), "c1 taken back");
	tc_close(&a);
	tc_close(&b);
}

/* The commands' rows (server_cmds.c): the word, the fewest and most words
 * after it, the usage that a wrong count is answered with. */
static const struct row {
	const char *word;
	int fewest, most;
	const char *usage;
} rows[] = {
	{ "quit", 0, 0, "quit" },
	{ "login", 2, 2, "login KEY NAME" },
	{ "as", 2, 4, "as FINGERPRINT ADDR [name NAME | code CODE]" },
	{ "ping", 0, 0, "ping" },
	{ "lobby", 0, 1, "lobby [news]" },
	{ "who", 0, 0, "who" },
	{ "games", 0, 0, "games" },
	{ "mine", 0, 0, "mine" },
	{ "ratings", 0, 0, "ratings" },
	{ "host", 1, 7, "host NAME [red|blue|random] [standard|simple] [clock M+I|clock Dd] "
	  "[for LOGIN]" },
	{ "join", 1, 2, "join NAME [TOKEN|red|blue]" },
	{ "watch", 1, 1, "watch NAME" },
	{ "leave", 0, 0, "leave" },
	{ "move", 1, 1, "move MOVE (as in the engine protocol)" },
	{ "resign", 0, 0, "resign" },
	{ "draw", 0, 0, "draw" },
	{ "claim", 0, 0, "claim" },
	{ "takeback", 0, 0, "takeback" },
	{ "code", 0, 0, "code" },
	{ "ignore", 0, 1, "ignore [NAME]" },
	{ "unignore", 1, 1, "unignore NAME" },
	{ "settings", 0, 6, "settings [set KEY=VALUE...]" },
	{ "seek", 1, 3, "seek CLOCK [standard|simple] [rated|casual] (CLOCK: M+I, Dd or none)" },
	{ "unseek", 0, 0, "unseek" },
	{ "bot", 0, 0, "bot" },
	{ "challenge", 2, 4, "challenge NAME M+I|Dd|none [standard|simple] [rated|casual] "
	  "(M 1-180 minutes, I 0-180 seconds, D 1-30 days a move)" },
	{ "accept", 1, 1, "accept ID" },
	{ "decline", 1, 1, "decline ID" },
	{ "arena", 3, 4, "arena NAME MINUTES M+I [standard|simple] (MINUTES 1-720)" },
	{ "enter", 1, 1, "enter ARENA" },
	{ "withdraw", 1, 1, "withdraw ARENA" },
	{ "standings", 1, 1, "standings ARENA" },
	{ "arenas", 0, 0, "arenas" },
};

/* The word with k words after it (each w1): refused with its usage? */
static int count_refused(tc *t, const struct row *r, int k)
{
	char cmd[200], want[200], got[300];
	int len = snprintf(cmd, sizeof cmd, "%s", r->word);
	for (int i = 0; i < k; i++)
		len += snprintf(cmd + len, sizeof cmd - (size_t)len, " w1");
	snprintf(want, sizeof want, "error bad-argument use: %s", r->usage);
	if (tc_answer(t, cmd, want, got, sizeof got))
		return 1;
	return fprintf(stderr, "%s: '%s',\n  not '%s'\n", cmd, got, want), 0;
}

/* Every command's count of words is checked, one too few and one too
 * many refused with its usage, and nothing done: no game, no seat, the
 * connection kept (quit with a word too many does not quit).  Before a
 * login over TCP every command but quit, login and as is refused and the
 * connection closed; `as' is refused (not the gateway) and it stays. */
static void counts(int port)
{
	tc a, t;
	char want[200], got[300], line[600];
	CHECK(connect_unix(&a), "a connection");
	CHECK(answer_is(&a, "host c0 red", "ok seat red") && tc_expect(&a, "sync c0 ", NULL, 0, 3000),
	      "in a game, so that a word too many would act");
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const struct row *r = &rows[i];
		if (r->fewest > 0)
			CHECK(count_refused(&a, r, r->fewest - 1), "%s with %d words: too few", r->word,
			      r->fewest - 1);
		CHECK(count_refused(&a, r, r->most + 1), "%s with %d words: too many", r->word,
		      r->most + 1);
	}
	CHECK(tc_answer(&a, "ping", "ok pong", got, sizeof got), "the connection stays: %s", got);
	snprintf(want, sizeof want, "game c0 standard none %s - 0 open ratings=-:- kind=human:-|ok 1", me);
	CHECK(list_is(&a, "games", "game ", want), "no game hosted, none left or resigned");
	snprintf(want, sizeof want, "user %s c0 red kind=human|ok 1", me);
	CHECK(list_is(&a, "who", "user ", want), "the seat kept");
	CHECK(list_is(&a, "ignore", "ignore ", "ok 0"), "nobody ignored");
	CHECK(answer_is(&a, "host c1 red standard junk", "error bad-argument use: host NAME ") &&
	      answer_is(&a, "host c1 red standard clock 5+0 for bob junk",
	                "error bad-argument use: host NAME "), "host with a word it does not take");
	snprintf(want, sizeof want, "game c0 standard none %s - 0 open ratings=-:- kind=human:-|ok 1", me);
	CHECK(list_is(&a, "games", "game ", want), "no game c1");
	CHECK(answer_is(&a, "resign", "ok"), "c0 taken back");
	tc_close(&a);

	static const char *const first[] = { "ping", "lobby", "who", "games", "mine", "ratings",
	                                     "host x", "join x", "watch x", "leave", "move x",
	                                     "resign", "draw", "claim", "takeback", "chat hi",
	                                     "code", "ignore", "unignore x", "settings",
	                                     "frobnicate" };
	for (size_t i = 0; i < sizeof first / sizeof *first; i++) {
		int ok = tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
		         tc_answer(&t, first[i], "error login-required log in first: login KEY NAME; "
		                   "closing", line, sizeof line) && tc_closed(&t, 3000);
		CHECK(ok, "%s before a login: refused and closed (%s)", first[i], line);
		tc_close(&t);
	}
	CHECK(tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	      answer_is(&t, "as SHA256:x -", "error not-gateway ") &&
	      answer_is(&t, "quit now", "error bad-argument use: quit") &&
	      tc_answer(&t, "quit", "ok bye", line, sizeof line) && tc_closed(&t, 3000),
	      "as and quit before a login: answered, and the connection stays until quit");
	tc_close(&t);
}

/* A game where red has 1.5 s left and the blue seat is free, for the
 * server to load: the clock starts when blue sits down. */
static void flag_game(void)
{
	char path[400];
	snprintf(path, sizeof path, "%s/games", state);
	mkdir(state, 0700);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/games/t1.rec", state);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "# nonaga record 1\nDate: 2026-11-25T08:00:00Z\nRed: %s\nBlue: \n"
	        "Rules: standard\nResult: none\nMode: online\nGame: t1\nClock: 1+0\n"
	        "Red-time: 1500\nBlue-time: 60000\nMoves: 0\n\n", me);
	fclose(f);
}

/* A loss on time: the flag falls 1.5 s after the clock starts, for red. */
static void flag(void)
{
	tc a, b;
	char line[600], want[600];
	CHECK(connect_unix(&a) && connect_unix(&b), "two connections");
	snprintf(want, sizeof want, "sync t1 rules=standard clock=1+0 red=%s blue=- moves=0 "
	         "result=none how=- you=red ratings=-:-", me);
	CHECK(answer_is(&a, "join t1", "ok seat red ") && tc_next(&a, want, line, sizeof line) &&
	      tc_next(&a, "clock 1500 60000", line, sizeof line),
	      "the loaded game, red's 1.5 s kept: %s", line);
	int64_t t0 = tc_now();
	CHECK(answer_is(&b, "join t1", "ok seat blue "), "blue sits down: the clock starts");
	CHECK(tc_expect(&a, "over ", line, sizeof line, 5000) && !strcmp(line, "over blue time"),
	      "red's flag falls: blue wins on time: %s", line);
	int64_t after = tc_now() - t0;
	CHECK(after >= 1500 - 5, "when red's 1.5 s are gone, not before: %lld ms", (long long)after);
	CHECK(tc_expect(&b, "over ", line, sizeof line, 3000) && !strcmp(line, "over blue time"),
	      "blue is told the same: %s", line);
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error game-over"), "no move after it");
	ng_game *rec = NULL;
	ng_record_info info;
	const char *how = finished_record("t1", &rec, &info) ? ng_record_get(&info, "How") : NULL;
	CHECK(how && !strcmp(how, "time"), "the record says How: time (%s)", how ? how : "none");
	const char *winner = how ? ng_record_get(&info, "Winner") : NULL;
	CHECK(winner && !strcmp(winner, "blue"), "the record says Winner: blue (%s)",
	      winner ? winner : "none");
	if (rec)
		ng_game_free(rec);
	tc_close(&a);
	tc_close(&b);
}

int main(void)
{
	if (srv_setup("server-cmd") < 0)
		return 1;
	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts");
	tc t;
	CHECK(connect_unix(&t), "the login is known: %s", me);   /* (for flag_game) */
	tc_close(&t);
	if (pid > 0) {
		lists();
		hosting();
		leaving();
		chat();
		counts(port);
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	}
	flag_game();
	pid = start(2, NULL, NULL, NULL);
	if (pid > 0) {
		flag();
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	}
	/* --max-games: a server of that many games answers host with busy,
	 * and has room again once one of them is gone */
	snprintf(state, sizeof state, "%s/state-busy", dir);   /* no game yet */
	pid = start(3, "--max-games", "2", NULL);
	CHECK(pid > 0, "a server of two games starts");
	if (pid > 0) {
		tc a;
		CHECK(connect_unix(&a), "the host is online");
		CHECK(answer_is(&a, "host b1 red", "ok seat red") &&
		      tc_expect(&a, "sync b1 ", NULL, 0, 3000), "the first game");
		CHECK(answer_is(&a, "host b2 red", "ok seat red") &&
		      tc_expect(&a, "sync b2 ", NULL, 0, 3000), "the second");
		CHECK(answer_is(&a, "host b3 red", "error busy"), "the third: busy");
		char line[300];
		int listed = 0;
		if (tc_send(&a, "games") == 0)
			while (tc_line(&a, line, sizeof line, 3000) > 0 && strncmp(line, "ok", 2))
				listed += !strncmp(line, "game b1 ", 8) || !strncmp(line, "game b2 ", 8);
		CHECK(listed == 2 && !strcmp(line, "ok 2"), "two games, not three: %d, %s", listed, line);
		/* the host takes b2 back (resign of an open challenge) */
		CHECK(answer_is(&a, "resign", "ok") && tc_expect(&a, "over none cancelled", NULL, 0, 3000),
		      "b2 is called off");
		CHECK(answer_is(&a, "host b3 red", "ok seat red"), "then the third can be hosted");
		tc_close(&a);
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	}
	return srv_done("server_cmd");
}
