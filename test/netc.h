/*
 * netc.h - a scripted client of the online protocol for the tests and the
 * server benchmark: connect, send a line, wait for a line that begins
 * with a given word, and start or stop a server.  Plain blocking sockets
 * with poll timeouts; nothing here trusts the server either.
 */
#ifndef NG_NETC_H
#define NG_NETC_H

#include <errno.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct tc {
	int fd;
	char buf[1 << 16];
	size_t len;
	int eof;
} tc;

static inline void tc_copy(char *out, size_t size, const char *s)
{
	size_t n = strlen(s);
	if (n >= size)
		n = size - 1;
	memcpy(out, s, n);
	out[n] = 0;
}

static inline int tc_unix(tc *t, const char *path)
{
	struct sockaddr_un sun;
	memset(t, 0, sizeof *t);
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	tc_copy(sun.sun_path, sizeof sun.sun_path, path);
	t->fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (t->fd < 0 || connect(t->fd, (struct sockaddr *)&sun, sizeof sun) < 0) {
		if (t->fd >= 0)
			close(t->fd);
		t->fd = -1;
		return -1;
	}
	return 0;
}

static inline int tc_tcp(tc *t, int port)
{
	struct sockaddr_in sin;
	memset(t, 0, sizeof *t);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	t->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (t->fd < 0 || connect(t->fd, (struct sockaddr *)&sin, sizeof sin) < 0) {
		if (t->fd >= 0)
			close(t->fd);
		t->fd = -1;
		return -1;
	}
	return 0;
}

static inline void tc_close(tc *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

static inline int tc_write(tc *t, const void *p, size_t n)
{
	const char *c = p;
	while (n) {
		ssize_t w = send(t->fd, c, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

__attribute__((format(printf, 2, 3)))
static inline int tc_send(tc *t, const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof line - 1)
		return -1;
	line[n++] = '\n';
	return tc_write(t, line, (size_t)n);
}

static inline int64_t tc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline void tc_sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* The next line (without its newline) into out: 1, or 0 on timeout, -1
 * at the end of the connection. */
static inline int tc_line(tc *t, char *out, size_t size, int timeout_ms)
{
	int64_t end = tc_now() + timeout_ms;
	for (;;) {
		char *nl = memchr(t->buf, '\n', t->len);
		if (nl) {
			size_t n = (size_t)(nl - t->buf);
			size_t k = n < size - 1 ? n : size - 1;
			memcpy(out, t->buf, k);
			out[k] = 0;
			memmove(t->buf, nl + 1, t->len - n - 1);
			t->len -= n + 1;
			return 1;
		}
		if (t->eof || t->fd < 0)
			return -1;
		if (t->len == sizeof t->buf)
			t->len = 0;   /* a line too long for a test: forget it */
		int left = (int)(end - tc_now());
		if (left <= 0)
			return 0;
		struct pollfd p = { t->fd, POLLIN, 0 };
		if (poll(&p, 1, left) <= 0)
			continue;
		ssize_t r = recv(t->fd, t->buf + t->len, sizeof t->buf - t->len, 0);
		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			t->eof = 1;
		} else {
			t->len += (size_t)r;
		}
	}
}

/* Read lines until one begins with prefix (copied to out if out): 1, or
 * 0 when none came within timeout_ms or the connection ended. */
static inline int tc_expect(tc *t, const char *prefix, char *out, size_t size, int timeout_ms)
{
	char line[8192];
	int64_t end = tc_now() + timeout_ms;
	for (;;) {
		int left = (int)(end - tc_now());
		if (left < 0)
			left = 0;
		int r = tc_line(t, line, sizeof line, left);
		if (r <= 0)
			return 0;
		if (!strncmp(line, prefix, strlen(prefix))) {
			if (out)
				tc_copy(out, size, line);
			return 1;
		}
	}
}

/* Send a command and wait for its answer ("ok..." or "error..."). */
static inline int tc_ask(tc *t, char *out, size_t size, const char *cmd)
{
	char line[8192];
	if (tc_send(t, "%s", cmd) < 0)
		return 0;
	int64_t end = tc_now() + 5000;
	while (tc_line(t, line, sizeof line, (int)(end - tc_now())) > 0)
		if (!strncmp(line, "ok", 2) || !strncmp(line, "error", 5)) {
			if (out)
				tc_copy(out, size, line);
			return 1;
		}
	return 0;
}

/* The next line, whatever it is, is want: 1, else 0 with what came
 * instead in got (for the message).  For events whose order the protocol
 * fixes, where a search by prefix would skip what must not be there. */
static inline int tc_next(tc *t, const char *want, char *got, size_t size)
{
	char line[8192];
	int r = tc_line(t, line, sizeof line, 5000);
	tc_copy(got, size, r > 0 ? line : r == 0 ? "(nothing within 5 s)" : "(closed)");
	return r > 0 && !strcmp(line, want);
}

/* Send cmd; its answer is exactly want (got: the answer, for messages). */
static inline int tc_answer(tc *t, const char *cmd, const char *want, char *got, size_t size)
{
	if (!tc_ask(t, got, size, cmd)) {
		tc_copy(got, size, "(no answer)");
		return 0;
	}
	return !strcmp(got, want);
}

/* Connect over TCP to port and log in as name with the key kept in the
 * server's state directory: 1 when welcomed. */
static inline int tc_login(tc *t, int port, const char *state, const char *name)
{
	char key[64] = "", path[400], want[64];
	snprintf(path, sizeof path, "%s/key", state);
	FILE *f = fopen(path, "r");
	int ok = f && fgets(key, sizeof key, f);
	if (f)
		fclose(f);
	key[strcspn(key, "\n")] = 0;
	snprintf(want, sizeof want, "welcome %s", name);
	return ok && tc_tcp(t, port) == 0 && tc_expect(t, "hello ", NULL, 0, 3000) &&
	       tc_send(t, "login %s %s", key, name) == 0 && tc_expect(t, want, NULL, 0, 3000);
}

/* Has the server closed the connection (within timeout_ms)? */
static inline int tc_closed(tc *t, int timeout_ms)
{
	char line[8192];
	int64_t end = tc_now() + timeout_ms;
	for (;;) {
		int left = (int)(end - tc_now());
		int r = tc_line(t, line, sizeof line, left > 0 ? left : 0);
		if (r < 0)
			return 1;
		if (r == 0)
			return 0;
	}
}

/* ------------------------------------------------------------- servers */

/* Start `NONAGA --serve ARGS...' with stderr appended to log. */
static inline pid_t srv_start(const char *nonaga, const char *log, char *const args[])
{
	pid_t pid = fork();
	if (pid == 0) {
		FILE *f = freopen(log, "a", stderr);
		(void)f;
		char *argv[32];
		int n = 0;
		argv[n++] = (char *)nonaga;
		argv[n++] = (char *)"--serve";
		for (int i = 0; args[i] && n < 31; i++)
			argv[n++] = args[i];
		argv[n] = NULL;
		execv(nonaga, argv);
		_exit(127);
	}
	return pid;
}

/* Wait until the log says the server is serving (the count-th time the
 * log says so); the TCP port it took, 0 without TCP, -1 if it did not. */
static inline int srv_wait(const char *log, int count, int timeout_ms)
{
	int64_t end = tc_now() + timeout_ms;
	while (tc_now() < end) {
		FILE *f = fopen(log, "r");
		char line[1024];
		int seen = 0, port = 0;
		while (f && fgets(line, sizeof line, f)) {
			char *p = strstr(line, "listening on 127.0.0.1:");
			if (p)
				port = atoi(p + strlen("listening on 127.0.0.1:"));
			if (strstr(line, " serving "))
				seen++;
		}
		if (f)
			fclose(f);
		if (seen >= count)
			return port;
		tc_sleep_ms(20);
	}
	return -1;
}

/* Stop the server pid (a server that did not start, pid <= 0, is never
 * signalled: kill(-1, ...) would reach every process). */
static inline int srv_stop(pid_t pid, int sig)
{
	int st = 0;
	if (pid <= 0)
		return -1;
	kill(pid, sig);
	waitpid(pid, &st, 0);
	return st;
}

#ifdef NONAGA_H
#include <dirent.h>
#include <fcntl.h>

/* The record in the file path into *g (NULL if it does not parse) and
 * info; 1 if it parsed. */
static inline int srv_read_record(const char *path, ng_game **g, ng_record_info *info)
{
	int fd = open(path, O_RDONLY);
	char *text = NULL;
	size_t len;
	*g = NULL;
	if (fd >= 0 && ng_record_read_fd(fd, &text, &len) == NG_OK &&
	    ng_record_parse(text, len, g, info, NULL) != NG_OK)
		*g = NULL;
	free(text);
	if (fd >= 0)
		close(fd);
	return *g != NULL;
}

/* The finished records of game name in the state directory state
 * (finished/DATE-ID-NAME.rec): how many; the first one parsed into *g
 * and info (if g; *g NULL if it does not parse). */
static inline int srv_finished(const char *state, const char *name, ng_game **g,
                               ng_record_info *info)
{
	char d[600], path[1000], suffix[64];
	snprintf(d, sizeof d, "%s/finished", state);
	snprintf(suffix, sizeof suffix, "-%s.rec", name);
	DIR *dp = opendir(d);
	struct dirent *de;
	int n = 0;
	if (g)
		*g = NULL;
	while (dp && (de = readdir(dp))) {
		size_t l = strlen(de->d_name), k = strlen(suffix);
		if (de->d_name[0] == '.' || l <= k || strcmp(de->d_name + l - k, suffix))
			continue;
		if (n++ || !g)
			continue;
		snprintf(path, sizeof path, "%s/%s", d, de->d_name);
		srv_read_record(path, g, info);
	}
	if (dp)
		closedir(dp);
	return n;
}

/* The first legal move of g, played there too, as text ("" if none). */
static inline void first_move(ng_game *g, char *mv)
{
	ng_movelist *l = malloc(sizeof *l);
	if (!l || ng_generate(ng_game_pos(g), l) < 1) {
		mv[0] = 0;
		free(l);
		return;
	}
	ng_move_format(ng_game_pos(g), l->m[0], mv);
	ng_game_play(g, l->m[0]);
	free(l);
}

/* Have a and b the same moves? */
static inline int same_moves(const ng_game *a, const ng_game *b)
{
	if (ng_game_ply(a) != ng_game_ply(b))
		return 0;
	for (int i = 0; i < ng_game_ply(a); i++)
		if (!ng_move_equal(ng_game_move_at(a, i), ng_game_move_at(b, i)))
			return 0;
	return 1;
}
#endif

#endif
