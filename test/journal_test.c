/*
 * journal_test.c - the server's store without the server: its journal
 * and records (src/nonaga/server/server_store.c, server_journal.c)
 * compiled in with a journal compacted past 1 kB, so that compaction
 * while games go on is seen:
 *
 *   - a game of 60 moves: the journal is compacted into games/NAME.rec
 *     while it is played and never grows past the threshold and an entry;
 *     a store opened again (as after a crash: not closed, nothing
 *     compacted) has every move, the seats and the clocks;
 *   - a game that ends is filed in finished/ and leaves games/; opened
 *     again, with the game's entries still in the journal, the store files
 *     nothing twice;
 *   - garbage after the last entry is reported and dropped;
 *   - a casual game stays casual through the journal and its record, and
 *     a "new" entry or a record without the flag (older ones) is rated.
 */
#define _GNU_SOURCE     /* (server_journal.c's fallocate) */
#define COMPACT_BYTES 1024
#include "tap.h"
#include "durable.c"
#include "server_dir.c"
#include "server_journal.c"
#include "server_damage.c"
#include "server_store.c"
#include "server_entry.c"
#include "server_record.c"
#include "server_clock.c"
#include "server_rating.c"
#include "server_names.c"
#include "server_arena_store.c"
#include "rating.c"
#include "netc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the store needs of the rest of the server. */
static char logged[8192];
void server_log(const char *fmt, ...)
{
	size_t n = strlen(logged);
	va_list ap;
	va_start(ap, fmt);
	if (n + 2 < sizeof logged)
		vsnprintf(logged + n, sizeof logged - n - 1, fmt, ap);
	va_end(ap);
	strncat(logged, "\n", sizeof logged - strlen(logged) - 1);
}
int64_t server_now_ms(void)
{
	return 0;
}
int net_name_ok(const char *s)
{
	return s[0] && s[0] != '.' && s[0] != '-' && strlen(s) <= NET_NAME_MAX &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") ==
	       strlen(s);
}
void conn_send(conn *c, const char *fmt, ...)
{
	(void)c, (void)fmt;
}
const char *player_kind(server *s, const char *name)
{
	(void)s;
	return name[0] ? "human" : "-";
}
void arena_stop(arena *a)   /* (its timers: none here) */
{
	(void)a;
}
int net_random_hex(char out[NET_KEY_HEX + 1])
{
	memcpy(out, "0123456789abcdef0123456789abcdef", NET_KEY_HEX + 1);
	return 0;
}

static server srv;
static char dir[256];

static int open_store(void)
{
	char msg[512];
	memset(&srv, 0, sizeof srv);
	srv.opt.state = dir;
	srv.opt.sync = SERVER_SYNC_BATCH;
	if (store_open(&srv, msg, sizeof msg) < 0)
		return fprintf(stderr, "store_open: %s\n", msg), -1;
	return 0;
}

static sgame *new_game(const char *name)
{
	sgame *g = calloc(1, sizeof *g);
	g->srv = &srv;
	snprintf(g->name, sizeof g->name, "%s", name);
	snprintf(g->date, sizeof g->date, "2026-11-26T03:00:00Z");
	g->g = ng_game_new(NG_STANDARD);
	g->clock_min = 5;
	g->clock_inc = 2;
	g->left_ms[0] = g->left_ms[1] = 300000;
	snprintf(g->seat[0].name, sizeof g->seat[0].name, "ann");
	snprintf(g->seat[1].name, sizeof g->seat[1].name, "bob");
	snprintf(g->seat[0].token, sizeof g->seat[0].token, "%s", "0123456789abcdef0123456789abcdef");
	store_seat(g, 0);
	store_seat(g, 1);
	store_commit(&srv);
	return g;
}

static void free_game(sgame *g)
{
	ng_game_free(g->g);
	free(g);
}

/* n moves of g (each the first legal one that does not end the game),
 * each committed; the largest the journal grew. */
static off_t play(sgame *g, int n)
{
	static ng_movelist list;
	off_t max = 0;
	for (int i = 0; i < n; i++) {
		int k = 0, count = ng_generate(ng_game_pos(g->g), &list);
		for (; k < count; k++) {
			ng_game_play(g->g, list.m[k]);
			if (ng_game_result(g->g) == NG_NONE)
				break;
			ng_game_undo(g->g);
		}
		if (k == count)
			break;
		g->left_ms[!(ng_pos_side(ng_game_pos(g->g)))] -= 1000 + i;
		store_move(g);
		store_commit(&srv);
		if (journal_size(srv.store->j) > max)
			max = journal_size(srv.store->j);
	}
	return max;
}

static int count_files(const char *sub)
{
	char d[400];
	snprintf(d, sizeof d, "%s/%s", dir, sub);
	DIR *dp = opendir(d);
	struct dirent *de;
	int n = 0;
	while (dp && (de = readdir(dp)))
		n += de->d_name[0] != '.';
	if (dp)
		closedir(dp);
	return n;
}

static void compaction(void)
{
	char path[400], text[4096];
	CHECK(open_store() == 0, "a store in an empty directory");
	sgame *g = new_game("long");
	off_t max = play(g, 60);
	CHECK(ng_game_ply(g->g) == 60, "60 moves played");
	CHECK(max <= COMPACT_BYTES + JOURNAL_HEAD + 100,
	      "the journal was compacted while they were played: at most %lld bytes", (long long)max);
	snprintf(path, sizeof path, "%s/games/long.rec", dir);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
	if (f)
		fclose(f);
	text[n] = 0;
	CHECK(strstr(text, "[Seq ") || strstr(text, "Seq: "), "into games/long.rec, with its Seq");
	int64_t left0 = g->left_ms[0], left1 = g->left_ms[1];
	/* a crash: the store is dropped (closing compacts nothing) */
	store_close(&srv);
	CHECK(open_store() == 0, "the store opens again");
	srec *r = store_games(&srv);
	CHECK(r && !r->next && !strcmp(r->name, "long") && same_moves(r->g, g->g),
	      "with the game and all of its 60 moves");
	CHECK(r && r->left_ms[0] == left0 && r->left_ms[1] == left1 &&
	      !strcmp(r->player[0], "ann") && !strcmp(r->player[1], "bob") &&
	      !strcmp(r->token[0], "0123456789abcdef0123456789abcdef") && !r->token[1][0],
	      "its clocks, players and tokens");
	g->rec = r;
	g->result = NG_RED_WINS;
	snprintf(g->how, sizeof g->how, "resign");
	store_end(g);
	store_commit(&srv);
	CHECK(count_files("finished") == 1 && count_files("games") == 0,
	      "when it ends it is filed in finished/ and leaves games/");
	free_game(g);
	store_close(&srv);
}

static void filed_once(void)
{
	char path[400];
	sgame *g;
	CHECK(open_store() == 0, "the store opens again");
	CHECK(store_games(&srv) == NULL, "with no game on");
	g = new_game("short");
	play(g, 3);
	g->result = NG_DRAW;
	snprintf(g->how, sizeof g->how, "agreement");
	store_end(g);
	store_commit(&srv);
	CHECK(count_files("finished") == 2, "a short game is filed too");
	free_game(g);
	store_close(&srv);   /* a crash: its entries are all in the journal */
	CHECK(open_store() == 0 && store_games(&srv) == NULL && count_files("finished") == 2,
	      "opened again, the store files nothing twice");
	store_close(&srv);

	CHECK(open_store() == 0, "the store opens again");
	g = new_game("torn");
	play(g, 2);
	store_close(&srv);
	snprintf(path, sizeof path, "%s/journal", dir);
	FILE *f = fopen(path, "a");
	fputs("\x10\x00\x00\x00garbage", f);
	fclose(f);
	logged[0] = 0;
	CHECK(open_store() == 0 && store_games(&srv) && ng_game_ply(store_games(&srv)->g) == 2,
	      "garbage after the last entry: the game and its two moves are kept");
	CHECK(strstr(logged, "a torn last entry") != NULL, "and the garbage is reported: %s", logged);
	free_game(g);
	store_close(&srv);
}

/* The text of games/NAME.rec into text: its length. */
static size_t read_rec(const char *name, char *text, size_t size)
{
	char path[400];
	snprintf(path, sizeof path, "%s/games/%s.rec", dir, name);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(text, 1, size - 1, f) : 0;
	if (f)
		fclose(f);
	text[n] = 0;
	return n;
}

static void casual(void)
{
	char text[4096], path[400];
	CHECK(open_store() == 0, "the store opens again");
	/* as new_game, casual before the first seat writes the "new" */
	sgame *c = calloc(1, sizeof *c), *r;
	c->srv = &srv;
	c->casual = 1;
	snprintf(c->name, sizeof c->name, "cas");
	snprintf(c->date, sizeof c->date, "2026-11-26T03:00:00Z");
	c->g = ng_game_new(NG_STANDARD);
	snprintf(c->seat[0].name, sizeof c->seat[0].name, "ann");
	snprintf(c->seat[1].name, sizeof c->seat[1].name, "bob");
	store_seat(c, 0);
	store_seat(c, 1);
	store_commit(&srv);
	r = new_game("old");   /* a rated game: its "new" as older servers wrote it */
	play(c, 2);
	store_close(&srv);   /* a crash: all in the journal */
	CHECK(open_store() == 0, "the store opens again after the crash");
	srec *cr = NULL, *orr = NULL;
	for (srec *k = store_games(&srv); k; k = k->next)
		*(strcmp(k->name, "cas") ? &orr : &cr) = k;
	CHECK(cr && cr->casual && ng_game_ply(cr->g) == 2,
	      "the casual game is casual again from the journal, its 2 moves kept");
	CHECK(orr && !orr->casual, "a \"new\" without the flag (an older journal's) is rated");
	store_close(&srv);
	CHECK(read_rec("cas", text, sizeof text) && strstr(text, "\nRated: no\n") &&
	      read_rec("old", text, sizeof text) && !strstr(text, "Rated"),
	      "the start's compaction wrote Rated: no in the casual game's record only");
	CHECK(open_store() == 0, "the store opens again from the records");
	cr = orr = NULL;
	for (srec *k = store_games(&srv); k; k = k->next)
		*(strcmp(k->name, "cas") ? &orr : &cr) = k;
	CHECK(cr && cr->casual && orr && !orr->casual,
	      "the record keeps the casual game casual, the other rated");
	store_close(&srv);
	/* an older record: without the key */
	size_t n = read_rec("cas", text, sizeof text);
	char *key = strstr(text, "\nRated: no\n");
	if (key)
		memmove(key + 1, key + 11, strlen(key + 11) + 1);
	snprintf(path, sizeof path, "%s/games/cas.rec", dir);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	CHECK(key && n == strlen(text) + 10, "the key taken out of the record");
	CHECK(open_store() == 0 && store_games(&srv), "the store opens the older record");
	cr = NULL;
	for (srec *k = store_games(&srv); k; k = k->next)
		if (!strcmp(k->name, "cas"))
			cr = k;
	CHECK(cr && !cr->casual && ng_game_ply(cr->g) == 2, "a record without Rated is rated");
	store_close(&srv);
	free_game(c);
	free_game(r);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof dir, "%s/nonaga-journal-test-XXXXXX", tmp);
	if (!mkdtemp(dir))
		return 1;
	compaction();
	filed_once();
	casual();
	return tests_done_in("journal", dir);
}
