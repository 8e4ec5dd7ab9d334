/* lobby_seek.h - the lobby's Play now and its choosers (lobby_seek.c). */
#ifndef NONAGA_LOBBY_SEEK_H
#define NONAGA_LOBBY_SEEK_H

#include <stddef.h>
#include "game_options.h"
#include "client_proto.h"

#define LOBBY_PEOPLE 200

/* Those online, each once, by name, with their kinds: 'c' a computer
 * player, 'b' a bot, 'h' a human (kind= of `who'). */
typedef struct lobby_people {
	char name[LOBBY_PEOPLE][NET_NAME_MAX + 1];
	char kind[LOBBY_PEOPLE];
	int n;
} lobby_people;

/* A clock as players read it: "3+2", "1 day a move", "no clock". */
void lobby_clock_words(const char *clock, char *out, size_t size);
/* What follows a name of that kind: " (computer)", " (bot)" or "". */
const char *lobby_kind_tag(char kind);
/* A name as the lobby shows it: "computer-7 · level 7 · about 1740" for a
 * computer player (its level's rating when measured), else the name and
 * its kind's tag. */
void lobby_name_shown(const char *name, char kind, char *out, size_t size);
/* The words of a challenge told (OE_CHALLENGED): who, the clock, the
 * rules, and the keys that answer it in the lobby. */
void lobby_challenge_text(const online_ev *ev, char *out, size_t size);
/* Choose a clock (the one chosen last first, then 1+0, 3+2, 5+3, 10+5,
 * 1d) into clock (of size bytes), which holds the last one; 0 when given
 * up. */
int lobby_clock(char *clock, size_t size, const char *title, const char *question);
/* Choose one of those online but me into who: 1; 2 for the last item,
 * typed (when not NULL); 0 when given up. */
int lobby_choose_player(const lobby_people *ppl, const char *me, const char *title,
                        const char *question, const char *typed, char *who, size_t size);

/* Choose Play now's rules and whether the game is rated (the last chosen
 * first, kept: online_seek_terms, ui.h); 0 when given up. */
int lobby_terms(const char *title);

enum { LW_PAIRED, LW_GONE, LW_LOST, LW_QUIT };
/* Seek a game of that clock, and of the rules and rating lobby_terms
 * chose, and wait, counting the seconds: LW_PAIRED
 * (the game's sync follows, still unread), LW_GONE (Esc, or the server
 * refused: msg says), LW_LOST (the connection), LW_QUIT (q, a signal). */
int lobby_seek(online *on, const char *clock, char *msg, size_t size);
/* What the server told while a pairing is awaited, read: LW_PAIRED (the
 * game's sync follows, unread), LW_GONE (an error answering cmd, or any
 * error when cmd < 0: msg says), LW_LOST, or -1 (nothing yet). */
int lobby_pairing_news(online *on, int cmd, char *msg, size_t size);
/* The server's ratings table on a page; msg says why not. */
void lobby_ratings(const options *opt, char *msg, size_t size);

#endif
