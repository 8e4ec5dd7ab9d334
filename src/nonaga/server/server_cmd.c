/*
 * server_cmd.c - the commands of the online protocol about the connection
 * (login, quit, ping, lobby), the lists (who, games, mine) and the games
 * (host, join, watch, leave, move, resign, draw, takeback, claim), one
 * function each, called by server_cmds.c's table with as many words as
 * their rows allow (nonaga(6), ONLINE, is their contract).  Every command
 * is answered with exactly one line, "ok ..." or "error CODE TEXT"; lists
 * come before the "ok N" that ends them; a sync comes after the "ok" of
 * host, join and watch.
 */
#include "server.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int bad(conn *c, const char *code, const char *why)
{
	conn_send(c, "error %s %s", code, why);
	return 0;
}

/* A constant-time comparison of keys. */
static int same_key(const char *a, const char *b)
{
	size_t n = strlen(b);
	unsigned d = strlen(a) != n;
	for (size_t i = 0; i < n; i++)
		d |= (unsigned)(a[i] ^ b[i]) * (a[i] != 0);
	return !d && strlen(a) == n;
}

void cmd_login(conn *c, char **w, int n)
{
	(void)n;
	if (c->authed) {
		bad(c, "bad-command", "already logged in");
		return;
	}
	if (!same_key(w[1], c->srv->key)) {
		server_log("client %lu: wrong key, closed", c->id);
		bad(c, "key-refused", "the key is wrong; closing");
		conn_close_after(c);
		return;
	}
	if (!net_name_ok(w[2])) {
		bad(c, "bad-argument", "a name is 1 to 32 of A-Z a-z 0-9 _ . -, "
		    "not beginning with . or -");
		return;
	}
	int r = owners_tcp(c->srv, w[2], c->name, sizeof c->name);
	if (r < 0) {
		c->name[0] = 0;
		if (r == -1)
			bad(c, "name-taken", "that name is another player's on this server (an "
			    "account's or an SSH door player's); choose another");
		else
			bad(c, "server-error", "the server cannot keep a new name now; try later");
		return;
	}
	conn_authed(c);
	conn_send(c, "welcome %s", c->name);
}

void cmd_quit(conn *c, char **w, int n)
{
	(void)w, (void)n;
	server_log("client %lu (%s) quits", c->id, c->authed ? c->name : "-");
	conn_send(c, "ok bye");
	conn_close_after(c);
}

void cmd_ping(conn *c, char **w, int n)
{
	(void)w, (void)n;
	conn_send(c, "ok pong");
}

void cmd_who(conn *c, char **w, int n_words)
{
	(void)w, (void)n_words;
	int n = 0;
	char line[NET_LINE_MAX + 1];
	for (conn *o = c->srv->conns; o; o = o->next)
		if (o->authed && !o->dead) {
			lobby_user_line(o, line, sizeof line);
			conn_send(c, "%s", line);
			n++;
		}
	n += computers_who(c);
	conn_send(c, "ok %d", n);
}

/* An invitation from a player c ignores is not shown to c. */
static int hidden_invitation(conn *c, const sgame *g)
{
	return lobby_hidden(c, g->invited, g->seat[0].name, g->seat[1].name);
}

void cmd_games(conn *c, char **w, int n_words)
{
	(void)w, (void)n_words;
	int n = 0;
	char line[NET_LINE_MAX + 1];
	for (sgame *g = c->srv->games; g; g = g->next) {
		if (hidden_invitation(c, g))
			continue;
		n++;
		lobby_game_line(c->srv, g, line, sizeof line);
		conn_send(c, "%s", line);
	}
	conn_send(c, "ok %d", n);
}

/* The games of c's player not over yet: "mine NAME SIDE OPPONENT TO-MOVE
 * CLOCK MS" (MS: the time left to the side to move, -1 without a clock),
 * and the invitations to it, the same with SIDE the free seat and the
 * word "invited" after; then "ok N".  What `nonaga --list' and the title
 * menu show. */
void cmd_mine(conn *c, char **w, int n_words)
{
	(void)w, (void)n_words;
	int n = 0;
	for (sgame *g = c->srv->games; g; g = g->next) {
		int side = !strcmp(g->seat[0].name, c->name) ? NG_RED
		           : !strcmp(g->seat[1].name, c->name) ? NG_BLUE : -1;
		int invited = side < 0 && g->invited[0] && !strcmp(g->invited, c->name) &&
		              !hidden_invitation(c, g);
		if (invited)
			side = g->seat[0].name[0] ? NG_BLUE : NG_RED;   /* the free seat */
		if (side < 0 || g->how[0])
			continue;
		int tomove = ng_pos_side(ng_game_pos(g->g));
		const char *op = g->seat[!side].name;
		char clock[32];
		game_clock_word(g->clock_min, g->clock_inc, g->clock_days, clock, sizeof clock);
		conn_send(c, "mine %s %s %s %s %s %lld%s", g->name, side_word(side), op[0] ? op : "-",
		          side_word(tomove), clock,
		          g->clock_min ? (long long)game_left(g, tomove) : -1LL,
		          invited ? " invited" : "");
		n++;
	}
	conn_send(c, "ok %d", n);
}

/* May c make a change the journal must keep?  Not when the disk has no
 * room for it (store_room): c is told why, and nothing changes, so that
 * nobody else hears of it. */
static int room(conn *c)
{
	if (store_room(c->srv) == 0)
		return 1;
	conn_refuse_write(c);
	return 0;
}

void conn_refuse_write(conn *c)
{
	char why[160];
	int full = errno == ENOSPC || errno == EDQUOT;
	snprintf(why, sizeof why, full ? "the server's disk is full, so it cannot keep this: "
	         "nothing was changed; try again later" : "the server cannot write to its disk "
	         "(%s), so it cannot keep this: nothing was changed; try again later",
	         strerror(errno));
	bad(c, full ? "disk-full" : "disk-error", why);
}

static void seated(conn *c, sgame *g, int side)
{
	if (game_sit(g, c, side) < 0) {
		bad(c, "busy", "cannot make a seat token");
		return;
	}
	conn_send(c, "ok seat %s %s", side_word(side), g->seat[side].token);
	game_sync(g, c);
}

/* A game's name as the protocol allows it (and so safe to repeat in an
 * answer); else refused. */
static int game_name_ok(conn *c, const char *name)
{
	if (net_name_ok(name))
		return 1;
	return bad(c, "bad-argument", "a game's name is 1 to 32 of A-Z a-z 0-9 _ . -, "
	           "not beginning with . or -");
}

/* The games on that name has a seat in. */
int games_open(const server *s, const char *name)
{
	int n = 0;
	for (const sgame *g = s->games; g; g = g->next)
		n += !g->how[0] && (!strcmp(g->seat[0].name, name) ||
		                    !strcmp(g->seat[1].name, name));
	return n;
}

void cmd_host(conn *c, char **w, int n)
{
	int side = -1, min = 0, inc = 0, days = 0;
	ng_rules rules = NG_STANDARD;
	const char *invited = "";
	if (!game_name_ok(c, w[1]))
		return;
	for (int i = 2; i < n; i++) {
		if (!strcmp(w[i], "red") || !strcmp(w[i], "blue"))
			side = w[i][0] == 'r' ? NG_RED : NG_BLUE;
		else if (!strcmp(w[i], "random"))
			side = -1;
		else if (!strcmp(w[i], "standard") || !strcmp(w[i], "simple"))
			rules = w[i][1] == 't' ? NG_STANDARD : NG_SIMPLE;
		else if (!strcmp(w[i], "clock") && i + 1 < n &&
		         game_parse_clock(w[i + 1], &min, &inc, &days) == 0)
			i++;
		else if (!strcmp(w[i], "for") && i + 1 < n && net_name_ok(w[i + 1]))
			invited = w[++i];
		else {
			bad(c, "bad-argument", "use: host NAME [red|blue|random] [standard|simple] "
			    "[clock M+I|clock Dd] [for LOGIN] (M 1-180 minutes, I 0-180 seconds, "
			    "D 1-30 days a move)");
			return;
		}
	}
	sgame *old = game_find(c->srv, w[1]);
	if (old && !old->how[0]) {
		char why[96];
		snprintf(why, sizeof why, "a game named %s is on; choose another name", w[1]);
		bad(c, "game-exists", why);
		return;
	}
	if (c->srv->ngames >= (c->srv->opt.max_games ? c->srv->opt.max_games : SERVER_GAMES_MAX)) {
		bad(c, "busy", "the server has too many games");
		return;
	}
	if (games_open(c->srv, c->name) >= GAMES_OPEN_MAX) {
		char why[96];
		snprintf(why, sizeof why, "you have %d games open: finish one first",
		         GAMES_OPEN_MAX);
		bad(c, "too-many-games", why);
		return;
	}
	if (!room(c))
		return;
	if (side < 0) {
		char r[NET_KEY_HEX + 1];
		side = net_random_hex(r) == 0 && (r[0] & 1) ? NG_BLUE : NG_RED;
	}
	game_leave(c);   /* (which may free old) */
	if ((old = game_find(c->srv, w[1])))
		game_unlist(old);   /* a finished game does not keep its name */
	sgame *g = game_new(c->srv, w[1], rules, min, inc, days);
	if (!g) {
		bad(c, "busy", "out of memory");
		return;
	}
	snprintf(g->invited, sizeof g->invited, "%s", invited);
	server_log("%s hosts %s%s%s", c->name, g->name, invited[0] ? " for " : "", invited);
	seated(c, g, side);
	/* the invited player is told at once, wherever it is */
	for (conn *o = c->srv->conns; o && invited[0]; o = o->next)
		if (o->authed && !o->dead && !strcmp(o->name, invited) && o != c &&
		    !conn_ignores(o, c->name))
			conn_send(o, "invited %s %s", c->name, g->name);
}

/* May c's player take a free seat of g?  Not of a game for another. */
static int may_sit(const conn *c, const sgame *g)
{
	return !g->invited[0] || !strcmp(g->invited, c->name);
}

/* The seat a join takes: the one the token names; the side asked for
 * when it is free or (on a Unix socket) the player's own; on a Unix socket
 * (where names are sure) the player's own seat while away, else a free
 * seat, else the player's own seat from another connection.  -1: none. */
static int seat_for(conn *c, sgame *g, const char *token, int want)
{
	if (want >= 0) {
		seat *st = &g->seat[want];
		return (!st->name[0] && may_sit(c, g)) || (!c->tcp && !strcmp(st->name, c->name) && st->c != c)
		       ? want : -1;
	}
	if (token) {
		for (int i = 0; i < 2; i++)
			if (!strcmp(g->seat[i].token, token))
				return i;
		return -1;
	}
	if (!c->tcp)
		for (int i = 0; i < 2; i++)
			if (!strcmp(g->seat[i].name, c->name) && !g->seat[i].c)
				return i;
	for (int i = 0; i < 2 && may_sit(c, g); i++)
		if (!g->seat[i].name[0])
			return i;
	if (!c->tcp)
		for (int i = 0; i < 2; i++)
			if (!strcmp(g->seat[i].name, c->name) && g->seat[i].c != c)
				return i;
	return -1;
}

void cmd_join(conn *c, char **w, int n)
{
	char why[128];
	if (!game_name_ok(c, w[1]))
		return;
	sgame *g = game_find(c->srv, w[1]);
	if (!g) {
		snprintf(why, sizeof why, "there is no game named %s", w[1]);
		bad(c, "no-game", why);
		return;
	}
	if (g->how[0]) {
		snprintf(why, sizeof why, "the game %s is over", g->name);
		bad(c, "game-over", why);
		return;
	}
	int want = n == 3 && !strcmp(w[2], "red") ? NG_RED
	         : n == 3 && !strcmp(w[2], "blue") ? NG_BLUE : -1;
	if (c->game == g && c->role >= 0 && (want < 0 || want == c->role)) {
		seated(c, g, c->role);
		return;
	}
	const char *token = n == 3 && want < 0 ? w[2] : NULL;
	int side = seat_for(c, g, token, want);
	if (side < 0) {
		int open_seat = !g->seat[0].name[0] || !g->seat[1].name[0];
		if (!token && open_seat && !may_sit(c, g)) {
			snprintf(why, sizeof why, "%s is for %s only", g->name, g->invited);
			bad(c, "invited", why);
			return;
		}
		if (token)
			snprintf(why, sizeof why, "that token holds no seat of %s", g->name);
		else if (want >= 0)
			snprintf(why, sizeof why, "the %s seat of %s is %s's", side_word(want),
			         g->name, g->seat[want].name);
		else
			snprintf(why, sizeof why, "both seats of %s are taken", g->name);
		bad(c, token ? "bad-token" : "game-full", why);
		return;
	}
	if (!g->seat[side].name[0] && !room(c))
		return;
	server_log("%s %s %s as %s", c->name, g->seat[side].name[0] ? "returns to" : "joins",
	           g->name, side_word(side));
	/* another game, watching this one, or its other seat (g is on: not
	 * freed) */
	game_leave(c);
	seated(c, g, side);
}

void cmd_watch(conn *c, char **w, int n)
{
	(void)n;
	if (!game_name_ok(c, w[1]))
		return;
	sgame *g = game_find(c->srv, w[1]);
	if (!g) {
		char why[96];
		snprintf(why, sizeof why, "there is no game named %s", w[1]);
		bad(c, "no-game", why);
		return;
	}
	if (c->game != g) {
		game_leave(c);
		game_watch(g, c);
	}
	conn_send(c, "ok watch");
	game_sync(g, c);
}

/* The game c plays, or NULL after saying why not. */
static sgame *playing(conn *c)
{
	if (!c->game || c->role < 0) {
		bad(c, "not-playing", "you hold no seat: host or join a game first");
		return NULL;
	}
	if (c->game->how[0]) {
		bad(c, "game-over", "the game is over");
		return NULL;
	}
	return c->game;
}

void cmd_move(conn *c, char **w, int n)
{
	sgame *g = playing(c);
	char why[128];
	(void)n;
	if (!g)
		return;
	ng_move m;
	const char *code = game_check(g, c, w[1], &m, why, sizeof why);
	if (code) {
		bad(c, code, why);
		return;
	}
	if (!room(c))
		return;
	conn_send(c, "ok");   /* before what the move makes happen */
	game_apply(g, m);
}

void cmd_resign(conn *c, char **w, int n)
{
	(void)w, (void)n;
	sgame *g = playing(c);
	if (!g || !room(c))
		return;
	int other = !c->role;
	if (!g->seat[other].name[0]) {   /* nobody came: take the challenge back */
		conn_send(c, "ok");
		game_cancel(g, "its host took it back");
		return;
	}
	conn_send(c, "ok");
	server_log("%s resigns %s as %s", c->name, g->name, side_word(c->role));
	game_end(g, other == NG_RED ? NG_RED_WINS : NG_BLUE_WINS, "resign");
}

void cmd_draw(conn *c, char **w, int n)
{
	(void)w, (void)n;
	sgame *g = playing(c);
	if (!g)
		return;
	if (!g->seat[!c->role].name[0]) {
		bad(c, "waiting", "waiting for an opponent");
		return;
	}
	if (!room(c))
		return;
	conn_send(c, "ok");
	if (g->offer == !c->role) {
		server_log("%s accepts a draw in %s as %s", c->name, g->name, side_word(c->role));
		game_end(g, NG_DRAW, "agreement");
	} else if (g->offer != c->role) {
		g->offer = c->role;
		server_log("%s offers a draw in %s as %s", c->name, g->name, side_word(c->role));
		game_broadcast(g, NULL, "offer draw %s %s", c->name, side_word(c->role));
		store_offers(g);
	}
}

/* Asking to take back one's last move, or agreeing to the opponent's
 * asking: the moves go back to where the asker was to move. */
void cmd_takeback(conn *c, char **w, int n)
{
	(void)w, (void)n;
	sgame *g = playing(c);
	if (!g)
		return;
	int other = !c->role;
	if (!g->seat[other].name[0]) {
		bad(c, "waiting", "waiting for an opponent");
		return;
	}
	if (g->takeback == other) {
		int asker = other;
		if (!room(c))
			return;
		conn_send(c, "ok");
		server_log("%s agrees to %s's take-back in %s as %s", c->name, side_word(asker),
		           g->name, side_word(c->role));
		if (game_takeback(g, asker) < 0)   /* (cannot happen: it had a move) */
			g->takeback = -1;
		return;
	}
	int mine = 0;
	for (int i = 0; i < ng_game_ply(g->g); i++)
		mine |= (int)ng_pos_side(ng_game_pos_at(g->g, i)) == c->role;
	if (!mine) {
		bad(c, "nothing-to-undo", "you have not moved yet");
		return;
	}
	if (!room(c))
		return;
	conn_send(c, "ok");
	if (g->takeback != c->role) {
		g->takeback = c->role;
		server_log("%s asks to take back in %s as %s", c->name, g->name,
		           side_word(c->role));
		game_broadcast(g, NULL, "offer takeback %s %s", c->name, side_word(c->role));
		store_offers(g);
	}
}

void cmd_claim(conn *c, char **w, int n)
{
	(void)w, (void)n;
	sgame *g = playing(c);
	if (!g)
		return;
	seat *op = &g->seat[!c->role];
	if (g->clock_days) {
		bad(c, "no-claim", "in a game of days a move nobody is away: it is won on time");
		return;
	}
	if (!op->name[0] || op->c) {
		bad(c, "not-away", "your opponent is here");
		return;
	}
	int64_t waited = (server_now_ms() - op->away_ms) / 1000;
	if (waited < game_grace(g)) {
		char why[96];
		snprintf(why, sizeof why, "%s may come back for %lld more seconds", op->name,
		         (long long)(game_grace(g) - waited));
		bad(c, "too-early", why);
		return;
	}
	if (!room(c))
		return;
	conn_send(c, "ok");
	server_log("%s claims %s as %s", c->name, g->name, side_word(c->role));
	game_end(g, c->role == NG_RED ? NG_RED_WINS : NG_BLUE_WINS, "abandon");
}

void cmd_leave(conn *c, char **w, int n)
{
	(void)w, (void)n;
	if (c->game)
		server_log("%s leaves %s (%s)", c->name, c->game->name, side_word(c->role));
	game_leave(c);
	conn_send(c, "ok");
}
