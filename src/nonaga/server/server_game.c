/*
 * server_game.c - the server's games: seats, watchers, moves checked by
 * libnonaga, clocks, the end of a game, and what everyone in a game is
 * told (see nonaga(6), ONLINE, for the messages).
 *
 * A seat belongs to a player by name once taken; when its connection goes
 * the seat is kept ("away") and the opponent may claim the win after the
 * grace period.  A clock runs for the side to move whenever both seats are
 * taken and the game is on, also while that player is away; it does not
 * run while the server is down.  A clock of days a move is for players
 * who come and go: each move gives the mover its days afresh, and nobody
 * is away (nobody is told of it, no win is claimed, an open challenge
 * waits the days): the game is lost on time only.
 */
#include "server.h"
#include "server_arena.h"
#include <event2/event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *side_word(int side)
{
	return side == NG_RED ? "red" : side == NG_BLUE ? "blue" : "watch";
}

const char *result_word(ng_result r)
{
	static const char *const w[] = { "none", "red", "blue", "draw" };
	return w[r];
}

sgame *game_find(server *s, const char *name)
{
	for (sgame *g = s->games; g; g = g->next)
		if (!strcmp(g->name, name))
			return g;
	return NULL;
}

static void on_flag(evutil_socket_t fd, short what, void *arg);
static void on_expire(evutil_socket_t fd, short what, void *arg);

sgame *game_new(server *s, const char *name, ng_rules rules, int min, int inc, int days)
{
	sgame *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->g = ng_game_new(rules);
	g->flag = event_new(s->base, -1, 0, on_flag, g);
	g->expire = event_new(s->base, -1, 0, on_expire, g);
	if (!g->g || !g->flag || !g->expire) {
		if (g->g)
			ng_game_free(g->g);
		if (g->flag)
			event_free(g->flag);
		if (g->expire)
			event_free(g->expire);
		free(g);
		return NULL;
	}
	g->srv = s;
	snprintf(g->name, sizeof g->name, "%s", name);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(g->date, sizeof g->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	g->clock_days = days;
	g->clock_min = days ? days * 1440 : min;
	g->clock_inc = days ? 0 : inc;
	g->left_ms[0] = g->left_ms[1] = (int64_t)g->clock_min * 60000;
	g->offer = g->takeback = -1;
	g->next = s->games;
	s->games = g;
	s->ngames++;
	return g;
}

sgame *game_restore(server *s, srec *r)
{
	ng_game *copy = ng_game_copy(r->g);
	sgame *g = copy ? game_new(s, r->name, ng_pos_rules(ng_game_pos(r->g)), r->clock_min,
	                           r->clock_inc, r->clock_days) : NULL;
	if (!g) {
		if (copy)
			ng_game_free(copy);
		server_log("out of memory for game %s", r->name);
		return NULL;
	}
	ng_game_free(g->g);
	g->g = copy;
	g->rec = r;
	snprintf(g->date, sizeof g->date, "%s", r->date);
	for (int i = 0; i < 2; i++) {
		snprintf(g->seat[i].name, sizeof g->seat[i].name, "%s", r->player[i]);
		snprintf(g->seat[i].token, sizeof g->seat[i].token, "%s", r->token[i]);
		g->left_ms[i] = r->left_ms[i];
		g->seat[i].away_ms = server_now_ms();
	}
	snprintf(g->invited, sizeof g->invited, "%s", r->invited);
	g->casual = r->casual;
	snprintf(g->event, sizeof g->event, "%s", r->event);
	g->offer = r->offer - 1;
	g->takeback = r->takeback - 1;
	game_start_clock(g);
	game_expire_later(g);
	return g;
}

void game_unlist(sgame *g)
{
	server *s = g->srv;
	for (sgame **p = &s->games; *p; p = &(*p)->next)
		if (*p == g) {
			*p = g->next;
			s->ngames--;
			break;
		}
	g->next = NULL;
	g->unlisted = 1;
}

void game_free(sgame *g)
{
	game_unlist(g);
	for (int i = 0; i < 2; i++)
		if (g->seat[i].c)
			g->seat[i].c->game = NULL;
	for (int i = 0; i < g->nwatch; i++)
		g->watch[i]->game = NULL;
	free(g->watch);
	event_free(g->flag);
	event_free(g->expire);
	ng_game_free(g->g);
	free(g);
}

int game_members(const sgame *g)
{
	return (g->seat[0].c != NULL) + (g->seat[1].c != NULL) + g->nwatch;
}

void game_broadcast(sgame *g, conn *except, const char *fmt, ...)
{
	char line[NET_LINE_MAX + 1];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	for (int i = 0; i < 2; i++)
		if (g->seat[i].c && g->seat[i].c != except)
			conn_send(g->seat[i].c, "%s", line);
	for (int i = 0; i < g->nwatch; i++)
		if (g->watch[i] != except)
			conn_send(g->watch[i], "%s", line);
}

/* ---------------------------------------------------------------- clocks */

int game_grace(const sgame *g)
{
	if (g->clock_days)
		return g->clock_days * 86400;
	return g->clock_min ? g->srv->opt.grace : 10 * g->srv->opt.grace;
}

int64_t game_left(const sgame *g, int side)
{
	int64_t left = g->left_ms[side];
	if (g->turn_ms && side == (int)ng_pos_side(ng_game_pos(g->g)))
		left -= server_now_ms() - g->turn_ms;
	return left > 0 ? left : 0;
}

static void arm_flag(sgame *g)
{
	int64_t left = game_left(g, ng_pos_side(ng_game_pos(g->g)));
	struct timeval tv = { (time_t)(left / 1000), (suseconds_t)(left % 1000 * 1000) };
	event_add(g->flag, &tv);
}

void game_start_clock(sgame *g)
{
	if (!g->clock_min || g->turn_ms || g->how[0] || !g->seat[0].name[0] ||
	    !g->seat[1].name[0])
		return;
	g->turn_ms = server_now_ms();
	arm_flag(g);
}

/* Stop the running clock, charging the side to move. */
static void stop_clock(sgame *g)
{
	if (!g->turn_ms)
		return;
	int side = ng_pos_side(ng_game_pos(g->g));
	g->left_ms[side] = game_left(g, side);
	g->turn_ms = 0;
	event_del(g->flag);
}

static void on_flag(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	sgame *g = arg;
	int side = ng_pos_side(ng_game_pos(g->g));
	if (g->how[0] || !g->turn_ms)
		return;
	if (game_left(g, side) > 0) {   /* woke early */
		arm_flag(g);
		return;
	}
	game_end(g, side == NG_RED ? NG_BLUE_WINS : NG_RED_WINS, "time");
}

/* The host of an open challenge (one seat taken, the other never), if
 * it is away: its side, else -1. */
static int host_away(const sgame *g)
{
	if (g->how[0])
		return -1;
	for (int i = 0; i < 2; i++)
		if (g->seat[i].name[0] && !g->seat[i].c && !g->seat[!i].name[0])
			return i;
	return -1;
}

void game_expire_later(sgame *g)
{
	int side = host_away(g);
	if (side < 0)
		return;
	int64_t left = (int64_t)game_grace(g) * 1000 -
	               (server_now_ms() - g->seat[side].away_ms);
	if (left < 0)
		left = 0;
	struct timeval tv = { (time_t)(left / 1000), (suseconds_t)(left % 1000) * 1000 };
	evtimer_add(g->expire, &tv);
}

static void on_expire(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	sgame *g = arg;
	/* (a host who came back and left again re-armed the timer) */
	if (host_away(g) >= 0)
		game_cancel(g, "its host left");
}

void game_cancel(sgame *g, const char *why)
{
	g->result = NG_NONE;
	snprintf(g->how, sizeof g->how, "cancelled");
	game_broadcast(g, NULL, "over none cancelled");
	server_log("game %s cancelled: %s", g->name, why);
	conn_lobby_changed(g->srv);
	store_forget(g);
	game_free(g);   /* its watchers are back in the lobby */
}

/* ---------------------------------------------------------------- members */

static void send_clock(sgame *g, conn *c)
{
	if (g->clock_min)
		conn_send(c, "clock %lld %lld", (long long)game_left(g, NG_RED),
		          (long long)game_left(g, NG_BLUE));
}

void game_sync(sgame *g, conn *c)
{
	char clock[32];
	game_clock_word(g->clock_min, g->clock_inc, g->clock_days, clock, sizeof clock);
	int n = ng_game_ply(g->g);
	char rated[2][32];
	for (int side = 0; side < 2; side++)
		ratings_word(g->srv, g->seat[side].name, rated[side], sizeof rated[side]);
	conn_send(c, "sync %s rules=%s clock=%s red=%s blue=%s moves=%d result=%s how=%s you=%s"
	          " ratings=%s:%s%s",
	          g->name, ng_rules_name(ng_pos_rules(ng_game_pos(g->g))),
	          clock, g->seat[0].name[0] ? g->seat[0].name : "-",
	          g->seat[1].name[0] ? g->seat[1].name : "-", n, result_word(g->result),
	          g->how[0] ? g->how : "-", side_word(c->role), rated[0], rated[1],
	          g->casual ? " rated=no" : "");
	for (int i = 0; i < n; i++) {
		char mv[NG_MOVE_TEXT];
		ng_move_format(ng_game_pos_at(g->g, i), ng_game_move_at(g->g, i), mv);
		conn_send(c, "moved %d %s", i + 1, mv);
	}
	send_clock(g, c);
	int64_t now = server_now_ms();
	for (int i = 0; i < 2; i++)
		if (g->seat[i].name[0] && !g->seat[i].c && !g->how[0] && !g->clock_days) {
			int64_t left = game_grace(g) - (now - g->seat[i].away_ms) / 1000;
			conn_send(c, "away %s %lld %s", g->seat[i].name, (long long)(left > 0 ? left : 0),
			          side_word(i));
		}
	if (g->offer >= 0)
		conn_send(c, "offer draw %s %s", g->seat[g->offer].name, side_word(g->offer));
	if (g->takeback >= 0)
		conn_send(c, "offer takeback %s %s", g->seat[g->takeback].name,
		          side_word(g->takeback));
}

int game_sit(sgame *g, conn *c, int side)
{
	seat *st = &g->seat[side];
	int was_away = st->name[0] && !st->c;
	if (st->c && st->c != c) {      /* the same player, from a new connection */
		conn *old = st->c;
		conn_send(old, "detached replaced by a newer connection");
		old->game = NULL;
		old->role = -1;
	}
	if (!st->token[0] && net_random_hex(st->token) < 0)
		return -1;
	int fresh = !st->name[0];
	snprintf(st->name, sizeof st->name, "%s", c->name);
	st->c = c;
	c->game = g;
	c->role = side;
	if (fresh) {
		char rated[32];
	ratings_word(g->srv, c->name, rated, sizeof rated);
	game_broadcast(g, c, "seated %s %s rating=%s", side_word(side), c->name, rated);
		store_seat(g, side);
		game_start_clock(g);
		if (g->turn_ms)   /* the clock starts now: everyone sees the same */
			game_broadcast(g, c, "clock %lld %lld", (long long)game_left(g, NG_RED),
			               (long long)game_left(g, NG_BLUE));
	} else if (was_away && !g->clock_days) {
		game_broadcast(g, c, "back %s %s", c->name, side_word(side));
	}
	return 0;
}

void game_watch(sgame *g, conn *c)
{
	if (g->nwatch == g->capwatch) {
		int cap = g->capwatch ? 2 * g->capwatch : 4;
		conn **w = realloc(g->watch, (size_t)cap * sizeof *w);
		if (!w) {
			conn_send(c, "error busy out of memory");
			return;
		}
		g->watch = w;
		g->capwatch = cap;
	}
	g->watch[g->nwatch++] = c;
	c->game = g;
	c->role = -1;
}

void game_leave(conn *c)
{
	sgame *g = c->game;
	if (!g)
		return;
	if (c->role >= 0) {
		seat *st = &g->seat[c->role];
		if (st->c == c) {
			st->c = NULL;
			st->away_ms = server_now_ms();
			if (!g->how[0] && !g->clock_days)
				game_broadcast(g, NULL, "away %s %d %s", st->name, game_grace(g),
				               side_word(c->role));
			game_expire_later(g);
		}
	} else {
		for (int i = 0; i < g->nwatch; i++)
			if (g->watch[i] == c) {
				g->watch[i] = g->watch[--g->nwatch];
				break;
			}
	}
	c->game = NULL;
	c->role = -1;
	if (g->how[0] && game_members(g) == 0)
		game_free(g);
}

/* ------------------------------------------------------------------ play */

void game_end(sgame *g, ng_result r, const char *how)
{
	stop_clock(g);
	g->result = r;
	snprintf(g->how, sizeof g->how, "%s", how);
	g->offer = -1;
	game_broadcast(g, NULL, "over %s %s", result_word(r), how);
	server_log("game %s over: %s (%s)", g->name, result_word(r), how);
	conn_lobby_changed(g->srv);   /* (also when a clock or the grace ran out) */
	ratings_game(g);
	store_end(g);
	arena_game_over(g);   /* (its result counted, its players waiting again) */
	if (game_members(g) == 0)
		game_free(g);
}

const char *game_check(sgame *g, conn *c, const char *text, ng_move *m,
                       char *why, size_t size)
{
	const ng_pos *pos = ng_game_pos(g->g);
	int side = ng_pos_side(pos);
	ng_err e;
	if (g->how[0])
		return snprintf(why, size, "the game is over"), "game-over";
	if (!g->seat[0].name[0] || !g->seat[1].name[0])
		return snprintf(why, size, "waiting for an opponent"), "waiting";
	if (c->role != side)
		return snprintf(why, size, "it is %s's turn", side_word(side)), "not-your-turn";
	if (g->clock_min && game_left(g, side) <= 0) {
		game_end(g, side == NG_RED ? NG_BLUE_WINS : NG_RED_WINS, "time");
		return snprintf(why, size, "your time ran out"), "game-over";
	}
	if ((e = ng_move_parse(pos, text, m)) != NG_OK || (e = ng_check_move(pos, *m)) != NG_OK)
		return snprintf(why, size, "%s", ng_strerror(e)), "illegal";
	return NULL;
}

void game_apply(sgame *g, ng_move m)
{
	int side = ng_pos_side(ng_game_pos(g->g));
	char mv[NG_MOVE_TEXT];
	ng_move_format(ng_game_pos(g->g), m, mv);
	/* The mover's clock stops before the move changes the side to move:
	 * stop_clock charges whoever is to move. */
	stop_clock(g);
	if (ng_game_play(g->g, m) != NG_OK) {   /* game_check said it is legal */
		game_start_clock(g);
		return;
	}
	int ply = ng_game_ply(g->g);
	g->offer = g->takeback = -1;
	if (g->clock_min) {
		if (g->clock_days)   /* the next move has its days afresh */
			g->left_ms[side] = (int64_t)g->clock_min * 60000;
		else
			g->left_ms[side] += (int64_t)g->clock_inc * 1000;
		game_broadcast(g, NULL, "moved %d %s %lld %lld", ply, mv, (long long)g->left_ms[0],
		               (long long)g->left_ms[1]);
	} else {
		game_broadcast(g, NULL, "moved %d %s", ply, mv);
	}
	store_move(g);
	ng_result r = ng_game_result(g->g);
	if (r != NG_NONE) {
		game_end(g, r, "rules");
		return;
	}
	game_start_clock(g);
}

/* A move made for the players before either has moved (a computer
 * match's opening, server_computer_match.c): journaled like any, but no
 * clock gives an increment for it, and the running clock is restarted
 * for the side to move after it. */
int game_opening_move(sgame *g, ng_move m)
{
	if (ng_game_ply(g->g) >= 2 || ng_game_result(g->g) != NG_NONE)
		return -1;
	stop_clock(g);
	int ok = ng_game_play(g->g, m) == NG_OK;
	if (ok)
		store_move(g);
	game_start_clock(g);
	return ok ? 0 : -1;
}

int game_takeback(sgame *g, int side)
{
	int ply = ng_game_ply(g->g), target = -1;
	for (int i = ply - 1; i >= 0; i--)
		if ((int)ng_pos_side(ng_game_pos_at(g->g, i)) == side) {
			target = i;
			break;
		}
	if (target < 0)
		return -1;
	stop_clock(g);
	while (ng_game_ply(g->g) > target)
		ng_game_undo(g->g);
	g->offer = g->takeback = -1;
	game_broadcast(g, NULL, "undone %d", target);
	if (g->clock_min)
		game_broadcast(g, NULL, "clock %lld %lld", (long long)g->left_ms[0],
		               (long long)g->left_ms[1]);
	store_undo(g);
	game_start_clock(g);
	return 0;
}
