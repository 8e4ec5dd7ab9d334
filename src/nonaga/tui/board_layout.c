/*
 * board_layout.c - where the board goes on the screen: scale, arrangement,
 * centring, scrolling, and the geometry of clicks and cursor steps.  No
 * drawing here (board_draw.c draws), so this is tested without a terminal.
 *
 * A cell (q, r) is at u = 2q + r half-steps across and v = r rows down.
 * Four scales: huge (8 columns between neighbours in a row, 4 lines
 * between rows), large (6 columns, 3 lines), big (4 columns, a blank line
 * between rows) and medium (4 columns, no blank line).
 * Each cell is a glyph with a marker column on either side; at the huge
 * and large scales a disc is also outlined, a hexagon of 7 or 5 columns
 * on three lines (layout_cell_w, layout_cell_h).
 *
 * The layout takes the largest scale at which the discs and the empty
 * cells around them fit, with the text panel below the board or, if that
 * fits better, to its right; the board is centred in its area.  The huge
 * and large scales are for screens of at least LARGE_LINES lines, so that
 * 80x24 keeps the big scale with the text below.  When the screen is at
 * least LIST_COLS wide and the board leaves room beside it, the move list
 * goes right of the board.  During a
 * game (layout_update) the board keeps its arrangement and place while
 * it still fits there, so that nothing moves but what was played: not
 * between the steps of a turn (the view holds the disc taken and the
 * empty cells where it may go from the turn's start, so taking a disc
 * changes no extent), nor from one turn to the next.  When a move takes
 * the board past its area's edge, it moves back by the least that brings
 * it all in, on that axis only (issue 38, item 19: it was centred again,
 * and jumped a row or a few columns more than it had to); it is laid out
 * afresh only when it no longer fits the arrangement at all.  A board
 * that fits nowhere (a long line of discs on a small screen) scrolls to
 * follow the cursor, keeps its scroll from one move to the next (and
 * its place, on an axis where it fits), and board_draw.c shows which
 * edges hide more; the first cursor of a step
 * goes to a choice on the screen when there is one (play_view.c), so
 * that the board does not scroll between the steps of a turn.
 *
 * There is no scale below medium: 4 columns between neighbours is the
 * least at which each cell's markers ([ ] < > ( ) ...) stay whole with a
 * space between them and the next cell's (issue 38: at 2 columns they
 * ran together, "[◉]◼ ⬡", and a choice had only its left mark).  A
 * board too wide for the medium scale scrolls, as a too tall one does.
 */
#include "ui.h"
#include <stdlib.h>

static const int CW[SCALE_COUNT] = { 4, 3, 2, 2 };   /* columns per half-step */
static const int RH[SCALE_COUNT] = { 4, 3, 2, 1 };   /* lines per row */
static const int EW[SCALE_COUNT] = { 3, 2, 1, 1 };   /* a cell's half-width */
static const int EH[SCALE_COUNT] = { 1, 1, 0, 0 };   /* its lines above, below */
#define LARGE_LINES 30
#define LIST_COLS 100
#define LIST_W 30
#define LIST_MIN 28     /* a move of 21 characters after its number */

int layout_cell_w(const layout *L) { return EW[L->scale]; }
int layout_cell_h(const layout *L) { return EH[L->scale]; }

static int cell_u(ng_cell c) { return 2 * c.q + c.r; }
static double dabs(double v) { return v < 0 ? -v : v; }

int board_ux(const layout *L, ng_cell c)
{
	(void)L;
	return cell_u(c);
}

int board_find(const boardview *bv, ng_cell c)
{
	for (int i = 0; i < bv->n; i++)
		if (ng_cell_equal(bv->cell[i].c, c))
			return i;
	return -1;
}

static void arrange(layout *L, int scale, int side)
{
	L->scale = scale;
	L->side = side;
	L->lx = L->ly = L->lw = L->lh = 0;
	if (side) {
		L->pw = L->cols >= 100 ? 36 : 30;
		L->px = L->cols - L->pw;
		L->py = 0;
		L->ph = L->lines;
		L->bx = 0;
		L->by = 0;
		L->bw = L->cols - L->pw - 1;
		L->bh = L->lines;
		L->hy = -1;
	} else {
		L->hy = 0;
		L->bx = 0;
		L->by = 1;
		L->bw = L->cols;
		L->bh = L->lines - 1 - PANEL_BOTTOM_LINES;
		L->px = 0;
		L->py = L->lines - PANEL_BOTTOM_LINES;
		L->pw = L->cols;
		L->ph = PANEL_BOTTOM_LINES;
	}
}

int layout_need_w(const layout *L) { return CW[L->scale] * (L->umax - L->umin) + 2 * EW[L->scale] + 1; }
int layout_need_h(const layout *L) { return RH[L->scale] * (L->vmax - L->vmin) + 2 * EH[L->scale] + 1; }

static int overflow(const layout *L)
{
	int ow = layout_need_w(L) - L->bw, oh = layout_need_h(L) - L->bh;
	return (ow > 0 ? ow : 0) + 2 * (oh > 0 ? oh : 0);
}

void layout_compute(layout *L, const boardview *bv, int lines, int cols)
{
	L->lines = lines;
	L->cols = cols;
	L->umin = L->vmin = 1 << 30;
	L->umax = L->vmax = -(1 << 30);
	for (int i = 0; i < bv->n; i++) {
		int u = cell_u(bv->cell[i].c), v = bv->cell[i].c.r;
		if (u < L->umin) L->umin = u;
		if (u > L->umax) L->umax = u;
		if (v < L->vmin) L->vmin = v;
		if (v > L->vmax) L->vmax = v;
	}
	if (bv->n == 0)
		L->umin = L->umax = L->vmin = L->vmax = 0;

	/* On a wide screen, first the arrangements with room for the move
	 * list beside the board (a smaller scale rather than no list). */
	int found = 0, list = 0;
	int first = lines >= LARGE_LINES ? SCALE_HUGE : SCALE_BIG;
	for (int with = cols >= LIST_COLS; with >= 0 && !found; with--)
		for (int scale = first; scale <= SCALE_MED && !found; scale++)
			for (int side = 0; side <= 1 && !found; side++) {
				arrange(L, scale, side);
				found = overflow(L) == 0 && L->bw >= 8 && L->bh >= 3 &&
				        (!with || L->bw - layout_need_w(L) >= LIST_MIN + 2);
				list = found && with;
			}
	L->scroll = !found;
	if (!found) {
		/* the arrangement that hides the least */
		arrange(L, SCALE_MED, 0);
		int bottom = overflow(L);
		arrange(L, SCALE_MED, 1);
		if (overflow(L) >= bottom || L->bw < 8)
			arrange(L, SCALE_MED, 0);
	}
	int w = layout_need_w(L), h = layout_need_h(L);
	int left = w < L->bw ? (L->bw - w) / 2 : 0;
	if (list) {
		/* the board and the move list, side by side, centred */
		L->lw = L->bw - w - 2 < LIST_W ? L->bw - w - 2 : LIST_W;
		left = (L->bw - (w + 2 + L->lw)) / 2;
		L->lx = L->bx + left + w + 2;
		L->ly = L->by;
		L->lh = L->bh;
		L->bw = L->lx - 2 - L->bx;
	}
	L->ox = L->bx + EW[L->scale] - CW[L->scale] * L->umin + left;
	L->oy = L->by + EH[L->scale] - RH[L->scale] * L->vmin + (h < L->bh ? (L->bh - h) / 2 : 0);
	L->sx = L->sy = 0;
}

void board_screen(const layout *L, ng_cell c, int *y, int *x)
{
	*x = L->ox + CW[L->scale] * cell_u(c) - L->sx;
	*y = L->oy + RH[L->scale] * c.r - L->sy;
}

int layout_follow(layout *L, ng_cell c)
{
	if (!L->scroll)
		return 0;
	int osx = L->sx, osy = L->sy, y, x;
	board_screen(L, c, &y, &x);
	int ew = EW[L->scale], eh = EH[L->scale];
	if (x - ew < L->bx)
		L->sx -= L->bx - (x - ew);
	if (x + ew > L->bx + L->bw - 1)
		L->sx += x + ew - (L->bx + L->bw - 1);
	if (y - eh < L->by)
		L->sy -= L->by - (y - eh);
	if (y + eh > L->by + L->bh - 1)
		L->sy += y + eh - (L->by + L->bh - 1);
	int maxsx = layout_need_w(L) - L->bw, maxsy = layout_need_h(L) - L->bh;
	if (L->sx > maxsx) L->sx = maxsx;
	if (L->sy > maxsy) L->sy = maxsy;
	if (L->sx < 0) L->sx = 0;
	if (L->sy < 0) L->sy = 0;
	return L->sx != osx || L->sy != osy;
}

int board_hit(const layout *L, const boardview *bv, int y, int x)
{
	int ew = EW[L->scale], eh = EH[L->scale];
	int best = -1, bestd = 2 * (ew + eh) + 2;
	for (int i = 0; i < bv->n; i++) {
		if (!(bv->cell[i].flags & CF_POINT))
			continue;
		int cy, cx;
		board_screen(L, bv->cell[i].c, &cy, &cx);
		int d = 2 * abs(x - cx) + 2 * abs(y - cy);
		if (abs(y - cy) <= eh && abs(x - cx) <= ew && d < bestd) {
			best = i;
			bestd = d;
		}
	}
	return best;
}

int board_step(const layout *L, const boardview *bv, int from, action dir,
               int want_x)
{
	(void)L;
	if (from < 0 || from >= bv->n)
		return -1;
	/* True hexagon geometry, whatever the scale: a half-step across is
	 * sqrt(3)/2, a row down is 3/2. */
	const double hx = 0.86602540378443865, vy = 1.5;
	ng_cell f = bv->cell[from].c;
	int best = -1;
	double bestcost = 0, bestperp = 0;
	for (int i = 0; i < bv->n; i++) {
		if (i == from || !(bv->cell[i].flags & CF_POINT))
			continue;
		ng_cell c = bv->cell[i].c;
		double dx = (cell_u(c) - cell_u(f)) * hx, dy = (c.r - f.r) * vy;
		double along, perp;
		switch (dir) {
		case ACT_LEFT:  along = -dx; perp = dabs(dy); break;
		case ACT_RIGHT: along = dx;  perp = dabs(dy); break;
		case ACT_UP:    along = -dy; perp = dabs(cell_u(c) - want_x) * hx; break;
		case ACT_DOWN:  along = dy;  perp = dabs(cell_u(c) - want_x) * hx; break;
		default: return -1;
		}
		if (along <= 0.01)
			continue;
		double cost = along + perp;
		if (best < 0 || cost < bestcost - 1e-9 ||
		    (dabs(cost - bestcost) < 1e-9 &&
		     (perp < bestperp - 1e-9 ||
		      (dabs(perp - bestperp) < 1e-9 && cell_u(c) < cell_u(bv->cell[best].c))))) {
			best = i;
			bestcost = cost;
			bestperp = perp;
		}
	}
	return best;
}

/* Is the cell, with its markers, inside the board area as L draws it? */
int layout_shows(const layout *L, ng_cell c)
{
	int y, x, ew = EW[L->scale], eh = EH[L->scale];
	board_screen(L, c, &y, &x);
	return x - ew >= L->bx && x + ew <= L->bx + L->bw - 1 &&
	       y - eh >= L->by && y + eh <= L->by + L->bh - 1;
}

/* The least that brings lo..hi inside from..to (0 if it is already). */
static int nudge(int lo, int hi, int from, int to)
{
	return lo < from ? from - lo : hi > to ? to - hi : 0;
}

/* One axis of keep_place: *o the screen cell of coordinate 0 before the
 * scroll *s, was the screen cell of 0 before; the board takes lo..hi
 * from it, needs `need' of the area's from..to.  Scrolled: the scroll
 * that keeps it there, within the board; else its old place, moved by
 * the least that brings it all in. */
static void keep_axis(int *o, int *s, int was, int lo, int hi, int need, int from, int to)
{
	int room = to - from + 1;
	if (need > room) {
		*s = *o - was;
		*s = *s > need - room ? need - room : *s;
		*s = *s < 0 ? 0 : *s;
		return;
	}
	*s = 0;
	*o = was + nudge(was + lo, was + hi, from, to);
}

/* Keep the screen place of the cells from old in L: the same
 * arrangement (a board that fits keeps old's, one that scrolls must
 * scroll in old's too), each axis as keep_axis says.  0 if the board
 * cannot keep old's arrangement. */
static int keep_place(layout *L, const layout *old)
{
	layout keep = *L;
	if (L->scroll != old->scroll || (L->scroll && L->side != old->side))
		return 0;
	if (!L->scroll) {
		keep = *old;
		keep.umin = L->umin;
		keep.umax = L->umax;
		keep.vmin = L->vmin;
		keep.vmax = L->vmax;
		if (layout_need_w(&keep) > keep.bw || layout_need_h(&keep) > keep.bh)
			return 0;
	}
	int cw = CW[keep.scale], rh = RH[keep.scale], ew = EW[keep.scale], eh = EH[keep.scale];
	keep_axis(&keep.ox, &keep.sx, old->ox - old->sx, cw * keep.umin - ew, cw * keep.umax + ew,
	          layout_need_w(&keep), keep.bx, keep.bx + keep.bw - 1);
	keep_axis(&keep.oy, &keep.sy, old->oy - old->sy, rh * keep.vmin - eh, rh * keep.vmax + eh,
	          layout_need_h(&keep), keep.by, keep.by + keep.bh - 1);
	*L = keep;
	return 1;
}

void layout_update(layout *L, const boardview *bv, int lines, int cols)
{
	layout old = *L;
	layout_compute(L, bv, lines, cols);
	if (old.lines != lines || old.cols != cols)
		return;   /* a new screen: start afresh */
	/* The same arrangement and place, with the new extent: tokens that
	 * did not move stay where they were, and when the board must move
	 * to stay on the screen, it moves no more than it must. */
	keep_place(L, &old);   /* (else L stays as laid out afresh) */
}
