/* config.h - the title menu's settings kept between runs (config.c). */
#ifndef NONAGA_CONFIG_H
#define NONAGA_CONFIG_H

#include <stddef.h>
#include "lineup.h"

typedef struct config {
	lineup who;          /* level, human (-1 for random) and rules; no mode */
	char lang[32];       /* a catalog's code, "" for the system default */
	char server[300];    /* the online server's address, "" for none */
	char clock[16];      /* the lobby's Play now clock last chosen, or "" */
	ng_rules seek_rules; /* Play now's rules and */
	int seek_casual;     /* rated (0) or casual (1), last chosen */
	int have_level, have_side, have_rules, have_lang, have_clock;
	int have_seek_rules, have_seek_rated;
} config;

/* Read the settings into *c (the have_ flags tell which were there).  0,
 * also when there is no file; -1 for a file that is not ours (nothing
 * taken from it; msg, of size bytes, says which line). */
int config_load(config *c, char *msg, size_t size);
/* Write all the settings; 0, or -1 with msg said. */
int config_save(const config *c, char *msg, size_t size);

/* Is key=value a setting as the file may hold it (1) or not (0)?  No
 * control character passes. */
int config_check(const char *key, const char *value);
/* The settings as KEY=VALUE words into out, each followed by sep (a space
 * only between them): all of them, or only those the have_ flags tell. */
void config_words(const config *c, int all, char sep, char *out, size_t size);

#endif
