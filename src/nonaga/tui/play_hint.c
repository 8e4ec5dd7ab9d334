/*
 * play_hint.c - key t: the computer looks for a move for the player, at the
 * top level for about a second (at least as strong as any level), in a
 * thread so that the screen stays live; the move found is marked on the
 * board, said in notation, and the cursor goes to its cell for the step
 * the turn is at.  The hint has a searcher of its own (the computer
 * opponent's is the other side's).  Online, the other side refuses t.
 */
#include "game_screen.h"

#define say play_say

void play_drop_hint(play *p)
{
	if (p->hinting)
		ai_cancel(p->hint_ai);
	p->hinting = p->hinted = 0;
}

void play_ask_hint(play *p)
{
	if (p->ph == PH_OVER) {
		say(p, R_MSG, "%s", _("The game is over: there is no move to hint."));
		return;
	}
	if (!play_choosing(p) || !play_human_turn(p)) {
		say(p, R_MSG, "%s", _("A hint is for your own turn."));
		p->msg_refusal = 1;   /* (gone when the turn comes) */
		return;
	}
	if (p->hinting)
		return;
	ng_limits lim = { 1000, 0, 0 };
	if (!p->hint_ai)
		p->hint_ai = ai_new(p->opt->threads);
	ai *a = p->hint_ai;
	if (!a || ai_start_limits(a, p->g, NG_LEVEL_MAX, &lim) != 0) {
		say(p, R_MSG, _("The computer cannot think: %s."), reason_text(NG_ERR_NOMEM));
		return;
	}
	p->hinting = 1;
	p->hinted = 0;
	say(p, R_NORMAL, "%s", _("Looking for a hint..."));
}

void play_hint_text(const play *p, char *out, size_t size)
{
	char mv[NG_MOVE_TEXT];
	ng_move_format(cur_pos(p), p->hint, mv);
	/* TRANSLATORS: %s is a move in the notation from>to/from>to; "!"
	   is the mark beside its cells on the board. */
	snprintf(out, size, _("Hint: %s (marked !)."), mv);
}

/* The hint's cells still to choose at the turn's step (the ones chosen
 * are done: the slide's start, once the token has slid, is no disc to
 * take unless the hint takes it); 0 when the turn left the hint (another
 * token, or another disc, was chosen). */
int play_hint_cells(const play *p, ng_cell *c)
{
	const ng_pos *ps = cur_pos(p);
	ng_cell sf, st, rf, rt;
	int hs = ng_move_slide(ps, p->hint, &sf, &st), hr = ng_move_reloc(ps, p->hint, &rf, &rt);
	int n = 0;
	const turn *t = &p->t;
	switch (t->step) {
	case TS_SLIDE:
		if (hs) {
			c[n++] = sf;
			c[n++] = st;
		}
		break;
	case TS_SLIDE_TO:
		if (!hs || t->sf.q != sf.q || t->sf.r != sf.r)
			return 0;
		c[n++] = st;
		break;
	case TS_TAKE: case TS_PLACE:
		if (t->slid && (!hs || t->st.q != st.q || t->st.r != st.r ||
		                t->sf.q != sf.q || t->sf.r != sf.r))
			return 0;
		if (t->step == TS_PLACE && (!hr || t->rf.q != rf.q || t->rf.r != rf.r))
			return 0;
		break;
	default:
		return 0;
	}
	if (hr) {
		if (t->step != TS_PLACE)
			c[n++] = rf;
		c[n++] = rt;
	}
	return n;
}

void play_hint_cursor(play *p)
{
	ng_cell c[4];
	if (!p->hinted || p->ph != PH_TURN || play_hint_cells(p, c) == 0)
		return;
	p->cur = c[0];   /* the cell of the step the turn is at */
	p->want_u = board_ux(&p->L, p->cur);
}

static void show(play *p, ng_move m, ng_err e)
{
	p->hinting = 0;
	if (e != NG_OK) {
		say(p, R_MSG, _("The computer cannot think: %s."), reason_text(e));
		return;
	}
	p->hint = m;
	p->hinted = 1;
	char text[sizeof p->msg];
	play_hint_text(p, text, sizeof text);
	say(p, R_NORMAL, "%s", text);
	play_hint_cursor(p);
}

int play_poll_hint(play *p)
{
	ng_move m;
	ng_err e;
	if (!p->hinting)
		return 0;
	if (ai_poll(p->hint_ai, &m, &e))
		show(p, m, e);
	return p->hinting;
}
