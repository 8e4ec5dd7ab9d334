/*
 * options.h - nonaga's command line: one table of the options, the modes
 * each belongs to, what each refuses and what --help says of it, that
 * builds getopt_long's list and --help and checks the combinations
 * (options.c).
 */
#ifndef NONAGA_OPTIONS_H
#define NONAGA_OPTIONS_H

#include "game_options.h"
#include "mains.h"
#include "client_connect.h"
#include "server.h"

/* What the command line asks the program to do. */
typedef enum run_mode {
	RUN_TUI,       /* the game on the screen (tui_main; menu, --pvp, --ai,
	                * --resume, --replay, --host, --join, --watch) */
	RUN_ENGINE,    /* --engine */
	RUN_SERVE,     /* --serve */
	RUN_CLIENT,    /* --client */
	RUN_ANALYZE,   /* --analyze FILE */
	RUN_LIST,      /* --list */
	RUN_RATINGS,   /* --ratings */
	RUN_BOT,       /* --bot: an engine as a player (cli_bot.c) */
	RUN_DOOR,      /* --door: the game of an SSH account (cli_door.c) */
	RUN_DOOR_KEYS, /* --door-keys TYPE KEY: sshd's AuthorizedKeysCommand */
	RUN_EXIT       /* nothing more: exit with cmdline.status (--help,
	                * --version, or a command line refused) */
} run_mode;

typedef struct cmdline {
	options opt;             /* RUN_TUI's (and --lang, --threads ...) */
	server_opts so;          /* RUN_SERVE's */
	netclient_opts co;       /* RUN_CLIENT's, RUN_LIST's, RUN_RATINGS', RUN_BOT's */
	bot_opts bot;            /* RUN_BOT's */
	const char *analyze, *analyze_out;   /* RUN_ANALYZE's */
	int analyze_depth;       /* 0: AN_DEPTH_DEFAULT */
	const char *door_type, *door_key;   /* RUN_DOOR_KEYS's */
	int status;              /* RUN_EXIT: the exit status */
} cmdline;

/* The --lang option, looked for before anything is said, so that even
 * errors about earlier options come in that language.  The last valid one
 * counts ("ja" or "en"), NULL when none; invalid ones are reported by
 * cmdline_parse. */
const char *cmdline_lang(int argc, char **argv);

/* Parse the command line into c (lang: cmdline_lang's) and check that its
 * options go together; a mistake is told on standard error (RUN_EXIT,
 * status 2), --help and --version are answered (RUN_EXIT, status 0, or 1
 * when standard output could not be written). */
run_mode cmdline_parse(cmdline *c, const char *lang, int argc, char **argv);

#endif
