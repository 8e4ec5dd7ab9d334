/*
 * names_test.c - the state file `names' (who owns each name, nonaga(6),
 * FILES) meets the faults an administrator meets, and never gives a name
 * away:
 *
 *   - damaged (a last line cut short, bytes of garbage, one name twice in
 *     two cases, a uid that is not a number): the server does not start,
 *     exits with status 1 and says in one line which line of which file,
 *     and the file is left as it was; a blank line (an edit's leftover)
 *     is no damage;
 *   - a full disk while it is written (a small tmpfs, as root; elsewhere
 *     that part says it skipped): a new TCP name and a new account are
 *     refused with the answers of nonaga(6), the file keeps what it held
 *     and no temporary file stays; with room again both are welcomed,
 *     kept, and still theirs after SIGKILL and a restart.
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"
#include <dirent.h>
#include <strings.h>

static char mnt[280], fill[300];

/* Send cmd: the next line is exactly want. */
static int says(tc *t, const char *cmd, const char *want, char *got, size_t size)
{
	return tc_send(t, "%s", cmd) == 0 && tc_next(t, want, got, size);
}

static int write_names(const char *text)
{
	char path[400];
	snprintf(path, sizeof path, "%s/names", state);
	FILE *f = fopen(path, "w");
	if (!f)
		return 0;
	fputs(text, f);
	return fclose(f) == 0;
}

/* Does names hold exactly want? */
static int names_are(const char *want)
{
	char path[400], buf[4096];
	snprintf(path, sizeof path, "%s/names", state);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	if (!f || strcmp(buf, want))
		return fprintf(stderr, "names holds '%s', not '%s'\n", buf, want), 0;
	return 1;
}

/* The server's TCP key, as its state directory keeps it. */
static void read_key(char *key, size_t size)
{
	char path[400];
	snprintf(path, sizeof path, "%s/key", state);
	FILE *f = fopen(path, "r");
	key[0] = 0;
	if (f && fgets(key, (int)size, f))
		key[strcspn(key, "\n")] = 0;
	if (f)
		fclose(f);
}

/* The log's last line. */
static void last_line(char *out, size_t size)
{
	FILE *f = fopen(logpath, "r");
	char line[2048];
	out[0] = 0;
	while (f && fgets(line, sizeof line, f))
		snprintf(out, size, "%s", line);
	if (f)
		fclose(f);
}

/* names holding text (its line no the damaged one): the server refuses
 * to start and says so; the file is as it was. */
static void damaged(const char *what, const char *text, int no)
{
	char st[320], l1[320], said[2048], want[1024];
	CHECK(write_names(text), "%s: names written", what);
	unlink(logpath);
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(st, sizeof st, "%s", state);
	char *args[] = { (char *)"--listen", l1, (char *)"--state", st, NULL };
	int status = srv_exit_of(srv_start(nonaga, logpath, args), 10000);
	CHECK(status == 1, "%s: the server exits with status 1, not %d", what, status);
	last_line(said, sizeof said);
	snprintf(want, sizeof want, "nonaga: %s/names, line %d: not a name's owner; the server "
	         "does not start rather than give a name to another: correct or remove the line "
	         "(nonaga(6), FILES)\n", state, no);
	CHECK(!strcmp(said, want), "%s: its last line is '%s', not '%.*s'", what, said,
	      (int)strlen(want) - 1, want);
	CHECK(names_are(text), "%s: names is left as it was", what);
}

static void damage_part(void)
{
	damaged("a last line cut short", "alice uid 1000\nbob uid 10", 2);
	damaged("garbage", "alice uid 1000\n\x01\x7f\xff garbage\nbob tcp\n", 2);
	damaged("one name twice", "Bob tcp\ncarol tcp\nbob uid 1001\n", 3);
	damaged("a uid not a number", "carol uid x\n", 1);
	damaged("a kind unknown", "dave uid 1002\ndave2 key\n", 2);
	/* a blank line is no damage: the names around it stay their owners' */
	CHECK(write_names("alice uid 4242\n\nmallory tcp\n"), "names with a blank line");
	unlink(logpath);
	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "a blank line in names: the server starts");
	tc t;
	char key[64] = "", got[300];
	read_key(key, sizeof key);
	char cmd[256];
	snprintf(cmd, sizeof cmd, "login %s alice", key);
	CHECK(pid > 0 && tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	      says(&t, cmd, "welcome alice.tcp", got, sizeof got),
	      "... alice, whose uid owns her name, stays hers: over TCP it is alice.tcp: %s", got);
	if (pid > 0)
		tc_close(&t);
	srv_stop(pid, SIGTERM);
}

/* Is a temporary file (a name ending in .tmp) left in the state? */
static int tmp_left(void)
{
	DIR *d = opendir(state);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d))) {
		size_t l = strlen(e->d_name);
		n += l > 4 && !strcmp(e->d_name + l - 4, ".tmp");
	}
	if (d)
		closedir(d);
	return n;
}

static void full_part(void)
{
	char got[512], want[512], cmd[256], key[64] = "";
	tc t, u;
	snprintf(state, sizeof state, "%s/state", mnt);
	mkdir(state, 0700);
	CHECK(write_names("zed tcp\n"), "names on the tmpfs");
	unlink(logpath);
	int port = 0;
	pid_t pid = start(1, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts with its state on the tmpfs");
	if (pid < 0)
		return;
	read_key(key, sizeof key);
	snprintf(cmd, sizeof cmd, "login %s newbie", key);

	srv_fill_disk(fill);
	CHECK(tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	      tc_answer(&t, cmd, "error server-error the server cannot keep a new name now; try "
	                "later", got, sizeof got), "the disk full, a new TCP name is refused: %s", got);
	tc_close(&t);
	CHECK(tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	      tc_answer(&t, cmd, "error server-error the server cannot keep a new name now; try "
	                "later", got, sizeof got), "... again: the name was not given unkept: %s", got);
	tc_close(&t);
	CHECK(tc_unix(&u, sock) == 0 && tc_expect(&u, "hello ", NULL, 0, 3000) &&
	      tc_expect(&u, "", got, sizeof got, 3000) &&
	      !strcmp(got, "error login-refused the server cannot keep your name now; try later") &&
	      tc_closed(&u, 3000), "... and so is this account, then closed: %s", got);
	tc_close(&u);
	snprintf(want, sizeof want, "cannot keep the players' names in %s/names: No space left "
	         "on device", state);
	CHECK(log_has(want), "the log says why");
	CHECK(names_are("zed tcp\n"), "names keeps what it held");
	CHECK(tmp_left() == 0, "no temporary file is left in the state directory");

	unlink(fill);
	CHECK(tc_tcp(&t, port) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	      says(&t, cmd, "welcome newbie", got, sizeof got),
	      "with room again, the TCP name is welcomed: %s", got);
	tc_close(&t);
	CHECK(connect_unix(&u), "... and the account");
	tc_close(&u);
	/* (the lines in the order of their names, as the server keeps them) */
	char mine[128];
	snprintf(mine, sizeof mine, "%s uid %lu\n", me, (unsigned long)geteuid());
	snprintf(want, sizeof want, "%s%s%s", strcasecmp(me, "newbie") < 0 ? mine : "",
	         "newbie tcp\n", strcasecmp(me, "newbie") < 0 ? "" : mine);
	if (strcasecmp(me, "zed") < 0)
		snprintf(want + strlen(want), sizeof want - strlen(want), "zed tcp\n");
	else   /* (a login after zed) */
		snprintf(want, sizeof want, "newbie tcp\nzed tcp\n%s", mine);
	CHECK(names_are(want), "... both kept in names");
	srv_stop(pid, SIGKILL);
	pid = start(2, NULL, NULL, &port);
	CHECK(pid > 0, "the server starts again after SIGKILL, names read");
	CHECK(names_are(want), "... and names holds both still");
	CHECK(connect_unix(&u), "... the account is welcomed as its name's owner");
	tc_close(&u);
	srv_stop(pid, SIGTERM);
}

int main(void)
{
	if (srv_setup("names") < 0)
		return perror("mkdtemp"), 1;
	mkdir(state, 0700);
	damage_part();
	const char *skip = srv_small_disk(mnt, sizeof mnt, fill, sizeof fill);
	if (skip) {
		tests_skip("names", skip);
	} else {
		full_part();
		umount2(mnt, MNT_DETACH);
		rmdir(mnt);
	}
	return srv_done("names");
}
