/*
 * server_bench.c - `make bench-server': a server under load.
 *
 *   server_bench [C] [--idle N] [--state DIR] [--sync MODE] [--door]
 *                [--computer-games K]
 *
 * Starts `nonaga --serve' on loopback TCP with its state directory in DIR
 * (default: $TMPDIR, else /tmp; put it on the disk to measure, not on a
 * tmpfs) and --sync MODE (default: the server's, batch), opens N idle
 * connections that log in and say nothing more (default 0), then C
 * playing ones (default 1000), and plays C/2 games at once of random legal
 * moves, each player thinking 50 to 250 ms a move (a game still on after
 * 200 moves is resigned).  A move's round trip is from sending it to the
 * opponent's receiving it.  At the end every finished record in the
 * server's state directory is compared with the moves the clients played.
 * It prints the sync mode and the file system, moves per second and the
 * server's fdatasync calls (from its log), with --idle the server's memory
 * per idle connection, and last, exactly:
 *
 *   server bench: C clients, G games, M moves, p50 X ms, p99 Y ms, rss Z MB, lost L
 *
 * (rss: the server's peak resident memory; lost: games whose record is
 * missing or differs from what was played).
 *
 * With --door the C playing clients come in through the SSH door's
 * identity path instead of the TCP key: the server also listens on a Unix
 * socket with --gateway set to the bench's own account, and each client
 * says `as FINGERPRINT ADDR name NAME' (a first visit: one in two) or
 * `as FINGERPRINT ADDR' (a known key, made a player by a visit before
 * the measured run), each with its own made-up fingerprint and address
 * (10.0.X.Y): the server allows 10 door connections an address, and that
 * limit is not what is measured.  The time the logins took is printed.
 * The idle connections still log in with the TCP key.
 *
 * With --computer-games K the server also offers computers (--computers
 * 1,4,7,10, --pair-wait 1, the default --computer-jobs: the cores less
 * one) and K connections more each seek a game of 3+2 before the humans
 * start, play it with quick random legal moves (20 to 100 ms) against
 * the computer the seek found (a quarter of them each level), and seek
 * again while the humans play; once the humans are done, each finishes
 * the game it has.  The humans' figures are theirs alone, as without.
 * Before the last line, a line per level: its games, how many ended and
 * how many the computer lost on time, its moves, its longest move (from
 * the clocks the server tells), and its longest search and wait in line
 * (from the server's log at its end); then the totals.  A computer game
 * lost on time, not ended or with an error fails the bench as a lost
 * game does.
 */
#include "nonaga.h"
#include "netc.h"
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#define MAX_PLY 200

typedef struct game game;
typedef struct client {
	tc t;
	game *g;
	int side;
	int64_t move_at;          /* when to move next, or 0 */
} client;

struct game {
	ng_game *g;
	client *p[2];
	int64_t sent;             /* when the last move was sent */
	int over;
	int errors;
};

static ng_movelist list;
static uint64_t rng = 88172645463325252ULL;
static int64_t *lat;
static size_t nlat, caplat;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int64_t think(void)
{
	return tc_now() + 50 + (int64_t)(next_rand() % 201);
}

static void move(client *c)
{
	game *g = c->g;
	c->move_at = 0;
	if (ng_game_ply(g->g) >= MAX_PLY) {
		tc_send(&c->t, "resign");
		return;
	}
	int n = ng_generate(ng_game_pos(g->g), &list);
	char mv[NG_MOVE_TEXT];
	ng_move_format(ng_game_pos(g->g), list.m[next_rand() % (uint64_t)n], mv);
	g->sent = tc_now();
	tc_send(&c->t, "move %s", mv);
}

static void on_line(client *c, const char *line)
{
	game *g = c->g;
	if (!strncmp(line, "error", 5)) {
		fprintf(stderr, "bench: %s\n", line);
		g->errors++;
	} else if (!strncmp(line, "ok seat blue", 12)) {
		g->p[NG_RED]->move_at = think();
	} else if (!strncmp(line, "moved ", 6)) {
		int ply = atoi(line + 6);
		if (c->side == (int)ng_pos_side(ng_game_pos(g->g)) || ply != ng_game_ply(g->g) + 1)
			return;   /* our own move, echoed */
		char mv[200];
		ng_move m;
		sscanf(line + 6, "%*d %199s", mv);
		if (ng_move_parse(ng_game_pos(g->g), mv, &m) != NG_OK ||
		    ng_game_play(g->g, m) != NG_OK) {
			g->errors++;
			return;
		}
		if (nlat == caplat) {
			caplat = caplat ? 2 * caplat : 4096;
			lat = realloc(lat, caplat * sizeof *lat);
		}
		lat[nlat++] = tc_now() - g->sent;
		if (ng_game_result(g->g) == NG_NONE)
			c->move_at = think();
	} else if (!strncmp(line, "over ", 5)) {
		g->over |= 1 << c->side;
	}
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* The server's resident memory now (VmRSS) or at its peak (VmHWM). */
static long rss_kb(pid_t pid, const char *which)
{
	char path[64], line[256];
	long kb = 0;
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, which, strlen(which)))
			kb = atol(line + strlen(which));
	if (f)
		fclose(f);
	return kb;
}

static const char *fs_name(const char *path)
{
	struct statfs sf;
	if (statfs(path, &sf) < 0)
		return "?";
	switch ((unsigned long)sf.f_type) {
	case 0xEF53: return "ext4";
	case 0x01021994: return "tmpfs (memory: nothing reaches a disk)";
	case 0x58465342: return "xfs";
	case 0x9123683E: return "btrfs";
	case 0x794C7630: return "overlayfs";
	default: return "another file system";
	}
}

/* The number after "what" in the server's log's last line that has it. */
static long from_log(const char *log, const char *what)
{
	FILE *f = fopen(log, "r");
	char line[1024];
	long n = -1;
	while (f && fgets(line, sizeof line, f)) {
		char *p = strstr(line, what);
		if (p)
			n = atol(p + strlen(what));
	}
	if (f)
		fclose(f);
	return n;
}

/* n connections that log in and then say nothing; 0 if they could. */
static int open_idle(int *fds, int n, int port, const char *key)
{
	for (int i = 0; i < n; i += 500) {
		int k = n - i < 500 ? n - i : 500;
		for (int j = i; j < i + k; j++) {
			tc t;
			if (tc_tcp(&t, port) < 0 || tc_send(&t, "login %s idle%d", key, j) < 0)
				return fprintf(stderr, "bench: idle connection %d failed\n", j), -1;
			fds[j] = t.fd;
		}
		for (int j = i; j < i + k; j++) {   /* hello and welcome: two lines */
			char buf[512];
			int lines = 0;
			int64_t end = tc_now() + 10000;
			while (lines < 2 && tc_now() < end) {
				struct pollfd p = { fds[j], POLLIN, 0 };
				if (poll(&p, 1, 1000) <= 0)
					continue;
				ssize_t r = recv(fds[j], buf, sizeof buf, 0);
				if (r <= 0)
					break;
				for (ssize_t m = 0; m < r; m++)
					lines += buf[m] == '\n';
			}
			if (lines < 2)
				return fprintf(stderr, "bench: idle connection %d not welcomed\n", j), -1;
		}
	}
	return 0;
}

/* Client i through the door (the Unix socket sock, as the gateway): a
 * first visit names the player pI; 0 if it is welcomed as pI. */
static int door_login(tc *t, const char *sock, int i, int first)
{
	char as[160], want[64];
	/* SHA256: and 43 base64 characters; an address of its own */
	int n = snprintf(as, sizeof as, "as SHA256:benchkey%035d 10.0.%d.%d", i, i / 256, i % 256);
	if (first)
		snprintf(as + n, sizeof as - (size_t)n, " name p%d", i);
	snprintf(want, sizeof want, "welcome p%d", i);
	return tc_unix(t, sock) == 0 && tc_expect(t, "welcome ", NULL, 0, 10000) &&
	       tc_send(t, "%s", as) == 0 && tc_expect(t, want, NULL, 0, 10000) ? 0 : -1;
}

/* Does the finished record of game i hold exactly its moves? */
static int record_matches(const char *state, int i, const ng_game *played)
{
	char name[32];
	ng_game *g = NULL;
	snprintf(name, sizeof name, "b%d", i);
	int ok = srv_finished(state, name, &g, NULL) == 1 && g &&
	         ng_game_ply(g) == ng_game_ply(played);
	for (int m = 0; ok && m < ng_game_ply(g); m++)
		ok = ng_move_equal(ng_game_move_at(g, m), ng_game_move_at(played, m));
	if (g)
		ng_game_free(g);
	return ok;
}

/* ------------------------------------------------ against the computers */

/* --computer-games N: N connections more, each seeking COMP_CLOCK
 * (casual: the ratings that pair them stay put) and playing quick random
 * legal moves against the server's computers (--computers 1,4,7,10,
 * --pair-wait 1, the default --computer-jobs), again and again while the
 * humans play; then each finishes the game it has.  So that each gets the
 * level it stands for, the state directory starts with ratings (the
 * computer-N and the seekers of level N at LEVEL_RATING(N)) and with the
 * seekers ignoring each other (never paired together): seeker i is kI%K,
 * K names (GAMES_PER_NAME games each at most, the server's limit). */
#define COMP_CLOCK "3+2"
#define COMP_START_MS 180000
#define COMP_INC_MS 2000
#define GAMES_PER_NAME 5
#define LEVEL_RATING(n) (600.0 + 160.0 * (n))
static const int comp_levels[4] = { 1, 4, 7, 10 };

typedef struct cclient {
	tc t;
	ng_game *g;               /* its game, or NULL */
	int side, level;          /* its side; the computer's level */
	int seeking;
	int64_t move_at;          /* when to move next, or 0 */
	int64_t left;             /* the computer's time when its turn began */
} cclient;

static struct {
	int games, ended, flagged, moves;
	int64_t longest;          /* ms: a computer's move, from the clocks */
} per_level[NG_LEVEL_MAX + 1];
static int comp_errors;

static int comp_names(int n)
{
	int k = (n + GAMES_PER_NAME - 1) / GAMES_PER_NAME;
	return (k + 3) / 4 * 4;   /* (every level as many) */
}

/* The ratings and ignores the seekers start with; 0, or -1. */
static int comp_seed(const char *state, int n)
{
	char path[600];
	int k = comp_names(n);
	FILE *r = NULL, *p = NULL;
	snprintf(path, sizeof path, "%s/ratings", state);
	if (mkdir(state, 0700) < 0 || !(r = fopen(path, "w")))
		return -1;
	snprintf(path, sizeof path, "%s/players", state);
	if (!(p = fopen(path, "w")))
		return fclose(r), -1;
	fprintf(r, "seq 0\n");
	for (int i = 0; i < 4; i++)
		fprintf(r, "computer-%d %.0f 50 0.06 100\n", comp_levels[i],
		        LEVEL_RATING(comp_levels[i]));
	for (int i = 0; i < k; i++) {
		fprintf(r, "k%d %.0f 50 0.06 100\n", i, LEVEL_RATING(comp_levels[i % 4]));
		for (int j = 0; j < k; j++)
			if (j != i)
				fprintf(p, "k%d ignore k%d\n", i, j);
	}
	return (fclose(r) | fclose(p)) ? -1 : 0;
}

static void comp_seek(cclient *c)
{
	c->seeking = 1;
	tc_send(&c->t, "seek " COMP_CLOCK " casual");
}

static void comp_move(cclient *c)
{
	c->move_at = 0;
	if (ng_game_ply(c->g) >= MAX_PLY) {
		tc_send(&c->t, "resign");
		return;
	}
	int n = ng_generate(ng_game_pos(c->g), &list);
	ng_move m = list.m[next_rand() % (uint64_t)n];
	char mv[NG_MOVE_TEXT];
	ng_move_format(ng_game_pos(c->g), m, mv);
	ng_game_play(c->g, m);   /* (its echo is passed over) */
	tc_send(&c->t, "move %s", mv);
}

static int64_t comp_think(void)
{
	return tc_now() + 20 + (int64_t)(next_rand() % 81);
}

/* A computer's move ("moved N MV RED BLUE"): played, its time measured. */
static void comp_moved(cclient *c, const char *line)
{
	char mv[64];
	long long t[2];
	ng_move m;
	if (sscanf(line, "moved %*d %63s %lld %lld", mv, &t[0], &t[1]) != 3 ||
	    atoi(line + 6) != ng_game_ply(c->g) + 1)
		return;   /* (its own, echoed) */
	if (ng_move_parse(ng_game_pos(c->g), mv, &m) != NG_OK || ng_game_play(c->g, m) != NG_OK) {
		comp_errors++;
		return;
	}
	int64_t took = c->left + COMP_INC_MS - t[!c->side];
	per_level[c->level].moves++;
	if (took > per_level[c->level].longest)
		per_level[c->level].longest = took;
	c->left = t[!c->side];
	if (ng_game_result(c->g) == NG_NONE)
		c->move_at = comp_think();
}

static void comp_line(cclient *c, const char *line, int again)
{
	char side[16];
	int level = 0;
	if (!strncmp(line, "paired ", 7) &&
	    sscanf(line, "paired %*s %15s computer-%d", side, &level) == 2 &&
	    level >= NG_LEVEL_MIN && level <= NG_LEVEL_MAX) {
		c->seeking = 0;
		c->g = ng_game_new(NG_STANDARD);
		c->side = !strcmp(side, "blue");
		c->level = level;
		c->left = COMP_START_MS;
		per_level[level].games++;
		c->move_at = c->side == NG_RED ? comp_think() : 0;
	} else if (!strncmp(line, "moved ", 6) && c->g) {
		comp_moved(c, line);
	} else if (!strncmp(line, "over ", 5) && c->g) {
		char lost[64];
		snprintf(lost, sizeof lost, "over %s time", c->side == NG_RED ? "red" : "blue");
		per_level[c->level].ended++;
		per_level[c->level].flagged += !strcmp(line, lost);
		ng_game_free(c->g);
		c->g = NULL;
		c->move_at = 0;
		if (again)
			comp_seek(c);
	} else if (!strncmp(line, "error", 5) || !strncmp(line, "paired ", 7)) {
		fprintf(stderr, "bench: %s\n", line);
		comp_errors++;
	}
}

/* n seekers logged in and seeking; 0, or -1. */
static int comp_open(cclient *cc, int n, int port, const char *key)
{
	for (int i = 0; i < n; i++) {
		if (tc_tcp(&cc[i].t, port) < 0 ||
		    tc_send(&cc[i].t, "login %s k%d", key, i % comp_names(n)) < 0 ||
		    !tc_expect(&cc[i].t, "welcome", NULL, 0, 10000))
			return fprintf(stderr, "bench: computer client %d could not log in\n", i), -1;
		comp_seek(&cc[i]);
	}
	return 0;
}

/* From the server's log at its end: computer-N's longest wait in line
 * and search (server_computer.c); 1 if told. */
static int comp_log(const char *log, int level, long long *wait, long long *search)
{
	FILE *f = fopen(log, "r");
	char line[1024], want[32];
	int found = 0;
	snprintf(want, sizeof want, "computer-%d: ", level);
	while (f && fgets(line, sizeof line, f)) {
		char *p = strstr(line, want);
		found |= p && sscanf(p + strlen(want), "%*d searches, the longest wait in line %lld "
		                     "ms, the longest search %lld ms", wait, search) == 2;
	}
	if (f)
		fclose(f);
	return found;
}

/* The computer games' lines; the number a computer lost on time. */
static int comp_report(const char *log)
{
	int ended = 0, flagged = 0, games = 0;
	for (int i = 0; i < 4; i++) {
		int l = comp_levels[i];
		long long wait = -1, search = -1;
		comp_log(log, l, &wait, &search);
		printf("server bench: computer-%d: %d games, %d ended, %d lost on time, %d moves, "
		       "longest move %lld ms (clock), longest search %lld ms, longest wait in line "
		       "%lld ms\n", l, per_level[l].games, per_level[l].ended, per_level[l].flagged,
		       per_level[l].moves, (long long)per_level[l].longest, search, wait);
		games += per_level[l].games;
		ended += per_level[l].ended;
		flagged += per_level[l].flagged;
	}
	printf("server bench: computer games " COMP_CLOCK ": %d played, %d ended, %d lost on time "
	       "by a computer, %d errors\n", games, ended, flagged, comp_errors);
	return flagged + comp_errors + (games - ended);
}

/* One read for t: 1, or 0 when its connection ended (closed). */
static int take(tc *t)
{
	ssize_t r = recv(t->fd, t->buf + t->len, sizeof t->buf - t->len, 0);
	if (r <= 0) {
		close(t->fd);
		t->fd = -1;
		return 0;
	}
	t->len += (size_t)r;
	return 1;
}

static void comp_gone(cclient *c)
{
	comp_errors++;
	if (c->g)
		ng_game_free(c->g);
	c->g = NULL;
	c->seeking = 0;
	c->move_at = 0;
}

/* The humans' games to their end (the seconds they took), the computer
 * games beside them (again while the humans play), then each of those to
 * its end. */
static double play_all(client *cl, int nclients, game *gm, int ngames, cclient *cc, int ncomp)
{
	int nfd = nclients + ncomp;
	struct pollfd *pf = calloc((size_t)nfd, sizeof *pf);
	char line[8192];
	int64_t start = tc_now(), humans = 0;
	while (pf && tc_now() - start < 900000) {
		int done = 0, busy = 0;
		for (int i = 0; i < ngames; i++)
			done += gm[i].over == 3;
		if (done == ngames && !humans)
			humans = tc_now();
		for (int i = 0; i < ncomp; i++)
			busy += cc[i].g || cc[i].seeking;
		if (humans && !busy)
			break;
		int64_t now = tc_now(), next = now + 100;
		for (int i = 0; i < nfd; i++) {
			client *c = i < nclients ? &cl[i] : NULL;
			cclient *k = c ? NULL : &cc[i - nclients];
			int64_t *at = c ? &c->move_at : &k->move_at;
			if (*at && *at <= now) {
				if (c)
					move(c);
				else
					comp_move(k);
			}
			if (*at && *at < next)
				next = *at;
			pf[i] = (struct pollfd){ c ? c->t.fd : k->t.fd, POLLIN, 0 };
		}
		int wait = (int)(next - now);
		if (poll(pf, (nfds_t)nfd, wait > 0 ? wait : 0) <= 0)
			continue;
		for (int i = 0; i < nfd; i++) {
			if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			client *c = i < nclients ? &cl[i] : NULL;
			cclient *k = c ? NULL : &cc[i - nclients];
			tc *t = c ? &c->t : &k->t;
			if (!take(t)) {   /* one read, then every whole line it completed */
				fprintf(stderr, "bench: client %d lost its connection\n", i);
				if (c)
					c->g->errors++, c->g->over = 3;
				else
					comp_gone(k);
				continue;
			}
			while (tc_line(t, line, sizeof line, 0) > 0) {
				if (c)
					on_line(c, line);
				else
					comp_line(k, line, !humans);
			}
		}
	}
	free(pf);
	return (double)((humans ? humans : tc_now()) - start) / 1000.0;
}

int main(int argc, char **argv)
{
	int nclients = 1000, nidle = 0, ncomp = 0;
	const char *nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	const char *where = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
	const char *sync = NULL;
	int door = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--door"))
			door = 1;
		else if (!strcmp(argv[i], "--idle") && i + 1 < argc)
			nidle = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--computer-games") && i + 1 < argc)
			ncomp = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--state") && i + 1 < argc)
			where = argv[++i];
		else if (!strcmp(argv[i], "--sync") && i + 1 < argc)
			sync = argv[++i];
		else if (argv[i][0] != '-')
			nclients = atoi(argv[i]);
		else
			nclients = -1;
	}
	if (nclients < 2 || nclients % 2 || nidle < 0 || ncomp < 0 || comp_names(ncomp) > 32)
		return fprintf(stderr, "usage: server_bench [EVEN_CLIENTS] [--idle N] [--state DIR] "
		               "[--sync batch|always|none] [--door] [--computer-games 0-160]\n"), 2;
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	signal(SIGPIPE, SIG_IGN);
	char dir[500], state[520], log[520], keyf[540], maxc[16], sock[520], unixl[530];
	snprintf(dir, sizeof dir, "%s/nonaga-bench-XXXXXX", where);
	if (!mkdtemp(dir))
		return fprintf(stderr, "bench: cannot make a directory in %s\n", where), 1;
	snprintf(state, sizeof state, "%s/state", dir);
	snprintf(log, sizeof log, "%s/log", dir);
	snprintf(sock, sizeof sock, "%s/s.sock", dir);
	snprintf(unixl, sizeof unixl, "unix:%s", sock);
	snprintf(maxc, sizeof maxc, "%d", nclients + nidle + ncomp + 16);
	struct passwd *pw = getpwuid(getuid());
	if (door && !pw)
		return fprintf(stderr, "bench: who am I? (the door's gateway account)\n"), 1;
	char *args[24] = { (char *)"--listen", (char *)"127.0.0.1:0", (char *)"--state", state,
	                   (char *)"--max-clients", maxc };
	int na = 6;
	if (sync)
		args[na++] = (char *)"--sync", args[na++] = (char *)sync;
	if (door)
		args[na++] = (char *)"--listen", args[na++] = unixl, args[na++] = (char *)"--gateway",
		args[na++] = pw->pw_name;
	if (ncomp && comp_seed(state, ncomp) < 0)
		return fprintf(stderr, "bench: cannot write the ratings and players in %s\n", state), 1;
	if (ncomp)
		args[na++] = (char *)"--computers", args[na++] = (char *)"1,4,7,10",
		args[na++] = (char *)"--pair-wait", args[na++] = (char *)"1";
	printf("server bench: sync %s, state in %s (%s)%s\n", sync ? sync : "batch", dir,
	       fs_name(dir), door ? ", players through the door" : "");
	fflush(stdout);
	pid_t pid = srv_start(nonaga, log, args);
	int port = srv_wait(log, 1, 10000);
	char key[64] = "";
	snprintf(keyf, sizeof keyf, "%s/key", state);
	FILE *kf = fopen(keyf, "r");
	if (port <= 0 || !kf || !fgets(key, sizeof key, kf)) {
		fprintf(stderr, "bench: the server did not start (see %s)\n", log);
		return 1;
	}
	fclose(kf);
	key[strcspn(key, "\n")] = 0;
	int *idle = nidle ? calloc((size_t)nidle, sizeof *idle) : NULL;
	if (nidle) {
		long before = rss_kb(pid, "VmRSS:");
		if (!idle || open_idle(idle, nidle, port, key) < 0)
			return 1;
		long after = rss_kb(pid, "VmRSS:");
		printf("server bench: %d idle connections: rss %.1f MB -> %.1f MB, %.1f KB each\n",
		       nidle, before / 1024.0, after / 1024.0, (double)(after - before) / nidle);
		fflush(stdout);
	}

	/* through the door, every other key is known from a visit before */
	for (int i = 1; door && i < nclients; i += 2) {
		tc t;
		if (door_login(&t, sock, i, 1) < 0)
			return fprintf(stderr, "bench: door player %d could not be made\n", i), 1;
		tc_close(&t);
	}
	int ngames = nclients / 2;
	client *cl = calloc((size_t)nclients, sizeof *cl);
	game *gm = calloc((size_t)ngames, sizeof *gm);
	cclient *cc = ncomp ? calloc((size_t)ncomp, sizeof *cc) : NULL;
	char line[8192];
	if (ncomp && (!cc || comp_open(cc, ncomp, port, key) < 0))
		return 1;
	int64_t logins = tc_now();
	for (int i = 0; i < nclients; i++) {
		client *c = &cl[i];
		game *g = &gm[i / 2];
		c->g = g;
		c->side = i % 2;
		g->p[c->side] = c;
		if (!c->side)
			g->g = ng_game_new(NG_STANDARD);
		if (door ? door_login(&c->t, sock, i, i % 2 == 0) < 0 :
		    tc_tcp(&c->t, port) < 0 || tc_send(&c->t, "login %s p%d", key, i) < 0 ||
		    !tc_expect(&c->t, "welcome", NULL, 0, 10000)) {
			fprintf(stderr, "bench: client %d could not log in\n", i);
			return 1;
		}
		if (!c->side)
			tc_send(&c->t, "host b%d red", i / 2);
		else
			tc_send(&c->t, "join b%d", i / 2);
	}
	int64_t start = tc_now();
	printf("server bench: %d clients logged in in %.1f s\n", nclients,
	       (double)(start - logins) / 1000.0);
	fflush(stdout);
	double secs = play_all(cl, nclients, gm, ngames, cc, ncomp);
	long rss = rss_kb(pid, "VmHWM:");
	srv_stop(pid, SIGTERM);
	for (int i = 0; i < nidle; i++)
		close(idle[i]);
	free(idle);
	int lost = 0, moves = 0;
	for (int i = 0; i < ngames; i++) {
		moves += ng_game_ply(gm[i].g);
		if (gm[i].over != 3 || gm[i].errors || !record_matches(state, i, gm[i].g))
			lost++;
	}
	long syncs = from_log(log, " entries, ");
	printf("server bench: %.0f moves/s over %.1f s; %ld fdatasync calls (%.1f moves each)\n",
	       moves / secs, secs, syncs, syncs > 0 ? (double)moves / (double)syncs : 0.0);
	qsort(lat, nlat, sizeof *lat, cmp64);
	int64_t p50 = nlat ? lat[nlat / 2] : -1, p99 = nlat ? lat[nlat * 99 / 100] : -1;
	int comp_bad = ncomp ? comp_report(log) : 0;
	if (!lost && !comp_bad) {
		snprintf(line, sizeof line, "rm -rf %s", dir);
		if (system(line) != 0)
			lost = lost;
	} else {
		fprintf(stderr, "bench: the server's log and state are in %s\n", dir);
	}
	printf("server bench: %d clients, %d games, %d moves, p50 %lld ms, p99 %lld ms, "
	       "rss %.1f MB, lost %d\n", nclients, ngames, moves, (long long)p50,
	       (long long)p99, rss / 1024.0, lost);
	return lost || comp_bad ? 1 : 0;
}
