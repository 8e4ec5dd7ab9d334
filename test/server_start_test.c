/*
 * server_start_test.c - a server's start (nonaga(6), FILES: the state
 * directory's lock; games/NAME.rec.bad):
 *
 *   - one server to a state directory: while one serves, a second one on
 *     the same directory, at another socket or at the same one, exits
 *     with status 1 and "another server (pid N) uses STATE" and has
 *     changed no byte there (every file's name, inode, size, times and
 *     contents compared); the first goes on acknowledging moves, and
 *     after SIGTERM and a restart, then SIGKILL and a restart, every
 *     acknowledged move is in the game;
 *   - a record that does not load is moved aside, never overwritten:
 *     NAME.rec.bad (NAME.rec.bad.2 when that is taken) holds its bytes,
 *     the log says so, and a new game of that name can be hosted;
 *   - a fresh start and the start after it (which replays the fresh
 *     journal's "0 base") log no warning about it; "up to 1 client";
 *   - host refuses words after the last it takes; a connection of the
 *     --gateway account that says anything but `as' is told what a
 *     gateway must send first.
 *
 * $NONAGA is the program (build/nonaga by default).
 */
#include "nonaga.h"
#include "tap.h"
#include "netc.h"
#include "srvtest.h"
#include <dirent.h>
#include <sys/wait.h>

static int starts;   /* " serving " lines in logpath */

static pid_t start_a(void)
{
	return start(++starts, NULL, NULL, NULL);
}

/* The exit status of pid within ms (it is killed after): -1 if it did
 * not exit by itself, 1000 + the signal if one ended it. */
static int exit_of(pid_t pid, int ms)
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

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int ch;
	while (f && (ch = fgetc(f)) != EOF) {
		if (n + 2 > cap) {
			char *b = realloc(buf, cap = cap ? cap * 2 : 4096);
			if (!b)
				break;
			buf = b;
		}
		buf[n++] = (char)ch;
	}
	if (f)
		fclose(f);
	if (!buf)
		buf = calloc(1, 1);
	else
		buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

/* Every file under path, one line each: its name, inode, mode, size,
 * modification and change times (ns) and an FNV-1a hash of its bytes. */
static void listing(const char *path, const char *rel, char *out, size_t size)
{
	struct dirent **names;
	int n = scandir(path, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		char p[1024], r[1024];
		struct stat st;
		if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", path, names[i]->d_name);
			snprintf(r, sizeof r, "%s/%s", rel, names[i]->d_name);
			uint64_t h = 14695981039346656037ULL;
			size_t len = 0;
			if (lstat(p, &st) == 0 && S_ISREG(st.st_mode)) {
				char *b = slurp(p, &len);
				for (size_t k = 0; k < len; k++)
					h = (h ^ (unsigned char)b[k]) * 1099511628211ULL;
				free(b);
			}
			size_t at = strlen(out);
			snprintf(out + at, size - at, "%s %lu %o %lld %lld.%09ld %lld.%09ld %016llx\n", r,
			         (unsigned long)st.st_ino, (unsigned)st.st_mode, (long long)st.st_size,
			         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			         (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec, (unsigned long long)h);
			if (S_ISDIR(st.st_mode))
				listing(p, r, out, size);
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

/* pid of the server that serves, as its log says last. */
static long serving_pid(void)
{
	char *log = slurp(logpath, NULL), *p = log, *at;
	long pid = 0;
	while ((at = strstr(p, "(pid ")) && strstr(at, ") serving ")) {
		pid = atol(at + 5);
		p = at + 5;
	}
	free(log);
	return pid;
}

/* A second server on the state directory, at listen: refused, and the
 * directory as it was. */
static void second_server(const char *listen, const char *what)
{
	static char before[1 << 16], after[1 << 16];
	char lb[320], st[320], logb[320], want[700], l[320];
	before[0] = after[0] = 0;
	listing(state, ".", before, sizeof before);
	snprintf(logb, sizeof logb, "%s/log-second", dir);
	unlink(logb);
	snprintf(l, sizeof l, "%s", listen);
	snprintf(st, sizeof st, "%s", state);
	char *args[] = { (char *)"--listen", l, (char *)"--state", st, NULL };
	int status = exit_of(srv_start(nonaga, logb, args), 10000);
	CHECK(status == 1, "a second server (%s) exits with status 1, not %d", what, status);
	char *said = slurp(logb, NULL);
	snprintf(want, sizeof want, "nonaga: another server (pid %ld) uses %s\n", serving_pid(),
	         state);
	CHECK(!strcmp(said, want), "and says only '%.*s', not '%s'", (int)strlen(want) - 1, want,
	      said);
	free(said);
	listing(state, ".", after, sizeof after);
	CHECK(before[0] && !strcmp(before, after),
	      "and has changed no byte of the state directory:\n%s\nnow:\n%s", before, after);
	snprintf(lb, sizeof lb, "%s/b.sock", dir);
	CHECK(access(lb, F_OK) < 0, "nor listened at unix:%s", lb);
}

/* One move of g1 by who (the first legal move that does not end the
 * game): acknowledged, and both players told "moved N MOVE". */
static int move(ng_game *g, tc *who, tc *other)
{
	static ng_movelist list;
	char mv[NG_MOVE_TEXT], cmd[200], want[200], line[300];
	int k = 0, n = ng_generate(ng_game_pos(g), &list);
	for (; k < n; k++) {
		ng_game_play(g, list.m[k]);
		if (ng_game_result(g) == NG_NONE)
			break;
		ng_game_undo(g);
	}
	if (k == n)
		return 0;
	ng_move_format(ng_game_pos_at(g, ng_game_ply(g) - 1), list.m[k], mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	if (!tc_ask(who, line, sizeof line, cmd) || strcmp(line, "ok"))
		return fprintf(stderr, "%s: %s\n", cmd, line), 0;
	return tc_expect(who, "moved ", line, sizeof line, 3000) && !strcmp(line, want) &&
	       tc_expect(other, "moved ", line, sizeof line, 3000) && !strcmp(line, want);
}

/* Connect two players to g1 again after a restart: its moves are g's. */
static int rejoin(tc *a, tc *b, const ng_game *g)
{
	char want[300], line[300];
	if (!connect_unix(a) || !connect_unix(b) || !answer_is(a, "join g1 red", "ok seat red ") ||
	    !answer_is(b, "join g1 blue", "ok seat blue "))
		return 0;
	snprintf(want, sizeof want, "sync g1 rules=standard clock=none red=%s blue=%s moves=%d "
	         "result=none how=- you=blue ratings=-:-", me, me, ng_game_ply(g));
	if (!tc_next(b, want, line, sizeof line))
		return fprintf(stderr, "sync: '%s', not '%s'\n", line, want), 0;
	return sync_moves(b, g);
}

static void one_server(void)
{
	tc a, b;
	char lb[320], la[320];
	ng_game *g = ng_game_new(NG_STANDARD);
	pid_t pid = start_a();
	CHECK(pid > 0, "a server starts");
	CHECK(connect_unix(&a) && connect_unix(&b) && answer_is(&a, "host g1 red", "ok seat red ") &&
	      answer_is(&b, "join g1", "ok seat blue "), "g1 hosted and joined");
	int ok = 1;
	for (int i = 0; i < 4 && ok; i++)
		ok = move(g, i % 2 ? &b : &a, i % 2 ? &a : &b);
	CHECK(ok, "four moves acknowledged");
	snprintf(lb, sizeof lb, "unix:%s/b.sock", dir);
	second_server(lb, "at another socket");
	snprintf(la, sizeof la, "unix:%s", sock);
	second_server(la, "at the same socket");
	for (int i = 4; i < 10 && ok; i++)
		ok = move(g, i % 2 ? &b : &a, i % 2 ? &a : &b);
	CHECK(ok, "the first server goes on: moves 5 to 10 acknowledged");
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);
	pid = start_a();
	CHECK(pid > 0 && rejoin(&a, &b, g), "after SIGTERM and a restart: all 10 moves");
	for (int i = 10; i < 12 && ok; i++)
		ok = move(g, i % 2 ? &b : &a, i % 2 ? &a : &b);
	CHECK(ok, "moves 11 and 12 acknowledged");
	second_server(lb, "again");
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGKILL);
	pid = start_a();
	CHECK(pid > 0 && rejoin(&a, &b, g), "after SIGKILL and a restart: all 12 moves");
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);
	ng_game_free(g);
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;
	if (f)
		ok = fclose(f) == 0 && ok;
	return ok;
}

static int file_is(const char *path, const char *text)
{
	char *got = slurp(path, NULL);
	int same = access(path, F_OK) == 0 && !strcmp(got, text);
	free(got);
	return same;
}

static void set_aside(void)
{
	static const char junk[] = "[Event \"not a game of nonaga\"]\n1. zz9\n",
	                  other[] = "what was here before\n";
	char p[400], p2[420], p3[420], q[400], q2[420], q3[420], msg[600], line[600];
	tc a, b;
	snprintf(p, sizeof p, "%s/games/bad1.rec", state);
	snprintf(q, sizeof q, "%s/games/bad2.rec", state);
	CHECK(write_file(p, junk) && write_file(q, "\x01\x02 torn"), "two broken records");
	snprintf(q2, sizeof q2, "%s.bad", q);
	CHECK(write_file(q2, other), "and a bad2.rec.bad from before");
	pid_t pid = start_a();
	CHECK(pid > 0, "the server starts with them");
	snprintf(p2, sizeof p2, "%s.bad", p);
	snprintf(q3, sizeof q3, "%s.bad.2", q);
	CHECK(access(p, F_OK) < 0 && file_is(p2, junk), "bad1.rec is now bad1.rec.bad, its bytes kept");
	CHECK(access(q, F_OK) < 0 && file_is(q3, "\x01\x02 torn") && file_is(q2, other),
	      "bad2.rec is bad2.rec.bad.2: the .bad from before is kept as it was");
	snprintf(msg, sizeof msg, "games/bad1.rec does not load: ");
	CHECK(log_has(msg), "the log says that bad1.rec does not load");
	snprintf(msg, sizeof msg, "moved aside to %s", p2);
	CHECK(log_has(msg), "and where it went");
	CHECK(connect_unix(&a) && answer_is(&a, "host bad1 red", "ok seat red ") &&
	      connect_unix(&b) && answer_is(&b, "join bad1", "ok seat blue "),
	      "the name bad1 is free: a new game takes it");
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);
	pid = start_a();   /* (the new bad1 compacted into games/bad1.rec) */
	CHECK(pid > 0 && file_is(p2, junk), "the old record's bytes survive the new game");
	snprintf(p3, sizeof p3, "%s.bad.2", p);
	snprintf(msg, sizeof msg, "sync bad1 rules=standard clock=none red=%s blue=%s moves=0 "
	         "result=none how=- you=watch ratings=-:-", me, me);
	CHECK(access(p3, F_OK) < 0 && connect_unix(&a) && answer_is(&a, "watch bad1", "ok watch") &&
	      tc_next(&a, msg, line, sizeof line),
	      "and the new bad1 is kept, nothing more set aside: %s", line);
	tc_close(&a);
	srv_stop(pid, SIGTERM);
}

static void small(void)
{
	char msg[400], line[600], l[320], st[320], logg[320];
	tc a, b;
	/* the starts above: none warned of the journal's first entry */
	CHECK(!log_has("does not apply"), "no start warned that an entry does not apply");
	CHECK(!log_has("0 base"), "nor named the fresh journal's first entry");
	pid_t pid = start(++starts, "--max-clients", "1", NULL);
	snprintf(msg, sizeof msg, " from %s, up to 1 client\n", state);
	CHECK(pid > 0 && log_has(msg), "'up to 1 client'");
	srv_stop(pid, SIGTERM);

	pid = start_a();
	CHECK(connect_unix(&a), "a player");
	CHECK(answer_is(&a, "host h1 red standard clock 5+0 for bob junk", "error bad-argument use: host NAME "),
	      "host with a word after the last it takes is refused, with the usage");
	CHECK(answer_is(&a, "host h1 red standard clock 5+0 for bob", "ok seat red "),
	      "without it, the same game is hosted");
	CHECK(answer_is(&a, "host h2 red standard simple clock 5+0 for bob", "error bad-argument"),
	      "(nine words: the ninth is refused too)");
	snprintf(msg, sizeof msg, "game h1 standard 5+0 %s - 0 open for=bob ratings=-:- kind=human:-|ok 3", me);
	CHECK(list_is(&a, "games", "game h", msg), "h1 is hosted, h2 not (g1 and bad1 are on)");
	tc_close(&a);
	srv_stop(pid, SIGTERM);

	/* a fresh state directory: its first start, and the next one, which
	 * replays the fresh journal's "0 base", warn of nothing */
	snprintf(l, sizeof l, "unix:%s/g.sock", dir);
	snprintf(st, sizeof st, "%s/gstate", dir);
	snprintf(logg, sizeof logg, "%s/log-gateway", dir);
	char *fresh[] = { (char *)"--listen", l, (char *)"--state", st, NULL };
	pid = srv_start(nonaga, logg, fresh);
	CHECK(srv_wait(logg, 1, 10000) >= 0, "a server in a fresh state directory");
	srv_stop(pid, SIGTERM);
	/* a gateway's connection must say `as' first */
	char *args[] = { (char *)"--listen", l, (char *)"--state", st, (char *)"--gateway", me, NULL };
	pid = srv_start(nonaga, logg, args);
	CHECK(srv_wait(logg, 2, 10000) >= 0, "started again, its gateway %s", me);
	char *said = slurp(logg, NULL);
	CHECK(!strstr(said, "does not apply") && !strstr(said, "0 base"),
	      "neither start warned of the journal's first entry:\n%s", said);
	free(said);
	snprintf(l, sizeof l, "%s/g.sock", dir);
	snprintf(msg, sizeof msg, "welcome %s", me);
	CHECK(tc_unix(&b, l) == 0 && tc_expect(&b, msg, NULL, 0, 3000), "the gateway connects");
	CHECK(tc_ask(&b, line, sizeof line, "games") &&
	      !strcmp(line, "error login-required the gateway says which player this is first: "
	                    "as FINGERPRINT ADDR [name NAME | code CODE]; closing"),
	      "a gateway that sends games is told to say `as' first: %s", line);
	CHECK(tc_closed(&b, 3000), "and closed");
	srv_stop(pid, SIGTERM);
}

int main(void)
{
	if (srv_setup("start") < 0)
		return 1;
	one_server();
	set_aside();
	small();
	return srv_done("server_start");
}
