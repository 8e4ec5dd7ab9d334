/*
 * play_panel.c - the text around the board: the header (rule set, who plays),
 * whose turn and which phase, what to do next, the last move, the message
 * line (refusals, questions) and the keys.  Below the board every item has
 * one line (cut with an ellipsis when too long); in the side panel the
 * items are wrapped, between phrases (text_block_phrases).
 */
#include "ui.h"
#include <stdio.h>
#include <string.h>

static void count_cb(void *ctx, const char *line, size_t len)
{
	(void)line;
	(void)len;
	(*(int *)ctx)++;
}

/* The lines s takes wrapped in w columns: below the board as plain text
 * (a line there is cut with an ellipsis rather than wrapped, and a cut
 * line shows the most of it), beside it between phrases. */
static int lines_of(const char *s, int w, int phrases)
{
	int n = 0;
	if (s[0])
		(phrases ? text_wrap_phrases : text_wrap)(s, w, count_cb, &n);
	return n;
}

/* The keys, or fewer of them (keys_mid), or only help and quit when all
 * of them do not fit in lines lines of w columns: the help key is never
 * cut off. */
static const char *keys_for(const panel_text *t, int w, int lines)
{
	int ph = lines > 1;
	if (lines_of(t->keys, w, ph) <= lines)
		return t->keys;
	if (t->keys_mid[0] && lines_of(t->keys_mid, w, ph) <= lines)
		return t->keys_mid;
	return t->keys_short[0] ? t->keys_short : t->keys;
}

/* The move list: a title, a blank line, one line a move (number, the
 * side's token, the move, and in an analysed replay the coach's mark in
 * the last column); the current one (a replay's) reversed, with an arrow
 * before it. */
static void moves(const layout *L, const movelist *ml)
{
	int x = L->lx, w = L->lw, y = L->ly, end = L->ly + L->lh;
	text_line(y++, x, w, ml->title, term_attr(R_TITLE));
	if (y < end)
		text_line(y++, x, w, "", A_NORMAL);
	for (int i = 0; i < ml->n && y < end; i++, y++) {
		attr_t rev = i == ml->mark ? A_REVERSE : 0;
		text_line(y, x, w, "", rev);
		text_put(y, x, 5, ml->line[i].num, rev);
		if (i == ml->mark)
			text_put(y, x, 1, G->more_right, rev);
		int c = 6, side = ml->line[i].side;
		c += text_put(y, x + c, 1, G->token[side],
		              term_attr(side == NG_RED ? R_RED : R_BLUE) | rev);
		int tw = w - c - 1 - (ml->marked ? 2 : 0);
		if (tw > 0)
			text_put(y, x + c + 1, tw, ml->line[i].text, rev);
		if (ml->marked && ml->line[i].mark && w > c + 3) {
			char m[2] = { ml->line[i].mark, 0 };
			text_put(y, x + w - 1, 1, m, term_attr(R_MSG) | rev);
		}
	}
	while (y < end)
		text_line(y++, x, w, "", A_NORMAL);
}

/*
 * Below the board: five lines.  Usually one each for the turn, the hint,
 * the last move, the message and the keys; on a narrow screen the hint,
 * the message and the last line (a puzzle's task) may take two lines each
 * when there is room.  The keys line
 * always stays, shortened to help and quit when the whole does not fit.
 */
static void bottom(const layout *L, const panel_text *t)
{
	char head[400];
	snprintf(head, sizeof head, "NONAGA%s%s", G->sep, t->header);
	int used = text_put(L->hy, 0, L->cols, "NONAGA", term_attr(R_TITLE));
	text_line(L->hy, used, L->cols - used, head + strlen("NONAGA"), A_NORMAL);

	int w = L->pw, avail = L->ph;
	int nh = lines_of(t->hint, w, 0), nm = lines_of(t->msg, w, 0), nk = 1;
	int nl = lines_of(t->last, w, 0), nt = 1;
	if (nh > 2) nh = 2;
	if (nm > 2) nm = 2;
	if (nl > 2) nl = 2;   /* (a puzzle's task: wrapped, not cut) */
	if (nh < 1) nh = 1;
	if (nl < 1) nl = 1;
	while (nt + nh + nl + nm + nk > avail && nh > 1)
		nh--;
	while (nt + nh + nl + nm + nk > avail && nm > 1)
		nm--;
	/* a puzzle's task, whole, before the step's hint (the turn line
	 * names the step) */
	if (nt + nh + nl + nm + nk > avail && nl > 1)
		nh = 0;
	while (nt + nh + nl + nm + nk > avail && nl > 1)
		nl--;
	if (nt + nh + nl + nm + nk > avail)
		nl = 0;
	int y = L->py, end = L->py + avail;
	text_line(y++, L->px, w, t->turn, term_attr(t->turn_role));
	y += text_block(y, L->px, w, nh, t->hint, A_NORMAL);
	if (nl)
		y += text_block(y, L->px, w, nl, t->last, A_NORMAL);
	if (nm)
		y += text_block(y, L->px, w, nm, t->msg, term_attr(t->msg_role));
	else if (y < end - nk)
		text_line(y++, L->px, w, "", A_NORMAL);
	while (y < end - nk)
		text_line(y++, L->px, w, "", A_NORMAL);
	if (nk)
		text_line(y++, L->px, w, keys_for(t, w, 1), term_attr(R_DIM));
}

static void side(const layout *L, const panel_text *t)
{
	int x = L->px, w = L->pw, y = L->py, end = L->py + L->ph;
	/* the gap between board and panel */
	for (int i = 0; i < L->lines; i++)
		mvaddch(i, x - 1, ' ' | A_NORMAL);
	/* the keys go at the bottom (when there is room); the rest from the
	 * top */
	int keys_h = end - y >= 12 ? 3 : 1, klines;
	int top_end = end - keys_h;
	text_line(y++, x, w, "NONAGA", term_attr(R_TITLE));
	struct item { const char *s; attr_t a; int gap; } items[] = {
		{ t->header, A_NORMAL, 1 },
		{ t->turn, term_attr(t->turn_role), 0 },
		{ t->hint, A_NORMAL, 1 },
		{ t->last, A_NORMAL, 1 },
		{ t->msg, term_attr(t->msg_role), 0 },
	};
	for (size_t i = 0; i < sizeof items / sizeof *items && y < top_end; i++) {
		if (items[i].s[0])
			y += text_block_phrases(y, x, w, top_end - y, items[i].s, items[i].a);
		if (items[i].gap && y < top_end)
			mvhline(y++, x, ' ' | A_NORMAL, w);
	}
	while (y < top_end)
		mvhline(y++, x, ' ' | A_NORMAL, w);
	if (keys_h) {
		klines = text_block_phrases(top_end, x, w, keys_h, keys_for(t, w, keys_h),
		                    term_attr(R_DIM));
		for (y = top_end + klines; y < end; y++)
			mvhline(y, x, ' ' | A_NORMAL, w);
	}
}

void panel_draw(const layout *L, const panel_text *t)
{
	if (L->side)
		side(L, t);
	else
		bottom(L, t);
	if (L->lw > 0 && t->moves)
		moves(L, t->moves);
}
