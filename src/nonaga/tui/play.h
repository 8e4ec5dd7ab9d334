/*
 * play.h - what play.c (one game on the screen) shares with play_online.c
 * (the same game played online).  Not for other modules: they use ui.h.
 */
#ifndef NONAGA_PLAY_H
#define NONAGA_PLAY_H

#include "ui.h"
#include "savefile.h"
#include "turn.h"
#include <limits.h>

typedef struct netplay netplay;
typedef struct pzrun pzrun;

/* PH_TURN: the player chooses the turn (p->t); PH_AI: the other side (the
 * computer, or online the opponent) is to move; PH_OVER: the game is
 * over; PH_VIEW: a replay */
typedef enum { PH_TURN, PH_AI, PH_OVER, PH_VIEW } phase;
enum { ASK_NONE, ASK_QUIT, ASK_NEW, ASK_MENU, ASK_RESIGN, ASK_LEAVE };
#define AI_MIN_SHOW_MS 400

typedef struct play {
	const options *opt;
	lineup who;           /* MODE_AI: who.human is the side drawn */
	int draw_side;        /* MODE_AI: draw the sides for each new game */
	ng_game *g;
	save_info si;         /* the game's mode, sides, level and date */
	char dir[PATH_MAX];   /* the state directory, "" when there is none */
	int slot;             /* the save slot the game is saved in (saveslot.h) */
	const char *replay;   /* PH_VIEW: the record's file */
	const ng_record_info *rinfo;  /* PH_VIEW: its header */
	const struct an_move *an;     /* PH_VIEW: the coach's judgement of
	                               * each move of the line (analysis.h,
	                               * key a), or NULL */
	int archived;         /* the game's end is kept as a record */
	ai *ai;
	ai *hint_ai;          /* the hint's search (key t) when there is no ai,
	                       * made when first asked */
	int hinting;          /* it runs */
	int hinted;           /* hint is shown (play_enter_turn drops it) */
	ng_move hint;
	netplay *np;          /* an online game (play_online.c), or NULL */
	pzrun *pz;            /* a puzzle (play_puzzle.c), or NULL */
	int ai_failed;        /* the search failed: do not start it again */
	long long ai_since;   /* when the search started (ms) */
	phase ph;
	turn t;               /* PH_TURN: what is chosen so far (turn.h); its
	                       * slide is also set while a move is shown */
	ng_cell cur;          /* the cursor */
	int want_u;           /* column kept by up and down */
	char msg[512];
	int msg_role;
	int msg_refusal;      /* msg says why a choice was refused: it goes
	                       * when the cursor moves on */
	int ask;
	layout L;
	int relayout;
	boardview bv;
	/* what an animation shows on top of the position */
	int a_tok, a_side;
	ng_cell a_tok_from, a_tok_at;
	int a_disc, a_num, a_den;
	ng_cell a_disc_from, a_disc_to;
	int a_pulse;          /* the winning three highlighted */
} play;


static inline const ng_pos *cur_pos(const play *p) { return ng_game_pos(p->g); }
static inline int to_move(const play *p) { return ng_pos_side(cur_pos(p)); }

/* play.c */
int play_human_turn(const play *p);
int play_choosing(const play *p);
int play_has_own_move(const play *p);
void play_render(play *p);

/* play_view.c: the board's cells, the cursor, frames */
void play_build_view(play *p);
/* The cursor to the choice nearest (u, v) in layout units, or the cursor */
void play_cursor_near(play *p, double u, double v);
void play_cursor_near_cursor(play *p);
int play_animating(const play *p);
void play_animate_slide(play *p, int side, ng_cell from, ng_cell to);
void play_animate_reloc(play *p, ng_cell from, ng_cell to);
void play_animate_win(play *p);

/* play_text.c: the panel's lines of a game or a replay */
void play_fill_panel(const play *p, panel_text *t);
/* "1. slide a token" or "2. relocate a disc", for the turn's step */
const char *play_step_name(const play *p);

/* play_save.c */
/* The state directory into p->dir; 0 when there is none (said). */
int play_state_dir(play *p);
void play_autosave(play *p);
void play_export(play *p);

/* play.c, for play_online.c */
__attribute__((format(printf, 3, 4)))
void play_say(play *p, int role, const char *fmt, ...);
void play_enter_turn(play *p);
/* Show a move being played (animated unless quiet) and play it; 0, or an
 * error (the move is not legal here). */
ng_err play_show_move(play *p, ng_move m, int quiet);
const char *play_side_name(int side);
void play_ask(play *p, int what);

/* play_online.c, for play.c */
struct online;
netplay *netplay_new(struct online *on);
void netplay_free(netplay *np);
/* Read the server's news and act on it; returns a PLAY_ result to leave
 * the game with, or -1 to go on. */
int netplay_poll(play *p);
/* A key that online play handles itself (chat, draw, resign, claim,
 * take back); 1 if it did. */
int netplay_key(play *p, const event *ev);
/* The player's whole turn was chosen: send it. */
void netplay_sent(play *p, ng_move m);
/* The answer to a question (ASK_RESIGN, ASK_LEAVE) was yes. */
int netplay_yes(play *p, int what);
/* Make the panel's lines (filled in as for a local game) those of an
 * online game: header, turn, hint, keys. */
void netplay_panel(const play *p, panel_text *t);
/* Both seats are taken and the game is on: the player may move. */
int netplay_ready(const play *p);
/* Milliseconds the input may wait before the loop looks at the server. */
int netplay_wait_ms(const play *p);
/* The player's own moves can be taken back: ask the opponent. */
void netplay_undo(play *p);

/* play_puzzle.c, for play.c */
/* Set the puzzle up on the board. */
void puzzle_show(play *p);
/* The player's move was played: judge it, answer, enter what follows. */
void puzzle_moved(play *p);
/* Hints (play_hint.c).  The searcher that looks for them: the computer
 * opponent's, or the hint's own (NULL before the first hint). */
ai *play_hint_searcher(const play *p);
/* t: look for a hint in the background (or say why not). */
void play_ask_hint(play *p);
/* The hint found (or why not): marked, said, the cursor on it. */
void play_show_hint(play *p, ng_move m, ng_err e);
/* The position changed: the hint's search stops and its marks go. */
void play_drop_hint(play *p);

/* The player took a hint: this try no longer counts as solving it. */
void puzzle_hinted(play *p);
/* A key the puzzle screen handles itself (next, previous, retry); 1 if
 * it did. */
int puzzle_key(play *p, const event *ev);
/* The panel's lines of a puzzle, over those of a game. */
void puzzle_panel(const play *p, panel_text *t);

/* play.c, for play_puzzle.c: the puzzles on the screen, from r->i, with a
 * message to show first (or NULL): PLAY_QUIT or PLAY_MENU. */
int play_puzzle(const options *opt, pzrun *r, const char *note);

#endif
