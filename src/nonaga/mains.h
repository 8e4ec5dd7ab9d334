/*
 * mains.h - the program's front ends, one a mode of the command line:
 * main.c calls the one its options choose (the SSH door, cli_door.c,
 * runs the game and the ratings in turn).  Each returns the exit status.
 */
#ifndef NONAGA_MAINS_H
#define NONAGA_MAINS_H

#include "game_options.h"

struct netclient_opts;
/* nonaga --bot (cli_bot.c) */
typedef struct bot_opts {
	const char *engine_cmd;   /* --engine-cmd CMD, or NULL: --level */
	int level;                /* --level N (default 5) */
	int games;                /* --games K: at once at most (default 1) */
} bot_opts;
int bot_main(const struct netclient_opts *o, const bot_opts *b);
/* nonaga --engine (cli_engine.c) */
int engine_main(void);
/* nonaga --client (cli_client.c) */
int client_line_main(const struct netclient_opts *o);
/* `nonaga --list' (cli_list.c): the exit status. */
int list_main(const struct netclient_opts *o);
/* `nonaga --ratings' (cli_ratings.c): the exit status. */
int ratings_main(const struct netclient_opts *o, int say_none);
/* the game on the terminal (tui/tui.c) */
int tui_main(const options *opt);
/* nonaga --analyze FILE [--analyze-depth N] [--analyze-out FILE]
 * (cli_analyze.c) */
int analyze_main(const char *path, int depth, const char *out);
/* nonaga --door, with the options given (cli_door.c) */
int door_main(options *opt);
/* nonaga --door-keys TYPE KEY (cli_door.c) */
int door_keys_main(const char *type, const char *key);

#endif
