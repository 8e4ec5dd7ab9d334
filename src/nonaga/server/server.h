/*
 * server.h - the online game server (`nonaga --serve'): one thread on a
 * libevent loop.  server.c runs the loop, accepts and reads;
 * server_cmds.c's table hands each command to its handler, cmd_WORD in
 * the file of its subject (server_cmd.c's: the login, the lists and the
 * games'; server_lobby.c tells the lobbies what changed in the lists);
 * server_game.c keeps the games (seats, watchers, clocks, results), server_chat.c the chat, server_door.c the SSH
 * door's players, server_rating.c the players' ratings and
 * server_players.c their settings, ignore lists and whether they are
 * bots (both tables sorted by name, server_names.c), server_bot.c the
 * bots and challenges, server_arena*.c the arenas (server_arena.h),
 * server_owners.c who owns each name;
 * server_store.c keeps their files (a journal made durable once per turn
 * of the loop, server_journal.c, whose damage server_damage.c reports and
 * whose entries' kinds are server_entry.c's table, and records, converted
 * by server_record.c); server_conn.c holds what
 * a turn sends until the turn's journal entries are on disk.  Calls go
 * one way: server.c < commands < games < chat, door, players, owners <
 * store < records, ratings < the journal, the names, the state directory
 * (server_dir.c) and the clocks (server_clock.c), and all of them to
 * server_conn.c, which calls none.
 * The protocol is described in nonaga(6), ONLINE.
 */
#ifndef NONAGA_SERVER_H
#define NONAGA_SERVER_H

#include <stdint.h>
#include <limits.h>
#include "nonaga.h"
#include "net.h"
#include "server_journal.h"
#include "durable.h"
#include "sshkey.h"
#include "rating.h"

struct event_base;
struct event;
struct bufferevent;
struct evconnlistener;

#define SERVER_LISTEN_MAX 8       /* --listen options */
#define SERVER_GAMES_MAX 20000    /* games kept at once */
#define SERVER_OUT_MAX (1 << 20)  /* bytes waiting for a client that reads */
#define DOOR_PER_KEY 3            /* connections of one SSH door key */
#define DOOR_PER_ADDR 100         /* door connections from one address, unless
                                   * --door-per-address: a campus or a
                                   * carrier's NAT puts many behind one */
#define GAMES_OPEN_MAX 5          /* games a player has open at once */
#define LOBBY_MS 1000             /* the lobbies are told of changes so often at most */

typedef struct server_opts {
	net_addr listen[SERVER_LISTEN_MAX];
	int nlisten;            /* 0: the default Unix socket */
	const char *state;      /* --state DIR, or NULL for the default */
	int grace;              /* seconds before an away player's opponent
	                         * may claim the win (no clock: 10 times) */
	int max_clients;        /* 0: as many as file descriptors allow */
	int max_games;          /* games kept at once (0: SERVER_GAMES_MAX) */
	int idle;               /* seconds a client may say nothing (0: 900) */
	int sync;               /* --sync: SERVER_SYNC_BATCH (default), _ALWAYS, _NONE */
	int door_per_addr;      /* --door-per-address (0: DOOR_PER_ADDR) */
	const char *gateway;    /* --gateway LOGIN: the SSH door's account,
	                         * which may say who its players are, or NULL */
	unsigned computers;     /* --computers: bit N for computer-N's level N */
	int computer_jobs;      /* --computer-jobs (0: the cores less one, >= 1) */
	int pair_wait;          /* --pair-wait SECONDS (-1: 20; 0: never) */
	int computer_matches;   /* --computer-matches N: computer games kept going */
	int match_min, match_inc;   /* --computer-match-clock (0+0: 1+1) */
	const char *arena_schedule;   /* --arena-schedule SPEC, or NULL */
} server_opts;

typedef struct server server;
typedef struct sgame sgame;
typedef struct conn conn;
typedef struct srec srec;
typedef struct store store;

struct conn {
	server *srv;
	struct bufferevent *bev;
	unsigned long id;
	int tcp;                /* came over TCP: must log in with the key */
	int authed;             /* name is known */
	int gateway;            /* from --gateway's account: may say `as' */
	char fpr[SSHKEY_FPR_LEN + 1];   /* a door player's key, or "" */
	char addr[48];          /* a door player's SSH address, or "-" */
	double chat_tokens;     /* chat messages it may still send now */
	int64_t chat_ms;        /* when they were counted, or 0 */
	double keep_tokens;     /* changes to the players' table it may make now */
	int64_t keep_ms;        /* when they were counted, or 0 */
	char name[NET_NAME_MAX + 1];
	sgame *game;            /* the game it plays or watches, or NULL */
	int role;               /* NG_RED, NG_BLUE, or -1 watching */
	int skipping;           /* discarding the rest of an oversized line */
	double tokens;          /* commands it may still send now (flooding) */
	int64_t refill_ms;
	int closing;            /* close once the output is written */
	int follows;            /* asked `lobby' (1) or `lobby news' (2):
	                         * told `changed' in no game */
	struct evbuffer *held;  /* sent this turn: released after the commit */
	int queued;             /* 1 + its index in the server's flush queue */
	int dead;               /* dropped: freed by the reaper */
	conn *next, *prev;      /* every connection */
	conn *reap_next;
	/* A computer player's seat (server_computer.c): what it is sent goes
	 * to this function instead of a socket; NULL for a client. */
	void (*told)(conn *c, const char *line);
};

typedef struct seat {
	char name[NET_NAME_MAX + 1];   /* "" while free */
	char token[NET_KEY_HEX + 1];   /* gives the seat back over TCP */
	conn *c;                       /* NULL while its player is away */
	int64_t away_ms;               /* when it went away (monotonic) */
} seat;

struct sgame {
	server *srv;
	char name[NET_NAME_MAX + 1];
	char date[32];              /* created, ISO 8601 UTC */
	ng_game *g;
	int clock_min, clock_inc;   /* clock_min 0: no clock */
	int clock_days;             /* days a move (clock_min is as many
	                             * minutes): each move gives the mover
	                             * its days afresh, and nobody is away */
	int64_t left_ms[2];
	int64_t turn_ms;            /* when the running clock started, or 0 */
	struct event *flag;         /* fires when the running clock runs out */
	struct event *expire;       /* an open challenge whose host left */
	seat seat[2];
	conn **watch;
	int nwatch, capwatch;
	int offer;                  /* side offering a draw, or -1 */
	int takeback;               /* side asking to take back, or -1 */
	ng_result result;
	char invited[NET_NAME_MAX + 1];   /* host ... for LOGIN: only that
	                             * player may take the free seat; "" */
	char how[16];               /* "" while playing: rules, resign, time,
	                             * abandon, agreement */
	int unlisted;               /* over, and its name hosted again */
	srec *rec;                  /* the store's copy, or NULL */
	int rated;                  /* over and rated (server_rating.c) */
	int casual;                 /* seek or challenge ... casual: never rated */
	rating before[2], after[2]; /* then: the players' ratings */
	char event[NET_NAME_MAX + 1];   /* the arena it is a game of, or "" */
	sgame *next;
};

/* A game as the store keeps it (server_store.c): what its record holds. */
struct srec {
	unsigned long long id;      /* the journal entry that made it */
	unsigned long long seq;     /* the last entry it holds */
	char name[NET_NAME_MAX + 1];
	char date[32];
	ng_game *g;
	int clock_min, clock_inc;
	int clock_days;             /* as sgame's */
	char invited[NET_NAME_MAX + 1];   /* as sgame's */
	int casual;                 /* as sgame's */
	int64_t left_ms[2];         /* the clocks, stopped */
	char player[2][NET_NAME_MAX + 1];
	char token[2][NET_KEY_HEX + 1];
	ng_result result;
	char how[16];
	char rated[2][48];          /* "R/RD>R/RD": a rated game's ratings */
	int offer, takeback;        /* the side offering a draw, asking to take
	                             * back: its NG_RED/NG_BLUE + 1, or 0 */
	int dirty;                  /* changed since its record was written */
	int on_disk;                /* games/NAME.rec is its */
	int retire, dropped;        /* over or cancelled: leaves the store */
	char event[NET_NAME_MAX + 1];   /* as sgame's (the record's Event) */
	srec *next;
};

struct server {
	struct event_base *base;
	server_opts opt;
	char state[PATH_MAX];
	char key[NET_KEY_HEX + 1];
	struct evconnlistener *lis[SERVER_LISTEN_MAX * 4];
	int lis_tcp[SERVER_LISTEN_MAX * 4];
	int nlis;
	char unix_paths[SERVER_LISTEN_MAX][108];
	int nunix;
	conn *conns;
	int nconns;
	unsigned long next_id;
	conn *reap;
	struct event *reaper;
	struct event *lobby;        /* tells the lobbies, once a second at most */
	struct lobby_seen *seen;    /* what they were told (server_lobby.c's) */
	conn **flushq;              /* connections with held output */
	int nflush, capflush;
	int stop;                   /* a signal came */
	store *store;
	sgame *games;
	int ngames;
	int max_clients;
	struct door_ids *door;  /* server_door.c's */
	struct ratings *ratings;    /* server_rating.c's */
	struct players *players;    /* server_players.c's */
	struct owners *owners;      /* server_owners.c's */
	struct challenges *challenges;   /* server_bot.c's, or NULL */
	int linger_s;               /* alone this long, it stops (0: never) */
	struct event *linger;       /* server_linger.c's timer, or NULL */
	struct computers *computers;   /* server_computer.c's, or NULL */
	struct matches *matches;    /* server_computer_match.c's, or NULL */
	struct seek *seeks;         /* server_seek.c's: who looks for a game */
	struct arenas *arenas;      /* server_arena*.c's */
	struct schedule *schedule;  /* server_arena.c's: --arena-schedule */
};

int server_main(const server_opts *opt);

/* server_conn.c */
__attribute__((format(printf, 1, 2)))
void server_log(const char *fmt, ...);
/* Milliseconds of the server's own time: monotonic, less the gaps in
 * which the loop did not run (longer than SERVER_STALL_MS between two
 * readings, while the loop's tick reads it every SERVER_TICK_MS). */
#define SERVER_TICK_MS 500
#define SERVER_STALL_MS 2000
int64_t server_now_ms(void);
/* A token bucket of burst tokens refilled at per_s a second: may one more
 * thing be done now (1, a token taken), or not (0)? */
int server_bucket(double *tokens, int64_t *since_ms, double per_s, double burst);
__attribute__((format(printf, 2, 3)))
void conn_send(conn *c, const char *fmt, ...);
void conn_close_after(conn *c);   /* after what was sent is written */
void conn_drop(conn *c);          /* now (freed later, by the reaper) */
void conn_authed(conn *c);        /* its name is known: the idle timeout */
void conn_timeouts(conn *c, int seconds);   /* reading; writing is WRITE_S */
/* The lists of games or players changed: within LOBBY_MS, every
 * connection that asked `lobby' and is in no game is told `changed'. */
void conn_lobby_changed(server *s);
/* What the turn held for c goes to its socket (server.c's flush, once the
 * turn's journal entries are durable). */
void conn_release(conn *c);

/* server_cmds.c: the table of the commands.  One line: the command's
 * count of words and the login checked, then its handler called. */
void cmd_dispatch(conn *c, char *line);
/* "error bad-argument use: USAGE", the usage of cmd's row in the table:
 * for a handler that finds its words wrong. */
void cmd_refuse(conn *c, const char *cmd);
/* "error disk-full ..." (ENOSPC, EDQUOT) or "error disk-error ..." from
 * errno: for a change the disk could not keep, so nothing changed. */
void conn_refuse_write(conn *c);
/* The handlers: w[0] is the command, w[1..n-1] its words, as many as its
 * row in server_cmds.c allows; chat's w[1], when there, is the rest of
 * the line.  Each answers with one line (nonaga(6), ONLINE). */
typedef void cmd_fn(conn *c, char **w, int n);
cmd_fn cmd_quit, cmd_login, cmd_ping, cmd_lobby, cmd_who, cmd_games, cmd_mine,
       cmd_host, cmd_join, cmd_watch, cmd_leave, cmd_move, cmd_resign, cmd_draw,
       cmd_takeback, cmd_claim;   /* server_cmd.c */
cmd_fn cmd_chat;                  /* server_chat.c */
cmd_fn cmd_as, cmd_code;          /* server_door.c */
cmd_fn cmd_ratings;               /* server_rating.c */
int ratings_games(server *s, const char *name);   /* rated games name played */
cmd_fn cmd_settings, cmd_ignore, cmd_unignore;   /* server_players.c */

/* server_game.c */
sgame *game_find(server *s, const char *name);
/* min+inc minutes and seconds, or days a move (then min and inc are 0);
 * all 0: no clock. */
sgame *game_new(server *s, const char *name, ng_rules rules, int min, int inc, int days);
/* server_clock.c: a clock as the protocol and the records write it: "M+I" (minutes 1-180,
 * seconds 0-180), "Dd" (days a move, 1-NET_DAYS_MAX) or "none" (all 0).
 * Parse: 0, or -1 (nothing set). */
int game_parse_clock(const char *s, int *min, int *inc, int *days);
/* What a seek or a challenge asks for: w[at] a clock ("none" too), then
 * any of standard|simple and rated|casual: 0, or -1 (a word wrong). */
typedef struct game_terms {
	int min, inc, days, casual;
	ng_rules rules;
} game_terms;
int game_parse_terms(char **w, int n, int at, game_terms *t);
void game_clock_word(int min, int inc, int days, char *buf, size_t size);
void game_free(sgame *g);
/* Out of the list of games (its name is free again); a finished game
 * lives on for those still in it, and is freed when the last leaves. */
void game_unlist(sgame *g);
int game_members(const sgame *g);
void game_sync(sgame *g, conn *c);
/* To everyone in the game but except (which may be NULL). */
__attribute__((format(printf, 3, 4)))
void game_broadcast(sgame *g, conn *except, const char *fmt, ...);
int game_sit(sgame *g, conn *c, int side);
void game_watch(sgame *g, conn *c);
void game_leave(conn *c);
/* May c play text now?  NULL with the move in *m, or an error code for
 * "error CODE WHY".  (A clock found run out ends the game.) */
const char *game_check(sgame *g, conn *c, const char *text, ng_move *m,
                       char *why, size_t size);
/* Play a move game_check allowed, and tell everyone. */
void game_apply(sgame *g, ng_move m);
/* A computer match's opening move, no clock charged: 0, or -1. */
int game_opening_move(sgame *g, ng_move m);
/* Take moves back to the last position where side was to move; -1 when
 * there is none. */
int game_takeback(sgame *g, int side);
void game_end(sgame *g, ng_result r, const char *how);
/* Nobody came: the challenge is taken back, everyone in it told, and the
 * game forgotten and freed. */
void game_cancel(sgame *g, const char *why);
/* An open challenge whose host is away is cancelled after the grace
 * period: start counting (after a leave, or a restart of the server). */
void game_expire_later(sgame *g);
void game_start_clock(sgame *g);
int64_t game_left(const sgame *g, int side);
int game_grace(const sgame *g);
const char *side_word(int side);
const char *result_word(ng_result r);

/* Restore a game the store kept: its clocks and its timers start. */
sgame *game_restore(server *s, srec *r);

/* server_dir.c: the state directory dir (made, 0700) if it is ours;
 * the key at path, read or made (0600). */
int state_own_dir(const char *dir, char *msg, size_t size);
/* One server to a state directory: an exclusive flock on dir/lock (made
 * 0600 if missing; its pid written in it), held while the descriptor it
 * returns is open.  -1 with msg: "another server (pid N) uses DIR", or
 * why the lock cannot be taken. */
int state_lock(const char *dir, char *msg, size_t size);
int state_key(server *s, const char *path, char *msg, size_t size);
/* (the files in it are written by durable.h's durable_write) */

/* server_lobby.c: the lobbies told of changes (lobby_timer_new: the
 * timer conn_lobby_changed sets, which server.c frees; lobby_free: what
 * they were told); a game's `games' line and a connection's `who' line;
 * is an invitation to c hidden from c (from a player c ignores)? */
struct event *lobby_timer_new(server *s);
void lobby_free(server *s);
void lobby_game_line(server *s, const sgame *g, char *out, size_t size);
void lobby_user_line(const conn *o, char *out, size_t size);
int lobby_hidden(const conn *c, const char *invited, const char *red, const char *blue);


/* server_names.c: arrays of records sorted by the player name that each
 * record starts with (the ratings, the players' table). */
void *names_find(const void *v, int n, size_t size, const char *name);
void *names_add(void **v, int *n, int *cap, size_t size, const char *name);
/* The level N of a computer player's name ("computer-N", in any case),
 * or 0 (a player's). */
int names_computer(const char *name);

/* server_players.c: each player's settings and ignore list, kept in the
 * state directory's file `players'. */
int players_load(server *s, char *msg, size_t size);
void players_free(server *s);
/* Does c's player ignore the player name (chat, invitations)? */
int conn_ignores(const conn *c, const char *name);

/* Is name's player a bot (server_bot.c)?  Make it one, for good: 0, or
 * -1 (the disk refused; nothing changed). */
int players_bot(server *s, const char *name);
int players_set_bot(server *s, const char *name);

/* server_bot.c: bots and challenges (nonaga(6), ONLINE).  A player's
 * kind as `who', `games' and `ratings' give it: "computer", "bot",
 * "human", or "-" for an empty seat (""). */
const char *player_kind(server *s, const char *name);
void cmd_bot(conn *c, char **w, int n);
void cmd_challenge(conn *c, char **w, int n);
void cmd_accept(conn *c, char **w, int n);
void cmd_decline(conn *c, char **w, int n);
/* c is closing: its challenges end, and those to its player when it was
 * the player's last connection (the challengers told). */
void challenges_gone(conn *c);
void challenges_free(server *s);

/* server_linger.c: a private server stops when alone (no clients, no
 * game in play) for a while.  init before the listeners open: 0, or -1
 * with msg (a bad NONAGA_LINGER); check after every turn of the loop. */
int linger_init(server *s, char *msg, size_t size);
void linger_check(server *s);
void linger_free(server *s);

/* server_door.c */
int door_load(server *s, char *msg, size_t size);
void door_free(server *s);

/* server_owners.c: who owns each name (the state directory's file
 * `names'): a login by its uid, the TCP players together, a door player
 * by its key (told by server_door.c, which keeps them). */
int owners_load(server *s, char *msg, size_t size);
void owners_free(server *s);
/* May the account uid use its login?  0 (kept as its own when new), or
 * -1 with why (for "error login-refused", logged). */
int owners_login(server *s, const char *login, unsigned long uid, char *why, size_t size);
/* The name a TCP client that gave name plays under, into out: name, or
 * NAME.tcp when name is another's (spelt as first used).  0, -1 (both
 * another's), or -2 (it cannot be kept now). */
int owners_tcp(server *s, const char *name, char *out, size_t size);
/* The names first used this turn into `names', durably (server.c's
 * flush, before what the turn sent is released): 0, or -1 (logged; they
 * are written again at the next turn, and the answers wait). */
int owners_commit(server *s);
/* Why name (in either case) is not for a new door player (another's, or
 * marked as the TCP players': NAME.tcp), or NULL. */
const char *owners_taken(server *s, const char *name);
/* The door's player fpr owns name (not kept in `names'): 1, 0 (it did,
 * by another key), or -1 (no memory); 1 is taken back by owners_door_undo. */
int owners_door(server *s, const char *name, const char *fpr);
void owners_door_undo(server *s, const char *name);

/* A snapshot file (ratings, arenas, players) read with lines that
 * were skipped: its bytes kept beside it (durable_keep) before the next
 * snapshot replaces it, and the log says where (server_damage.c). */
void damage_keep_snapshot(const char *path, int bad);

/* server_rating.c: the players' ratings.  The store loads the snapshot
 * (the state directory's file `ratings') before it replays the journal,
 * saves it when it compacts, and frees it when it closes. */
int ratings_load(server *s, char *msg, size_t size);
void ratings_free(server *s);
unsigned long long ratings_seq(server *s);   /* the entry the snapshot holds */
int ratings_save(server *s, unsigned long long seq);
/* A game over: rate it if it counts (two different players, at least two
 * moves each), setting g->rated, before and after; the table changes
 * only when the end's journal entry, which carries the ratings after
 * (ratings_entry_word), is applied (ratings_count, entry seq). */
void ratings_game(sgame *g);
/* Where name's first rated game, against opponent, starts it (above). */
rating ratings_start(const char *name, const char *opponent);
void ratings_entry_word(const sgame *g, int side, char *out, size_t size);
int ratings_count(server *s, unsigned long long seq, const char *word);
/* "R/RD" rounded, as `games' gives it; "-" for an empty seat ("") or a
 * player not rated yet. */
void ratings_word(server *s, const char *name, char *out, size_t size);   /* "rating NAME R RD GAMES" lines, then "ok N" */


/* server_record.c: a game's copy as a record (malloc'ed text, or NULL)
 * and a parsed record's keys into a copy; finished/'s name of a game
 * over (DATE-ID-NAME.rec); an offer's side as a word ("red", "blue",
 * "-") and back (*side NG_RED/NG_BLUE + 1, or 0: 0, or -1); a key's
 * number (0 when missing). */
char *record_text(const srec *r);
void record_fill(srec *r, const ng_record_info *info);
void record_finished_name(const srec *r, char *name, size_t size);
const char *record_offer_word(int side);
int record_offer_from(int *side, const char *word);
unsigned long long record_number(const ng_record_info *info, const char *key);

/* server_store.c: the state directory named (--state, or the default),
 * made and locked (state_lock) before anything in it is touched; then
 * opening reads the records and replays the journal over them (a torn
 * last entry is reported and dropped), locking first if store_lock was
 * not called.  -1 with msg, the line that says why. */
int store_lock(server *s, char *msg, size_t size);
int store_open(server *s, char *msg, size_t size);
srec *store_games(server *s);     /* what it holds, for game_restore */
/* Journal entries for what happened to g (store_seat makes the game's
 * entry first when the store does not hold it yet). */
void store_seat(sgame *g, int side);
void store_move(sgame *g);
void store_undo(sgame *g);
void store_offers(sgame *g);
void store_clock(sgame *g, int64_t red, int64_t blue);
void store_end(sgame *g);         /* filed in finished/ at the commit */
void store_forget(sgame *g);      /* a cancelled challenge */
/* May a change be made now, one whose entries the journal must keep?
 * 0, or -1 with errno (ENOSPC: the disk has no room for it; another
 * error: the journal's last batch could not be written): then the
 * change must not be made. */
int store_room(server *s);
/* The end of a turn of the loop: the turn's entries written and synced
 * (--sync), games over filed, the journal compacted when it is due: 0.
 * 1: the entries could not be written; they wait, and the turn's answers
 * must wait with them, for a later call that writes them.  -1: an entry
 * was lost (out of memory): the server cannot go on. */
int store_commit(server *s);
unsigned long store_syncs(server *s);
unsigned long store_entries(server *s);
void store_close(server *s);

#include "server_computer.h"

#endif
