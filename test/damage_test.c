/*
 * damage_test.c - a journal damaged in the middle costs only the damage
 * (nonaga(6), FILES: the journal): a crash tears only the last entry,
 * while a disk error or a bad copy can damage any.  Four games are
 * played (three side by side, a fourth after them), the server killed,
 * and its journal damaged, each time from the same copy:
 *
 *   - one byte flipped (a digit of a move's clock: the entry still reads
 *     as a move, only its checksum tells);
 *   - 512 bytes zeroed in the middle;
 *   - an entry's length made plausible (it ends where the next entry
 *     ends) while its checksum fails;
 *
 * and after each restart every game has exactly the moves it must: those
 * whose entries are outside the damage, up to the game's first lost move
 * (a later move cannot be replayed without it), and the fourth game, all
 * of it after the damage, whole.  The log says where the damage was,
 * which entries were lost and which games lost what; the damaged journal
 * is kept, byte for byte, as journal.damaged-DATE; the server serves.  A
 * torn last entry (a crash) is still only dropped, with no copy kept.
 *
 * $NONAGA is the program (build/nonaga by default).
 */
#include "srvtest.h"
#include <dirent.h>

#define GAMES 4
#define ROUNDS 6

static int starts;

typedef struct frame {
	int at, len;              /* offset, bytes of text */
	char text[256];
	unsigned long long seq, id;
	char kind[8];
	int ply;                  /* a move's */
	char move[32];
} frame;

static frame fr[256];
static int nfr;
static unsigned char pristine[1 << 16];
static int jsize;   /* its bytes */
static char names[GAMES][8] = { "g1", "g2", "g3", "g4" };
static unsigned long long ids[GAMES];

/* The journal's frames (lengths as written: the pristine copy). */
static void parse(void)
{
	nfr = 0;
	for (int at = 0; at + 8 <= jsize && nfr < 256; nfr++) {
		frame *f = &fr[nfr];
		f->at = at;
		f->len = pristine[at] | pristine[at + 1] << 8;
		int n = f->len < (int)sizeof f->text ? f->len : (int)sizeof f->text - 1;
		memcpy(f->text, pristine + at + 8, (size_t)n);
		f->text[n] = 0;
		f->kind[0] = f->move[0] = 0;
		f->id = f->ply = 0;
		char nm[32] = "";
		sscanf(f->text, "%llu %7s", &f->seq, f->kind);
		if (!strcmp(f->kind, "new") && sscanf(f->text, "%*u %*s %31s", nm) == 1)
			for (int g = 0; g < GAMES; g++)
				if (!strcmp(nm, names[g]))
					ids[g] = f->seq;
		if (!strcmp(f->kind, "move"))
			sscanf(f->text, "%*u %*s %llu %d %31s", &f->id, &f->ply, f->move);
		else if (strcmp(f->kind, "new"))
			sscanf(f->text, "%*u %*s %llu", &f->id);
		else
			f->id = f->seq;
		at += 8 + f->len;
	}
}

/* Four games: g1..g3 hosted, ROUNDS moves each in turn, then g4 with
 * four moves; the server killed; the journal read.  1 if all went. */
static int make_journal(void)
{
	tc t[2 * GAMES];
	ng_game *g[GAMES];
	char cmd[700], mv[NG_MOVE_TEXT];
	int ok = 1;
	pid_t pid = start(1, NULL, NULL, NULL);
	if (pid < 0)
		return 0;
	for (int i = 0; i < 2 * GAMES; i++)
		ok &= connect_unix(&t[i]);
	for (int i = 0; i < GAMES && ok; i++) {
		g[i] = ng_game_new(NG_STANDARD);
		if (i == 3)
			continue;
		snprintf(cmd, sizeof cmd, "host %s red", names[i]);
		ok &= answer_is(&t[2 * i], cmd, "ok seat red");
		snprintf(cmd, sizeof cmd, "join %s", names[i]);
		ok &= answer_is(&t[2 * i + 1], cmd, "ok seat blue");
	}
	for (int k = 0; k < ROUNDS * 3 + 2 && ok; k++) {
		int i = k < ROUNDS * 3 ? k % 3 : 3;
		if (k == ROUNDS * 3) {
			ok &= answer_is(&t[6], "host g4 red", "ok seat red") &&
			      answer_is(&t[7], "join g4", "ok seat blue");
		}
		for (int rep = 0; rep < (i == 3 ? 2 : 1) && ok; rep++) {
			int side = ng_pos_side(ng_game_pos(g[i]));
			first_move(g[i], mv);
			snprintf(cmd, sizeof cmd, "move %s", mv);
			ok &= answer_is(&t[2 * i + side], cmd, "ok");
		}
	}
	srv_stop(pid, SIGKILL);
	for (int i = 0; i < 2 * GAMES; i++)
		tc_close(&t[i]);
	for (int i = 0; i < GAMES; i++)
		ng_game_free(g[i]);
	char path[400];
	snprintf(path, sizeof path, "%s/journal", state);
	int fd = open(path, O_RDONLY);
	jsize = fd < 0 ? -1 : (int)read(fd, pristine, sizeof pristine);
	if (fd >= 0)
		close(fd);
	snprintf(cmd, sizeof cmd, "cp -a %s %s/pristine", state, dir);
	if (!ok || jsize <= 0 || system(cmd) != 0)
		return 0;
	parse();
	return 1;
}

/* The state as the kill left it (afresh, or only its journal), its
 * journal replaced by j. */
static int restore(const unsigned char *j, int len, int afresh)
{
	char cmd[1000], path[400];
	snprintf(cmd, sizeof cmd, "rm -rf %s && cp -a %s/pristine %s", state, dir, state);
	if (afresh && system(cmd) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/journal", state);
	int fd = open(path, O_WRONLY | O_TRUNC);
	int ok = fd >= 0 && write(fd, j, (size_t)len) == len;
	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/* The moves the server has of game name, as a watcher is told, joined
 * by spaces into out ("-" when there is no such game). */
static void moves_of(const char *name, char *out, size_t size)
{
	tc w;
	char cmd[100], got[300], line[600];
	snprintf(out, size, "-");
	snprintf(cmd, sizeof cmd, "watch %s", name);
	if (!connect_unix(&w) || !tc_ask(&w, got, sizeof got, cmd) || strcmp(got, "ok watch") ||
	    !tc_expect(&w, "sync ", line, sizeof line, 5000) || !strstr(line, " moves=")) {
		tc_close(&w);
		return;
	}
	int n = atoi(strstr(line, " moves=") + 7);
	size_t len = 0;
	out[0] = 0;
	for (int k = 0; k < n && tc_expect(&w, "moved ", line, sizeof line, 5000); k++) {
		char mv[64] = "";
		sscanf(line, "moved %*d %63s", mv);
		len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", mv);
	}
	tc_close(&w);
}

/* Does the damaged journal j still show frame f's "SEQ WORD ID " as it
 * was (so that the damaged bytes tell whose entry it was)? */
static int readable(const frame *f, const unsigned char *j)
{
	const char *p = f->text;
	for (int spaces = 0; *p && spaces < 3; p++)
		spaces += *p == ' ';
	size_t n = (size_t)(p - f->text);
	return !memcmp(j + f->at + 8, f->text, n);
}

/* What game g must have when the bytes [lo, hi) of j are lost: its moves
 * up to its first lost one ("-" when its start is lost); its entries in
 * the damage that j still shows and its later ones that can no longer
 * apply. */
static void expected(int g, const unsigned char *j, int lo, int hi, char *out, size_t size,
                     int *in, int *later)
{
	size_t len = 0;
	int broken = 0;
	out[0] = 0;
	*in = *later = 0;
	for (int k = 0; k < nfr; k++) {
		const frame *f = &fr[k];
		if (f->id != ids[g])
			continue;
		int lost = f->at < hi && f->at + 8 + f->len > lo;
		if (lost && !strcmp(f->kind, "new")) {
			snprintf(out, size, "-");
			return;
		}
		*in += lost && readable(f, j);
		*later += broken && !lost && !strcmp(f->kind, "move");
		if (lost && !strcmp(f->kind, "move"))
			broken = 1;
		if (!lost && !broken && !strcmp(f->kind, "move"))
			len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", f->move);
	}
}

/* The files journal.damaged-* in the state directory: how many, and
 * whether one of them holds exactly want. */
static int kept_copies(const unsigned char *want, int len, int *same)
{
	char path[800];
	static unsigned char buf[1 << 16];
	DIR *dp = opendir(state);
	struct dirent *de;
	int n = 0;
	*same = 0;
	while (dp && (de = readdir(dp))) {
		if (strncmp(de->d_name, "journal.damaged-", 16))
			continue;
		n++;
		snprintf(path, sizeof path, "%s/%s", state, de->d_name);
		int fd = open(path, O_RDONLY);
		int r = fd < 0 ? -1 : (int)read(fd, buf, sizeof buf);
		if (fd >= 0)
			close(fd);
		*same |= r == len && !memcmp(buf, want, (size_t)len);
	}
	if (dp)
		closedir(dp);
	return n;
}

/* The server started on journal j, whose bytes [lo, hi) are damaged:
 * every game as it must be, the log and the kept copy. */
static void check(const char *what, const unsigned char *j, int len, int lo, int hi, int middle)
{
	char got[2048], want[2048], line[600];
	int in, later, same;
	if (restore(j, len, 1) < 0) {
		CHECK(0, "%s: the state directory made", what);
		return;
	}
	snprintf(logpath, sizeof logpath, "%s/log-%d", dir, ++starts);   /* its own */
	pid_t pid = start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "%s: the server starts", what);
	if (pid < 0)
		return;
	for (int g = 0; g < GAMES; g++) {
		expected(g, j, lo, hi, want, sizeof want, &in, &later);
		moves_of(names[g], got, sizeof got);
		CHECK(!strcmp(got, want), "%s: game %s has the moves '%s', not '%s'", what,
		      names[g], got, want);
		snprintf(line, sizeof line, "game %s (id %llu) lost entries to the damage: %d in "
		         "the damaged bytes, %d later that no longer apply", names[g], ids[g], in,
		         later);
		if (middle && (in || later))
			CHECK(log_has(line), "%s: the log says: %s", what, line);
		else
			CHECK(!log_has(line), "%s: the log does not blame %s", what, names[g]);
	}
	snprintf(want, sizeof want, "%s/journal: damaged at byte %d (%d bytes), not a crash's "
	         "torn end", state, lo, hi - lo);
	CHECK(log_has(want) == middle, "%s: the log %s: %s", what, middle ? "says" : "does not say",
	      want);
	CHECK(kept_copies(j, len, &same) == middle && same == middle,
	      "%s: %s journal.damaged-DATE with the journal's bytes as they were", what,
	      middle ? "one" : "no");
	tc t;
	CHECK(connect_unix(&t) && answer_is(&t, "host fresh red", "ok seat red"),
	      "%s: the server serves: a new game is hosted", what);
	tc_close(&t);
	srv_stop(pid, SIGKILL);
}

/* The frame of game g's move ply: its index, or -1. */
static int move_frame(int g, int ply)
{
	for (int k = 0; k < nfr; k++)
		if (fr[k].id == ids[g] && !strcmp(fr[k].kind, "move") && fr[k].ply == ply)
			return k;
	return -1;
}

/* Damage met again in the same state directory (j, the journal of the
 * last check, is kept there): a second copy, the first left as it was. */
static void never_replaced(const unsigned char *j)
{
	static unsigned char j2[1 << 16];
	int same1, same2;
	memcpy(j2, pristine, (size_t)jsize);
	j2[fr[2].at + 9] ^= 1;   /* g1's first seat */
	snprintf(logpath, sizeof logpath, "%s/log-%d", dir, ++starts);
	pid_t pid = restore(j2, jsize, 0) < 0 ? -1 : start(1, NULL, NULL, NULL);
	CHECK(pid > 0, "damaged again: the server starts");
	CHECK(kept_copies(j, jsize, &same1) == 2 && kept_copies(j2, jsize, &same2) == 2 &&
	      same1 && same2, "damaged again: a second copy, the first one as it was");
	srv_stop(pid, SIGKILL);
}

int main(void)
{
	static unsigned char j[1 << 16];
	if (srv_setup("damage") < 0)
		return 1;
	CHECK(make_journal(), "four games played and the server killed");
	int k = move_frame(1, 3);
	CHECK(nfr > 30 && k > 0 && move_frame(3, 4) > 0,
	      "the journal holds %d entries, g2's third move and g4's fourth among them", nfr);
	if (nfr <= 30 || k <= 0 || move_frame(3, 4) <= 0)
		return srv_done("damage");

	check("undamaged", pristine, jsize, jsize, jsize, 0);

	/* one byte: the last digit of red's clock in g2's third move */
	memcpy(j, pristine, (size_t)jsize);
	char *clock = strrchr(fr[k].text, ' ') - 1;
	int at = fr[k].at + 8 + (int)(clock - fr[k].text);
	j[at] ^= 1;
	check("a flipped byte", j, jsize, fr[k].at, fr[k].at + 8 + fr[k].len, 1);
	snprintf((char *)j, 200, "entry %llu lost; the damaged bytes still show %llu: a move of "
	         "game g2 (id %llu); read on from entry %llu", fr[k].seq, fr[k].seq, ids[1],
	         fr[k + 1].seq);
	CHECK(log_has((char *)j), "and the log names the entry and its game: %s", (char *)j);

	/* 512 bytes zeroed from the middle of g1's second move on */
	memcpy(j, pristine, (size_t)jsize);
	int m = move_frame(0, 2), lo = fr[m].at + 10;
	memset(j + lo, 0, 512);
	int first = m, last = m;
	while (last + 1 < nfr && fr[last + 1].at < lo + 512)
		last++;
	check("512 zeroed bytes", j, jsize, fr[first].at, fr[last].at + 8 + fr[last].len, 1);
	never_replaced(j);

	/* g1's fourth move: a length that ends where the next entry ends */
	memcpy(j, pristine, (size_t)jsize);
	m = move_frame(0, 4);
	int len = fr[m].len + 8 + fr[m + 1].len;
	j[fr[m].at] = (unsigned char)len, j[fr[m].at + 1] = (unsigned char)(len >> 8);
	check("a plausible length", j, jsize, fr[m].at, fr[m].at + 8 + fr[m].len, 1);

	/* a crash's torn end: dropped, no copy */
	memcpy(j, pristine, (size_t)jsize);
	memcpy(j + jsize, "\x28\0\0\0\xde\xad\xbe\xef" "99999 move", 18);
	check("a torn end", j, jsize + 18, jsize, jsize, 0);
	CHECK(log_has("a torn last entry at byte"), "a torn end is reported as torn");
	return srv_done("damage");
}
