/* lobby_computer.h - the lobby's Play the computer (lobby_computer.c). */
#ifndef NONAGA_LOBBY_COMPUTER_H
#define NONAGA_LOBBY_COMPUTER_H

#include <stddef.h>
#include "game_options.h"
#include "client_proto.h"

/* The server's computer players to choose from (with their levels and
 * ratings), then a clock (into clock, which holds the last one), then the
 * challenge: LW_PAIRED (the game's sync follows, still unread), LW_GONE
 * (given up, or refused: msg says), LW_LOST, LW_QUIT (lobby_seek.h). */
int lobby_computer(online *on, const options *opt, char *clock, size_t csize, char *msg,
                   size_t size);
/* The title menu asked the lobby to open Play the computer first
 * (lobby_computer_ask, ui.h): 1 once after it, else 0. */
int lobby_computer_asked(void);

#endif
