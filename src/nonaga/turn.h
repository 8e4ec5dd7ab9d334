/*
 * turn.h - one player's turn, chosen step by step; no curses.  The local
 * game (play.c), the online game (play_online.c) and test/turn_test.c drive
 * the same code.
 *
 * A turn has four steps; each choice moves it on:
 *   TS_SLIDE     choose one of your tokens that can move
 *   TS_SLIDE_TO  choose where it slides (the slide is then chosen, not
 *                played: turn_back in the next step takes it back)
 *   TS_TAKE      choose a disc to take
 *   TS_PLACE     choose where it goes; the whole move is chosen
 * A step that is impossible is skipped, and a winning slide ends the turn.
 * The functions say what happened (turn_result) and leave showing it
 * (messages, animation, the cursor) and playing the move to the caller.
 */
#ifndef NONAGA_TURN_H
#define NONAGA_TURN_H

#include "nonaga.h"

typedef enum turn_step {
	TS_SLIDE, TS_SLIDE_TO, TS_TAKE, TS_PLACE,
	TS_DONE     /* the whole move is chosen (turn_result.move) */
} turn_step;

typedef struct turn {
	turn_step step;
	int slid;        /* the slide sf>st is chosen */
	int no_slide;    /* no token could move this turn */
	ng_cell sf, st;  /* the slide: token and where it goes */
	ng_cell rf, rt;  /* the disc taken and where it goes */
} turn;

typedef enum turn_what {
	TURN_REFUSED,    /* nothing changed: why (and owner) say why */
	TURN_STEP,       /* on to the next step, or another piece chosen */
	TURN_BACK,       /* the chosen piece chosen again: back one step */
	TURN_SLID,       /* the slide sf>st is chosen; a disc is next */
	TURN_MOVE        /* the whole move is chosen: move */
} turn_what;

typedef struct turn_result {
	turn_what what;
	ng_err why;      /* TURN_REFUSED: the engine's reason */
	int owner;       /* TURN_REFUSED on the other side's token: its side;
	                  * else -1 */
	int slide;       /* this choice chose the slide sf>st (to be shown) */
	int reloc;       /* this choice chose the relocation rf>rt */
	ng_move move;    /* TURN_MOVE */
} turn_result;

/* The largest number of choices a step can have (places for a disc). */
#define TURN_MAX_CHOICES NG_MAX_PLACES

/* Begin the turn of the side to move in a position that is not over:
 * TURN_STEP (at TS_SLIDE, or at TS_TAKE with no_slide set when no token
 * can move), or TURN_MOVE when no token can move and no disc can be
 * relocated (the turn passes). */
turn_result turn_begin(turn *t, const ng_pos *ps);
/* Choose cell c in the current step (Enter or a click on it). */
turn_result turn_choose(turn *t, const ng_pos *ps, ng_cell c);
/* Esc: back one step.  1 with the cell the cursor goes back to in *at,
 * or 0 when there is nothing to go back to. */
int turn_back(turn *t, ng_cell *at);
/* The cells turn_choose accepts in this step as a next step, a slide or
 * a move (not the chosen piece itself): how many, at most max
 * (TURN_MAX_CHOICES is enough). */
int turn_choices(const turn *t, const ng_pos *ps, ng_cell *out, int max);
/* The piece chosen in this step (the token to slide, the disc to move):
 * 1 and the cell, or 0. */
int turn_chosen(const turn *t, ng_cell *c);
/* Is the turn waiting for a choice? */
int turn_choosing(const turn *t);

#endif
