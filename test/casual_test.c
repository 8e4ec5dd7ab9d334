/*
 * casual_test.c - casual games on the server (nonaga(6), ONLINE: seek
 * and challenge ... casual): a casual seek is paired only with a casual
 * seek, a casual challenge is announced as casual, both games say
 * rated=no in sync and games, and both end without changing anyone's
 * rating (compared with a rated game's, which does); kill -9 in the
 * middle of a casual game and restart: it is casual still and its end
 * changes no rating.  (test/journal_test.c: the flag in the journal and
 * the record, and older ones without it rated.)  $NONAGA is the program.
 */
#include "srvtest.h"

static int port;

static int in(tc *t, const char *name)
{
	return tc_login(t, port, state, name);
}

static int answers(tc *t, const char *cmd, const char *want)
{
	char got[600];
	if (tc_answer(t, cmd, want, got, sizeof got))
		return 1;
	return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, want), 0;
}

/* The `ratings' lines and their "ok N", '|' between them, into out. */
static void ratings_of(tc *t, char *out, size_t size)
{
	char line[600];
	out[0] = 0;
	tc_send(t, "ratings");
	while (tc_line(t, line, sizeof line, 5000) > 0) {
		snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? "|" : "", line);
		if (!strncmp(line, "ok", 2) || !strncmp(line, "error", 5))
			break;
	}
}

/* The mover's move in g (the first legal one, played there): "ok", and
 * both see it moved. */
static int one_move(ng_game *g, tc *mover, tc *other)
{
	char mv[NG_MOVE_TEXT], cmd[160], want[160];
	first_move(g, mv);
	snprintf(cmd, sizeof cmd, "move %s", mv);
	snprintf(want, sizeof want, "moved %d %s", ng_game_ply(g), mv);
	return answers(mover, cmd, "ok") && tc_expect(mover, want, NULL, 0, 3000) &&
	       tc_expect(other, want, NULL, 0, 3000);
}

/* red and blue play to two moves each (g: the moves so far), then blue
 * resigns and both leave. */
static int four_and_resign(ng_game *g, tc *red, tc *blue)
{
	int ok = 1;
	while (ok && ng_game_ply(g) < 4) {
		int r = ng_pos_side(ng_game_pos(g)) == NG_RED;
		ok = one_move(g, r ? red : blue, r ? blue : red);
	}
	return ok && answers(blue, "resign", "ok") && tc_expect(red, "over red resign", NULL, 0, 3000) &&
	       answers(red, "leave", "ok") && answers(blue, "leave", "ok");
}

/* The paired line of t for game, its side (NG_RED/NG_BLUE) and token. */
static int paired(tc *t, const char *game, int *side, char *token)
{
	char line[600], g[64], sd[16], op[64];
	return tc_expect(t, "paired ", line, sizeof line, 5000) &&
	       sscanf(line, "paired %63s %15s %63s %63s", g, sd, op, token) == 4 &&
	       !strcmp(g, game) && (*side = strcmp(sd, "red") ? NG_BLUE : NG_RED, 1);
}

/* The line of game in `games' (asked by t) is want (got: what it is). */
static int games_line(tc *t, const char *game, const char *want, char *got, size_t size)
{
	char prefix[80];
	snprintf(prefix, sizeof prefix, "game %s ", game);
	tc_send(t, "games");
	int ok = tc_expect(t, prefix, got, size, 3000) && !strcmp(got, want);
	tc_expect(t, "ok ", NULL, 0, 3000);
	return ok;
}

static void casual(void)
{
	pid_t pid = start(1, "--pair-wait", "0", &port);
	CHECK(pid > 0, "the server starts");
	tc a, b, c, o;
	char got[600], before[2000], after[2000], token[64], want[600];
	int side = 0;
	CHECK(in(&a, "ann") && in(&b, "bob") && in(&c, "cid") && in(&o, "obs"), "four players");
	/* a rated game first: ann and bob have ratings to keep */
	CHECK(answers(&a, "seek 5+0", "ok") && answers(&b, "seek 5+0 rated", "ok") &&
	      paired(&b, "play-1", &side, token) && side == NG_BLUE &&
	      tc_expect(&b, "sync play-1 ", got, sizeof got, 3000),
	      "ann and bob seek a rated 5+0 and are paired");
	CHECK(!strcmp(got, "sync play-1 rules=standard clock=5+0 red=ann blue=bob moves=0 "
	              "result=none how=- you=blue ratings=-:-"),
	      "a rated game's sync says nothing more: %s", got);
	ng_game *g = ng_game_new(NG_STANDARD);
	CHECK(four_and_resign(g, &a, &b), "ann wins the rated game");
	ng_game_free(g);
	ratings_of(&o, before, sizeof before);
	CHECK(!strcmp(before, "rating ann 1662.31 290.32 1 kind=human|"
	              "rating bob 1337.69 290.32 1 kind=human|ok 2"), "it is rated: %s", before);

	/* seek ... casual: not with a rated seek, then with a casual one */
	CHECK(answers(&c, "seek 5+0", "ok") && answers(&a, "seek 5+0 casual", "ok") &&
	      answers(&c, "unseek", "ok"),
	      "cid seeks a rated 5+0, ann a casual 5+0: not paired (cid still seeking)");
	CHECK(answers(&b, "seek 5+0 standard casual", "ok") && paired(&b, "play-1", &side, token) &&
	      side == NG_BLUE, "bob's casual seek is paired with ann's");
	CHECK(tc_next(&b, "sync play-1 rules=standard clock=5+0 red=ann blue=bob moves=0 "
	              "result=none how=- you=blue ratings=1662/290:1338/290 rated=no", got,
	              sizeof got), "its sync ends in rated=no: %s", got);
	CHECK(paired(&a, "play-1", &side, token) && side == NG_RED, "ann is red");
	CHECK(games_line(&o, "play-1", "game play-1 standard 5+0 ann bob 0 playing "
	                 "ratings=1662/290:1338/290 kind=human:human rated=no", got, sizeof got),
	      "games: play-1 ends in rated=no: %s", got);
	g = ng_game_new(NG_STANDARD);
	CHECK(four_and_resign(g, &a, &b), "ann wins the casual game");
	ng_game_free(g);
	ratings_of(&o, after, sizeof after);
	CHECK(!strcmp(before, after), "the casual seek's game changed no rating: %s", after);

	/* challenge ... casual */
	CHECK(answers(&a, "challenge bob none casual", "ok 1") &&
	      tc_next(&b, "challenged 1 ann none standard casual", got, sizeof got),
	      "a casual challenge is announced as casual: %s", got);
	CHECK(answers(&b, "accept 1", "ok") && paired(&b, "c1", &side, token) &&
	      tc_expect(&b, "sync c1 ", got, sizeof got, 3000), "bob accepts");
	snprintf(want, sizeof want, "sync c1 rules=standard clock=none red=%s blue=%s moves=0 "
	         "result=none how=- you=%s ratings=%s rated=no", side ? "ann" : "bob",
	         side ? "bob" : "ann", side ? "blue" : "red",
	         side ? "1662/290:1338/290" : "1338/290:1662/290");
	CHECK(!strcmp(got, want), "the challenge's sync ends in rated=no: %s", got);
	CHECK(paired(&a, "c1", &side, token), "ann is paired too");
	g = ng_game_new(NG_STANDARD);
	CHECK(four_and_resign(g, side == NG_RED ? &a : &b, side == NG_RED ? &b : &a),
	      "the casual challenge played to its end");
	ng_game_free(g);
	ratings_of(&o, after, sizeof after);
	CHECK(!strcmp(before, after), "the casual challenge changed no rating: %s", after);

	/* kill -9 in the middle of a casual game */
	char atoken[64];
	CHECK(answers(&a, "seek 2d casual", "ok") && answers(&b, "seek 2d casual", "ok") &&
	      paired(&b, "play-1", &side, token) && paired(&a, "play-1", &side, atoken),
	      "a casual game of 2d");
	g = ng_game_new(NG_STANDARD);
	CHECK(one_move(g, &a, &b) && one_move(g, &b, &a), "a move each");
	srv_stop(pid, SIGKILL);
	tc_close(&a), tc_close(&b), tc_close(&c), tc_close(&o);
	pid = start(2, "--pair-wait", "0", &port);
	CHECK(pid > 0, "the server starts again after kill -9");
	CHECK(in(&a, "ann") && in(&b, "bob") && in(&o, "obs"), "back");
	CHECK(games_line(&o, "play-1", "game play-1 standard 2d ann bob 2 playing "
	                 "ratings=1662/290:1338/290 kind=human:human rated=no", got, sizeof got),
	      "the game is back, casual: %s", got);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "join play-1 %s", atoken);
	CHECK(answer_is(&a, cmd, "ok seat red ") && tc_expect(&a, "sync play-1 ", got, sizeof got, 3000) &&
	      !strcmp(got, "sync play-1 rules=standard clock=2d red=ann blue=bob moves=2 "
	              "result=none how=- you=red ratings=1662/290:1338/290 rated=no"),
	      "ann takes her seat back, casual: %s", got);
	snprintf(cmd, sizeof cmd, "join play-1 %s", token);
	CHECK(answer_is(&b, cmd, "ok seat blue "), "bob too");
	CHECK(four_and_resign(g, &a, &b), "the game goes on to its end");
	ng_game_free(g);
	ratings_of(&o, after, sizeof after);
	CHECK(!strcmp(before, after), "after the restart it changed no rating either: %s", after);
	tc_close(&a), tc_close(&b), tc_close(&o);
	CHECK(srv_stop(pid, SIGTERM) == 0, "the server stops cleanly");
}

int main(void)
{
	if (srv_setup("casual") < 0)
		return 1;
	casual();
	return srv_done("casual");
}
