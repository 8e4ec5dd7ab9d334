/*
 * game_screen.h - the game screen's own header, for its files (play*.c)
 * only: other modules use ui.h.  It is the interface of all of them, not
 * of play.c alone: struct play and the other side's operations, then the
 * functions of each file under the file's name.
 *
 * The screen (play.c) shows one game and lets the player choose turns.
 * Whoever answers the player's moves is "the other side" (other_ops
 * below): the computer (play_computer.c), an online opponent
 * (play_online.c), a puzzle's referee (play_puzzle.c), or a replay
 * (play_replay.c) that only steps through a record.  A game of two
 * players at one keyboard has none.  play.c calls the other side only
 * through these operations and names no implementation; each keeps its
 * state in its own file, and acts on the screen only through play.c's
 * API below ("for the other side").
 *
 * The files, lowest first (none calls a file above it):
 *   play_base.c    the message line, whose turn it is
 *   play_text.c    the panel's lines of text
 *   play_view.c    the board's cells, drawing the screen, animations
 *   play_save.c    saving and exporting; play_hint.c the hint
 *   play.c         the turn, undo and redo, questions, the loop
 *   play_computer.c, play_online.c, play_puzzle.c, play_replay.c: the
 *   other sides and their screens' entry points; play_local.c a local game
 */
#ifndef NONAGA_GAME_SCREEN_H
#define NONAGA_GAME_SCREEN_H

#include "ui.h"
#include "savefile.h"
#include "turn.h"
#include <limits.h>

/* PH_TURN: the player chooses the turn (p->t); PH_THEIRS: the other side
 * is to move (the computer thinks, an online opponent or a watched game
 * is awaited); PH_OVER: the game is over; PH_VIEW: a replay */
typedef enum { PH_TURN, PH_THEIRS, PH_OVER, PH_VIEW } phase;
/* Questions (y/n): play.c's own, then the other side's (ASK_THEIRS and
 * above, answered by other_ops.answer). */
enum { ASK_NONE, ASK_QUIT, ASK_NEW, ASK_MENU, ASK_THEIRS };

typedef struct play play;

/* What the other side lets the player do (other_ops.allows). */
enum {
	OK_SAVE = 1,   /* the game is kept on disk after every turn */
	OK_ASK = 2,    /* leaving a game in progress asks first (else nothing
	                * is lost: q and m leave at once) */
	OK_WARN = 4    /* --warn auto warns of the opponent's winning slide */
};

/*
 * The other side of the board.  Every operation may be NULL: the
 * default is given with each.  self is the implementation's own state.
 */
typedef struct other_ops {
	/* The player may choose a move when it is their side's turn (NULL:
	 * always then). */
	int (*ready)(const play *p, void *self);
	/* The other side is to move (PH_THEIRS): start answering. */
	void (*their_turn)(play *p, void *self);
	/* The player's move m was played: 1 when the other side takes over
	 * what follows (it enters the next turn itself), 0 for the usual (the
	 * next turn, the save). */
	int (*moved)(play *p, void *self, ng_move m);
	/* Look for news (a move, which it plays with play_show_move): a
	 * PLAY_ result to leave the screen with, or -1; *wait_ms is lowered
	 * to how long the loop may wait for a key (-1: no limit). */
	int (*poll)(play *p, void *self, int *wait_ms);
	/* A socket the loop's wait watches too, so that news wakes it (NULL
	 * or -1: none). */
	int (*wait_fd)(const play *p, void *self);
	/* A key it handles itself: 1 if it did; *leave is then a PLAY_
	 * result to leave the screen with, or stays -1. */
	int (*key)(play *p, void *self, const event *ev, int *leave);
	/* OK_ bits (NULL: OK_SAVE | OK_ASK, as for two players). */
	int (*allows)(const play *p, void *self);
	/* u: take the player's moves back (NULL: the last move). */
	void (*undo)(play *p, void *self);
	/* The position is about to change under it (undo, redo, a new game,
	 * leaving): stop answering, and try afresh at its next turn. */
	void (*stop)(play *p, void *self);
	/* A new game begins: the side the player takes, or -1 to keep it;
	 * animate: the drawing of sides may be shown. */
	int (*new_game)(play *p, void *self, int animate);
	/* Yes to its question what (ASK_THEIRS and above): a PLAY_ result to
	 * leave with, or -1. */
	int (*answer)(play *p, void *self, int what);
	/* Its lines of the panel: it fills those it has (the header, the
	 * turn and its role, the hint, the last move, the message, the keys)
	 * and leaves the others empty for the game's own (play_text.c). */
	void (*panel)(const play *p, void *self, panel_text *t);
	void (*free)(void *self);
} other_ops;

typedef struct other_side {
	const other_ops *ops;   /* NULL: no other side (two players) */
	void *self;
} other_side;

struct play {
	const options *opt;
	lineup who;           /* who.human: the player's side (-1: watching) */
	ng_game *g;           /* the game (not the screen's: the caller frees it) */
	other_side them;          /* the other side */
	save_info si;         /* the game's mode, sides, level and date */
	char dir[PATH_MAX];   /* the state directory, "" when there is none */
	int slot;             /* the save slot the game is saved in (saveslot.h) */
	const struct an_move *an;     /* the coach's judgement of each move
	                               * of the line (analysis.h), or NULL */
	const ng_game *line;  /* PH_VIEW: the whole line (the move list) */
	int archived;         /* the game's end is kept as a record */
	ai *hint_ai;          /* the hint's own search (key t), made when
	                       * first asked */
	int hinting;          /* it runs */
	int hinted;           /* hint is shown (play_enter_turn drops it) */
	ng_move hint;
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
	movelist ml;          /* the move list, made when relayout is set */
	/* what an animation shows on top of the position */
	int a_tok, a_side;
	ng_cell a_tok_from, a_tok_at;
	int a_disc, a_num, a_den;
	ng_cell a_disc_from, a_disc_to;
	int a_pulse;          /* the winning three highlighted */
};

static inline const ng_pos *cur_pos(const play *p) { return ng_game_pos(p->g); }
static inline int to_move(const play *p) { return ng_pos_side(cur_pos(p)); }

/* play_base.c */
__attribute__((format(printf, 3, 4)))
void play_say(play *p, int role, const char *fmt, ...);
/* The message line emptied. */
void play_quiet(play *p);
const char *play_side_name(int side);
/* Is it the player's turn to choose a move (their side to move, and the
 * other side ready)? */
int play_human_turn(const play *p);
/* Is a turn being chosen now? */
int play_choosing(const play *p);
/* The other side's OK_ bits. */
int play_allows(const play *p);
/* other_ops.allows of a side that allows none: not saved here (online:
 * the server keeps it; a puzzle, a replay), left without a question. */
int play_allows_nothing(const play *p, void *self);

/* play_text.c: the panel's lines of a game or a replay */
void play_fill_panel(const play *p, panel_text *t);
/* p->ml: the move list for the layout (when p->relayout is consumed). */
void play_fill_moves(play *p);
/* "1. slide a token" or "2. relocate a disc", for the turn's step */
const char *play_step_name(const play *p);
/* "Red wins!" (who) and how: "Red wins! (three in a line)" */
void play_won_text(char *out, size_t size, const char *who, const ng_pos *ps);
/* The turn line at the end: a draw, or the winner's token, the sentence
 * for that winner (red_wins or blue_wins) and how the three stand. */
void play_over_line(const play *p, panel_text *t, const char *red_wins,
                    const char *blue_wins);
/* The header: the rules, who plays (who), the lock's legend. */
void play_header(const play *p, const char *who, panel_text *t);
/* The keys line: all the keys, fewer, and what must always show. */
void play_set_keys(panel_text *t, const char *all, const char *mid, const char *least);

/* play_view.c: the board's cells, the cursor, drawing, animations */
void play_build_view(play *p);
void play_render(play *p);
/* The cursor to the choice nearest (u, v) in layout units, or the cursor */
void play_cursor_near(play *p, double u, double v);
void play_cursor_near_cursor(play *p);
void play_animate_slide(play *p, int side, ng_cell from, ng_cell to);
void play_animate_reloc(play *p, ng_cell from, ng_cell to);
void play_animate_win(play *p);

/* play_save.c */
/* The state directory into p->dir; 0 when there is none (said). */
int play_state_dir(play *p);
void play_autosave(play *p);
void play_export(play *p);

/* play_hint.c */
/* t: look for a hint in the background (or say why not). */
void play_ask_hint(play *p);
/* A hint found: marked, said, the cursor on it; 1 while one is sought. */
int play_poll_hint(play *p);
/* The position changed: the hint's search stops and its marks go. */
void play_drop_hint(play *p);
/* "Hint: MOVE (marked !).", the hint shown (said until the turn ends). */
void play_hint_text(const play *p, char *out, size_t size);
/* The hint's cells still to choose in the turn (at most 4), the step's
 * own first; 0 when the turn has left the hint. */
int play_hint_cells(const play *p, ng_cell *c);
/* The cursor to the hint's cell for the turn's step, if it follows it. */
void play_hint_cursor(play *p);

/* play.c: a screen's life, for the entry points (play_local.c and the
 * other sides' files).  play_init takes who plays, the game g (the caller
 * frees it after play_run_screen) and the other side (freed by
 * play_run_screen). */
void play_init(play *p, const options *opt, const lineup *who, ng_game *g,
               other_side them);
/* A new game (not one resumed) begins: the other side may draw sides. */
void play_begin(play *p);
/* The saved game resumed: its information si, the turn it is at. */
void play_resume(play *p, const save_info *si);
/* The game is saved in the save slot given (held: saveslot.h). */
void play_keep_in(play *p, int slot);
/* The game on the screen until the player leaves it: a PLAY_ result;
 * then the other side and the hint's searcher are freed. */
int play_run_screen(play *p);

/* play.c, for the other side */
/* The turn that follows (the player's, the other side's, or the end). */
void play_enter_turn(play *p);
/* Show a move being played (animated unless quiet) and play it; 0, or an
 * error (the move is not legal here). */
ng_err play_show_move(play *p, ng_move m, int quiet);
/* The game p->g was set up anew (reset, a sync, a puzzle): the player
 * plays `human' (-1: watches), the board is centred afresh, a question
 * is dropped and the turn entered. */
void play_restart(play *p, int human);
/* Take moves back to ply (they can be played again), enter the turn
 * there, say `said' and save; -1 (said) when ply < 0: nothing to undo. */
int play_take_back(play *p, int ply, const char *said);
/* The game is over here (whatever the rules say: a resignation, a
 * puzzle judged). */
void play_over(play *p);
/* Ask the question (y/n); what: ASK_THEIRS or above. */
void play_ask(play *p, int what, const char *question);
/* A pending question is dropped. */
void play_unask(play *p);
/* The screen is laid out and drawn afresh at the next render. */
void play_relayout(play *p);
/* PH_VIEW: the screen steps through the record `line' (the whole game). */
void play_view_record(play *p, const ng_game *line);
/* The coach's marks of the line (analysis.h), kept by the caller. */
void play_mark_line(play *p, const struct an_move *an);

/* The other sides, for play_local.c */
/* The computer at who->level: 0, or -1 out of memory. */
int computer_new(other_side *o, const options *opt, int draw_side);

/* play_puzzle.c: the puzzles on the screen (ui.h: puzzle_run) */

#endif
