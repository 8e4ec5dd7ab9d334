/*
 * server_owners.c - who owns each player name (nonaga(6), ONLINE, Who is
 * who): a name belongs for good to the first that used it on this server,
 * and names that differ only in case are one name.  A player is what
 * proves it: a host account by its uid (a Unix socket's peer), a player
 * of the SSH door by its key (server_door.c's door-players), the holders
 * of the TCP key together.  The logins and the TCP names are kept in the
 * state directory's file `names', one "NAME uid UID" or "NAME tcp" a
 * line, rewritten whole and durably when names were first used: once
 * for all those of a turn of the loop (owners_commit, before anything
 * the turn sent is released), so that a crowd logging in for the first
 * time costs a write and a sync a turn, not one each, and nobody is
 * welcome under a name the disk does not have.
 *
 * A login that another owns is refused; a TCP name that is a login of
 * this host, a door player's or a login's that used this server is played
 * as NAME.tcp (a name of the TCP players'), so that the shared key makes
 * nobody a host user or a door player.
 */
#include "server.h"
#include <ctype.h>
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAMES_FILE "names"
#define TCP_MARK ".tcp"   /* what a TCP name that is another's gets */

enum { UID, TCP, KEY };

typedef struct owner {
	char key[NET_NAME_MAX + 1];    /* the name in lower case: first */
	char name[NET_NAME_MAX + 1];   /* as first used */
	int kind;                      /* UID, TCP or KEY (a door player's:
	                                * kept in door-players, not here) */
	unsigned long uid;
	char fpr[SSHKEY_FPR_LEN + 1];  /* KEY's */
} owner;

struct owners {
	owner *v;
	int n, cap;
	int dirty;              /* names new since the file was written */
};

static void lower(const char *name, char *out)
{
	size_t i;
	for (i = 0; name[i] && i < NET_NAME_MAX; i++)
		out[i] = (char)tolower((unsigned char)name[i]);
	out[i] = 0;
}

static owner *find(const struct owners *t, const char *name)
{
	char key[NET_NAME_MAX + 1];
	lower(name, key);
	return names_find(t->v, t->n, sizeof *t->v, key);
}

static owner *add(struct owners *t, const char *name, int kind, unsigned long uid)
{
	char key[NET_NAME_MAX + 1];
	lower(name, key);
	owner *o = names_add((void **)&t->v, &t->n, &t->cap, sizeof *t->v, key);
	if (o) {
		memcpy(o->name, name, strnlen(name, NET_NAME_MAX));   /* (zeroed) */
		o->kind = kind;
		o->uid = uid;
	}
	return o;
}

int owners_load(server *s, char *msg, size_t size)
{
	struct owners *t = calloc(1, sizeof *t);
	char path[PATH_MAX + 16], line[256], name[64], kind[16];
	if (!t)
		return snprintf(msg, size, "out of memory"), -1;
	s->owners = t;
	snprintf(path, sizeof path, "%s/" NAMES_FILE, s->state);
	FILE *f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? 0 : (snprintf(msg, size, "cannot read %s: %s", path,
		                                       strerror(errno)), -1);
	/* a line not understood stops the start: skipped, it would give its
	 * name to whoever asks for it next */
	for (int no = 1; fgets(line, sizeof line, f); no++) {
		unsigned long uid = 0;
		int k = 0, end = 0, tcp;
		if (!strcmp(line, "\n"))
			continue;   /* (a line removed by hand may leave it) */
		int ok = sscanf(line, "%63s %15s%n", name, kind, &k) == 2 && net_name_ok(name) &&
		         !find(t, name);
		tcp = ok && !strcmp(kind, "tcp") && line[k] == '\n';
		ok = ok && (tcp || (!strcmp(kind, "uid") &&
		                    sscanf(line + k, " %lu%n", &uid, &end) == 1 &&
		                    line[k + end] == '\n'));
		if (!ok || !add(t, name, tcp ? TCP : UID, uid)) {
			fclose(f);
			if (ok)
				return snprintf(msg, size, "out of memory"), -1;
			return snprintf(msg, size, "%s, line %d: not a name's owner; the server does not "
			                "start rather than give a name to another: correct or remove "
			                "the line (nonaga(6), FILES)", path, no), -1;
		}
	}
	fclose(f);
	return 0;
}

void owners_free(server *s)
{
	if (s->owners)
		free(s->owners->v);
	free(s->owners);
	s->owners = NULL;
}

/* The table again, durably: 0, or -1 (logged). */
static int save(server *s)
{
	const struct owners *t = s->owners;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	for (int i = 0; i < t->n; i++)
		if (t->v[i].kind == TCP)
			fprintf(f, "%s tcp\n", t->v[i].name);
		else if (t->v[i].kind == UID)
			fprintf(f, "%s uid %lu\n", t->v[i].name, t->v[i].uid);
	int r = fclose(f) == 0 && durable_write(s->state, NAMES_FILE, text, len,
	                                        DURABLE_REPLACE) == 0 ? 0 : -1;
	if (r < 0)
		server_log("cannot keep the players' names in %s/" NAMES_FILE ": %s", s->state,
		           strerror(errno));
	free(text);
	return r;
}

static void drop(struct owners *t, owner *o)
{
	memmove(o, o + 1, (size_t)(t->v + t->n - 1 - o) * sizeof *o);
	t->n--;
}

/* A new owner of name, kept at the turn's end (owners_commit): 0, or -1
 * (no room on the disk, no memory: nothing changed).  The room is looked
 * at first, as before any change the journal keeps, so that a full disk
 * refuses the new name at once instead of holding every answer of the
 * turn until the names file can be written. */
static int claim(server *s, const char *name, int kind, unsigned long uid)
{
	if (store_room(s) < 0) {
		server_log("cannot keep the players' names in %s/" NAMES_FILE ": %s", s->state,
		           strerror(errno));
		return -1;
	}
	if (!add(s->owners, name, kind, uid))
		return -1;
	s->owners->dirty = 1;
	return 0;
}

int owners_commit(server *s)
{
	if (!s->owners || !s->owners->dirty)
		return 0;
	if (save(s) < 0)
		return -1;
	s->owners->dirty = 0;
	return 0;
}

int owners_login(server *s, const char *login, unsigned long uid, char *why, size_t size)
{
	const owner *o = find(s->owners, login);
	char whose[96];
	if (names_computer(login)) {
		snprintf(why, size, "the name %s is a computer player's on this server: ask the "
		         "administrator for another login", login);
		return -1;
	}
	if (o && o->kind == UID && o->uid == uid)
		return 0;
	if (!o) {
		if (claim(s, login, UID, uid) == 0)
			return 0;
		snprintf(why, size, "the server cannot keep your name now; try later");
		return -1;
	}
	if (o->kind == KEY)
		snprintf(whose, sizeof whose, "a player of the SSH door (%s)", o->fpr);
	else if (o->kind == TCP)
		snprintf(whose, sizeof whose, "the players over TCP");
	else
		snprintf(whose, sizeof whose, "another account (uid %lu)", o->uid);
	server_log("login %s (uid %lu) refused: the name is owned by %s since before; give "
	           "the account another login (usermod -l), or see nonaga(6), Who is who",
	           login, uid, whose);
	snprintf(why, size, "on this server the name %s belongs to %s: ask the "
	         "administrator for another login (nonaga(6), Who is who)", login,
	         o->kind == KEY ? "a player of the SSH door, who took it before your account was made"
	         : o->kind == TCP ? "players over TCP, who took it before your account was made"
	                          : "another account");
	return -1;
}

/* May the TCP players have name?  Not a login of this host, a door
 * player's or a login's that used this server (in either case). */
static int tcp_may(server *s, const char *name)
{
	char key[NET_NAME_MAX + 1];
	lower(name, key);
	const owner *o = find(s->owners, name);
	if (names_computer(name))   /* the server's computer players' */
		return 0;
	if (o)
		return o->kind == TCP;
	return !getpwnam(name) && !getpwnam(key);
}

int owners_tcp(server *s, const char *name, char *out, size_t size)
{
	char marked[NET_NAME_MAX + 1];
	const char *use = name;
	if (!tcp_may(s, name)) {
		size_t keep = NET_NAME_MAX - strlen(TCP_MARK);
		snprintf(marked, sizeof marked, "%.*s" TCP_MARK, (int)keep, name);
		if (!tcp_may(s, marked))
			return -1;
		use = marked;
	}
	const owner *o = find(s->owners, use);
	if (!o && claim(s, use, TCP, 0) < 0)
		return -2;
	snprintf(out, size, "%s", o ? o->name : use);   /* (as first used) */
	return 0;
}

const char *owners_taken(server *s, const char *name)
{
	size_t n = strlen(name), m = strlen(TCP_MARK);
	char key[NET_NAME_MAX + 1];
	lower(name, key);
	const owner *o = find(s->owners, name);
	if (names_computer(name))
		return "names computer-N are the server's computer players'";
	if (o)
		return o->kind == KEY ? "that name (or one differing only in case) is taken"
		       : o->kind == TCP ? "that name (or one differing only in case) is a TCP player's"
		                        : "that name (or one differing only in case) is an account's "
		                          "that used this server";
	return n > m && !strcmp(key + n - m, TCP_MARK) ? "names ending in " TCP_MARK
	       " are for players over TCP" : NULL;
}

int owners_door(server *s, const char *name, const char *fpr)
{
	owner *o = find(s->owners, name);
	if (o) {   /* another key of the player; else a hand-edited file */
		if (o->kind != KEY)
			server_log("door player %s: the name %s is another's in %s/" NAMES_FILE,
			           fpr, name, s->state);
		return 0;
	}
	o = add(s->owners, name, KEY, 0);
	if (o)
		snprintf(o->fpr, sizeof o->fpr, "%s", fpr);
	return o ? 1 : -1;
}

void owners_door_undo(server *s, const char *name)
{
	owner *o = find(s->owners, name);
	if (o && o->kind == KEY)
		drop(s->owners, o);
}
