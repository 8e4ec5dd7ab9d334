/*
 * durable_test.c - every move is durable before anyone is told of it
 * (nonaga(6), --sync): a kill cannot show a skipped fdatasync, since the
 * kernel keeps what was written, so the server runs with the shim
 * build/test/syncshim.so preloaded, which traces in order what it writes
 * to the journal, when the journal is synced and what it writes to its
 * clients' sockets.  For --sync batch and --sync always, two players play
 * 12 moves; then in the trace each "moved PLY MOVE" a client was sent
 * comes after the journal entry of that move was written and after a
 * sync that followed the write, and there were at least as many syncs as
 * moves.
 *
 * Under ASan (NONAGA_VARIANT=asan) the sanitizer's runtime must come
 * first among the preloaded libraries: the test finds it with ldd and
 * preloads it before the shim (syncshim.c says why that works).
 *
 * $NONAGA is the program (build/nonaga by default); $NONAGA_SHIM the shim.
 */
#include "srvtest.h"

#define MOVES 12

static char preload[1200];

/* LD_PRELOAD for $NONAGA: the shim, after the ASan runtime if it has one. */
static int find_preload(void)
{
	const char *shim = getenv("NONAGA_SHIM") ? getenv("NONAGA_SHIM") : "build/test/syncshim.so";
	char cmd[600], line[600], asan[560] = "";
	if (access(shim, R_OK) < 0)
		return fprintf(stderr, "no shim %s (make build/test/syncshim.so)\n", shim), -1;
	snprintf(cmd, sizeof cmd, "ldd %s 2>/dev/null", nonaga);
	FILE *p = popen(cmd, "r");
	while (p && fgets(line, sizeof line, p))
		if (strstr(line, "libasan.so") && strstr(line, "=> "))
			sscanf(strstr(line, "=> ") + 3, "%559s", asan);
	if (p)
		pclose(p);
	snprintf(preload, sizeof preload, "%s%s%s", asan, asan[0] ? ":" : "", shim);
	return 0;
}

typedef struct entry {
	int ply;
	char move[64];
	int synced;
} entry;

/* The trace at path against what must be: the number of "moved" lines
 * sent after their move was synced (ok), before (early), of moves in
 * the journal (*written), of syncs. */
static void read_trace(const char *path, int *ok, int *early, int *written, int *syncs)
{
	static entry e[256];
	int n = 0;
	char line[8192];
	FILE *f = fopen(path, "r");
	*ok = *early = *syncs = 0;
	while (f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		int ply;
		char mv[64];
		if (!strcmp(line, "D")) {
			++*syncs;
			for (int k = 0; k < n; k++)
				e[k].synced = 1;
		} else if (!strncmp(line, "J ", 2) && n < 256 &&
		           sscanf(line + 2, "%*u move %*u %d %63s", &ply, mv) == 2) {
			e[n].ply = ply;
			snprintf(e[n].move, sizeof e[n].move, "%s", mv);
			e[n++].synced = 0;
		} else if (sscanf(line, "N moved %d %63s", &ply, mv) == 2) {
			int k = 0;
			while (k < n && (e[k].ply != ply || strcmp(e[k].move, mv)))
				k++;
			if (k < n && e[k].synced) {
				++*ok;
			} else {
				++*early;
				fprintf(stderr, "'%s' sent before its move was %s\n", line + 2,
				        k < n ? "synced" : "written");
			}
		}
	}
	if (f)
		fclose(f);
	*written = n;
}

static void durable(const char *mode)
{
	char trace[400], got[300], cmd[NG_MOVE_TEXT + 8], mv[NG_MOVE_TEXT];
	tc a, b;
	snprintf(trace, sizeof trace, "%s/trace-%s", dir, mode);
	snprintf(logpath, sizeof logpath, "%s/log-%s", dir, mode);
	snprintf(state, sizeof state, "%s/state-%s", dir, mode);
	setenv("LD_PRELOAD", preload, 1);
	setenv("NONAGA_SHIM_LOG", trace, 1);
	pid_t pid = start(1, "--sync", mode, NULL);
	unsetenv("LD_PRELOAD");
	unsetenv("NONAGA_SHIM_LOG");
	CHECK(pid > 0 && connect_unix(&a) && connect_unix(&b), "--sync %s: a server with the shim, "
	      "two players", mode);
	if (pid < 0)
		return;
	CHECK(answer_is(&a, "host d red", "ok seat red") && answer_is(&b, "join d", "ok seat blue"),
	      "--sync %s: a game", mode);
	ng_game *g = ng_game_new(NG_STANDARD);
	int played = 0;
	for (int i = 0; i < MOVES; i++) {
		first_move(g, mv);
		snprintf(cmd, sizeof cmd, "move %s", mv);
		played += tc_ask(i % 2 ? &b : &a, got, sizeof got, cmd) && !strcmp(got, "ok");
	}
	CHECK(played == MOVES, "--sync %s: %d moves acknowledged, of %d", mode, played, MOVES);
	/* the last move's "moved" reached red too (so all is in the trace) */
	CHECK(tc_expect(&a, "moved 12 ", NULL, 0, 3000), "--sync %s: red was told of blue's last "
	      "move", mode);
	tc_close(&a);
	tc_close(&b);
	/* (SIGTERM: it ends what it does, so the trace is whole) */
	CHECK(srv_stop(pid, SIGTERM) == 0, "--sync %s: the server stops cleanly", mode);
	ng_game_free(g);
	int ok, early, written, syncs;
	read_trace(trace, &ok, &early, &written, &syncs);
	CHECK(written == MOVES, "--sync %s: the shim saw the %d moves written to the journal (%d)",
	      mode, MOVES, written);
	CHECK(ok >= 2 * MOVES && early == 0, "--sync %s: every 'moved' sent (%d) came after its "
	      "entry was written and synced (%d did not)", mode, ok + early, early);
	CHECK(syncs >= MOVES, "--sync %s: the journal was synced at least once a move (%d syncs "
	      "for %d moves)", mode, syncs, MOVES);
}

int main(void)
{
	if (srv_setup("durable") < 0)
		return 1;
	CHECK(find_preload() == 0, "the shim is there: %s", preload);
	if (!preload[0])
		return srv_done("durable");
	durable("batch");
	durable("always");
	return srv_done("durable");
}
