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
 * moves.  And 16 players new to the server logging in at once over TCP
 * are each welcome only after their name was written to `names', synced,
 * renamed into place and the directory synced, with the file written
 * once for many of them (at most 8 syncs), not once each.
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

#define LOGINS 16

/* The names' trace: how many "welcome NAME" of the LOGINS new names were
 * sent after NAME was written, synced, renamed into `names' and its
 * directory synced (ok), before (early); the names' syncs. */
static void read_names(const char *path, int *ok, int *early, int *syncs)
{
	int stage[LOGINS] = { 0 }, k;
	char line[8192];
	FILE *f = fopen(path, "r");
	*ok = *early = *syncs = 0;
	while (f && fgets(line, sizeof line, f)) {
		if (sscanf(line, "W n%d tcp", &k) == 1 && k >= 0 && k < LOGINS && !stage[k])
			stage[k] = 1;
		for (int i = 0; i < LOGINS; i++)
			stage[i] += (line[0] == 'F' && stage[i] == 1) || (line[0] == 'R' && stage[i] == 2) ||
			            (line[0] == 'S' && stage[i] == 3);
		*syncs += line[0] == 'F';
		if (sscanf(line, "N welcome n%d", &k) == 1 && k >= 0 && k < LOGINS) {
			*ok += stage[k] == 4;
			*early += stage[k] != 4;
			if (stage[k] != 4)
				fprintf(stderr, "welcome n%d sent at stage %d of 4\n", k, stage[k]);
		}
	}
	if (f)
		fclose(f);
}

/* LOGINS players new to the server log in at once over TCP: each is
 * welcome only once its name is durable in `names', and the file is
 * written and synced once for many of them, not once each. */
static void names(void)
{
	char trace[400], key[80] = "", path[400];
	static tc t[LOGINS];
	int port, welcomed = 0;
	snprintf(trace, sizeof trace, "%s/trace-names", dir);
	snprintf(logpath, sizeof logpath, "%s/log-names", dir);
	snprintf(state, sizeof state, "%s/state-names", dir);
	setenv("LD_PRELOAD", preload, 1);
	setenv("NONAGA_SHIM_LOG", trace, 1);
	pid_t pid = start(1, NULL, NULL, &port);
	unsetenv("LD_PRELOAD");
	unsetenv("NONAGA_SHIM_LOG");
	snprintf(path, sizeof path, "%s/key", state);
	FILE *f = fopen(path, "r");
	if (f && fgets(key, sizeof key, f))
		key[strcspn(key, "\n")] = 0;
	if (f)
		fclose(f);
	int connected = 0;
	for (int i = 0; pid > 0 && i < LOGINS; i++)
		connected += tc_tcp(&t[i], port) == 0 && tc_expect(&t[i], "hello ", NULL, 0, 3000);
	CHECK(pid > 0 && key[0] && connected == LOGINS, "a server with the shim, %d connections over "
	      "TCP (%d)", LOGINS, connected);
	if (pid < 0)
		return;
	for (int i = 0; i < connected; i++)
		tc_send(&t[i], "login %s n%d", key, i);
	for (int i = 0; i < connected; i++) {
		char want[32];
		snprintf(want, sizeof want, "welcome n%d", i);
		welcomed += tc_expect(&t[i], want, NULL, 0, 5000);
		tc_close(&t[i]);
	}
	CHECK(welcomed == LOGINS, "the %d new players are welcome (%d)", LOGINS, welcomed);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
	int ok, early, syncs;
	read_names(trace, &ok, &early, &syncs);
	CHECK(ok == LOGINS && early == 0, "each welcome came after its name was written, synced, "
	      "renamed into names and the directory synced (%d of %d; %d before)", ok, LOGINS, early);
	CHECK(syncs >= 1 && syncs <= LOGINS / 2, "the names were synced once for many logins, not "
	      "once each (%d syncs for %d new names)", syncs, LOGINS);
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
	names();
	return srv_done("durable");
}
