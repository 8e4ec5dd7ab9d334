/*
 * srvtest.h - what the tests of `nonaga --serve' share (test/server_test.c,
 * test/server_cmd_test.c, test/server_hostile_test.c): a server of the
 * test's own in a fresh directory, connections on its Unix socket, answers
 * compared with what they must be, the moves of a game played by the
 * engine with every clock checked (play), and the records it keeps.
 */
#ifndef NG_SRVTEST_H
#define NG_SRVTEST_H
#include "nonaga.h"
#include "tap.h"
#include "netc.h"
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>

static const char *nonaga;
static char dir[256], sock[300], logpath[300], state[300];

/* The program ($NONAGA), a fresh directory for the server's socket, log
 * and state (each test its own: tests may run at once), SIGPIPE ignored.
 * 0, or -1 without the directory. */
static inline int srv_setup(const char *name)
{
	nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	snprintf(dir, sizeof dir, "/tmp/nonaga-%s-test-XXXXXX", name);
	if (!mkdtemp(dir))
		return -1;
	snprintf(sock, sizeof sock, "%s/s.sock", dir);
	snprintf(logpath, sizeof logpath, "%s/log", dir);
	snprintf(state, sizeof state, "%s/state", dir);
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

/* The directory goes when every check passed; else the log's name is
 * said.  The exit status of the test. */
static inline int srv_done(const char *name)
{
	return tests_done_in(name, dir);
}

/* The server on the test's state, listening on the test's socket and on
 * a TCP port of the kernel's choice (into *port if port), with the
 * options of extra (NULL-terminated) after those; waits for the count-th
 * start in the log.  Its pid, or -1 (a server that did not start is
 * killed). */
static inline pid_t srv_up(int count, const char *const *extra, int *port)
{
	char l1[320], st[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(st, sizeof st, "%s", state);
	char *args[24] = { (char *)"--listen", l1, (char *)"--listen", (char *)"127.0.0.1:0",
	                   (char *)"--state", st };
	int n = 6;
	for (int i = 0; extra && extra[i] && n < 23; i++)
		args[n++] = (char *)extra[i];
	args[n] = NULL;
	pid_t pid = srv_start(nonaga, logpath, args);
	int p = srv_wait(logpath, count, 10000);
	if (port)
		*port = p;
	if (p < 0)
		srv_stop(pid, SIGKILL);   /* (a server that did not start stays no longer) */
	return p < 0 ? -1 : pid;
}

/* srv_up with a grace of one second and up to two more options. */
static inline pid_t start(int count, const char *extra1, const char *extra2, int *port)
{
	const char *extra[] = { "--grace", "1", extra1, extra2, NULL };
	return srv_up(count, extra, port);
}

/* The exit status of pid within ms (it is killed after): -1 if it did
 * not exit by itself, 1000 + the signal if one ended it. */
/* The line of the state's snapshot file (ratings, arenas, ...) that begins
 * with head made unreadable, its length kept (as a bad block would); the
 * file's bytes after it into copy (if copy): 1, or 0 when there is none. */
static inline int srv_damage_line(const char *file, const char *head, char *copy, size_t size)
{
	char path[400], buf[8192];
	snprintf(path, sizeof path, "%s/%s", state, file);
	FILE *f = fopen(path, "r+");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	buf[n] = 0;
	char *p = strstr(buf, head);
	if (!f || !p || (p != buf && p[-1] != '\n')) {
		if (f)
			fclose(f);
		return 0;
	}
	for (char *q = p; *q && *q != '\n'; q++)
		*q = '#';
	rewind(f);
	fwrite(buf, 1, n, f);
	fclose(f);
	if (copy)
		snprintf(copy, size, "%s", buf);
	return 1;
}

static inline int srv_exit_of(pid_t pid, int ms)
{
	int st = 0;
	int64_t end = tc_now() + ms;
	while (tc_now() < end) {
		if (waitpid(pid, &st, WNOHANG) == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 1000 + WTERMSIG(st);
		tc_sleep_ms(20);
	}
	srv_stop(pid, SIGKILL);
	return -1;
}

/* A small tmpfs (2 MB) mounted at mnt (made) and fill named in it, for
 * a full disk: NULL, or why not (as root only). */
static inline const char *srv_small_disk(char *mnt, size_t msize, char *fill, size_t fsize)
{
	snprintf(mnt, msize, "%s/mnt", dir);
	snprintf(fill, fsize, "%s/fill", mnt);
	if (geteuid() != 0)
		return "not root: cannot mount a small tmpfs";
	if (mkdir(mnt, 0700) < 0 || mount("tmpfs", mnt, "tmpfs", 0, "size=2m,mode=0700") < 0)
		return strerror(errno);
	return NULL;
}

/* The file system that holds path filled to the last byte with the file
 * path (a small tmpfs: test/diskfull_test.c, names_test.c). */
static inline void srv_fill_disk(const char *path)
{
	static char buf[1 << 16];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (size_t chunk = sizeof buf; fd >= 0 && chunk; chunk /= 2)
		while (write(fd, buf, chunk) == (ssize_t)chunk)
			;
	if (fd >= 0)
		close(fd);
}

static char me[64];   /* the login, as the server names it */

static inline int connect_unix(tc *t)
{
	char line[256];
	int ok = tc_unix(t, sock) == 0 && tc_expect(t, "welcome ", line, sizeof line, 3000);
	if (ok && !me[0])
		tc_copy(me, sizeof me, line + 8);
	return ok;
}

static inline int log_has(const char *text)
{
	FILE *f = fopen(logpath, "r");
	char line[2048];
	int found = 0;
	while (f && fgets(line, sizeof line, f))
		if (strstr(line, text))
			found = 1;
	if (f)
		fclose(f);
	return found;
}

/* The move the computer (level 5, a fixed seed) plays in g. */
static inline void best(ng_game *g, ng_search *s, char *mv)
{
	ng_info info;
	ng_search_run(s, g, NULL, NULL, NULL, &info);
	ng_move_format(ng_game_pos(g), info.best, mv);
}

/* What the test knows of a game's clocks: each side's time as the server
 * must have it after the last move, and when the running clock started,
 * in the test's own time: after lo and before hi. */
typedef struct clk {
	int64_t left[2], inc;
	int64_t lo, hi;
} clk;

static inline void clk_init(clk *k, int min, int inc)
{
	k->left[0] = k->left[1] = (int64_t)min * 60000;
	k->inc = (int64_t)inc * 1000;
	k->lo = k->hi = 0;
}

/* Is v what the running clock of a side that had left ms can show when
 * the server read it between t0 and t1?  (2 ms for the rounding of two
 * clocks to milliseconds.) */
static inline int clk_ran(const clk *k, int64_t left, long long v, int64_t t0, int64_t t1)
{
	int64_t most = left - (t0 - k->hi), least = left - (t1 - k->lo);
	if (most > left)
		most = left;
	if (v >= least - 2 && v <= most + 2)
		return 1;
	fprintf(stderr, "a clock of %lld ms, not within %lld..%lld\n", v, (long long)least,
	        (long long)most);
	return 0;
}

/* "clock RED_MS BLUE_MS", read between t0 and t1 with side to move: the
 * side to move's time ran from the last move, the other's is exact. */
static inline int clk_line(const clk *k, const char *line, int side, int64_t t0, int64_t t1)
{
	long long t[2];
	int n = 0;
	if (sscanf(line, "clock %lld %lld%n", &t[0], &t[1], &n) != 2 || line[n])
		return fprintf(stderr, "not a clock line: '%s'\n", line), 0;
	if (t[!side] != k->left[!side])
		return fprintf(stderr, "'%s': the waiting side's clock moved from %lld\n", line,
		               (long long)k->left[!side]), 0;
	return clk_ran(k, k->left[side], t[side], t0, t1);
}

/* The clock of k's game starts when the second seat is taken, between
 * t0 and t1. */
static inline void clk_start(clk *k, int64_t t0, int64_t t1)
{
	k->lo = t0;
	k->hi = t1;
}

/* "moved N MOVE[ RED_MS BLUE_MS]" by side, with the ok answered between
 * t0 and t1, seen at t2: with a clock (k), the mover's clock is its time
 * less its thinking plus the increment, the opponent's is unchanged. */
static inline int clk_moved(clk *k, const char *line, const char *want, int side, int64_t t0,
                     int64_t t1, int64_t t2)
{
	size_t w = strlen(want);
	long long t[2];
	int n = 0;
	if (!k)
		return !strcmp(line, want) || (fprintf(stderr, "'%s', not '%s'\n", line, want), 0);
	if (strncmp(line, want, w) || sscanf(line + w, " %lld %lld%n", &t[0], &t[1], &n) != 2 ||
	    line[w + (size_t)n])
		return fprintf(stderr, "'%s', not '%s RED_MS BLUE_MS'\n", line, want), 0;
	if (t[!side] != k->left[!side])
		return fprintf(stderr, "'%s': the opponent's clock moved from %lld\n", line,
		               (long long)k->left[!side]), 0;
	if (!clk_ran(k, k->left[side] + k->inc, t[side], t0, t1))
		return fprintf(stderr, "'%s': the mover was charged wrong\n", line), 0;
	k->left[0] = t[0];
	k->left[1] = t[1];
	clk_start(k, t0, t2);
	return 1;
}

/* Play one move of g by who: "ok", then who, the other and the watcher
 * (if any) see it as the same line "moved N MOVE", with the clocks k
 * says (k: NULL without a clock).  1 if everyone did. */
static inline int play(ng_game *g, ng_search *s, tc *who, tc *other, tc *watcher, clk *k)
{
	char mv[NG_MOVE_TEXT], cmd[200], want[200], got[300], line[300];
	ng_move m;
	int side = ng_pos_side(ng_game_pos(g));
	best(g, s, mv);
	ng_move_parse(ng_game_pos(g), mv, &m);
	ng_game_play(g, m);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	int64_t t0 = tc_now();
	if (!tc_ask(who, got, sizeof got, cmd) || strcmp(got, "ok"))
		return fprintf(stderr, "move %s: %s\n", mv, got), 0;
	int64_t t1 = tc_now();
	if (!tc_expect(who, "moved ", line, sizeof line, 3000))
		return fprintf(stderr, "the mover saw no '%s'\n", want), 0;
	if (!clk_moved(k, line, want, side, t0, t1, tc_now()))
		return fprintf(stderr, "(the mover's line)\n"), 0;
	tc_copy(want, sizeof want, line);   /* everyone gets the same line */
	if (!tc_expect(other, "moved ", line, sizeof line, 3000) || strcmp(line, want))
		return fprintf(stderr, "opponent saw '%s', not '%s'\n", line, want), 0;
	if (watcher && (!tc_expect(watcher, "moved ", line, sizeof line, 3000) || strcmp(line, want)))
		return fprintf(stderr, "watcher saw '%s', not '%s'\n", line, want), 0;
	return 1;
}

/* The next lines of t are the moves of g as a sync gives them. */
static inline int sync_moves(tc *t, const ng_game *g)
{
	char want[200], got[300], mv[NG_MOVE_TEXT];
	for (int i = 0; i < ng_game_ply(g); i++) {
		ng_move_format(ng_game_pos_at(g, i), ng_game_move_at(g, i), mv);
		snprintf(want, sizeof want, "moved %d %s", i + 1, mv);
		if (!tc_next(t, want, got, sizeof got))
			return fprintf(stderr, "sync: '%s', not '%s'\n", got, want), 0;
	}
	return 1;
}

static inline int answer_is(tc *t, const char *cmd, const char *prefix)
{
	char got[512];
	if (!tc_ask(t, got, sizeof got, cmd))
		return fprintf(stderr, "%s: no answer\n", cmd), 0;
	if (strncmp(got, prefix, strlen(prefix)))
		return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, prefix), 0;
	return 1;
}

static inline int file_has(const char *path, const char *text)
{
	FILE *f = fopen(path, "r");
	char buf[1 << 16];
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	return strstr(buf, text) != NULL;
}

/* The moves of a record in the finished/ directory whose name ends in
 * -NAME.rec, into g; 1 if there is one and it parses. */
static inline int finished_record(const char *name, ng_game **g, ng_record_info *info)
{
	char cmd[600], path[600] = "";
	snprintf(cmd, sizeof cmd, "ls %s/finished/*-%s.rec 2>/dev/null", state, name);
	FILE *p = popen(cmd, "r");
	if (!p || !fgets(path, sizeof path, p)) {
		if (p)
			pclose(p);
		return 0;
	}
	pclose(p);
	path[strcspn(path, "\n")] = 0;
	int fd = open(path, O_RDONLY);
	char *text;
	size_t len;
	int ok = fd >= 0 && ng_record_read_fd(fd, &text, &len) == NG_OK;
	if (fd >= 0)
		close(fd);
	if (!ok)
		return 0;
	ok = ng_record_parse(text, len, g, info, NULL) == NG_OK;
	free(text);
	return ok;
}

/* The lines a list command (games, who) answers, those of its items
 * (beginning with item) up to its "ok N", joined by '|', are exactly want;
 * events that came before are passed over. */
static inline void list_get(tc *t, const char *cmd, const char *item, char *got,
                            size_t size)
{
	char line[600];
	size_t len = 0;
	got[0] = 0;
	tc_send(t, "%s", cmd);
	while (tc_line(t, line, sizeof line, 5000) > 0) {
		int end = !strncmp(line, "ok", 2) || !strncmp(line, "error", 5);
		if (end || !strncmp(line, item, strlen(item)))
			len += (size_t)snprintf(got + len, size - len, "%s%s", len ? "|" : "", line);
		if (end || len >= size)
			break;
	}
}

static inline int list_is(tc *t, const char *cmd, const char *item, const char *want)
{
	char got[4096];
	list_get(t, cmd, item, got, sizeof got);
	if (!strcmp(got, want))
		return 1;
	return fprintf(stderr, "%s: '%s',\n  not '%s'\n", cmd, got, want), 0;
}

/* The same, asked again every 0.1 s until it is so (a computer's move
 * on its way) or 10 s have passed. */
static inline int list_becomes(tc *t, const char *cmd, const char *item,
                               const char *want)
{
	char got[4096];
	for (int i = 0; i < 100; i++) {
		list_get(t, cmd, item, got, sizeof got);
		if (!strcmp(got, want))
			return 1;
		tc_sleep_ms(100);
	}
	return list_is(t, cmd, item, want);
}

/* The side an "ok seat SIDE TOKEN" answer gives (-1: none), and its token. */
static inline int seat_of(const char *answer, char *token)
{
	char side[16];
	if (sscanf(answer, "ok seat %15s %32s", side, token) != 2 || strlen(token) != 32)
		return -1;
	return !strcmp(side, "red") ? NG_RED : !strcmp(side, "blue") ? NG_BLUE : -1;
}

#endif
