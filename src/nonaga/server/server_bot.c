/*
 * server_bot.c - bots and challenges (nonaga(6), ONLINE, extensions):
 *
 *   bot                          the account becomes a bot, for good:
 *                                "ok", or "error not-allowed" once it
 *                                has played a rated game
 *   challenge NAME CLOCK [standard|simple] [rated|casual]
 *                                "ok ID"; NAME's connections are told
 *                                "challenged ID FROM CLOCK RULES RATED";
 *                                a computer the server offers (computer-N)
 *                                accepts at once
 *   accept ID, decline ID        by the player challenged: "ok"; then
 *                                both get "paired GAME SIDE OPPONENT TOKEN"
 *                                and the game's sync, or the challenger
 *                                "declined ID NAME"
 *
 * Which players are bots is kept in the state directory's file `players'
 * (server_players.c), so it is durable.  Challenges are not: they live
 * with the challenger's connection and end when it closes, or when the
 * player challenged has no connection left (the challenger is then told
 * "declined ID NAME"), and a restart of the server forgets them.  A
 * challenge is rated (when it counts, server_rating.c) unless it says
 * `casual'; RATED in "challenged" is `rated' or `casual'.
 */
#include "server.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHALLENGES_PER_CONN 8   /* open challenges from one connection */

typedef struct challenge {
	unsigned long id;
	conn *from;
	char to[NET_NAME_MAX + 1];
	ng_rules rules;
	int min, inc, days;
	int casual;
	struct challenge *next;
} challenge;

struct challenges {
	challenge *list;
	unsigned long next_id;
};

const char *player_kind(server *s, const char *name)
{
	return !name[0] ? "-" : names_computer(name) ? "computer"
	       : players_bot(s, name) ? "bot" : "human";
}

void cmd_bot(conn *c, char **w, int n)
{
	(void)w;
	if (n != 1) {
		cmd_refuse(c, "bot");
		return;
	}
	if (players_bot(c->srv, c->name)) {
		conn_send(c, "ok");   /* already one */
		return;
	}
	if (ratings_games(c->srv, c->name) > 0) {
		conn_send(c, "error not-allowed %s has played rated games: only a new account "
		          "becomes a bot", c->name);
		return;
	}
	if (players_set_bot(c->srv, c->name) < 0) {
		conn_refuse_write(c);
		return;
	}
	server_log("%s is a bot now", c->name);
	conn_send(c, "ok");
}

static struct challenges *table(server *s)
{
	if (!s->challenges)
		s->challenges = calloc(1, sizeof *s->challenges);
	return s->challenges;
}

static challenge **find(server *s, unsigned long id)
{
	for (challenge **p = s->challenges ? &s->challenges->list : NULL; p && *p; p = &(*p)->next)
		if ((*p)->id == id)
			return p;
	return NULL;
}

static void challenge_computer(conn *c, int level, const game_terms *gt);

/* Is a connection of name's player here (but except)? */
static int here(server *s, const char *name, const conn *except)
{
	for (conn *o = s->conns; o; o = o->next)
		if (o != except && o->authed && !o->dead && !strcmp(o->name, name))
			return 1;
	return 0;
}

void cmd_challenge(conn *c, char **w, int n)
{
	int mine = 0;
	game_terms gt;
	struct challenges *t = table(c->srv);
	if (!net_name_ok(w[1]) || game_parse_terms(w, n, 2, &gt) < 0) {
		cmd_refuse(c, "challenge");
		return;
	}
	int min = gt.min, inc = gt.inc, days = gt.days, casual = gt.casual;
	ng_rules rules = gt.rules;
	if (!strcmp(w[1], c->name)) {
		conn_send(c, "error bad-argument you cannot challenge yourself");
		return;
	}
	if (names_computer(w[1])) {
		challenge_computer(c, names_computer(w[1]), &gt);
		return;
	}
	int ignored = 0;
	for (conn *o = c->srv->conns; o; o = o->next)
		ignored |= o->authed && !o->dead && !strcmp(o->name, w[1]) && conn_ignores(o, c->name);
	if (!here(c->srv, w[1], NULL) || ignored) {
		conn_send(c, "error not-here %s is not on the server", w[1]);
		return;
	}
	for (challenge *h = t ? t->list : NULL; h; h = h->next)
		mine += h->from == c;
	challenge *h = t && mine < CHALLENGES_PER_CONN ? calloc(1, sizeof *h) : NULL;
	if (!h) {
		conn_send(c, t ? "error too-many finish or take back a challenge first" :
		          "error busy out of memory");
		return;
	}
	h->id = ++t->next_id;
	h->from = c;
	snprintf(h->to, sizeof h->to, "%s", w[1]);
	h->rules = rules;
	h->min = min, h->inc = inc, h->days = days;
	h->casual = casual;
	h->next = t->list;
	t->list = h;
	char clock[32];
	game_clock_word(min, inc, days, clock, sizeof clock);
	server_log("%s challenges %s (%lu, %s %s)", c->name, h->to, h->id, clock,
	           ng_rules_name(rules));
	conn_send(c, "ok %lu", h->id);
	for (conn *o = c->srv->conns; o; o = o->next)
		if (o->authed && !o->dead && !strcmp(o->name, h->to))
			conn_send(o, "challenged %lu %s %s %s %s", h->id, c->name, clock,
			          ng_rules_name(rules), casual ? "casual" : "rated");
}

/* The challenge ID to c's player, or NULL with the answer sent. */
static challenge **to_me(conn *c, char **w, int n)
{
	char *end;
	if (n != 2) {
		cmd_refuse(c, w[0]);
		return NULL;
	}
	unsigned long id = strtoul(w[1], &end, 10);
	challenge **p = *w[1] && !*end ? find(c->srv, id) : NULL;
	if (!p || strcmp((*p)->to, c->name) || (*p)->from->dead) {
		conn_send(c, "error no-challenge there is no challenge %s to you", *end ? "" : w[1]);
		return NULL;
	}
	return p;
}

static void drop(challenge **p)
{
	challenge *h = *p;
	*p = h->next;
	free(h);
}

void cmd_decline(conn *c, char **w, int n)
{
	challenge **p = to_me(c, w, n);
	if (!p)
		return;
	server_log("%s declines %s's challenge %lu", c->name, (*p)->from->name, (*p)->id);
	conn_send((*p)->from, "declined %lu %s", (*p)->id, c->name);
	conn_send(c, "ok");
	drop(p);
}

/* The games on that name has a seat in. */
static int open_games(const server *s, const char *name)
{
	int n = 0;
	for (const sgame *g = s->games; g; g = g->next)
		n += !g->how[0] && (!strcmp(g->seat[0].name, name) || !strcmp(g->seat[1].name, name));
	return n;
}

/* Why a game of a and b cannot be made now (for "error CODE WHY"), or
 * NULL. */
static const char *cannot(server *s, const char *a, const char *b, char *why, size_t size)
{
	if (s->ngames >= (s->opt.max_games ? s->opt.max_games : SERVER_GAMES_MAX))
		return snprintf(why, size, "the server has too many games"), "busy";
	if (open_games(s, a) >= GAMES_OPEN_MAX || open_games(s, b) >= GAMES_OPEN_MAX)
		return snprintf(why, size, "a player has %d games open already", GAMES_OPEN_MAX),
		       "too-many-games";
	if (store_room(s) < 0)
		return snprintf(why, size, "the server cannot keep a game now (%s): try again later",
		                strerror(errno)), errno == ENOSPC ? "disk-full" : "disk-error";
	return NULL;
}

/* A name no game on has: "cID", "cID-2"... */
static void game_name(server *s, unsigned long id, char *out, size_t size)
{
	sgame *g;
	snprintf(out, size, "c%lu", id);
	for (int i = 2; (g = game_find(s, out)) && !g->how[0]; i++)
		snprintf(out, size, "c%lu-%d", id, i);
	if (g)
		game_unlist(g);   /* a finished game does not keep its name */
}

/* A challenge's game, made (named after its id, casual or rated), and the
 * side drawn for its first player; NULL when it cannot be (c is told). */
static sgame *challenge_game(conn *c, unsigned long id, ng_rules rules, int min, int inc,
                             int days, int casual, int *side)
{
	char name[NET_NAME_MAX + 1], r[NET_KEY_HEX + 1];
	game_name(c->srv, id, name, sizeof name);
	sgame *g = game_new(c->srv, name, rules, min, inc, days);
	if (!g) {
		conn_send(c, "error busy out of memory");
		return NULL;
	}
	g->casual = casual;   /* (before the seats: the journal's "new" says it) */
	*side = net_random_hex(r) == 0 && (r[0] & 1) ? NG_BLUE : NG_RED;
	return g;
}

/* A challenge to computer-LEVEL: accepted at once when the server offers
 * that level (it plays any number of games at once), as the pairing after
 * --pair-wait seats it (server_seek.c): "ok ID", then "paired GAME SIDE
 * computer-LEVEL TOKEN" and the game's sync. */
static void challenge_computer(conn *c, int level, const game_terms *gt)
{
	server *s = c->srv;
	struct challenges *t = table(s);
	char why[160], who[32];
	snprintf(who, sizeof who, "computer-%d", level);
	if (!(s->opt.computers & 1u << level)) {
		conn_send(c, "error not-here %s is not offered on this server", who);
		return;
	}
	const char *code = cannot(s, c->name, c->name, why, sizeof why);
	if (!t || code) {
		conn_send(c, "error %s %s", t ? code : "busy", t ? why : "out of memory");
		return;
	}
	unsigned long id = ++t->next_id;
	int side;
	sgame *g = challenge_game(c, id, gt->rules, gt->min, gt->inc, gt->days, gt->casual, &side);
	if (!g)
		return;
	server_log("%s challenges %s (%lu): %s", c->name, who, id, g->name);
	conn_send(c, "ok %lu", id);
	if (pair_sit(c, g, side, who) < 0 || computer_sit(g, !side, level) < 0) {
		game_cancel(g, "no memory for the computer");
		return;
	}
	game_sync(g, c);
	conn_lobby_changed(s);
}

void cmd_accept(conn *c, char **w, int n)
{
	char why[160];
	challenge **p = to_me(c, w, n);
	if (!p)
		return;
	challenge *h = *p;
	const char *code = cannot(c->srv, c->name, h->from->name, why, sizeof why);
	if (code) {
		conn_send(c, "error %s %s", code, why);
		return;
	}
	int side;
	sgame *g = challenge_game(c, h->id, h->rules, h->min, h->inc, h->days, h->casual, &side);
	if (!g)
		return;
	conn *from = h->from;
	server_log("%s accepts %s's challenge %lu: %s", c->name, from->name, h->id, g->name);
	drop(p);
	conn_send(c, "ok");
	if (pair_sit(from, g, !side, c->name) < 0 || pair_sit(c, g, side, from->name) < 0) {
		game_cancel(g, "no seat token");
		return;
	}
	game_sync(g, from);
	game_sync(g, c);
}

void challenges_gone(conn *c)
{
	server *s = c->srv;
	for (challenge **p = s->challenges ? &s->challenges->list : NULL; p && *p;) {
		challenge *h = *p;
		if (h->from == c) {
			drop(p);
		} else if (c->authed && !strcmp(h->to, c->name) && !here(s, c->name, c)) {
			conn_send(h->from, "declined %lu %s", h->id, h->to);
			drop(p);
		} else {
			p = &h->next;
		}
	}
}

void challenges_free(server *s)
{
	while (s->challenges && s->challenges->list)
		drop(&s->challenges->list);
	free(s->challenges);
	s->challenges = NULL;
}
