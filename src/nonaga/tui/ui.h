/*
 * ui.h - what the parts of the terminal game share.
 *
 *   tui.c        tui_main: the loop between the title menu and games
 *   term.c       curses set-up, colours, restoring the terminal, signals
 *   glyphs.c     the glyph table (Unicode or ASCII)
 *   text.c       display widths, clipping and wrapping (libunistring)
 *   wake.c       the wake-up pipe of the one wait
 *   input.c      keys and mouse as actions
 *   board_layout.c     where the board goes on the screen; clicks, cursor steps
 *   board_cells.c  the cells a position shows (discs, tokens, lock)
 *   board_draw.c      drawing the board
 *   play_panel.c      the lines around the board: turn, phase, hints, messages
 *   play.c       the game screen: the turn shown, undo/redo, questions, the
 *                loop; whoever answers the player's moves is "the other
 *                side" (game_screen.h, private to the play*.c files)
 *   play_base.c  the game screen's message line and whose turn it is
 *   play_view.c       what a game's board shows; the cursor; drawing; animations
 *   play_text.c   a game's lines of text and its move list
 *   play_save.c   a game kept on disk after every turn; x exports it
 *   play_hint.c   key t: a hint, searched in the background
 *   play_local.c  a game on this machine (play_run): the computer or two players
 *   play_computer.c   the computer as the other side
 *   play_replay.c     nonaga --replay: a record stepped through
 *   eval_graph.c  an analysed replay's evaluation as a graph (eval_graph.h)
 *   play_online.c    a game played online: the server's opponent
 *   play_online_panel.c  its header, turn, waits and keys (play_online.h)
 *   lobby.c      playing online: connecting and the lobby
 *   chatline.c   a line of chat typed on the bottom line
 *   anim.c       timed frames: slides, relocations, the draw for sides
 *   ai_thread.c  the computer's search in a background thread
 *   menu.c       title menu
 *   pages.c       full-screen pages: the keys (help) and the rules
 *   language.c   the language of the messages
 *   chooser.c    a screen asking for one of a few choices
 *   history.c    past games: the finished games, to replay
 *   play_puzzle.c     the puzzles, on the game screen; the puzzles solved
 *   reasons.c    translated reasons for refused actions
 *
 * They use, from src/nonaga without curses: turn.h (one turn chosen step
 * by step), analysis.h (every move of a game judged by the engine),
 * savefile.h and saveslot.h (games on disk), config.h (the settings),
 * client_*.h (the online client), game_options.h (what the game is run
 * with) and i18n.h (gettext).
 */
#ifndef NONAGA_UI_H
#define NONAGA_UI_H

#include "i18n.h"
#include "game_options.h"
#include <curses.h>
#include <signal.h>
#include <stddef.h>

/* ------------------------------------------------------------- glyphs.c */

/* Every glyph the screen uses, as UTF-8 strings of display width 1. */
typedef struct glyphs {
	const char *disc, *token[2], *lock, *target;
	const char *sel[2], *cur[2], *chosen[2], *win[2], *last[2], *hint[2];
	const char *gone;       /* where the last move took a disc from */
	/* a disc's outline at the larger scales: top left, top, top right,
	 * left, right, bottom left, bottom, bottom right */
	const char *hex[8];
	const char *sep, *ellipsis;
	const char *more_up, *more_down, *more_left, *more_right;
	const char *level_less, *level_more;
	/* the evaluation graph's bars (eval_graph.c): 0-8 eighths of a cell
	 * high, rising from its bottom */
	const char *bar[9];
} glyphs;

extern const glyphs *G;
void glyphs_init(int utf8);

/* ----------------------------------------------------------- language.c */

/* Read the catalogs as UTF-8 or transliterated to ASCII; without UTF-8,
 * a language that ASCII cannot show gives way to English, and the
 * sentence returned says why (to tell the player once; else NULL). */
const char *language_fit(int utf8);
/* Apply a language ("" for the system's default). */
void language_apply(const char *code);
/* The language the menu shows as chosen (main.c applied --lang). */
void language_shown(const char *code);
/* The code of the language chosen in the menu ("" for the default). */
const char *language_current(void);
/* The languages offered: how many, the one shown, a label for each, and
 * choosing one (applied at once; NULL, or why it cannot be shown and
 * English is used: language_fit). */
int language_count(void);
int language_index(void);
const char *language_label(int i);
const char *language_choose(int i);

/* --------------------------------------------------------------- text.c */

void text_init(int ascii);
/* Display width of a UTF-8 string (in ASCII mode: one per character). */
int text_width(const char *s);
/* Bytes of the longest prefix of s that fits in maxw columns; its width
 * in *w when w is not NULL. */
size_t text_fit(const char *s, int maxw, int *w);
/* Draw s at (y, x) in at most maxw columns, ending with an ellipsis when
 * it is cut; returns the columns used. */
int text_put(int y, int x, int maxw, const char *s, attr_t a);
/* Draw s at (y, x) and pad with blanks to exactly w columns. */
void text_line(int y, int x, int w, const char *s, attr_t a);
/* Break s into lines of at most width columns; calls fn per line (the
 * line is not NUL-terminated).  Returns the number of lines. */
typedef void (*wrap_fn)(void *ctx, const char *line, size_t len);
int text_wrap(const char *s, int width, wrap_fn fn, void *ctx);
/* Draw s wrapped into the box at (y, x) of w columns and at most maxlines
 * lines, each padded to w; returns the lines drawn. */
int text_block(int y, int x, int w, int maxlines, const char *s, attr_t a);
/* The same for the panel beside the board: a line breaks between
 * phrases (the text between separators: " \u2219 ", ", ", a sentence's
 * end) rather than inside one that fits, and between words rather than
 * inside one that fits (a file name). */
int text_wrap_phrases(const char *s, int width, wrap_fn fn, void *ctx);
int text_block_phrases(int y, int x, int w, int maxlines, const char *s, attr_t a);

/* --------------------------------------------------------------- term.c */

enum role {
	R_NORMAL, R_RED, R_BLUE, R_DISC, R_SEL, R_TARGET, R_LOCK, R_MSG,
	R_WIN, R_TITLE, R_DIM, R_CURSOR, R_COUNT
};

typedef struct term_info {
	int utf8;      /* Unicode glyphs on the board (not --ascii) */
	int text_utf8; /* the terminal takes UTF-8 text */
	int color;     /* colours in use */
	int mouse;     /* mouse reporting enabled */
	char term_asked[64];     /* $TERM when this host does not know it */
	const char *term_used;   /* then the terminal drawn for instead */
} term_info;

extern term_info TI;
extern volatile sig_atomic_t term_signal;  /* quitting signal, or 0 */

/* Does the locale take UTF-8 text? */
int term_text_utf8(void);
/* Curses on the terminal, TI filled in: 0, or -1 (said on stderr).  The
 * caller then sets up what is drawn on it (tui.c). */
int term_open(const options *opt);
void term_close(void);                /* idempotent */
attr_t term_attr(int role);
/* The terminal's size and whether it is large enough to play. */
#define MIN_COLS 48
#define MIN_LINES 14
int term_too_small(void);
/* Show "too small" when it is, with a question under it if not NULL;
 * returns 1 then. */
int term_draw_too_small(const char *question);

/* --------------------------------------------------------------- wake.c */

/* The wake-up pipe, made before the signals' handlers are set (term.c);
 * -1 when it cannot be. */
int wake_open(void);
/* Wake the wait up from a signal's handler (the wait looks again). */
void wake_signal(void);
/* The pipe's end the wait polls (-1: none), and what is in it read away. */
int wake_read_fd(void);
void wake_drain(void);

/* -------------------------------------------------------------- input.c */

typedef enum action {
	ACT_NONE, ACT_TIMEOUT, ACT_SIGNAL, ACT_RESIZE, ACT_REDRAW,
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT, ACT_SELECT, ACT_BACK, ACT_NEXT, ACT_PREV,
	ACT_UNDO, ACT_REDO, ACT_NEW, ACT_HELP, ACT_QUIT, ACT_MENU, ACT_CLICK, ACT_PAGEUP,
	ACT_PAGEDOWN, ACT_HOME, ACT_END, ACT_EXPORT, ACT_COORDS, ACT_HINT, ACT_OTHER
} action;

typedef struct event {
	action act;
	int key;      /* the curses key code */
	int y, x;     /* ACT_CLICK: screen cell */
} event;

void input_init(void);
/* Milliseconds on a monotonic clock. */
long long input_now_ms(void);
/* Wait at most timeout_ms (-1: no limit) for an event: a key, a click,
 * a resize or a quitting signal (ACT_SIGNAL); ACT_TIMEOUT when the time
 * is up.  The wait sleeps: nothing wakes the program but these. */
void input_get(event *ev, int timeout_ms);
/* The same, also ending (ACT_TIMEOUT) as soon as fd (-1: none) has
 * something to read or a thread called input_wake. */
void input_wait(event *ev, int timeout_ms, int fd);
/* Wake the wait up from a thread: input_wait returns. */
void input_wake(void);
/* input_get (fd -1) or input_wait for a screen that shows
 * term_draw_too_small's notice while the terminal is too small: then
 * only a resize, a redraw, q, a signal and the timeout come back; other
 * keys and clicks are dropped, so that nothing acts unseen behind the
 * notice. */
void input_get_sized(event *ev, int timeout_ms, int fd);
/* Give an event back: the next input_get returns it first. */
void input_unget(const event *ev);
/* Is the key one of the translated "yes" letters (or the same key again)? */
int input_is_yes(int key);

/* ---------------------------------------------------- board_layout.c, board_draw.c */

/* What one cell shows; play.c fills these, board_draw.c draws them. */
enum cellflag {
	CF_POINT = 1,      /* the cursor may stand here */
	CF_SELECT = 2,     /* a legal choice now */
	CF_CHOSEN = 4,     /* chosen (the token or disc being moved) */
	CF_CURSOR = 8,
	CF_WIN = 16,       /* one of the winning three */
	CF_LOCK = 32,      /* the disc the opponent just moved */
	CF_HIDDEN = 64,    /* in flight: drawn as empty */
	CF_LAST = 128,     /* one of the last move's four cells */
	CF_HINT = 256      /* one of the hinted move's four cells */
};

#define BV_MAX 160     /* 19 discs and the empty cells around them */

typedef struct bcell {
	ng_cell c;
	signed char disc;  /* 1 if a disc is there */
	signed char tok;   /* -1 or the ng_side of the token */
	unsigned short flags;
} bcell;

typedef struct boardview {
	int n;
	bcell cell[BV_MAX];
	/* A disc in flight between two cells, at num/den of the way. */
	int ghost, ghost_num, ghost_den;
	ng_cell ghost_from, ghost_to;
	int pulse;         /* the winning three drawn highlighted (a pulse) */
	int coords;        /* the cells' q,r shown (the key i toggles it; a
	                    * new position keeps it) */
} boardview;

/* Columns between neighbours in a row: 8, 6, 4, 4 (see board_layout.c). */
enum { SCALE_HUGE, SCALE_LARGE, SCALE_BIG, SCALE_MED, SCALE_COUNT };

typedef struct layout {
	int lines, cols;       /* the screen it was made for */
	int scale, side;       /* side: panel right of the board */
	int hy;                /* header row, or -1 when it is in the panel */
	int bx, by, bw, bh;    /* board area */
	int px, py, pw, ph;    /* panel area */
	int umin, umax, vmin, vmax;  /* board extent, u = 2q + r, v = r */
	int ox, oy;            /* screen cell of u = v = 0 */
	int sx, sy;            /* scroll offset (board larger than its area) */
	int scroll;
	int lx, ly, lw, lh;    /* the move list beside the board (lw 0: none) */
} layout;

/* board_cells.c: the cells a position shows, without drawing */
/* A cell, added (with a disc or empty) if it is not there yet: its index,
 * or -1 when the view is full. */
int bv_add(boardview *bv, ng_cell c, int disc);
/* Add flags to the cell if the view has it. */
void bv_flag(boardview *bv, ng_cell c, unsigned f);
/* Add flags to the cells of move m of position before: where the token
 * slid from and to, where the disc was taken and put (added as an empty
 * cell when the view has no such cell: the disc taken is gone). */
void bv_flag_move(boardview *bv, const ng_pos *before, ng_move m, unsigned f);
/* A token shown elsewhere than the position has it (a slide chosen, or a
 * frame of its animation). */
typedef struct bv_shift {
	int side;
	ng_cell from, to;
} bv_shift;
/* The view of a position: its discs (except *lifted, a disc in flight),
 * its tokens (one moved by *shift), the empty cells around the discs and
 * the lock; no flags but CF_LOCK.  lifted and shift may be NULL. */
void bv_position(boardview *bv, const ng_pos *ps, const ng_cell *lifted,
                 const bv_shift *shift);

/* board_layout.c */
void layout_compute(layout *L, const boardview *bv, int lines, int cols);
/* The same, keeping L's arrangement and the cells' places on the same
 * screen (L from an earlier layout, or zeroed): the board moves by the
 * least that keeps it in its area, a scrolled one keeps its scroll. */
void layout_update(layout *L, const boardview *bv, int lines, int cols);
/* Columns and lines the whole board needs at the layout's scale. */
int layout_need_w(const layout *L);
int layout_need_h(const layout *L);
/* Scroll so that the cell is in view; returns 1 if the view moved. */
int layout_follow(layout *L, ng_cell c);
/* Is the cell, with its markers, on the screen as L draws it? */
int layout_shows(const layout *L, ng_cell c);
void board_screen(const layout *L, ng_cell c, int *y, int *x);
/* Index of the cell drawn at a screen position with flag CF_POINT, or -1. */
int board_hit(const layout *L, const boardview *bv, int y, int x);
/* The nearest CF_POINT cell from cell `from' in a screen direction (ACT_UP,
 * ACT_DOWN, ACT_LEFT, ACT_RIGHT), -1 if none.  want_x keeps a column for up and
 * down.  */
int board_step(const layout *L, const boardview *bv, int from, action dir,
               int want_x);
/* Screen column of a cell in layout units (for want_x). */
int board_ux(const layout *L, ng_cell c);
int board_find(const boardview *bv, ng_cell c);
/* Columns left and right of a cell's centre, and lines above and below,
 * that its drawing takes at the layout's scale. */
int layout_cell_w(const layout *L);
int layout_cell_h(const layout *L);
/* board_draw.c */
void board_draw(const layout *L, const boardview *bv);

/* ------------------------------------------------------------- play_panel.c */

typedef struct panel_text {
	char header[256];
	char turn[256];
	int turn_role;
	char hint[512];
	char last[256];
	char msg[512];
	int msg_role;
	char keys[256];
	char keys_mid[256];    /* the keys when all of them do not fit ("") */
	char keys_short[128];  /* what must always show: help and quit */
	const struct movelist *moves;  /* the move list, or NULL */
} panel_text;

/* The move list beside the board: the last lines that fit (a replay: the
 * lines around the move shown). */
#define MOVELIST_MAX 120
typedef struct movelist {
	char title[64];
	int n, mark;           /* lines; the current move's line or -1 */
	int marked;            /* some line has a mark: keep their column */
	struct {
		int side;
		char num[16], text[NG_MOVE_TEXT];
		char mark;     /* the coach's mark (analysis.h) or 0 */
	} line[MOVELIST_MAX];
} movelist;

#define PANEL_BOTTOM_LINES 5
/* The text, and the move list when there is one. */
void panel_draw(const layout *L, const panel_text *t);

/* ------------------------------------------------------------ anim.c */

/* Show the screen and wait ms; a key (given back) or signal ends the wait
 * early and returns 1.  A resize also returns 1. */
int anim_frame(int ms);
/* The draw for who plays which side: show it, end on `human'. */
void anim_draw_sides(int human, int animate);

/* -------------------------------------------------------- ai_thread.c */

typedef struct ai ai;
/* A searcher with threads for the top level (0: one a core). */
ai *ai_new(int threads);
void ai_free(ai *a);
/* Start thinking about the game's current position (the game is copied). */
int ai_start(ai *a, const ng_game *g, int level);
/* The same within the limits lim (NULL: the level's own). */
int ai_start_limits(ai *a, const ng_game *g, int level, const ng_limits *lim);
/* 1 when the search has finished: its move and status. */
int ai_poll(ai *a, ng_move *m, ng_err *e);
/* Stop a running search and wait for its thread. */
void ai_cancel(ai *a);
int ai_busy(const ai *a);
/* Last completed depth reported by the running search (0 if none). */
int ai_depth(const ai *a);

/* ------------------------------------------------------------ reasons.c */

/* The translated sentence for an engine refusal. */
const char *reason_text(ng_err e);

/* ------------------------------------------------------------- menu.c */


/* -------------------------------------------------------------- lobby.c */

/* Play online: connect (once; the connection stays for the next call),
 * play the game of --host, --join or --watch when first, then the lobby.
 * MENU_QUIT to quit, MENU_PLAY back to the title menu (msg says why when
 * the server cannot be reached or went away). */
int online_play(const options *opt, lineup *s, int first, char *msg, size_t size);
/* The clock of the lobby's Play now last chosen ("" for none), kept in
 * the settings; and set from them. */
const char *online_clock(void);
void online_clock_set(const char *clock);
/* Play now's rules and rating (casual 1: not rated) last chosen, kept in
 * the settings too; and set from them (lobby_seek.c). */
void online_seek_terms(ng_rules *rules, int *casual);
void online_seek_terms_set(ng_rules rules, int casual);
/* Connect now (online_play would): 0, or -1 with the reason in msg. */
int online_open(const options *opt, char *msg, size_t size);
/* Something for the lobby to say when it next opens. */
void online_tell(const char *text);
/* lobby_computer.c: is a server configured for this program (--server,
 * NONAGA_SERVER, server=, the host's shared server, the door: 1, else 0;
 * nothing is connected to)?  And the lobby's next opening is on its Play
 * the computer. */
int lobby_server_configured(const options *opt);
void lobby_computer_ask(void);

/* ----------------------------------------------------------- chatline.c */

/* A line typed on the bottom line after the prompt, into out (at most
 * size - 1 bytes), with the nsaid lines said shown above it: its length,
 * 0 when given up (Esc) or empty. */
int chatline_run(const char *prompt, const char *const *said, int nsaid,
                 char *out, size_t size);
/* The same, with out's text to edit: its length (0 when emptied), or -1
 * when given up (Esc). */
int chatline_edit(const char *prompt, const char *const *said, int nsaid,
                  char *out, size_t size);

/* ------------------------------------------------------------ history.c */

/* Past games: the finished games in DIR/records to choose and replay.
 * Returns a game to play on with (play_on_game), or NULL. */
ng_game *history_run(const char *dir, const options *opt);

/* ------------------------------------------------------------- play_puzzle.c */

/* The puzzles, from the first one not solved: PLAY_QUIT or PLAY_MENU. */
int puzzle_run(const options *opt);
/* How many puzzles there are and how many of them are solved. */
void puzzle_progress(int *solved, int *total);

/* ------------------------------------------------------------ chooser.c */

/* Ask for one of n choices (title, then text, then the items): the index
 * chosen, or -1 for Esc, q or a quitting signal.  sel is the first one
 * selected. */
int choose_run(const char *title, const char *text, const char *const *items,
               int n, int sel);

/* The title menu, with "Resume" when can_resume, first the online game
 * waiting for your move (its item's words) when waiting is not NULL, and
 * a notice (a bad save, ...) when not NULL: MENU_PLAY to play with *s,
 * MENU_RESUME to resume the saved game, MENU_WAITING for the waiting game,
 * MENU_PAST for the past games, MENU_QUIT to quit. */
enum { MENU_QUIT, MENU_PLAY, MENU_RESUME, MENU_PAST, MENU_PLAY_ON, MENU_ONLINE,
       MENU_WAITING, MENU_COMPUTER, MENU_PUZZLES };
/* (served: a server is configured, lobby_server_configured; then Play
 * against the computer asks where, and MENU_COMPUTER is the lobby's Play
 * the computer; at the SSH door it is that at once.) */
int menu_run(lineup *s, int can_resume, const char *waiting, int door, int served,
             const char *notice);
/* "about 1740": where level stands on the server's scale as make
 * calibrate measured it (ng_level_rating), to tens; "" if not measured. */
void level_about(int level, char *out, size_t size);
/* Full-screen pages: any of Enter, Esc, q closes them. */
void page_help(void);
/* The title menu's keys. */
void page_menu_help(void);
void page_rules(void);
/* A table under its title: the heading, then n rows (not wrapped); none
 * says why there is no row when n is 0. */
#define PAGE_ROW 128
void page_table(const char *title, const char *heading, char (*rows)[PAGE_ROW], int n,
                const char *none);

/* ------------------------------------------------------------- play.c */

/* PLAY_QUIT_SAVED: quit with the game left in progress, saved;
 * PLAY_ON: play on from the position a replay shows (play_on_game) */
enum { PLAY_QUIT, PLAY_MENU, PLAY_QUIT_SAVED, PLAY_ON };
/* One game: a new one with the settings, or the saved game resume (with
 * its information si; play_run frees it), saved in the save slot given
 * (held: saveslot.h); note, when not NULL, is said first. */
struct save_info;
int play_run(const lineup *s, const options *opt, ng_game *resume,
             const struct save_info *si, int slot, const char *note);
/* An online game on the connection on, after host, join or watch was
 * sent (client_proto.h): PLAY_QUIT or PLAY_MENU (to the lobby). */
struct online;
int play_online(const options *opt, const lineup *s, struct online *on);
/* A player as a record names them ("human", "computer level 7"), in the
 * language shown. */
void play_player_name(const char *rec, char *out, size_t size);
/* A record's Date (ISO 8601, UTC) as local time, "2026-11-25 12:40", as
 * the replay's header shows it; anything else as it is. */
void play_local_date(const char *iso, char *out, size_t size);
/* A new game that stands where g stands, without the moves after it. */
ng_game *play_on_game(const ng_game *g);
/* nonaga --replay: step through a record's game g (freed by the caller);
 * PLAY_ON when the player wants to play on from the position shown. */
int play_replay(const char *path, ng_game *g, const ng_record_info *info,
                const options *opt);

#endif
