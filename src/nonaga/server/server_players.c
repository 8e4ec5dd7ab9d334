/*
 * server_players.c - what the server keeps for each player, by name
 * (nonaga(6), ONLINE): the settings of the title menu (config.c's keys
 * but server=, which names a server and means nothing kept on one) and
 * the ignore list (that player's chat and invitations hidden), and
 * whether it is a bot (server_bot.c).
 *
 *   settings                        "setting KEY=VALUE" lines, "ok N"
 *   settings set KEY=VALUE...       "ok" once kept; any word refused:
 *                                   nothing changed
 *   ignore [NAME], unignore NAME    the ignore list (listed: "ignore NAME"
 *                                   lines, "ok N")
 *
 * The table is the state directory's file `players', one line per
 * setting or ignored player:
 *
 *   NAME setting KEY=VALUE
 *   NAME ignore OTHER
 *   NAME kind bot
 *
 * (A file from before bots has no kind lines: all its players are
 * human.  A server from before bots skips the kind lines as lines it
 * does not understand.)
 * Decision: a file rewritten whole (temporary file, fsync, rename, fsync
 * of the directory, as `ratings'), not the journal: the journal holds the
 * games and is compacted from their records; players change these
 * seldom, a player's lines are bounded (4 settings of at most VALUE_MAX
 * bytes, IGNORE_MAX names), and the file is on disk before the "ok".
 * A change the disk refuses is undone and answered "error server-error".
 * Each change rewrites and syncs the file, in the loop that serves
 * everyone, so a connection may make KEEP_BURST changes at once, then one
 * every KEEP_EVERY_MS ("error too-fast"); a change to what is already
 * kept writes nothing.
 */
#include "server.h"
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PLAYERS_FILE "players"
#define NKEYS 4
#define VALUE_MAX 32
#define IGNORE_MAX 32
#define KEEP_BURST 5.0
#define KEEP_EVERY_MS 2000

static const char *const keys[NKEYS] = { "level", "side", "rules", "language" };

typedef struct player {
	char name[NET_NAME_MAX + 1];
	char value[NKEYS][VALUE_MAX + 1];
	unsigned char has[NKEYS];
	char (*ignore)[NET_NAME_MAX + 1];   /* IGNORE_MAX of them, or NULL */
	int nignore;
	unsigned char bot;                  /* for good (`bot') */
} player;

struct players {
	player *v;   /* sorted by name */
	int n, cap;
};

static player *find(const struct players *t, const char *name)
{
	return t ? names_find(t->v, t->n, sizeof *t->v, name) : NULL;
}

/* name's entry, made empty when it has none; NULL: no memory. */
static player *entry_of(struct players *t, const char *name)
{
	player *p = find(t, name);
	if (p || !t)
		return p;
	return names_add((void **)&t->v, &t->n, &t->cap, sizeof *t->v, name);
}

static int key_index(const char *key)
{
	for (int k = 0; k < NKEYS; k++)
		if (!strcmp(keys[k], key))
			return k;
	return -1;
}

/* "KEY=VALUE" a setting kept here: its key's index (the value checked
 * as config.c checks the file's), or -1. */
static int setting_of(const char *word, const char **value)
{
	const char *eq = strchr(word, '=');
	char key[16];
	if (!eq || eq - word >= (long)sizeof key || strlen(eq + 1) > VALUE_MAX)
		return -1;
	snprintf(key, sizeof key, "%.*s", (int)(eq - word), word);
	int k = key_index(key);
	if (k < 0 || !config_check(key, eq + 1))
		return -1;
	*value = eq + 1;
	return k;
}

static int ignoring(const player *p, const char *name)
{
	for (int i = 0; p && i < p->nignore; i++)
		if (!strcasecmp(p->ignore[i], name))
			return 1;
	return 0;
}

/* Add other to p's list: 0, or -1 (no memory). */
static int add_ignore(player *p, const char *other)
{
	if (!p->ignore && !(p->ignore = malloc(IGNORE_MAX * sizeof p->ignore[0])))
		return -1;
	memcpy(p->ignore[p->nignore++], other, strlen(other) + 1);   /* (a name) */
	return 0;
}

int players_load(server *s, char *msg, size_t size)
{
	struct players *t = calloc(1, sizeof *t);
	char path[PATH_MAX + 16], line[256], name[64], what[16], arg[64];
	if (!t)
		return snprintf(msg, size, "out of memory"), -1;
	s->players = t;
	snprintf(path, sizeof path, "%s/%s", s->state, PLAYERS_FILE);
	FILE *f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? 0 : (snprintf(msg, size, "cannot read %s: %s", path,
		                                       strerror(errno)), -1);
	int no = 0, bad = 0;
	while (fgets(line, sizeof line, f)) {
		int k = 0, key = -1;
		const char *value = NULL;
		no++;
		int ok = sscanf(line, "%63s %15s %63s%n", name, what, arg, &k) == 3 &&
		         line[k] == '\n' && net_name_ok(name);
		if (ok && !strcmp(what, "setting"))
			ok = (key = setting_of(arg, &value)) >= 0;
		else if (ok && !strcmp(what, "kind"))
			ok = !strcmp(arg, "bot");
		else if (ok)
			ok = !strcmp(what, "ignore") && net_name_ok(arg);
		if (!ok) {
			bad++;
			continue;
		}
		player *p = entry_of(t, name);
		if (!p) {
			fclose(f);
			return snprintf(msg, size, "out of memory"), -1;
		}
		if (!strcmp(what, "kind")) {
			p->bot = 1;
		} else if (key >= 0) {
			snprintf(p->value[key], sizeof p->value[key], "%s", value);
			p->has[key] = 1;
		} else if (!ignoring(p, arg) && p->nignore < IGNORE_MAX && add_ignore(p, arg) < 0) {
			fclose(f);
			return snprintf(msg, size, "out of memory"), -1;
		}
	}
	fclose(f);
	if (bad) {
		server_log("%s: %d line%s not understood, skipped", path, bad, bad == 1 ? "" : "s");
		damage_keep_snapshot(path, bad);
	}
	server_log("players: %d with settings or ignore lists", t->n);
	return 0;
}

void players_free(server *s)
{
	for (int i = 0; s->players && i < s->players->n; i++)
		free(s->players->v[i].ignore);
	if (s->players)
		free(s->players->v);
	free(s->players);
	s->players = NULL;
}

/* The table into the state directory, durably: 0, or -1 (logged). */
static int save(server *s)
{
	struct players *t = s->players;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	for (int i = 0; i < t->n; i++) {
		const player *p = &t->v[i];
		for (int k = 0; k < NKEYS; k++)
			if (p->has[k])
				fprintf(f, "%s setting %s=%s\n", p->name, keys[k], p->value[k]);
		for (int k = 0; k < p->nignore; k++)
			fprintf(f, "%s ignore %s\n", p->name, p->ignore[k]);
		if (p->bot)
			fprintf(f, "%s kind bot\n", p->name);
	}
	int r = fclose(f) == 0 && durable_write(s->state, PLAYERS_FILE, text, len,
	                                        DURABLE_REPLACE) == 0 ? 0 : -1;
	int e = errno;
	if (r < 0)
		server_log("cannot keep the players' settings in %s/%s: %s", s->state,
		           PLAYERS_FILE, strerror(e));
	free(text);
	errno = e;   /* (for conn_refuse_write) */
	return r;
}

/* One change more to the table now: 1, or 0 (told "too-fast"). */
static int may_keep(conn *c)
{
	if (!c->keep_ms) {   /* the first: a full bucket */
		c->keep_tokens = KEEP_BURST;
		c->keep_ms = server_now_ms();
	}
	if (server_bucket(&c->keep_tokens, &c->keep_ms, 1000.0 / KEEP_EVERY_MS, KEEP_BURST))
		return 1;
	conn_send(c, "error too-fast at most %d changes at once, then one every %d "
	          "seconds", (int)KEEP_BURST, KEEP_EVERY_MS / 1000);
	return 0;
}

int players_bot(server *s, const char *name)
{
	const player *p = find(s->players, name);
	return p && p->bot;
}

int players_set_bot(server *s, const char *name)
{
	player *p = entry_of(s->players, name);
	if (!p)
		return -1;
	p->bot = 1;
	if (save(s) == 0)
		return 0;
	p->bot = 0;   /* (an empty entry left behind means nothing; errno
	               * is save's) */
	return -1;
}

int conn_ignores(const conn *c, const char *name)
{
	return ignoring(find(c->srv->players, c->name), name);
}

/* settings set KEY=VALUE...: every word checked before anything changes. */
static void set(conn *c, char **w, int n)
{
	int key[NKEYS * 2];
	const char *value[NKEYS * 2];
	if (n < 3 || n - 2 > NKEYS * 2) {
		conn_send(c, "error bad-argument use: settings set KEY=VALUE... "
		          "(at most %d)", NKEYS);
		return;
	}
	for (int i = 2; i < n; i++)
		if ((key[i - 2] = setting_of(w[i], &value[i - 2])) < 0) {
			conn_send(c, "error bad-argument not a setting kept here: the settings "
			          "are level=1..10, side=random|red|blue, rules=standard|simple "
			          "and language=CODE");
			return;
		}
	const player *kept = find(c->srv->players, c->name);
	int same = 1;
	for (int i = 0; i < n - 2; i++)
		same &= kept && kept->has[key[i]] && !strcmp(kept->value[key[i]], value[i]);
	if (same) {
		conn_send(c, "ok");
		return;
	}
	if (!may_keep(c))
		return;
	player *p = entry_of(c->srv->players, c->name);
	if (!p) {
		conn_send(c, "error server-error out of memory");
		return;
	}
	player was = *p;
	for (int i = 0; i < n - 2; i++) {
		snprintf(p->value[key[i]], sizeof p->value[key[i]], "%s", value[i]);
		p->has[key[i]] = 1;
	}
	if (save(c->srv) < 0) {
		int e = errno;
		*p = was;
		errno = e;
		conn_refuse_write(c);
		return;
	}
	conn_send(c, "ok");
}

void cmd_settings(conn *c, char **w, int n)
{
	if (n >= 2 && !strcmp(w[1], "set")) {
		set(c, w, n);
		return;
	}
	if (n != 1) {
		conn_send(c, "error bad-argument use: settings, or settings set KEY=VALUE...");
		return;
	}
	const player *p = find(c->srv->players, c->name);
	int count = 0;
	for (int k = 0; p && k < NKEYS; k++)
		if (p->has[k]) {
			conn_send(c, "setting %s=%s", keys[k], p->value[k]);
			count++;
		}
	conn_send(c, "ok %d", count);
}

/* unignore NAME: 0 or -1 (the disk refused; nothing changed). */
static int unignore(server *s, player *p, const char *name)
{
	char gone[IGNORE_MAX][NET_NAME_MAX + 1];
	int ngone = 0;
	for (int i = 0; i < p->nignore; i++)
		if (!strcasecmp(p->ignore[i], name)) {
			memcpy(gone[ngone++], p->ignore[i], sizeof gone[0]);
			memmove(p->ignore[i], p->ignore[--p->nignore], sizeof p->ignore[i]);
			i--;
		}
	if (!ngone || save(s) == 0)
		return 0;
	for (int i = 0; i < ngone; i++)   /* (the order may differ: it means nothing) */
		memcpy(p->ignore[p->nignore++], gone[i], sizeof gone[0]);
	return -1;
}

/* w[1] is a name: 1, or 0 (refused, said). */
static int name_given(conn *c, char **w)
{
	if (net_name_ok(w[1]))
		return 1;
	conn_send(c, "error bad-argument use: %s NAME", w[0]);
	return 0;
}

/* ignore NAME; alone: the list. */
void cmd_ignore(conn *c, char **w, int n)
{
	player *p = find(c->srv->players, c->name);
	if (n == 1) {
		for (int i = 0; p && i < p->nignore; i++)
			conn_send(c, "ignore %s", p->ignore[i]);
		conn_send(c, "ok %d", p ? p->nignore : 0);
		return;
	}
	if (!name_given(c, w))
		return;
	if (ignoring(p, w[1])) {
		conn_send(c, "ok");   /* already so: nothing to write */
		return;
	}
	if (p && p->nignore == IGNORE_MAX) {
		conn_send(c, "error too-many at most %d players ignored", IGNORE_MAX);
		return;
	}
	if (!may_keep(c))
		return;
	if (!(p = entry_of(c->srv->players, c->name)) || add_ignore(p, w[1]) < 0) {
		conn_send(c, "error server-error out of memory");
		return;
	}
	if (save(c->srv) < 0) {
		p->nignore--;
		conn_refuse_write(c);
		return;
	}
	conn_send(c, "ok");
}

void cmd_unignore(conn *c, char **w, int n)
{
	player *p = find(c->srv->players, c->name);
	(void)n;
	if (!name_given(c, w))
		return;
	if (!ignoring(p, w[1])) {
		conn_send(c, "ok");   /* already so: nothing to write */
		return;
	}
	if (!may_keep(c))
		return;
	if (unignore(c->srv, p, w[1]) < 0)
		conn_refuse_write(c);
	else
		conn_send(c, "ok");
}
