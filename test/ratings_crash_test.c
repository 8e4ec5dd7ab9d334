/*
 * ratings_crash_test.c - a game is rated exactly once, whatever moment the
 * server dies at (server_rating.c says how): the server is killed
 * (SIGKILL, by its test-only hook NONAGA_TEST_CRASH, doc/hacking.md)
 *
 *   - "over": a rated game has ended and its ratings are computed, its
 *     end not yet written.  After the restart nobody's rating moved; the
 *     game is on again, and when it ends it is rated once;
 *   - "snapshot": at the start's compaction, the ratings' snapshot
 *     written and the old journal (holding the last game's end) not yet
 *     reset.  After the restart the game is not counted again;
 *
 * then at random moments while pairs of players play short games.  After
 * every restart each player's rating and games count in `ratings' are
 * what rating each finished game once gives: the records' ratings
 * before and after ("R/RD>R/RD") chain from 1500.00/350.00 through every
 * rated game of the player, in some order, to the table's, and the games
 * count is the number of those records.  $NONAGA is the program.
 */
#include "rating.c"
#include "srvtest.h"
#include <dirent.h>

#define PLAYERS_MAX 64
#define GAMES_MAX 4096

typedef struct played {
	char name[40];
	char step[GAMES_MAX / 8][2][40];   /* before, after */
	int n;
} played;

static played who[PLAYERS_MAX];
static int nwho, starts;

static played *player(const char *name)
{
	for (int i = 0; i < nwho; i++)
		if (!strcmp(who[i].name, name))
			return &who[i];
	if (nwho == PLAYERS_MAX)
		return NULL;
	snprintf(who[nwho].name, sizeof who[nwho].name, "%s", name);
	who[nwho].n = 0;
	return &who[nwho++];
}

/* Every rated finished record's steps, by player; the number of records. */
static int read_records(void)
{
	char d[400], path[800];
	snprintf(d, sizeof d, "%s/finished", state);
	DIR *dp = opendir(d);
	struct dirent *de;
	int n = 0;
	nwho = 0;
	while (dp && (de = readdir(dp))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", d, de->d_name);
		ng_game *g;
		ng_record_info info;
		if (srv_read_record(path, &g, &info)) {
			const char *rr[2] = { ng_record_get(&info, "Red-rating"),
			                      ng_record_get(&info, "Blue-rating") };
			const char *names[2] = { info.red, info.blue };
			for (int side = 0; side < 2 && rr[0] && rr[1]; side++) {
				played *p = player(names[side]);
				const char *gt = strchr(rr[side], '>');
				if (!p || !gt || p->n == GAMES_MAX / 8)
					continue;
				snprintf(p->step[p->n][0], sizeof p->step[p->n][0], "%.*s",
				         (int)(gt - rr[side]), rr[side]);
				snprintf(p->step[p->n][1], sizeof p->step[p->n][1], "%s", gt + 1);
				p->n++;
			}
			n += rr[0] && rr[1];
			ng_game_free(g);
		}
	}
	if (dp)
		closedir(dp);
	return n;
}

/* p's steps chained from a new player's rating: where they end ("R/RD"),
 * or "" if they do not all chain. */
static void chain(played *p, char *end, size_t size)
{
	char used[GAMES_MAX / 8] = { 0 };
	snprintf(end, size, "1500.00/350.00");
	for (int k = 0; k < p->n; k++) {
		int i = 0;
		while (i < p->n && (used[i] || strcmp(p->step[i][0], end)))
			i++;
		if (i == p->n) {
			end[0] = 0;
			return;
		}
		used[i] = 1;
		snprintf(end, size, "%s", p->step[i][1]);
	}
}

/* `ratings' is exactly what the finished records give: every player's
 * chain ends at the table's rating, with as many games as records.
 * *rated: the number of rated records. */
static int table_ok(tc *t, int *rated, const char *what)
{
	char line[600], name[64], end[64], want[200];
	double r, rd;
	int games, k = 0, ok = 1, seen = 0;
	*rated = read_records();
	tc_send(t, "ratings");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2)) {
		if (strncmp(line, "rating ", 7))
			continue;
		if (sscanf(line, "rating %63s %lf %lf %d kind=human%n", name, &r, &rd, &games, &k) != 4 ||
		    line[k])
			return fprintf(stderr, "%s: not a rating: '%s'\n", what, line), 0;
		played *p = player(name);
		if (!p)
			return 0;
		chain(p, end, sizeof end);
		char *slash = strchr(end, '/');
		if (slash)
			*slash = ' ';   /* "R/RD" as `ratings' has it: "R RD" */
		snprintf(want, sizeof want, "rating %s %s %d kind=human", name, end, p->n);
		if (!end[0] || strcmp(line, want)) {
			fprintf(stderr, "%s: '%s', but its %d record%s '%s'\n", what, line, p->n,
			        p->n == 1 ? " gives" : "s give",
			        end[0] ? want : "no chain from 1500.00/350.00");
			ok = 0;
		}
		seen++;
	}
	int recorded = 0;
	for (int i = 0; i < nwho; i++)
		recorded += who[i].n > 0;
	if (seen != recorded) {
		fprintf(stderr, "%s: %d players in the table, %d in the records\n", what, seen,
		        recorded);
		ok = 0;
	}
	return ok;
}

/* The server started (its serving line the starts-th in the log). */
static pid_t serve(int *port)
{
	pid_t pid = start(++starts, NULL, NULL, port);
	return pid;
}

/* The server started with NONAGA_TEST_CRASH=point dies by SIGKILL; 1 if it
 * did (within 10 s). */
static int killed(pid_t pid)
{
	int st = 0;
	for (int i = 0; i < 1000; i++) {
		pid_t w = waitpid(pid, &st, WNOHANG);
		if (w == pid)
			return WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
		tc_sleep_ms(10);
	}
	srv_stop(pid, SIGKILL);
	return 0;
}

/* Plies moves of a game on between red and blue (the first legal move
 * each time); 1 if each was answered "ok" and seen by both. */
static int moves(ng_game *g, tc *red, tc *blue, int plies)
{
	char mv[NG_MOVE_TEXT], cmd[NG_MOVE_TEXT + 8];
	while (ng_game_ply(g) < plies) {
		tc *p = ng_pos_side(ng_game_pos(g)) == NG_RED ? red : blue;
		first_move(g, mv);
		snprintf(cmd, sizeof cmd, "move %s", mv);
		if (!answer_is(p, cmd, "ok") || !tc_expect(red, "moved ", NULL, 0, 3000) ||
		    !tc_expect(blue, "moved ", NULL, 0, 3000))
			return 0;
	}
	return 1;
}

static char token[2][40];   /* the seats' of the game opened last */

/* Game name hosted by red, joined by blue, two moves each; 1 if so. */
static int opened(const char *name, tc *red, tc *blue, ng_game *g)
{
	char cmd[80], got[200] = "";
	snprintf(cmd, sizeof cmd, "host %s red", name);
	if (!tc_ask(red, got, sizeof got, cmd))
		return 0;   /* (the server is gone) */
	if (seat_of(got, token[0]) != NG_RED)
		return fprintf(stderr, "%s: '%s'\n", cmd, got), 0;
	snprintf(cmd, sizeof cmd, "join %s", name);
	if (!tc_ask(blue, got, sizeof got, cmd))
		return 0;
	if (seat_of(got, token[1]) != NG_BLUE)
		return fprintf(stderr, "%s: '%s'\n", cmd, got), 0;
	return moves(g, red, blue, 4);
}

/* blue resigns name and both leave; 1 if red saw "over red resign". */
static int resigned(tc *red, tc *blue)
{
	char line[200];
	return answer_is(blue, "resign", "ok") && tc_expect(red, "over ", line, sizeof line, 3000) &&
	       !strcmp(line, "over red resign") && answer_is(red, "leave", "ok") &&
	       answer_is(blue, "leave", "ok");
}

/* What `ratings' must answer for alice (a) and bob (b), each rated in
 * games games. */
static void table_text(char *out, size_t size, rating a, rating b, int games)
{
	snprintf(out, size, "rating alice %.2f %.2f %d kind=human|rating bob %.2f %.2f %d kind=human|ok 2", a.r, a.rd,
	         games, b.r, b.rd, games);
}

/* Games between red and blue until the server goes (killed at a random
 * moment), a pause of up to 30 ms between them, at most 20 (the flood
 * limit allows 100 commands at once, then 20 a second); how many ended
 * as far as the players saw. */
static int play_until_killed(tc *red, tc *blue, const char *pair)
{
	int n = 0;
	for (;;) {
		if (n == 20) {
			tc_closed(red, 5000);
			return n;
		}
		tc_sleep_ms(rand() % 30);
		char name[64];
		snprintf(name, sizeof name, "%s-%d", pair, n);
		ng_game *g = ng_game_new(NG_STANDARD);
		int ok = opened(name, red, blue, g) && resigned(red, blue);
		ng_game_free(g);
		if (!ok)
			return n;
		n++;
	}
}

int main(void)
{
	if (srv_setup("ratecrash") < 0)
		return 1;
	int port, rated;
	char want[400];
	tc a, b;
	ng_game *g = ng_game_new(NG_STANDARD);

	/* r1, rated as usual */
	pid_t pid = serve(&port);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob") &&
	      opened("r1", &a, &b, g) && resigned(&a, &b), "r1: alice beats bob");
	ng_game_free(g);
	rating fresh = rating_new(), a1, b1, a2, b2;
	double win = 1, loss = 0;
	a1 = rating_update(fresh, 1, &fresh, &win, RATING_TAU);
	b1 = rating_update(fresh, 1, &fresh, &loss, RATING_TAU);
	table_text(want, sizeof want, a1, b1, 1);
	CHECK(list_is(&a, "ratings", "rating ", want), "after r1: %s", want);
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);

	/* r2 ends; the server dies after rating it, before writing its end */
	setenv("NONAGA_TEST_CRASH", "over", 1);
	pid = serve(&port);
	unsetenv("NONAGA_TEST_CRASH");
	g = ng_game_new(NG_STANDARD);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob") &&
	      opened("r2", &a, &b, g), "r2: two moves each");
	tc_send(&b, "resign");
	CHECK(killed(pid), "the server dies (SIGKILL) between rating r2 and writing its end");
	tc_close(&a);
	tc_close(&b);
	pid = serve(&port);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob") &&
	      list_is(&a, "ratings", "rating ", want), "after the restart r1 only: %s", want);
	CHECK(table_ok(&a, &rated, "after the restart") && rated == 1, "one rated record (%d)",
	      rated);
	/* r2 is on again: its players come back and bob resigns again */
	char cmd[2][80];
	for (int side = 0; side < 2; side++)
		snprintf(cmd[side], sizeof cmd[side], "join r2 %s", token[side]);
	CHECK(answer_is(&a, cmd[0], "ok seat red") && answer_is(&b, cmd[1], "ok seat blue") &&
	      resigned(&a, &b), "r2 is on after the restart; bob resigns it again");
	ng_game_free(g);
	a2 = rating_update(a1, 1, &b1, &win, RATING_TAU);
	b2 = rating_update(b1, 1, &a1, &loss, RATING_TAU);
	table_text(want, sizeof want, a2, b2, 2);
	CHECK(list_is(&a, "ratings", "rating ", want), "r2 rated once: %s", want);
	CHECK(table_ok(&a, &rated, "r2") && rated == 2, "the table is the two records' (%d)", rated);
	tc_close(&a);
	tc_close(&b);

	/* killed with r2's end in the journal; the next start dies after
	 * the snapshot, before the journal's reset */
	srv_stop(pid, SIGKILL);
	setenv("NONAGA_TEST_CRASH", "snapshot", 1);
	char l1[320], st[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	snprintf(st, sizeof st, "%s", state);
	char *args[] = { (char *)"--listen", l1, (char *)"--state", st, NULL };
	pid = srv_start(nonaga, logpath, args);
	unsetenv("NONAGA_TEST_CRASH");
	CHECK(killed(pid), "the server dies (SIGKILL) after the snapshot, before the reset");
	char path[400];
	snprintf(path, sizeof path, "%s/ratings", state);
	CHECK(file_has(path, "alice ") && !file_has(path, "seq 0\n"),
	      "the snapshot has alice and a journal position");
	pid = serve(&port);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") &&
	      list_is(&a, "ratings", "rating ", want), "r2 is not counted again: %s", want);
	tc_close(&a);

	/* killed at random moments while pairs play */
	srand((unsigned)getpid());
	int total = 0;
	for (int round = 0; round < 10 && pid > 0; round++) {
		char red[32], blue[32], pair[32];
		snprintf(red, sizeof red, "red%d", round % 4);   /* each player in 2 or 3 rounds */
		snprintf(blue, sizeof blue, "blue%d", (round + 1) % 3);
		snprintf(pair, sizeof pair, "k%d", round);
		int after = 20 + rand() % 300;
		pid_t killer = fork();
		if (killer == 0) {
			tc_sleep_ms(after);
			kill(pid, SIGKILL);
			_exit(0);
		}
		if (tc_login(&a, port, state, red) && tc_login(&b, port, state, blue))
			total += play_until_killed(&a, &b, pair);
		waitpid(killer, NULL, 0);
		srv_stop(pid, SIGKILL);
		tc_close(&a);
		tc_close(&b);
		pid = serve(&port);
		CHECK(pid > 0 && tc_login(&a, port, state, "alice") &&
		      table_ok(&a, &rated, "after a kill"),
		      "round %d, killed after %d ms: the table is the %d rated records'", round, after,
		      rated);
		tc_close(&a);
	}
	CHECK(total >= 5 && rated >= 2 + total && rated <= 2 + total + 10,
	      "every game seen over (%d) is rated, and at most one more a round (%d rated, with "
	      "r1 and r2)", total, rated);
	srv_stop(pid, SIGTERM);
	return srv_done("ratecrash");
}
