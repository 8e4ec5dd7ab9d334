/*
 * server_lobby.c - what the lobbies are told (nonaga(6), ONLINE, lobby).
 * A lobby that said `lobby' is told a bare `changed' when the lists of
 * games or players changed (within LOBBY_MS, at most once in that time),
 * and asks for them again: with N lobbies and N players that is N x N
 * lines a second while players come.  One that said `lobby news' is
 * instead told once what the lists hold, and then only what changed in
 * them: each game whose `games' line changed, each player whose `who'
 * lines changed, found by comparing the lists with what the lobbies were
 * last told (one comparison a change, whatever the number of lobbies).
 * The arenas are told too, each whose `arenas' line changed otherwise
 * than in its seconds left (which a lobby counts down itself), with the
 * seconds of now and whether the lobby's player is in it.
 */
#include "server.h"
#include "server_arena.h"
#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game's `games' line, a player's `who' lines ('\n' between them), or
 * an arena's `arenas' line as arena_line compares it. */
typedef struct entry {
	int user;                     /* 0 a game, 1 a player, 2 an arena: in
	                               * that order */
	char key[NET_NAME_MAX + 1];   /* the game's, player's or arena's name */
	char invited[NET_NAME_MAX + 1], seat[2][NET_NAME_MAX + 1];   /* a game's */
	int order;                    /* a game's place in the list (0: the
	                               * newest), an arena's (0: the oldest) */
	char *text;
} entry;

struct lobby_seen {
	entry *v;
	int n;
};

static const char *game_state(const sgame *g)
{
	return g->how[0] ? "over" : (!g->seat[0].name[0] || !g->seat[1].name[0]) ? "open"
	                                                                            : "playing";
}

void lobby_game_line(server *s, const sgame *g, char *out, size_t size)
{
	char clock[32], rated[2][32];
	game_clock_word(g->clock_min, g->clock_inc, g->clock_days, clock, sizeof clock);
	for (int side = 0; side < 2; side++)
		ratings_word(s, g->seat[side].name, rated[side], sizeof rated[side]);
	snprintf(out, size, "game %s %s %s %s %s %d %s%s%s ratings=%s:%s kind=%s:%s%s", g->name,
	         ng_rules_name(ng_pos_rules(ng_game_pos(g->g))), clock,
	         g->seat[0].name[0] ? g->seat[0].name : "-",
	         g->seat[1].name[0] ? g->seat[1].name : "-", ng_game_ply(g->g), game_state(g),
	         g->invited[0] ? " for=" : "", g->invited, rated[0], rated[1],
	         player_kind(s, g->seat[0].name),
	         player_kind(s, g->seat[1].name), g->casual ? " rated=no" : "");
}

void lobby_user_line(const conn *o, char *out, size_t size)
{
	/* (a finished game whose name was taken again: none) */
	const sgame *g = o->game && !o->game->unlisted ? o->game : NULL;
	snprintf(out, size, "user %s %s %s kind=%s", o->name, g ? g->name : "-",
	         g ? side_word(o->role) : "-", player_kind(o->srv, o->name));
}

int lobby_hidden(const conn *c, const char *invited, const char *red, const char *blue)
{
	return invited[0] && !strcmp(invited, c->name) &&
	       ((red[0] && conn_ignores(c, red)) || (blue[0] && conn_ignores(c, blue)));
}

/* ------------------------------------------------------------ the lists */

static int by_key(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	return x->user != y->user ? x->user - y->user : strcmp(x->key, y->key);
}

static int by_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void seen_free(struct lobby_seen *l)
{
	for (int i = 0; l && i < l->n; i++)
		free(l->v[i].text);
	if (l)
		free(l->v);
	free(l);
}

/* One player's lines (sorted, so that "user ab ..." are together and
 * before "user ab.c ...") joined into an entry. */
static int add_user(entry *e, char **line, int from, int to)
{
	size_t len = 0;
	for (int i = from; i < to; i++)
		len += strlen(line[i]) + 1;
	e->user = 1;
	sscanf(line[from], "user %32s", e->key);
	char *p = e->text = malloc(len + 1);
	if (!p)
		return -1;
	for (int i = from; i < to; i++)
		p += sprintf(p, "%s%s", i > from ? "\n" : "", line[i]);
	return 0;
}

/* What `games' and `who' list now, sorted; NULL: no memory. */
static struct lobby_seen *seen_now(server *s)
{
	struct lobby_seen *l = calloc(1, sizeof *l);
	int ng = 0, nc = 0, ok = l != NULL;
	for (sgame *g = s->games; g; g = g->next)
		ng++;
	for (arena *a = s->arenas ? s->arenas->list : NULL; a; a = a->next)
		ng++;
	for (conn *o = s->conns; o; o = o->next)
		nc += o->authed && !o->dead;
	int levels = NG_LEVEL_MAX - NG_LEVEL_MIN + 1;   /* the computers' lines */
	char **line = calloc((size_t)(nc + levels) + 1, sizeof *line);
	ok = ok && line;
	ok = ok && (l->v = calloc((size_t)(ng + nc + levels) + 1, sizeof *l->v));
	char text[NET_LINE_MAX + 1];
	for (sgame *g = s->games; ok && g; g = g->next) {
		entry *e = &l->v[l->n];
		lobby_game_line(s, g, text, sizeof text);
		snprintf(e->key, sizeof e->key, "%s", g->name);
		e->order = l->n;
		snprintf(e->invited, sizeof e->invited, "%s", g->invited);
		for (int side = 0; side < 2; side++)
			snprintf(e->seat[side], sizeof e->seat[side], "%s", g->seat[side].name);
		ok = (e->text = strdup(text)) != NULL;
		l->n += ok;
	}
	int nl = 0;
	for (conn *o = s->conns; ok && o; o = o->next)
		if (o->authed && !o->dead) {
			lobby_user_line(o, text, sizeof text);
			ok = (line[nl] = strdup(text)) != NULL;
			nl += ok;
		}
	for (int level = NG_LEVEL_MIN; ok && level <= NG_LEVEL_MAX; level++)
		if (computers_line(s, level, text, sizeof text)) {
			ok = (line[nl] = strdup(text)) != NULL;
			nl += ok;
		}
	if (ok && nl)
		qsort(line, (size_t)nl, sizeof *line, by_line);
	for (int i = 0, j; ok && i < nl; i = j) {
		size_t k = strcspn(line[i] + 5, " ") + 5;
		for (j = i + 1; j < nl && !strncmp(line[j], line[i], k + 1); j++)
			;
		ok = add_user(&l->v[l->n], line, i, j) == 0;
		l->n += ok;
	}
	int k = 0;
	for (arena *a = s->arenas ? s->arenas->list : NULL; ok && a; a = a->next) {
		entry *e = &l->v[l->n];
		arena_line(a, NULL, text, sizeof text);
		*e = (entry){ .user = 2, .order = k++ };
		snprintf(e->key, sizeof e->key, "%s", a->name);
		ok = (e->text = strdup(text)) != NULL;
		l->n += ok;
	}
	for (int i = 0; line && i < nl; i++)
		free(line[i]);
	free(line);
	if (!ok) {
		seen_free(l);
		return NULL;
	}
	qsort(l->v, (size_t)l->n, sizeof *l->v, by_key);
	return l;
}

enum { NEW, CHANGED, GONE };

/* What c is told of e: new (what it holds), changed (a player's: gone
 * first, which forgets its connections) or gone.  A game hidden from c
 * is gone, or not told when new.  An arena's line is made now, with its
 * seconds of now and c's player's part in it. */
static void tell(conn *c, const entry *e, int how)
{
	static const char *const what[] = { "game", "user", "arena" };
	int hidden = !e->user && lobby_hidden(c, e->invited, e->seat[0], e->seat[1]);
	arena *a = e->user == 2 && how != GONE ? arena_find(c->srv, e->key) : NULL;
	if (how == GONE || (how == CHANGED && (e->user == 1 || hidden)) || (e->user == 2 && !a))
		conn_send(c, "changed gone %s %s", what[e->user], e->key);
	if (how == GONE || hidden || e->user == 2) {
		char line[NET_LINE_MAX + 1];
		if (a) {
			arena_line(a, c->name, line, sizeof line);
			conn_send(c, "changed %s", line);
		}
		return;
	}
	for (const char *p = e->text; *p;) {
		size_t len = strcspn(p, "\n");
		conn_send(c, "changed %.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

typedef struct change {
	const entry *e;
	int how;
} change;

/* The games first, the oldest first (a lobby lists the newest first: a
 * new one goes on top); then the players, by name; then the arenas, in
 * the order they were made. */
static int oldest_first(const void *a, const void *b)
{
	const entry *x = ((const change *)a)->e, *y = ((const change *)b)->e;
	if (x->user != y->user)
		return x->user - y->user;
	return x->user == 1 ? strcmp(x->key, y->key) : x->user ? x->order - y->order
	                                                       : y->order - x->order;
}

/* What changed from was to now, into out (room for was->n + now->n):
 * how many. */
static int changes(const struct lobby_seen *was, const struct lobby_seen *now, change *out)
{
	int i = 0, j = 0, n = 0;
	while (i < was->n || j < now->n) {
		int d = i == was->n ? 1 : j == now->n ? -1 : by_key(&was->v[i], &now->v[j]);
		if (d < 0)
			out[n++] = (change){ &was->v[i++], GONE };
		else if (d > 0)
			out[n++] = (change){ &now->v[j++], NEW };
		else if (strcmp(was->v[i++].text, now->v[j++].text))
			out[n++] = (change){ &now->v[j - 1], CHANGED };
	}
	qsort(out, (size_t)n, sizeof *out, oldest_first);
	return n;
}

/* ------------------------------------------------------------ the lobby */

static int following(const conn *c, int how)
{
	return c->follows == how && !c->game && !c->dead;
}

/* The lobbies told: `changed' for those that asked `lobby', what changed
 * for those that asked `lobby news' (what they were told kept for the
 * next time, while there are any). */
static void lobby_tick(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	server *s = arg;
	int news = 0;
	for (conn *c = s->conns; c; c = c->next) {
		if (following(c, 1))
			conn_send(c, "changed");
		news |= c->follows == 2 && !c->dead;
	}
	struct lobby_seen *now = news && s->seen ? seen_now(s) : NULL;
	change *ch = now ? malloc(((size_t)(s->seen->n + now->n) + 1) * sizeof *ch) : NULL;
	if (ch) {
		int n = changes(s->seen, now, ch);
		for (conn *c = s->conns; c && n; c = c->next)
			for (int i = 0; following(c, 2) && i < n; i++)
				tell(c, ch[i].e, ch[i].how);
	} else if (news && s->seen) {   /* no memory: all told to ask again */
		server_log("out of memory for the lobbies' news: told to ask again");
		for (conn *c = s->conns; c; c = c->next)
			if (c->follows == 2 && !c->dead)
				c->follows = 1, conn_send(c, "changed");
		seen_free(now);
		now = NULL;
	}
	free(ch);
	seen_free(s->seen);
	s->seen = now;
}

struct event *lobby_timer_new(server *s)
{
	return event_new(s->base, -1, 0, lobby_tick, s);
}

void lobby_free(server *s)
{
	seen_free(s->seen);
	s->seen = NULL;
}

/* lobby [news]: news first tells what the others were last told (not
 * the lists of now: the next tick tells everyone what changed since). */
void cmd_lobby(conn *c, char **w, int n)
{
	server *s = c->srv;
	if (n == 2 && strcmp(w[1], "news")) {   /* (the table checks the count) */
		cmd_refuse(c, "lobby");
		return;
	}
	c->follows = n;
	if (n == 1) {
		conn_send(c, "ok");
		return;
	}
	if (!s->seen && !(s->seen = seen_now(s))) {
		c->follows = 1;
		conn_send(c, "ok");   /* (no memory: told `changed', as before) */
		return;
	}
	conn_send(c, "ok news");
	change *all = malloc(((size_t)s->seen->n + 1) * sizeof *all);
	for (int i = 0; all && i < s->seen->n; i++)
		all[i] = (change){ &s->seen->v[i], NEW };
	if (all)
		qsort(all, (size_t)s->seen->n, sizeof *all, oldest_first);
	for (int i = 0; i < s->seen->n; i++)
		tell(c, all ? all[i].e : &s->seen->v[i], NEW);
	free(all);
}
