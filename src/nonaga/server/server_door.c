/*
 * server_door.c - the players of the SSH door (nonaga(6), THE SSH DOOR):
 * each is an SSH key's fingerprint with the name chosen on the first
 * visit, kept in the state directory's file door-players, one
 * "FINGERPRINT NAME" a line, rewritten whole and durably (a temporary
 * file, fsync, rename, fsync of the directory) when a player is added.
 *
 * Only a connection from the --gateway account (told by the Unix
 * socket's peer credentials) may say which player it is:
 *
 *   as FINGERPRINT ADDR                 a known key: "welcome NAME"
 *   as FINGERPRINT ADDR name NAME       a new key chooses its name
 *   as FINGERPRINT ADDR code CODE       a new key for a known player
 *   code                                (as a door player) a one-time code
 *                                       for "as ... code CODE": "ok code C"
 *
 * ADDR is the SSH client's address (or "-"): connections per key and per
 * address are limited.  Names cannot impersonate: not a login of this
 * host, not one that another owns in either case (server_owners.c: a
 * door player, an account or the TCP players), not one marked NAME.tcp.
 */
#include "server.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define DOOR_FILE "door-players"
#define CODE_S 600        /* a one-time code lasts this long */

typedef struct door_player {
	char fpr[SSHKEY_FPR_LEN + 1];
	char name[NET_NAME_MAX + 1];
} door_player;

struct door_ids {
	door_player *p;
	int n, cap;
	/* one-time codes: one per player at a time */
	struct door_code {
		char code[NET_KEY_HEX + 1];
		char name[NET_NAME_MAX + 1];
		int64_t until_ms;
	} *codes;
	int ncodes, capcodes;
};

static int refuse(conn *c, const char *code, const char *why)
{
	conn_send(c, "error %s %s", code, why);
	return 0;
}

static door_player *by_fpr(const struct door_ids *d, const char *fpr)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->p[i].fpr, fpr))
			return &d->p[i];
	return NULL;
}

static int add(struct door_ids *d, const char *fpr, const char *name)
{
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 64;
		door_player *p = realloc(d->p, (size_t)cap * sizeof *p);
		if (!p)
			return -1;
		d->p = p;
		d->cap = cap;
	}
	snprintf(d->p[d->n].fpr, sizeof d->p[d->n].fpr, "%s", fpr);
	snprintf(d->p[d->n].name, sizeof d->p[d->n].name, "%s", name);
	d->n++;
	return 0;
}

int door_load(server *s, char *msg, size_t size)
{
	char path[PATH_MAX + 32], line[256];
	struct door_ids *d = calloc(1, sizeof *d);
	if (!d) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	s->door = d;
	snprintf(path, sizeof path, "%s/" DOOR_FILE, s->state);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		if (errno == ENOENT)
			return 0;
		snprintf(msg, size, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	int bad = 0;
	while (fgets(line, sizeof line, f)) {
		char fpr[64], name[64];
		if (sscanf(line, "%63s %63s", fpr, name) != 2 || !sshkey_fpr_ok(fpr) ||
		    !net_name_ok(name) || by_fpr(d, fpr))
			bad++;
		else if (add(d, fpr, name) < 0 || owners_door(s, name, fpr) < 0) {
			fclose(f);
			snprintf(msg, size, "out of memory");
			return -1;
		}
	}
	fclose(f);
	if (bad)
		server_log("%s: %d line%s not understood, ignored", path, bad,
		           bad == 1 ? "" : "s");
	server_log("%d player%s of the SSH door", d->n, d->n == 1 ? "" : "s");
	return 0;
}

void door_free(server *s)
{
	if (s->door) {
		free(s->door->p);
		free(s->door->codes);
		free(s->door);
		s->door = NULL;
	}
}

/* The whole file again, durably: 0, or -1 (logged). */
static int save(server *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	for (int i = 0; i < s->door->n; i++)
		fprintf(f, "%s %s\n", s->door->p[i].fpr, s->door->p[i].name);
	int r = fclose(f) == 0 && durable_write(s->state, DOOR_FILE, text, len,
	                                        DURABLE_REPLACE) == 0 ? 0 : -1;
	if (r < 0)
		server_log("cannot write %s/" DOOR_FILE ": %s", s->state, strerror(errno));
	free(text);
	return r;
}

/* May a new player take name?  NULL, or why not (for "error name-taken"). */
static const char *name_free(server *s, const char *name)
{
	char lower[NET_NAME_MAX + 1];
	size_t i;
	for (i = 0; name[i] && i < NET_NAME_MAX; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = 0;
	if (getpwnam(name) || getpwnam(lower))
		return "that is the login of an account on this host";
	const char *why = owners_taken(s, name);
	if (why)
		return why;
	for (conn *o = s->conns; o; o = o->next)
		if (o->authed && !o->dead && !strcasecmp(o->name, name))
			return "a player of that name (or one differing only in case) is here";
	return NULL;
}

/* A fresh unexpired code's player, or NULL; the code is used up. */
static const char *take_code(struct door_ids *d, const char *code)
{
	static char name[NET_NAME_MAX + 1];
	int64_t now = server_now_ms();
	for (int i = 0; i < d->ncodes; i++)
		if (!strcmp(d->codes[i].code, code) && d->codes[i].until_ms > now) {
			snprintf(name, sizeof name, "%s", d->codes[i].name);
			d->codes[i] = d->codes[--d->ncodes];
			return name;
		}
	return NULL;
}

/* ADDR as the door gives it: an IP address's characters, or "-". */
static int addr_ok(const char *a)
{
	size_t n = strlen(a);
	return (n > 0 && n < 48 && strspn(a, "0123456789abcdefABCDEF.:") == n) ||
	       !strcmp(a, "-");
}

/* Too many connections of this key or this address already? */
static int too_many(server *s, const char *fpr, const char *addr)
{
	int key = 0, from = 0;
	for (conn *o = s->conns; o; o = o->next) {
		if (o->dead || !o->fpr[0])
			continue;
		key += !strcmp(o->fpr, fpr);
		from += strcmp(addr, "-") && !strcmp(o->addr, addr);
	}
	int per_addr = s->opt.door_per_addr > 0 ? s->opt.door_per_addr : DOOR_PER_ADDR;
	return key >= DOOR_PER_KEY || from >= per_addr;
}

/* A new key: its name chosen (w[4] NAME) or a code (w[4] CODE); the name
 * into name, or 0 (refused, said). */
static int new_key(conn *c, char **w, int n, const char **name)
{
	server *s = c->srv;
	if (n != 5 || (strcmp(w[3], "name") && strcmp(w[3], "code")))
		return refuse(c, "need-name", "a new key: as FINGERPRINT ADDR name NAME "
		              "(or code CODE)");
	if (!strcmp(w[3], "code")) {
		if (!(*name = take_code(s->door, w[4]))) {
			server_log("client %lu: a wrong door code, closed", c->id);
			refuse(c, "code-refused", "that code is wrong or expired; closing");
			conn_close_after(c);
			return 0;
		}
		return 1;
	}
	if (!net_name_ok(w[4]))
		return refuse(c, "bad-argument", "a name is 1 to 32 of A-Z a-z 0-9 _ . -, "
		              "not beginning with . or -");
	const char *why = name_free(s, w[4]);
	if (why)
		return refuse(c, "name-taken", why);
	*name = w[4];
	return 1;
}

void cmd_as(conn *c, char **w, int n)
{
	server *s = c->srv;
	if (!c->gateway || c->authed) {
		refuse(c, "not-gateway", "only the SSH door's account says who a player is");
		return;
	}
	if (!sshkey_fpr_ok(w[1]) || !addr_ok(w[2])) {
		refuse(c, "bad-argument", "use: as FINGERPRINT ADDR [name NAME | code CODE]");
		return;
	}
	if (too_many(s, w[1], w[2])) {
		server_log("client %lu: too many door connections of %s from %s",
		           c->id, w[1], w[2]);
		refuse(c, "too-many", "too many connections of this key or from this "
		       "address; closing");
		conn_close_after(c);
		return;
	}
	const door_player *p = by_fpr(s->door, w[1]);
	const char *name = p ? p->name : NULL;
	if (!p) {
		if (!new_key(c, w, n, &name))
			return;
		int owned = -1;
		if (add(s->door, w[1], name) < 0 || (owned = owners_door(s, name, w[1])) < 0 ||
		    save(s) < 0) {
			if (owned == 1)
				owners_door_undo(s, name);
			if (s->door->n && !strcmp(s->door->p[s->door->n - 1].fpr, w[1]))
				s->door->n--;
			refuse(c, "server-error", "cannot keep the new player; try later");
			return;
		}
		server_log("door: %s is %s", w[1], name);
	}
	snprintf(c->name, sizeof c->name, "%s", name);
	snprintf(c->fpr, sizeof c->fpr, "%s", w[1]);
	snprintf(c->addr, sizeof c->addr, "%s", w[2]);
	conn_authed(c);
	conn_send(c, "welcome %s", c->name);
}

void cmd_code(conn *c, char **w, int n)
{
	(void)w, (void)n;
	struct door_ids *d = c->srv->door;
	if (!c->fpr[0]) {
		refuse(c, "bad-command", "codes are for players of the SSH door");
		return;
	}
	int i;
	for (i = 0; i < d->ncodes && strcmp(d->codes[i].name, c->name); i++)
		;
	if (i == d->ncodes) {
		if (d->ncodes == d->capcodes) {
			int cap = d->capcodes ? 2 * d->capcodes : 16;
			struct door_code *k = realloc(d->codes, (size_t)cap * sizeof *k);
			if (!k) {
				refuse(c, "server-error", "out of memory");
				return;
			}
			d->codes = k;
			d->capcodes = cap;
		}
		d->ncodes++;
	}
	if (net_random_hex(d->codes[i].code) < 0) {
		d->ncodes--;
		refuse(c, "server-error", "no random numbers");
		return;
	}
	snprintf(d->codes[i].name, sizeof d->codes[i].name, "%s", c->name);
	d->codes[i].until_ms = server_now_ms() + CODE_S * 1000;
	conn_send(c, "ok code %s", d->codes[i].code);
}
