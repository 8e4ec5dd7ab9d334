/*
 * server_test.c - `nonaga --serve' through its sockets, as nonaga(6),
 * ONLINE, describes it: a whole game between two connections to a win
 * with a third watching every move; every refusal; reconnection after a
 * dropped connection and after kill -9 of the server; the TCP key; the
 * grace period and claims; open challenges cancelled when their host
 * leaves for longer; clocks; hostile clients (long lines, bad
 * UTF-8, random bytes, floods, a client that never reads, idle and
 * excess connections), after which a game still works; the directories'
 * permissions.  $NONAGA is the program (build/nonaga by default).
 */
#include "nonaga.h"
#include "tap.h"
#include "netc.h"
#include <fcntl.h>
#include <sys/stat.h>

static const char *nonaga;
static char dir[256], sock[300], logpath[300], state[300];

/* ------------------------------------------------------------- helpers */

static pid_t start(int count, const char *extra1, const char *extra2, int *port)
{
	char l1[320], st[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(st, sizeof st, "%s", state);
	char *args[] = { (char *)"--listen", l1, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", st, (char *)"--grace", (char *)"1",
	                 (char *)extra1, (char *)extra2, NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	int p = srv_wait(logpath, count, 10000);
	if (port)
		*port = p;
	return p < 0 ? -1 : pid;
}

static int connect_unix(tc *t)
{
	char line[256];
	return tc_unix(t, sock) == 0 && tc_expect(t, "welcome ", line, sizeof line, 3000);
}

static int log_has(const char *text)
{
	FILE *f = fopen(logpath, "r");
	char line[2048];
	int found = 0;
	while (f && fgets(line, sizeof line, f))
		if (strstr(line, text))
			found = 1;
	if (f)
		fclose(f);
	return found;
}

/* The move the computer (level 5, a fixed seed) plays in g. */
static void best(ng_game *g, ng_search *s, char *mv)
{
	ng_info info;
	ng_search_run(s, g, NULL, NULL, NULL, &info);
	ng_move_format(ng_game_pos(g), info.best, mv);
}

/* Play one move of g by who: "ok", then who, the other and the watcher
 * (if any) see it as "moved N MOVE".  1 if everyone did. */
static int play(ng_game *g, ng_search *s, tc *who, tc *other, tc *watcher)
{
	char mv[NG_MOVE_TEXT], cmd[200], want[200], got[300], line[300];
	ng_move m;
	best(g, s, mv);
	ng_move_parse(ng_game_pos(g), mv, &m);
	ng_game_play(g, m);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	if (!tc_ask(who, got, sizeof got, cmd) || strcmp(got, "ok"))
		return fprintf(stderr, "move %s: %s\n", mv, got), 0;
	if (!tc_expect(who, "moved ", line, sizeof line, 3000) || strncmp(line, want, strlen(want)))
		return fprintf(stderr, "the mover saw '%s', not '%s'\n", line, want), 0;
	if (!tc_expect(other, "moved ", line, sizeof line, 3000) || strncmp(line, want, strlen(want)))
		return fprintf(stderr, "opponent saw '%s', not '%s'\n", line, want), 0;
	if (watcher && (!tc_expect(watcher, "moved ", line, sizeof line, 3000) ||
	                strncmp(line, want, strlen(want))))
		return fprintf(stderr, "watcher saw '%s', not '%s'\n", line, want), 0;
	return 1;
}

static int answer_is(tc *t, const char *cmd, const char *prefix)
{
	char got[512];
	if (!tc_ask(t, got, sizeof got, cmd))
		return fprintf(stderr, "%s: no answer\n", cmd), 0;
	if (strncmp(got, prefix, strlen(prefix)))
		return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, prefix), 0;
	return 1;
}

static int file_has(const char *path, const char *text)
{
	FILE *f = fopen(path, "r");
	char buf[1 << 16];
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	return strstr(buf, text) != NULL;
}

/* The moves of a record in the finished/ directory whose name ends in
 * -NAME.rec, into g; 1 if there is one and it parses. */
static int finished_record(const char *name, ng_game **g, ng_record_info *info)
{
	char cmd[600], path[600] = "";
	snprintf(cmd, sizeof cmd, "ls %s/finished/*-%s.rec 2>/dev/null", state, name);
	FILE *p = popen(cmd, "r");
	if (!p || !fgets(path, sizeof path, p)) {
		if (p)
			pclose(p);
		return 0;
	}
	pclose(p);
	path[strcspn(path, "\n")] = 0;
	int fd = open(path, O_RDONLY);
	char *text;
	size_t len;
	int ok = fd >= 0 && ng_record_read_fd(fd, &text, &len) == NG_OK;
	if (fd >= 0)
		close(fd);
	if (!ok)
		return 0;
	ok = ng_record_parse(text, len, g, info, NULL) == NG_OK;
	free(text);
	return ok;
}

static int same_moves(const ng_game *a, const ng_game *b)
{
	if (ng_game_ply(a) != ng_game_ply(b))
		return 0;
	for (int i = 0; i < ng_game_ply(a); i++)
		if (!ng_move_equal(ng_game_move_at(a, i), ng_game_move_at(b, i)))
			return 0;
	return 1;
}

/* --------------------------------------------------------------- games */

static void full_game(void)
{
	tc a, b, w;
	char line[600];
	CHECK(connect_unix(&a) && connect_unix(&b) && connect_unix(&w), "three connections");
	CHECK(answer_is(&a, "host g1 red", "ok seat red "), "host g1 red");
	CHECK(tc_expect(&a, "sync g1 rules=standard clock=none red=", line, sizeof line, 3000) &&
	      strstr(line, "blue=- moves=0") && strstr(line, "you=red"), "the host's sync: %s", line);
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error waiting"),
	      "no move before there is an opponent");
	CHECK(answer_is(&b, "host g1", "error game-exists"), "a second g1 is refused");
	CHECK(answer_is(&b, "games", "ok 1"), "games lists one game");
	CHECK(answer_is(&b, "join g1", "ok seat blue "), "the same login takes the free seat");
	CHECK(tc_expect(&a, "seated blue ", NULL, 0, 3000), "the host sees the opponent sit");
	CHECK(answer_is(&w, "watch g1", "ok watch"), "watch g1");
	CHECK(tc_expect(&w, "sync g1 ", line, sizeof line, 3000) && strstr(line, "you=watch"),
	      "the watcher's sync");
	CHECK(answer_is(&b, "move 2,-2>-1,1/-1,-1>-3,1", "error not-your-turn"),
	      "blue may not move first");
	CHECK(answer_is(&a, "move 9,9>9,8/1,1>2,2", "error illegal"), "an illegal move");
	CHECK(answer_is(&a, "move nonsense", "error illegal"), "a move that is not notation");
	CHECK(answer_is(&w, "move 2,-2>-1,1/-1,-1>-3,1", "error not-playing"),
	      "a watcher may not move");
	CHECK(answer_is(&w, "resign", "error not-playing"), "nor resign");

	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 5);
	ng_search_set_seed(s, 42);
	int moves_ok = 1;
	while (ng_game_result(g) == NG_NONE && ng_game_ply(g) < 300 && moves_ok) {
		int red = ng_pos_side(ng_game_pos(g)) == NG_RED;
		moves_ok = play(g, s, red ? &a : &b, red ? &b : &a, &w);
	}
	CHECK(moves_ok, "every move reached the opponent and the watcher");
	ng_result r = ng_game_result(g);
	CHECK(r == NG_RED_WINS || r == NG_BLUE_WINS, "the game ended in a win (%d)", (int)r);
	const char *want = r == NG_RED_WINS ? "over red rules" : "over blue rules";
	CHECK(tc_expect(&a, "over ", line, sizeof line, 3000) && !strcmp(line, want),
	      "red is told '%s': %s", want, line);
	CHECK(tc_expect(&b, "over ", line, sizeof line, 3000) && !strcmp(line, want), "blue too");
	CHECK(tc_expect(&w, "over ", line, sizeof line, 3000) && !strcmp(line, want), "the watcher too");
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error game-over"), "no move after the end");

	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(finished_record("g1", &rec, &info) && same_moves(rec, g) && info.result == r &&
	      !strcmp(ng_record_get(&info, "Mode") ? ng_record_get(&info, "Mode") : "", "online"),
	      "the finished record holds exactly the moves played and the result");
	if (rec)
		ng_game_free(rec);
	char path[400];
	snprintf(path, sizeof path, "%s/games/g1.rec", state);
	CHECK(access(path, F_OK) != 0, "and the game is no longer among the games on");
	CHECK(answer_is(&a, "leave", "ok") && answer_is(&b, "leave", "ok") &&
	      answer_is(&w, "leave", "ok"), "everyone leaves");
	CHECK(answer_is(&a, "games", "ok 0"), "once everyone left, the game is gone");
	CHECK(answer_is(&a, "host g1 blue simple", "ok seat blue "), "its name can be used again");
	CHECK(answer_is(&a, "resign", "ok"), "resigning an open challenge takes it back");
	CHECK(answer_is(&a, "games", "ok 0"), "and it is gone");
	ng_search_free(s);
	ng_game_free(g);
	tc_close(&a);
	tc_close(&b);
	tc_close(&w);
}

static void refusals(void)
{
	tc a;
	CHECK(connect_unix(&a), "a connection");
	CHECK(answer_is(&a, "frobnicate", "error bad-command"), "an unknown command");
	CHECK(answer_is(&a, "host", "error bad-argument"), "host without a name");
	CHECK(answer_is(&a, "host bad/name", "error bad-argument"), "a name with a slash");
	CHECK(answer_is(&a, "host ..", "error bad-argument"), "a name beginning with a dot");
	CHECK(answer_is(&a, "host -x", "error bad-argument"), "or a hyphen");
	CHECK(answer_is(&a, "host 0123456789012345678901234567890123", "error bad-argument"),
	      "a name of 34 characters");
	CHECK(answer_is(&a, "host x red clock 0+5", "error bad-argument"), "a clock of 0 minutes");
	CHECK(answer_is(&a, "host x purple", "error bad-argument"), "an unknown word");
	CHECK(answer_is(&a, "join nosuch", "error no-game"), "join a game that is not there");
	CHECK(answer_is(&a, "watch nosuch", "error no-game"), "watch one");
	CHECK(answer_is(&a, "chat hi", "error not-in-game"), "chat outside a game");
	CHECK(answer_is(&a, "draw", "error not-playing"), "draw outside a game");
	CHECK(answer_is(&a, "claim", "error not-playing"), "claim outside a game");
	CHECK(answer_is(&a, "login 00 x", "error bad-command"), "login on a Unix socket");
	CHECK(answer_is(&a, "ping", "ok pong"), "ping");
	char line[256];
	tc_write(&a, "\n  \nping\n", 9);
	CHECK(tc_line(&a, line, sizeof line, 3000) > 0 && !strcmp(line, "ok pong"),
	      "empty lines get no answer: %s", line);
	CHECK(answer_is(&a, "quit", "ok bye") && tc_closed(&a, 3000), "quit closes");
	tc_close(&a);
}

/* Drop a player mid-game and come back; draw offers; claims. */
static void reconnect(void)
{
	tc a, b, b2, w;
	char line[600];
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 3);
	CHECK(connect_unix(&a) && connect_unix(&b) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host g2 red clock 5+2", "ok seat red "), "host a game with a clock");
	CHECK(answer_is(&b, "join g2", "ok seat blue "), "join it");
	CHECK(answer_is(&w, "watch g2", "ok watch"), "watch it");
	for (int i = 0; i < 5; i++)
		play(g, s, i % 2 ? &b : &a, i % 2 ? &a : &b, &w);
	CHECK(ng_game_ply(g) == 5, "five moves");
	tc_close(&b);
	CHECK(tc_expect(&a, "away ", line, sizeof line, 3000) && !strncmp(line, "away ", 5),
	      "the opponent is told the player is away");
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error not-your-turn"),
	      "it is still blue's turn");
	CHECK(connect_unix(&b2), "the player comes back");
	CHECK(answer_is(&b2, "join g2", "ok seat blue "), "join gives the same seat back");
	CHECK(tc_expect(&b2, "sync g2 ", line, sizeof line, 3000) && strstr(line, "moves=5") &&
	      strstr(line, "you=blue"), "with the game as it was: %s", line);
	int seen = 0;
	for (int i = 0; i < 5; i++)
		seen += tc_expect(&b2, "moved ", NULL, 0, 3000);
	CHECK(seen == 5, "and its five moves");
	CHECK(tc_expect(&b2, "clock ", line, sizeof line, 3000), "and the clocks: %s", line);
	CHECK(tc_expect(&a, "back ", NULL, 0, 3000), "the opponent is told it is back");
	CHECK(play(g, s, &b2, &a, &w), "the game goes on");

	/* draw offers: made, withdrawn by a move, made and accepted elsewhere */
	CHECK(answer_is(&a, "draw", "ok") && tc_expect(&b2, "offer draw ", NULL, 0, 3000),
	      "a draw offer reaches the opponent");
	CHECK(play(g, s, &a, &b2, &w), "a move (which withdraws the offer)");
	CHECK(play(g, s, &b2, &a, &w), "a move");

	/* claims: too early, then after the grace period (1 s with a clock) */
	tc_close(&b2);
	CHECK(tc_expect(&a, "away ", NULL, 0, 3000), "away again");
	CHECK(answer_is(&a, "claim", "error too-early"), "a claim within the grace period");
	tc_sleep_ms(1300);
	CHECK(answer_is(&a, "claim", "ok") && tc_expect(&a, "over red abandon", NULL, 0, 3000),
	      "a claim after it wins");
	CHECK(tc_expect(&w, "over red abandon", NULL, 0, 3000), "the watcher sees how");
	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(finished_record("g2", &rec, &info) && same_moves(rec, g) &&
	      !strcmp(ng_record_get(&info, "How") ? ng_record_get(&info, "How") : "", "abandon"),
	      "the record says so");
	if (rec)
		ng_game_free(rec);

	/* a draw by agreement, and resigning */
	tc c, d;
	CHECK(connect_unix(&c) && connect_unix(&d), "two more");
	CHECK(answer_is(&c, "host g3 blue", "ok seat blue") && answer_is(&d, "join g3", "ok seat red"),
	      "host as blue; the joiner is red");
	CHECK(answer_is(&c, "draw", "ok") && answer_is(&d, "draw", "ok") &&
	      tc_expect(&c, "over draw agreement", NULL, 0, 3000), "two offers make a draw");
	CHECK(answer_is(&c, "host g4", "ok seat") && answer_is(&d, "join g4", "ok seat"), "g4");
	CHECK(answer_is(&c, "resign", "ok") && tc_expect(&d, "over ", line, sizeof line, 3000) &&
	      strstr(line, " resign"), "resign: %s", line);
	/* taking back, by the opponent's consent */
	CHECK(answer_is(&c, "host g8 red", "ok seat") && answer_is(&d, "join g8", "ok seat"), "g8");
	CHECK(answer_is(&d, "takeback", "error nothing-to-undo"), "nothing to take back yet");
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok"), "red moves");
	CHECK(answer_is(&c, "takeback", "ok") && tc_expect(&d, "offer takeback ", NULL, 0, 3000),
	      "red asks to take it back; blue is asked");
	CHECK(answer_is(&d, "takeback", "ok") && tc_expect(&c, "undone 0", NULL, 0, 3000) &&
	      tc_expect(&d, "undone 0", NULL, 0, 3000), "blue agrees: the move is gone");
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok") &&
	      answer_is(&d, "move -2,2>-1,2/-2,2>-1,3", "ok") &&
	      answer_is(&c, "takeback", "ok") && answer_is(&d, "takeback", "ok") &&
	      tc_expect(&c, "undone 0", NULL, 0, 3000),
	      "after the reply, both moves go back to the asker's turn");
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok") && answer_is(&c, "takeback", "ok") &&
	      answer_is(&d, "move -2,2>-1,2/-2,2>-1,3", "ok") && answer_is(&d, "takeback", "ok") &&
	      tc_expect(&c, "offer takeback", NULL, 0, 3000),
	      "a move withdraws an asking (blue's takeback is a new one)");
	CHECK(answer_is(&c, "resign", "ok"), "resign g8");
	/* chat, and the same login's seat taken over by a newer connection */
	CHECK(answer_is(&c, "host g5", "ok seat") && answer_is(&d, "join g5", "ok seat"), "g5");
	CHECK(answer_is(&c, "chat héllo, wörld", "ok") &&
	      tc_expect(&d, "chat ", line, sizeof line, 3000) && strstr(line, " héllo, wörld"),
	      "chat reaches the opponent: %s", line);
	CHECK(answer_is(&c, "chat \x1b[2Jhi", "error bad-text"), "no escape in chat");
	CHECK(answer_is(&c, "chat \xe2\x80\xae" "evil", "error bad-text"), "no bidi override in chat");
	CHECK(answer_is(&c, "chat \xc2\x9b" "31m", "error bad-text"), "no C1 control in chat");
	tc e;
	CHECK(connect_unix(&e) && answer_is(&e, "join g5", "ok seat"),
	      "a third connection of the login takes a seat over");
	CHECK(tc_expect(&c, "detached ", NULL, 0, 3000) || tc_expect(&d, "detached ", NULL, 0, 3000),
	      "the older connection is told");
	tc_close(&a);
	tc_close(&w);
	tc_close(&c);
	tc_close(&d);
	tc_close(&e);
	ng_search_free(s);
	ng_game_free(g);
}

/* kill -9 the server mid-game; a new one has every game back. */
/* An open challenge whose host leaves is cancelled after the grace period
 * (1 s with a clock); one whose host comes back in time stays. */
static void expiry(void)
{
	tc a, a2, w;
	char line[600];
	CHECK(connect_unix(&a) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host gx red clock 5+2", "ok seat red "), "an open challenge");
	CHECK(answer_is(&w, "watch gx", "ok watch"), "watched");
	tc_close(&a);
	CHECK(tc_expect(&w, "away ", line, sizeof line, 3000), "its host leaves");
	CHECK(tc_expect(&w, "over none cancelled", NULL, 0, 4000),
	      "after the grace period the watcher sees it cancelled");
	CHECK(answer_is(&w, "watch gx", "error no-game"), "and it is gone");
	CHECK(log_has("game gx cancelled: its host left"), "the log says why");

	CHECK(connect_unix(&a), "again");
	CHECK(answer_is(&a, "host gy red clock 5+2", "ok seat red "), "another challenge");
	tc_close(&a);
	CHECK(connect_unix(&a2) && answer_is(&a2, "join gy", "ok seat red "),
	      "its host comes back at once");
	tc_sleep_ms(1500);
	CHECK(answer_is(&w, "watch gy", "ok watch"), "the challenge stays past the grace period");
	CHECK(answer_is(&a2, "resign", "ok"), "its host takes it back");
	CHECK(tc_expect(&w, "over none cancelled", NULL, 0, 3000), "cancelled then");
	CHECK(log_has("game gy cancelled: its host took it back"), "the log says why");
	tc_close(&a2);
	tc_close(&w);
}

static pid_t crash(pid_t pid)
{
	tc a, b;
	char line[600];
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 5);
	ng_search_set_seed(s, 7);
	CHECK(connect_unix(&a) && connect_unix(&b), "connections");
	CHECK(answer_is(&a, "host g6 red clock 10+0", "ok seat red") &&
	      answer_is(&b, "join g6", "ok seat blue"), "g6");
	for (int i = 0; i < 6; i++)
		play(g, s, i % 2 ? &b : &a, i % 2 ? &a : &b, NULL);
	srv_stop(pid, SIGKILL);
	CHECK(tc_closed(&a, 3000) && tc_closed(&b, 3000), "kill -9: the players are cut off");
	tc_close(&a);
	tc_close(&b);
	pid = start(2, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts again on the stale socket");
	CHECK(connect_unix(&a) && connect_unix(&b), "both come back");
	CHECK(answer_is(&a, "join g6", "ok seat red") &&
	      tc_expect(&a, "sync g6 ", line, sizeof line, 3000) && strstr(line, "moves=6") &&
	      strstr(line, "clock=10+0"), "red has its seat and the six moves: %s", line);
	CHECK(tc_expect(&a, "clock ", line, sizeof line, 3000) && atoll(line + 6) > 500000,
	      "and a clock that did not run while the server was down: %s", line);
	CHECK(answer_is(&b, "join g6", "ok seat blue") && tc_expect(&b, "clock ", NULL, 0, 3000),
	      "blue has its seat");
	while (ng_game_result(g) == NG_NONE && ng_game_ply(g) < 300) {
		int red = ng_pos_side(ng_game_pos(g)) == NG_RED;
		if (!play(g, s, red ? &a : &b, red ? &b : &a, NULL))
			break;
	}
	CHECK(ng_game_result(g) != NG_NONE, "and they finish the game");
	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(finished_record("g6", &rec, &info) && same_moves(rec, g), "no move was lost");
	if (rec)
		ng_game_free(rec);
	tc_close(&a);
	tc_close(&b);
	ng_search_free(s);
	ng_game_free(g);
	return pid;
}

/* ----------------------------------------------------------------- TCP */

static void tcp(int port)
{
	tc t, u;
	char key[64] = "", line[600], cmd[200], token[64];
	FILE *f;
	snprintf(line, sizeof line, "%s/key", state);
	struct stat st;
	CHECK(stat(line, &st) == 0 && (st.st_mode & 0777) == 0600, "the key file is mode 0600");
	f = fopen(line, "r");
	CHECK(f && fgets(key, sizeof key, f) && strlen(key) == 33, "the key is 32 hex digits");
	if (f)
		fclose(f);
	key[strcspn(key, "\n")] = 0;
	CHECK(port > 0 && tc_tcp(&t, port) == 0 && tc_expect(&t, "hello nonaga-online 1", NULL, 0, 3000),
	      "a TCP connection is greeted");
	CHECK(answer_is(&t, "games", "error login-required") && tc_closed(&t, 3000),
	      "without the key: refused, then closed");
	tc_close(&t);
	tc_tcp(&t, port);
	CHECK(answer_is(&t, "login 0123456789abcdef0123456789abcdef alice", "error key-refused") &&
	      tc_closed(&t, 3000), "a wrong key: refused, then closed");
	tc_close(&t);
	tc_tcp(&t, port);
	snprintf(cmd, sizeof cmd, "login %s bad/name", key);
	CHECK(answer_is(&t, cmd, "error bad-argument"), "the right key, a bad name");
	snprintf(cmd, sizeof cmd, "login %s alice", key);
	CHECK(tc_send(&t, "%s", cmd) == 0 && tc_expect(&t, "welcome alice", NULL, 0, 3000),
	      "the right key: welcome");
	CHECK(answer_is(&t, "host t1 red", "ok seat red ") , "alice hosts t1");
	tc_close(&t);
	tc_tcp(&u, port);
	snprintf(cmd, sizeof cmd, "login %s bob", key);
	tc_send(&u, "%s", cmd);
	tc_expect(&u, "welcome", NULL, 0, 3000);
	CHECK(tc_ask(&u, line, sizeof line, "join t1") && sscanf(line, "ok seat blue %63s", token) == 1,
	      "bob takes the free seat");
	tc_close(&u);
	tc_tcp(&u, port);
	snprintf(cmd, sizeof cmd, "login %s mallory", key);
	tc_send(&u, "%s", cmd);
	tc_expect(&u, "welcome", NULL, 0, 3000);
	CHECK(answer_is(&u, "join t1", "error game-full"), "over TCP a name alone gives no seat");
	CHECK(answer_is(&u, "join t1 00000000000000000000000000000000", "error bad-token"),
	      "nor does a wrong token");
	snprintf(cmd, sizeof cmd, "join t1 %s", token);
	CHECK(answer_is(&u, cmd, "ok seat blue"), "the seat's token gives it back");
	tc_close(&u);
}

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
	CHECK(play(g, s, r, o, NULL) && play(g, s, o, r, NULL), "still works");
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
	for (int i = 0; i < 20; i++)
		ok &= tc_unix(&c[i], s2) == 0 && tc_expect(&c[i], "welcome", NULL, 0, 3000);
	CHECK(ok, "20 connections");
	CHECK(tc_unix(&c[20], s2) == 0 && tc_expect(&c[20], "error busy", NULL, 0, 3000) &&
	      tc_closed(&c[20], 3000), "the 21st is told the server is busy, and closed");
	tc_close(&c[20]);
	CHECK(tc_closed(&c[0], 5000), "a silent client is closed after --idle");
	for (int i = 0; i < 20; i++)
		tc_close(&c[i]);
	tc t;
	CHECK(tc_tcp(&t, port) == 0 && tc_closed(&t, 5000), "so is a TCP client that never logs in");
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
	CHECK(WIFEXITED(st_code) && WEXITSTATUS(st_code) == 1 && log_has("") &&
	      file_has(lg, "others may use it"), "a directory others may use is refused");
	chmod(sub, 0700);
	unsetenv("XDG_RUNTIME_DIR");
}

int main(void)
{
	nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	snprintf(dir, sizeof dir, "/tmp/nonaga-server-test-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(sock, sizeof sock, "%s/s.sock", dir);
	snprintf(logpath, sizeof logpath, "%s/log", dir);
	snprintf(state, sizeof state, "%s/state", dir);
	signal(SIGPIPE, SIG_IGN);

	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0 && port > 0, "the server starts (unix and TCP)");
	if (pid > 0) {
		tc t;
		char line[256];
		CHECK(tc_unix(&t, sock) == 0 && tc_line(&t, line, sizeof line, 3000) > 0 &&
		      !strncmp(line, "hello nonaga-online 1 nonaga ", 29), "the greeting: %s", line);
		CHECK(tc_line(&t, line, sizeof line, 3000) > 0 && !strncmp(line, "welcome ", 8),
		      "a Unix socket names the user: %s", line);
		tc_close(&t);
		full_game();
		refusals();
		reconnect();
		expiry();
		tcp(port);
		pid = crash(pid);
		srv_stop(pid, SIGTERM);
		long_game();
		pid = start(3, NULL, NULL, &port);
		hostile(port);
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly after all that");
	}
	limits();
	directories();
	if (!tap_fail) {
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			return 1;
	} else {
		fprintf(stderr, "server log in %s\n", logpath);
	}
	return tests_done("server");
}
