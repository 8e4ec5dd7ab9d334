/*
 * layout_test.c - the board's place on the screen (src/nonaga/tui/board_layout.c):
 * every cell shows inside the board area, with its markers, or the board
 * scrolls to show any cell; long lines of discs (legal positions) fit at
 * 80x24; clicks find cells; cursor steps go where the arrows point; from
 * one move to the next the board moves only as much as it must.
 */
#include "tap.h"
#include "board_layout.c"
#include "board_cells.c"
#include <stdio.h>
#include <string.h>

/* The discs and the empty cells around them, as the game shows them
 * (board_cells.c), every one a place the cursor may stand. */
static void view_of(const ng_pos *p, boardview *bv)
{
	memset(bv, 0, sizeof *bv);
	bv_position(bv, p, NULL, NULL);
	for (int i = 0; i < bv->n; i++)
		bv->cell[i].flags = CF_POINT;
}

static int in_area(const layout *L, int y, int x)
{
	return y >= L->by && y < L->by + L->bh && x >= L->bx && x < L->bx + L->bw;
}

/* Every cell and its markers inside the area, no two cells on one spot
 * (with scrolling: after following that cell). */
static int all_visible(layout *L, const boardview *bv)
{
	for (int i = 0; i < bv->n; i++) {
		layout_follow(L, bv->cell[i].c);
		int y, x;
		board_screen(L, bv->cell[i].c, &y, &x);
		int ew = layout_cell_w(L), eh = layout_cell_h(L);
		if (!in_area(L, y - eh, x - ew) || !in_area(L, y + eh, x + ew))
			return 0;
		if (board_hit(L, bv, y, x) != i)
			return 0;
	}
	return 1;
}

/* A line of 19 discs along direction k, tokens spread out along it. */
static void line_pos(ng_pos *p, int k)
{
	char text[NG_POS_TEXT], *t = text;
	for (int i = 0; i < 19; i++)
		t += sprintf(t, "%s%d,%d", i ? ";" : "", i * ng_direction(k).q, i * ng_direction(k).r);
	t += sprintf(t, "/");
	for (int i = 0; i < 3; i++)
		t += sprintf(t, "%s%d,%d", i ? ";" : "", 2 * i * ng_direction(k).q, 2 * i * ng_direction(k).r);
	t += sprintf(t, "/");
	for (int i = 0; i < 3; i++)
		t += sprintf(t, "%s%d,%d", i ? ";" : "", (8 + 2 * i) * ng_direction(k).q, (8 + 2 * i) * ng_direction(k).r);
	sprintf(t, "/r/-");
	ng_err e = ng_pos_parse(p, text, NG_STANDARD);
	CHECK(e == NG_OK, "parse %s: %s", text, ng_strerror(e));
}

/* A parallelogram of cells, q in q0..q1 and r in r0..r1 (no position:
 * the layout needs only the cells). */
static void block(boardview *bv, int q0, int q1, int r0, int r1)
{
	memset(bv, 0, sizeof *bv);
	for (int r = r0; r <= r1; r++)
		for (int q = q0; q <= q1; q++)
			bv_add(bv, (ng_cell){ q, r }, 1);
}

/* From one move to the next (layout_update), issue 38, item 19: a board
 * that must move to stay on the screen moves by the least that brings it
 * in, on that axis only, and a scrolled one keeps its scroll. */
static void moves_least(void)
{
	boardview bv;
	layout L;
	memset(&L, 0, sizeof L);
	ng_cell c = { 0, 0 };
	int y0, x0, y1, x1;

	/* 48x14: 7 rows fill 7 of the 8 lines, the columns leave room */
	block(&bv, 0, 3, 0, 6);
	layout_update(&L, &bv, 14, 48);
	CHECK(!L.scroll && L.scale == SCALE_MED, "block at 48x14: medium, no scroll");
	board_screen(&L, c, &y0, &x0);
	/* a cell a row above and farther right than any: the board goes
	 * down the one line it must, and not sideways */
	bv_add(&bv, (ng_cell){ 7, -1 }, 1);
	layout_update(&L, &bv, 14, 48);
	board_screen(&L, c, &y1, &x1);
	CHECK(y1 - y0 == 1 && x1 == x0,
	      "a row more at the top: down one line (%d), not sideways (%d)", y1 - y0, x1 - x0);
	/* and nothing moves when it fits where it is */
	bv_add(&bv, (ng_cell){ -2, 6 }, 1);
	layout_update(&L, &bv, 14, 48);
	board_screen(&L, c, &y0, &x0);
	CHECK(y0 == y1 && x0 == x1, "a cell more that fits: nothing moves (%d, %d)",
	      y0 - y1, x0 - x1);

	/* 12 rows at 48x14 scroll; scrolled to the bottom, the next move
	 * keeps the scroll: the bottom cell on its line */
	memset(&L, 0, sizeof L);
	block(&bv, 0, 1, 0, 11);
	layout_update(&L, &bv, 14, 48);
	ng_cell bottom = { 0, 11 };
	layout_follow(&L, bottom);
	board_screen(&L, bottom, &y0, &x0);
	CHECK(L.scroll && L.sy > 0 && y0 == L.by + L.bh - 1, "12 rows: scrolled to the bottom (%d)", L.sy);
	layout_update(&L, &bv, 14, 48);
	board_screen(&L, bottom, &y1, &x1);
	CHECK(y1 == y0 && x1 == x0, "the same board again: the scroll kept (%d, %d)", y1 - y0, x1 - x0);
	bv_add(&bv, (ng_cell){ 1, -1 }, 1);   /* a row more at the top */
	layout_update(&L, &bv, 14, 48);
	board_screen(&L, bottom, &y1, &x1);
	CHECK(y1 == y0 && x1 == x0, "a row more above: the bottom cell still on its line (%d, %d)",
	      y1 - y0, x1 - x0);
	/* (across, the board fits: a cell farther right than any moves
	 * it sideways no more than it must, here not at all) */
	bv_add(&bv, (ng_cell){ 7, 0 }, 1);
	layout_update(&L, &bv, 14, 48);
	board_screen(&L, bottom, &y1, &x1);
	CHECK(L.scroll && y1 == y0 && x1 == x0,
	      "a cell more on the right: the bottom cell still in its place (%d, %d)", y1 - y0, x1 - x0);
}

int main(void)
{
	ng_pos p;
	boardview bv;
	layout L;

	ng_pos_start(&p, NG_STANDARD);
	view_of(&p, &bv);
	layout_compute(&L, &bv, 24, 80);
	CHECK(L.scale == SCALE_BIG && !L.side && !L.scroll,
	      "start at 80x24: big, panel below (scale %d side %d)", L.scale, L.side);
	CHECK(all_visible(&L, &bv), "start at 80x24: every cell shows");
	layout_compute(&L, &bv, MIN_LINES, MIN_COLS);
	CHECK(!L.scroll, "start at the minimum size fits");
	CHECK(all_visible(&L, &bv), "start at the minimum size: every cell shows");

	/* the start is centred: as much room left as right */
	layout_compute(&L, &bv, 24, 80);
	int lo = 1 << 30, hi = -(1 << 30);
	for (int i = 0; i < bv.n; i++) {
		int y, x;
		board_screen(&L, bv.cell[i].c, &y, &x);
		if (x - 1 < lo) lo = x - 1;
		if (x + 1 > hi) hi = x + 1;
	}
	CHECK(abs((lo - L.bx) - (L.bx + L.bw - 1 - hi)) <= 1,
	      "centred: %d left, %d right", lo - L.bx, L.bx + L.bw - 1 - hi);

	/* larger screens, larger cells: 6 or 8 columns, the hexagons of
	 * neighbours apart, the move list beside the board and clear of it */
	static const int sizes[][2] = { { 40, 120 }, { 60, 200 }, { 30, 80 }, { 50, 160 } };
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		int h = sizes[k][0], w = sizes[k][1];
		layout_compute(&L, &bv, h, w);
		CHECK(L.scale < SCALE_BIG && !L.scroll, "start at %dx%d: larger cells (scale %d)",
		      w, h, L.scale);
		CHECK(all_visible(&L, &bv), "start at %dx%d: every cell shows", w, h);
		int apart = 1;
		for (int i = 0; i < bv.n; i++)
			for (int j = 0; j < i; j++) {
				int y0, x0, y1, x1;
				board_screen(&L, bv.cell[i].c, &y0, &x0);
				board_screen(&L, bv.cell[j].c, &y1, &x1);
				if (abs(y0 - y1) <= 2 * layout_cell_h(&L) &&
				    abs(x0 - x1) <= 2 * layout_cell_w(&L))
					apart = 0;
			}
		CHECK(apart, "start at %dx%d: no two cells' drawings meet", w, h);
		if (w >= 100) {
			CHECK(L.lw >= 28 && L.lx + L.lw <= w && L.lx >= L.bx + L.bw + 1 &&
			      (!L.side || L.lx + L.lw < L.px),
			      "start at %dx%d: the move list beside the board (%d+%d)", w, h, L.lx, L.lw);
		}
	}
	layout_compute(&L, &bv, 24, 80);
	CHECK(L.lw == 0, "no move list at 80x24");
	layout_compute(&L, &bv, 29, 200);
	CHECK(L.scale == SCALE_BIG, "under 30 lines: the big scale at most (%d)", L.scale);

	/* straight lines of 19 discs, in the three axes */
	for (int k = 0; k < 3; k++) {
		line_pos(&p, k);
		view_of(&p, &bv);
		layout_compute(&L, &bv, 24, 80);
		/* across, 21 cells 4 columns apart are wider than 80 columns:
		 * that line scrolls (no scale packs the cells tighter, where
		 * their markers would run together); the other two fit */
		CHECK(L.scroll == (k == 0) && L.scale == (k == 0 ? SCALE_MED : L.scale),
		      "line %d at 80x24: %s (scale %d side %d)", k,
		      k == 0 ? "scrolls at the medium scale" : "fits", L.scale, L.side);
		CHECK(all_visible(&L, &bv), "line %d at 80x24: every cell shows", k);
		layout_compute(&L, &bv, MIN_LINES, MIN_COLS);
		CHECK(all_visible(&L, &bv), "line %d at the minimum size: scrolls to every cell", k);
		layout_compute(&L, &bv, 60, 200);
		CHECK(!L.scroll && L.scale <= SCALE_BIG, "line %d on a big screen: big scale or larger", k);
	}

	/* cursor steps on the start position */
	ng_pos_start(&p, NG_STANDARD);
	view_of(&p, &bv);
	for (int i = 0; i < bv.n; i++)
		if (!bv.cell[i].disc)
			bv.cell[i].flags = 0;   /* only discs can be pointed at */
	layout_compute(&L, &bv, 24, 80);
	ng_cell centre = { 0, 0 };
	int c = board_find(&bv, centre);
	int r = board_step(&L, &bv, c, ACT_RIGHT, 0);
	CHECK(r >= 0 && bv.cell[r].c.q == 1 && bv.cell[r].c.r == 0, "right of the centre");
	int l = board_step(&L, &bv, c, ACT_LEFT, 0);
	CHECK(l >= 0 && bv.cell[l].c.q == -1 && bv.cell[l].c.r == 0, "left of the centre");
	int u1 = board_step(&L, &bv, c, ACT_UP, 0);
	CHECK(u1 >= 0 && bv.cell[u1].c.r == -1, "up goes one row up");
	int u2 = board_step(&L, &bv, u1, ACT_UP, 0);
	CHECK(u2 >= 0 && bv.cell[u2].c.r == -2 && 2 * bv.cell[u2].c.q + bv.cell[u2].c.r == 0,
	      "up again comes back to the column it started in");
	int d1 = board_step(&L, &bv, c, ACT_DOWN, 0);
	CHECK(d1 >= 0 && bv.cell[d1].c.r == 1, "down goes one row down");
	ng_cell right_end = { 2, 0 };
	CHECK(board_step(&L, &bv, board_find(&bv, right_end), ACT_RIGHT, 4) < 0,
	      "nothing right of the right end");
	ng_cell top = { 0, -2 };
	CHECK(board_step(&L, &bv, board_find(&bv, top), ACT_UP, -2) < 0,
	      "nothing above the top row");
	CHECK(board_hit(&L, &bv, 0, 0) < 0, "a click off the board finds nothing");
	moves_least();
	return tests_done("layout_test");
}
