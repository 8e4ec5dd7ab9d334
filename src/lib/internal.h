/*
 * internal.h - the frame the discs live in, shared by the library's files.
 *
 * The board drifts, so cells are kept in a frame of NG_ROWS rows of 32 bits
 * (cell (x, y) is bit x of row y, frame index y*32+x) that is re-aligned
 * after every relocation so that the discs' bounding box starts at (2, 2).
 * Nineteen connected discs span at most 19 cells on each axis, so they stay
 * inside x, y in [2, 20]; the rows and columns around them are always empty,
 * which lets shifts run without wrapping and gives the freeness walk an
 * outside to escape to.  Aligned frames make equal positions (up to
 * translation) bit-for-bit equal, which is what the hash key relies on.
 */
#ifndef NG_INTERNAL_H
#define NG_INTERNAL_H

#include "nonaga.h"
#include <string.h>
#include <stdlib.h>

#define MARGIN 2          /* empty rows/columns kept before the discs */
#define NDISCS 19
#define FRAME_CELLS (NG_ROWS * 32)

typedef uint32_t rows_t[NG_ROWS];

/* Direction i as (dx, dy) and as a frame-index delta. */
static const int DX[6] = { 1, 1, 0, -1, -1, 0 };
static const int DY[6] = { 0, -1, -1, 0, 1, 1 };
static const int DELTA[6] = { 1, -31, -32, -1, 31, 32 };

static inline int cell_x(int c) { return c & 31; }
static inline int cell_y(int c) { return c >> 5; }
static inline int mk_cell(int x, int y) { return y * 32 + x; }

static inline int has(const uint32_t *rows, int c)
{
	return (int)((rows[c >> 5] >> (c & 31)) & 1u);
}
static inline void set_bit(uint32_t *rows, int c)
{
	rows[c >> 5] |= 1u << (c & 31);
}
static inline void clear_bit(uint32_t *rows, int c)
{
	rows[c >> 5] &= ~(1u << (c & 31));
}

/* Are two frame cells neighbours? */
static inline int adjacent(int a, int b)
{
	/* |a - b| is 1, 31 or 32; without branches (the search's hottest
	 * test: every cell a slide passes is checked for the winning shape) */
	unsigned u = (unsigned)abs(a - b);
	return (u == 1) | (u - 31u <= 1u);
}

/* Steps between two frame cells on the hex grid. */
static inline int hex_distance(int a, int b)
{
	int dx = cell_x(b) - cell_x(a), dy = cell_y(b) - cell_y(a);
	return (abs(dx) + abs(dy) + abs(dx + dy)) / 2;
}

/* out = { c + D[i] : c in in }, in rows lo..hi (the others untouched). */
static inline void shift_rows(uint32_t *out, const uint32_t *in, int i,
                              int lo, int hi)
{
	int dx = DX[i], dy = DY[i];
	for (int y = lo; y <= hi; y++) {
		int sy = y - dy;
		uint32_t v = (sy >= 0 && sy < NG_ROWS) ? in[sy] : 0;
		out[y] = dx > 0 ? v << dx : dx < 0 ? v >> -dx : v;
	}
}

/* Highest row holding a bit, or -1. */
static inline int top_row(const uint32_t *rows)
{
	for (int y = NG_ROWS - 1; y >= 0; y--)
		if (rows[y])
			return y;
	return -1;
}

static inline int popcount_rows(const uint32_t *rows)
{
	int n = 0;
	for (int y = 0; y < NG_ROWS; y++)
		n += __builtin_popcount(rows[y]);
	return n;
}

/* Tokens of the side that just moved show the winning shape? */
static inline int shape3(int a, int b, int c)
{
	return adjacent(a, b) + adjacent(a, c) + adjacent(b, c) >= 2;
}

/*
 * What the relocation part of a turn may do, as it depends only on the
 * discs and the lock (tokens are subtracted per slide): removable discs and,
 * for each, where it may go.  Computed once per disc set.
 */
typedef struct discinfo {
	rows_t removable;   /* discs that may be taken, tokens ignored */
	rows_t cut;         /* discs whose removal splits the board */
	rows_t notfree;     /* discs that cannot be slid out */
	rows_t two;         /* empty cells touching >= 2 discs */
	rows_t exactly2;    /* empty cells touching exactly 2 discs */
	int ntwo;           /* popcount(two) */
	int ymax;           /* last row with a disc */
} discinfo;

void ng__analyze(const ng_pos *pos, discinfo *di);
/* Targets for disc d: two minus the cells that only touch two because of d. */
void ng__targets(const discinfo *di, int d, uint32_t *out);
int ng__ntargets(const discinfo *di, int d);

/* Number of legal moves given the analysis of pos's discs. */
int ng__count_with(const ng_pos *pos, const discinfo *di);

/* Slides of the side to move: from, to pairs; returns the count. */
int ng__slides(const ng_pos *pos, uint16_t *from, uint16_t *to);
/* How many slides would win at once for `side' if it were to move (all
 * tokens block); with stop_at_first, 0 or 1. */
int ng__winning_slides(const ng_pos *pos, int side, int stop_at_first);
/* Slides, winning slides, winning cells crossed and tokens that cannot
 * slide, of both sides, each as if it were to move (slides.c). */
typedef struct slide_stats { int moves[2], wins[2], passes[2], stuck[2]; } slide_stats;
void ng__slide_stats(const ng_pos *pos, slide_stats *st);
/* The same for a child the search made: 1, and only st's side to move
 * filled in, when that side has a winning slide (the move that made the
 * child loses at once, and the rest is not needed); else 0 and all. */
int ng__child_stats(const ng_pos *pos, slide_stats *st);
/* A winning slide of `side' (slides.c): from, one step (a DELTA), end. */
typedef struct win_line { int16_t from, step, end; } win_line;
/* Is cell c on w's path, past its start up to its end?  (ng__may_stop
 * and the parries' generator, movegen.c) */
static inline int ng__on_path(const win_line *w, int c)
{
	int d = w->step, k = (c - w->from) / d;
	return k >= 1 && c == w->from + k * d && k <= (w->end - w->from) / d;
}
/* Every winning slide `side' would have if it were to move (at most 18). */
int ng__win_lines(const ng_pos *pos, int side, win_line *w);
/* Could a relocation rf -> rt (rf NG_NOCELL for none) stop every one of the
 * winning slides w[0, n)?  0 means it surely cannot: it leaves some
 * slide's path and the cell beyond its end as they are.  The rule that
 * ng__find_parry applies without making the moves; parry_test holds the
 * two to each other. */
int ng__may_stop(const win_line *w, int n, int rf, int rt);
/* The moves of ng_generate's list for which ng__may_stop holds (their
 * relocation may stop every winning slide their slide leaves the
 * opponent), in the list's order, each given to f with its index in that
 * list, until f returns 1; then -1, else the full list's length. */
int ng__find_parry(const ng_pos *pos,
                   int (*f)(void *ctx, ng_move m, int index), void *ctx);
/* The end cell of a slide from `from' in direction i (from if blocked). */
int ng__slide_end(const ng_pos *pos, int from, int i);

/* Winner shown by the tokens (NG_NONE if none). */
ng_result ng__winner(const ng_pos *pos);

/* Hash pieces and re-alignment. */
uint64_t ng__zobrist(int kind, int cell);
void ng__rekey(ng_pos *pos);
/* Move the discs' bounding box to the frame's corner: 1 if anything moved
 * (and the key, if kept, must be made again: ng__rekey). */
int ng__align_frame(ng_pos *pos);
/* ng_make for a child that is only looked at, then dropped: no undo
 * record, and no key (left 0), which is most of ng_make's cost. */
void ng__make_unkeyed(ng_pos *pos, ng_move m);
int ng__cell_of(const ng_pos *pos, ng_cell c);  /* -1 if outside frame */
ng_cell ng__abs(const ng_pos *pos, int c);

/* A game's whole line, redo moves included (game.c): positions 0..length,
 * moves 0..length-1, and the result after its last move. */
const ng_pos *ng__game_line_pos(const ng_game *g, int i);
ng_move ng__game_line_move(const ng_game *g, int i);
ng_result ng__game_line_result(const ng_game *g);

enum { Z_DISC = 0, Z_RED = 1, Z_BLUE = 2, Z_LOCK = 3, Z_SIDE = 4 };

#endif
