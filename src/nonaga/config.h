/* config.h - the title menu's settings kept between runs (config.c). */
#ifndef NONAGA_CONFIG_H
#define NONAGA_CONFIG_H

#include <stddef.h>
#include "cli.h"

typedef struct config {
	lineup who;          /* level, human (-1 for random) and rules; no mode */
	char lang[32];       /* a catalog's code, "" for the system default */
	char server[300];    /* the online server's address, "" for none */
	int have_level, have_side, have_rules, have_lang;
} config;

/* Read the settings into *c (the have_ flags tell which were there).  0,
 * also when there is no file; -1 for a file that is not ours (nothing
 * taken from it; msg, of size bytes, says which line). */
int config_load(config *c, char *msg, size_t size);
/* Write all the settings; 0, or -1 with msg said. */
int config_save(const config *c, char *msg, size_t size);

#endif
