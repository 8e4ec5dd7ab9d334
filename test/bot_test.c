/*
 * bot_test.c - `nonaga --bot' against a real server (nonaga(6), ONLINE,
 * Bots): the bot (the user running the test, on the Unix socket) says
 * `bot' (kind=bot in who), accepts alice's challenge and plays it at
 * --level 1 to its end, every move checked by the server and recorded;
 * with --games 2 it plays two at once and declines a third; after a
 * restart of the server it is back in both.  Over TCP (--server
 * 127.0.0.1:PORT, where a seat comes back by its token only) the server is
 * killed (-9) in the middle of a game and started again on the same port:
 * the bot comes back with the token `paired' gave and finishes the game.
 * With --engine-cmd, engines that crash in the
 * middle of a game, answer an illegal move, flood lines, write a line too
 * long or hang past the clock each lose that game (the bot resigns), and
 * the bot then accepts the next challenge and plays it with a fresh
 * engine.  alice and carol log in over TCP.  $NONAGA is the program.
 */
#include "srvtest.h"

static pid_t bot_pid;
static int nbot;
static char bot_server[320];   /* --server: "" for unix:SOCK */

/* nonaga --bot ARGS... --server unix:SOCK (or bot_server), its log in
 * dir/bot.N. */
static pid_t start_bot(const char *a1, const char *a2, const char *a3, const char *a4)
{
	char srv[320], log[300];
	snprintf(srv, sizeof srv, "unix:%s", sock);
	if (bot_server[0])
		snprintf(srv, sizeof srv, "%s", bot_server);
	snprintf(log, sizeof log, "%s/bot.%d", dir, ++nbot);
	pid_t pid = fork();
	if (pid == 0) {
		FILE *f = freopen(log, "w", stderr);
		(void)f;
		char *argv[] = { (char *)nonaga, (char *)"--bot", (char *)"--server", srv, (char *)a1,
		                 (char *)a2, (char *)a3, (char *)a4, NULL };
		execv(nonaga, argv);
		_exit(127);
	}
	return pid;
}

static int stop_bot(void)
{
	int st = 0;
	if (bot_pid > 0 && kill(bot_pid, SIGTERM) == 0)
		waitpid(bot_pid, &st, 0);
	bot_pid = 0;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* `who' (asked again for up to 10 s) has want among its lines. */
static int who_has(tc *t, const char *want)
{
	char line[600];
	int64_t end = tc_now() + 10000;
	while (tc_now() < end) {
		int seen = 0;
		tc_send(t, "who");
		while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2))
			seen |= !strcmp(line, want);
		if (seen)
			return 1;
		tc_sleep_ms(100);
	}
	return fprintf(stderr, "who never said '%s'\n", want), 0;
}

/* What happened in a game of alice against the bot. */
typedef struct outcome {
	char game[64], over[64], token[64];   /* token: alice's seat's */
	int alice;         /* alice's side */
	int bot_moves;     /* the bot's moves seen */
	ng_game *g;        /* the moves */
} outcome;

static int play_on(tc *a, int resign_after, int pause_after, outcome *o);

/* alice challenges the bot (clock) and plays it with the engine at level
 * 2 until the game is over; with resign_after, alice resigns once the bot
 * has made that many moves.  1 when every line was as it must be. */
static int challenge_and_play(tc *a, const char *clock, int resign_after, outcome *o)
{
	char cmd[128], line[600], want[128], side[16];
	memset(o, 0, sizeof *o);
	snprintf(cmd, sizeof cmd, "challenge %s %s", me, clock);
	if (!tc_ask(a, line, sizeof line, cmd) || strncmp(line, "ok ", 3))
		return fprintf(stderr, "%s: '%s'\n", cmd, line), 0;
	char id[32];
	snprintf(id, sizeof id, "%.20s", line + 3);
	if (!tc_expect(a, "paired ", line, sizeof line, 10000))
		return fprintf(stderr, "challenge %s: never paired\n", id), 0;
	snprintf(want, sizeof want, "c%s", id);
	if (sscanf(line, "paired %63s %15s %*s %63s", o->game, side, o->token) != 3 ||
	    strcmp(o->game, want) || !strstr(line, me))
		return fprintf(stderr, "'%s': not the pairing of %s\n", line, want), 0;
	o->alice = !strcmp(side, "red") ? NG_RED : NG_BLUE;
	o->g = ng_game_new(NG_STANDARD);
	return play_on(a, resign_after, 0, o);
}

/* alice plays o's game on as challenge_and_play says; with pause_after,
 * she stops (2) once the bot has made that many moves and she has made
 * hers after them (the bot to move). */
static int play_on(tc *a, int resign_after, int pause_after, outcome *o)
{
	char line[600], mv[NG_MOVE_TEXT];
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 2);
	ng_search_set_seed(s, 11);
	int ok = 1, asked = -1;
	while (ok) {
		if (pause_after && o->bot_moves >= pause_after &&
		    (int)ng_pos_side(ng_game_pos(o->g)) != o->alice) {
			ng_search_free(s);
			return 2;
		}
		if (ng_game_result(o->g) == NG_NONE && (int)ng_pos_side(ng_game_pos(o->g)) == o->alice &&
		    asked != ng_game_ply(o->g)) {
			asked = ng_game_ply(o->g);   /* (once a turn) */
			if (resign_after && o->bot_moves >= resign_after) {
				tc_send(a, "resign");
			} else {
				best(o->g, s, mv);
				tc_send(a, "move %s", mv);
			}
		}
		int r = tc_line(a, line, sizeof line, 30000);
		if (r <= 0) {
			fprintf(stderr, "%s: nothing for 30 s\n", o->game);
			ok = 0;
			break;
		}
		int n;
		ng_move m;
		if (sscanf(line, "moved %d %63s", &n, mv) == 2) {
			int mover = ng_pos_side(ng_game_pos(o->g));
			ok = n == ng_game_ply(o->g) + 1 && ng_move_parse(ng_game_pos(o->g), mv, &m) == NG_OK &&
			     ng_game_play(o->g, m) == NG_OK;
			o->bot_moves += mover != o->alice;
		} else if (!strncmp(line, "over ", 5)) {
			snprintf(o->over, sizeof o->over, "%.60s", line);
			break;
		} else if (!strncmp(line, "error ", 6)) {
			fprintf(stderr, "%s: '%s'\n", o->game, line);
			ok = 0;
		}
	}
	ng_search_free(s);
	tc_ask(a, line, sizeof line, "leave");
	return ok;
}

static void outcome_free(outcome *o)
{
	if (o->g)
		ng_game_free(o->g);
	o->g = NULL;
}

/* A game the bot lost by resigning at once (after `after' moves of its
 * own), then one it accepts and plays (alice resigns after its move). */
static void faulty(tc *a, const char *kind, const char *clock, int after)
{
	outcome o;
	char want[64];
	CHECK(challenge_and_play(a, clock, 0, &o), "%s: the game is played", kind);
	snprintf(want, sizeof want, "over %s resign", o.alice == NG_RED ? "red" : "blue");
	CHECK(!strcmp(o.over, want), "%s: '%s', not '%s' (the bot resigned)", kind, o.over, want);
	CHECK(o.bot_moves == after, "%s: the bot moved %d times before resigning, not %d", kind,
	      o.bot_moves, after);
	outcome_free(&o);
	CHECK(challenge_and_play(a, "5+0", 1, &o) && o.bot_moves == 1, "%s: the next challenge "
	      "is accepted and the bot moves (%d)", kind, o.bot_moves);
	snprintf(want, sizeof want, "over %s resign", o.alice == NG_RED ? "blue" : "red");
	CHECK(!strcmp(o.over, want), "%s: then '%s', not '%s'", kind, o.over, want);
	outcome_free(&o);
}

/* An engine script: its first run behaves as body says, later runs are
 * nonaga's own engine.  Its path into path. */
static void engine_script(const char *kind, const char *body, char *path, size_t size)
{
	snprintf(path, size, "%s/%s.sh", dir, kind);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "#!/bin/sh\nif [ -e '%s/%s.done' ]; then exec '%s' --engine; fi\n"
	        ": > '%s/%s.done'\n%s\n", dir, kind, nonaga, dir, kind, body);
	fclose(f);
	chmod(path, 0755);
}

static void engines(tc *a)
{
	/* (the flood and the long line come before the real engine's answer
	 * to genmove: without the limits the bot would play it) */
	static const struct { const char *kind, *clock, *body, *why; int after; } e[] = {
		{ "crash", "5+0", "n=0\nwhile IFS= read -r l; do\n"
		  "  case $l in genmove*) n=$((n+1)); [ $n -ge 2 ] && exit 3;; esac\n"
		  "  printf '%s\\n' \"$l\"\ndone | '@' --engine", "the engine ended", 1 },
		/* (its moves put the disc where no disc is near: they parse) */
		{ "illegal", "5+0", "'@' --engine | sed -u 's/^\\(= .*>.*\\/.*>\\).*/\\19,-9/'",
		  "9,-9' is illegal: the target touches fewer than two discs", 0 },
		{ "flood", "5+0", "exec 3>&1\nwhile IFS= read -r l; do\n"
		  "  case $l in genmove*) yes '# flood' | head -n 20000 >&3;; esac\n"
		  "  printf '%s\\n' \"$l\"\ndone | '@' --engine", "lines for", 0 },
		{ "longline", "5+0", "exec 3>&1\nwhile IFS= read -r l; do\n"
		  "  case $l in genmove*) head -c 9000 /dev/zero | tr '\\000' a >&3; echo >&3;; esac\n"
		  "  printf '%s\\n' \"$l\"\ndone | '@' --engine", "a line longer than 4096 bytes", 0 },
		{ "hang", "1+0", "while IFS= read -r l; do case $l in\n"
		  "  genmove*) exec sleep 600;;\n  *) printf '=\\n\\n';; esac; done",
		  "did not answer in time", 0 },
	};
	for (size_t i = 0; i < sizeof e / sizeof e[0]; i++) {
		char path[400], body[600], *at;
		snprintf(body, sizeof body, "%s", e[i].body);
		if ((at = strchr(body, '@'))) {   /* the program, for the crash's wrapper */
			char rest[600];
			snprintf(rest, sizeof rest, "%s", at + 1);
			snprintf(at, sizeof body - (size_t)(at - body), "%s%s", nonaga, rest);
		}
		engine_script(e[i].kind, body, path, sizeof path);
		bot_pid = start_bot("--engine-cmd", path, NULL, NULL);
		char want[128];
		snprintf(want, sizeof want, "user %s - - kind=bot", me);
		CHECK(bot_pid > 0 && who_has(a, want), "%s: the bot is here", e[i].kind);
		faulty(a, e[i].kind, e[i].clock, e[i].after);
		CHECK(stop_bot(), "%s: the bot stops on TERM, status 0", e[i].kind);
		char log[300];
		snprintf(log, sizeof log, "%s/bot.%d", dir, nbot);
		CHECK(file_has(log, e[i].why) && file_has(log, ": resigning"), "%s: the bot's log "
		      "says why it resigned: '%s'", e[i].kind, e[i].why);
	}
}

/* The newest finished record of game name (names come back after a
 * restart: c1, c2...) into *g: 1 when it parses. */
static int newest_record(const char *name, ng_game **g, ng_record_info *info)
{
	char cmd[600], path[600] = "";
	snprintf(cmd, sizeof cmd, "ls %s/finished/*-%s.rec 2>/dev/null | tail -n 1", state, name);
	FILE *p = popen(cmd, "r");
	int got = p && fgets(path, sizeof path, p);
	if (p)
		pclose(p);
	path[strcspn(path, "\n")] = 0;
	return got && srv_read_record(path, g, info) && *g;
}

/* The server on state, listening on the Unix socket and on 127.0.0.1
 * port (the same each time: the bot connects there again). */
static pid_t start_on(int count, int port)
{
	char l1[320], l2[64];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(l2, sizeof l2, "127.0.0.1:%d", port);
	char *args[] = { (char *)"--listen", l1, (char *)"--listen", l2, (char *)"--state", state,
	                 (char *)"--grace", (char *)"1", NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	if (srv_wait(logpath, count, 10000) != port) {
		srv_stop(pid, SIGKILL);
		return -1;
	}
	return pid;
}

/* Over TCP: kill -9 in the middle of a game of 1d (nobody is away while
 * the server is down), the server started again on the same port; the
 * bot comes back by its seat's token and finishes the game.  *pid: the
 * server, stopped and started again. */
static void tcp_restart(pid_t *pid, int port, int count)
{
	char line[600], want[128], key[400], unix_name[64];
	snprintf(bot_server, sizeof bot_server, "127.0.0.1:%d", port);
	snprintf(unix_name, sizeof unix_name, "%s", me);
	/* (over TCP the user's name, which its uid owns, is NAME.tcp) */
	snprintf(me + strlen(me), sizeof me - strlen(me), ".tcp");
	snprintf(key, sizeof key, "%s/key", state);
	bot_pid = start_bot("--key-file", key, "--level", "1");
	tc a;
	snprintf(want, sizeof want, "user %s - - kind=bot", me);
	CHECK(bot_pid > 0 && tc_login(&a, port, state, "alice") && who_has(&a, want),
	      "the bot is here over TCP");
	outcome o;
	memset(&o, 0, sizeof o);
	int r = challenge_and_play(&a, "1d", 0, &o);   /* (a whole game: then one paused) */
	outcome_free(&o);
	CHECK(r == 1, "a first game over TCP");
	snprintf(line, sizeof line, "challenge %s 1d", me);
	CHECK(tc_ask(&a, want, sizeof want, line) && !strncmp(want, "ok ", 3) &&
	      tc_expect(&a, "paired ", line, sizeof line, 10000), "alice challenges the bot: %s",
	      line);
	memset(&o, 0, sizeof o);
	char side[16];
	CHECK(sscanf(line, "paired %63s %15s %*s %63s", o.game, side, o.token) == 3,
	      "paired: %s", line);
	o.alice = !strcmp(side, "red") ? NG_RED : NG_BLUE;
	o.g = ng_game_new(NG_STANDARD);
	CHECK(play_on(&a, 0, 2, &o) == 2, "the bot moves twice, alice once more");
	int had = ng_game_ply(o.g);
	srv_stop(*pid, SIGKILL);
	tc_close(&a);
	*pid = start_on(count, port);
	CHECK(*pid > 0, "the server starts again on port %d after kill -9", port);
	snprintf(line, sizeof line, "join %s %s", o.game, o.token);
	CHECK(tc_login(&a, port, state, "alice") && tc_ask(&a, want, sizeof want, line) &&
	      !strncmp(want, "ok seat ", 8), "alice takes her seat back: %s", want);
	int n = -1;
	snprintf(want, sizeof want, "sync %s ", o.game);
	CHECK(tc_expect(&a, want, line, sizeof line, 5000) && strstr(line, " moves=") &&
	      (n = atoi(strstr(line, " moves=") + 7)) >= had && n <= had + 1,
	      "the game is back with its %d moves (or the bot's next too): %s", had, line);
	ng_game *back = ng_game_new(NG_STANDARD);
	for (int i = 0; i < n && tc_line(&a, line, sizeof line, 3000) > 0; i++) {
		char mv[64];
		ng_move m;
		if (sscanf(line, "moved %*d %63s", mv) == 1 &&
		    ng_move_parse(ng_game_pos(back), mv, &m) == NG_OK)
			ng_game_play(back, m);
	}
	ng_game *had_g = o.g;
	o.g = back;
	o.bot_moves = 0;
	for (int i = 0; i < ng_game_ply(back); i++)
		o.bot_moves += (i % 2 ? NG_BLUE : NG_RED) != o.alice;
	CHECK(ng_game_ply(back) == n && ng_game_ply(had_g) <= n, "its moves are synced");
	ng_game_free(had_g);
	int before = o.bot_moves;
	CHECK(play_on(&a, 0, 0, &o) == 1 && !strncmp(o.over, "over ", 5),
	      "the game goes on to its end: '%s'", o.over);
	CHECK(o.bot_moves > before, "the bot came back and moved after the restart (%d, %d before)",
	      o.bot_moves, before);
	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(newest_record(o.game, &rec, &info) && same_moves(rec, o.g),
	      "the record of %s has the moves alice saw", o.game);
	if (rec)
		ng_game_free(rec);
	outcome_free(&o);
	CHECK(stop_bot(), "the bot stops on TERM, status 0");
	char log[300];
	snprintf(log, sizeof log, "%s/bot.%d", dir, nbot);
	snprintf(want, sizeof want, "%s: back to it with its seat's token", o.game);
	CHECK(file_has(log, want), "the bot's log: '%s'", want);
	tc_close(&a);
	bot_server[0] = 0;
	snprintf(me, sizeof me, "%s", unix_name);
}

int main(void)
{
	if (srv_setup("bot") < 0)
		return 1;
	int port;
	pid_t pid = start(1, NULL, NULL, &port);
	tc u, a, c;
	char want[256], line[600];
	CHECK(pid > 0 && connect_unix(&u) && tc_login(&a, port, state, "alice") &&
	      tc_login(&c, port, state, "carol"), "the user, alice and carol log in");
	tc_close(&u);

	/* --level 1: a whole game */
	bot_pid = start_bot("--level", "1", "--games", "1");
	snprintf(want, sizeof want, "user %s - - kind=bot", me);
	CHECK(bot_pid > 0 && who_has(&a, want), "the bot says bot: '%s'", want);
	outcome o;
	CHECK(challenge_and_play(&a, "5+0", 0, &o), "alice plays the bot's game to its end");
	CHECK(!strncmp(o.over, "over ", 5) && strstr(o.over, " rules") && o.bot_moves >= 2,
	      "it ends by the rules ('%s'), the bot moving %d times", o.over, o.bot_moves);
	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(finished_record(o.game, &rec, &info) && same_moves(rec, o.g),
	      "the record of %s has the moves alice saw", o.game);
	if (rec)
		ng_game_free(rec);
	outcome_free(&o);

	CHECK(stop_bot(), "the bot stops on TERM, status 0");

	/* engines that fail */
	engines(&a);

	/* --games 2: two challenges are accepted, a third while they go on
	 * is declined */
	bot_pid = start_bot("--level", "1", "--games", "2");
	snprintf(want, sizeof want, "user %s - - kind=bot", me);
	CHECK(bot_pid > 0 && who_has(&a, want), "the bot is back");
	char id[2][32] = { "", "" };
	tc *who[2] = { &a, &c };
	for (int i = 0; i < 2; i++) {
		snprintf(want, sizeof want, "challenge %s none", me);
		CHECK(tc_ask(who[i], line, sizeof line, want) && !strncmp(line, "ok ", 3) &&
		      tc_expect(who[i], "paired ", NULL, 0, 10000), "challenge %d: %s", i + 1, line);
		snprintf(id[i], sizeof id[i], "%.20s", line + 3);
	}
	snprintf(want, sizeof want, "challenge %s 5+0", me);
	CHECK(tc_ask(&c, line, sizeof line, want) && !strncmp(line, "ok ", 3), "a third: %s", line);
	char declined[128];
	snprintf(declined, sizeof declined, "declined %.20s %s", line + 3, me);
	CHECK(tc_expect(&c, "declined ", line, sizeof line, 5000) && !strcmp(line, declined),
	      "the third is declined: '%s', not '%s'", line, declined);

	/* a restart of the server: the bot is back in both games */
	tc_close(&a);
	tc_close(&c);
	CHECK(WIFEXITED(srv_stop(pid, SIGTERM)), "the server stops");
	pid = start(2, NULL, NULL, &port);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice"), "the server is back");
	int64_t end = tc_now() + 15000;
	int back = 0;
	while (back != 3 && tc_now() < end) {
		back = 0;
		tc_send(&a, "who");
		while (tc_line(&a, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2))
			for (int i = 0; i < 2; i++) {
				char red[200], blue[200];
				snprintf(red, sizeof red, "user %s c%s red kind=bot", me, id[i]);
				snprintf(blue, sizeof blue, "user %s c%s blue kind=bot", me, id[i]);
				back |= (!strcmp(line, red) || !strcmp(line, blue)) << i;
			}
		if (back != 3)
			tc_sleep_ms(200);
	}
	CHECK(back == 3, "the bot came back to c%s and c%s after the restart (%d)", id[0], id[1],
	      back);
	CHECK(stop_bot(), "the bot stops on TERM, status 0");
	tc_close(&a);
	tcp_restart(&pid, port, 3);
	srv_stop(pid, SIGTERM);
	return srv_done("bot");
}
