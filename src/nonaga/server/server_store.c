/*
 * server_store.c - the server's state directory:
 *
 *   key             the TCP key, 32 hex digits, mode 0600
 *   games/NAME.rec  every game on, rewritten after every change
 *   finished/       every game over, as DATE-NAME.rec
 *
 * Records are in the record format of nonaga(6), with the server's keys
 * (Mode: online, Game, Clock, Red-time, Blue-time, Red-token, Blue-token,
 * How).  A record is written to a temporary file and renamed over the old
 * one, so that a server killed at any moment leaves either the old record
 * or the new one, never a part.  (Not fsync'ed: a crash of the machine,
 * not of the server, may lose the last moves.)
 */
#include "server.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p with mode 0700 for what it creates. */
static int make_dirs(const char *path)
{
	char buf[PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0700) < 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(buf, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

static int own_dir(const char *dir, char *msg, size_t size)
{
	struct stat st;
	if (make_dirs(dir) < 0 || lstat(dir, &st) < 0) {
		snprintf(msg, size, "cannot use the state directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(msg, size, "refusing the state directory %s: %s", dir,
		         S_ISDIR(st.st_mode) ? "it belongs to another user"
		                             : "it is not a directory (or is a symbolic link)");
		return -1;
	}
	return 0;
}

static int read_key(server *s, const char *path, char *msg, size_t size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	char buf[NET_KEY_HEX + 2];
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
	int bad = fd < 0 || fstat(fd, &st) < 0 || (st.st_mode & 077) ||
	          st.st_uid != geteuid() || n < NET_KEY_HEX ||
	          strspn(buf, "0123456789abcdef") != NET_KEY_HEX;
	if (fd >= 0)
		close(fd);
	if (bad) {
		snprintf(msg, size, "refusing the key file %s: it must be 32 hex digits, "
		         "yours, mode 0600 (remove it to make a new one)", path);
		return -1;
	}
	memcpy(s->key, buf, NET_KEY_HEX);
	s->key[NET_KEY_HEX] = 0;
	return 0;
}

static int make_key(server *s, const char *path, char *msg, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST)
		return read_key(s, path, msg, size);
	char line[NET_KEY_HEX + 2];
	if (fd < 0 || net_random_hex(s->key) < 0) {
		snprintf(msg, size, "cannot make the key %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	snprintf(line, sizeof line, "%s\n", s->key);
	if (write(fd, line, strlen(line)) != (ssize_t)strlen(line) || close(fd) < 0) {
		snprintf(msg, size, "cannot write the key %s: %s", path, strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

int store_open(server *s, char *msg, size_t size)
{
	int n;
	if (s->opt.state) {
		n = snprintf(s->state, sizeof s->state, "%s", s->opt.state);
	} else {
		const char *x = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
		if (x && x[0] == '/')
			n = snprintf(s->state, sizeof s->state, "%s/nonaga/server", x);
		else if (home && home[0] == '/')
			n = snprintf(s->state, sizeof s->state, "%s/.local/state/nonaga/server", home);
		else
			return snprintf(msg, size, "no state directory: set HOME or use --state DIR"), -1;
	}
	if (n < 0 || (size_t)n + 32 > sizeof s->state)
		return snprintf(msg, size, "the state directory's name is too long"), -1;
	char sub[PATH_MAX + 16];
	if (own_dir(s->state, msg, size) < 0)
		return -1;
	snprintf(sub, sizeof sub, "%s/games", s->state);
	if (own_dir(sub, msg, size) < 0)
		return -1;
	snprintf(sub, sizeof sub, "%s/finished", s->state);
	if (own_dir(sub, msg, size) < 0)
		return -1;
	snprintf(sub, sizeof sub, "%s/key", s->state);
	return access(sub, F_OK) == 0 ? read_key(s, sub, msg, size)
	                               : make_key(s, sub, msg, size);
}

/* ---------------------------------------------------------------- saving */

static void set(ng_record_info *info, const char *key, const char *value)
{
	if (value[0])
		ng_record_set(info, key, value);
}

static char *record_of(sgame *g)
{
	ng_record_info info;
	char buf[64];
	memset(&info, 0, sizeof info);
	snprintf(info.date, sizeof info.date, "%s", g->date);
	snprintf(info.red, sizeof info.red, "%s", g->seat[0].name);
	snprintf(info.blue, sizeof info.blue, "%s", g->seat[1].name);
	set(&info, "Mode", "online");
	set(&info, "Game", g->name);
	if (g->clock_min) {
		snprintf(buf, sizeof buf, "%d+%d", g->clock_min, g->clock_inc);
		set(&info, "Clock", buf);
		snprintf(buf, sizeof buf, "%lld", (long long)game_left(g, NG_RED));
		set(&info, "Red-time", buf);
		snprintf(buf, sizeof buf, "%lld", (long long)game_left(g, NG_BLUE));
		set(&info, "Blue-time", buf);
	}
	set(&info, "Red-token", g->seat[0].token);
	set(&info, "Blue-token", g->seat[1].token);
	set(&info, "How", g->how);
	char *text = NULL;
	if (ng_record_write(g->g, &info, &text) != NG_OK)
		return NULL;
	return text;
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char tmp[PATH_MAX + 64], path[PATH_MAX + 64];
	snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	size_t len = strlen(text), done = 0;
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	if (close(fd) < 0 || done < len || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void store_save(sgame *g)
{
	char dir[PATH_MAX + 16], name[NET_NAME_MAX + 8];
	char *text = record_of(g);
	snprintf(dir, sizeof dir, "%s/games", g->srv->state);
	snprintf(name, sizeof name, "%s.rec", g->name);
	if (!text || write_file(dir, name, text) < 0)
		server_log("cannot save game %s in %s: %s", g->name, dir,
		           text ? strerror(errno) : "out of memory");
	free(text);
}

void store_forget(sgame *g)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/games/%s.rec", g->srv->state, g->name);
	unlink(path);
}

void store_finish(sgame *g)
{
	char dir[PATH_MAX + 16], name[NET_NAME_MAX + 40], stamp[32];
	char *text = record_of(g);
	/* 2026-11-25T08:40:00Z -> 20261125T084000Z */
	size_t k = 0;
	for (const char *p = g->date; *p && k + 1 < sizeof stamp; p++)
		if (*p != '-' && *p != ':')
			stamp[k++] = *p;
	stamp[k] = 0;
	snprintf(dir, sizeof dir, "%s/finished", g->srv->state);
	snprintf(name, sizeof name, "%s-%s.rec", stamp, g->name);
	if (!text || write_file(dir, name, text) < 0) {
		server_log("cannot keep finished game %s in %s: %s", g->name, dir,
		           text ? strerror(errno) : "out of memory");
		store_save(g);   /* at least where it was */
	} else {
		store_forget(g);
	}
	free(text);
}

/* --------------------------------------------------------------- loading */

static void seat_from(seat *st, const char *name, const char *token)
{
	if (net_name_ok(name))
		snprintf(st->name, sizeof st->name, "%s", name);
	if (token && strlen(token) == NET_KEY_HEX &&
	    strspn(token, "0123456789abcdef") == NET_KEY_HEX)
		snprintf(st->token, sizeof st->token, "%s", token);
}

static int load_one(server *s, const char *dir, const char *file)
{
	char path[PATH_MAX + 300], name[NET_NAME_MAX + 1];
	size_t flen = strlen(file);
	if (flen < 5 || strcmp(file + flen - 4, ".rec") || flen - 4 > NET_NAME_MAX)
		return 0;
	memcpy(name, file, flen - 4);
	name[flen - 4] = 0;
	if (!net_name_ok(name) || game_find(s, name))
		return 0;
	snprintf(path, sizeof path, "%s/%s", dir, file);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	char *text = NULL;
	size_t len = 0;
	ng_game *ng = NULL;
	ng_record_info info;
	int line = 0;
	ng_err e = NG_ERR_BAD_ARG;
	if (fd >= 0 && ng_record_read_fd(fd, &text, &len) == NG_OK)
		e = ng_record_parse(text, len, &ng, &info, &line);
	if (fd >= 0)
		close(fd);
	free(text);
	const char *gname = e == NG_OK ? ng_record_get(&info, "Game") : NULL;
	if (e != NG_OK || !gname || strcmp(gname, name) || info.result != NG_NONE) {
		server_log("skipping %s: %s (line %d)", path,
		           e != NG_OK ? ng_strerror(e) : "not a game on", line);
		if (ng)
			ng_game_free(ng);
		return 0;
	}
	int min = 0, inc = 0;
	const char *clock = ng_record_get(&info, "Clock");
	if (clock && sscanf(clock, "%d+%d", &min, &inc) != 2)
		min = inc = 0;
	sgame *g = game_new(s, name, info.rules, min, inc);
	if (!g) {
		ng_game_free(ng);
		return 0;
	}
	ng_game_free(g->g);
	g->g = ng;
	if (strlen(info.date) < sizeof g->date)
		memcpy(g->date, info.date, strlen(info.date) + 1);
	seat_from(&g->seat[0], info.red, ng_record_get(&info, "Red-token"));
	seat_from(&g->seat[1], info.blue, ng_record_get(&info, "Blue-token"));
	const char *t;
	if (min && (t = ng_record_get(&info, "Red-time")))
		g->left_ms[0] = atoll(t);
	if (min && (t = ng_record_get(&info, "Blue-time")))
		g->left_ms[1] = atoll(t);
	int64_t now = server_now_ms();
	g->seat[0].away_ms = g->seat[1].away_ms = now;
	game_start_clock(g);
	game_expire_later(g);
	return 1;
}

int store_load(server *s)
{
	char dir[PATH_MAX + 16];
	snprintf(dir, sizeof dir, "%s/games", s->state);
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return 0;
	struct dirent *de;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			n += load_one(s, dir, de->d_name);
	closedir(d);
	return n;
}
