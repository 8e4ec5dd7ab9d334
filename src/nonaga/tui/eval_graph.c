/*
 * eval_graph.c - the evaluation graph of an analysed replay (eval_graph.h).
 *
 *   ◉ ▁▃▅▆█▇▅▃▁               Red's lead after each move
 *   ◼          ▂▄▆█▇▄▂        Blue's lead
 *         W    ▴  ?           the marks, and the move shown
 *
 * A column a move (or a few, when the game is longer than the screen is
 * wide); where the bars pass from one line to the other, the lead
 * changed sides.  Each value is the analysis's own (analysis.h: the
 * mover's value after the move played, searched to the analysis's depth
 * less one), seen from Red's side.  Without UTF-8 the bars are ASCII
 * (glyphs.c).
 */
#include "ui.h"
#include "eval_graph.h"
#include <stdlib.h>

/* Half a bar for this much advantage (centi-units: about a threat and a
 * half; the analysis calls a drop of 160 a mistake). */
#define HALF 200

int eval_graph_level(int v)
{
	if (an_forced(v))
		return 8;
	int a = abs(v);
	int level = (8 * a + (a + HALF) / 2) / (a + HALF);
	return level > 7 ? 7 : level;
}

/* The graver of two marks: a missed win, then a forced loss allowed, then
 * a mistake. */
static an_mark graver(an_mark a, an_mark b)
{
	static const int rank[] = { [AN_NONE] = 0, [AN_MISTAKE] = 1,
	                            [AN_ALLOWED] = 2, [AN_MISSED_WIN] = 3 };
	return rank[b] > rank[a] ? b : a;
}

void eval_graph_draw(int y, int x, int w, const an_move *an, int n, int first,
                     int cur)
{
	for (int r = 0; r < EVAL_GRAPH_ROWS; r++)
		text_line(y + r, x, w, "", A_NORMAL);
	if (w < 3 || n <= 0)
		return;
	text_put(y, x, 1, G->token[NG_RED], term_attr(R_RED));
	text_put(y + 1, x, 1, G->token[NG_BLUE], term_attr(R_BLUE));
	int cols = w - 2 < n ? w - 2 : n;
	for (int c = 0; c < cols; c++) {
		/* the column's moves, [from, to): its value is the last one's */
		int from = (int)((long)c * n / cols), to = (int)((long)(c + 1) * n / cols);
		int last = to - 1, mover = first ^ (last & 1), cx = x + 2 + c;
		int v = mover == NG_RED ? an[last].played_score : -an[last].played_score;
		if (v)
			text_put(v > 0 ? y : y + 1, cx, 1, G->bar[eval_graph_level(v)],
			         term_attr(v > 0 ? R_RED : R_BLUE));
		an_mark m = AN_NONE;
		for (int i = from; i < to; i++)
			m = graver(m, an[i].mark);
		int here = cur >= from && cur < to;
		char s[2] = { an_mark_char(m), 0 };
		if (m != AN_NONE)   /* (the move shown too: reversed) */
			text_put(y + 2, cx, 1, s, term_attr(R_MSG) | (here ? A_REVERSE : 0));
		else if (here)
			text_put(y + 2, cx, 1, G->more_up, A_BOLD);
	}
}
