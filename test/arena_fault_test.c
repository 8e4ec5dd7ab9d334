/*
 * arena_fault_test.c - what an administrator meets, for the server's
 * arenas (the journal's arena rows and the state file `arenas'): a
 * second server on the state directory changes nothing; after a SIGKILL
 * every arena acknowledged is back as it was told; a line of `arenas'
 * damaged costs only that arena (not those after it), the log says which
 * line, and the file's bytes as they were are kept beside it (as a
 * damaged line of `ratings', the other snapshot, is); on a full
 * disk an arena is refused (error disk-full) and nothing is kept, and
 * with room again it is made, kept through a SIGKILL.  What comes back is
 * compared with what `arenas' answered before, but for the seconds left,
 * which run on.
 */
#include "srvtest.h"
#include <dirent.h>
#include <sys/wait.h>

static int port, starts;
static char mnt[280], fill[290];

static pid_t up(void)
{
	return start(++starts, NULL, NULL, &port);
}

/* `arenas', each line without its seconds left (its 4th word) and its
 * you= (the asker's connection, which a restart closes: in becomes
 * away), joined by '|' into out. */
static int arenas_now(tc *t, char *out, size_t size)
{
	char line[600];
	size_t len = 0;
	out[0] = 0;
	tc_send(t, "arenas");
	while (tc_line(t, line, sizeof line, 5000) > 0) {
		if (!strncmp(line, "ok", 2))
			return 1;
		char *sp = line;   /* the space before the 4th word, then after it */
		for (int k = 0; k < 3 && sp; k++)
			sp = strchr(sp + (k > 0), ' ');
		char *end = sp ? strchr(sp + 1, ' ') : NULL;
		if (sp)
			memmove(sp, end ? end : sp + strlen(sp), strlen(end ? end : sp + strlen(sp)) + 1);
		if ((sp = strstr(line, " you=")))
			*sp = 0;
		len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s",
		                        len ? "|" : "", line);
	}
	return 0;
}

/* A second `nonaga --serve' on the same state: its exit status. */
static int second_server(void)
{
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "%s --serve --state %s --listen unix:%s/other.sock "
	         ">>%s/second.log 2>&1", nonaga, state, dir, dir);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char damaged[8192];   /* the bytes srv_damage_line left */

/* The state directory's files NAME.damaged-*: how many, and whether the
 * one there holds exactly want's bytes. */
static int kept_aside(const char *name, const char *want)
{
	char prefix[80], path[700], buf[8192];
	int n = 0, same = 0;
	snprintf(prefix, sizeof prefix, "%s.damaged-", name);
	DIR *d = opendir(state);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, prefix, strlen(prefix)))
			continue;
		snprintf(path, sizeof path, "%s/%s", state, e->d_name);
		FILE *f = fopen(path, "r");
		size_t len = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
		buf[len] = 0;
		if (f)
			fclose(f);
		n++;
		same = len == strlen(want) && !memcmp(buf, want, len);
	}
	if (d)
		closedir(d);
	return n == 1 && same;
}

static void on_disk(void)
{
	char before[2048], after[2048], got[600];
	pid_t pid = up();
	tc t;
	CHECK(pid > 0 && tc_login(&t, port, state, "hal") &&
	      tc_answer(&t, "arena f1 30 3+2", "ok", got, sizeof got) &&
	      tc_answer(&t, "arena f2 30 5+0 simple", "ok", got, sizeof got) &&
	      tc_answer(&t, "enter f1", "ok", got, sizeof got), "two arenas, hal in f1: %s", got);
	CHECK(arenas_now(&t, before, sizeof before) && strstr(before, "arena f1 ") &&
	      strstr(before, "arena f2 "), "arenas lists both: %s", before);

	CHECK(second_server() == 1, "a second server on the state directory exits 1");
	CHECK(arenas_now(&t, after, sizeof after) && !strcmp(after, before),
	      "... and changes nothing the first told: '%s', not '%s'", after, before);
	tc_close(&t);

	CHECK(srv_stop(pid, SIGKILL) >= 0 && (pid = up()) > 0, "SIGKILL, started again");
	CHECK(tc_login(&t, port, state, "hal") && arenas_now(&t, after, sizeof after) &&
	      !strcmp(after, before), "after the SIGKILL: '%s', not '%s'", after, before);
	tc_close(&t);

	/* the restart's compaction wrote the arenas to `arenas' */
	CHECK(srv_stop(pid, SIGTERM) >= 0 &&
	      srv_damage_line("arenas", "arena f1 ", damaged, sizeof damaged),
	      "stopped; f1's line of arenas made unreadable");
	CHECK((pid = up()) > 0, "the server starts with a damaged line in arenas");
	char one[2048];
	const char *bar = strchr(before, '|');   /* (listed as they were made) */
	snprintf(one, sizeof one, "%s", bar ? bar + 1 : "");   /* f2's line */
	CHECK(tc_login(&t, port, state, "hal") && arenas_now(&t, after, sizeof after) &&
	      !strcmp(after, one), "only f1 is lost: '%s', not '%s'", after, one);
	CHECK(log_has("/arenas: line ") && log_has("is not an arena: skipped"),
	      "the log names the damaged line");
	CHECK(kept_aside("arenas", damaged) && log_has("arenas: 2 lines not read: the file's bytes are kept"),
	      "the damaged file's bytes are kept beside it, once, and the log says where");
	tc_close(&t);
	srv_stop(pid, SIGTERM);
}

/* A damaged line of `ratings' costs that player's rating only, and the
 * file's bytes are kept aside. */
static void damaged_ratings(void)
{
	char path[400];
	const char *text = "seq 0\nann 1712.50 80.00 0.060000 9\n#### 1 2 3\n"
	                   "bob 1433.25 120.00 0.060000 4\n";
	snprintf(state, sizeof state, "%s/rstate", dir);
	mkdir(state, 0700);
	snprintf(path, sizeof path, "%s/ratings", state);
	FILE *f = fopen(path, "w");
	CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0, "a ratings file with a damaged line");
	pid_t pid = up();
	tc t;
	CHECK(pid > 0 && tc_login(&t, port, state, "cat"), "the server starts with it");
	CHECK(list_is(&t, "ratings", "rating ", "rating ann 1712.50 80.00 9 kind=human|"
	              "rating bob 1433.25 120.00 4 kind=human|ok 2"), "the others' ratings are whole");
	CHECK(kept_aside("ratings", text) && log_has("ratings: 1 line not read: the file's bytes are kept"),
	      "the file's bytes are kept beside it, and the log says where");
	tc_close(&t);
	srv_stop(pid, SIGTERM);
}

static void full_disk(void)
{
	char got[600], list[2048];
	snprintf(state, sizeof state, "%s/state", mnt);
	pid_t pid = up();
	tc t;
	CHECK(pid > 0 && tc_login(&t, port, state, "ida"), "a server with its state on a tmpfs");
	srv_fill_disk(fill);
	CHECK(tc_answer(&t, "arena g1 30 3+2", "error disk-full the server cannot keep an arena now; "
	                "try again later", got, sizeof got),
	      "the disk full, an arena is refused: %s", got);
	CHECK(arenas_now(&t, list, sizeof list) && !list[0], "... and none is listed: '%s'", list);
	unlink(fill);
	CHECK(tc_answer(&t, "arena g1 30 3+2", "ok", got, sizeof got) &&
	      arenas_now(&t, list, sizeof list) && strstr(list, "arena g1 "),
	      "with room again it is made: %s", list);
	tc_close(&t);
	char before[2048];
	snprintf(before, sizeof before, "%s", list);
	CHECK(srv_stop(pid, SIGKILL) >= 0 && (pid = up()) > 0 && tc_login(&t, port, state, "ida") &&
	      arenas_now(&t, list, sizeof list) && !strcmp(list, before),
	      "kept through a SIGKILL: '%s', not '%s'", list, before);
	tc_close(&t);
	srv_stop(pid, SIGTERM);
}

int main(void)
{
	if (srv_setup("arenafault") < 0)
		return 1;
	on_disk();
	damaged_ratings();
	const char *skip = srv_small_disk(mnt, sizeof mnt, fill, sizeof fill);
	if (skip) {
		tests_skip("arenafault", skip);
	} else {
		full_disk();
		umount2(mnt, MNT_DETACH);
		rmdir(mnt);
	}
	return srv_done("arenafault");
}
