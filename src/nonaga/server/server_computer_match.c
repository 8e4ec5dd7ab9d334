/*
 * server_computer_match.c - `--computer-matches N': the server's
 * computers play each other, up to N rated games at once, each an
 * ordinary game (match-K, on --computer-match-clock, 1+1 by default) that
 * anyone may watch.  `make calibrate' (test/calibrate.sh) rates the
 * levels this way.
 *
 * The pairing, every MATCH_TICK_MS while fewer than N such games are in play
 * (a game between two computers not over, restored ones too): of the
 * offered computers in no such game, the one with the fewest rated games
 * (then the lower level) plays the one whose rating is nearest its own
 * (then the nearer level, then the lower), never the opponent it last
 * met in a game this server started (while another is free), so that a
 * computer between two others meets both in turn and every adjacent pair
 * of the ladder plays.  Two computers take red in turn (the first move is
 * worth much between computers): the lower level in their first game,
 * the higher in their second, and so on.  The last opponents and turns
 * are not kept across a restart.
 *
 * Each game starts from an opening of openings.txt (made by `make
 * openings', test/openingsgen.c: a first move each that hands over no win
 * in one, and no forced result within three turns after them), drawn at
 * random for a pair's first game and played again, colours swapped, in its
 * second: without them two levels that choose without randomness (4, 7,
 * 9) would play the same game whenever they meet, and the ladder would
 * count it many times.  The opening's moves are the game's first two,
 * made before the computers think, and charge no clock.
 */
#include "server.h"
#include <event2/event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MATCH_MIN 1   /* --computer-match-clock's default: 1+1 */
#define MATCH_INC 1
#define MATCH_TICK_MS 250   /* the free places are filled so often */

static const char *const openings[] = {
#include "openings.inc"
};
#define OPENINGS ((int)(sizeof openings / sizeof openings[0]))

struct matches {
	struct event *timer;
	int last[NG_LEVEL_MAX + 1];   /* each level's last opponent, or 0 */
	unsigned char higher_red[NG_LEVEL_MAX + 1][NG_LEVEL_MAX + 1];   /* [lo][hi]:
	                              * the higher level's turn to play red */
	unsigned short opening[NG_LEVEL_MAX + 1][NG_LEVEL_MAX + 1];   /* [lo][hi]:
	                              * the opening of the pair's last game */
	unsigned long made;           /* games started, for their names */
};

static void level_name(int level, char *out, size_t size)
{
	snprintf(out, size, "computer-%d", level);
}

/* A computer's rating: its own, or where it starts (its level's). */
static double rating_of(server *s, int level)
{
	char name[32], word[48];
	level_name(level, name, sizeof name);
	ratings_word(s, name, word, sizeof word);
	return word[0] == '-' ? ratings_start(name, "").r : strtod(word, NULL);
}

/* The levels in a game between two computers not over: a bit each; how
 * many such games in *n. */
static unsigned busy_levels(server *s, int *n)
{
	unsigned busy = 0;
	*n = 0;
	for (sgame *g = s->games; g; g = g->next) {
		int a = names_computer(g->seat[0].name), b = names_computer(g->seat[1].name);
		if (!a || !b || g->how[0])
			continue;
		busy |= 1u << a | 1u << b;
		(*n)++;
	}
	return busy;
}

/* The opponent of level a among the free levels: the nearest rating, then
 * the nearer level, then the lower; its last opponent only if none other
 * is free.  0: none. */
static int opponent(server *s, struct matches *m, unsigned free_levels, int a)
{
	double ra = rating_of(s, a);
	int best = 0, best_last = 1;
	double dist = 0;
	for (int b = NG_LEVEL_MIN; b <= NG_LEVEL_MAX; b++) {
		if (b == a || !(free_levels & 1u << b))
			continue;
		double d = rating_of(s, b) - ra;
		d = d < 0 ? -d : d;
		int last = m->last[a] == b;
		int nearer = !best || last < best_last ||
		             (last == best_last && (d < dist || (d == dist && abs(b - a) < abs(best - a))));
		if (nearer)
			best = b, dist = d, best_last = last;
	}
	return best;
}

/* Play opening k's two moves in g; 0, or -1 (a line of openings.txt that
 * is not two legal moves: the game then starts from the start). */
static int play_opening(sgame *g, int k)
{
	char text[2 * NG_MOVE_TEXT];
	snprintf(text, sizeof text, "%s", openings[k]);
	char *save = NULL;
	for (char *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		ng_move m;
		if (ng_move_parse(ng_game_pos(g->g), w, &m) != NG_OK || game_opening_move(g, m) < 0) {
			server_log("opening %d of openings.txt is not legal here: %s", k + 1, openings[k]);
			return -1;
		}
	}
	return 0;
}

/* The opening of the next game between levels lo < hi: a new one for the
 * pair's first game of two (the lower level red), the last one again for
 * its second. */
static int next_opening(struct matches *m, int lo, int hi)
{
	char r[NET_KEY_HEX + 1];
	if (!m->higher_red[lo][hi] && net_random_hex(r) == 0)   /* (as a seek's side) */
		m->opening[lo][hi] = (unsigned short)(strtoul(r + NET_KEY_HEX - 6, NULL, 16) % OPENINGS);
	return m->opening[lo][hi];
}

/* One more game between two free computers: 0, or -1 (none could start). */
static int start_one(server *s, struct matches *m, unsigned free_levels)
{
	int a = 0, fewest = 0;
	for (int level = NG_LEVEL_MIN; level <= NG_LEVEL_MAX; level++) {
		char name[32];
		level_name(level, name, sizeof name);
		int games = ratings_games(s, name);
		if ((free_levels & 1u << level) && (!a || games < fewest))
			a = level, fewest = games;
	}
	int b = a ? opponent(s, m, free_levels, a) : 0;
	if (!b || store_room(s) < 0)
		return -1;
	char gname[NET_NAME_MAX + 1];
	do
		snprintf(gname, sizeof gname, "match-%lu", ++m->made);
	while (game_find(s, gname));
	int min = s->opt.match_min ? s->opt.match_min : MATCH_MIN;
	int inc = s->opt.match_min ? s->opt.match_inc : MATCH_INC;
	sgame *g = game_new(s, gname, NG_STANDARD, min, inc, 0);
	if (!g)
		return -1;
	int lo = a < b ? a : b, hi = a < b ? b : a;
	int red = m->higher_red[lo][hi] ? hi : lo;
	int k = next_opening(m, lo, hi);
	if (computer_sit(g, NG_RED, red) < 0 || computer_sit(g, NG_BLUE, red == lo ? hi : lo) < 0) {
		game_cancel(g, "no memory for the computer");
		return -1;
	}
	play_opening(g, k);
	m->last[a] = b;
	m->last[b] = a;
	m->higher_red[lo][hi] ^= 1;
	server_log("computer-%d and computer-%d play %s from opening %d", red, red == lo ? hi : lo,
	           gname, k + 1);
	conn_lobby_changed(s);
	return 0;
}

static void on_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	server *s = arg;
	int n;
	unsigned free_levels = s->opt.computers & ~busy_levels(s, &n);
	while (n < s->opt.computer_matches && start_one(s, s->matches, free_levels) == 0)
		free_levels = s->opt.computers & ~busy_levels(s, &n);
}

int matches_init(server *s, char *msg, size_t size)
{
	if (!s->opt.computer_matches)
		return 0;
	int levels = 0;
	for (int level = NG_LEVEL_MIN; level <= NG_LEVEL_MAX; level++)
		levels += !!(s->opt.computers & 1u << level);
	if (levels < 2) {
		snprintf(msg, size, "--computer-matches needs two levels or more in --computers");
		return -1;
	}
	struct matches *m = calloc(1, sizeof *m);
	struct timeval tv = { 0, MATCH_TICK_MS * 1000 };
	if (!m || !(m->timer = event_new(s->base, -1, EV_PERSIST, on_timer, s)) ||
	    event_add(m->timer, &tv) < 0) {
		if (m && m->timer)
			event_free(m->timer);
		free(m);
		snprintf(msg, size, "out of memory");
		return -1;
	}
	s->matches = m;
	return 0;
}

void matches_free(server *s)
{
	if (!s->matches)
		return;
	event_free(s->matches->timer);
	free(s->matches);
	s->matches = NULL;
}
