/*
 * nonaga.h - the NONAGA engine: rules, notation, search and the engine
 * protocol.  This is the only public header of libnonaga.
 *
 * The library prints nothing, never exits, keeps no global mutable state
 * and is safe to use from several threads as long as each object (position,
 * game, search, session) is used by one thread at a time.  Functions that
 * can fail return an ng_err; ng_strerror() turns it into an English
 * sentence that a front end may translate.
 *
 * Coordinates are axial (q, r) and absolute: a cell keeps its name however
 * the board drifts.  The six directions, in cyclic order, are
 * (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1) (ng_direction, ng_neighbour).
 *
 * Pointers the library returns, and how long they live:
 *   - ng_strerror, ng_version, ng_rules_name, ng_result_name: static
 *     strings, valid for ever; never free them.
 *   - ng_game_new, ng_game_copy, ng_record_parse (*game_out): the caller
 *     owns the game; ng_game_free it.  ng_search_new: ng_search_free.
 *     ng_session_new: ng_session_free.
 *   - ng_game_pos, ng_game_pos_at: point into the game; valid until the
 *     game is next changed (play, undo, redo, set, reset) or freed.  Copy
 *     the ng_pos (it is a value) to keep it.
 *   - ng_record_get: points into the ng_record_info; valid while it is
 *     not changed.
 *   - ng_record_write (*text_out), ng_record_read_fd (*text): malloc'd,
 *     the caller free()s them.
 *   - ng_session_line (*out): owned by the session, valid until the next
 *     ng_session_line or ng_session_free.
 *   - ng_info: a value filled in by the search; the one given to a
 *     progress callback is valid during the call only.
 */
#ifndef NONAGA_H
#define NONAGA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NG_VERSION "0.1.0"
/* The version of the library linked in (NG_VERSION is the header's). */
const char *ng_version(void);

/* ---------------------------------------------------------------- errors */

typedef enum ng_err {
	NG_OK = 0,
	/* notation */
	NG_ERR_SYNTAX,          /* text is not in the notation */
	NG_ERR_RANGE,           /* a number is out of range */
	NG_ERR_TOO_LONG,        /* input longer than accepted */
	/* positions */
	NG_ERR_DISC_COUNT,      /* not exactly 19 discs */
	NG_ERR_DISC_DUP,        /* a disc listed twice */
	NG_ERR_DISCONNECTED,    /* the discs do not form one group */
	NG_ERR_TOKEN_COUNT,     /* not exactly 3 tokens of each colour */
	NG_ERR_TOKEN_OFF_DISC,  /* a token is not on a disc */
	NG_ERR_TOKEN_DUP,       /* two tokens share a disc */
	NG_ERR_LOCK_OFF_DISC,   /* the lock names a cell without a disc */
	NG_ERR_BOTH_WON,        /* both colours show a winning shape */
	/* moves */
	NG_ERR_GAME_OVER,       /* the game has ended */
	NG_ERR_NOT_YOUR_TOKEN,  /* no token of the side to move there */
	NG_ERR_NOT_A_SLIDE,     /* not a straight line from the token */
	NG_ERR_SLIDE_BLOCKED,   /* the token cannot move that way at all */
	NG_ERR_SLIDE_SHORT,     /* a token slides as far as it can */
	NG_ERR_MUST_SLIDE,      /* a slide is possible, so it cannot be skipped */
	NG_ERR_NO_DISC,         /* no disc on that cell */
	NG_ERR_DISC_HAS_TOKEN,  /* the disc carries a token */
	NG_ERR_DISC_NOT_FREE,   /* the disc cannot be slid out of the board */
	NG_ERR_DISC_LOCKED,     /* the opponent just moved that disc */
	NG_ERR_DISC_SPLITS,     /* taking it would split the board */
	NG_ERR_TARGET_TAKEN,    /* the target cell holds a disc */
	NG_ERR_TARGET_SAME,     /* the disc must move to another cell */
	NG_ERR_TARGET_CONTACT,  /* the target touches fewer than two discs */
	NG_ERR_MUST_RELOCATE,   /* a relocation is possible, so it cannot be skipped */
	NG_ERR_WIN_ENDS_TURN,   /* a winning slide ends the turn */
	NG_ERR_NO_MOVE,         /* no legal move matches */
	/* games, sessions, search */
	NG_ERR_NO_HISTORY,      /* nothing to undo */
	NG_ERR_NOMEM,           /* out of memory */
	NG_ERR_BAD_ARG,         /* invalid argument */
	/* records (ng_record_parse) */
	NG_ERR_EMPTY,           /* the text is empty */
	NG_ERR_NOT_RECORD,      /* the first line is not "# nonaga record 1" */
	NG_ERR_RECORD_VERSION,  /* a record format newer than this library */
	NG_ERR_LINE_TOO_LONG,   /* a line longer than NG_RECORD_LINE_MAX */
	NG_ERR_CONTROL_CHAR,    /* a NUL byte or another control character */
	NG_ERR_BAD_UTF8,        /* a header value is not valid UTF-8 */
	NG_ERR_TRUNCATED,       /* the last line has no newline */
	NG_ERR_HEADER_SYNTAX,   /* a header line is not Key: value */
	NG_ERR_HEADER_DUP,      /* a header key given twice */
	NG_ERR_HEADER_VALUE,    /* a header value that is not allowed */
	NG_ERR_HEADER_MISSING,  /* no Rules or no Moves header */
	NG_ERR_HEADER_FULL,     /* more than NG_RECORD_EXTRA other keys */
	NG_ERR_EMPTY_LINE,      /* an empty line among the moves */
	NG_ERR_MOVE_COUNT,      /* the moves differ in number from Moves */
	NG_ERR_RESULT_MISMATCH, /* Result is not the result of the moves */
	/* levels (ng_level_rating) */
	NG_ERR_UNCALIBRATED,    /* the level has no rating yet */
	NG_ERR_COUNT
} ng_err;

/* An English sentence for an error code; never NULL. */
const char *ng_strerror(ng_err err);

/* ----------------------------------------------------------------- basics */

typedef enum ng_side { NG_RED = 0, NG_BLUE = 1 } ng_side;
typedef enum ng_rules { NG_STANDARD = 0, NG_SIMPLE = 1 } ng_rules;
typedef enum ng_result {
	NG_NONE = 0, NG_RED_WINS, NG_BLUE_WINS, NG_DRAW
} ng_result;

/* Names as the notation, records and the engine protocol write them:
 * "standard", "simple"; "none", "red", "blue", "draw".  A name of a value
 * out of range is NULL; an unknown name is NG_ERR_SYNTAX (*out unchanged). */
const char *ng_rules_name(ng_rules rules);
ng_err ng_rules_from_name(const char *name, ng_rules *out);
const char *ng_result_name(ng_result result);
ng_err ng_result_from_name(const char *name, ng_result *out);

typedef struct ng_cell { int32_t q, r; } ng_cell;

/* Direction dir (taken modulo 6, so -1 is 5) as a step (dq, dr), in the
 * cyclic order above; a slide goes in one of them. */
ng_cell ng_direction(int dir);
/* The cell next to c in direction dir. */
ng_cell ng_neighbour(ng_cell c, int dir);
int ng_cell_equal(ng_cell a, ng_cell b);

/* Absolute coordinates accepted in a position: |q|, |r| <= NG_COORD_MAX.
 * ng_game_play refuses (NG_ERR_RANGE) a move that would take a disc past
 * it, so every position a game reaches can be set up again from its text.
 * ng_make and ng_generate do not look at it (a board may drift past it
 * there), and moves accept any int32_t for that reason. */
#define NG_COORD_MAX 1000000

/* -------------------------------------------------------------- positions */

/*
 * A position: discs, tokens, side to move, lock and rule set.  It is a small
 * value (copy it with =); its fields are private.  The discs live in a frame
 * of NG_ROWS rows of 32 cells that is kept aligned with their bounding box,
 * so any connected set of 19 discs fits without wrapping.
 */
#define NG_ROWS 24
#define NG_DISCS 19
#define NG_NOCELL 0xffff

typedef struct ng_pos {
	uint32_t disc[NG_ROWS];   /* frame rows, bit x = cell (x, y) */
	uint16_t tok[2][3];       /* frame cells y*32+x, per side */
	uint16_t lock;            /* frame cell or NG_NOCELL */
	uint8_t side;             /* ng_side to move */
	uint8_t rules;            /* ng_rules */
	int32_t oq, or_;          /* absolute = frame + origin */
	uint64_t key;             /* hash up to translation (repetition, tables) */
} ng_pos;

/* The start position under the given rules. */
void ng_pos_start(ng_pos *pos, ng_rules rules);

/* Parse tiles/red/blue/side/lock.  On error *pos is unchanged. */
ng_err ng_pos_parse(ng_pos *pos, const char *text, ng_rules rules);

/* Longest text ng_pos_format can produce, with the terminating NUL. */
#define NG_POS_TEXT 512
/* Format in canonical notation (cells sorted by r, then q). */
void ng_pos_format(const ng_pos *pos, char buf[NG_POS_TEXT]);

ng_side ng_pos_side(const ng_pos *pos);
ng_rules ng_pos_rules(const ng_pos *pos);
/* The 19 disc cells (sorted by r then q); returns 19. */
int ng_pos_discs(const ng_pos *pos, ng_cell out[19]);
/* The three tokens of a side. */
void ng_pos_tokens(const ng_pos *pos, ng_side side, ng_cell out[3]);
/* The lock; returns 0 when there is none. */
int ng_pos_lock(const ng_pos *pos, ng_cell *out);
/* 1 if the cell holds a disc. */
int ng_pos_has_disc(const ng_pos *pos, ng_cell c);
/* -1 no token, else the ng_side of the token on the cell. */
int ng_pos_token_at(const ng_pos *pos, ng_cell c);
/* Bounding box of the discs: min and max q and r. */
void ng_pos_bounds(const ng_pos *pos, ng_cell *min, ng_cell *max);
/*
 * The winner shown on the board (a side whose tokens have at least two
 * adjacent pairs), NG_NONE when neither.  Repetition is a game's matter.
 */
ng_result ng_pos_winner(const ng_pos *pos);
/* The winning tokens' cells when there is a winner; returns 3 or 0. */
int ng_pos_winning_cells(const ng_pos *pos, ng_cell out[3]);
/* Threats: how many slides would win at once for `side' if it were to
 * move now (all tokens block). */
int ng_pos_threats(const ng_pos *pos, ng_side side);
/* Equal up to translation (side, discs, tokens, lock). */
int ng_pos_same(const ng_pos *a, const ng_pos *b);

/* ------------------------------------------------------------------ moves */

/*
 * A full turn: a slide (sf > st) then a relocation (rf > rt).  A skipped part
 * holds NG_NOCELL in both of its cells.  The cells are frame cells, so a
 * move belongs to the position it was generated or parsed for.
 */
typedef struct ng_move { uint16_t sf, st, rf, rt; } ng_move;

/* A bound, not a guess: at most 18 slides, 13 discs free of tokens to
 * take, and 57 cells touching two discs (19 discs have at most 6*19/2
 * such contacts) to put one on: 18 * 13 * 57 = 13338. */
#define NG_MAX_MOVES 13338

/* About 104 KiB (sizeof(ng_movelist)): too big for some threads' stacks,
 * so allocate it: ng_movelist *l = malloc(sizeof *l); ... free(l). */
typedef struct ng_movelist {
	int n;
	ng_move m[NG_MAX_MOVES];
} ng_movelist;

/* All legal moves (none once the game is over).  Returns the count. */
int ng_generate(const ng_pos *pos, ng_movelist *list);
/* Number of legal moves, counted without listing them. */
int ng_count_moves(const ng_pos *pos);

/* Check a move for legality; NG_OK or the first reason it is refused. */
ng_err ng_check_move(const ng_pos *pos, ng_move m);

/* Undo information for ng_make/ng_unmake. */
typedef struct ng_undo {
	ng_pos prev;
} ng_undo;

/* Play a move known to be legal (from ng_generate or ng_check_move). */
void ng_make(ng_pos *pos, ng_move m, ng_undo *u);
void ng_unmake(ng_pos *pos, const ng_undo *u);

/* The parts of a move as absolute cells; returns 0 for a skipped part. */
int ng_move_slide(const ng_pos *pos, ng_move m, ng_cell *from, ng_cell *to);
int ng_move_reloc(const ng_pos *pos, ng_move m, ng_cell *from, ng_cell *to);
/* Build a move from absolute cells (NULL for a skipped part); NG_ERR_RANGE
 * if a cell is outside the frame.  Legality is not checked. */
ng_err ng_move_build(const ng_pos *pos, const ng_cell *sf, const ng_cell *st,
                     const ng_cell *rf, const ng_cell *rt, ng_move *m);
int ng_move_equal(ng_move a, ng_move b);

#define NG_MOVE_TEXT 96
/* Parse from>to/from>to and check legality. */
ng_err ng_move_parse(const ng_pos *pos, const char *text, ng_move *m);
void ng_move_format(const ng_pos *pos, ng_move m, char buf[NG_MOVE_TEXT]);

/*
 * Step-by-step questions for a front end, one part of the turn at a time:
 * the tokens that may slide (ng_movable_tokens), where one goes
 * (ng_slide_targets), after the slide the discs that may be taken
 * (ng_removable_discs), and where a disc may go (ng_place_targets); the
 * ng_why_not_* functions say why another choice is refused.  A slide is
 * given as from/to; pass NULL for "no slide made (yet)".  Cells come out
 * in a fixed order.
 */
/* Tokens of the side to move that can slide: returns the count (0..3). */
int ng_movable_tokens(const ng_pos *pos, ng_cell out[3]);
/* After the slide sf>st (NULL: skipped), the discs that may be taken,
 * sorted by r then q: returns the count (0 if the slide is not legal or
 * wins, which ends the turn). */
int ng_removable_discs(const ng_pos *pos, const ng_cell *sf,
                       const ng_cell *st, ng_cell out[NG_DISCS]);
/* Why a token cannot start a slide (NG_OK if it can move). */
ng_err ng_why_not_token(const ng_pos *pos, ng_cell from);
/* Destinations of the token on from: returns the count (0..6). */
int ng_slide_targets(const ng_pos *pos, ng_cell from, ng_cell out[6]);
/* After the slide sf>st (NULL: the slide was skipped), why the disc on c
 * cannot be taken (NG_OK if it can). */
ng_err ng_why_not_take(const ng_pos *pos, const ng_cell *sf,
                       const ng_cell *st, ng_cell c);
/* Where the disc taken from `from' may go: at most max cells (there are
 * never more than NG_MAX_PLACES); returns the count. */
#define NG_MAX_PLACES 57
int ng_place_targets(const ng_pos *pos, ng_cell from, ng_cell *out, int max);
/* Why the disc from `from' may not go to `to' (NG_OK if it may). */
ng_err ng_why_not_place(const ng_pos *pos, ng_cell from, ng_cell to);

/* perft: leaves of the legal move tree (repetition ignored); depth >= 0. */
ng_err ng_perft(const ng_pos *pos, int depth, uint64_t *leaves);

/* ------------------------------------------------------------------ games */

/*
 * A game: positions from the start (or a set position) with the moves
 * between them, so that undo, redo and threefold repetition work.
 */
typedef struct ng_game ng_game;

ng_game *ng_game_new(ng_rules rules);
/* A new game with g's whole line (moves that can be redone included),
 * standing where g stands; NULL when out of memory. */
ng_game *ng_game_copy(const ng_game *g);
void ng_game_free(ng_game *g);
void ng_game_reset(ng_game *g, ng_rules rules);
/* Start from a position (history cleared). */
void ng_game_set(ng_game *g, const ng_pos *pos);
const ng_pos *ng_game_pos(const ng_game *g);
/* The position before ply i (0 = the first), i <= ng_game_ply(g). */
const ng_pos *ng_game_pos_at(const ng_game *g, int i);
int ng_game_ply(const ng_game *g);
ng_move ng_game_move_at(const ng_game *g, int i);
/* Play a legal move; refuses an illegal one with the reason. */
ng_err ng_game_play(ng_game *g, ng_move m);
ng_err ng_game_undo(ng_game *g);
/* Redo the last undone move (if the history was not changed since). */
ng_err ng_game_redo(ng_game *g);
int ng_game_can_redo(const ng_game *g);
/* Moves in the game's line: ng_game_ply(g) plus those that can be redone. */
int ng_game_length(const ng_game *g);
ng_result ng_game_result(const ng_game *g);
/* How often the current position has occurred (1 = first time). */
int ng_game_repetitions(const ng_game *g);

/* ---------------------------------------------------------------- records */

/*
 * A game record: a plain-text file with a game's whole line, for saved
 * games, finished games and exchange.  In short (record.c and nonaga(6),
 * FILES, describe it in full):
 *
 *   # nonaga record 1
 *   Date: 2026-11-22T10:15:00Z          optional; ISO 8601, UTC
 *   Red: human                          optional; who played red
 *   Blue: computer level 7              optional; who played blue
 *   Rules: standard                     required; standard or simple
 *   Start: TILES/RED/BLUE/SIDE/LOCK     optional; the first position
 *   Result: none                        optional; none, red, blue, draw
 *   Ply: 2                              optional; moves played, <= Moves
 *   Mode: ai                            other keys, for front ends
 *   Moves: 3                            required; moves that follow
 *
 *   2,-2>-1,1/-1,-1>-3,1                one move per line, in notation
 *   0,-2>0,1/2,-2>-1,-1
 *   ...
 *
 * Every line ends with a newline (a CR before it is allowed); keys are
 * case-sensitive and appear once; the empty line after the header may be
 * left out.  The moves are the game's whole line; those after Ply are the
 * ones that can be redone.  Result, when given, must be the result after
 * the last move.
 */
#define NG_RECORD_VERSION 1
#define NG_RECORD_LINE_MAX 1024       /* bytes in a line, without newline */
#define NG_RECORD_MAX_MOVES 10000     /* moves in a record */
#define NG_RECORD_MAX_BYTES (1 << 20) /* a record of NG_RECORD_MAX_MOVES fits */
#define NG_RECORD_KEY 32              /* bytes in a key, with the NUL */
#define NG_RECORD_VALUE 256           /* bytes in a value, with the NUL */
#define NG_RECORD_EXTRA 16            /* other keys in a record */

typedef struct ng_record_field {
	char key[NG_RECORD_KEY];      /* [A-Za-z][A-Za-z0-9-]* */
	char value[NG_RECORD_VALUE];  /* UTF-8, no control characters */
	int line;                     /* where ng_record_parse read it */
} ng_record_field;

/*
 * The header of a record besides what the game itself tells.  Zero it
 * (memset or = { 0 }) before filling it in; "" means absent.
 */
typedef struct ng_record_info {
	/* written by ng_record_write, filled in by ng_record_parse */
	char date[NG_RECORD_VALUE];   /* Date: YYYY-MM-DDTHH:MM:SSZ */
	char red[NG_RECORD_VALUE];    /* Red: "human", "computer level 7", a name */
	char blue[NG_RECORD_VALUE];   /* Blue: the same for blue */
	int nextra;                   /* keys for front ends, in their order */
	ng_record_field extra[NG_RECORD_EXTRA];
	/* filled in by ng_record_parse; ng_record_write takes them from the game */
	ng_rules rules;
	ng_result result;             /* the result after the last move */
	int moves;                    /* moves in the record */
	int ply;                      /* moves played: the game stands there */
} ng_record_info;

/* A front-end key's value, or NULL when the record has none. */
const char *ng_record_get(const ng_record_info *info, const char *key);
/* Add or replace a front-end key; NG_ERR_BAD_ARG for a key that is not
 * [A-Za-z][A-Za-z0-9-]* or is one of the record's own (Date, Red, Blue,
 * Rules, Start, Result, Ply, Moves), a value that is too long, not UTF-8
 * or holds a control character; NG_ERR_HEADER_FULL when it is full. */
ng_err ng_record_set(ng_record_info *info, const char *key, const char *value);

/*
 * The game's whole line as a record (moves that can be redone included;
 * Ply tells where the game stands).  info may be NULL.  *text_out is a
 * NUL-terminated string to free(); untouched on error: NG_ERR_BAD_ARG when
 * a value of info is not valid, NG_ERR_TOO_LONG beyond NG_RECORD_MAX_MOVES.
 */
ng_err ng_record_write(const ng_game *g, const ng_record_info *info,
                       char **text_out);
/*
 * Read a record of len bytes (NUL bytes in it are refused, not ends),
 * replay every move through the rules and return a new game standing at
 * Ply, the moves after it ready to be redone.  On error nothing is
 * returned, and *err_line (if err_line is not NULL) is the 1-based line
 * the problem was found on, or 0 when it concerns no line; it is 0 on
 * success.  info_out may be NULL.
 */
ng_err ng_record_parse(const char *text, size_t len, ng_game **game_out,
                       ng_record_info *info_out, int *err_line);

/* A whole regular file of at most NG_RECORD_MAX_BYTES, read from fd (left
 * open) into *text (malloc'd, not NUL-terminated; the caller frees it).
 * NG_OK, else *text is untouched and errno tells the cause:
 * NG_ERR_TOO_LONG  larger than NG_RECORD_MAX_BYTES (errno EFBIG);
 * NG_ERR_NOMEM     out of memory (errno ENOMEM);
 * NG_ERR_BAD_ARG   fd is not a readable regular file (errno EISDIR a
 *                  directory, ENODEV not a regular file, or what fstat(2)
 *                  or read(2) said). */
ng_err ng_record_read_fd(int fd, char **text, size_t *len);

/* ----------------------------------------------------------------- search */

/*
 * The computer opponent.  A searcher owns its transposition table and
 * settings; run it from any one thread at a time, and stop it from any
 * thread with ng_search_stop().
 */
typedef struct ng_search ng_search;

#define NG_LEVEL_MIN 1
#define NG_LEVEL_MAX 10
#define NG_HASH_MAX_MB 4096
#define NG_THREADS_MAX 64
/* The lowest level that evaluates with the learned evaluation unless
 * told otherwise (ng_search_set_eval): the top level alone, since it
 * was measured to play better there (doc/engine.md, Learned evaluation). */
#define NG_EVAL_NET_LEVEL NG_LEVEL_MAX

typedef struct ng_limits {
	int64_t movetime_ms;   /* 0 = none */
	int depth;             /* 0 = none (the level decides) */
	int64_t nodes;         /* 0 = none */
} ng_limits;

/* What a search found; filled in as it goes and at the end. */
#define NG_PV_MAX 32
typedef struct ng_info {
	int depth;             /* last completed depth, in turns (a turn is
	                        * one player's slide and relocation) */
	int score;             /* centi-units for the side to move; a forced
	                        * result is +-(NG_MATE - turns to it), beyond
	                        * +-NG_MATE_BOUND */
	int64_t nodes;
	int64_t time_ms;
	ng_move best;
	/* The expected line, best first: pv[0] == best, pv[i] a move of the
	 * position after pv[0..i-1] (ng_make them in turn), as far as the
	 * search's table remembers it; pvlen 0..NG_PV_MAX (0 only when there
	 * is no move, as after an error). */
	int pvlen;
	ng_move pv[NG_PV_MAX];
} ng_info;
#define NG_MATE 30000
/* Scores beyond +-NG_MATE_BOUND are forced results; no evaluation comes
 * near it. */
#define NG_MATE_BOUND (NG_MATE - 1000)

/* Called after each completed depth (from the searching thread). */
typedef void (*ng_progress_fn)(void *ctx, const ng_info *info);

/* Level N's rating on the server's scale (Glicko-2) and its deviation,
 * as `make calibrate' measured them (doc/engine.md, Levels): NG_OK, or
 * NG_ERR_RANGE (a level out of 1..NG_LEVEL_MAX) or NG_ERR_UNCALIBRATED
 * (not measured yet), *rating and *rd then unchanged. */
ng_err ng_level_rating(int level, int *rating, int *rd);

ng_search *ng_search_new(void);
void ng_search_free(ng_search *s);
ng_err ng_search_set_level(ng_search *s, int level);
int ng_search_level(const ng_search *s);
void ng_search_set_seed(ng_search *s, uint64_t seed);
ng_err ng_search_set_hash(ng_search *s, int mb);     /* 1..NG_HASH_MAX_MB */
void ng_search_clear(ng_search *s);                  /* forget the table */
/* (A run uses only the table entries its own level wrote: one at another
 * level, say a hint at the top level between a lower level's moves, plays
 * as it would from an empty table.) */
/*
 * Threads for each run, 1..NG_THREADS_MAX (default 1).  With more than
 * one, helper threads search the same position and share the table (the
 * searcher's own thread still chooses the move), so a run searches deeper
 * in the same time; the moves chosen then depend on timing and are not
 * reproducible.  NG_ERR_NOMEM leaves one thread.  A run's progress and
 * answer count the nodes of every thread, and so does a node limit (one
 * budget for all the threads); the helpers' buffers are made
 * at their first run, not here.
 */
ng_err ng_search_set_threads(ng_search *s, int n);
int ng_search_threads(const ng_search *s);
/*
 * The evaluation of the runs: NG_EVAL_LEVEL (the default) the level's own,
 * the learned one at the levels from NG_EVAL_NET_LEVEL up and the
 * hand-written one below (the lower levels' character is theirs);
 * NG_EVAL_HAND or NG_EVAL_NET the one named at every level from 2 (level
 * 1 is the web heuristic).  A change forgets the table.  NG_ERR_RANGE for
 * anything else, which changes nothing.
 */
typedef enum ng_eval { NG_EVAL_LEVEL, NG_EVAL_HAND, NG_EVAL_NET } ng_eval;
ng_err ng_search_set_eval(ng_search *s, ng_eval e);
ng_eval ng_search_eval(const ng_search *s);
/*
 * Choose a move for the side to move in the game's current position (the
 * game supplies the history for repetitions).  lim may be NULL: the level's
 * own limits apply.  Fails with NG_ERR_GAME_OVER when there is nothing to
 * play.
 */
ng_err ng_search_run(ng_search *s, const ng_game *g, const ng_limits *lim,
                     ng_progress_fn progress, void *ctx, ng_info *out);
/*
 * Ask the search to stop soon and answer with its best move so far; safe
 * from any thread.  The request holds until a run has seen it, so one
 * made just before ng_search_run starts is not lost: that run answers at
 * once (still with a legal move).  ng_search_run clears the request when
 * it returns; ng_search_clear_stop withdraws one that came after the run
 * it was meant for had already returned.
 */
void ng_search_stop(ng_search *s);
void ng_search_clear_stop(ng_search *s);

/* ----------------------------------------------------- engine protocol */

/*
 * The `nonaga --engine' protocol as a pure function of lines: feed one input
 * line, get the framed answer text (possibly empty, for ignored lines).
 */
typedef struct ng_session ng_session;

ng_session *ng_session_new(void);
void ng_session_free(ng_session *s);
/* Handle one line (without its newline).  *out points at a NUL-terminated
 * answer owned by the session, valid until the next call; it is empty for
 * ignored lines and ends with the blank line otherwise.  Returns 1 when the
 * command was `quit', else 0. */
int ng_session_line(ng_session *s, const char *line, size_t len,
                    const char **out);
/*
 * For a reader that runs ng_session_line in another thread: is the line a
 * command that acts at once, even while an earlier one is being answered?
 * 1 for `stop', 2 for `quit', 0 otherwise (the line is not changed).
 * ng_session_stop asks a genmove, hint or analyze that runs, or the next
 * one, to answer at once (see ng_search_stop); ng_session_clear_stop
 * withdraws the request.  Both are safe from any thread.
 */
int ng_session_urgent(const char *line, size_t len);
void ng_session_stop(ng_session *s);
void ng_session_clear_stop(ng_session *s);

#ifdef __cplusplus
}
#endif
#endif
