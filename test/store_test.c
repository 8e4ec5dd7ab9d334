/*
 * store_test.c - the server's store keeps what it acknowledged
 * (nonaga(6), FILES: the journal, games/, finished/):
 *
 *   - a crash under load: six games of random moves over TCP, the server
 *     killed with SIGKILL at 20 random moments; after each restart every
 *     move any client had seen ("moved N ...") is in its game, in order,
 *     and a game that ended is in finished/ with every move; at some
 *     restarts a torn entry is added to the journal's end first (what a
 *     crash mid-write leaves): it is reported in the log and dropped;
 *   - truncation: the journal of a game cut at every byte offset of its
 *     last two entries; the server starts each time, keeps every whole
 *     entry (the moves), drops the rest, and says so exactly when an entry
 *     was cut;
 *   - two games of one name finished within one second both keep their
 *     records in finished/.
 *
 * $NONAGA is the program (build/nonaga by default).
 */
#include "nonaga.h"
#include "tap.h"
#include "netc.h"
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

static const char *nonaga;
static char dir[256], sock[300], logpath[300], state[300], key[64];
static int starts;            /* servers started on logpath */
static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* ------------------------------------------------------------- helpers */

static pid_t start(int *port)
{
	char l1[320], st[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(st, sizeof st, "%s", state);
	char *args[] = { (char *)"--listen", l1, (char *)"--listen", (char *)"127.0.0.1:0",
	                 (char *)"--state", st, (char *)"--grace", (char *)"600", NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	int p = srv_wait(logpath, ++starts, 20000);
	if (port)
		*port = p;
	if (p < 0) {
		srv_stop(pid, SIGKILL);
		starts--;   /* it never said it was serving */
		return -1;
	}
	FILE *f = fopen(strcat(strcpy(l1, state), "/key"), "r");
	if (!f || !fgets(key, sizeof key, f))
		key[0] = 0;
	if (f)
		fclose(f);
	key[strcspn(key, "\n")] = 0;
	return pid;
}

/* Lines of the log that hold text. */
static int log_count(const char *text)
{
	FILE *f = fopen(logpath, "r");
	char line[2048];
	int n = 0;
	while (f && fgets(line, sizeof line, f))
		n += strstr(line, text) != NULL;
	if (f)
		fclose(f);
	return n;
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size);
	if (fd >= 0)
		close(fd);
	return (int)n;
}

static int write_file(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int ok = fd >= 0 && write(fd, buf, len) == (ssize_t)len;
	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

static int finished(const char *name, ng_game **g, ng_record_info *info)
{
	return srv_finished(state, name, g, info);
}

/* Does b begin with every move of a? */
static int has_prefix(const ng_game *b, const ng_game *a)
{
	if (ng_game_ply(b) < ng_game_ply(a))
		return 0;
	for (int i = 0; i < ng_game_ply(a); i++)
		if (!ng_move_equal(ng_game_move_at(a, i), ng_game_move_at(b, i)))
			return 0;
	return 1;
}

/* ------------------------------------------------------ crash under load */

#define NGAMES 6
#define ROUNDS 20

typedef struct player {
	tc t;
	char token[64];
	int64_t move_at;          /* when to send a move, or 0 */
	int waiting;              /* a move sent, its "moved" not seen */
} player;

typedef struct cgame {
	char name[32];
	ng_game *g;               /* every move a client has seen */
	player p[2];
	int over;                 /* a client saw "over" */
	int serial;
} cgame;

static cgame games[NGAMES];
static int bad_lines;

static int login(tc *t, int port, const char *name)
{
	char line[256];
	return tc_tcp(t, port) == 0 && tc_send(t, "login %s %s", key, name) == 0 &&
	       tc_expect(t, "welcome ", line, sizeof line, 5000);
}

/* Seat "ok seat SIDE TOKEN": the token into p. */
static int seated(player *p, const char *cmd)
{
	char got[300];
	if (!tc_ask(&p->t, got, sizeof got, cmd) || strncmp(got, "ok seat ", 8))
		return fprintf(stderr, "%s: %s\n", cmd, got), 0;
	const char *sp = strchr(got + 8, ' ');
	snprintf(p->token, sizeof p->token, "%s", sp ? sp + 1 : "");
	return 1;
}

static int new_game(cgame *cg, int i, int port)
{
	char cmd[100];
	snprintf(cg->name, sizeof cg->name, "c%d-%d", i, ++cg->serial);
	if (cg->g)
		ng_game_free(cg->g);
	cg->g = ng_game_new(NG_STANDARD);
	cg->over = 0;
	for (int s = 0; s < 2; s++) {
		char who[16];
		snprintf(who, sizeof who, "p%d%c", i, s ? 'b' : 'r');
		tc_close(&cg->p[s].t);
		if (!login(&cg->p[s].t, port, who))
			return 0;
		cg->p[s].waiting = 0;
		cg->p[s].move_at = 0;
	}
	snprintf(cmd, sizeof cmd, "host %s red", cg->name);
	if (!seated(&cg->p[0], cmd))
		return 0;
	snprintf(cmd, sizeof cmd, "join %s", cg->name);
	if (!seated(&cg->p[1], cmd))
		return 0;
	cg->p[0].move_at = tc_now() + 5;
	return 1;
}

static void send_move(cgame *cg, int side)
{
	static ng_movelist list;
	player *p = &cg->p[side];
	char mv[NG_MOVE_TEXT];
	int n = ng_generate(ng_game_pos(cg->g), &list);
	p->move_at = 0;
	if (n <= 0)
		return;
	ng_move_format(ng_game_pos(cg->g), list.m[next_rand() % (uint64_t)n], mv);
	p->waiting = 1;
	tc_send(&p->t, "move %s", mv);
}

static void on_line(cgame *cg, int side, const char *line)
{
	if (!strncmp(line, "moved ", 6)) {
		int ply = atoi(line + 6);
		char mv[200];
		ng_move m;
		if (ply != ng_game_ply(cg->g) + 1)
			return;   /* the other player saw it first */
		if (sscanf(line + 6, "%*d %199s", mv) != 1 ||
		    ng_move_parse(ng_game_pos(cg->g), mv, &m) != NG_OK ||
		    ng_game_play(cg->g, m) != NG_OK) {
			bad_lines++;
			return;
		}
		cg->p[!side].waiting = cg->p[side].waiting = 0;
		int next = ng_pos_side(ng_game_pos(cg->g));
		if (ng_game_result(cg->g) == NG_NONE)
			cg->p[next].move_at = tc_now() + 10 + (int64_t)(next_rand() % 30);
	} else if (!strncmp(line, "over ", 5)) {
		cg->over = 1;
		cg->p[0].move_at = cg->p[1].move_at = 0;
	} else if (!strncmp(line, "error ", 6)) {
		fprintf(stderr, "%s: %s\n", cg->name, line);
		bad_lines++;
	}
}

/* Everyone plays for ms milliseconds. */
static void play_for(int ms)
{
	struct pollfd pf[2 * NGAMES];
	char line[8192];
	int64_t end = tc_now() + ms;
	while (tc_now() < end) {
		int64_t now = tc_now(), next = end;
		for (int i = 0; i < 2 * NGAMES; i++) {
			cgame *cg = &games[i / 2];
			player *p = &cg->p[i % 2];
			if (p->move_at && p->move_at <= now && !cg->over)
				send_move(cg, i % 2);
			if (p->move_at && p->move_at < next)
				next = p->move_at;
			pf[i].fd = p->t.fd;
			pf[i].events = POLLIN;
			pf[i].revents = 0;
		}
		if (poll(pf, 2 * NGAMES, (int)(next > now ? next - now : 0)) <= 0)
			continue;
		for (int i = 0; i < 2 * NGAMES; i++) {
			player *p = &games[i / 2].p[i % 2];
			if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ssize_t r = recv(p->t.fd, p->t.buf + p->t.len, sizeof p->t.buf - p->t.len, 0);
			if (r <= 0) {
				p->t.eof = 1;
				continue;
			}
			p->t.len += (size_t)r;
			while (tc_line(&p->t, line, sizeof line, 0) > 0)
				on_line(&games[i / 2], i % 2, line);
		}
	}
}

/* A torn entry at the journal's end: a whole head, half its text. */
static int tear_journal(void)
{
	char path[400];
	unsigned char torn[8 + 20] = { 40, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef };
	memcpy(torn + 8, "99999 move 1 1 a1>b", 19);
	snprintf(path, sizeof path, "%s/journal", state);
	int fd = open(path, O_WRONLY | O_APPEND);
	int ok = fd >= 0 && write(fd, torn, sizeof torn) == (ssize_t)sizeof torn;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* After a restart: game cg has every move a client saw; 0 if not. */
static int check_game(cgame *cg, int i, int port)
{
	char cmd[160], got[300], line[300];
	for (int s = 0; s < 2; s++) {
		char who[16];
		snprintf(who, sizeof who, "p%d%c", i, s ? 'b' : 'r');
		tc_close(&cg->p[s].t);
		if (!login(&cg->p[s].t, port, who))
			return fprintf(stderr, "%s: cannot log in again\n", who), 0;
		cg->p[s].waiting = 0;
		cg->p[s].move_at = 0;
	}
	snprintf(cmd, sizeof cmd, "join %s %s", cg->name, cg->p[0].token);
	if (!tc_ask(&cg->p[0].t, got, sizeof got, cmd))
		return fprintf(stderr, "%s: no answer\n", cmd), 0;
	if (!strncmp(got, "error no-game", 13) || !strncmp(got, "error game-over", 15)) {
		/* it ended (the clients may not have been told): in finished/ */
		ng_game *rec = NULL;
		int n = finished(cg->name, &rec, NULL);
		int ok = n == 1 && rec && has_prefix(rec, cg->g);
		if (!ok)
			fprintf(stderr, "%s: %d finished records, not one with the %d moves seen\n",
			        cg->name, n, ng_game_ply(cg->g));
		if (rec)
			ng_game_free(rec);
		return ok && new_game(cg, i, port);
	}
	if (cg->over)
		return fprintf(stderr, "%s: over, yet %s\n", cg->name, got), 0;
	if (strncmp(got, "ok seat red", 11) || !tc_expect(&cg->p[0].t, "sync ", line, sizeof line, 5000))
		return fprintf(stderr, "%s: %s\n", cmd, got), 0;
	const char *m = strstr(line, " moves=");
	int n = m ? atoi(m + 7) : -1;
	ng_game *server = ng_game_new(NG_STANDARD);
	for (int k = 0; k < n; k++) {
		char mv[200];
		ng_move mm;
		if (!tc_expect(&cg->p[0].t, "moved ", line, sizeof line, 5000) ||
		    sscanf(line + 6, "%*d %199s", mv) != 1 ||
		    ng_move_parse(ng_game_pos(server), mv, &mm) != NG_OK ||
		    ng_game_play(server, mm) != NG_OK)
			break;
	}
	int ok = ng_game_ply(server) == n && has_prefix(server, cg->g);
	if (!ok)
		fprintf(stderr, "%s: the server has %d moves, the clients saw %d (lost or "
		        "different)\n", cg->name, n, ng_game_ply(cg->g));
	ng_game_free(cg->g);
	cg->g = server;   /* what the server had written, unseen, counts too */
	snprintf(cmd, sizeof cmd, "join %s %s", cg->name, cg->p[1].token);
	if (!tc_ask(&cg->p[1].t, got, sizeof got, cmd) || strncmp(got, "ok seat blue", 12))
		return fprintf(stderr, "%s: %s\n", cmd, got), 0;
	if (ng_game_result(cg->g) == NG_NONE)
		cg->p[ng_pos_side(ng_game_pos(cg->g))].move_at = tc_now() + 20;
	else
		cg->over = 1;
	return ok;
}

static void crash_under_load(void)
{
	int port = 0, lost = 0, broken = 0, torn_seen = 0, torn_made = 0, moves = 0;
	pid_t pid = start(&port);
	CHECK(pid > 0 && port > 0, "the server starts");
	if (pid < 0)
		return;
	for (int i = 0; i < NGAMES; i++)
		games[i].p[0].t.fd = games[i].p[1].t.fd = -1;
	for (int i = 0; i < NGAMES; i++)
		CHECK(new_game(&games[i], i, port), "game %d starts", i);
	for (int round = 0; round < ROUNDS; round++) {
		for (int i = 0; i < NGAMES; i++)
			moves -= ng_game_ply(games[i].g);
		play_for(150 + (int)(next_rand() % 350));
		for (int i = 0; i < NGAMES; i++)
			moves += ng_game_ply(games[i].g);
		srv_stop(pid, SIGKILL);
		int torn = round % 4 == 1;
		if (torn)
			torn_made += tear_journal();
		int before = log_count("a torn last entry");
		pid = start(&port);
		if (pid < 0) {
			CHECK(0, "round %d: the server starts again", round);
			return;
		}
		torn_seen += torn && log_count("a torn last entry") == before + 1;
		broken += !torn && log_count("a torn last entry") != before;
		for (int i = 0; i < NGAMES; i++) {
			lost += !check_game(&games[i], i, port);
			if (games[i].over)
				lost += !new_game(&games[i], i, port);
		}
	}
	CHECK(lost == 0, "after 20 kills every move a client saw was kept (%d lost)", lost);
	CHECK(bad_lines == 0, "and no client was told anything wrong (%d)", bad_lines);
	CHECK(torn_made == 5 && torn_seen == 5 && broken == 0,
	      "the torn entries made at 5 restarts were reported and dropped (%d of %d, %d "
	      "reports of none)", torn_seen, torn_made, broken);
	CHECK(moves > 200, "under load: %d moves seen before the kills", moves);
	for (int i = 0; i < NGAMES; i++) {
		tc_close(&games[i].p[0].t);
		tc_close(&games[i].p[1].t);
		ng_game_free(games[i].g);
	}
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* -------------------------------------------------------------- truncation */

static int connect_unix(tc *t)
{
	char line[256];
	return tc_unix(t, sock) == 0 && tc_expect(t, "welcome ", line, sizeof line, 5000);
}

/* A server, and a and b connected to it: its pid, or -1. */
static pid_t two_players(tc *a, tc *b)
{
	a->fd = b->fd = -1;
	pid_t pid = start(NULL);
	CHECK(pid > 0 && connect_unix(a) && connect_unix(b), "a server and two players");
	if (pid > 0 && a->fd >= 0 && b->fd >= 0)
		return pid;
	srv_stop(pid, SIGKILL);
	tc_close(a);
	tc_close(b);
	return -1;
}

/* Moves of game name, as a watcher is told: -1 if none. */
static int moves_of(const char *name)
{
	tc w;
	char cmd[100], got[300], line[600];
	int n = -1;
	snprintf(cmd, sizeof cmd, "watch %s", name);
	if (connect_unix(&w) && tc_ask(&w, got, sizeof got, cmd) && !strcmp(got, "ok watch") &&
	    tc_expect(&w, "sync ", line, sizeof line, 5000) && strstr(line, " moves="))
		n = atoi(strstr(line, " moves=") + 7);
	tc_close(&w);
	return n;
}

/* Is the journal's entry from at to end a move? */
static int is_move(const char *j, int at, int end)
{
	char text[256];
	int len = end - at - 8;
	if (len <= 0 || len >= (int)sizeof text)
		return 0;
	memcpy(text, j + at + 8, (size_t)len);
	text[len] = 0;
	return strstr(text, " move ") != NULL;
}

static void truncation(void)
{
	tc a, b;
	char got[300], path[400], games_dir[400];
	static ng_movelist list;
	pid_t pid = two_players(&a, &b);
	if (pid < 0)
		return;
	CHECK(tc_ask(&a, got, sizeof got, "host tg red clock 5+2") && !strncmp(got, "ok seat red", 11) &&
	      tc_ask(&b, got, sizeof got, "join tg") && !strncmp(got, "ok seat blue", 12), "game tg");
	ng_game *g = ng_game_new(NG_STANDARD);
	for (int i = 0; i < 6; i++) {
		char mv[NG_MOVE_TEXT], cmd[NG_MOVE_TEXT + 8];
		ng_generate(ng_game_pos(g), &list);
		ng_move_format(ng_game_pos(g), list.m[0], mv);
		ng_game_play(g, list.m[0]);
		snprintf(cmd, sizeof cmd, "move %s", mv);
		CHECK(tc_ask(i % 2 ? &b : &a, got, sizeof got, cmd) && !strcmp(got, "ok"),
		      "move %d: %s", i + 1, got);
	}
	srv_stop(pid, SIGKILL);
	tc_close(&a);
	tc_close(&b);
	ng_game_free(g);

	static char journal[1 << 16];
	snprintf(path, sizeof path, "%s/journal", state);
	snprintf(games_dir, sizeof games_dir, "%s/games", state);
	int size = read_file(path, journal, sizeof journal);
	int off[64], n = 0;
	for (int at = 0; size > 0 && at + 8 <= size && n < 63; n++) {
		off[n] = at;
		at += 8 + (int)((unsigned char)journal[at] | (unsigned char)journal[at + 1] << 8);
	}
	off[n] = size;
	CHECK(n >= 8 && off[n] == size && is_move(journal, off[n - 1], off[n]) &&
	      is_move(journal, off[n - 2], off[n - 1]),
	      "the journal holds %d entries, the last two of them moves", n);
	if (n < 8)
		return;
	int wrong_moves = 0, wrong_log = 0, not_started = 0, cuts = 0;
	for (int cut = off[n - 2]; cut <= size; cut++) {
		char cmd[500];
		snprintf(cmd, sizeof cmd, "rm -f %s/*.rec", games_dir);
		if (system(cmd) != 0 || write_file(path, journal, (size_t)cut) < 0)
			break;
		int whole = 4 + (cut >= off[n - 1]) + (cut == size);
		int torn = cut != off[n - 2] && cut != off[n - 1] && cut != size;
		int before = log_count("a torn last entry");
		pid = start(NULL);
		if (pid < 0 && ++not_started >= 3)
			break;   /* (each waits 20 s) */
		if (pid < 0)
			continue;
		cuts++;
		int got_moves = moves_of("tg");
		if (got_moves != whole) {
			wrong_moves++;
			fprintf(stderr, "cut at %d: %d moves, not %d\n", cut, got_moves, whole);
		}
		if ((log_count("a torn last entry") - before) != torn) {
			wrong_log++;
			fprintf(stderr, "cut at %d: %s torn entry reported\n", cut, torn ? "no" : "a");
		}
		srv_stop(pid, SIGKILL);
	}
	CHECK(not_started == 0 && cuts == size - off[n - 2] + 1,
	      "the server started after each of %d cuts (%d did not)", cuts, not_started);
	CHECK(wrong_moves == 0, "each kept every whole move entry and no more (%d wrong)",
	      wrong_moves);
	CHECK(wrong_log == 0, "and reported a torn entry exactly when one was cut (%d wrong)",
	      wrong_log);
}

/* ---------------------------------------------------------- same name */

static void same_name(void)
{
	tc a, b;
	char got[300];
	pid_t pid = two_players(&a, &b);
	if (pid < 0)
		return;
	int64_t t0 = tc_now();
	for (int k = 0; k < 2; k++) {
		CHECK(tc_ask(&a, got, sizeof got, "host twice red") && !strncmp(got, "ok seat red", 11) &&
		      tc_ask(&b, got, sizeof got, "join twice") && !strncmp(got, "ok seat blue", 12),
		      "game 'twice', the %s time", k ? "second" : "first");
		CHECK(tc_ask(k ? &b : &a, got, sizeof got, "resign") && !strcmp(got, "ok") &&
		      tc_expect(&a, "over ", NULL, 0, 3000) && tc_expect(&b, "over ", NULL, 0, 3000),
		      "%s resigns", k ? "blue" : "red");
		CHECK(tc_ask(&a, got, sizeof got, "leave") && tc_ask(&b, got, sizeof got, "leave"),
		      "both leave");
	}
	int64_t took = tc_now() - t0;
	ng_record_info info;
	ng_game *rec = NULL;
	char d[400];
	snprintf(d, sizeof d, "%s/finished", state);
	int n = finished("twice", &rec, &info);
	CHECK(n == 2, "two games of one name finished within %lld ms: %d records", (long long)took, n);
	if (rec)
		ng_game_free(rec);
	tc_close(&a);
	tc_close(&b);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

int main(void)
{
	nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof dir, "%s/nonaga-store-test-XXXXXX", tmp);
	if (!mkdtemp(dir))
		return 1;
	snprintf(sock, sizeof sock, "%s/s.sock", dir);
	snprintf(logpath, sizeof logpath, "%s/log", dir);
	signal(SIGPIPE, SIG_IGN);
	snprintf(state, sizeof state, "%s/crash", dir);
	crash_under_load();
	snprintf(state, sizeof state, "%s/cut", dir);
	truncation();
	snprintf(state, sizeof state, "%s/name", dir);
	same_name();
	return tests_done_in("store", dir);
}
