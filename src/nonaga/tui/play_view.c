/*
 * play_view.c - what the board of a game shows: the cells, tokens and discs of
 * the position, the turn's choices and the chosen pieces, an animation's
 * frame; where the cursor goes when a step begins; and the screen drawn
 * (the board, and the panel's text from play_text.c).  The choices of
 * each step come from the turn (turn.c).
 *
 * The last move played (by either side, also after undo and redo and in a
 * replay: it is the game's move before the position shown) marks its four
 * cells, CF_LAST, until the next move is played.
 */
#include "game_screen.h"
#include "analysis.h"
#include "eval_graph.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------- the view */

/* A replay with the coach's marks: the engine's best move in the position
 * shown, its cells marked as choices (a replay has no others). */
static void flag_best(play *p)
{
	int ply = ng_game_ply(p->g);
	if (!p->an || ply >= ng_game_length(p->g))
		return;
	const an_move *a = &p->an[ply];
	if (a->bslide) {
		bv_flag(&p->bv, a->bsf, CF_SELECT);
		bv_flag(&p->bv, a->bst, CF_SELECT);
	}
	if (a->breloc) {
		bv_flag(&p->bv, a->brf, CF_SELECT);
		bv_flag(&p->bv, a->brt, CF_SELECT);
	}
}

void play_build_view(play *p)
{
	boardview *bv = &p->bv;
	const ng_pos *ps = cur_pos(p);
	/* a token in flight, else the slide chosen and not yet played */
	bv_shift sh = { p->a_side, p->a_tok_from, p->a_tok_at };
	if (!p->a_tok) {
		sh.side = to_move(p);
		sh.from = p->t.sf;
		sh.to = p->t.st;
	}
	bv_position(bv, ps, p->a_disc ? &p->a_disc_from : NULL,
	            p->a_tok || p->t.slid ? &sh : NULL);
	int ply = ng_game_ply(p->g);
	if (ply > 0)
		bv_flag_move(bv, ng_game_pos_at(p->g, ply - 1),
		             ng_game_move_at(p->g, ply - 1), CF_LAST);
	if (p->ph == PH_TURN && p->hinted) {   /* (the position's own: it
	                                        * goes when it changes) */
		ng_cell hc[4];
		int hn = play_hint_cells(p, hc);
		for (int i = 0; i < hn; i++)
			bv_flag(bv, hc[i], CF_HINT);
	}
	bv->pulse = p->a_pulse;
	if (p->a_disc) {
		bv->ghost = 1;
		bv->ghost_from = p->a_disc_from;
		bv->ghost_to = p->a_disc_to;
		bv->ghost_num = p->a_num;
		bv->ghost_den = p->a_den;
	}
	if (p->ph == PH_OVER || p->ph == PH_VIEW) {   /* (a replay's end too) */
		ng_cell w[3];
		int n = ng_pos_winning_cells(ps, w);
		for (int i = 0; i < n; i++)
			bv_flag(bv, w[i], CF_WIN);
	}
	if (p->ph == PH_VIEW)
		flag_best(p);
	if (!play_choosing(p) || p->a_tok || p->a_disc)
		return;
	for (int i = 0; i < bv->n; i++) {
		bcell *b = &bv->cell[i];
		if (b->disc || p->t.step == TS_PLACE)
			b->flags |= CF_POINT;
	}
	ng_cell tg[TURN_MAX_CHOICES], chosen;
	int n = turn_choices(&p->t, ps, tg, TURN_MAX_CHOICES);
	for (int i = 0; i < n; i++)
		bv_flag(bv, tg[i], CF_SELECT);
	if (turn_chosen(&p->t, &chosen))
		bv_flag(bv, chosen, CF_CHOSEN);
	bv_flag(bv, p->cur, CF_CURSOR);
}

/* Hexagon distance on the screen, squared and scaled: 3du^2 + 9dv^2. */
static double dist2(double u0, double v0, ng_cell c)
{
	double du = 2.0 * c.q + c.r - u0, dv = c.r - v0;
	return 3 * du * du + 9 * dv * dv;
}

/* Put the cursor on the choice nearest (u, v); ties go to reading order.
 * On a board that scrolls, the nearest of the choices on the screen, if
 * any is: the step's first cursor does not scroll the board (issue 38,
 * item 19: taking a disc at the bottom edge scrolled the board up a row,
 * to a place below it, between the steps of one turn). */
void play_cursor_near(play *p, double u, double v)
{
	play_build_view(p);
	int shown = 0;
	for (int i = 0; i < p->bv.n && !p->relayout; i++)
		shown |= (p->bv.cell[i].flags & CF_SELECT) && layout_shows(&p->L, p->bv.cell[i].c);
	int best = -1;
	double bd = 0;
	for (int i = 0; i < p->bv.n; i++) {
		const bcell *b = &p->bv.cell[i];
		if (!(b->flags & CF_SELECT) || (shown && !layout_shows(&p->L, b->c)))
			continue;
		double d = dist2(u, v, b->c);
		const bcell *o = best >= 0 ? &p->bv.cell[best] : NULL;
		if (!o || d < bd - 1e-9 ||
		    (d < bd + 1e-9 && (b->c.r < o->c.r ||
		                       (b->c.r == o->c.r && b->c.q < o->c.q)))) {
			best = i;
			bd = d;
		}
	}
	if (best >= 0) {
		p->cur = p->bv.cell[best].c;
		p->want_u = board_ux(&p->L, p->cur);
	}
}

void play_cursor_near_cursor(play *p)
{
	play_cursor_near(p, 2.0 * p->cur.q + p->cur.r, p->cur.r);
}

/* ------------------------------------------------------------- drawing */

/* An analysed replay's evaluation graph (eval_graph.c) takes the bottom
 * lines of a screen of 20 lines or more; 0 when there is none. */
static int graph_rows(const play *p)
{
	return p->ph == PH_VIEW && p->an && p->line && LINES >= 20 ? EVAL_GRAPH_ROWS : 0;
}

void play_render(play *p)
{
	if (term_draw_too_small(p->ask ? p->msg : NULL)) {
		p->relayout = 1;
		return;
	}
	/* (the view does not depend on the layout: built once) */
	play_build_view(p);
	int graph = graph_rows(p);
	if (p->relayout) {
		layout_update(&p->L, &p->bv, LINES - graph, COLS);
		erase();
		p->relayout = 0;
		play_fill_moves(p);   /* the game or the layout changed */
	}
	if (play_choosing(p))
		layout_follow(&p->L, p->cur);
	board_draw(&p->L, &p->bv);
	panel_text t;
	play_fill_panel(p, &t);
	panel_draw(&p->L, &t);
	if (graph)
		eval_graph_draw(LINES - graph, 0, COLS, p->an, ng_game_length(p->line),
		                ng_pos_side(ng_game_pos_at(p->line, 0)), ng_game_ply(p->g) - 1);
}

/* ------------------------------------------------------------ animation */


static int animating(const play *p)
{
	return p->opt->animation && !term_too_small();
}

/* A token slides from one cell to another, cell by cell. */
void play_animate_slide(play *p, int side, ng_cell from, ng_cell to)
{
	if (!animating(p))
		return;
	int dq = to.q - from.q, dr = to.r - from.r;
	int len = abs(dq) > abs(dr) ? abs(dq) : abs(dr);
	if (abs(dq + dr) > len)
		len = abs(dq + dr);
	if (len < 1)
		return;
	/* at most 400 ms, at least 45 ms a frame: long slides skip cells */
	int frames = len < 8 ? len : 8;
	int ms = 400 / frames > 90 ? 90 : 400 / frames;
	p->a_tok = 1;
	p->a_side = side;
	p->a_tok_from = from;
	for (int i = 1; i <= frames; i++) {
		int k = (i * len + frames / 2) / frames;
		p->a_tok_at.q = from.q + dq / len * k;
		p->a_tok_at.r = from.r + dr / len * k;
		play_render(p);
		if (anim_frame(ms))
			break;
	}
	p->a_tok = 0;
}

/* The winning three pulse a few times (still without animations). */
void play_animate_win(play *p)
{
	if (!animating(p))
		return;
	for (int i = 0; i < 6; i++) {
		p->a_pulse = !(i & 1);
		play_render(p);
		if (anim_frame(i & 1 ? 150 : 250))
			break;
	}
	p->a_pulse = 0;
}

/* A disc flies from one cell to another. */
void play_animate_reloc(play *p, ng_cell from, ng_cell to)
{
	if (!animating(p))
		return;
	const int frames = 7, ms = 55;
	p->a_disc = 1;
	p->a_disc_from = from;
	p->a_disc_to = to;
	p->a_den = frames;
	for (int i = 0; i <= frames; i++) {
		p->a_num = i;
		play_render(p);
		if (anim_frame(ms))
			break;
	}
	p->a_disc = 0;
}

