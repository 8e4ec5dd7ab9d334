/*
 * server_arena.h - arenas (nonaga(6), ONLINE): tournaments of a fixed
 * length in which a player who finishes a game is paired again at once,
 * as lichess's arenas.  server_arena.c has the commands (arena, enter,
 * withdraw, standings, arenas); server_arena_play.c the arena's clock,
 * its pairing and its end; server_arena_store.c what the journal keeps
 * of them (the entries' rows of server_entry.c) and the snapshot, the
 * state directory's file `arenas', written when the store compacts.
 * Every change of an arena is a journal entry applied by the same
 * function when it is made and when a restart replays it.
 */
#ifndef NONAGA_SERVER_ARENA_H
#define NONAGA_SERVER_ARENA_H

#include "server.h"

#define ARENAS_MAX 16          /* arenas not over at once */
#define ARENAS_KEPT 8          /* arenas over that `arenas' still lists */
#define ARENA_PLAYERS_MAX 500
#define ARENA_MINUTES_MAX 720
#define ARENA_REMATCH_S 10     /* two who just played each other and wait
                                * alone this long are paired again */
#define ARENA_LAST_S 30        /* no pairing in the last 30 s, or the last
                                * tenth when that is less */

typedef struct arena_player {
	char name[NET_NAME_MAX + 1];
	int entered;               /* 0: withdrawn (its score kept) */
	int points, games, wins, streak;   /* streak: wins in a row now */
	int reds, blues;
	unsigned long reached;     /* the arena's event at which its points
	                            * last rose (or it entered): tie-break */
	char last[NET_NAME_MAX + 1];   /* its last opponent, or "" */
	char game[NET_NAME_MAX + 1];   /* the arena's game it plays, or "" */
	int side;                  /* its seat there */
	/* not kept: who is told, and since when it waits (its own clock) */
	conn *c;
	long since;
} arena_player;

typedef struct arena {
	server *srv;
	char name[NET_NAME_MAX + 1];
	int wait, minutes;         /* seconds before it starts; its length */
	int min, inc;              /* its games' clock */
	ng_rules rules;
	long t;                    /* seconds its own clock ran */
	unsigned long events;      /* entries and results so far */
	arena_player *p;
	int np, cap;
	struct event *tick;        /* its clock, every second while not over */
	struct event *pairing;     /* a pairing round, soon */
	struct arena *next;
} arena;

struct arenas {
	arena *list;               /* in the order they were made */
	unsigned long long seq;    /* the last entry the snapshot holds */
};

/* server_arena_store.c: the snapshot; the entries' apply functions
 * (server_entry.c's rows) */
int arenas_load(server *s, char *msg, size_t size);
int arenas_save(server *s, unsigned long long seq);
void arenas_free(server *s);
arena *arena_find(server *s, const char *name);
arena_player *arena_player_of(arena *a, const char *name);
int arena_over(const arena *a);
int arena_started(const arena *a);
long arena_left(const arena *a);   /* seconds to its end */
int apply_arena_new(store *st, srec *r, unsigned long long seq, char **w, int n);
int apply_arena_enter(store *st, srec *r, unsigned long long seq, char **w, int n);
int apply_arena_withdraw(store *st, srec *r, unsigned long long seq, char **w, int n);
int apply_arena_pair(store *st, srec *r, unsigned long long seq, char **w, int n);
int apply_arena_score(store *st, srec *r, unsigned long long seq, char **w, int n);
int apply_arena_clock(store *st, srec *r, unsigned long long seq, char **w, int n);
/* The players in the order of the standings (points, then wins, then who
 * reached them first, then the name): malloc'ed, a->np of them, or NULL. */
arena_player **arena_ranking(const arena *a);
/* The winner's name into out: the first in the standings, once it has
 * played; "-" when nobody has. */
void arena_winner(const arena *a, char *out, size_t size);

/* server_arena_play.c: the clocks start (at the start of the server, or
 * for a new arena); a pairing round soon; a game of an arena over; a
 * connection closing. */
void arenas_resume(server *s);
int arena_run(server *s, arena *a);
void arena_pair_soon(arena *a);
void arena_game_over(sgame *g);
void arena_conn_gone(conn *c);
void arena_stop(arena *a);         /* its timers freed */

/* server_arena.c: the commands */
cmd_fn cmd_arena, cmd_enter, cmd_withdraw, cmd_standings, cmd_arenas;
/* a's line of `arenas' into out: with the seconds left and whether the
 * player you is in (you=in|away|out); with you NULL, as the lobbies'
 * news compare it, without either (SECONDS "-": they change every
 * second, the rest only when something happened). */
void arena_line(arena *a, const char *you, char *out, size_t size);
/* --arena-schedule followed (after the arenas resumed): 0, or -1 with
 * msg; and forgotten. */
int arena_schedule_start(server *s, char *msg, size_t size);
void arena_schedule_free(server *s);

#endif
