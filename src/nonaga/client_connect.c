/*
 * client_connect.c - connect to the online server and log in (client_connect.h).
 *
 * Without --server, NONAGA_SERVER or a server= setting, the host's shared
 * server is used when one answers at its socket, else the user's own.
 * A server started here runs as `nonaga --serve' (this very program, from
 * /proc/self/exe) in a session of its own, detached from the terminal, and
 * logs to server.log beside its socket.
 */
#include "client_connect.h"
#include "i18n.h"
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <unistr.h>

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void pause_ms(int ms)
{
	struct timespec ts = { 0, (long)ms * 1000000L };
	nanosleep(&ts, NULL);
}

void netclient_clean(const char *in, size_t n, char *out)
{
	const uint8_t *p = (const uint8_t *)in, *end = p + n;
	char *o = out;
	while (p < end) {
		ucs4_t c = 0;
		int len = u8_mbtoucr(&c, p, (size_t)(end - p));
		int bad = len < 0;   /* not UTF-8 */
		if (bad)
			len = 1;
		bad |= (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f) ||
		       (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
		       c == 0x200e || c == 0x200f || c == 0x061c;
		if (bad) {
			*o++ = '?';
		} else {
			memcpy(o, p, (size_t)len);
			o += len;
		}
		p += len;
	}
	*o = 0;
}

int netclient_line(int fd, char *buf, size_t size, int timeout_ms)
{
	size_t n = 0;
	int64_t end = now_ms() + timeout_ms;
	for (;;) {
		int left = (int)(end - now_ms());
		struct pollfd p = { fd, POLLIN, 0 };
		if (left <= 0 || poll(&p, 1, left) == 0)
			return 0;
		char c;
		ssize_t r = read(fd, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		if (c == '\n') {
			if (n && buf[n - 1] == '\r')
				n--;
			buf[n] = 0;
			return 1;
		}
		if (n + 1 < size)
			buf[n++] = c;
	}
}

/*
 * The player's words for what went wrong (net.c's own are English, for
 * the server's log): a connection that failed with errno e, an address
 * that net_parse_addr refused with code.
 */
static void cannot_connect(const net_addr *a, int e, char *msg, size_t size)
{
	char where[400];
	const char *why;
	net_addr_text(a, where, sizeof where);
	switch (e) {
	case ENOENT: why = _("there is no such socket"); break;
	case ECONNREFUSED: why = _("no server answers there"); break;
	case EACCES: case EPERM: why = _("permission denied"); break;
	case ENOTSOCK: why = _("that is not a socket"); break;
	case EHOSTUNREACH: why = _("no such host, or no way to it"); break;
	default: why = strerror(e); break;
	}
	/* TRANSLATORS: the server's address, then why (one of the
	   sentences above, or the system's words). */
	snprintf(msg, size, _("cannot connect to %s: %s"), where, why);
}

void netclient_addr_error(int code, const char *text, char *msg, size_t size)
{
	char t[200];
	netclient_clean(text, strnlen(text, sizeof t - 1), t);
	if (code == NET_ADDR_NOPATH)
		snprintf(msg, size, "%s", _("unix: needs the path of a socket"));
	else if (code == NET_ADDR_LONG)
		snprintf(msg, size, _("socket path too long (at most %d bytes): %s"),
		         (int)sizeof ((net_addr *)0)->path - 1, t);
	else if (code == NET_ADDR_PORT)
		snprintf(msg, size, _("bad port in '%s' (0 to 65535)"), t);
	else if (code == NET_ADDR_HOST)
		snprintf(msg, size, _("bad host in '%s'"), t);
	else
		snprintf(msg, size, _("bad address '%s': use unix:PATH, HOST:PORT or "
		                      "[V6ADDR]:PORT"), t);
}

/* net_connect, with the player's words in msg; errno kept. */
static int dial(const net_addr *a, char *msg, size_t size)
{
	char log[512];
	int fd = net_connect(a, log, sizeof log);
	if (fd < 0) {
		int e = errno;
		cannot_connect(a, e, msg, size);
		errno = e;
	}
	return fd;
}

/* Start `nonaga --serve' for the default address, detached. */
static int start_server(const net_addr *a, char *msg, size_t size)
{
	char self[PATH_MAX], log[sizeof a->path + 16];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0) {
		snprintf(msg, size, "%s", _("cannot start a server: cannot find this program"));
		return -1;
	}
	self[n] = 0;
	snprintf(log, sizeof log, "%s", a->path);
	char *slash = strrchr(log, '/');
	snprintf(slash ? slash + 1 : log, sizeof log - (size_t)(slash ? slash + 1 - log : 0),
	         "server.log");
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(msg, size, _("cannot start a server: %s"), strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* twice, so that the server is nobody's child but init's */
		if (setsid() < 0 || fork() != 0)
			_exit(0);
		int null = open("/dev/null", O_RDWR);
		int lf = open(log, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
		}
		dup2(lf >= 0 ? lf : null, 2);
		execl(self, "nonaga", "--serve", (char *)NULL);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	return 0;
}

static int connect_default(int no_start, netclient_info *info, char *msg, size_t size)
{
	net_addr a;
	if (net_default_addr(&a, 1, msg, size) < 0)
		return -1;
	int fd = dial(&a, msg, size);
	if (fd >= 0 || (errno != ENOENT && errno != ECONNREFUSED))
		return fd;
	if (no_start) {
		info->absent = 1;
		return -1;
	}
	int *started = &info->started;
	if (start_server(&a, msg, size) < 0)
		return -1;
	*started = 1;
	int64_t end = now_ms() + 5000;
	while (now_ms() < end) {
		pause_ms(20);
		fd = dial(&a, msg, size);
		if (fd >= 0)
			return fd;
	}
	char where[200];
	net_addr_text(&a, where, sizeof where);
	/* TRANSLATORS: %s is the server's socket; server.log is a file
	   name, not to be translated. */
	snprintf(msg, size, _("started a server, but it does not answer at %s "
	                      "(see server.log there)"), where);
	return -1;
}

/* The shared server's socket path: NONAGA_SHARED_SOCKET (empty: none),
 * else the one built in. */
static const char *shared_path(void)
{
	const char *env = getenv("NONAGA_SHARED_SOCKET");
	return env ? env : NETCLIENT_SHARED;
}

/*
 * A connection to this host's shared server, or -1 (silently: then the
 * private server is used).  The socket's directory must belong to root
 * or to the socket's owner and be closed to writing by others, so that
 * nobody else can put a server of theirs there.
 */
static int connect_shared(char *msg, size_t size)
{
	const char *path = shared_path();
	net_addr a;
	memset(&a, 0, sizeof a);
	size_t n = strlen(path);
	if (!n || n >= sizeof a.path || path[0] != '/')
		return -1;
	memcpy(a.path, path, n + 1);
	a.unix_socket = 1;
	char dir[sizeof a.path];
	memcpy(dir, path, n + 1);
	*strrchr(dir, '/') = 0;
	struct stat ds, ss;
	if (lstat(dir[0] ? dir : "/", &ds) < 0 || lstat(path, &ss) < 0 ||
	    !S_ISDIR(ds.st_mode) || !S_ISSOCK(ss.st_mode) || (ds.st_mode & 022) ||
	    (ds.st_uid != 0 && ds.st_uid != ss.st_uid))
		return -1;
	return dial(&a, msg, size);
}

/* This process has reached the host's shared server: from then on it is
 * the only server found with no address given (see netclient_open). */
static int shared_seen;

/* Where the settings or the environment name a server: into o->server
 * (static storage); the name of where it came from, or NULL. */
static const char *resolve(netclient_opts *o)
{
	static config c;
	char why[PATH_MAX + 200];
	const char *env = getenv("NONAGA_SERVER");
	if (o->server)
		return "--server";
	if (env && *env) {
		o->server = env;
		return "NONAGA_SERVER";
	}
	if (config_load(&c, why, sizeof why) == 0 && c.server[0]) {
		o->server = c.server;
		return "server=";
	}
	return NULL;
}

int netclient_configured(const netclient_opts *given)
{
	netclient_opts o = *given;
	struct stat st;
	const char *path = shared_path();
	return o.as || resolve(&o) || (path[0] == '/' && lstat(path, &st) == 0 &&
	                               S_ISSOCK(st.st_mode));
}

static int read_key(const netclient_opts *o, char key[NET_KEY_HEX + 1], char *msg, size_t size)
{
	char buf[128] = "";
	if (o->key_file) {
		FILE *f = fopen(o->key_file, "r");
		if (!f || !fgets(buf, sizeof buf, f)) {
			snprintf(msg, size, _("cannot read the key file %s: %s"), o->key_file,
			         f ? _("it is empty") : strerror(errno));
			if (f)
				fclose(f);
			return -1;
		}
		fclose(f);
	} else if (getenv("NONAGA_KEY")) {
		snprintf(buf, sizeof buf, "%s", getenv("NONAGA_KEY"));
	} else {
		snprintf(msg, size, "%s",
		         _("a TCP server needs its key: --key-file FILE or NONAGA_KEY "
		           "(the file 'key' in the server's state directory)"));
		return -1;
	}
	buf[strcspn(buf, "\r\n")] = 0;
	if (strlen(buf) != NET_KEY_HEX || strspn(buf, "0123456789abcdef") != NET_KEY_HEX) {
		snprintf(msg, size, "%s", _("the key must be 32 hexadecimal digits"));
		return -1;
	}
	memcpy(key, buf, NET_KEY_HEX + 1);
	return 0;
}

/* What a server line says, safe to show, into msg. */
static void refused(const char *line, char *msg, size_t size)
{
	char clean[NET_LINE_MAX + 1];
	size_t n = strlen(line);
	if (n > 200)
		n = 200;
	netclient_clean(line, n, clean);
	/* TRANSLATORS: %s is the server's own (English) words. */
	snprintf(msg, size, _("the server refused: %s"), clean);
}

/* The door's connection, welcomed as the door's account, says which
 * player it is: 1 with the new welcome in line, or 0 with msg (and
 * o->refusal) saying why not. */
static int welcome_as(const netclient_opts *o, int fd, char *line,
                      size_t line_size, char *msg, size_t size)
{
	char cmd[NET_LINE_MAX];
	int n = snprintf(cmd, sizeof cmd, "as %s\n", o->as);
	if (n < 0 || (size_t)n >= sizeof cmd || net_write(fd, cmd, (size_t)n) != n) {
		snprintf(msg, size, _("cannot write to the server: %s"), strerror(errno));
		return 0;
	}
	int r = netclient_line(fd, line, line_size, 10000);
	if (r > 0 && !strncmp(line, "welcome ", 8) && net_name_ok(line + 8))
		return 1;
	if (r > 0) {
		refused(line, msg, size);
		if (o->refusal && !strncmp(line, "error ", 6))
			snprintf(o->refusal, NETCLIENT_CODE, "%.*s",
			         (int)strcspn(line + 6, " "), line + 6);
	} else {
		snprintf(msg, size, "%s", r == 0 ? _("the server does not answer")
		                                 : _("the server closed the connection"));
	}
	return 0;
}

int netclient_open(const netclient_opts *given, char *name, size_t name_size,
                   netclient_info *info, char *msg, size_t size)
{
	net_addr a;
	char key[NET_KEY_HEX + 1], line[NET_LINE_MAX + 1];
	netclient_opts chosen = *given;
	const netclient_opts *o = &chosen;
	const char *from = resolve(&chosen);
	memset(info, 0, sizeof *info);
	int fd;
	if (o->server) {
		char why[256], log[256];
		int bad;
		info->where = NC_GIVEN;
		info->server = o->server;
		if ((bad = net_parse_addr(o->server, &a, log, sizeof log)) < 0) {
			netclient_addr_error(bad, o->server, why, sizeof why);
			snprintf(msg, size, "%s: %s", from, why);
			return -1;
		}
		info->tcp = !a.unix_socket;
		if (!a.unix_socket && read_key(o, key, msg, size) < 0)
			return -1;
		fd = dial(&a, msg, size);
		info->down = fd < 0 && (errno == ENOENT || errno == ECONNREFUSED);
	} else {
		a.unix_socket = 1;
		info->where = NC_SHARED;
		fd = connect_shared(msg, size);
		if (fd >= 0) {
			shared_seen = 1;
		} else if (shared_seen) {
			/* it restarts (or its administrator stopped it): a
			 * private server would hold none of the player's games */
			info->absent = 1;
			snprintf(msg, size, "%s", _("this host's shared server does not answer "
			                            "(it may be restarting): try again in a moment"));
		} else {
			info->where = NC_PRIVATE;
			fd = connect_default(o->no_start, info, msg, size);
		}
	}
	if (fd < 0)
		return -1;
	int r = netclient_line(fd, line, sizeof line, 10000);
	char want[32];
	snprintf(want, sizeof want, "hello nonaga-online %d ", NET_PROTO);
	if (r <= 0 || strncmp(line, want, strlen(want))) {
		if (r > 0 && !strncmp(line, "error ", 6))
			refused(line, msg, size);
		else
			snprintf(msg, size, "%s", r == 0 ? _("the server does not answer")
			         : r < 0 ? _("the server closed the connection")
			                 : _("not a nonaga server (or one of another protocol version)"));
		close(fd);
		return -1;
	}
	if (!a.unix_socket) {
		char own[NET_NAME_MAX + 1], cmd[128];
		net_own_name(own, sizeof own);
		int n = snprintf(cmd, sizeof cmd, "login %s %s\n", key, own);
		if (net_write(fd, cmd, (size_t)n) != n) {
			snprintf(msg, size, _("cannot write to the server: %s"), strerror(errno));
			close(fd);
			return -1;
		}
	}
	r = netclient_line(fd, line, sizeof line, 10000);
	if (r <= 0 || strncmp(line, "welcome ", 8) || !net_name_ok(line + 8)) {
		if (r > 0)
			refused(line, msg, size);
		else
			snprintf(msg, size, "%s", r == 0 ? _("the server does not answer")
			                                 : _("the server closed the connection"));
		close(fd);
		return -1;
	}
	if (o->as && !welcome_as(o, fd, line, sizeof line, msg, size)) {
		close(fd);
		return -1;
	}
	snprintf(name, name_size, "%s", line + 8);
	return fd;
}
