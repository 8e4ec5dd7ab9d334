/*
 * server_test.c - `nonaga --serve' through its sockets, as nonaga(6),
 * ONLINE, describes it: a whole game between two connections to a win
 * with a third watching every move, each line compared with what it must
 * be; every refusal; reconnection after a dropped connection and after
 * kill -9 of the server, with the clocks exact; draw offers and take-backs
 * and their withdrawal by a move; resigning; the TCP key; the grace period
 * and claims; open challenges cancelled when their host leaves for
 * longer.  (The other commands: server_cmd_test.c; hostile clients and
 * limits: server_hostile_test.c.)  $NONAGA is the program (build/nonaga
 * by default).
 */
#include "srvtest.h"

/* --------------------------------------------------------------- games */

static void full_game(void)
{
	tc a, b, w, x;
	char line[600], want[600];
	CHECK(connect_unix(&a) && connect_unix(&b) && connect_unix(&w), "three connections");
	CHECK(answer_is(&a, "host g1 red", "ok seat red "), "host g1 red");
	snprintf(want, sizeof want, "sync g1 rules=standard clock=none red=%s blue=- moves=0 "
	         "result=none how=- you=red ratings=-:-", me);
	CHECK(tc_next(&a, want, line, sizeof line), "the host's sync: %s", line);
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error waiting"),
	      "no move before there is an opponent");
	CHECK(answer_is(&b, "host g1", "error game-exists"), "a second g1 is refused");
	snprintf(want, sizeof want, "game g1 standard none %s - 0 open ratings=-:- kind=human:-|ok 1", me);
	CHECK(list_is(&b, "games", "game ", want), "games lists g1, open, with its host as red");
	CHECK(answer_is(&b, "join g1", "ok seat blue "), "the same login takes the free seat");
	snprintf(want, sizeof want, "seated blue %s rating=-", me);
	CHECK(tc_next(&a, want, line, sizeof line), "the host sees the opponent sit: %s", line);
	snprintf(want, sizeof want, "game g1 standard none %s %s 0 playing ratings=-:- kind=human:human|ok 1", me, me);
	CHECK(list_is(&b, "games", "game ", want), "games: g1 is being played");
	CHECK(answer_is(&w, "watch g1", "ok watch"), "watch g1");
	snprintf(want, sizeof want, "sync g1 rules=standard clock=none red=%s blue=%s moves=0 "
	         "result=none how=- you=watch ratings=-:-", me, me);
	CHECK(tc_next(&w, want, line, sizeof line), "the watcher's sync: %s", line);
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
		moves_ok = play(g, s, red ? &a : &b, red ? &b : &a, &w, NULL);
	}
	CHECK(moves_ok, "every move reached the opponent and the watcher, as it was played");
	ng_result r = ng_game_result(g);
	CHECK(r == NG_RED_WINS || r == NG_BLUE_WINS, "the game ended in a win (%d)", (int)r);
	const char *over = r == NG_RED_WINS ? "over red rules" : "over blue rules";
	CHECK(tc_next(&a, over, line, sizeof line), "red is told '%s' next: %s", over, line);
	CHECK(tc_next(&b, over, line, sizeof line), "blue too: %s", line);
	CHECK(tc_next(&w, over, line, sizeof line), "the watcher too: %s", line);
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error game-over"), "no move after the end");
	snprintf(want, sizeof want, "game g1 standard none %s %s %d over ratings=-:- kind=human:human|ok 1", me, me,
	         ng_game_ply(g));
	CHECK(list_is(&a, "games", "game ", want), "games: g1 is over, after its %d moves", ng_game_ply(g));
	CHECK(connect_unix(&x) && answer_is(&x, "join g1", "error game-over"),
	      "a game that is over cannot be joined");
	CHECK(answer_is(&x, "watch g1", "ok watch"), "but can be watched");
	snprintf(want, sizeof want, "sync g1 rules=standard clock=none red=%s blue=%s moves=%d "
	         "result=%s how=rules you=watch ratings=-:-", me, me, ng_game_ply(g),
	         r == NG_RED_WINS ? "red" : "blue");
	CHECK(tc_next(&x, want, line, sizeof line) && sync_moves(&x, g),
	      "with its result and every move: %s", line);
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
	      answer_is(&w, "leave", "ok") && answer_is(&x, "leave", "ok"), "everyone leaves");
	CHECK(list_is(&a, "games", "game ", "ok 0"), "once everyone left, the game is gone");
	CHECK(answer_is(&a, "host g1 blue simple", "ok seat blue "), "its name can be used again");
	snprintf(want, sizeof want, "sync g1 rules=simple clock=none red=- blue=%s moves=0 "
	         "result=none how=- you=blue ratings=-:-", me);
	CHECK(tc_next(&a, want, line, sizeof line), "with the simple rules: %s", line);
	snprintf(want, sizeof want, "game g1 simple none - %s 0 open ratings=-:- kind=-:human|ok 1", me);
	CHECK(list_is(&b, "games", "game ", want), "games says so too");
	CHECK(answer_is(&a, "resign", "ok") && tc_next(&a, "over none cancelled", line, sizeof line),
	      "resigning an open challenge takes it back: %s", line);
	CHECK(list_is(&a, "games", "game ", "ok 0"), "and it is gone");
	ng_search_free(s);
	ng_game_free(g);
	tc_close(&a);
	tc_close(&b);
	tc_close(&w);
	tc_close(&x);
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

/* Drop a player mid-game and come back, its clock running; draw offers
 * withdrawn by a move; a claim after the grace period. */
static void reconnect(void)
{
	tc a, b, b2, w;
	char line[600], want[600];
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 3);
	clk k;
	clk_init(&k, 5, 2);
	CHECK(connect_unix(&a) && connect_unix(&b) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host g2 red clock 5+2", "ok seat red "), "host a game with a clock");
	snprintf(want, sizeof want, "sync g2 rules=standard clock=5+2 red=%s blue=- moves=0 "
	         "result=none how=- you=red ratings=-:-", me);
	CHECK(tc_next(&a, want, line, sizeof line) && tc_next(&a, "clock 300000 300000", line, sizeof line),
	      "its sync, with 5 minutes each: %s", line);
	int64_t t0 = tc_now();
	CHECK(answer_is(&b, "join g2", "ok seat blue "), "join it");
	clk_start(&k, t0, tc_now());
	CHECK(answer_is(&w, "watch g2", "ok watch"), "watch it");
	int moves_ok = 1;
	for (int i = 0; i < 5 && moves_ok; i++)
		moves_ok = play(g, s, i % 2 ? &b : &a, i % 2 ? &a : &b, &w, &k);
	CHECK(moves_ok && ng_game_ply(g) == 5,
	      "five moves, each charged to its mover less 2 s, the other clock unchanged");
	tc_close(&b);
	snprintf(want, sizeof want, "away %s 1 blue", me);
	CHECK(tc_next(&a, want, line, sizeof line), "the opponent is told blue is away: %s", line);
	CHECK(tc_next(&w, want, line, sizeof line), "and the watcher: %s", line);
	CHECK(answer_is(&a, "move 2,-2>-1,1/-1,-1>-3,1", "error not-your-turn"),
	      "it is still blue's turn");
	t0 = tc_now();
	CHECK(connect_unix(&b2), "the player comes back");
	CHECK(answer_is(&b2, "join g2", "ok seat blue "), "join gives the same seat back");
	snprintf(want, sizeof want, "sync g2 rules=standard clock=5+2 red=%s blue=%s moves=5 "
	         "result=none how=- you=blue ratings=-:-", me, me);
	CHECK(tc_next(&b2, want, line, sizeof line), "with the game as it was: %s", line);
	CHECK(sync_moves(&b2, g), "and its five moves");
	CHECK(tc_line(&b2, line, sizeof line, 3000) > 0 && clk_line(&k, line, NG_BLUE, t0, tc_now()),
	      "and the clocks of the last move, blue's run on while it was away: %s", line);
	snprintf(want, sizeof want, "back %s blue", me);
	CHECK(tc_next(&a, want, line, sizeof line), "the opponent is told it is back: %s", line);
	CHECK(tc_next(&w, want, line, sizeof line), "and the watcher: %s", line);
	CHECK(play(g, s, &b2, &a, &w, &k), "the game goes on, with blue's time away charged to it");

	/* draw offers: made, and withdrawn by the next move, either way */
	char red_offers[200], blue_offers[200];
	snprintf(red_offers, sizeof red_offers, "offer draw %s red", me);
	snprintf(blue_offers, sizeof blue_offers, "offer draw %s blue", me);
	CHECK(answer_is(&a, "draw", "ok") && tc_next(&b2, red_offers, line, sizeof line) &&
	      tc_next(&w, red_offers, line, sizeof line), "a draw offer reaches the opponent: %s",
	      line);
	CHECK(play(g, s, &a, &b2, &w, &k), "a move by the one who offered");
	CHECK(answer_is(&b2, "draw", "ok") && tc_next(&a, blue_offers, line, sizeof line),
	      "withdrew the offer: the opponent's draw is a new offer, not an agreement: %s", line);
	CHECK(play(g, s, &b2, &a, &w, &k), "a move by blue");
	CHECK(answer_is(&a, "draw", "ok") && tc_next(&b2, red_offers, line, sizeof line),
	      "withdrew blue's: %s", line);

	/* a claim after the grace period (1 s with a clock) */
	tc_close(&b2);
	snprintf(want, sizeof want, "away %s 1 blue", me);
	CHECK(tc_expect(&a, "away ", line, sizeof line, 3000) && !strcmp(line, want),
	      "away again: %s", line);
	tc_sleep_ms(1100);   /* after the away came: the server's grace is surely over */
	CHECK(answer_is(&a, "claim", "ok") && tc_next(&a, "over red abandon", line, sizeof line),
	      "a claim after it wins: %s", line);
	CHECK(tc_expect(&w, "over ", line, sizeof line, 3000) && !strcmp(line, "over red abandon"),
	      "the watcher sees how: %s", line);
	ng_game *rec = NULL;
	ng_record_info info;
	CHECK(finished_record("g2", &rec, &info) && same_moves(rec, g) &&
	      !strcmp(ng_record_get(&info, "How") ? ng_record_get(&info, "How") : "", "abandon"),
	      "the record says so");
	CHECK(rec && ng_record_get(&info, "Winner") && !strcmp(ng_record_get(&info, "Winner"), "red"),
	      "the record names red the winner: %s",
	      rec && ng_record_get(&info, "Winner") ? ng_record_get(&info, "Winner") : "none");
	if (rec)
		ng_game_free(rec);
	tc_close(&a);
	tc_close(&w);
	ng_search_free(s);
	ng_game_free(g);
}

/* A draw by agreement; resigning (the winner is the other seat); taking
 * back, and an asking withdrawn by a move; chat; the same login's seat
 * taken over by a newer connection. */
static void offers(void)
{
	tc c, d, e;
	char line[600], want[600], tok[2][40], etok[40];
	CHECK(connect_unix(&c) && connect_unix(&d), "two more");
	CHECK(answer_is(&c, "host g3 blue", "ok seat blue") && answer_is(&d, "join g3", "ok seat red"),
	      "host as blue; the joiner is red");
	CHECK(answer_is(&c, "draw", "ok") && answer_is(&d, "draw", "ok") &&
	      tc_expect(&c, "over ", line, sizeof line, 3000) && !strcmp(line, "over draw agreement") &&
	      tc_expect(&d, "over ", line, sizeof line, 3000) && !strcmp(line, "over draw agreement"),
	      "two offers make a draw: %s", line);

	CHECK(tc_ask(&c, line, sizeof line, "host g4"), "g4, its host's side drawn");
	int cs = seat_of(line, tok[0]);
	CHECK(cs >= 0 && tc_ask(&d, line, sizeof line, "join g4") && seat_of(line, tok[1]) == !cs,
	      "the joiner has the other seat: %s", line);
	snprintf(want, sizeof want, "over %s resign", cs == NG_RED ? "blue" : "red");
	CHECK(answer_is(&c, "resign", "ok") && tc_expect(&d, "over ", line, sizeof line, 3000) &&
	      !strcmp(line, want), "resign: '%s', not '%s'", line, want);
	CHECK(tc_expect(&c, "over ", line, sizeof line, 3000) && !strcmp(line, want),
	      "the one who resigned is told the same: %s", line);

	/* taking back, by the opponent's consent */
	char blue_asks[200];
	snprintf(want, sizeof want, "offer takeback %s red", me);
	snprintf(blue_asks, sizeof blue_asks, "offer takeback %s blue", me);
	CHECK(answer_is(&c, "host g8 red", "ok seat") && answer_is(&d, "join g8", "ok seat"), "g8");
	CHECK(answer_is(&d, "takeback", "error nothing-to-undo"), "nothing to take back yet");
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok"), "red moves");
	CHECK(answer_is(&c, "takeback", "ok") && tc_expect(&d, "moved 1 ", NULL, 0, 3000) &&
	      tc_next(&d, want, line, sizeof line), "red asks to take it back; blue is asked: %s", line);
	CHECK(answer_is(&d, "takeback", "ok") && tc_expect(&c, "undone ", line, sizeof line, 3000) &&
	      !strcmp(line, "undone 0") && tc_next(&d, "undone 0", line, sizeof line),
	      "blue agrees: the move is gone: %s", line);
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok") &&
	      answer_is(&d, "move -2,2>-1,2/-2,2>-1,3", "ok") &&
	      answer_is(&c, "takeback", "ok") && answer_is(&d, "takeback", "ok") &&
	      tc_expect(&c, "undone ", line, sizeof line, 3000) && !strcmp(line, "undone 0"),
	      "after the reply, both moves go back to the asker's turn: %s", line);
	CHECK(answer_is(&c, "move 2,-2>-1,1/-1,-1>-3,1", "ok") && answer_is(&c, "takeback", "ok") &&
	      tc_next(&c, want, line, sizeof line), "red asks again: %s", line);
	CHECK(answer_is(&d, "move -2,2>-1,2/-2,2>-1,3", "ok") &&
	      tc_next(&c, "moved 2 -2,2>-1,2/-2,2>-1,3", line, sizeof line), "blue moves: %s", line);
	CHECK(answer_is(&d, "takeback", "ok") && tc_next(&c, blue_asks, line, sizeof line),
	      "the move withdrew red's asking: blue's takeback is an asking of its own, "
	      "not an agreement: %s", line);
	CHECK(answer_is(&c, "takeback", "ok") && tc_next(&c, "undone 1", line, sizeof line),
	      "which red grants: back to blue's turn: %s", line);
	CHECK(answer_is(&c, "resign", "ok"), "resign g8");

	/* chat, and the same login's seat taken over by a newer connection */
	CHECK(tc_ask(&c, line, sizeof line, "host g5") && (cs = seat_of(line, tok[0])) >= 0 &&
	      tc_ask(&d, line, sizeof line, "join g5") && seat_of(line, tok[1]) == !cs, "g5");
	snprintf(want, sizeof want, "chat %s héllo, wörld", me);
	CHECK(answer_is(&c, "chat héllo, wörld", "ok") &&
	      tc_expect(&d, "chat ", line, sizeof line, 3000) && !strcmp(line, want),
	      "chat reaches the opponent: %s", line);
	CHECK(answer_is(&c, "chat \x1b[2Jhi", "error bad-text"), "no escape in chat");
	CHECK(answer_is(&c, "chat \xe2\x80\xae" "evil", "error bad-text"), "no bidi override in chat");
	CHECK(answer_is(&c, "chat \xc2\x9b" "31m", "error bad-text"), "no C1 control in chat");
	tc *red = cs == NG_RED ? &c : &d, *blue = cs == NG_RED ? &d : &c;
	CHECK(connect_unix(&e) && tc_ask(&e, line, sizeof line, "join g5") &&
	      seat_of(line, etok) == NG_RED && !strcmp(etok, tok[cs != NG_RED]),
	      "a third connection of the login takes the first seat, red, over: %s", line);
	CHECK(tc_expect(red, "detached ", line, sizeof line, 3000) &&
	      !strcmp(line, "detached replaced by a newer connection"),
	      "the connection that held red is told: %s", line);
	CHECK(answer_is(red, "move 2,-2>-1,1/-1,-1>-3,1", "error not-playing"),
	      "and holds no seat any more");
	CHECK(answer_is(blue, "takeback", "error nothing-to-undo"), "blue's connection keeps its seat");
	CHECK(answer_is(&e, "move 2,-2>-1,1/-1,-1>-3,1", "ok") &&
	      tc_expect(blue, "moved ", line, sizeof line, 3000) &&
	      !strcmp(line, "moved 1 2,-2>-1,1/-1,-1>-3,1"), "the new connection plays red: %s", line);
	tc_close(&c);
	tc_close(&d);
	tc_close(&e);
}

/* An open challenge whose host leaves is cancelled after the grace period
 * (1 s with a clock), not before. */
static void expiry(void)
{
	tc a, w;
	char line[600], want[300];
	CHECK(connect_unix(&a) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host gx red clock 5+2", "ok seat red "), "an open challenge");
	CHECK(answer_is(&w, "watch gx", "ok watch"), "watched");
	int64_t t0 = tc_now();
	tc_close(&a);
	snprintf(want, sizeof want, "away %s 1 red", me);
	CHECK(tc_expect(&w, "away ", line, sizeof line, 3000) && !strcmp(line, want),
	      "its host leaves: %s", line);
	CHECK(tc_next(&w, "over none cancelled", line, sizeof line),
	      "after the grace period the watcher sees it cancelled: %s", line);
	int64_t waited = tc_now() - t0;   /* (less libevent's rounding of timers) */
	CHECK(waited >= 950, "not before the grace period: after %lld ms", (long long)waited);
	CHECK(answer_is(&w, "watch gx", "error no-game"), "and it is gone");
	CHECK(log_has("game gx cancelled: its host left"), "the log says why");
	tc_close(&w);
}

/* One whose host comes back in time stays.  The server is stopped while
 * the host's connection closes and a new one asks to join, so that it sees
 * the two one after the other, however loaded the machine: "at once" is
 * then sure to be within the grace period. */
static void comeback(pid_t pid)
{
	tc a, a2, w;
	char line[600], want[300];
	CHECK(connect_unix(&a) && connect_unix(&w), "connections");
	CHECK(answer_is(&a, "host gy red clock 5+2", "ok seat red "), "another challenge");
	CHECK(answer_is(&w, "watch gy", "ok watch"), "watched");
	kill(pid, SIGSTOP);
	tc_close(&a);
	int sent = tc_unix(&a2, sock) == 0 && tc_send(&a2, "join gy") == 0;
	kill(pid, SIGCONT);
	CHECK(sent && tc_expect(&a2, "welcome ", NULL, 0, 3000) &&
	      tc_expect(&a2, "ok", line, sizeof line, 3000) && !strncmp(line, "ok seat red ", 12),
	      "its host comes back at once: %s", line);
	snprintf(want, sizeof want, "away %s 1 red", me);
	CHECK(tc_expect(&w, "away ", line, sizeof line, 3000) && !strcmp(line, want),
	      "the watcher saw it go: %s", line);
	snprintf(want, sizeof want, "back %s red", me);
	CHECK(tc_next(&w, want, line, sizeof line), "and come back: %s", line);
	tc_sleep_ms(1500);
	tc x;
	CHECK(connect_unix(&x) && answer_is(&x, "watch gy", "ok watch"),
	      "the challenge stays past the grace period");
	CHECK(answer_is(&a2, "resign", "ok"), "its host takes it back");
	CHECK(tc_next(&w, "over none cancelled", line, sizeof line), "cancelled then: %s", line);
	CHECK(log_has("game gy cancelled: its host took it back") &&
	      !log_has("game gy cancelled: its host left"), "the log says why");
	tc_close(&x);
	tc_close(&a2);
	tc_close(&w);
}

/* kill -9 the server mid-game; a new one has every game back, its clocks
 * as they were at the last move: they do not run while it is down. */
static pid_t crash(pid_t pid)
{
	tc a, b;
	char line[600], want[600];
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 5);
	ng_search_set_seed(s, 7);
	clk k;
	clk_init(&k, 10, 0);
	CHECK(connect_unix(&a) && connect_unix(&b), "connections");
	CHECK(answer_is(&a, "host g6 red clock 10+0", "ok seat red"), "g6");
	int64_t t0 = tc_now();
	CHECK(answer_is(&b, "join g6", "ok seat blue"), "joined");
	clk_start(&k, t0, tc_now());
	int moves_ok = 1;
	for (int i = 0; i < 6 && moves_ok; i++)
		moves_ok = play(g, s, i % 2 ? &b : &a, i % 2 ? &a : &b, NULL, &k);
	CHECK(moves_ok, "six moves, with the clocks");
	int64_t killed = tc_now();
	srv_stop(pid, SIGKILL);
	CHECK(tc_closed(&a, 3000) && tc_closed(&b, 3000), "kill -9: the players are cut off");
	tc_close(&a);
	tc_close(&b);
	tc_sleep_ms(1000);   /* a second down, which no clock may charge */
	int64_t restarted = tc_now();
	pid = start(2, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts again on the stale socket");
	CHECK(connect_unix(&a) && connect_unix(&b), "both come back");
	snprintf(want, sizeof want, "sync g6 rules=standard clock=10+0 red=%s blue=%s moves=6 "
	         "result=none how=- you=red ratings=-:-", me, me);
	t0 = tc_now();
	CHECK(answer_is(&a, "join g6", "ok seat red") && tc_next(&a, want, line, sizeof line) &&
	      sync_moves(&a, g), "red has its seat and the six moves: %s", line);
	/* Red's clock ran from the last move to its save, then from the load
	 * to the sync, never while the server was down; Blue's did not run. */
	long long t[2];
	int n = 0;
	int64_t now = tc_now();
	int got = tc_line(&a, line, sizeof line, 3000) > 0 &&
	          sscanf(line, "clock %lld %lld%n", &t[0], &t[1], &n) == 2 && !line[n];
	int64_t least = k.left[NG_RED] - (killed - k.lo) - (now - restarted) - 2;
	CHECK(got && t[NG_BLUE] == k.left[NG_BLUE] && t[NG_RED] <= k.left[NG_RED] &&
	      t[NG_RED] >= least, "a clock that did not run while the server was down: %s "
	      "(red %lld..%lld, blue %lld)", line, (long long)least, (long long)k.left[NG_RED],
	      (long long)k.left[NG_BLUE]);
	if (got) {   /* (the clock runs on from what the sync said) */
		k.left[NG_RED] = t[NG_RED];
		clk_start(&k, t0, now);
	}
	CHECK(answer_is(&b, "join g6", "ok seat blue") && tc_expect(&b, "clock ", line, sizeof line, 3000),
	      "blue has its seat");
	while (moves_ok && ng_game_result(g) == NG_NONE && ng_game_ply(g) < 300) {
		int red = ng_pos_side(ng_game_pos(g)) == NG_RED;
		moves_ok = play(g, s, red ? &a : &b, red ? &b : &a, NULL, &k);
	}
	CHECK(moves_ok && ng_game_result(g) != NG_NONE, "and they finish the game, clocks exact");
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

int main(void)
{
	if (srv_setup("server") < 0)
		return 1;
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
		offers();
		expiry();
		comeback(pid);
		tcp(port);
		pid = crash(pid);
		CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	}
	return srv_done("server");
}
