/*
 * bot_engine.h - an engine that speaks the engine protocol (nonaga(6),
 * ENGINE PROTOCOL) in a child process, for `nonaga --bot' (cli_bot.c),
 * read with the care the server gives its clients: nothing it says is
 * trusted.  One instance a game.
 */
#ifndef NONAGA_BOT_ENGINE_H
#define NONAGA_BOT_ENGINE_H

#include <stdint.h>
#include <sys/types.h>
#include "nonaga.h"

#define BOT_ENGINE_LINE_MAX 4096   /* a longer line is a fault */
#define BOT_ENGINE_WHY 160

typedef struct bot_engine {
	pid_t pid;              /* 0: not running */
	int to, from;           /* its standard input and output */
	char buf[BOT_ENGINE_LINE_MAX + 2];
	size_t len;
	int due;                /* answers still to come for the question */
	int lines, lines_max;   /* lines read for it, and how many may come */
	int in_answer;          /* inside an answer (its first line read) */
	char move[NG_MOVE_TEXT + 1];   /* the last answer's first line's text */
} bot_engine;

/* Start `sh -c cmd' (then, with level > 0, `set level LEVEL' is its
 * first question): 0, or -1 with why. */
int bot_engine_start(bot_engine *e, const char *cmd, int level, char *why, size_t size);
/* Kill it (its process group) and reap it. */
void bot_engine_stop(bot_engine *e);
/* Ask for the move of the side to move in g: the rules, every move, then
 * genmove with movetime ms.  0, or -1 with why (it does not read). */
int bot_engine_ask(bot_engine *e, const ng_game *g, int movetime_ms, char *why, size_t size);

enum { BOT_WAIT, BOT_MOVE, BOT_FAULT };
/* Read what it said, without waiting: BOT_WAIT (nothing final yet),
 * BOT_MOVE (a legal move of g's side to move in *m), or BOT_FAULT with
 * why (it ended, refused, answered an illegal move or flooded). */
int bot_engine_read(bot_engine *e, const ng_game *g, ng_move *m, char *why, size_t size);

#endif
