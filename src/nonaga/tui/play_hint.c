/*
 * play_hint.c - key t: the computer looks for a move for the player, at the
 * top level for about a second (at least as strong as any level), in a
 * thread so that the screen stays live; the move found is marked on the
 * board, said in notation, and the cursor goes to its cell for the step
 * the turn is at.  The hint has a searcher of its own (the computer
 * opponent's is the other side's).  Online, the other side refuses t.
 */
#include "play.h"

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

static void show(play *p, ng_move m, ng_err e)
{
	p->hinting = 0;
	if (e != NG_OK) {
		say(p, R_MSG, _("The computer cannot think: %s."), reason_text(e));
		return;
	}
	const ng_pos *ps = cur_pos(p);
	char mv[NG_MOVE_TEXT];
	ng_move_format(ps, m, mv);
	p->hint = m;
	p->hinted = 1;
	/* TRANSLATORS: %s is a move in the notation from>to/from>to; "!"
	   is the mark beside its cells on the board. */
	say(p, R_NORMAL, _("Hint: %s (marked !)."), mv);
	ng_cell sf, st, rf, rt;
	int hs = ng_move_slide(ps, m, &sf, &st), hr = ng_move_reloc(ps, m, &rf, &rt);
	switch (p->t.step) {
	case TS_SLIDE:
		if (hs || hr)
			p->cur = hs ? sf : rf;
		break;
	case TS_SLIDE_TO:
		if (hs)
			p->cur = st;
		break;
	case TS_TAKE:
		if (hr)
			p->cur = rf;
		break;
	case TS_PLACE:
		if (hr)
			p->cur = rt;
		break;
	default:
		break;
	}
	p->want_u = board_ux(&p->L, p->cur);
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
