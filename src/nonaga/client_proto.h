/*
 * client_proto.h - a client's session with the online server, without curses:
 * the connection, the commands, and the server's lines read as events
 * (nonaga(6), ONLINE).  The game screen (play.c) and the lobby (lobby.c)
 * drive it; they draw, this only talks.
 */
#ifndef NONAGA_ONLINE_H
#define NONAGA_ONLINE_H

#include <stdint.h>
#include "nonaga.h"
#include "client_connect.h"

typedef enum oe_kind {
	OE_SYNC,        /* a game from the start: rules, players, moves to come */
	OE_MOVED,       /* a move: n is its number, text the move */
	OE_UNDONE,      /* moves taken back: n moves remain */
	OE_OVER,        /* result, how */
	OE_SEATED,      /* side, name */
	OE_AWAY,        /* name, n seconds before the win may be claimed, side */
	OE_BACK,        /* name, side */
	OE_OFFER,       /* code "draw" or "takeback", name, side (-1: not told) */
	OE_CHAT,        /* name, text */
	OE_CLOCK,       /* ms */
	OE_DETACHED,    /* this connection lost its seat: text why */
	OE_OK,          /* the answer to cmd */
	OE_ERROR,       /* the answer to cmd: code, text */
	OE_LIST,        /* a line of a list (game or user): text, the line */
	OE_INVITED,     /* name invites you to play the game text */
	OE_CHANGED,     /* the lists changed (after `lobby'): ask again; after
	                 * `lobby news', text says what changed */
	OE_PAIRED,      /* a seek or a challenge made the game text: side
	                 * yours, name the opponent (seat's token kept) */
	OE_QUEUED,      /* the computer name waits for a search, behind n */
	OE_CHALLENGED,  /* name challenges you: n the challenge's id, text
	                 * its clock, rules the rules */
	OE_DECLINED,    /* name declined your challenge n */
	OE_ARENA,       /* a line of `arenas': text, the line */
	OE_STANDING,    /* a line of `standings': text, the line */
	OE_ARENA_OVER,  /* the arena text ended: name its winner ("" none) */
	OE_OTHER        /* a line this client does not know */
} oe_kind;

/* What was asked, to read its answer. */
typedef enum oc_kind { OC_NONE, OC_HOST, OC_JOIN, OC_WATCH, OC_MOVE, OC_LIST,
                       OC_LOBBY, OC_SEEK, OC_ARENAS, OC_STANDINGS, OC_ARENA,
                       OC_OTHER } oc_kind;

typedef struct online_ev {
	oe_kind kind;
	oc_kind cmd;            /* OE_OK, OE_ERROR: what it answers */
	int n;
	int side;               /* OE_SEATED: the side; OE_SYNC: yours, -1 watching */
	int quiet;              /* OE_MOVED within a sync: no animation */
	ng_result result;
	ng_rules rules;
	int clock_min, clock_inc;
	int clock_days;         /* OE_SYNC: days a move (clock_min is as many
	                         * minutes), or 0 */
	int64_t ms[2];          /* OE_MOVED (with a clock), OE_CLOCK; else -1 */
	char name[NET_NAME_MAX + 1];
	char red[NET_NAME_MAX + 1], blue[NET_NAME_MAX + 1];  /* OE_SYNC */
	char rating[2][16];     /* OE_SYNC: each seat's rating as shown
	                         * ("1523", "1500?"), OE_SEATED: the side's;
	                         * "" when the server says none */
	char code[32];          /* OE_ERROR; OE_OVER: how; OE_OK: its first word */
	char text[NET_LINE_MAX + 1];   /* safe to show (netclient_clean) */
} online_ev;

#define ONLINE_PENDING 64

typedef struct online {
	int fd;                 /* -1 when not connected */
	char name[NET_NAME_MAX + 1];
	netclient_opts o;
	char game[NET_NAME_MAX + 1];   /* the game played or watched, or "" */
	int side;               /* NG_RED, NG_BLUE, or -1 watching */
	char token[NET_KEY_HEX + 1];
	int sync_left;          /* moved lines of the last sync still to come */
	char in[NET_LINE_MAX * 4];
	size_t inlen;
	int skipping;           /* dropping the rest of an overlong line */
	oc_kind pending[ONLINE_PENDING];   /* commands sent, answers to come */
	int64_t pending_at[ONLINE_PENDING];
	int npending;
	int64_t sent_at;        /* when a line was last sent */
	int started;            /* connecting started a server */
	nc_where where;         /* which server it is */
	int tcp;                /* over TCP: seats come back by token only */
	int keep_token;         /* a seat's token came: keep it at the sync */
	char want[NET_NAME_MAX + 1];   /* the game last asked to join */
	char note[512];         /* for the lobby to say when a game screen
	                         * returns to it (why a game could not be had),
	                         * or "" */
	long challenge;         /* a challenge told during a game, for the
	                         * lobby to answer (a, d), or 0 */
} online;

/* Connect and log in; 0, or -1 with an English message. */
int online_connect(online *on, const netclient_opts *o, char *msg, size_t size);
/* Say quit (so the server logs a quit, not a lost connection), wait a
 * moment for its answer, and close. */
void online_close(online *on);
/* Close a connection found gone, without a word. */
void online_drop(online *on);
/* Send a command (a line without its newline) whose answer is of kind k;
 * 0, or -1 when the connection is gone. */
__attribute__((format(printf, 3, 4)))
int online_send(online *on, oc_kind k, const char *fmt, ...);
/* Read what has arrived, without waiting, as far as the buffer goes: 0,
 * 1 when more may be waiting (read again after online_next), or -1 when
 * the connection is gone (online_next still returns what came before).
 * A line longer than the buffer is dropped. */
int online_read(online *on);
/* The next event, 1; or 0 when no whole line is waiting. */
int online_next(online *on, online_ev *ev);
/* Has an answer been awaited for longer than ms (a server that stopped
 * answering)?  Sends a ping when nothing was sent for a minute, so that
 * an idle connection is not closed. */
int online_stalled(online *on, int ms);
/* Ask for a seat in game: over TCP with the seat's token when this user
 * has kept one (a TCP server cannot tell who is who otherwise); else
 * the seat of side (NG_RED, NG_BLUE), or any (-1). */
int online_join(online *on, const char *game, int side);
/* Forget the token kept for game (the server did not know it). */
void online_forget_token(online *on, const char *game);
/* Monotonic milliseconds. */
int64_t online_now_ms(void);
/* Time left on a clock, ms (rounded up to the second), as players read
 * it: "4:59", or with days a move "1d 23:59" (days, hours, minutes) and,
 * under a day, "23:59:59". */
void online_clock_text(int64_t ms, int days, char *out, size_t size);

#endif
