/*
 * chooser.c - a screen that asks for one of a few choices: a title, a
 * text, the choices one a line.  Up/down (or Tab) move, Home and End go
 * to the first and the last, Enter or a click chooses, Esc or q leaves.
 * Used for the save slots (tui.c): which unfinished game to resume, what
 * to do about a game that runs in another terminal, and where a game of
 * the command line goes.
 */
#include "ui.h"
#include <stdio.h>

static void draw(const char *title, const char *text,
                 const char *const *items, int n, int sel, int *itop,
                 int *ifrom)
{
	erase();
	int y = 1;
	text_put(y, 2, COLS - 4, title, term_attr(R_TITLE));
	y += 2;
	if (text && *text)
		y += text_block(y, 2, COLS - 4, LINES - y - 3, text, A_NORMAL) + 1;
	/* when the list does not fit, it scrolls with the selection */
	int room = LINES - y - 2;
	if (room < 1)
		room = 1;
	int from = sel >= room ? sel - room + 1 : 0;
	*itop = y - from;
	*ifrom = from;
	for (int i = from; i < n && y < LINES - 2; i++, y++) {
		attr_t a = i == sel ? term_attr(R_CURSOR) | A_BOLD : A_NORMAL;
		text_put(y, 2, 1, i == sel ? G->more_right : " ", term_attr(R_SEL));
		text_put(y, 4, COLS - 6, items[i], a);
	}
	text_block(LINES - 1, 2, COLS - 4, 1,
	           _("Up and down choose, Enter selects, Esc goes back."),
	           term_attr(R_DIM));
	refresh();
}

int choose_run(const char *title, const char *text, const char *const *items,
               int n, int sel)
{
	if (n <= 0)
		return -1;
	if (sel < 0 || sel >= n)
		sel = 0;
	int itop = 0, ifrom = 0;
	for (;;) {
		if (!term_draw_too_small(NULL))
			draw(title, text, items, n, sel, &itop, &ifrom);
		event ev;
		input_get_sized(&ev, -1, -1);
		switch (ev.act) {
		case ACT_SIGNAL:
		case ACT_BACK:
		case ACT_QUIT:
			return -1;
		case ACT_RESIZE:
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			break;
		case ACT_UP: case ACT_PREV:
			sel = (sel + n - 1) % n;
			break;
		case ACT_DOWN: case ACT_NEXT:
			sel = (sel + 1) % n;
			break;
		case ACT_HOME:
			sel = 0;
			break;
		case ACT_END:
			sel = n - 1;
			break;
		case ACT_CLICK:
			if (ev.y - itop >= ifrom && ev.y - itop < n && ev.y < LINES - 2) {
				sel = ev.y - itop;
				return sel;
			}
			break;
		case ACT_SELECT:
			return sel;
		default:
			break;
		}
	}
}
