/*
 * server_arena_play.c - an arena's life: its own clock (a second at a
 * time, each kept in the journal, so that a restart goes on from where
 * it was and the time the server was down is not counted), its pairing
 * rounds and its end.
 *
 * Pairing is lichess's arena's: a player who is entered, connected and
 * not playing waits; whenever some wait, the waiting are taken in the
 * order of the standings and each is paired with the waiting player
 * nearest it there (the better placed when two are as near), never with
 * its last opponent while another is waiting: two who just played each
 * other and wait alone are paired again after ARENA_REMATCH_S seconds.
 * The one who played red less often (reds less blues) plays red, the
 * better placed when even.  No game starts in the arena's last moments
 * (its last ARENA_LAST_S seconds or its last tenth, whichever is less).
 * A game still on at the end goes on, but no longer counts.  At the end
 * everyone entered is told `arena-over NAME WINNER'.
 */
#include "server_arena.h"
#include "server_entry.h"
#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long last_moments(const arena *a)
{
	long tenth = 6L * a->minutes;
	return tenth < ARENA_LAST_S ? tenth : ARENA_LAST_S;
}

/* Is p playing a game of a not over? */
static int playing(const arena *a, const arena_player *p)
{
	sgame *g = p->game[0] ? game_find(a->srv, p->game) : NULL;
	return g && !g->how[0] && !strcmp(g->event, a->name);
}

static int waiting(const arena *a, const arena_player *p)
{
	const conn *c = p->c;
	return p->entered && c && !c->dead && !c->closing && !playing(a, p) &&
	       !(c->game && c->role >= 0 && !c->game->how[0]) &&
	       games_open(a->srv, p->name) < GAMES_OPEN_MAX;
}

static void start_game(arena *a, arena_player *x, arena_player *y)
{
	server *s = a->srv;
	int xb = x->reds - x->blues, yb = y->reds - y->blues;
	arena_player *red = yb < xb ? y : x, *blue = red == x ? y : x;
	if (store_room(s) < 0)
		return;   /* (tried again at the next second) */
	sgame *g = seek_game(red->c, a->rules, a->min, a->inc, 0);
	if (!g)
		return;
	snprintf(g->event, sizeof g->event, "%s", a->name);
	conn *rc = red->c, *bc = blue->c;
	if (pair_sit(rc, g, NG_RED, blue->name) < 0 || pair_sit(bc, g, NG_BLUE, red->name) < 0) {
		game_cancel(g, "no seat token");
		return;
	}
	server_log("arena %s: %s and %s paired in %s", a->name, red->name, blue->name, g->name);
	store_put(s, "arena-pair %s %s %s %s", a->name, g->name, red->name, blue->name);
	game_sync(g, rc);
	game_sync(g, bc);
	conn_lobby_changed(s);
}

/* May x and y, who wait, play now? */
static int may_play(const arena *a, const arena_player *x, const arena_player *y, int others)
{
	if (strcmp(x->last, y->name) && strcmp(y->last, x->name))
		return 1;
	return !others && a->t - x->since >= ARENA_REMATCH_S && a->t - y->since >= ARENA_REMATCH_S;
}

static void pair_round(arena *a)
{
	if (!arena_started(a) || arena_over(a) || arena_left(a) <= last_moments(a))
		return;
	arena_player **v = arena_ranking(a);
	int *w = v ? malloc((size_t)a->np * sizeof *w + 1) : NULL, n = 0;
	for (int i = 0; w && i < a->np; i++)
		if (waiting(a, v[i]))
			w[n++] = i;
	for (int i = 0; i < n; i++) {
		if (w[i] < 0)
			continue;
		int best = -1, others = 0;
		for (int j = 0; j < n; j++)
			others += j != i && w[j] >= 0 && may_play(a, v[w[i]], v[w[j]], 1);
		for (int j = 0; j < n; j++) {
			if (j == i || w[j] < 0 || !may_play(a, v[w[i]], v[w[j]], others))
				continue;
			int d = abs(w[j] - w[i]), bd = best < 0 ? 0 : abs(w[best] - w[i]);
			if (best < 0 || d < bd)
				best = j;
		}
		if (best < 0)
			continue;
		start_game(a, v[w[i]], v[w[best]]);
		w[i] = w[best] = -1;
	}
	free(w);
	free(v);
}

static void finish(arena *a)
{
	server *s = a->srv;
	char winner[NET_NAME_MAX + 1];
	arena_winner(a, winner, sizeof winner);
	if (a->tick)
		event_del(a->tick);
	server_log("arena %s over: %s wins", a->name, winner);
	for (conn *c = s->conns; c; c = c->next) {
		arena_player *p = c->authed && !c->dead ? arena_player_of(a, c->name) : NULL;
		if (p && p->entered)
			conn_send(c, "arena-over %s %s", a->name, winner);
	}
	conn_lobby_changed(s);
}

static void on_tick(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	arena *a = arg;
	if (store_room(a->srv) < 0)
		return;   /* its clock waits for the disk */
	store_put(a->srv, "arena-clock %s %ld", a->name, a->t + 1);
	if (a->wait && a->t == a->wait)
		conn_lobby_changed(a->srv);   /* (started: the lobbies told) */
	if (arena_over(a))
		finish(a);
	else
		pair_round(a);
}

static void on_pairing(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	pair_round(arg);
}

void arena_pair_soon(arena *a)
{
	struct timeval now = { 0, 0 };
	if (!a->pairing)
		a->pairing = evtimer_new(a->srv->base, on_pairing, a);
	if (a->pairing)
		evtimer_add(a->pairing, &now);
}

/* Test-only (doc/hacking.md): NONAGA_TEST_ARENA_MS=N makes an arena's
 * second last N milliseconds, for test/arena_test.c. */
static struct timeval second(void)
{
	const char *ms = getenv("NONAGA_TEST_ARENA_MS");
	long k = ms ? atol(ms) : 1000;
	if (k < 10 || k > 1000)
		k = 1000;
	return (struct timeval){ k / 1000, (k % 1000) * 1000 };
}

int arena_run(server *s, arena *a)
{
	struct timeval tv = second();
	(void)s;
	if (arena_over(a))
		return 0;
	if (!a->tick && !(a->tick = event_new(a->srv->base, -1, EV_PERSIST, on_tick, a)))
		return -1;
	return event_add(a->tick, &tv);
}

void arenas_resume(server *s)
{
	for (arena *a = s->arenas ? s->arenas->list : NULL; a; a = a->next)
		if (arena_run(s, a) < 0)
			server_log("arena %s: cannot start its clock", a->name);
}

void arena_stop(arena *a)
{
	if (a->tick)
		event_free(a->tick);
	if (a->pairing)
		event_free(a->pairing);
	a->tick = a->pairing = NULL;
}

void arena_game_over(sgame *g)
{
	server *s = g->srv;
	arena *a = g->event[0] ? arena_find(s, g->event) : NULL;
	if (!a || arena_over(a) || g->result == NG_NONE)
		return;
	arena_player *r = arena_player_of(a, g->seat[0].name), *b = arena_player_of(a, g->seat[1].name);
	if (!r || !b || strcmp(r->game, g->name) || strcmp(b->game, g->name) || r->side != 0 ||
	    b->side != 1)
		return;
	store_put(s, "arena-score %s %s %s", a->name, g->name, ng_result_name(g->result));
	for (int side = 0; side < 2; side++) {
		arena_player *p = side ? b : r;
		if (g->seat[side].c && !g->seat[side].c->dead)
			p->c = g->seat[side].c;
		p->since = a->t;
	}
	arena_pair_soon(a);
}

void arena_conn_gone(conn *c)
{
	for (arena *a = c->srv->arenas ? c->srv->arenas->list : NULL; a; a = a->next)
		for (int i = 0; i < a->np; i++)
			if (a->p[i].c == c)
				a->p[i].c = NULL;
}
