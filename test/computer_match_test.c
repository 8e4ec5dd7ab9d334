/*
 * computer_match_test.c - the computers playing each other
 * (--computer-matches, --computer-match-clock; server_computer_match.c)
 * and where a first rating starts (server_rating.c, nonaga(6) ONLINE's
 * ratings):
 *
 *   - one level alone cannot play itself: the server says so and stops;
 *   - computer-9 and computer-10 play match-1 on the clock asked: its
 *     `games' line (both players, kind=computer:computer), which anyone
 *     may watch;
 *   - computer-1 to 4, one game at a time from an even start (a
 *     snapshot of the ratings at 1500): match-1 is computer-1 (red) and
 *     computer-2, two computers take red in turn (the lower first), every
 *     game is rated (its record's ratings, and the
 *     `ratings' table's games and values moved from 1500), no computer
 *     meets the same opponent twice in a row, and never two games at once;
 *   - the levels' table (ng_level_rating, make calibrate's) rises at
 *     every step;
 *   - a new player's first rated game, against computer-N (a level the
 *     table ng_level_rating has measured), starts at N's rating with
 *     deviation 350, and computer-N at N's rating and deviation: the
 *     `ratings' values are Glicko-2's from there; two new players who
 *     meet start at 1500; after a kill -9 and a restart `ratings' answers
 *     the same lines;
 *   - what a game against a computer leaves, as an administrator meets
 *     it: a second server on the state exits 1 and changes nothing, a
 *     SIGKILL loses no rating, a damaged line of `ratings' costs that
 *     rating only (the bytes kept aside), and on a full disk (a 2 MB
 *     tmpfs) a challenge to a computer is refused with disk-full and
 *     makes no game, and is played once there is room;
 *   - a computer match's opening is kept as its moves are: after kill -9
 *     and a restart the match goes on from the moves a watcher was told
 *     (or, if a short game ended before the kill, its record holds
 *     them), the book's first.
 */
#include "rating.c"
#include "srvtest.h"
#include <math.h>
#include <sys/mount.h>
#include <sys/wait.h>

#define BOOK "src/nonaga/server/openings.txt"

static int port;

static pid_t up(int count, const char *const *extra)
{
	return srv_up(count, extra, &port);
}

static int in(tc *t, const char *name)
{
	return tc_login(t, port, state, name);
}

/* A fresh state directory (the last one's removed). */
static void fresh_state(void)
{
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", state);
	if (system(cmd) != 0)
		fprintf(stderr, "computer_match_test: cannot remove %s\n", state);
}

/* All of `ratings' into out, its lines joined by '|'; 1 if it ended in ok. */
static int ratings_text(tc *t, char *out, size_t size)
{
	char line[600];
	size_t used = 0;
	out[0] = 0;
	if (tc_send(t, "ratings") < 0)
		return 0;
	while (tc_line(t, line, sizeof line, 5000) > 0) {
		if (!strncmp(line, "ok", 2))
			return 1;
		used += (size_t)snprintf(out + used, size - used, "%s|", line);
		if (used >= size)
			return 0;
	}
	return 0;
}

/* Part 0: one level cannot play itself: the server does not start. */
static void refused(void)
{
	char l1[320];
	snprintf(l1, sizeof l1, "unix:%s", sock);
	char *args[] = { (char *)"--listen", l1, (char *)"--state", state,
		         (char *)"--computers", (char *)"5", (char *)"--computer-matches",
		         (char *)"1", NULL };
	pid_t pid = srv_start(nonaga, logpath, args);
	CHECK(srv_exit_of(pid, 10000) == 1, "--computers 5 --computer-matches 1: exit status 1");
	CHECK(log_has("nonaga: --computer-matches needs two levels or more in --computers"),
	      "... saying why");
}

/* Part 1: a game between two computers, in `games', watchable. */
static void watched(void)
{
	static const char *const opts[] = { "--computers", "9,10", "--computer-matches", "1",
		                            "--computer-match-clock", "2+0", "--pair-wait", "0",
		                            NULL };
	pid_t pid = up(1, opts);
	CHECK(pid > 0, "the server starts with --computers 9,10 --computer-matches 1");
	tc o;
	char got[600], line[600];
	CHECK(in(&o, "obs"), "an onlooker");
	int seen = 0;
	for (int64_t end = tc_now() + 10000; !seen && tc_now() < end;) {
		if (tc_send(&o, "games") < 0)
			break;
		while (tc_line(&o, line, sizeof line, 3000) > 0 && strncmp(line, "ok", 2))
			if (!strncmp(line, "game match-1 ", 13)) {
				seen = 1;
				tc_copy(got, sizeof got, line);
			}
		if (!seen)
			tc_sleep_ms(100);
	}
	int moves = -1, k = 0;
	CHECK(seen && sscanf(got, "game match-1 standard 2+0 computer-9 computer-10 %d playing "
	                     "ratings=-:- kind=computer:computer%n", &moves, &k) == 1 &&
	      !got[k], "games lists match-1: computer-9 (red: the lower level in the pair's first game) "
	      "and computer-10, 2+0, playing, both computers: %s", seen ? got : "(none)");
	CHECK(tc_answer(&o, "watch match-1", "ok watch", got, sizeof got),
	      "anyone may watch it: %s", got);
	CHECK(tc_expect(&o, "sync match-1 rules=standard clock=2+0 red=computer-9 "
	                "blue=computer-10 ", line, sizeof line, 3000),
	      "the watcher is told the game: %s", line);
	tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* The opponent of name in match-K's record (red, blue), or "". */
static const char *other(const char pair[2][64], const char *name)
{
	return !strcmp(pair[0], name) ? pair[1] : !strcmp(pair[1], name) ? pair[0] : "";
}

/* match-K's opening: the first two moves of g as openings.txt writes
 * them ("" if fewer). */
static void opening_of(const ng_game *g, char *out, size_t size)
{
	char a[NG_MOVE_TEXT], b[NG_MOVE_TEXT];
	out[0] = 0;
	if (!g || ng_game_ply(g) < 2)
		return;
	ng_move_format(ng_game_pos_at(g, 0), ng_game_move_at(g, 0), a);
	ng_move_format(ng_game_pos_at(g, 1), ng_game_move_at(g, 1), b);
	snprintf(out, size, "%s %s", a, b);
}

/* Each game starts from a line of openings.txt, and a pair's second game
 * (the higher level red) from its first game's. */
static void book_checks(char pair[][2][64], char opening[][2 * NG_MOVE_TEXT], int n)
{
	static char book[65536];
	FILE *f = fopen(BOOK, "r");
	size_t len = f ? fread(book, 1, sizeof book - 1, f) : 0;
	book[len] = 0;
	if (f)
		fclose(f);
	CHECK(len > 0, "the openings %s", BOOK);
	int from_book = 0, again = 0, seconds = 0;
	char last[5][5][2 * NG_MOVE_TEXT] = { { { 0 } } };
	for (int k = 1; k <= n; k++) {
		char want[2 * NG_MOVE_TEXT + 2];
		snprintf(want, sizeof want, "\n%s\n", opening[k]);
		from_book += opening[k][0] && strstr(book, want) != NULL;
		int x = 0, y = 0;
		sscanf(pair[k][0], "computer-%d", &x);
		sscanf(pair[k][1], "computer-%d", &y);
		if (x < 1 || x > 4 || y < 1 || y > 4)
			continue;
		int lo = x < y ? x : y, hi = x < y ? y : x;
		if (x == hi) {   /* the pair's second game */
			seconds++;
			again += !strcmp(last[lo][hi], opening[k]);
		}
		tc_copy(last[lo][hi], sizeof last[lo][hi], opening[k]);
	}
	CHECK(from_book == n, "each game's first two moves are a line of %s (%d of %d)", BOOK,
	      from_book, n);
	CHECK(seconds > 0 && again == seconds, "a pair's second game, colours swapped, starts from "
	      "its first game's opening (%d of %d)", again, seconds);
}

/* Part 2: computer-1 to 4 from 1500 each, one game at a time (four: two
 * games could be played at once). */
static void pairing(void)
{
	enum { GAMES = 8 };
	fresh_state();
	char path[400];
	CHECK(mkdir(state, 0700) == 0, "a state directory %s", state);
	snprintf(path, sizeof path, "%s/ratings", state);
	FILE *f = fopen(path, "w");
	if (f) {
		fprintf(f, "seq 0\n");
		for (int n = 1; n <= 4; n++)
			fprintf(f, "computer-%d 1500 350 0.06 0\n", n);
		fclose(f);
	}
	static const char *const opts[] = { "--computers", "1,2,3,4", "--computer-matches", "1",
		                            "--computer-match-clock", "1+1", "--pair-wait", "0",
		                            NULL };
	pid_t pid = up(2, opts);
	CHECK(pid > 0, "the server starts with --computers 1,2,3,4 --computer-matches 1");
	int have = 0;
	for (int64_t end = tc_now() + 30000; have < GAMES + 1 && tc_now() < end; tc_sleep_ms(100)) {
		char name[32];
		snprintf(name, sizeof name, "match-%d", have + 1);
		have += srv_finished(state, name, NULL, NULL) > 0;
	}
	tc o;
	char text[4096];
	CHECK(in(&o, "obs") && ratings_text(&o, text, sizeof text), "ratings answers");
	CHECK(have >= GAMES + 1, "%d games between the computers within 30 s (%d)", GAMES + 1,
	      have);
	char pair[GAMES + 1][2][64];
	double after[GAMES + 1][2];   /* each seat's rating after match-K */
	char opening[GAMES + 1][2 * NG_MOVE_TEXT];   /* match-K's first two moves */
	int rated = 0, games[5] = { 0 }, clocked = 0;
	for (int k = 1; k <= GAMES; k++) {
		char name[32];
		ng_game *g = NULL;
		ng_record_info info;
		snprintf(name, sizeof name, "match-%d", k);
		pair[k][0][0] = pair[k][1][0] = 0;
		if (srv_finished(state, name, &g, &info) != 1 || !g)
			continue;
		tc_copy(pair[k][0], 64, info.red);
		tc_copy(pair[k][1], 64, info.blue);
		const char *rr = ng_record_get(&info, "Red-rating");
		const char *br = ng_record_get(&info, "Blue-rating");
		rated += rr && br && strchr(rr, '>') && strchr(br, '>');
		after[k][0] = rr && strchr(rr, '>') ? atof(strchr(rr, '>') + 1) : 0;
		after[k][1] = br && strchr(br, '>') ? atof(strchr(br, '>') + 1) : 0;
		for (int side = 0; side < 2; side++) {
			int level = 0;
			sscanf(pair[k][side], "computer-%d", &level);
			games[level >= 1 && level <= 4 ? level : 0]++;
		}
		opening_of(g, opening[k], sizeof opening[k]);
		/* 1+1: red's clock gained a second for each of its moves but the
		 * opening's, less what it thought (levels 1 to 4 think little,
		 * less than the second an opening's increment would give) */
		const char *rt = ng_record_get(&info, "Red-time");
		long want = 60000 + 1000L * ((ng_game_ply(g) + 1) / 2 - 1), got = rt ? atol(rt) : 0;
		if (rt && got <= want && got > 0)
			clocked++;
		else
			fprintf(stderr, "  match-%d: Red-time %s, %ld less under a second wanted\n", k,
			        rt ? rt : "(none)", want);
		ng_game_free(g);
	}
	book_checks(pair, opening, GAMES);
	CHECK(clocked == GAMES, "the opening's moves charge no clock and give no increment: red's "
	      "time in each record is at most 1:00 and a second for each of its other moves (%d of %d)", clocked, GAMES);
	CHECK(!strcmp(pair[1][0], "computer-1") && !strcmp(pair[1][1], "computer-2"),
	      "match-1: computer-1 (the fewest games, the lowest; red in the pair's first game) and "
	      "computer-2 (all at 1500: the nearer level): %s %s", pair[1][0], pair[1][1]);
	CHECK(rated == GAMES && games[0] == 0, "the first %d games are rated, between the four "
	      "(%d rated, %d seats of others)", GAMES, rated, games[0]);
	/* Each game as the rule makes it from what came before: the fewest
	 * games (then the lowest level) against the nearest rating (then the
	 * nearer level, then the lower), not the last opponent. */
	double rt[5] = { 0, 1500, 1500, 1500, 1500 };
	int played[5] = { 0 }, met[5] = { 0 }, ruled = 0;
	for (int k = 1; k <= GAMES; k++) {
		int a = 1, b = 0, x = 0, y = 0;
		for (int n = 2; n <= 4; n++)
			if (played[n] < played[a])
				a = n;
		for (int n = 1; n <= 4; n++) {
			if (n == a)
				continue;
			/* (the server compares the ratings it shows, whole numbers) */
			double d = fabs(rint(rt[n]) - rint(rt[a])), db = b ? fabs(rint(rt[b]) - rint(rt[a])) : 0;
			int nl = met[a] == n, bl = b && met[a] == b;
			if (!b || nl < bl || (nl == bl && (d < db || (d == db && abs(n - a) < abs(b - a)))))
				b = n;
		}
		sscanf(pair[k][0], "computer-%d", &x);
		sscanf(pair[k][1], "computer-%d", &y);
		if ((x == a && y == b) || (x == b && y == a))
			ruled++;
		else
			fprintf(stderr, "  match-%d: computer-%d and computer-%d, the rule says %d and %d\n",
			        k, x, y, a, b);
		if (x < 1 || x > 4 || y < 1 || y > 4)
			break;
		rt[x] = after[k][0], rt[y] = after[k][1];
		played[x]++, played[y]++;
		met[x] = y, met[y] = x;
	}
	CHECK(ruled == GAMES, "each of the %d games paired the computer with the fewest games "
	      "and the nearest rating but its last opponent (%d did)", GAMES, ruled);
	/* each pair takes red in turn, the lower level first */
	int turns = 0, turned = 0, lower_red[5][5] = { { 0 } };
	for (int k = 1; k <= GAMES; k++) {
		int x = 0, y = 0;
		sscanf(pair[k][0], "computer-%d", &x);
		sscanf(pair[k][1], "computer-%d", &y);
		if (x < 1 || x > 4 || y < 1 || y > 4)
			continue;
		int lo = x < y ? x : y, hi = x < y ? y : x, want_lower = lower_red[lo][hi] % 2 == 0;
		turns++;
		turned += (x == lo) == want_lower;
		lower_red[lo][hi]++;
	}
	CHECK(turns == GAMES && turned == turns, "two computers take red in turn, the lower "
	      "level first (%d of %d games)", turned, turns);
	int twice = 0;
	for (int n = 1; n <= 4; n++) {
		char who[32], last[64] = "";
		snprintf(who, sizeof who, "computer-%d", n);
		for (int k = 1; k <= GAMES; k++) {
			const char *opp = other((const char (*)[64])pair[k], who);
			if (!opp[0])
				continue;
			if (!strcmp(opp, last)) {
				twice++;
				fprintf(stderr, "  %s met %s twice in a row (match-%d)\n", who, opp, k);
			}
			tc_copy(last, sizeof last, opp);
		}
	}
	CHECK(twice == 0, "no computer meets the same opponent twice in a row (%d times)", twice);
	int moved = 0;
	for (int n = 1; n <= 4; n++) {
		char want[64];
		snprintf(want, sizeof want, "rating computer-%d ", n);
		const char *p = strstr(text, want);
		double r = 0, rd = 0;
		int g = 0;
		moved += p && sscanf(p + strlen(want), "%lf %lf %d", &r, &rd, &g) == 3 &&
		         g >= games[n] && r != 1500 && rd < 350;
	}
	CHECK(moved == 4, "ratings: each computer's rating moved from 1500, its deviation below "
	      "350, its games counted: %s", text);
	CHECK(log_has("computer-1 and computer-2 play match-1"), "the log says who plays");
	/* never two at once: each game starts after the last one's end */
	FILE *lf = fopen(logpath, "r");
	char line[1024];
	int open_games = 0, most = 0, serving = 0;
	while (lf && fgets(line, sizeof line, lf)) {
		serving += strstr(line, " serving ") != NULL;
		if (serving < 2)   /* (this part's server only) */
			continue;
		if (strstr(line, " play match-"))
			open_games++;
		else if (strstr(line, ": game match-") && strstr(line, " over: "))
			open_games--;
		most = open_games > most ? open_games : most;
	}
	if (lf)
		fclose(lf);
	CHECK(most == 1, "one game at a time, as --computer-matches 1 says (%d at most)", most);
	tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* The human t in a paired game against a computer resigns once both
 * moved twice: 1 when over as it must be. */
static int resign_after_two(tc *t, int mine)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	char line[600], cmd[160], mv[NG_MOVE_TEXT];
	int ok = 0;
	for (int guard = 0; guard < 200; guard++) {
		if ((int)ng_pos_side(ng_game_pos(g)) == mine) {
			if (ng_game_ply(g) >= 4) {
				ok = tc_send(t, "resign") == 0 &&
				     tc_expect(t, mine ? "over red resign" : "over blue resign", NULL, 0,
				               5000);
				break;
			}
			first_move(g, mv);
			snprintf(cmd, sizeof cmd, "move %s", mv);
			if (tc_send(t, "%s", cmd) < 0)
				break;
		}
		if (tc_line(t, line, sizeof line, 20000) <= 0)
			break;
		if (!strncmp(line, "moved ", 6) && atoi(line + 6) > ng_game_ply(g)) {
			ng_move m;
			if (sscanf(line, "moved %*d %63s", mv) != 1 ||
			    ng_move_parse(ng_game_pos(g), mv, &m) != NG_OK || ng_game_play(g, m) != NG_OK)
				break;
		} else if (!strncmp(line, "over ", 5) || !strncmp(line, "error", 5)) {
			break;
		}
	}
	ng_game_free(g);
	return ok;
}

/* Part 3: where first ratings start, and a restart keeps them. */
static void starting(void)
{
	int level = 0, elo = 0, erd = 0;
	for (int n = NG_LEVEL_MIN; n <= 9 && !level; n++)
		if (ng_level_rating(n, &elo, &erd) == NG_OK)
			level = n;
	CHECK(ng_level_rating(0, &elo, &erd) == NG_ERR_RANGE &&
	      ng_level_rating(NG_LEVEL_MAX + 1, &elo, &erd) == NG_ERR_RANGE,
	      "ng_level_rating: levels 0 and 11 are out of range");
	/* the shipped ladder rises at every measured step, as the menu shows it */
	int last = 0, falls = 0;
	for (int n = NG_LEVEL_MIN; n <= NG_LEVEL_MAX; n++) {
		int r, d;
		if (ng_level_rating(n, &r, &d) != NG_OK)
			continue;
		if (last && r <= last) {
			falls++;
			fprintf(stderr, "  level %d: %d, not above the level below's %d\n", n, r, last);
		}
		last = r;
	}
	CHECK(falls == 0, "ng_level_rating: each level above the one below (%d not)", falls);
	if (!level) {
		tests_skip("computer_match_test", "no level up to 9 has a rating yet (make calibrate): the starting "
		           "ratings are not checked");
		return;
	}
	ng_level_rating(level, &elo, &erd);
	fresh_state();
	char lv[16];
	snprintf(lv, sizeof lv, "%d", level);
	const char *opts[] = { "--computers", lv, "--pair-wait", "1", "--computer-jobs", "1",
		               NULL };
	pid_t pid = up(3, opts);
	CHECK(pid > 0, "the server starts with --computers %d", level);
	tc k, a, b, o;
	char got[600], line[600], game[64], side[16];
	CHECK(in(&k, "kim") && in(&a, "ann") && in(&b, "bob") && in(&o, "obs"),
	      "four new players");
	CHECK(tc_answer(&k, "seek 5+0", "ok", got, sizeof got), "kim seeks 5+0: %s", got);
	int paired = tc_expect(&k, "paired ", line, sizeof line, 5000) &&
	             sscanf(line, "paired %63s %15s", game, side) == 2;
	CHECK(paired, "kim is paired with computer-%d: %s", level, line);
	CHECK(paired && resign_after_two(&k, !strcmp(side, "blue")),
	      "kim plays two moves and resigns");
	/* ann and bob, new, meet each other: ann wins */
	ng_game *g = ng_game_new(NG_STANDARD);
	int ok = tc_answer(&a, "host duel red", "ok seat red", got, sizeof got) ||
	         !strncmp(got, "ok seat red", 11);
	ok = ok && tc_ask(&b, got, sizeof got, "join duel") && !strncmp(got, "ok seat blue", 12);
	for (int i = 0; ok && i < 4; i++) {
		char mv[NG_MOVE_TEXT], cmd[160];
		first_move(g, mv);
		snprintf(cmd, sizeof cmd, "move %s", mv);
		ok = tc_answer(i % 2 ? &b : &a, cmd, "ok", got, sizeof got);
	}
	ng_game_free(g);
	CHECK(ok && tc_answer(&b, "resign", "ok", got, sizeof got) &&
	      tc_expect(&a, "over red resign", NULL, 0, 3000), "ann beats bob");

	rating kim = { elo, 350, 0.06 }, comp = { elo, erd, 0.06 };
	rating nw = rating_new();
	double lose = 0, win = 1;
	rating kim1 = rating_update(kim, 1, &comp, &lose, RATING_TAU);
	rating comp1 = rating_update(comp, 1, &kim, &win, RATING_TAU);
	rating ann1 = rating_update(nw, 1, &nw, &win, RATING_TAU);
	rating bob1 = rating_update(nw, 1, &nw, &lose, RATING_TAU);
	char want[4][128], text[4096], again[4096];
	snprintf(want[0], sizeof want[0], "rating computer-%d %.2f %.2f 1 kind=computer|", level,
	         comp1.r, comp1.rd);
	snprintf(want[1], sizeof want[1], "rating kim %.2f %.2f 1 kind=human|", kim1.r, kim1.rd);
	snprintf(want[2], sizeof want[2], "rating ann %.2f %.2f 1 kind=human|", ann1.r, ann1.rd);
	snprintf(want[3], sizeof want[3], "rating bob %.2f %.2f 1 kind=human|", bob1.r, bob1.rd);
	CHECK(ratings_text(&o, text, sizeof text), "ratings answers");
	CHECK(strstr(text, want[0]) != NULL, "computer-%d started at its level's %d, deviation "
	      "%d: wanted %s in %s", level, elo, erd, want[0], text);
	CHECK(strstr(text, want[1]) != NULL, "kim, new, whose first game was against "
	      "computer-%d, started at %d, deviation 350: wanted %s in %s", level, elo, want[1],
	      text);
	CHECK(strstr(text, want[2]) && strstr(text, want[3]), "ann and bob, new, who met "
	      "each other, started at 1500: wanted %s%s in %s", want[2], want[3], text);
	tc_close(&k), tc_close(&a), tc_close(&b), tc_close(&o);
	CHECK(srv_stop(pid, SIGKILL) == SIGKILL, "kill -9");
	pid = up(4, opts);
	CHECK(pid > 0 && in(&o, "obs") && ratings_text(&o, again, sizeof again),
	      "restarted, ratings answers");
	CHECK(!strcmp(text, again), "the same ratings after the restart: %s, then %s", text,
	      again);
	tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

/* ratings_text's text without the line of name. */
static void without(const char *text, const char *name, char *out, size_t size)
{
	char copy[4096], head[64];
	size_t len = 0;
	snprintf(copy, sizeof copy, "%s", text);
	snprintf(head, sizeof head, "rating %s ", name);
	out[0] = 0;
	for (char *save = NULL, *l = strtok_r(copy, "|", &save); l; l = strtok_r(NULL, "|", &save))
		if (!strncmp(l, "rating ", 7) && strncmp(l, head, strlen(head)))
			len += (size_t)snprintf(out + len, size - len, "%s|", l);
}

/* What a game against a server's computer leaves (a game in the journal,
 * the computer's and the player's first ratings), as an administrator
 * meets it: a second server on the state directory changes nothing; a
 * SIGKILL loses nothing acknowledged; a damaged line of `ratings' costs
 * only that rating, its bytes kept aside; on a full disk a challenge to a
 * computer is refused with disk-full and makes no game, and with room it
 * is played. */
static void faults(void)
{
	static const char *const opts[] = { "--computers", "1", "--pair-wait", "0", NULL };
	char got[600], line[600], game[64], side[16], text[4096], again[4096], want[4096];
	fresh_state();
	pid_t pid = up(5, opts);
	tc u, o;
	CHECK(pid > 0 && in(&u, "una") && in(&o, "obs"), "a server with computer-1, una and obs");
	CHECK(tc_answer(&u, "challenge computer-1 5+0", "ok 1", got, sizeof got) &&
	      tc_expect(&u, "paired ", line, sizeof line, 5000) &&
	      sscanf(line, "paired %63s %15s", game, side) == 2, "una challenges computer-1: %s %s",
	      got, line);
	CHECK(resign_after_two(&u, !strcmp(side, "blue")), "una resigns after two moves each");
	CHECK(ratings_text(&o, text, sizeof text) && strstr(text, "rating computer-1 ") &&
	      strstr(text, "rating una "), "both are rated: %s", text);

	char cmd[1200];
	snprintf(cmd, sizeof cmd, "%s --serve --state %s --listen unix:%s/other.sock "
	         "--computers 1 >>%s/second.log 2>&1", nonaga, state, dir, dir);
	int st = system(cmd);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 1, "a second server on the state exits 1");
	CHECK(ratings_text(&o, again, sizeof again) && !strcmp(again, text),
	      "... and changes nothing: %s, then %s", text, again);
	tc_close(&u), tc_close(&o);

	CHECK(srv_stop(pid, SIGKILL) == SIGKILL && (pid = up(6, opts)) > 0 && in(&o, "obs") &&
	      ratings_text(&o, again, sizeof again) && !strcmp(again, text),
	      "after SIGKILL the same ratings: %s, then %s", text, again);
	tc_close(&o);

	/* the clean stop compacted the ratings into `ratings' */
	CHECK(srv_stop(pid, SIGTERM) == 0 && srv_damage_line("ratings", "computer-1 ", NULL, 0),
	      "stopped; computer-1's line of ratings made unreadable");
	without(text, "computer-1", want, sizeof want);
	CHECK((pid = up(7, opts)) > 0 && in(&o, "obs") && ratings_text(&o, again, sizeof again) &&
	      !strcmp(again, want), "only computer-1's rating is lost: %s, not %s", again, want);
	CHECK(log_has("ratings: 1 line not read: the file's bytes are kept"),
	      "... and the file's bytes are kept aside");
	tc_close(&o);
	srv_stop(pid, SIGTERM);

	char mnt[280], fill[300];
	const char *skip = srv_small_disk(mnt, sizeof mnt, fill, sizeof fill);
	if (skip) {
		tests_skip("computer_match_test", skip);
		return;
	}
	snprintf(state, sizeof state, "%s/state", mnt);
	pid = up(8, opts);
	CHECK(pid > 0 && in(&u, "una"), "a server with its state on a small tmpfs");
	srv_fill_disk(fill);
	CHECK(tc_answer(&u, "challenge computer-1 5+0", "error disk-full the server cannot keep a "
	                "game now (No space left on device): try again later", got, sizeof got),
	      "the disk full: a challenge to computer-1 is refused: %s", got);
	CHECK(list_is(&u, "games", "game ", "ok 0"), "... and no game was made");
	unlink(fill);
	CHECK(tc_answer(&u, "challenge computer-1 5+0", "ok 1", got, sizeof got) &&
	      tc_expect(&u, "paired ", line, sizeof line, 5000), "with room again it is played: %s %s",
	      got, line);
	tc_close(&u);
	srv_stop(pid, SIGTERM);
	umount2(mnt, MNT_DETACH);
	rmdir(mnt);
}

/* The moves of game name as a watcher is told them (sync, then its
 * moved lines), each the move's text, into mv: how many, -1 if none. */
static int watched_moves(const char *name, char mv[][NG_MOVE_TEXT], int max)
{
	tc o;
	char line[600], cmd[96];
	int n = -1, have = 0;
	snprintf(cmd, sizeof cmd, "watch %s", name);
	if (!in(&o, "obs2") || !tc_answer(&o, cmd, "ok watch", line, sizeof line) ||
	    !tc_expect(&o, "sync ", line, sizeof line, 3000) || !strstr(line, " moves=")) {
		tc_close(&o);
		return -1;
	}
	n = atoi(strstr(line, " moves=") + 7);
	while (have < n && have < max && tc_line(&o, line, sizeof line, 3000) > 0)
		if (sscanf(line, "moved %*d %95s", mv[have]) == 1)
			have++;
	tc_close(&o);
	return have == n || have == max ? have : -1;
}

/* The moves of the finished game name as its record keeps them, each
 * the move's text, into mv: how many, -1 if there is no record. */
static int record_moves(const char *name, char mv[][NG_MOVE_TEXT], int max)
{
	ng_game *g = NULL;
	ng_record_info info;
	if (srv_finished(state, name, &g, &info) != 1 || !g)
		return -1;
	int n = ng_game_ply(g) < max ? ng_game_ply(g) : max;
	for (int i = 0; i < n; i++)
		ng_move_format(ng_game_pos_at(g, i), ng_game_move_at(g, i), mv[i]);
	ng_game_free(g);
	return n;
}

/* Part 5: a computer match's opening is the game's, kept as its moves
 * are: after kill -9 and a restart the game goes on from the same moves,
 * the book's two first. */
static void opening_kept(void)
{
	enum { MAX = 64 };
	static const char *const opts[] = { "--computers", "9,10", "--computer-matches", "1",
		                            "--computer-match-clock", "5+0", "--pair-wait", "0",
		                            NULL };
	static char before[MAX][NG_MOVE_TEXT], after[MAX][NG_MOVE_TEXT];
	fresh_state();
	pid_t pid = up(9, opts);
	CHECK(pid > 0, "the server starts with --computers 9,10 --computer-matches 1 on 5+0");
	int n = -1;
	for (int64_t end = tc_now() + 10000; tc_now() < end && n < 3; tc_sleep_ms(100))
		n = watched_moves("match-1", before, MAX);
	CHECK(n >= 3, "match-1 has its opening and a computer's move (%d moves)", n);
	CHECK(srv_stop(pid, SIGKILL) == SIGKILL, "kill -9 in the middle of match-1");
	pid = up(10, opts);
	/* (a short game can end between the last look and the kill: its
	 * record then holds the moves, and they are what must be kept; a
	 * match-1 playing then would be a new game, a finished one's name
	 * being free) */
	int m = record_moves("match-1", after, MAX), same = 0;
	if (m < 0)
		m = watched_moves("match-1", after, MAX);
	for (int i = 0; i < n && i < m; i++)
		same += !strcmp(before[i], after[i]);
	CHECK(m >= n && same == n, "after the restart match-1 (going on, or its record if it "
	      "ended before the kill) has the %d moves told before it "
	      "(%d moves, %d the same)", n, m, same);
	char first[2 * NG_MOVE_TEXT + 2], book[65536];
	snprintf(first, sizeof first, "\n%s %s\n", after[0], after[1]);
	FILE *f = fopen(BOOK, "r");
	size_t len = f ? fread(book, 1, sizeof book - 1, f) : 0;
	book[len] = 0;
	if (f)
		fclose(f);
	CHECK(m >= 2 && strstr(book, first), "... the first two a line of the book: %s %s",
	      m >= 2 ? after[0] : "", m >= 2 ? after[1] : "");
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

int main(void)
{
	if (srv_setup("cmatch") < 0)
		return 1;
	refused();
	watched();
	pairing();
	starting();
	faults();
	opening_kept();
	return srv_done("computer_match_test");
}
