/*
 * lineup.h - who plays what, and by which rules: one description for the
 * command line, the title menu, the settings file, a saved game and the
 * game on the screen.
 */
#ifndef NONAGA_LINEUP_H
#define NONAGA_LINEUP_H

#include "nonaga.h"
#include "kinds.h"

typedef struct lineup {
	start_mode mode;    /* the kind of opponent (kinds.h) */
	int human;          /* MODE_AI: the human's side, NG_RED or NG_BLUE, or
	                     * -1 to draw it when a game starts; MODE_ONLINE:
	                     * the player's seat, -1 when watching */
	int level;          /* MODE_AI: the computer's level */
	ng_rules rules;
} lineup;

#endif
