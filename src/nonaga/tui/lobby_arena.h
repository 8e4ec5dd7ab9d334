/* lobby_arena.h - the lobby's arenas (lobby_arena.c). */
#ifndef NONAGA_LOBBY_ARENA_H
#define NONAGA_LOBBY_ARENA_H

#include <stddef.h>
#include "client_proto.h"
#include "lobby_lists.h"

#define LOBBY_STANDINGS 500     /* an arena's players (the server's most) */

/* What the lobby keeps of the arenas: the list (from `lobby news' and
 * `arenas'), the standings shown and those being read. */
typedef struct lobby_arenas {
	larena v[LOBBY_ARENAS];
	int n, sel, top;
	char shown[NET_NAME_MAX + 1];   /* the arena whose standings are open */
	lstanding st[LOBBY_STANDINGS], next[LOBBY_STANDINGS];
	int nst, nnext;
	int st_top;             /* the first standing shown */
	int st_moved;           /* scrolled by hand: your own row no longer
	                         * kept in view */
	int asking;             /* standings asked, their answer to come */
	int again;              /* the arena changed meanwhile: ask again */
	char sent;              /* the arena command awaiting its answer:
	                         * 'e' enter, 'w' withdraw, 'n' arena, or 0 */
	char sent_to[NET_NAME_MAX + 1];
	int64_t told;           /* when the standings last came (ms) */
} lobby_arenas;

/* An event of the server's about arenas (their lines, news, answers,
 * `arena-over', said in msg): 1 when it was one (handled), else 0. */
int lobby_arena_event(lobby_arenas *la, online *on, const online_ev *ev, char *msg,
                      size_t size);

/* `arena-over' (OE_ARENA_OVER) as a sentence naming the winner. */
void lobby_arena_over_text(const online_ev *ev, char *out, size_t size);

/* The lobby's hooks: read the server's news (through lobby_arena_event
 * and the lobby's lists), -1 when the connection is gone; has `paired'
 * come (the game's lines follow, unread)? */
typedef struct lobby_hooks {
	void *ctx;
	int (*news)(void *ctx);
	int (*paired)(void *ctx);
	char *msg;              /* the lobby's message line */
	size_t size;
	char *clock;            /* Play now's last clock, for New arena... */
	size_t clock_size;
} lobby_hooks;

enum { LA_PAIRED, LA_BACK, LA_LOST, LA_QUIT };
/* The arenas' screen (the standings of la->shown when it is set):
 * LA_PAIRED (a game of an arena: the lobby plays it, then comes back to
 * the standings), LA_BACK (Esc), LA_LOST, LA_QUIT (q, a signal). */
int lobby_arena_run(lobby_arenas *la, online *on, const lobby_hooks *h);

#endif
