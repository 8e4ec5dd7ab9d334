/*
 * net.c - addresses, sockets, peers and the checks on text from the wire
 * for the online server and its clients (see net.h).
 */
#define _GNU_SOURCE     /* SO_PEERCRED, struct ucred */
#include "net.h"
#include "i18n.h"   /* (the private directory's messages reach players) */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/random.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <unistr.h>

/* The message into msg; returns code. */
__attribute__((format(printf, 4, 5)))
static int fail_as(int code, char *msg, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (msg && size)
		vsnprintf(msg, size, fmt, ap);
	va_end(ap);
	return code;
}

#define fail(...) fail_as(-1, __VA_ARGS__)

/* ----------------------------------------------------------- addresses */

int net_parse_addr(const char *text, net_addr *a, char *msg, size_t size)
{
	memset(a, 0, sizeof *a);
	if (!strncmp(text, "unix:", 5)) {
		const char *p = text + 5;
		if (!*p)
			return fail_as(NET_ADDR_NOPATH, msg, size, "unix: needs the path of a socket");
		if (strlen(p) >= sizeof a->path)
			return fail_as(NET_ADDR_LONG, msg, size, "socket path too long (at most %zu bytes): %s",
			            sizeof a->path - 1, p);
		a->unix_socket = 1;
		strcpy(a->path, p);
		return 0;
	}
	const char *colon, *host = text;
	size_t hlen;
	if (text[0] == '[') {
		const char *close = strchr(text, ']');
		if (!close || close[1] != ':')
			return fail(msg, size, "bad address '%s': use [V6ADDR]:PORT", text);
		host = text + 1;
		hlen = (size_t)(close - host);
		colon = close + 1;
	} else {
		colon = strrchr(text, ':');
		if (!colon || strchr(text, ':') != colon)
			return fail(msg, size, "bad address '%s': use unix:PATH, HOST:PORT "
			            "or [V6ADDR]:PORT", text);
		hlen = (size_t)(colon - text);
	}
	const char *port = colon + 1;
	char *end;
	long pn = strtol(port, &end, 10);
	/* port 0: any free port, to listen on (the log says which) */
	if (!*port || *end || pn < 0 || pn > 65535)
		return fail_as(NET_ADDR_PORT, msg, size, "bad port in '%s' (0 to 65535)", text);
	if (hlen == 0 || hlen >= sizeof a->host)
		return fail_as(NET_ADDR_HOST, msg, size, "bad host in '%s'", text);
	memcpy(a->host, host, hlen);
	a->host[hlen] = 0;
	snprintf(a->port, sizeof a->port, "%ld", pn);
	return 0;
}

void net_addr_text(const net_addr *a, char *buf, size_t size)
{
	if (a->unix_socket)
		snprintf(buf, size, "unix:%s", a->path);
	else if (strchr(a->host, ':'))
		snprintf(buf, size, "[%s]:%s", a->host, a->port);
	else
		snprintf(buf, size, "%s:%s", a->host, a->port);
}

/* A directory only we may use: created 0700 if absent; refused when it
 * is a link, someone else's, or open to group or others. */
static int private_dir(const char *dir, char *msg, size_t size)
{
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return fail(msg, size, _("cannot create %s: %s"), dir, strerror(errno));
	struct stat st;
	if (lstat(dir, &st) < 0)
		return fail(msg, size, _("cannot use %s: %s"), dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fail(msg, size, _("refusing %s: not a directory"), dir);
	if (st.st_uid != geteuid())
		return fail(msg, size, _("refusing %s: it belongs to another user"), dir);
	if (st.st_mode & 077)
		return fail(msg, size, _("refusing %s: others may use it (mode %03o; "
		              "it must be 700)"), dir, (unsigned)(st.st_mode & 0777));
	return 0;
}

int net_default_addr(net_addr *a, int make_dir, char *msg, size_t size)
{
	char dir[sizeof a->path];
	const char *rt = getenv("XDG_RUNTIME_DIR");
	int n;
	if (rt && rt[0] == '/')
		n = snprintf(dir, sizeof dir, "%s/nonaga", rt);
	else
		n = snprintf(dir, sizeof dir, "/tmp/nonaga-%lu", (unsigned long)geteuid());
	if (n < 0 || (size_t)n + sizeof "/server.sock" > sizeof dir)
		return fail(msg, size, _("the runtime directory's name is too long"));
	if (make_dir && private_dir(dir, msg, size) < 0)
		return -1;
	memset(a, 0, sizeof *a);
	a->unix_socket = 1;
	memcpy(a->path, dir, (size_t)n);
	memcpy(a->path + n, "/server.sock", sizeof "/server.sock");
	return 0;
}

/* -------------------------------------------------------------- sockets */

static void unix_sockaddr(const net_addr *a, struct sockaddr_un *sun)
{
	memset(sun, 0, sizeof *sun);
	sun->sun_family = AF_UNIX;
	memcpy(sun->sun_path, a->path, strlen(a->path) + 1);
}

static int listen_unix(const net_addr *a, int mode, int *fd_out,
                       char *msg, size_t size)
{
	struct sockaddr_un sun;
	unix_sockaddr(a, &sun);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return fail(msg, size, "socket: %s", strerror(errno));
	if (bind(fd, (struct sockaddr *)&sun, sizeof sun) < 0) {
		int e = errno;
		if (e == EADDRINUSE) {
			/* A server that answers there is running; a socket file
			 * nobody answers on is left from one that died. */
			struct stat st;
			int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
			int alive = probe >= 0 &&
			            connect(probe, (struct sockaddr *)&sun, sizeof sun) == 0;
			if (probe >= 0)
				close(probe);
			if (alive) {
				close(fd);
				return fail(msg, size, "a server is already running at unix:%s",
				            a->path);
			}
			if (lstat(a->path, &st) == 0 && S_ISSOCK(st.st_mode))
				unlink(a->path);
			e = bind(fd, (struct sockaddr *)&sun, sizeof sun) < 0 ? errno : 0;
		}
		if (e) {
			close(fd);
			return fail(msg, size, "cannot listen at unix:%s: %s", a->path,
			            strerror(e));
		}
	}
	if (chmod(a->path, (mode_t)mode) < 0 || listen(fd, 512) < 0) {
		int e = errno;
		close(fd);
		return fail(msg, size, "cannot listen at unix:%s: %s", a->path, strerror(e));
	}
	*fd_out = fd;
	return 1;
}

static int listen_tcp(const net_addr *a, int *fds, int max, char *msg, size_t size)
{
	struct addrinfo hints = { 0 }, *res, *ai;
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	int r = getaddrinfo(a->host, a->port, &hints, &res);
	if (r)
		return fail(msg, size, "cannot resolve %s: %s", a->host, gai_strerror(r));
	int n = 0, e = 0;
	for (ai = res; ai && n < max; ai = ai->ai_next) {
		int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
		                ai->ai_protocol);
		if (fd < 0) {
			e = errno;
			continue;
		}
		int one = 1;
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		if (ai->ai_family == AF_INET6)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 512) < 0) {
			e = errno;
			close(fd);
			continue;
		}
		fds[n++] = fd;
	}
	freeaddrinfo(res);
	if (!n)
		return fail(msg, size, "cannot listen at %s:%s: %s", a->host, a->port,
		            strerror(e ? e : EADDRNOTAVAIL));
	return n;
}

int net_listen(const net_addr *a, int mode, int *fds, int max, char *msg, size_t size)
{
	if (max < 1)
		return fail(msg, size, "too many addresses to listen at");
	return a->unix_socket ? listen_unix(a, mode, fds, msg, size)
	                      : listen_tcp(a, fds, max, msg, size);
}

int net_connect(const net_addr *a, char *msg, size_t size)
{
	char where[400];
	net_addr_text(a, where, sizeof where);
	if (a->unix_socket) {
		struct sockaddr_un sun;
		unix_sockaddr(a, &sun);
		int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof sun) < 0) {
			int e = errno;
			if (fd >= 0)
				close(fd);
			errno = e;
			return fail(msg, size, "cannot connect to %s: %s", where, strerror(e));
		}
		return fd;
	}
	struct addrinfo hints = { 0 }, *res, *ai;
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	int r = getaddrinfo(a->host, a->port, &hints, &res);
	if (r) {
		errno = EHOSTUNREACH;
		return fail(msg, size, "cannot resolve %s: %s", a->host, gai_strerror(r));
	}
	int fd = -1, e = ECONNREFUSED;
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		e = errno;
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		errno = e;
		return fail(msg, size, "cannot connect to %s: %s", where, strerror(e));
	}
	return fd;
}

/* ---------------------------------------------------------------- peers */

static void uid_name(uid_t uid, char *name, size_t size)
{
	struct passwd pw, *res = NULL;
	char buf[4096];
	if (getpwuid_r(uid, &pw, buf, sizeof buf, &res) == 0 && res &&
	    net_name_ok(pw.pw_name))
		snprintf(name, size, "%s", pw.pw_name);
	else
		snprintf(name, size, "uid%lu", (unsigned long)uid);
}

int net_peer_name(int fd, char *name, size_t size, unsigned long *uid)
{
	struct ucred cr;
	socklen_t len = sizeof cr;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) < 0)
		return -1;
	uid_name(cr.uid, name, size);
	*uid = cr.uid;
	return 0;
}

void net_own_name(char *name, size_t size)
{
	uid_name(geteuid(), name, size);
}

/* ----------------------------------------------------------------- text */

int net_name_ok(const char *s)
{
	size_t n = strlen(s);
	/* not beginning with '.' or '-': a game's name is also a file's */
	return n >= 1 && n <= NET_NAME_MAX && s[0] != '.' && s[0] != '-' &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                 "0123456789_.-") == n;
}

/* Characters that would let one player steer another's terminal or
 * reorder its text: C0 and C1 controls, DEL, bidirectional controls. */
static int unsafe(ucs4_t c, int tab_ok)
{
	if (c == '\t')
		return !tab_ok;
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) ||
	       (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
	       c == 0x200e || c == 0x200f || c == 0x061c;
}

static int utf8_safe(const char *s, size_t n, int tab_ok)
{
	const uint8_t *p = (const uint8_t *)s, *end = p + n;
	if (u8_check(p, n))
		return 0;
	while (p < end) {
		ucs4_t c;
		int len = u8_mbtouc(&c, p, (size_t)(end - p));
		if (len <= 0 || unsafe(c, tab_ok))
			return 0;
		p += len;
	}
	return 1;
}

int net_text_ok(const char *s, size_t max)
{
	size_t n = strlen(s);
	return n <= max && utf8_safe(s, n, 0);
}

int net_line_ok(const char *s, size_t n)
{
	return memchr(s, 0, n) == NULL && utf8_safe(s, n, 1);
}

int net_random_hex(char out[NET_KEY_HEX + 1])
{
	unsigned char b[NET_KEY_HEX / 2];
	size_t got = 0;
	while (got < sizeof b) {
		ssize_t r = getrandom(b + got, sizeof b - got, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	for (size_t i = 0; i < sizeof b; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
	return 0;
}

ssize_t net_write(int fd, const void *buf, size_t n)
{
	return send(fd, buf, n, MSG_NOSIGNAL);
}
