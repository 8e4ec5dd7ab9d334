/*
 * diskfull_test.c - a full disk is an error, not an outage (issue 36,
 * item 5), on a small tmpfs mounted for the test (as root; elsewhere the
 * test says it skipped, and why):
 *
 *   - the journal alone: a batch whose write fails leaves no torn frame
 *     (the file is cut back to its last good end), is kept, and is
 *     written whole once there is room; every entry reads back in order;
 *   - the server: with the disk full, a move is refused to its sender with
 *     "error disk-full ...", the opponent is told nothing, a watcher sees
 *     the game as it was, a new game cannot be hosted, chat (which needs
 *     no write) goes on; once the disk has room the same move is played,
 *     and after SIGKILL and a restart the game has exactly the moves that
 *     were acknowledged;
 *   - a player's own state (the `players' file): with the disk full,
 *     `bot', `settings set' and `ignore' are refused with the same
 *     "error disk-full ...", and nothing changed (the account is no bot,
 *     the settings and ignore list are as they were); with room again
 *     `bot' is kept, through SIGKILL and a restart;
 *   - a server that cannot tell its room (NONAGA_TEST_BLIND_ROOM, as on a
 *     file system without fallocate): the move's write fails, its "ok"
 *     and the opponent's "moved" wait until the disk has room and the
 *     journal holds the move, and it is there after SIGKILL and a restart.
 * $NONAGA is the program (build/nonaga by default).
 */
#define _GNU_SOURCE     /* (server_journal.c's fallocate) */
#include "srvtest.h"
#include "durable.c"
#include "server_journal.c"
#include <sys/mount.h>

#define REFUSED "error disk-full the server's disk is full, so it cannot keep this: " \
                "nothing was changed; try again later"

static char mnt[280], fill[300];

static void count_entry(void *arg, char *text, size_t len)
{
	int *n = arg;
	(void)len;
	if (atoi(text) == *n + 1)   /* in order: entry k begins with k */
		++*n;
	else
		*n = -1000;
}

static void journal_part(void)
{
	char path[400], text[JOURNAL_ENTRY_MAX];
	struct stat st;
	snprintf(path, sizeof path, "%s/journal", mnt);
	journal *j = journal_open(path, SERVER_SYNC_BATCH, "1 base", 6);
	CHECK(j != NULL, "a journal on the tmpfs: %s", strerror(errno));
	if (!j)
		return;
	for (int k = 2; k <= 4; k++)
		journal_add(j, text, (size_t)snprintf(text, sizeof text, "%d entry", k));
	CHECK(journal_commit(j) == 0, "three entries written");
	off_t good = journal_size(j);
	srv_fill_disk(fill);
	for (int k = 5; k <= 24; k++) {   /* 80 kB: more than any room left */
		memset(text, 'x', 4000);
		int n = snprintf(text, sizeof text, "%d ", k);
		text[n] = 'x';
		journal_add(j, text, 4000);
	}
	errno = 0;
	CHECK(journal_commit(j) < 0 && errno == ENOSPC, "the disk full, the batch is not "
	      "written: ENOSPC (%s)", strerror(errno));
	CHECK(stat(path, &st) == 0 && st.st_size == good,
	      "no torn frame stays: the file is %lld bytes, its good end %lld",
	      (long long)st.st_size, (long long)good);
	CHECK(journal_pending(j), "the batch is kept");
	CHECK(journal_reserve(j, 64 << 10) < 0 && errno == ENOSPC,
	      "no room can be reserved: ENOSPC (%s)", strerror(errno));
	unlink(fill);
	CHECK(journal_reserve(j, 64 << 10) == 0, "with room again, it can (%s)", strerror(errno));
	CHECK(journal_commit(j) == 0 && !journal_pending(j), "... and the batch is written whole");
	int n = 0;
	off_t whole = 0, size = 0;
	journal_reader rd = { count_entry, NULL, &n };
	long k = journal_read(path, &rd, &whole, &size);
	CHECK(k == 24 && n == 24 && whole == size && size == journal_size(j),
	      "every entry reads back, in order: %ld entries (%d in order), %lld of %lld bytes",
	      k, n, (long long)whole, (long long)size);
	journal_close(j);
	unlink(path);
}

/* The first legal move of g (not played). */
static void next_move(const ng_game *g, char *mv)
{
	ng_game *copy = ng_game_copy(g);
	first_move(copy, mv);
	ng_game_free(copy);
}

/* who plays g's next move: "ok", and both see exactly "moved N MOVE". */
static int play_one(ng_game *g, tc *who, tc *other)
{
	char mv[NG_MOVE_TEXT], cmd[200], want[200], got[300];
	first_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	if (!tc_answer(who, cmd, "ok", got, sizeof got))
		return fprintf(stderr, "%s: '%s'\n", cmd, got), 0;
	if (!tc_next(who, want, got, sizeof got))
		return fprintf(stderr, "the mover saw '%s', not '%s'\n", got, want), 0;
	if (!tc_expect(other, "moved ", got, sizeof got, 5000) || strcmp(got, want))
		return fprintf(stderr, "the opponent saw '%s', not '%s'\n", got, want), 0;
	return 1;
}

/* A watcher of d1 is synced to exactly the moves of g. */
static int watched(const ng_game *g)
{
	tc w;
	char line[600], moves[32];
	snprintf(moves, sizeof moves, " moves=%d ", ng_game_ply(g));
	int ok = connect_unix(&w) && tc_answer(&w, "watch d1", "ok watch", line, sizeof line) &&
	         tc_expect(&w, "sync ", line, sizeof line, 5000) && strstr(line, moves) &&
	         sync_moves(&w, g);
	if (!ok)
		fprintf(stderr, "the watcher's sync: '%s', not%s\n", line, moves);
	tc_close(&w);
	return ok;
}

/* The size of the server's journal. */
static long long journal_bytes(void)
{
	char path[400];
	struct stat st;
	snprintf(path, sizeof path, "%s/journal", state);
	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* Does the log come to hold text (within 5 s)? */
static int poll_log(const char *text)
{
	for (int i = 0; i < 100; i++, tc_sleep_ms(50))
		if (log_has(text))
			return 1;
	return 0;
}

static void server_part(void)
{
	tc red, blue;
	char got[300], mv[NG_MOVE_TEXT], cmd[200], want[300];
	snprintf(state, sizeof state, "%s/state", mnt);
	pid_t pid = start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts with its state on the tmpfs");
	CHECK(connect_unix(&red) && connect_unix(&blue), "two connections");
	CHECK(tc_ask(&red, got, sizeof got, "host d1 red") && !strncmp(got, "ok seat red ", 12),
	      "host d1: %s", got);
	CHECK(tc_ask(&blue, got, sizeof got, "join d1 blue") && !strncmp(got, "ok seat blue ", 13),
	      "join d1: %s", got);
	ng_game *g = ng_game_new(NG_STANDARD);
	for (int i = 0; i < 4; i++)
		CHECK(play_one(g, i % 2 ? &blue : &red, i % 2 ? &red : &blue), "move %d", i + 1);

	srv_fill_disk(fill);
	next_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	CHECK(tc_answer(&red, cmd, REFUSED, got, sizeof got),
	      "the disk full, Red's move is refused: '%s'", got);
	tc_send(&blue, "ping");
	CHECK(tc_next(&blue, "ok pong", got, sizeof got),
	      "Blue is told nothing of it: its next line is '%s'", got);
	CHECK(watched(g), "a watcher sees the game as it was: 4 moves");
	CHECK(tc_answer(&blue, "host d2", REFUSED, got, sizeof got),
	      "a new game cannot be hosted: '%s'", got);
	CHECK(tc_answer(&red, "chat still here", "ok", got, sizeof got), "chat goes on: %s", got);
	snprintf(want, sizeof want, "chat %s still here", me);
	CHECK(tc_next(&blue, want, got, sizeof got), "Blue reads it: '%s'", got);

	unlink(fill);
	CHECK(play_one(g, &red, &blue), "with room again, Red's same move is played");
	CHECK(play_one(g, &blue, &red), "... and Blue's next");
	CHECK(watched(g), "a watcher sees the 6 moves");

	srv_stop(pid, SIGKILL);
	tc_close(&red);
	tc_close(&blue);
	pid = start(2, NULL, NULL, NULL);
	CHECK(pid > 0, "the server starts again after SIGKILL");
	CHECK(watched(g), "the game has exactly the 6 acknowledged moves");
	CHECK(!log_has("torn"), "the journal had no torn entry");
	int st = srv_stop(pid, SIGTERM);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the server stops at SIGTERM");
	CHECK(!log_has("Sanitizer") && !log_has("runtime error"), "no sanitizer report");
	ng_game_free(g);
}

/* A player's own state on a full disk: refused and unchanged, then kept. */
static void players_part(void)
{
	tc t;
	char got[300], want[200];
	snprintf(state, sizeof state, "%s/pstate", mnt);
	pid_t pid = start(3, NULL, NULL, NULL);
	CHECK(pid > 0 && connect_unix(&t), "a server for the players' file");
	snprintf(want, sizeof want, "user %s - - kind=human|ok 1", me);
	CHECK(list_is(&t, "who", "user ", want), "a new account is no bot");
	srv_fill_disk(fill);
	CHECK(tc_answer(&t, "bot", REFUSED, got, sizeof got), "disk full: bot refused: '%s'", got);
	CHECK(list_is(&t, "who", "user ", want), "... and the account is still no bot");
	CHECK(tc_answer(&t, "settings set level=7", REFUSED, got, sizeof got),
	      "disk full: settings set refused: '%s'", got);
	CHECK(tc_answer(&t, "settings", "ok 0", got, sizeof got), "... and nothing set: '%s'", got);
	CHECK(tc_answer(&t, "ignore zed", REFUSED, got, sizeof got), "disk full: ignore refused: '%s'",
	      got);
	CHECK(tc_answer(&t, "ignore", "ok 0", got, sizeof got), "... and nobody ignored: '%s'", got);
	unlink(fill);
	CHECK(tc_answer(&t, "bot", "ok", got, sizeof got), "with room again, bot: '%s'", got);
	snprintf(want, sizeof want, "user %s - - kind=bot|ok 1", me);
	CHECK(list_is(&t, "who", "user ", want), "... and the account is a bot");
	tc_close(&t);
	srv_stop(pid, SIGKILL);
	pid = start(4, NULL, NULL, NULL);
	CHECK(pid > 0 && connect_unix(&t) && list_is(&t, "who", "user ", want),
	      "after SIGKILL and a restart it is still a bot");
	tc_close(&t);
	srv_stop(pid, SIGTERM);
}

/* The line t has now, if any (nothing: 0). */
static int has_line(tc *t, char *got, size_t size)
{
	return tc_line(t, got, size, 100) > 0;
}

/* A write that fails all the same (a file system that cannot reserve
 * room: NONAGA_TEST_BLIND_ROOM): the move is taken, but its "ok" and
 * the opponent's "moved" wait until the disk has room and the journal
 * holds it; after SIGKILL and a restart it is there. */
static void blind_part(void)
{
	tc red, blue, *p[2] = { &red, &blue };
	char got[300], mv[NG_MOVE_TEXT], want[300];
	snprintf(state, sizeof state, "%s/state2", mnt);
	setenv("NONAGA_TEST_BLIND_ROOM", "1", 1);
	pid_t pid = start(5, NULL, NULL, NULL);
	unsetenv("NONAGA_TEST_BLIND_ROOM");
	CHECK(pid > 0, "a server blind to its room starts");
	CHECK(connect_unix(&red) && connect_unix(&blue), "two connections");
	CHECK(tc_ask(&red, got, sizeof got, "host d1 red") && !strncmp(got, "ok seat red ", 12),
	      "host d1: %s", got);
	CHECK(tc_ask(&blue, got, sizeof got, "join d1 blue") && !strncmp(got, "ok seat blue ", 13),
	      "join d1: %s", got);
	ng_game *g = ng_game_new(NG_STANDARD);
	CHECK(play_one(g, &red, &blue) && play_one(g, &blue, &red), "two moves");
	/* A tmpfs gives room by pages: the journal's last page must have less
	 * room than a move's entry (40 bytes or more), or the move's write
	 * would not fail.  Red moves, asks to take it back, Blue agrees (three
	 * entries, the game as it was) until it has. */
	int ops = 0, ok = 1;
	while (ok && ops < 600 && 4096 - journal_bytes() % 4096 >= 40) {
		int side = ng_pos_side(ng_game_pos(g));
		switch (ops++ % 3) {
		case 0:
			ok = play_one(g, p[side], p[!side]);
			break;
		case 1:   /* the last mover asks to take it back... */
			ok = tc_answer(p[!side], "takeback", "ok", got, sizeof got);
			break;
		default:  /* ...and the other agrees */
			ok = tc_answer(p[side], "takeback", "ok", got, sizeof got) &&
			     tc_expect(&red, "undone ", NULL, 0, 3000) &&
			     tc_expect(&blue, "undone ", NULL, 0, 3000);
			ng_game_undo(g);
		}
	}
	CHECK(ok && 4096 - journal_bytes() % 4096 < 40,
	      "the journal's last page is nearly full: %lld bytes after %d commands",
	      (long long)journal_bytes(), ops);

	srv_fill_disk(fill);
	int side = ng_pos_side(ng_game_pos(g));
	first_move(g, mv);
	tc_send(p[side], "move %s", mv);
	CHECK(poll_log("cannot write the journal"), "the write fails: the log says so");
	CHECK(!has_line(p[side], got, sizeof got), "the mover is not answered yet: '%s'", got);
	CHECK(!has_line(p[!side], got, sizeof got), "the opponent is told nothing yet: '%s'", got);
	unlink(fill);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	CHECK(tc_answer(p[side], "ping", "ok", got, sizeof got),
	      "with room again, the move is answered: '%s'", got);
	CHECK(tc_next(p[side], want, got, sizeof got), "... and played: '%s'", got);
	CHECK(tc_expect(p[!side], "moved ", got, sizeof got, 5000) && !strcmp(got, want),
	      "... the opponent is told: '%s'", got);
	CHECK(poll_log("is written again"), "the log says the journal is written again");
	srv_stop(pid, SIGKILL);
	tc_close(&red);
	tc_close(&blue);
	pid = start(6, NULL, NULL, NULL);
	CHECK(pid > 0 && watched(g), "after SIGKILL and a restart the game has the %d moves "
	      "acknowledged", ng_game_ply(g));
	CHECK(!log_has("torn"), "the journal had no torn entry");
	srv_stop(pid, SIGTERM);
	ng_game_free(g);
}

int main(void)
{
	if (srv_setup("diskfull") < 0)
		return perror("mkdtemp"), 1;
	const char *skip = srv_small_disk(mnt, sizeof mnt, fill, sizeof fill);
	if (skip) {
		printf("diskfull: skipped: %s\n", skip);
		rmdir(mnt);
		rmdir(dir);
		return tests_done("diskfull");
	}
	journal_part();
	server_part();
	players_part();
	blind_part();
	umount2(mnt, MNT_DETACH);
	rmdir(mnt);
	return srv_done("diskfull");
}
