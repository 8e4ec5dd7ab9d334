/*
 * server_rating.c - the players' ratings (Glicko-2, rating.c).  Every game
 * over between two different players in which each made at least two
 * moves is one rating period for both; a challenge cancelled, a game
 * against oneself or a casual game (seek or challenge ... casual) is not
 * rated.
 *
 * A player's first rated game starts from 1500 (deviation 350), except
 * that computer-N starts from level N's rating and deviation as `make
 * calibrate' measured them (ng_level_rating), and a new player whose
 * first rated game is against computer-N from level N's rating (with a
 * new player's deviation, 350); a level not measured starts at 1500.
 * The values need no journal entry of their own: the end's entry carries
 * the ratings after the game.
 *
 * Rating a game and its end are one durable fact: the players' ratings
 * after the game go into the journal's entry of the game's end
 * (server_store.c's "over"), and the table changes only when that entry
 * is applied, as the server makes it and as a restart replays it.  So a
 * game is counted if and only if its end is in the journal, once.  The
 * state directory's file `ratings' is a snapshot of the table, written
 * when the store compacts (before the journal is reset), that says up to
 * which journal entry it counts:
 *
 *   seq SEQ                              the last entry it includes
 *   NAME RATING DEVIATION VOLATILITY GAMES
 *                                        one player a line
 *
 * Replaying applies only the ends after SEQ: a crash after the snapshot
 * and before the reset (the old journal still there) counts nothing
 * twice, and a crash before the end's entry is written counts nothing
 * (the game is not over after the restart).  A snapshot without its seq
 * line (from before the journal carried ratings) counts as SEQ 0; the
 * ends that journal holds carry no ratings and change nothing.  The
 * ratings before and after also go into the game's record.
 */
#include "server.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATINGS_FILE "ratings"
#define RATED_PLIES 4       /* two moves each */

typedef struct rated {
	char name[NET_NAME_MAX + 1];
	rating r;
	int games;
} rated;

struct ratings {
	rated *v;
	int n, cap;
	unsigned long long seq;   /* the last journal entry the snapshot holds */
};

/* The table is kept sorted by name (server_names.c): a lookup for every
 * seat of `games'. */
static rated *find(struct ratings *t, const char *name)
{
	return names_find(t->v, t->n, sizeof *t->v, name);
}

/* name's entry, made (a new player's) when it has none; NULL: no memory.
 * (Making one moves the others.) */
static rated *entry_of(struct ratings *t, const char *name)
{
	rated *p = find(t, name);
	if (!p && (p = names_add((void **)&t->v, &t->n, &t->cap, sizeof *t->v, name)))
		p->r = rating_new();
	return p;
}

int ratings_load(server *s, char *msg, size_t size)
{
	struct ratings *t = calloc(1, sizeof *t);
	char path[PATH_MAX + 16], line[256], name[64];
	if (!t)
		return snprintf(msg, size, "out of memory"), -1;
	s->ratings = t;
	snprintf(path, sizeof path, "%s/%s", s->state, RATINGS_FILE);
	FILE *f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? 0 : (snprintf(msg, size, "cannot read %s: %s", path,
		                                       strerror(errno)), -1);
	int no = 0, bad = 0;
	while (fgets(line, sizeof line, f)) {
		rating r;
		int games, k = 0;
		no++;
		if (no == 1 && sscanf(line, "seq %llu%n", &t->seq, &k) == 1 && line[k] == '\n')
			continue;
		if (sscanf(line, "%63s %lf %lf %lf %d%n", name, &r.r, &r.rd, &r.vol, &games, &k) != 5 ||
		    line[k] != '\n' || !net_name_ok(name) || find(t, name) || !(r.rd > 0) ||
		    !(r.vol > 0) || games < 0) {
			server_log("%s: line %d is not a player's rating: skipped", path, no);
			bad++;
			continue;
		}
		rated *p = entry_of(t, name);
		if (!p) {
			fclose(f);
			return snprintf(msg, size, "out of memory"), -1;
		}
		p->r = r;
		p->games = games;
	}
	fclose(f);
	if (bad)
		damage_keep_snapshot(path, bad);
	server_log("ratings: %d player%s as of entry %llu", t->n, t->n == 1 ? "" : "s", t->seq);
	return 0;
}

void ratings_free(server *s)
{
	if (s->ratings)
		free(s->ratings->v);
	free(s->ratings);
	s->ratings = NULL;
}

unsigned long long ratings_seq(server *s)
{
	return s->ratings ? s->ratings->seq : 0;
}

int ratings_save(server *s, unsigned long long seq)
{
	struct ratings *t = s->ratings;
	if (!t)
		return 0;
	size_t cap = (size_t)t->n * 128 + 32, len = 0;
	char *text = malloc(cap);
	if (!text)
		return -1;
	len = (size_t)snprintf(text, cap, "seq %llu\n", seq);
	for (int i = 0; i < t->n; i++)
		len += (size_t)snprintf(text + len, cap - len, "%s %.17g %.17g %.17g %d\n",
		                        t->v[i].name, t->v[i].r.r, t->v[i].r.rd, t->v[i].r.vol,
		                        t->v[i].games);
	int r = durable_write(s->state, RATINGS_FILE, text, strlen(text), DURABLE_REPLACE);
	free(text);
	if (r == 0)
		t->seq = seq;
	return r;
}

/* "NAME/R/RD/VOL" (a name has no '/'): a player's rating after a game,
 * as the journal keeps it, to the last bit. */
void ratings_entry_word(const sgame *g, int side, char *out, size_t size)
{
	snprintf(out, size, "%s/%.17g/%.17g/%.17g", g->seat[side].name, g->after[side].r,
	         g->after[side].rd, g->after[side].vol);
}

int ratings_count(server *s, unsigned long long seq, const char *word)
{
	char name[NET_NAME_MAX + 1];
	const char *slash = strchr(word, '/');
	rating r;
	int k = 0;
	if (!slash || slash - word > NET_NAME_MAX)
		return -1;
	memcpy(name, word, (size_t)(slash - word));
	name[slash - word] = 0;
	if (!net_name_ok(name) || sscanf(slash, "/%lf/%lf/%lf%n", &r.r, &r.rd, &r.vol, &k) != 3 ||
	    slash[k] || !(r.rd > 0) || !(r.vol > 0) || !(r.r > -1e6 && r.r < 1e6))
		return -1;
	if (!s->ratings || seq <= s->ratings->seq)
		return 0;   /* the snapshot holds it */
	rated *p = entry_of(s->ratings, name);
	if (!p)
		return -1;
	p->r = r;
	p->games++;
	return 0;
}

rating ratings_start(const char *name, const char *opponent)
{
	rating r = rating_new();
	int level = names_computer(name), elo, rd;
	if (level && ng_level_rating(level, &elo, &rd) == NG_OK) {
		r.r = elo;
		r.rd = rd;
	} else if (!level && (level = names_computer(opponent)) &&
	           ng_level_rating(level, &elo, &rd) == NG_OK)
		r.r = elo;   /* (a new player's deviation) */
	return r;
}

void ratings_game(sgame *g)
{
	server *s = g->srv;
	g->rated = 0;
	if (!s->ratings || !g->seat[0].name[0] || !g->seat[1].name[0] ||
	    !strcmp(g->seat[0].name, g->seat[1].name) || ng_game_ply(g->g) < RATED_PLIES ||
	    !strcmp(g->how, "cancelled") || g->casual)
		return;
	double score[2] = { g->result == NG_RED_WINS ? 1 : g->result == NG_DRAW ? 0.5 : 0, 0 };
	score[1] = 1 - score[0];
	for (int side = 0; side < 2; side++) {
		rated *p = find(s->ratings, g->seat[side].name);
		g->before[side] = p ? p->r : ratings_start(g->seat[side].name, g->seat[!side].name);
	}
	for (int side = 0; side < 2; side++)
		g->after[side] = rating_update(g->before[side], 1, &g->before[!side], &score[side],
		                               RATING_TAU);
	g->rated = 1;   /* the table changes with the end's entry (store_end) */
	server_log("game %s rated: %s %.0f -> %.0f, %s %.0f -> %.0f", g->name,
	           g->seat[0].name, g->before[0].r, g->after[0].r, g->seat[1].name,
	           g->before[1].r, g->after[1].r);
}

static int by_rating(const void *a, const void *b)
{
	const rated *x = *(rated *const *)a, *y = *(rated *const *)b;
	if (x->r.r != y->r.r)
		return x->r.r < y->r.r ? 1 : -1;
	return strcmp(x->name, y->name);
}

void ratings_word(server *s, const char *name, char *out, size_t size)
{
	rated *p = s->ratings && name[0] ? find(s->ratings, name) : NULL;
	if (p)
		snprintf(out, size, "%.0f/%.0f", p->r.r, p->r.rd);
	else
		snprintf(out, size, "-");
}

int ratings_games(server *s, const char *name)
{
	rated *p = s->ratings ? find(s->ratings, name) : NULL;
	return p ? p->games : 0;
}

void cmd_ratings(conn *c, char **w, int n_words)
{
	struct ratings *t = c->srv->ratings;
	int n = t ? t->n : 0;
	(void)w, (void)n_words;
	rated **order = n ? malloc((size_t)n * sizeof *order) : NULL;
	if (n && !order) {
		conn_send(c, "error busy out of memory");
		return;
	}
	for (int i = 0; i < n; i++)
		order[i] = &t->v[i];
	if (n)
		qsort(order, (size_t)n, sizeof *order, by_rating);
	for (int i = 0; i < n; i++)
		conn_send(c, "rating %s %.2f %.2f %d kind=%s", order[i]->name, order[i]->r.r,
		          order[i]->r.rd, order[i]->games, player_kind(c->srv, order[i]->name));
	free(order);
	conn_send(c, "ok %d", n);
}
