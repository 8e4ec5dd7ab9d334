/*
 * board_draw.c - drawing the board: cells with their markers ([ ] the cursor,
 * < > a legal choice, ( ) the chosen piece, * * the winning three), a disc
 * in flight, and arrows at the edges that hide more of a scrolled board.
 * At every scale a cell's two marker columns are its own (board_layout.c
 * says where everything goes).
 *
 * At the huge and large scales a disc is outlined as a hexagon around its
 * glyph and markers.  The last move's four cells have dots for markers
 * (when no other marker is there) and the cell a disc was taken from
 * shows G->gone: shapes, so that they read without colour.  With the
 * coordinates on, a cell's q,r is written where there is room: every cell
 * at the huge and large scales (a disc's on its outline's bottom line, an
 * empty cell's on its own line, or under its mark when it has one),
 * the cursor's and the last move's cells at the big scale (on the blank
 * line below, or above when a neighbour's label is below); labels never
 * touch each other.  play_text.c also names the cursor's cell.
 */
#include "ui.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int iround(double v) { return v >= 0 ? (int)(v + 0.5) : -(int)(-v + 0.5); }

static int inside(const layout *L, int y, int x)
{
	return y >= L->by && y < L->by + L->bh && x >= L->bx && x < L->bx + L->bw;
}

static void put_glyph(const layout *L, int y, int x, const char *g, attr_t a)
{
	if (!inside(L, y, x))
		return;
	attrset(a);
	mvaddstr(y, x, g);
	attrset(A_NORMAL);
}

/* A disc's hexagon at the huge and large scales. */
static void outline(const layout *L, int y, int x)
{
	int ew = layout_cell_w(L);
	attr_t a = term_attr(R_DISC);
	put_glyph(L, y - 1, x - ew + 1, G->hex[0], a);
	put_glyph(L, y - 1, x + ew - 1, G->hex[2], a);
	put_glyph(L, y + 1, x - ew + 1, G->hex[5], a);
	put_glyph(L, y + 1, x + ew - 1, G->hex[7], a);
	for (int i = x - ew + 2; i <= x + ew - 2; i++) {
		put_glyph(L, y - 1, i, G->hex[1], a);
		put_glyph(L, y + 1, i, G->hex[6], a);
	}
	put_glyph(L, y, x - ew, G->hex[3], a);
	put_glyph(L, y, x + ew, G->hex[4], a);
}

/* Labels drawn so far (a line and its columns), so that none covers
 * another. */
typedef struct labels { int n; int y[BV_MAX], x0[BV_MAX], x1[BV_MAX]; } labels;

/* Does a label on line y from x0 to x1 fit: inside the board, touching no
 * label already there? */
static int label_fits(const layout *L, const labels *lb, int y, int x0, int x1)
{
	if (!inside(L, y, x0) || !inside(L, y, x1) || lb->n >= BV_MAX)
		return 0;
	for (int i = 0; i < lb->n; i++)
		if (lb->y[i] == y && x0 <= lb->x1[i] + 1 && x1 >= lb->x0[i] - 1)
			return 0;
	return 1;
}

/* The cell's label: its text, its columns. */
static int label_text(const layout *L, const bcell *c, char *s, size_t size,
                      int *y, int *x0, int *x1)
{
	int x;
	board_screen(L, c->c, y, &x);
	snprintf(s, size, "%d,%d", c->c.q, c->c.r);
	int w = (int)strlen(s);
	*x0 = x - (w - 1) / 2;
	*x1 = *x0 + w - 1;
	return x;
}

/* Keep a label on line ly for the cell, and draw it. */
static void label_at(const layout *L, labels *lb, const bcell *c, int ly)
{
	char s[24];
	int y, x0, x1, x = label_text(L, c, s, sizeof s, &y, &x0, &x1);
	lb->y[lb->n] = ly;
	lb->x0[lb->n] = x0;
	lb->x1[lb->n++] = x1;
	if (L->scale < SCALE_BIG && c->disc) {
		/* in place of the outline's bottom */
		int ew = layout_cell_w(L);
		mvhline(y + 1, x - ew + 1, ' ' | A_NORMAL, 2 * ew - 1);
	}
	attrset(term_attr(R_DIM));
	mvaddstr(ly, x0, s);
	attrset(A_NORMAL);
}

/* Is nothing drawn on the cell (an empty cell with no mark)? */
static int blank(const bcell *c)
{
	unsigned f = c->flags;
	return (!c->disc || (f & CF_HIDDEN)) && (c->tok < 0 || (f & CF_HIDDEN)) &&
	       !(f & (CF_CURSOR | CF_WIN | CF_CHOSEN | CF_HINT | CF_SELECT | CF_LAST));
}

/* The huge and large scales: the cell's q,r on its own line when nothing
 * is drawn there, else on the line under it (a disc's: its outline's
 * bottom), if it touches no label already there.  A label always sits on
 * a line of its own cell's drawing: on the line under an empty cell it
 * stood right over the next row's outlines, and read as theirs. */
static void label(const layout *L, labels *lb, const bcell *c)
{
	char s[24];
	int y, x0, x1;
	label_text(L, c, s, sizeof s, &y, &x0, &x1);
	int ly = blank(c) ? y : y + 1;
	if (label_fits(L, lb, ly, x0, x1))
		label_at(L, lb, c, ly);
}

/* The big scale: the cursor's label and the last move's, each under its
 * cell or over it (the rows have a blank line each side), the choice
 * that labels the most cells (the cursor's first), under where it can. */
#define BIG_LABELS 6
static void big_labels(const layout *L, labels *lb, const bcell **c, int n)
{
	int best = -1, best_score = -1;
	for (int mask = 0; mask < 1 << n; mask++) {   /* bit i: cell i over */
		labels t = { 0 };
		int score = 0;
		for (int i = 0; i < n; i++) {
			char s[24];
			int y, x0, x1;
			label_text(L, c[i], s, sizeof s, &y, &x0, &x1);
			int ly = mask >> i & 1 ? y - 1 : y + 1;
			if (!label_fits(L, &t, ly, x0, x1))
				continue;
			t.y[t.n] = ly;
			t.x0[t.n] = x0;
			t.x1[t.n++] = x1;
			score += i == 0 ? 4 * BIG_LABELS : 2;
		}
		int over = 0;
		for (int i = 0; i < n; i++)
			over += mask >> i & 1;
		score = score * 2 * BIG_LABELS - over;
		if (score > best_score) {
			best_score = score;
			best = mask;
		}
	}
	for (int i = 0; i < n; i++) {
		char s[24];
		int y, x0, x1;
		label_text(L, c[i], s, sizeof s, &y, &x0, &x1);
		int ly = best >> i & 1 ? y - 1 : y + 1;
		if (label_fits(L, lb, ly, x0, x1))
			label_at(L, lb, c[i], ly);
	}
}

/* Every cell's label at the huge and large scales; at the big scale the
 * cursor's, then the last move's (big_labels). */
static void draw_labels(const layout *L, const boardview *bv)
{
	static labels lb;
	lb.n = 0;
	if (!bv->coords || L->scale > SCALE_BIG)
		return;
	if (L->scale == SCALE_BIG) {
		const bcell *c[BIG_LABELS];
		int n = 0;
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < bv->n && n < BIG_LABELS; i++) {
				unsigned f = bv->cell[i].flags;
				if (pass == 0 ? (f & CF_CURSOR) : (f & CF_LAST) && !(f & CF_CURSOR))
					c[n++] = &bv->cell[i];
			}
		big_labels(L, &lb, c, n);
		return;
	}
	for (int pass = 0; pass < 3; pass++)   /* the cursor's, the last move's first */
		for (int i = 0; i < bv->n; i++) {
			unsigned f = bv->cell[i].flags;
			if (pass == 0 ? (f & CF_CURSOR)
			    : pass == 1 ? (f & CF_LAST) && !(f & CF_CURSOR)
			    : !(f & (CF_CURSOR | CF_LAST)))
				label(L, &lb, &bv->cell[i]);
		}
}

static void draw_cell(const layout *L, const boardview *bv, const bcell *c)
{
	int y, x;
	board_screen(L, c->c, &y, &x);
	unsigned f = c->flags;
	int disc = c->disc && !(f & CF_HIDDEN), tok = (f & CF_HIDDEN) ? -1 : c->tok;
	if (disc && L->scale < SCALE_BIG)
		outline(L, y, x);
	const char *g = " ";
	attr_t ga = A_NORMAL;
	if (tok >= 0) {
		g = G->token[tok];
		ga = term_attr(tok == NG_RED ? R_RED : R_BLUE);
	} else if (disc) {
		if (f & CF_LOCK) {
			g = G->lock;
			ga = term_attr(R_LOCK);
		} else {
			g = G->disc;
			ga = term_attr(R_DISC);
		}
	} else if (f & (CF_SELECT | CF_HINT)) {
		g = G->target;
		ga = term_attr(R_TARGET);
	} else if ((f & CF_LAST) && !(f & CF_HIDDEN)) {
		g = G->gone;
		ga = term_attr(R_DIM);
	}
	/* One attribute for the glyph and its markers, so that a cell is one
	 * run of output: a cursor move costs two cells' worth of bytes. */
	const char *const *m = NULL;
	if (f & CF_CURSOR) {
		m = G->cur;
		ga |= term_attr(R_CURSOR) | A_BOLD;
	} else if (f & CF_WIN) {
		m = G->win;
		ga = term_attr(R_WIN) | (bv->pulse ? A_REVERSE : 0);
	} else if (f & CF_CHOSEN) {
		m = G->chosen;
		ga |= A_BOLD;
	} else if ((f & CF_HINT) && (f & CF_SELECT)) {
		/* a choice the hint takes: ! on the left, the choice's mark
		 * on the right (the ! does not hide that it can be chosen) */
		static const char *both[2];
		both[0] = G->hint[0];
		both[1] = G->sel[1];
		m = both;
		ga = (tok >= 0 ? ga : term_attr(R_MSG)) | A_BOLD;
	} else if (f & CF_HINT) {
		m = G->hint;
		ga = (tok >= 0 ? ga : term_attr(R_MSG)) | A_BOLD;
	} else if (f & CF_SELECT) {
		m = G->sel;
		ga = tok >= 0 ? ga | A_BOLD : term_attr(R_SEL);
	} else if (f & CF_LAST) {
		m = G->last;
	}
	attr_t ma = ga;
	put_glyph(L, y, x, g, ga);
	if (m) {
		put_glyph(L, y, x - 1, m[0], ma);
		put_glyph(L, y, x + 1, m[1], ma);
	}
}

void board_draw(const layout *L, const boardview *bv)
{
	attrset(A_NORMAL);
	for (int y = L->by; y < L->by + L->bh; y++)
		mvhline(y, L->bx, ' ' | A_NORMAL, L->bw);
	int cursor = -1;
	for (int i = 0; i < bv->n; i++) {
		if (bv->cell[i].flags & CF_CURSOR)
			cursor = i;
		else
			draw_cell(L, bv, &bv->cell[i]);
	}
	if (cursor >= 0)
		draw_cell(L, bv, &bv->cell[cursor]);
	draw_labels(L, bv);
	if (bv->ghost && bv->ghost_den > 0) {
		int y0, x0, y1, x1;
		board_screen(L, bv->ghost_from, &y0, &x0);
		board_screen(L, bv->ghost_to, &y1, &x1);
		int y = y0 + iround((double)(y1 - y0) * bv->ghost_num / bv->ghost_den);
		int x = x0 + iround((double)(x1 - x0) * bv->ghost_num / bv->ghost_den);
		put_glyph(L, y, x, G->disc, term_attr(R_DISC) | A_BOLD);
	}
	if (L->scroll) {
		attr_t a = term_attr(R_MSG);
		int right = L->bx + L->bw - 1, bottom = L->by + L->bh - 1;
		if (L->sy > 0)
			put_glyph(L, L->by, right, G->more_up, a);
		if (L->sy < layout_need_h(L) - L->bh)
			put_glyph(L, bottom, right, G->more_down, a);
		if (L->sx > 0)
			put_glyph(L, L->by + L->bh / 2, L->bx, G->more_left, a);
		if (L->sx < layout_need_w(L) - L->bw)
			put_glyph(L, L->by + L->bh / 2, right, G->more_right, a);
	}
}

