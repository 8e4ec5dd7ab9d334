/* lobby_lists.h - the lobby's lists read from the server (lobby_lists.c). */
#ifndef NONAGA_LOBBY_LISTS_H
#define NONAGA_LOBBY_LISTS_H

#include <stdint.h>
#include "net.h"

#define LOBBY_MAX 200
#define USERS_MAX 4096          /* connections kept of `who' */
#define LOBBY_ARENAS 32         /* arenas kept (the server has 16 on and
                                 * 8 over at most) */

/* A game of the list being read: "game NAME RULES CLOCK RED BLUE PLY
 * STATE [for=LOGIN] [ratings=R/RD:R/RD]"; and where connections sit ("user NAME GAME ROLE"). */
typedef struct lgame {
	char name[NET_NAME_MAX + 1], rules[16], clock[16], state[16];
	char seat[2][NET_NAME_MAX + 1];   /* "" when free */
	char who[2][NET_NAME_MAX + 16];   /* as shown: "alice (1523)" */
	char invited[NET_NAME_MAX + 1];   /* for=LOGIN: only that one may join */
	int ply;
	int held[2];            /* a connection sits there */
} lgame;

/* A connection, as `who' lists it: "user NAME GAME ROLE". */
typedef struct luser {
	char name[NET_NAME_MAX + 1], game[NET_NAME_MAX + 1];
	int side;               /* the seat it holds, or -1 */
	char kind;              /* 'c' computer, 'b' bot, 'h' human (kind=) */
} luser;

/* A line of `games' into v: the game's new line, or, over, out; a new
 * game last (lines of `games' in its order) or on top (news: `games'
 * lists the newest first). */
void lobby_put_game(lgame *v, int *n, const char *line, int top);
/* The game named out of v. */
void lobby_drop_game(lgame *v, int *n, const char *name);
/* A line of `who' into v. */
void lobby_put_user(luser *v, int *n, const char *line);
/* The player name's connections out of v. */
void lobby_drop_user(luser *v, int *n, const char *name);

/* An arena, as `arenas' (or `changed arena') tells it. */
typedef struct larena {
	char name[NET_NAME_MAX + 1], clock[16];
	char winner[NET_NAME_MAX + 1];   /* "" while none */
	int state;              /* 0 starting, 1 running, 2 over */
	long secs;              /* to its start or end, when told */
	int64_t at;             /* when that was told (online_now_ms) */
	int minutes, players, simple;
	int games;              /* its games counted, or -1 (not told) */
	char you;               /* 'i' in, 'a' in but away, 'o' out, '?' */
} larena;

/* A line of `standings': "standing RANK PLAYER POINTS GAMES [streak=N]
 * [kind=KIND]". */
typedef struct lstanding {
	char name[NET_NAME_MAX + 1];
	int rank, points, games, streak;
	char kind;              /* 'c', 'b', 'h' as luser's */
} lstanding;

/* An arena's line ("arena ...", told at now) into v, replacing the
 * arena's line before; 1, or 0 when not understood (or no room). */
int lobby_put_arena(larena *v, int *n, const char *line, int64_t now);
/* The arena named out of v. */
void lobby_drop_arena(larena *v, int *n, const char *name);
/* A line of `standings' into s: 1, or 0 when not understood. */
int lobby_parse_standing(const char *line, lstanding *s);

#endif
