/* cli.h - what the parts of the nonaga program share. */
#ifndef NONAGA_CLI_H
#define NONAGA_CLI_H

#include <libintl.h>
#include "nonaga.h"

#define _(s) gettext(s)
#define N_(s) (s)

/* MODE_MENU: not chosen yet (the command line without --pvp or --ai);
 * MODE_ONLINE: a game played online, kept as a record */
typedef enum { MODE_MENU, MODE_PVP, MODE_AI, MODE_ONLINE } start_mode;
typedef enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color_mode;
/* --warn: tell the player when the opponent can win with its next slide;
 * auto: against the computer at levels 1 to 3 */
typedef enum { WARN_AUTO, WARN_ALWAYS, WARN_NEVER } warn_mode;

/*
 * Who plays what, and by which rules: one description for the command
 * line, the title menu, the settings file, a saved game and the game on
 * the screen.
 */
typedef struct lineup {
	start_mode mode;
	int human;          /* MODE_AI: the human's side, NG_RED or NG_BLUE, or
	                     * -1 to draw it when a game starts; MODE_ONLINE:
	                     * the player's seat, -1 when watching */
	int level;          /* MODE_AI: the computer's level */
	ng_rules rules;
} lineup;

typedef struct options {
	lineup who;         /* --pvp/--ai, --level, --side, --rules */
	int threads;        /* --threads: level 10's threads; 0: one a core */
	int ascii;          /* force ASCII drawing */
	color_mode color;
	int animation;
	const char *lang;   /* --lang, or NULL */
	int wide_ambiguous;
	int resume;         /* --resume: continue the saved game */
	const char *replay; /* --replay FILE, or NULL */
	/* given on the command line (beats the remembered settings) */
	int level_given, side_given, rules_given;
	warn_mode warn;
	/* online: --host, --join or --watch GAME (at most one), --clock,
	 * --server ADDR and --key-file FILE (also for the menu's Play online) */
	const char *host, *join, *watch;
	int clock_min, clock_inc;
	int clock_days;     /* --clock Nd: days a move (then clock_min is 0) */
	const char *invite; /* --for LOGIN: the only player who may join */
	const char *server, *key_file;
	/* the SSH door (cli_door.c): only online play, puzzles, the rules and
	 * the language; the player as the door says it to the server (see
	 * netclient_opts.as) */
	int door;
	const char *door_as;
} options;

/* nonaga --bot (cli_bot.c) */
typedef struct bot_opts {
	const char *engine_cmd;   /* --engine-cmd CMD, or NULL: --level */
	int level;                /* --level N (default 5) */
	int games;                /* --games K: at once at most (default 1) */
} bot_opts;

struct netclient_opts;
int bot_main(const struct netclient_opts *o, const bot_opts *b);
int engine_main(void);
int client_line_main(const struct netclient_opts *o);
/* `nonaga --list' (cli_list.c): the exit status. */
int list_main(const struct netclient_opts *o);
/* `nonaga --ratings' (cli_ratings.c): the exit status. */
int ratings_main(const struct netclient_opts *o, int say_none);
int tui_main(const options *opt);
/* nonaga --analyze FILE [--analyze-depth N] [--analyze-out FILE] */
int analyze_main(const char *path, int depth, const char *out);
/* nonaga --door, with the options given (cli_door.c) */
int door_main(options *opt);
/* nonaga --door-keys TYPE KEY */
int door_keys_main(const char *type, const char *key);

#endif
