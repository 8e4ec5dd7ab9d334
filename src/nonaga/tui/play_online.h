/*
 * play_online.h - what the two files of an online game share: its state
 * (play_online.c keeps it from the server's lines) and the panel that
 * shows it (play_online_panel.c).  Only for those two.
 */
#ifndef NONAGA_PLAY_ONLINE_H
#define NONAGA_PLAY_ONLINE_H

#include "game_screen.h"
#include "client_proto.h"

#define CHAT_LINES 4

typedef struct netplay {
	online *on;
	char red[NET_NAME_MAX + 1], blue[NET_NAME_MAX + 1];
	char rating[2][16];     /* each seat's, as shown: "1523", or "" */
	int clock_min, clock_inc;
	int clock_days;             /* days a move, or 0 */
	int64_t left[2], left_at;   /* time left, and when it was told */
	int away[2];
	int64_t claim_at[2];        /* when the win may be claimed */
	int offer_draw, offer_tb;   /* side offering, or -1 */
	char offer_said[512];       /* the message telling of the opponent's
	                             * offer, or "": gone when it lapses */
	ng_result result;
	int over;                   /* the server said the game is over */
	char how[32];
	char began[32];             /* when this terminal first had the game
	                             * (the protocol does not say when it
	                             * began), ISO 8601 UTC: its record's Date */
	int synced;
	int kept;                   /* the end is kept as a record */
	int lost;                   /* the connection is gone */
	int64_t retry_at, give_up_at;   /* give_up_at 0: never (shared) */
	int64_t lost_at;
	int leave_to;               /* PLAY_QUIT or PLAY_MENU, for Q_LEAVE */
	char chat[CHAT_LINES][NET_NAME_MAX + NET_CHAT_MAX + 8];
	int nchat;
} netplay;

/* A seat's player's name, or "?" for nobody yet. */
const char *online_seat_name(const netplay *np, int side);
/* Is a clock running (for the side to move)? */
int online_clock_running(const netplay *np);
/* other_ops.panel of an online game: header, turn, hint, keys. */
void online_panel(const play *p, void *self, panel_text *t);

#endif
