/*
 * server_entry.c - the kinds of the store's journal entries, one row
 * each (server_entry.h), and how each applies to the store's copies of
 * the games (server_store.c applies an entry the same way when the
 * server makes it and when a restart replays the journal).  Entries are
 * text, the first word the entry's sequence number, ID a game's (the
 * number of its "new"):
 *
 *   SEQ base                             a fresh journal starts here
 *   SEQ new NAME DATE RULES MIN INC [DAYS [FOR [casual]]]
 *                                        a game (its ID is SEQ); FOR: the
 *                                        only player who may join, or -;
 *                                        casual: never rated (without it,
 *                                        as in older journals: rated)
 *   SEQ seat ID SIDE PLAYER TOKEN        a seat taken (TOKEN "-": none)
 *   SEQ move ID PLY MOVE RED BLUE        a move; the clocks after it (ms)
 *   SEQ undo ID PLY RED BLUE             moves taken back to PLY
 *   SEQ clock ID RED BLUE                the clocks when the server stopped
 *   SEQ over ID RESULT HOW RED BLUE [RR BR [RA BA]]
 *                                        the end; a rated game's ratings
 *                                        (RR: red's, "R/RD>R/RD", before
 *                                        and after; BR blue's) and the
 *                                        players' ratings after it, which
 *                                        this entry sets in the table
 *                                        (RA: "NAME/R/RD/VOL", exact;
 *                                        server_rating.c says why here)
 *   SEQ drop ID                          a challenge cancelled
 *   SEQ offer ID DRAW TAKEBACK           the offers pending (red, blue or -
 *                                        each; a move, a take-back or the
 *                                        end withdraws them)
 *   SEQ event ID ARENA                   a game of that arena (its Event)
 *   SEQ arena-...                        the arenas' (server_arena_store.c)
 */
#include "server_entry.h"
#include "server_arena.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_clocks(srec *r, const char *red, const char *blue)
{
	r->left_ms[0] = atoll(red);
	r->left_ms[1] = atoll(blue);
}

/* (the number is what the store counts from: nothing else to do) */
static int apply_base(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)r, (void)seq, (void)w, (void)n;
	return 0;
}

static int apply_new(store *st, srec *unused, unsigned long long seq, char **w, int n)
{
	ng_rules rules;
	(void)unused;
	if (!net_name_ok(w[2]) || strlen(w[3]) >= sizeof ((srec *)0)->date ||
	    ng_rules_from_name(w[4], &rules) != NG_OK || (n > 9 && strcmp(w[9], "casual")))
		return -1;
	if (store_find(st, seq))
		return 0;   /* its record holds it */
	srec *r = store_add(st, w[2], rules);
	if (!r)
		return -1;
	r->id = r->seq = seq;
	r->dirty = 1;
	snprintf(r->date, sizeof r->date, "%s", w[3]);
	r->clock_min = atoi(w[5]);
	r->clock_inc = atoi(w[6]);
	r->clock_days = n > 7 && atoi(w[7]) > 0 && atoi(w[7]) <= NET_DAYS_MAX ? atoi(w[7]) : 0;
	if (n > 8 && net_name_ok(w[8]))
		snprintf(r->invited, sizeof r->invited, "%s", w[8]);
	r->casual = n > 9;
	r->left_ms[0] = r->left_ms[1] = (int64_t)r->clock_min * 60000;
	return 0;
}

static int apply_seat(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)seq, (void)n;
	if (w[3][0] != '0' && w[3][0] != '1')
		return -1;
	int side = w[3][0] - '0';
	snprintf(r->player[side], sizeof r->player[side], "%s", w[4]);
	snprintf(r->token[side], sizeof r->token[side], "%s", strcmp(w[5], "-") ? w[5] : "");
	return 0;
}

static int apply_move(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	ng_move m;
	(void)st, (void)seq, (void)n;
	r->offer = r->takeback = 0;   /* a move withdraws the offers */
	if (ng_game_ply(r->g) != atoi(w[3]) - 1 ||
	    ng_move_parse(ng_game_pos(r->g), w[4], &m) != NG_OK || ng_game_play(r->g, m) != NG_OK)
		return -1;
	set_clocks(r, w[5], w[6]);
	return 0;
}

static int apply_undo(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)seq, (void)n;
	r->offer = r->takeback = 0;   /* as a take-back does */
	while (ng_game_ply(r->g) > atoi(w[3]))
		ng_game_undo(r->g);
	set_clocks(r, w[4], w[5]);
	return 0;
}

static int apply_clock(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)seq, (void)n;
	set_clocks(r, w[3], w[4]);
	return 0;
}

/* A rated end counts in the ratings' table whether or not the game's copy
 * is still here (ratings_count knows what the snapshot holds); then the
 * copy, if the store has it. */
static int apply_over(store *st, srec *unused, unsigned long long seq, char **w, int n)
{
	static const char *const words[] = { "none", "red", "blue", "draw" };
	server *s = store_server(st);
	(void)unused;
	if (n == 11 && (ratings_count(s, seq, w[9]) < 0 || ratings_count(s, seq, w[10]) < 0))
		return -1;
	srec *r = store_entry_game(st, seq, w);
	if (!r)
		return 0;
	r->offer = r->takeback = 0;   /* the end withdraws the offers */
	int k = 0;
	while (k < 4 && strcmp(words[k], w[3]))
		k++;
	if (n == 8 || n == 10 || k == 4 || strlen(w[4]) >= sizeof r->how ||
	    (n >= 9 && (strlen(w[7]) >= sizeof r->rated[0] || strlen(w[8]) >= sizeof r->rated[1])))
		return -1;
	for (int side = 0; side < 2 && n >= 9; side++)
		snprintf(r->rated[side], sizeof r->rated[side], "%s", w[7 + side]);
	r->result = (ng_result)k;
	snprintf(r->how, sizeof r->how, "%s", w[4]);
	set_clocks(r, w[5], w[6]);
	store_retire(st, r);
	return 0;
}

static int apply_drop(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)seq, (void)w, (void)n;
	r->dropped = 1;
	store_retire(st, r);
	return 0;
}

static int apply_offer(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)seq, (void)n;
	return record_offer_from(&r->offer, w[3]) | record_offer_from(&r->takeback, w[4]);
}

static int apply_event(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	(void)st, (void)seq, (void)n;
	if (!net_name_ok(w[3]))
		return -1;
	snprintf(r->event, sizeof r->event, "%s", w[3]);
	return 0;
}

static const entry_kind kinds[] = {
	{ "base", 2, 12, ENTRY_STORE, 1, apply_base },
	{ "new", 7, 10, ENTRY_STORE, 0, apply_new },
	{ "seat", 6, 6, ENTRY_GAME, 0, apply_seat },
	{ "move", 7, 7, ENTRY_GAME, 0, apply_move },
	{ "undo", 6, 6, ENTRY_GAME, 0, apply_undo },
	{ "clock", 5, 5, ENTRY_GAME, 0, apply_clock },
	/* (its game's, looked up after the ratings are counted) */
	{ "over", 7, 11, ENTRY_STORE, 0, apply_over },
	{ "drop", 3, 3, ENTRY_GAME, 0, apply_drop },
	{ "offer", 5, 5, ENTRY_GAME, 0, apply_offer },
	{ "event", 4, 4, ENTRY_GAME, 0, apply_event },
	/* the arenas (server_arena_store.c) */
	{ "arena-new", 7, 7, ENTRY_STORE, 0, apply_arena_new },
	{ "arena-enter", 4, 4, ENTRY_STORE, 0, apply_arena_enter },
	{ "arena-withdraw", 4, 4, ENTRY_STORE, 0, apply_arena_withdraw },
	{ "arena-pair", 6, 6, ENTRY_STORE, 0, apply_arena_pair },
	{ "arena-score", 5, 5, ENTRY_STORE, 0, apply_arena_score },
	{ "arena-clock", 4, 4, ENTRY_STORE, 0, apply_arena_clock },
};

const entry_kind *entry_kind_of(const char *word)
{
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (!strcmp(kinds[i].word, word))
			return &kinds[i];
	return NULL;
}
