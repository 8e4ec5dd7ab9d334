/*
 * ratings_test.c - the server's ratings (nonaga(6), ONLINE: ratings): a
 * game between two players, each with two moves, resigned, rates both
 * exactly as rating_update (Glicko-2, one game one period) computes here;
 * the ratings are in the finished record, beside the names in `games',
 * `sync' and `seated', and in `ratings'; a game against oneself, a game of fewer moves and a
 * cancelled challenge are not rated; the ratings survive a restart; and
 * `nonaga --ratings' prints the table.  $NONAGA is the program.
 */
#include "rating.c"
#include "srvtest.h"

/* Plies moves of g played by the engine between red and blue. */
static int moves(ng_game *g, ng_search *s, tc *red, tc *blue, int plies)
{
	int ok = 1;
	while (ok && ng_game_ply(g) < plies) {
		int r = ng_pos_side(ng_game_pos(g)) == NG_RED;
		ok = play(g, s, r ? red : blue, r ? blue : red, NULL, NULL);
	}
	return ok;
}

/* A game name between host (red) and guest (blue) of plies moves, which
 * resigner resigns; 1 if every answer was right. */
static int game(const char *name, tc *host, tc *guest, int plies, tc *resigner)
{
	char cmd[80], want[80], line[300];
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 3);
	ng_search_set_seed(s, 7);
	snprintf(cmd, sizeof cmd, "host %s red", name);
	int ok = answer_is(host, cmd, "ok seat red ");
	snprintf(cmd, sizeof cmd, "join %s", name);
	ok = ok && answer_is(guest, cmd, "ok seat blue ") && moves(g, s, host, guest, plies);
	snprintf(want, sizeof want, "over %s resign", resigner == host ? "blue" : "red");
	ok = ok && answer_is(resigner, "resign", "ok") &&
	     tc_expect(host, "over ", line, sizeof line, 3000) && !strcmp(line, want);
	ng_search_free(s);
	ng_game_free(g);
	return ok && answer_is(host, "leave", "ok") && answer_is(guest, "leave", "ok");
}

/* The lines of `ratings' ('|' between them) are want. */
static int table_is(tc *t, const char *want)
{
	return list_is(t, "ratings", "rating ", want);
}

static void rating_text(char *out, size_t size, const char *name, rating r, int games)
{
	snprintf(out, size, "rating %s %.2f %.2f %d kind=human", name, r.r, r.rd, games);
}

int main(void)
{
	if (srv_setup("ratings") < 0)
		return 1;
	int port;
	pid_t pid = start(1, NULL, NULL, &port);
	tc a, b, a2;
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob") &&
	      tc_login(&a2, port, state, "alice"), "alice (twice) and bob log in");
	CHECK(table_is(&a, "ok 0"), "nobody is rated before a game");

	/* alice wins (bob resigns after two moves each) */
	CHECK(game("r1", &a, &b, 4, &b), "r1: two moves each, bob resigns");
	rating fresh = rating_new(), ra, rb;
	double win = 1, loss = 0;
	ra = rating_update(fresh, 1, &fresh, &win, RATING_TAU);
	rb = rating_update(fresh, 1, &fresh, &loss, RATING_TAU);
	char la[120], lb[120], want[400];
	rating_text(la, sizeof la, "alice", ra, 1);
	rating_text(lb, sizeof lb, "bob", rb, 1);
	snprintf(want, sizeof want, "%s|%s|ok 2", la, lb);
	CHECK(table_is(&b, want), "ratings after r1: alice %.2f/%.2f, bob %.2f/%.2f", ra.r, ra.rd,
	      rb.r, rb.rd);
	CHECK(ra.r > 1500 && rb.r < 1500 && ra.rd < 350, "(the winner gains, the loser loses)");

	/* the record keeps the ratings before and after */
	ng_game *rec = NULL;
	ng_record_info info;
	char red[80], blue[80];
	snprintf(red, sizeof red, "1500.00/350.00>%.2f/%.2f", ra.r, ra.rd);
	snprintf(blue, sizeof blue, "1500.00/350.00>%.2f/%.2f", rb.r, rb.rd);
	int have = srv_finished(state, "r1", &rec, &info) == 1 && rec;
	const char *kr = have ? ng_record_get(&info, "Red-rating") : NULL;
	const char *kb = have ? ng_record_get(&info, "Blue-rating") : NULL;
	CHECK(kr && kb && !strcmp(kr, red) && !strcmp(kb, blue),
	      "r1's record: Red-rating %s, Blue-rating %s (want %s, %s)", kr ? kr : "-",
	      kb ? kb : "-", red, blue);
	if (rec)
		ng_game_free(rec);

	/* not rated: against oneself, too short, a cancelled challenge */
	CHECK(game("s1", &a, &a2, 4, &a2), "s1: alice against alice, two moves each");
	CHECK(game("q1", &a, &b, 3, &a), "q1: alice resigns after two moves, bob's one");
	CHECK(answer_is(&b, "host c1 red", "ok seat red ") && answer_is(&b, "resign", "ok") &&
	      tc_expect(&b, "over none cancelled", NULL, 0, 3000), "c1: bob's challenge taken back");
	CHECK(table_is(&a, want), "no rating moved with s1, q1 or c1");
	have = srv_finished(state, "q1", &rec, &info) == 1 && rec;
	CHECK(have && !ng_record_get(&info, "Red-rating") && !ng_record_get(&info, "Blue-rating"),
	      "q1's record has no ratings");
	if (rec)
		ng_game_free(rec);

	/* beside the names in `games': rounded rating/deviation */
	snprintf(want, sizeof want, "game g2 standard none alice - 0 open ratings=%.0f/%.0f:- kind=human:-|ok 1",
	         ra.r, ra.rd);
	CHECK(answer_is(&a, "host g2 red", "ok seat red ") && list_is(&b, "games", "game ", want),
	      "games: %s", want);
	snprintf(want, sizeof want,
	         "game g2 standard none alice bob 0 playing ratings=%.0f/%.0f:%.0f/%.0f kind=human:human|ok 1",
	         ra.r, ra.rd, rb.r, rb.rd);
	char sync[300], seated[120], line[300];
	snprintf(sync, sizeof sync, "sync g2 rules=standard clock=none red=alice blue=bob moves=0 "
	         "result=none how=- you=blue ratings=%.0f/%.0f:%.0f/%.0f", ra.r, ra.rd, rb.r, rb.rd);
	CHECK(answer_is(&b, "join g2", "ok seat blue ") && tc_next(&b, sync, line, sizeof line),
	      "the joiner's sync: '%s', not '%s'", line, sync);
	CHECK(list_is(&b, "games", "game ", want), "games: %s", want);
	snprintf(seated, sizeof seated, "seated blue bob rating=%.0f/%.0f", rb.r, rb.rd);
	CHECK(tc_expect(&a, "seated ", line, sizeof line, 3000) && !strcmp(line, seated),
	      "the host sees '%s', not '%s'", line, seated);

	/* a restart keeps them, to the last decimal given */
	tc_close(&a);
	tc_close(&a2);
	tc_close(&b);
	CHECK(WIFEXITED(srv_stop(pid, SIGTERM)), "the server stops on TERM");
	pid = start(2, NULL, NULL, &port);
	snprintf(want, sizeof want, "%s|%s|ok 2", la, lb);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && table_is(&a, want),
	      "the ratings after a restart: %s", want);
	tc_close(&a);

	/* nonaga --ratings */
	char cmd[800], out[2000] = "", expect[800];
	snprintf(cmd, sizeof cmd, "%s --lang en --server unix:%s --ratings 2>&1", nonaga, sock);
	FILE *p = popen(cmd, "r");
	size_t len = p ? fread(out, 1, sizeof out - 1, p) : 0;
	out[len] = 0;
	int st = p ? pclose(p) : -1;
	snprintf(expect, sizeof expect,
	         "player                            rating  deviation  games\n"
	         "%-32s %7.0f %10.0f %6d\n%-32s %7.0f %10.0f %6d\n",
	         "alice", ra.r, ra.rd, 1, "bob", rb.r, rb.rd, 1);
	CHECK(st == 0 && !strcmp(out, expect), "--ratings printed\n%s\nnot\n%s", out, expect);
	srv_stop(pid, SIGTERM);
	return srv_done("ratings");
}
