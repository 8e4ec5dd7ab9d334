/*
 * search_test.c - the computer opponent through its API and the protocol:
 * limits, reproducibility, refusals, and the rules of genmove and hint.
 * (Strength is measured by `make match', tactics by tactics_test.)
 */
#include "nonaga.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static ng_session *S;

/* Send one line; return the answer (static copy). */
static const char *say(const char *line)
{
	static char buf[1 << 16];
	const char *out;
	ng_session_line(S, line, strlen(line), &out);
	snprintf(buf, sizeof buf, "%s", out);
	return buf;
}

static int ok(const char *line) { return say(line)[0] == '='; }

static void refused(const char *line)
{
	char before[NG_POS_TEXT + 8], after[NG_POS_TEXT + 8];
	snprintf(before, sizeof before, "%s", say("position"));
	const char *a = say(line);
	CHECK(a[0] == '?' && strlen(a) > 4, "'%s' should be refused with a reason, got '%s'", line, a);
	snprintf(after, sizeof after, "%s", say("position"));
	CHECK(!strcmp(before, after), "'%s' changed the position", line);
}

/* Play a game of n plies with genmove and return the moves joined. */
static void play_out(const char *setup, int n, char *moves, size_t size)
{
	say("newgame");
	say(setup);
	moves[0] = 0;
	for (int i = 0; i < n; i++) {
		const char *a = say("genmove depth 1");
		if (a[0] != '=')
			break;
		strncat(moves, a, size - strlen(moves) - 1);
	}
}

int main(void)
{
	S = ng_session_new();
	CHECK(S != NULL, "session");

	/* refusals of out-of-range settings and limits */
	refused("set level 0");
	refused("set level 11");
	refused("set level x");
	refused("set level 99999999999999999999");
	refused("set hash 0");
	refused("set hash 4097");
	refused("set seed -1");
	refused("set seed 99999999999999999999");
	refused("set colour red");
	refused("set level");
	refused("genmove movetime 0");
	refused("genmove movetime");
	refused("genmove depth 0");
	refused("genmove depth 61");
	refused("genmove nodes 0");
	refused("genmove nodes 1000000000001");
	refused("genmove speed 3");
	refused("hint depth -1");
	refused("analyze movetime 1 depth");
	CHECK(ok("set level 1") && ok("set level 10") && ok("set hash 1") && ok("set seed 0"),
	      "valid settings accepted");

	/* genmove plays and answers a legal move; hint does not play */
	say("newgame");
	say("set level 4");
	const char *h = say("hint");
	CHECK(h[0] == '=' && strchr(h, '>'), "hint answers a move: %s", h);
	CHECK(strstr(say("position"), "/r/") != NULL, "hint did not play");
	const char *g = say("genmove depth 1");
	CHECK(g[0] == '=' && strchr(g, '>'), "genmove answers a move: %s", g);
	CHECK(strstr(say("position"), "/b/") != NULL, "genmove played it");
	CHECK(ok("undo") && strstr(say("position"), "/r/") != NULL, "genmove's move can be undone");

	/* below the top level the level's depth decides, and stays a ceiling
	 * under a deeper limit (level 7 is depth 2: see LEVELS in search.c) */
	say("set level 7");
	const char *a7 = say("analyze");
	CHECK(strstr(a7, " depth 2 ") != NULL, "level 7 searches to depth 2: %s", a7);
	a7 = say("analyze depth 5");
	CHECK(strstr(a7, " depth 2 ") != NULL, "level 7 stays at depth 2 when asked for 5: %s", a7);

	/* analyze: depth and node limits are honoured and reported */
	say("set level 10");
	const char *a = say("analyze depth 2");
	CHECK(strstr(a, " depth 2 ") != NULL, "analyze depth 2 reports depth 2: %s", a);
	a = say("analyze nodes 5000");
	const char *np = strstr(a, " nodes ");
	long nodes = np ? atol(np + 7) : -1;
	CHECK(nodes >= 0 && nodes <= 5000 + 512, "node budget 5000 kept: %ld", nodes);

	/* the same seed gives the same game, at a level with randomness */
	char m1[4096], m2[4096], m3[4096];
	play_out("set level 2", 0, m1, sizeof m1);
	say("set seed 42");
	play_out("set level 2", 8, m1, sizeof m1);
	say("set seed 42");
	play_out("set level 2", 8, m2, sizeof m2);
	CHECK(m1[0] && !strcmp(m1, m2), "same seed, same game:\n%s\n%s", m1, m2);
	int differs = 0;
	for (int seed = 1; seed <= 5 && !differs; seed++) {
		char cmd[32];
		snprintf(cmd, sizeof cmd, "set seed %d", seed);
		say(cmd);
		play_out("set level 2", 8, m3, sizeof m3);
		differs = strcmp(m1, m3) != 0;
	}
	CHECK(differs, "other seeds give other games");

	/* a finished game has nothing to generate */
	say("newgame");
	say("setposition 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/0,0;1,0;2,0/0,-2;-2,2;0,2/b/-");
	CHECK(!strcmp(say("result"), "= red\n\n"), "set-up position is won by red");
	refused("genmove");
	refused("hint");

	/* level 1 against the library directly: always legal, reproducible */
	ng_search *s = ng_search_new();
	ng_game *gm = ng_game_new(NG_STANDARD);
	ng_search_set_level(s, 1);
	int legal = 1;
	for (int i = 0; i < 30 && ng_game_result(gm) == NG_NONE; i++) {
		ng_info info;
		ng_search_run(s, gm, NULL, NULL, NULL, &info);
		legal &= ng_game_play(gm, info.best) == NG_OK;
	}
	CHECK(legal, "level 1 plays legal moves");
	CHECK(ng_search_set_level(s, 11) == NG_ERR_RANGE && ng_search_level(s) == 1,
	      "API refuses level 11 and keeps the level");

	/* the principal variation: starts with the best move, and each move
	 * is legal in the position the ones before it lead to */
	ng_game_reset(gm, NG_STANDARD);
	ng_search_set_level(s, 10);
	ng_limits d3 = { 0, 3, 0 };
	ng_info pi;
	CHECK(ng_search_run(s, gm, &d3, NULL, NULL, &pi) == NG_OK && pi.depth == 3,
	      "level 10 searches to depth 3");
	CHECK(pi.pvlen >= 1 && pi.pvlen <= 3 && ng_move_equal(pi.pv[0], pi.best),
	      "the variation starts with the best move (%d moves)", pi.pvlen);
	ng_pos pp = *ng_game_pos(gm);
	int pv_legal = 1;
	for (int i = 0; i < pi.pvlen && pv_legal; i++) {
		ng_undo u;
		pv_legal = ng_check_move(&pp, pi.pv[i]) == NG_OK;
		if (pv_legal)
			ng_make(&pp, pi.pv[i], &u);
	}
	CHECK(pv_legal, "every move of the variation is legal in its turn");

	/* a stop requested before the run is not lost: the run answers at
	 * once with a legal move, and the request ends with it */
	ng_search_stop(s);
	ng_info si;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ng_err se = ng_search_run(s, gm, NULL, NULL, NULL, &si);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long ms = (long)(t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	CHECK(se == NG_OK && ng_check_move(ng_game_pos(gm), si.best) == NG_OK,
	      "a run stopped before it starts answers a legal move");
	CHECK(si.pvlen >= 1 && ng_move_equal(si.pv[0], si.best),
	      "... with a variation that starts with it (%d moves)", si.pvlen);
	CHECK(ms < 1000, "... at once, not after the level's 5 s (%ld ms)", ms);
	CHECK(ng_search_run(s, gm, &d3, NULL, NULL, &si) == NG_OK && si.depth == 3,
	      "the next run is not stopped");
	/* a request withdrawn before the run does not stop it */
	ng_search_stop(s);
	ng_search_clear_stop(s);
	CHECK(ng_search_run(s, gm, &d3, NULL, NULL, &si) == NG_OK && si.depth == 3,
	      "ng_search_clear_stop withdraws the request");

	/* a run ignores the table entries of another level: level 7 after a
	 * deeper search at the top level plays as it does from an empty table
	 * (the same move, value and nodes as a fresh searcher's) */
	ng_game_reset(gm, NG_STANDARD);
	ng_search *fresh = ng_search_new();
	ng_limits d2 = { 0, 2, 0 };
	ng_info f7, u7, u10;
	ng_search_set_level(fresh, 7);
	ng_search_set_seed(fresh, 3);
	ng_search_run(fresh, gm, &d2, NULL, NULL, &f7);
	ng_search_clear(s);
	ng_search_set_level(s, 10);
	ng_search_run(s, gm, &d3, NULL, NULL, &u10);
	ng_search_set_level(s, 7);
	ng_search_set_seed(s, 3);
	ng_search_run(s, gm, &d2, NULL, NULL, &u7);
	CHECK(ng_move_equal(u7.best, f7.best) && u7.score == f7.score && u7.nodes == f7.nodes,
	      "level 7 after level 10 as from an empty table: score %d nodes %lld, "
	      "fresh %d %lld", u7.score, (long long)u7.nodes, f7.score, (long long)f7.nodes);
	ng_search_free(fresh);

	ng_search_free(s);
	ng_game_free(gm);
	ng_session_free(S);
	return tests_done("search");
}
