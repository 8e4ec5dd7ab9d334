/*
 * game_options.h - what the game on the terminal is run with (tui_main,
 * door_main): the lineup and the options of the command line that are
 * the game's (options.c fills them), the remembered settings (config.h)
 * filling what the command line leaves open.
 */
#ifndef NONAGA_GAME_OPTIONS_H
#define NONAGA_GAME_OPTIONS_H

#include "lineup.h"

typedef enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color_mode;
/* --warn: tell the player when the opponent can win with its next slide;
 * auto: against the computer at levels 1 to 3 */
typedef enum { WARN_AUTO, WARN_ALWAYS, WARN_NEVER } warn_mode;

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

#endif
