/*
 * turn.c - one player's turn chosen step by step (turn.h).  The rules are
 * the engine's: this file only keeps what is chosen so far and asks the
 * engine whether the next choice is allowed.
 */
#include "turn.h"
#include <string.h>

static int listed(const ng_cell *l, int n, ng_cell c)
{
	for (int i = 0; i < n; i++)
		if (ng_cell_equal(l[i], c))
			return 1;
	return 0;
}

static turn_result result(turn_what what)
{
	turn_result r;
	memset(&r, 0, sizeof r);
	r.what = what;
	r.owner = -1;
	return r;
}

static turn_result refused(ng_err why)
{
	turn_result r = result(TURN_REFUSED);
	r.why = why;
	return r;
}

static const ng_cell *slide_from(const turn *t) { return t->slid ? &t->sf : NULL; }
static const ng_cell *slide_to(const turn *t) { return t->slid ? &t->st : NULL; }

static ng_err why_not_take(const turn *t, const ng_pos *ps, ng_cell c)
{
	return ng_why_not_take(ps, slide_from(t), slide_to(t), c);
}

/* The move chosen so far, with the relocation rt when not NULL. */
static ng_err build(const turn *t, const ng_pos *ps, const ng_cell *rt, ng_move *m)
{
	ng_err e = ng_move_build(ps, slide_from(t), slide_to(t),
	                         rt ? &t->rf : NULL, rt, m);
	return e == NG_OK ? ng_check_move(ps, *m) : e;
}

/* After the slide (or when there was none): a disc to take, or the move
 * is whole already (a winning slide, or no disc can be relocated). */
static turn_result after_slide(turn *t, const ng_pos *ps, turn_result r)
{
	ng_move m;
	if (build(t, ps, NULL, &m) == NG_OK) {
		t->step = TS_DONE;
		r.what = TURN_MOVE;
		r.move = m;
		return r;
	}
	t->step = TS_TAKE;
	return r;
}

turn_result turn_begin(turn *t, const ng_pos *ps)
{
	memset(t, 0, sizeof *t);
	t->step = TS_SLIDE;
	ng_cell tok[3];
	if (ng_movable_tokens(ps, tok) > 0)
		return result(TURN_STEP);
	t->no_slide = 1;
	return after_slide(t, ps, result(TURN_STEP));
}

static turn_result choose_token(turn *t, const ng_pos *ps, ng_cell c)
{
	ng_err e = ng_why_not_token(ps, c);
	if (e != NG_OK) {
		turn_result r = refused(e);
		int owner = ng_pos_token_at(ps, c);
		if (e == NG_ERR_NOT_YOUR_TOKEN && owner >= 0 && owner != (int)ng_pos_side(ps))
			r.owner = owner;
		return r;
	}
	t->sf = c;
	t->step = TS_SLIDE_TO;
	return result(TURN_STEP);
}

static turn_result choose_slide(turn *t, const ng_pos *ps, ng_cell c)
{
	if (ng_cell_equal(c, t->sf)) {
		t->step = TS_SLIDE;
		return result(TURN_BACK);
	}
	ng_cell tg[6];
	int n = ng_slide_targets(ps, t->sf, tg);
	if (listed(tg, n, c)) {
		t->st = c;
		t->slid = 1;
		turn_result r = result(TURN_SLID);
		r.slide = 1;
		return after_slide(t, ps, r);
	}
	if (ng_pos_token_at(ps, c) == (int)ng_pos_side(ps) &&
	    ng_why_not_token(ps, c) == NG_OK) {
		t->sf = c;   /* another token of one's own */
		return result(TURN_STEP);
	}
	ng_move m;
	ng_err e = ng_move_build(ps, &t->sf, &c, NULL, NULL, &m);
	if (e == NG_OK)
		e = ng_check_move(ps, m);
	/* a slide that is legal but not to c's side of the line */
	return refused(e == NG_OK || e == NG_ERR_MUST_RELOCATE ? NG_ERR_SLIDE_BLOCKED : e);
}

static turn_result choose_disc(turn *t, const ng_pos *ps, ng_cell c)
{
	ng_err e = why_not_take(t, ps, c);
	if (e != NG_OK)
		return refused(e);
	t->rf = c;
	t->step = TS_PLACE;
	return result(TURN_STEP);
}

static turn_result choose_place(turn *t, const ng_pos *ps, ng_cell c)
{
	if (ng_cell_equal(c, t->rf)) {
		t->step = TS_TAKE;
		return result(TURN_BACK);
	}
	ng_cell tg[TURN_MAX_CHOICES];
	int n = ng_place_targets(ps, t->rf, tg, TURN_MAX_CHOICES);
	if (listed(tg, n, c)) {
		ng_move m;
		ng_cell rt = c;
		ng_err e = build(t, ps, &rt, &m);
		if (e != NG_OK)
			return refused(e);
		t->rt = c;
		t->step = TS_DONE;
		turn_result r = result(TURN_MOVE);
		r.reloc = 1;
		r.move = m;
		return r;
	}
	if (ng_pos_has_disc(ps, c) && why_not_take(t, ps, c) == NG_OK) {
		t->rf = c;   /* another disc */
		return result(TURN_STEP);
	}
	return refused(ng_why_not_place(ps, t->rf, c));
}

turn_result turn_choose(turn *t, const ng_pos *ps, ng_cell c)
{
	switch (t->step) {
	case TS_SLIDE:
		return choose_token(t, ps, c);
	case TS_SLIDE_TO:
		return choose_slide(t, ps, c);
	case TS_TAKE:
		return choose_disc(t, ps, c);
	case TS_PLACE:
		return choose_place(t, ps, c);
	default:
		return refused(NG_ERR_GAME_OVER);
	}
}

int turn_back(turn *t, ng_cell *at)
{
	switch (t->step) {
	case TS_SLIDE_TO:
		t->step = TS_SLIDE;
		*at = t->sf;
		return 1;
	case TS_TAKE:
		if (!t->slid)
			return 0;
		t->slid = 0;
		t->step = TS_SLIDE_TO;
		*at = t->st;
		return 1;
	case TS_PLACE:
		t->step = TS_TAKE;
		*at = t->rf;
		return 1;
	default:
		return 0;
	}
}

int turn_choices(const turn *t, const ng_pos *ps, ng_cell *out, int max)
{
	ng_cell c[TURN_MAX_CHOICES];
	int n = 0;
	switch (t->step) {
	case TS_SLIDE:
		n = ng_movable_tokens(ps, c);
		break;
	case TS_SLIDE_TO:
		n = ng_slide_targets(ps, t->sf, c);
		break;
	case TS_TAKE:
		n = ng_removable_discs(ps, slide_from(t), slide_to(t), c);
		break;
	case TS_PLACE:
		n = ng_place_targets(ps, t->rf, c, TURN_MAX_CHOICES);
		break;
	default:
		break;
	}
	if (n > max)
		n = max;
	memcpy(out, c, (size_t)n * sizeof *c);
	return n;
}

int turn_chosen(const turn *t, ng_cell *c)
{
	if (t->step == TS_SLIDE_TO)
		*c = t->sf;
	else if (t->step == TS_PLACE)
		*c = t->rf;
	else
		return 0;
	return 1;
}

int turn_choosing(const turn *t)
{
	return t->step == TS_SLIDE || t->step == TS_SLIDE_TO ||
	       t->step == TS_TAKE || t->step == TS_PLACE;
}
