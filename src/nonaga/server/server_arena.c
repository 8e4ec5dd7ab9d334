/*
 * server_arena.c - the arenas' commands (nonaga(6), ONLINE):
 *
 *   arena NAME MINUTES M+I [standard|simple]   one is made, starting now
 *   enter NAME, withdraw NAME                  a player in or out
 *   standings NAME                             "standing RANK PLAYER POINTS
 *                                              GAMES" lines, then "ok N"
 *   arenas                                     "arena NAME STATE SECONDS
 *                                              MINUTES CLOCK RULES PLAYERS
 *                                              WINNER games=N you=WHETHER"
 *                                              lines, then "ok N"
 *
 * and the administrator's --arena-schedule (arenas made every day at
 * fixed times, announced ARENA_ANNOUNCE_S before their start).  What
 * they change goes through the journal (server_arena_store.c); the
 * arena's clock and pairing are server_arena_play.c's.
 */
#include "server_arena.h"
#include "server_entry.h"
#include "server_schedule.h"
#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ARENA_ANNOUNCE_S 300   /* a scheduled arena is made this long before
                                * it starts, for players to enter */
#define SCHEDULE_CHECK_S 5


static int live(server *s)
{
	int n = 0;
	for (arena *a = s->arenas ? s->arenas->list : NULL; a; a = a->next)
		n += !arena_over(a);
	return n;
}

/* An arena made (its entry kept) and its clock started: NULL when it
 * cannot be (why in why). */
static arena *make(server *s, const char *name, int wait, int minutes, const char *clock,
                   ng_rules rules, char *why, size_t size)
{
	if (arena_find(s, name))
		return snprintf(why, size, "arena-exists there is an arena %s already", name), NULL;
	if (live(s) >= ARENAS_MAX)
		return snprintf(why, size, "busy the server has %d arenas on", ARENAS_MAX), NULL;
	if (store_room(s) < 0)
		return snprintf(why, size, "disk-full the server cannot keep an arena now; try "
		                "again later"), NULL;
	store_put(s, "arena-new %s %d %d %s %s", name, wait, minutes, clock, ng_rules_name(rules));
	arena *a = arena_find(s, name);
	if (!a || arena_run(s, a) < 0)
		return snprintf(why, size, "busy out of memory"), NULL;
	server_log("arena %s made: %d minutes of %s %s games%s", name, minutes, clock,
	           ng_rules_name(rules), wait ? ", starting later" : "");
	return a;
}

void cmd_arena(conn *c, char **w, int n)
{
	int min, inc, days;
	char *end, why[160];
	long minutes = strtol(w[2], &end, 10);
	ng_rules rules = NG_STANDARD;
	if (n == 5 && (!strcmp(w[4], "standard") || !strcmp(w[4], "simple")))
		rules = w[4][1] == 't' ? NG_STANDARD : NG_SIMPLE;
	else if (n == 5)
		minutes = 0;
	if (!net_name_ok(w[1]) || *end || w[2][0] == '+' || minutes < 1 ||
	    minutes > ARENA_MINUTES_MAX || game_parse_clock(w[3], &min, &inc, &days) < 0 ||
	    days || !min) {
		cmd_refuse(c, "arena");
		return;
	}
	if (!make(c->srv, w[1], 0, (int)minutes, w[3], rules, why, sizeof why)) {
		conn_send(c, "error %s", why);
		return;
	}
	conn_send(c, "ok");
}

/* The arena named w[1], not over; NULL when there is none (c told). */
static arena *open_arena(conn *c, const char *name)
{
	arena *a = arena_find(c->srv, name);
	if (!a)
		conn_send(c, "error no-arena there is no arena %s", name);
	else if (arena_over(a))
		conn_send(c, "error arena-over arena %s is over", name);
	return a && !arena_over(a) ? a : NULL;
}

void cmd_enter(conn *c, char **w, int n)
{
	(void)n;
	arena *a = open_arena(c, w[1]);
	if (!a)
		return;
	arena_player *p = arena_player_of(a, c->name);
	if (p && p->entered && p->c) {
		conn_send(c, "error already-entered you are in arena %s already", a->name);
		return;
	}
	if (!p || !p->entered) {   /* (entered, away: back, nothing to keep) */
		if (!p && a->np >= ARENA_PLAYERS_MAX) {
			conn_send(c, "error busy arena %s has %d players", a->name, ARENA_PLAYERS_MAX);
			return;
		}
		if (store_room(c->srv) < 0) {
			conn_send(c, "error disk-full the server cannot keep an entry now; try again "
			          "later");
			return;
		}
		store_put(c->srv, "arena-enter %s %s", a->name, c->name);
		if (!(p = arena_player_of(a, c->name))) {
			conn_send(c, "error busy out of memory");
			return;
		}
	}
	p->c = c;
	p->since = a->t;
	conn_send(c, "ok");
	arena_pair_soon(a);
}

void cmd_withdraw(conn *c, char **w, int n)
{
	(void)n;
	arena *a = open_arena(c, w[1]);
	if (!a)
		return;
	arena_player *p = arena_player_of(a, c->name);
	if (!p || !p->entered) {
		conn_send(c, "error not-entered you are not in arena %s", a->name);
		return;
	}
	if (store_room(c->srv) < 0) {
		conn_send(c, "error disk-full the server cannot keep it now; try again later");
		return;
	}
	p->c = NULL;
	store_put(c->srv, "arena-withdraw %s %s", a->name, c->name);
	conn_send(c, "ok");
}

void cmd_standings(conn *c, char **w, int n)
{
	(void)n;
	arena *a = arena_find(c->srv, w[1]);
	if (!a) {
		conn_send(c, "error no-arena there is no arena %s", w[1]);
		return;
	}
	arena_player **v = arena_ranking(a);
	if (!v) {
		conn_send(c, "error busy out of memory");
		return;
	}
	for (int i = 0; i < a->np; i++)
		conn_send(c, "standing %d %s %d %d streak=%d kind=%s", i + 1, v[i]->name, v[i]->points,
		          v[i]->games, v[i]->streak, player_kind(c->srv, v[i]->name));
	conn_send(c, "ok %d", a->np);
	free(v);
}

void arena_line(arena *a, const char *you, char *out, size_t size)
{
	char clock[32], winner[NET_NAME_MAX + 1] = "-", secs[24] = "-", mine[16] = "";
	int entered = 0, games = 0;
	for (int i = 0; i < a->np; i++)
		entered += a->p[i].entered, games += a->p[i].games;
	if (arena_over(a))
		arena_winner(a, winner, sizeof winner);
	game_clock_word(a->min, a->inc, 0, clock, sizeof clock);
	if (you) {
		const arena_player *p = arena_player_of(a, you);
		snprintf(secs, sizeof secs, "%ld", !arena_started(a) ? a->wait - a->t : arena_left(a));
		snprintf(mine, sizeof mine, " you=%s", !p || !p->entered ? "out" : p->c ? "in" : "away");
	}
	snprintf(out, size, "arena %s %s %s %d %s %s %d %s games=%d%s", a->name,
	         !arena_started(a) ? "starting" : arena_over(a) ? "over" : "running", secs,
	         a->minutes, clock, ng_rules_name(a->rules), entered, winner, games / 2, mine);
}

void cmd_arenas(conn *c, char **w, int n)
{
	(void)w, (void)n;
	int k = 0;
	char line[NET_LINE_MAX + 1];
	for (arena *a = c->srv->arenas ? c->srv->arenas->list : NULL; a; a = a->next, k++) {
		arena_line(a, c->name, line, sizeof line);
		conn_send(c, "%s", line);
	}
	conn_send(c, "ok %d", k);
}

/* ------------------------------------------------------ --arena-schedule */

struct schedule {
	arena_slot slot[SCHEDULE_MAX];
	int n;
	struct event *timer;
};

/* Each slot's arena, arena-MMDD-HHMM, is made when the time (UTC) is
 * within ARENA_ANNOUNCE_S before its start, its wait what is left. */
static void on_schedule(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	server *s = arg;
	struct schedule *k = s->schedule;
	time_t now = time(NULL);
	for (int i = 0; i < k->n; i++) {
		const arena_slot *sl = &k->slot[i];
		time_t start = now - now % 86400 + (time_t)sl->at * 60;
		if (start <= now)
			start += 86400;
		if (start - now > ARENA_ANNOUNCE_S)
			continue;
		struct tm tm;
		char name[NET_NAME_MAX + 1], why[160];
		gmtime_r(&start, &tm);
		strftime(name, sizeof name, "arena-%m%d-%H%M", &tm);
		if (!arena_find(s, name) &&
		    !make(s, name, (int)(start - now), sl->minutes, sl->clock,
		          sl->simple ? NG_SIMPLE : NG_STANDARD, why, sizeof why))
			server_log("arena %s not made: %s", name, why);
	}
}

int arena_schedule_start(server *s, char *msg, size_t size)
{
	struct timeval tv = { SCHEDULE_CHECK_S, 0 };
	if (!s->opt.arena_schedule)
		return 0;
	struct schedule *k = calloc(1, sizeof *k);
	if (!k || (k->n = schedule_parse(s->opt.arena_schedule, k->slot)) < 0 ||
	    !(k->timer = event_new(s->base, -1, EV_PERSIST, on_schedule, s)) ||
	    event_add(k->timer, &tv) < 0) {
		if (k && k->timer)
			event_free(k->timer);
		free(k);
		return snprintf(msg, size, "cannot follow the arena schedule"), -1;
	}
	s->schedule = k;
	on_schedule(-1, 0, s);
	return 0;
}

void arena_schedule_free(server *s)
{
	if (s->schedule && s->schedule->timer)
		event_free(s->schedule->timer);
	free(s->schedule);
	s->schedule = NULL;
}
