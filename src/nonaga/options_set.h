/*
 * options_set.h - what options.c's table and the setters of its options
 * (options_set.c) share: the options' numbers and what a setter is.
 * Private to those two files.
 */
#ifndef NONAGA_OPTIONS_SET_H
#define NONAGA_OPTIONS_SET_H

#include "options.h"

/* What an option sets: GO_ON, or the exit status (a mistake told). */
#define GO_ON (-1)
typedef int setter(cmdline *c, int id, const char *arg);

enum { O_PVP, O_AI, O_THREADS, O_AS, O_RULES, O_ASCII, O_COLOR, O_NOANIM,
       O_WARN, O_ENGINE, O_SERVE, O_LISTEN, O_STATE, O_GRACE, O_MAX_CLIENTS, O_MAX_GAMES,
       O_IDLE, O_SYNC, O_CLIENT, O_SERVER, O_KEY_FILE, O_HOST, O_JOIN, O_WATCH,
       O_CLOCK, O_LANG, O_WIDE, O_RESUME, O_REPLAY, O_ANALYZE,
       O_ANALYZE_DEPTH, O_ANALYZE_OUT, O_LIST, O_FOR, O_GATEWAY, O_DOOR_PER_ADDR,
       O_COMPUTERS, O_COMPUTER_JOBS, O_PAIR_WAIT, O_COMPUTER_MATCHES, O_MATCH_CLOCK, O_ARENA_SCHEDULE, O_DOOR,
       O_DOOR_KEYS,
       O_RATINGS, O_BOT, O_ENGINE_CMD, O_LEVEL, O_GAMES, O_HELP, O_VERSION, O_COUNT };


/* A bad option argument: the message (a format), then the usual hint;
 * the exit status 2. */
__attribute__((format(printf, 1, 2)))
int options_bad(const char *fmt, ...);
/* A number in [lo, hi]: 1 and *v, else 0. */
int options_number(const char *arg, long lo, long hi, long *v);
/* --lang's value as a locale's language ("ja", "en"), or NULL. */
const char *options_lang(const char *arg);

setter set_pvp, set_ai, set_threads, set_as, set_rules, set_auto_always_never, set_flag, set_game, set_clock, set_for, set_server, set_key_file, set_listen, set_state, set_gateway, set_door_type, set_server_number, set_computers, set_arena_schedule, set_sync, set_lang, set_file, set_analyze_depth, set_bot;

#endif
