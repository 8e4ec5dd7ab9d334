/*
 * server_seek.c - `play now': `seek CLOCK [standard|simple]
 * [rated|casual]' puts a connection in line for a game of that clock and
 * rules, rated or not (server_rating.c).  Two players seeking the same are
 * paired at once, the waiting player whose rating is
 * nearest first (never two who ignore each other, never a player with
 * itself, nor one with GAMES_OPEN_MAX games open); the one who waited
 * plays red.  After --pair-wait seconds alone
 * the offered computer whose rating is nearest plays instead (its side
 * drawn).  Each is told `paired GAME SIDE OPPONENT TOKEN', then the game
 * goes on as after host and join.  Seeks live with their connection: they are not
 * kept across a restart; the games made from them are.
 */
#include "server.h"
#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAIR_WAIT_S 20   /* --pair-wait's default */

struct seek {
	conn *c;
	int min, inc, days;
	ng_rules rules;
	int casual;            /* seek ... casual: an unrated game */
	struct event *timer;   /* --pair-wait: a computer plays */
	struct seek *next;
};

double seek_rating(server *s, const char *name)
{
	char word[48];
	ratings_word(s, name, word, sizeof word);
	return word[0] == '-' ? 1500.0 : strtod(word, NULL);
}

static struct seek **find(server *s, const conn *c)
{
	struct seek **p = &s->seeks;
	while (*p && (*p)->c != c)
		p = &(*p)->next;
	return p;
}

static void seek_free(server *s, const conn *c)
{
	struct seek **p = find(s, c), *k = *p;
	if (!k)
		return;
	*p = k->next;
	if (k->timer)
		event_free(k->timer);
	free(k);
}

void seek_gone(conn *c)
{
	seek_free(c->srv, c);
}

sgame *seek_game(conn *c, ng_rules rules, int min, int inc, int days)
{
	server *s = c->srv;
	if (s->ngames >= (s->opt.max_games ? s->opt.max_games : SERVER_GAMES_MAX)) {
		conn_send(c, "error busy the server has too many games");
		return NULL;
	}
	char name[NET_NAME_MAX + 1];
	for (unsigned long i = 1;; i++) {   /* (fewer games than names) */
		snprintf(name, sizeof name, "play-%lu", i);
		sgame *old = game_find(s, name);
		if (!old)
			break;
		if (old->how[0]) {
			game_unlist(old);   /* a finished game does not keep its name */
			break;
		}
	}
	sgame *g = game_new(s, name, rules, min, inc, days);
	if (!g)
		conn_send(c, "error busy out of memory");
	return g;
}

/* c is told its game, opponent and seat token (which gives the seat back
 * over TCP, as host's and join's `ok seat'), then takes its seat: as after
 * join, it is told the game (game_sync, by the caller, once both sat). */
int pair_sit(conn *c, sgame *g, int side, const char *opponent)
{
	seat *st = &g->seat[side];
	if (net_random_hex(st->token) < 0) {
		conn_send(c, "error busy cannot make a seat token");
		return -1;
	}
	conn_send(c, "paired %s %s %s %s", g->name, side_word(side), opponent, st->token);
	game_leave(c);
	return game_sit(g, c, side);
}

static void pair(struct seek *red, conn *blue)
{
	conn *rc = red->c;
	sgame *g = seek_game(blue, red->rules, red->min, red->inc, red->days);
	if (!g)
		return;
	g->casual = red->casual;   /* (before the seats: the journal's "new" says it) */
	seek_free(rc->srv, rc);
	server_log("%s and %s paired in %s", rc->name, blue->name, g->name);
	if (pair_sit(rc, g, NG_RED, blue->name) < 0 || pair_sit(blue, g, NG_BLUE, rc->name) < 0) {
		game_cancel(g, "no seat token");
		return;
	}
	game_sync(g, rc);
	game_sync(g, blue);
	conn_lobby_changed(blue->srv);
}

/* Nobody came: the computer nearest the seeker's rating plays. */
static void on_wait(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	struct seek *k = arg;
	conn *c = k->c;
	server *s = c->srv;
	int level = computer_nearest(s, seek_rating(s, c->name));
	if (!level || store_room(s) < 0) {   /* (later, when the disk has room) */
		struct timeval tv = { level ? 5 : 3600, 0 };
		event_add(k->timer, &tv);
		return;
	}
	sgame *g = seek_game(c, k->rules, k->min, k->inc, k->days);
	if (!g)
		return;
	g->casual = k->casual;
	char r[NET_KEY_HEX + 1];
	int side = net_random_hex(r) == 0 && (r[0] & 1) ? NG_BLUE : NG_RED;
	seek_free(s, c);
	server_log("%s paired with computer-%d in %s", c->name, level, g->name);
	char name[32];
	snprintf(name, sizeof name, "computer-%d", level);
	if (pair_sit(c, g, side, name) < 0 || computer_sit(g, !side, level) < 0) {
		game_cancel(g, "no memory for the computer");
		return;
	}
	game_sync(g, c);
	conn_lobby_changed(s);
}

/* Would a and b play each other? */
static int fits(const struct seek *k, const conn *c, int min, int inc, int days,
                ng_rules rules, int casual)
{
	return k->c != c && k->casual == casual && games_open(k->c->srv, k->c->name) < GAMES_OPEN_MAX && k->min == min && k->inc == inc && k->days == days &&
	       k->rules == rules && strcmp(k->c->name, c->name) &&
	       !conn_ignores(k->c, c->name) && !conn_ignores(c, k->c->name);
}

void cmd_seek(conn *c, char **w, int n)
{
	server *s = c->srv;
	game_terms t;
	if (game_parse_terms(w, n, 1, &t) < 0) {
		cmd_refuse(c, "seek");
		return;
	}
	int min = t.min, inc = t.inc, days = t.days, casual = t.casual;
	ng_rules rules = t.rules;
	if (games_open(s, c->name) >= GAMES_OPEN_MAX) {
		conn_send(c, "error too-many-games you have %d games open: finish one first",
		          GAMES_OPEN_MAX);
		return;
	}
	seek_free(s, c);   /* (a new seek replaces the old) */
	struct seek *best = NULL;
	double mine = seek_rating(s, c->name), dist = 0;
	for (struct seek *k = s->seeks; k; k = k->next) {
		if (!fits(k, c, min, inc, days, rules, casual))
			continue;
		double d = seek_rating(s, k->c->name) - mine;
		d = d < 0 ? -d : d;
		if (!best || d < dist)
			best = k, dist = d;
	}
	if (best && store_room(s) < 0) {
		conn_send(c, "error disk-full the server cannot keep a game now; try again later");
		return;
	}
	struct seek *k = best ? NULL : calloc(1, sizeof *k);
	if (!best && !k) {
		conn_send(c, "error busy out of memory");
		return;
	}
	conn_send(c, "ok");
	if (best) {
		pair(best, c);
		return;
	}
	*k = (struct seek){ c, min, inc, days, rules, casual, NULL, s->seeks };
	s->seeks = k;
	int wait = s->opt.pair_wait < 0 ? PAIR_WAIT_S : s->opt.pair_wait;
	if (wait > 0 && s->opt.computers && (k->timer = evtimer_new(s->base, on_wait, k))) {
		struct timeval tv = { wait, 0 };
		evtimer_add(k->timer, &tv);
	}
	server_log("%s seeks %s %s%s", c->name, w[1], ng_rules_name(rules),
	           casual ? " casual" : "");
}

void cmd_unseek(conn *c, char **w, int n)
{
	(void)w, (void)n;
	if (!*find(c->srv, c)) {
		conn_send(c, "error no-seek you are not seeking a game");
		return;
	}
	seek_free(c->srv, c);
	conn_send(c, "ok");
}
