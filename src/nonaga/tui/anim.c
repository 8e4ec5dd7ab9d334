/*
 * anim.c - timed frames.  A frame is shown (refresh) and held for its time;
 * any key cuts the animation short and is then handled as usual (it is
 * given back to the input queue), so typing ahead never loses keys.
 * Frames are at least ANIM_MIN_FRAME_MS apart and each changes only a few
 * cells, so an SSH connection is never asked for more than it can show.
 */
#include "ui.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

int anim_frame(int ms)
{
	refresh();
	event ev;
	input_get(&ev, ms);
	if (ev.act == ACT_TIMEOUT)
		return 0;
	input_unget(&ev);
	return 1;
}

static void draw_sides(int shown, int final, int human)
{
	char red[128], blue[128], line[300];
	int y = LINES / 2 - 2;
	if (y < 0)
		y = 0;
	erase();
	text_line(y, 0, COLS, "", A_NORMAL);
	const char *title = final ? _("You play:") : _("Drawing sides...");
	int w = text_width(title);
	text_put(y, (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0, COLS, title, term_attr(R_TITLE));
	snprintf(red, sizeof red, "%s %s", G->token[NG_RED], _("Red"));
	snprintf(blue, sizeof blue, "%s %s", G->token[NG_BLUE], _("Blue"));
	int wr = text_width(red), wb = text_width(blue), gap = 8;
	int x = (COLS - (wr + wb + gap + 4)) / 2;
	if (x < 0)
		x = 0;
	const char *const *m0 = shown == NG_RED ? G->cur : NULL;
	const char *const *m1 = shown == NG_BLUE ? G->cur : NULL;
	attr_t hi = term_attr(R_CURSOR) | A_BOLD;
	if (m0) text_put(y + 2, x, 1, m0[0], hi);
	text_put(y + 2, x + 1, wr, red, term_attr(R_RED) | (m0 ? hi : 0));
	if (m0) text_put(y + 2, x + 1 + wr, 1, m0[1], hi);
	int x1 = x + wr + 2 + gap;
	if (m1) text_put(y + 2, x1, 1, m1[0], hi);
	text_put(y + 2, x1 + 1, wb, blue, term_attr(R_BLUE) | (m1 ? hi : 0));
	if (m1) text_put(y + 2, x1 + 1 + wb, 1, m1[1], hi);
	if (final) {
		snprintf(line, sizeof line, "%s",
		         human == NG_RED ? _("Red moves first: you begin.")
		                         : _("Red moves first: the computer begins."));
		w = text_width(line);
		text_put(y + 4, (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0, COLS, line, A_NORMAL);
	}
}

void anim_draw_sides(int human, int animate)
{
	if (!animate || term_too_small())
		return;
	/* slowing down like a wheel of fortune, a little over a second */
	static const int delay[] = { 60, 60, 70, 80, 90, 110, 130, 160, 200 };
	const int n = (int)(sizeof delay / sizeof *delay);
	int skipped = 0;
	for (int i = 0; i < n && !skipped; i++) {
		/* the last frame shows `human' */
		int shown = (human + (n - 1 - i)) & 1;
		draw_sides(shown, 0, human);
		skipped = anim_frame(delay[i]);
	}
	draw_sides(human, 1, human);
	if (!skipped)
		skipped = anim_frame(900);
	if (skipped) {
		/* the key only ended the draw; a resize or signal stays queued */
		event ev;
		input_get(&ev, 0);
		if (ev.act == ACT_RESIZE || ev.act == ACT_SIGNAL)
			input_unget(&ev);
	}
	erase();
}
