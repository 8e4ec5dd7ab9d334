/*
 * client_mine.h - the games of yours not over yet, asked of the server
 * found as for playing but never started (the protocol's `mine'): for
 * `nonaga --list' and the title menu.  No curses.
 */
#ifndef NONAGA_CLIENT_MINE_H
#define NONAGA_CLIENT_MINE_H

#include "client_connect.h"

typedef struct mine_game {
	char game[NET_NAME_MAX + 1];
	char opponent[NET_NAME_MAX + 1];   /* "" while nobody has joined */
	int your_move;          /* it is your move (with an opponent) */
	int invited;            /* an invitation: the opponent invites you */
	int days;               /* a clock of days a move, or 0 */
	long long ms;           /* the time left to the side to move; -1:
	                         * no clock */
} mine_game;

/* Up to max games into out: how many (0 also when no server runs: then
 * *absent is 1), or -1 with the reason in msg.  What the server says is
 * checked: a line that is not right is skipped. */
int client_mine(const netclient_opts *o, mine_game *out, int max, int *absent,
                char *msg, size_t size);

/* Ask the server found as for playing (never started) cmd, and give each
 * line of the answer before "ok N" to each, which says 1 when it took
 * the line; how many it took (0 also when no server runs: then *absent
 * is 1), or -1 with the reason in msg (cannot: the server refused). */
int client_query(const netclient_opts *o, const char *cmd,
                 int (*each)(void *ctx, const char *me, const char *line), void *ctx,
                 int *absent, const char *cannot, char *msg, size_t size);

/* A rating as the server gives it ("R/RD", or "-" for nobody) as a
 * player sees it beside a name: "1523", "1500?" while it is provisional
 * (a deviation over RATING_SURE), "" for nobody or a word not a rating. */
#define RATING_SURE 110
void client_rating_text(const char *word, char *out, size_t size);

/* The ratings table (the protocol's `ratings'), as `nonaga --ratings'
 * prints it and the lobby shows it: its heading, and the row of a line
 * "rating NAME R RD GAMES" into out (1), or 0 when it is not such a line. */
const char *client_ratings_heading(void);
int client_rating_row(const char *line, char *out, size_t size);
#endif
