/*
 * server_computer.h - the server's computer players (server_computer.c:
 * computer-N seated in games, their searches in worker threads) and the
 * seeks of `play now' (server_seek.c), which pair two players or, after
 * --pair-wait, a player and a computer.
 */
#ifndef NONAGA_SERVER_COMPUTER_H
#define NONAGA_SERVER_COMPUTER_H

/* server_computer.c.  init: the wake-up pipe and its event (the threads
 * start with the first search); 0, or -1 with msg.  resume: after the
 * games are restored, the computers take their seats back.  free: the
 * searches stopped, the threads joined (after the games are freed). */
int computers_init(server *s, char *msg, size_t size);
void computers_resume(server *s);
void computers_free(server *s);
/* The offered level (--computers) whose rating is nearest r, or 0. */
int computer_nearest(server *s, double r);
/* computer-LEVEL takes the seat side of g: 0, or -1 (no memory). */
int computer_sit(sgame *g, int side, int level);
/* `who' lines for the offered computers ("user computer-N GAME SIDE
 * kind=computer"); how many. */
int computers_who(conn *c);
/* computer-LEVEL's `who' line in out, if that level is offered: 1, or 0. */
int computers_line(server *s, int level, char *out, size_t size);

/* server_computer_match.c: --computer-matches, the computers playing
 * each other.  init: its timer (nothing when N is 0): 0, or -1 with msg;
 * free: the timer (the games are the server's). */
int matches_init(server *s, char *msg, size_t size);
void matches_free(server *s);

/* server_cmd.c: the games not over in which name has a seat */
int games_open(const server *s, const char *name);

/* server_seek.c.  pair_sit: c is told `paired GAME SIDE OPPONENT TOKEN'
 * and takes that seat of g (seek's pairing, challenge's accept): 0, or
 * -1 (told why). */
int pair_sit(conn *c, sgame *g, int side, const char *opponent);
void cmd_seek(conn *c, char **w, int n);
void cmd_unseek(conn *c, char **w, int n);
void seek_gone(conn *c);               /* its connection closes */
/* A player's rating (1500 when not rated yet). */
double seek_rating(server *s, const char *name);
/* A game of the server's own naming (play-N) for two seats: NULL when
 * none can be made (why told to c). */
sgame *seek_game(conn *c, ng_rules rules, int min, int inc, int days);

#endif
