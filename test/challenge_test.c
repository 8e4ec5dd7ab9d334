/*
 * challenge_test.c - bots and challenges on the server (nonaga(6),
 * ONLINE, extensions): `bot' makes a new account a bot (kind=bot in
 * who, games and ratings), kept through a restart, and is refused to an
 * account that has played a rated game, also after a restart; challenge,
 * accept and decline with their exact lines; every refusal; a challenge
 * ends when the challenger's connection closes, or the last connection of
 * the player challenged (the challenger told).  alice, bob and carol log
 * in over TCP.  $NONAGA is the program.
 */
#include "srvtest.h"

#define NET_KEY_HEX 32   /* a seat token's hex digits (net.h) */

/* A `paired' line without its seat token, which must be there: 1, or 0. */
static int cut_token(char *line)
{
	char *sp = strrchr(line, ' ');
	if (!sp || strlen(sp + 1) != NET_KEY_HEX || strspn(sp + 1, "0123456789abcdef") != NET_KEY_HEX)
		return 0;
	*sp = 0;
	return 1;
}

static int next_is(tc *t, const char *want)
{
	char got[600];
	if (tc_next(t, want, got, sizeof got))
		return 1;
	return fprintf(stderr, "'%s', not '%s'\n", got, want), 0;
}

static int answers(tc *t, const char *cmd, const char *want)
{
	char got[600];
	if (tc_answer(t, cmd, want, got, sizeof got))
		return 1;
	return fprintf(stderr, "%s: '%s', not '%s'\n", cmd, got, want), 0;
}

/* The players of `ratings' by name with their kinds: "NAME=KIND ...". */
static int kinds_are(tc *t, const char *want)
{
	char line[600], name[64], kind[64], got[400] = "", *v[8];
	char names[8][140];
	int n = 0, k = 0;
	double r, rd;
	tc_send(t, "ratings");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2))
		if (n < 8 && sscanf(line, "rating %63s %lf %lf %*d kind=%63s%n", name, &r, &rd, kind,
		                    &k) == 4 && !line[k]) {
			snprintf(names[n], sizeof names[n], "%s=%s", name, kind);
			v[n] = names[n];
			n++;
		}
	for (int i = 0; i < n; i++)   /* (sorted by name: a few) */
		for (int j = i + 1; j < n; j++)
			if (strcmp(v[j], v[i]) < 0) {
				char *x = v[i];
				v[i] = v[j], v[j] = x;
			}
	for (int i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", v[i]);
	if (!strcmp(got, want))
		return 1;
	return fprintf(stderr, "ratings: '%s', not '%s'\n", got, want), 0;
}

static const char *side_word_of(int side)
{
	return side == NG_RED ? "red" : "blue";
}

static const char *state_file(const char *name)
{
	static char path[400];
	snprintf(path, sizeof path, "%s/%s", state, name);
	return path;
}

/* Two moves each in a game a (red) and c (blue) sit in, then c resigns. */
static int four_and_resign(tc *a, tc *c)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, 2);
	ng_search_set_seed(s, 3);
	int ok = 1;
	while (ok && ng_game_ply(g) < 4) {
		int red = ng_pos_side(ng_game_pos(g)) == NG_RED;
		ok = play(g, s, red ? a : c, red ? c : a, NULL, NULL);
	}
	ok = ok && answers(c, "resign", "ok") && tc_expect(a, "over ", NULL, 0, 3000) &&
	     answers(a, "leave", "ok") && answers(c, "leave", "ok");
	ng_search_free(s);
	ng_game_free(g);
	return ok;
}

/* alice (red) and carol play a rated game: two moves each, carol resigns. */
static int rated_game(tc *a, tc *c)
{
	return answer_is(a, "host r1 red", "ok seat red ") && answer_is(c, "join r1", "ok seat blue ") &&
	       four_and_resign(a, c);
}

static void bots(tc *a, tc *b, tc *c)
{
	CHECK(list_is(a, "who", "user b", "user bob - - kind=human|ok 3"), "bob is human at first");
	CHECK(answers(b, "bot", "ok"), "bot: bob is a bot now");
	CHECK(list_is(a, "who", "user b", "user bob - - kind=bot|ok 3"), "who: bob kind=bot");
	CHECK(answers(b, "bot", "ok"), "bot again changes nothing");
	CHECK(answers(b, "bot now", "error bad-argument use: bot"), "bot takes no word");
	CHECK(rated_game(a, c), "alice and carol play a rated game");
	CHECK(answers(a, "bot", "error not-allowed alice has played rated games: only a new "
	              "account becomes a bot"), "bot is refused to alice after a rated game");
	CHECK(list_is(b, "who", "user a", "user alice - - kind=human|ok 3"), "alice stays human");
	CHECK(file_has(state_file("players"), "bob kind bot\n") &&
	      !file_has(state_file("players"), "alice kind"), "the players file: bob's kind only");
}

/* alice's rating as `games' and `sync' give it: "R/RD". */
static void alice_rating(tc *t, char *out, size_t size)
{
	char line[600];
	double r, rd;
	snprintf(out, size, "?");
	tc_send(t, "ratings");
	while (tc_line(t, line, sizeof line, 5000) > 0 && strncmp(line, "ok", 2))
		if (sscanf(line, "rating alice %lf %lf", &r, &rd) == 2)
			snprintf(out, size, "%.0f/%.0f", r, rd);
}

static void challenges(tc *a, tc *b, tc *c)
{
	char got[600], ar[32], rs[80];
	alice_rating(c, ar, sizeof ar);
	CHECK(answers(a, "challenge bob 5+3", "ok 1"), "challenge bob 5+3: ok 1");
	CHECK(next_is(b, "challenged 1 alice 5+3 standard rated"), "bob is challenged");
	CHECK(answers(b, "decline 1", "ok") && next_is(a, "declined 1 bob"),
	      "bob declines; alice is told 'declined 1 bob'");
	CHECK(answers(b, "accept 1", "error no-challenge there is no challenge 1 to you"),
	      "a declined challenge cannot be accepted");
	CHECK(answers(a, "challenge bob 1d simple rated", "ok 2") &&
	      next_is(b, "challenged 2 alice 1d simple rated"), "a challenge of a day a move");
	CHECK(answers(c, "accept 2", "error no-challenge there is no challenge 2 to you"),
	      "carol cannot accept bob's challenge");
	CHECK(answers(a, "decline 2", "error no-challenge there is no challenge 2 to you"),
	      "nor can the challenger decline it");
	CHECK(answers(b, "accept 2", "ok"), "bob accepts 2");
	CHECK(tc_line(b, got, sizeof got, 3000) > 0 && cut_token(got) &&
	      (!strcmp(got, "paired c2 red alice") || !strcmp(got, "paired c2 blue alice")),
	      "bob: paired c2 SIDE alice: '%s'", got);
	int bob = !strcmp(got, "paired c2 red alice") ? NG_RED : NG_BLUE;
	char want[300];
	snprintf(rs, sizeof rs, bob == NG_RED ? "-:%s" : "%s:-", ar);
	snprintf(want, sizeof want, "sync c2 rules=simple clock=1d red=%s blue=%s moves=0 "
	         "result=none how=- you=%s ratings=%s", bob == NG_RED ? "bob" : "alice",
	         bob == NG_RED ? "alice" : "bob", side_word_of(bob), rs);
	CHECK(next_is(b, want), "then bob's sync");
	snprintf(got, sizeof got, "paired c2 %s bob", side_word_of(!bob));
	CHECK(tc_expect(a, "paired ", want, sizeof want, 3000) && cut_token(want) && !strcmp(want, got),
	      "alice: '%s', not '%s'", want, got);
	snprintf(want, sizeof want, "game c2 simple 1d %s %s 0 playing ratings=%s kind=%s|ok 1",
	         bob == NG_RED ? "bob" : "alice", bob == NG_RED ? "alice" : "bob", rs,
	         bob == NG_RED ? "bot:human" : "human:bot");
	CHECK(list_is(c, "games", "game c", want), "games: c2 with its kinds");
	CHECK(answers(bob == NG_RED ? a : b, "move 0,0", "error not-your-turn it is red's turn") &&
	      answer_is(bob == NG_RED ? b : a, "resign", "ok"), "each is seated: red resigns");
	CHECK(answers(a, "leave", "ok") && answers(b, "leave", "ok"), "both leave c2");

	/* refusals */
	CHECK(answers(a, "challenge alice 5+0", "error bad-argument you cannot challenge yourself"),
	      "not oneself");
	CHECK(answers(a, "challenge nobody 5+0", "error not-here nobody is not on the server"),
	      "not a player who is not here");
	CHECK(answers(a, "challenge bob 5+0 friendly", "error bad-argument use: challenge NAME "
	              "M+I|Dd|none [standard|simple] [rated|casual] (M 1-180 minutes, I 0-180 "
	              "seconds, D 1-30 days a move)"), "a word not rated nor casual: the table's usage");
	CHECK(answer_is(a, "challenge bob 500+0", "error bad-argument use: challenge NAME") &&
	      answer_is(a, "challenge bob", "error bad-argument ") &&
	      answer_is(a, "challenge bob 5+0 blitz", "error bad-argument ") &&
	      answer_is(a, "challenge b%b 5+0", "error bad-argument "), "bad words");
	CHECK(answers(b, "accept x", "error no-challenge there is no challenge  to you") &&
	      answer_is(b, "accept", "error bad-argument use: accept ID"), "accept without an id");
	CHECK(answers(a, "challenge bob none", "ok 3"), "none: no clock (id 3: refused ones count none)");
	CHECK(next_is(b, "challenged 3 alice none standard rated"), "bob is told of 3");
	CHECK(answers(b, "accept 3", "ok") && tc_expect(b, "paired c3 ", got, sizeof got, 3000) &&
	      cut_token(got),
	      "bob accepts 3");
	int red = !strcmp(got, "paired c3 red alice");
	CHECK(tc_expect(a, "paired c3 ", NULL, 0, 3000) && four_and_resign(red ? b : a, red ? a : b),
	      "and plays it, rated (two moves each)");
	CHECK(kinds_are(c, "alice=human bob=bot carol=human"), "ratings: bob kind=bot");
}

static void closing(tc *a, tc *b, int port)
{
	tc c2, a2;
	/* the challenger's connection closes: its challenge ends */
	CHECK(tc_login(&a2, port, state, "alice") && answers(&a2, "challenge bob 2+1", "ok 4") &&
	      next_is(b, "challenged 4 alice 2+1 standard rated"), "alice's second connection "
	      "challenges");
	tc_close(&a2);
	CHECK(answers(a, "ping", "ok pong"), "(the server saw it go)");
	CHECK(answers(b, "accept 4", "error no-challenge there is no challenge 4 to you"),
	      "a challenge from a closed connection is gone");
	/* the player challenged leaves: the challenger is told */
	CHECK(tc_login(&c2, port, state, "dave") && answers(a, "challenge dave 3+0", "ok 5") &&
	      next_is(&c2, "challenged 5 alice 3+0 standard rated"), "dave is challenged");
	tc_close(&c2);
	CHECK(next_is(a, "declined 5 dave"), "dave's last connection closed: 'declined 5 dave'");
}

int main(void)
{
	if (srv_setup("challenge") < 0)
		return 1;
	int port;
	pid_t pid = start(1, NULL, NULL, &port);
	tc a, b, c;
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob") &&
	      tc_login(&c, port, state, "carol"), "alice, bob and carol log in");
	bots(&a, &b, &c);
	challenges(&a, &b, &c);
	closing(&a, &b, port);

	/* a restart: bob is still a bot, alice still refused */
	tc_close(&a);
	tc_close(&b);
	tc_close(&c);
	CHECK(WIFEXITED(srv_stop(pid, SIGTERM)), "the server stops on TERM");
	pid = start(2, NULL, NULL, &port);
	CHECK(pid > 0 && tc_login(&a, port, state, "alice") && tc_login(&b, port, state, "bob"),
	      "back after a restart");
	CHECK(list_is(&a, "who", "user b", "user bob - - kind=bot|ok 2"), "bob is still a bot");
	CHECK(answers(&a, "bot", "error not-allowed alice has played rated games: only a new "
	              "account becomes a bot"), "alice is still refused");
	tc_close(&a);
	tc_close(&b);
	srv_stop(pid, SIGTERM);
	return srv_done("challenge");
}
