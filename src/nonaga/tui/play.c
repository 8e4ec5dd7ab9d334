/*
 * play.c - one game on the screen: the turn shown as it is chosen, undo
 * and redo, questions, the loop; and the API through which the other side
 * (game_screen.h: the computer, an online opponent, a puzzle, a replay)
 * acts on the screen.  What the board shows is built in play_view.c, the
 * lines of text in play_text.c; saving is in play_save.c and hints in
 * play_hint.c.
 *
 * The turn's steps are chosen in turn.c; this file shows what they did.
 * When a step begins the cursor stands on one of its choices (at the start
 * of a turn the one nearest the middle of the board, later the one nearest
 * the cursor), so four Enter presses play a legal turn.  The cursor may
 * also stand on cells that are not a choice, and choosing one says why not.
 */
#include "game_screen.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define say play_say

/* --------------------------------------------------------- the other side */

#define THEM(p, op) ((p)->them.ops && (p)->them.ops->op)

static void them_stop(play *p)
{
	if (THEM(p, stop))
		p->them.ops->stop(p, p->them.self);
}

/* ----------------------------------------------------------------- turns */

static void refuse(play *p, ng_err e)
{
	/* TRANSLATORS: %s is a reason from the engine, such as "the disc
	   carries a token". */
	say(p, R_MSG, _("Not allowed: %s."), reason_text(e));
	p->msg_refusal = 1;
}

/* The cursor moved on: a refusal is about the cell it left. */
static void forget_refusal(play *p)
{
	if (p->msg_refusal)
		play_quiet(p);
}

/* Play a move on the game: 0, or why it is refused (nothing changed). */
static ng_err played(play *p, ng_move m)
{
	ng_err e = ng_game_play(p->g, m);
	if (e != NG_OK)
		return e;
	p->relayout = 1;
	p->archived = 0;
	return NG_OK;
}

/* After a move: the next turn, the save, and a win shown (unless quiet). */
static void after_move(play *p, int quiet)
{
	play_enter_turn(p);
	play_autosave(p);
	if (p->ph == PH_OVER && !quiet)
		play_animate_win(p);
}

/* Play the turn chosen (turn.c). */
static void commit(play *p, ng_move m)
{
	ng_err e = played(p, m);
	if (e != NG_OK) {
		refuse(p, e);
		return;
	}
	if (THEM(p, moved) && p->them.ops->moved(p, p->them.self, m))
		return;   /* it says what follows */
	after_move(p, 0);
}

static void board_centre(const play *p, double *u, double *v)
{
	ng_cell d[19];
	int n = ng_pos_discs(cur_pos(p), d);
	double su = 0, sv = 0;
	for (int i = 0; i < n; i++) {
		su += 2.0 * d[i].q + d[i].r;
		sv += d[i].r;
	}
	*u = n ? su / n : 0;
	*v = n ? sv / n : 0;
}

/* --warn: at the start of the player's turn, say when the opponent could
 * win with a slide if nothing is done about it. */
static void warn_threat(play *p)
{
	int on = p->opt->warn == WARN_ALWAYS ||
	         (p->opt->warn == WARN_AUTO && (play_allows(p) & OK_WARN));
	int other = !to_move(p);
	if (!on || p->msg[0] || ng_pos_threats(cur_pos(p), (ng_side)other) == 0)
		return;
	say(p, R_MSG, "%s", other == NG_RED
	    ? _("Careful: Red can win with its next slide. Stop it!")
	    : _("Careful: Blue can win with its next slide. Stop it!"));
}

void play_enter_turn(play *p)
{
	play_drop_hint(p);
	/* (a pending question stays: the computer may move while it shows) */
	memset(&p->t, 0, sizeof p->t);
	if (ng_game_result(p->g) != NG_NONE) {
		p->ph = PH_OVER;
		return;
	}
	if (!play_human_turn(p)) {
		p->ph = PH_THEIRS;
		if (THEM(p, their_turn))
			p->them.ops->their_turn(p, p->them.self);
		return;
	}
	double u, v;
	board_centre(p, &u, &v);
	p->cur.q = (int)(u - v) / 2;
	p->cur.r = (int)v;
	warn_threat(p);
	p->ph = PH_TURN;
	turn_result r = turn_begin(&p->t, cur_pos(p));
	if (r.what == TURN_MOVE) {
		say(p, R_MSG, "%s", _("No token can move and no disc can be relocated: the turn passes."));
		commit(p, r.move);
		return;
	}
	if (p->t.no_slide && !p->msg[0])
		say(p, R_MSG, "%s", _("None of your tokens can move: the slide is skipped."));
	play_cursor_near(p, u, v);
}

ng_err play_show_move(play *p, ng_move m, int quiet)
{
	const ng_pos *ps = cur_pos(p);
	ng_cell f, t;
	ng_err e = ng_check_move(ps, m);
	if (e != NG_OK)
		return e;
	if (!quiet && ng_move_slide(ps, m, &f, &t)) {
		play_animate_slide(p, to_move(p), f, t);
		p->t.sf = f;   /* the token stays where it slid */
		p->t.st = t;
		p->t.slid = 1;
	}
	if (!quiet && ng_move_reloc(ps, m, &f, &t))
		play_animate_reloc(p, f, t);
	p->t.slid = 0;
	e = played(p, m);
	if (e != NG_OK)
		return e;
	after_move(p, quiet);
	return NG_OK;
}

/* ------------------------------------------------------------- choosing */

static void choose(play *p, ng_cell c)
{
	play_quiet(p);
	turn_result r = turn_choose(&p->t, cur_pos(p), c);
	switch (r.what) {
	case TURN_REFUSED:
		if (r.owner >= 0) {
			/* the opponent's token: say whose, not "no token" */
			say(p, R_MSG, r.owner == NG_RED
			    ? _("That is Red's token: choose one of Blue's.")
			    : _("That is Blue's token: choose one of Red's."));
			p->msg_refusal = 1;
		} else {
			refuse(p, r.why);
		}
		return;
	case TURN_BACK:
		return;
	case TURN_STEP:
		play_cursor_near_cursor(p);
		play_hint_cursor(p);   /* a hint followed leads each step */
		return;
	case TURN_SLID:
		play_animate_slide(p, to_move(p), p->t.sf, p->t.st);
		play_cursor_near_cursor(p);
		play_hint_cursor(p);
		return;
	case TURN_MOVE:
		if (r.slide)
			play_animate_slide(p, to_move(p), p->t.sf, p->t.st);
		if (r.reloc)
			play_animate_reloc(p, p->t.rf, p->t.rt);
		commit(p, r.move);
		return;
	}
}

static void step_back(play *p)
{
	play_quiet(p);
	ng_cell at;
	if (turn_back(&p->t, &at))
		p->cur = at;
	p->want_u = board_ux(&p->L, p->cur);
}

/* Tab and Shift-Tab: the next choice in reading order. */
static void cycle(play *p, int dir)
{
	play_build_view(p);
	int best = -1;
	long bk = 0;
	long ck = (long)p->cur.r * 100000 + (2L * p->cur.q + p->cur.r);
	for (int pass = 0; pass < 2 && best < 0; pass++)
		for (int i = 0; i < p->bv.n; i++) {
			const bcell *b = &p->bv.cell[i];
			if (!(b->flags & CF_SELECT))
				continue;
			long k = (long)b->c.r * 100000 + (2L * b->c.q + b->c.r);
			long d = dir > 0 ? k - ck : ck - k;
			/* pass 0: the nearest ahead; pass 1 (none ahead): wrap
			 * round to the first, the farthest behind */
			if (pass == 0 && d <= 0)
				continue;
			if (best < 0 || d < bk) {
				best = i;
				bk = d;
			}
		}
	if (best >= 0) {
		p->cur = p->bv.cell[best].c;
		p->want_u = board_ux(&p->L, p->cur);
	}
}

static void move_cursor(play *p, action a)
{
	play_build_view(p);
	int from = board_find(&p->bv, p->cur);
	int to = board_step(&p->L, &p->bv, from, a, p->want_u);
	if (to < 0)
		return;
	p->cur = p->bv.cell[to].c;
	if (a == ACT_LEFT || a == ACT_RIGHT)
		p->want_u = board_ux(&p->L, p->cur);
}

static void click(play *p, const event *ev)
{
	play_build_view(p);
	int i = board_hit(&p->L, &p->bv, ev->y, ev->x);
	if (i >= 0) {
		p->cur = p->bv.cell[i].c;
		p->want_u = board_ux(&p->L, p->cur);
		choose(p, p->cur);
	}
}

/* ------------------------------------------------------- undo, redo, new */

int play_take_back(play *p, int ply, const char *said)
{
	play_quiet(p);
	if (ply < 0) {
		say(p, R_MSG, "%s", _("There is nothing to undo."));
		return -1;
	}
	while (ng_game_ply(p->g) > ply && ng_game_undo(p->g) == NG_OK)
		;
	p->relayout = 1;
	play_enter_turn(p);
	say(p, R_NORMAL, "%s", said);
	play_autosave(p);
	return 0;
}

static void undo(play *p)
{
	if (THEM(p, undo)) {
		p->them.ops->undo(p, p->them.self);
		return;
	}
	play_take_back(p, ng_game_ply(p->g) - 1, _("Move taken back (r plays it again)."));
}

/* r: the move taken back played again; against another side, its reply
 * too (on to the player's own turn). */
static void redo(play *p)
{
	play_quiet(p);
	if (!ng_game_can_redo(p->g)) {
		say(p, R_MSG, "%s", _("There is nothing to redo."));
		return;
	}
	them_stop(p);
	ng_game_redo(p->g);
	if (p->them.ops)
		while (ng_game_can_redo(p->g) && to_move(p) != p->who.human &&
		       ng_game_result(p->g) == NG_NONE)
			ng_game_redo(p->g);
	p->relayout = 1;
	play_enter_turn(p);
	say(p, R_NORMAL, "%s", _("Played again."));
	play_autosave(p);
}

static void new_game(play *p, int animate)
{
	them_stop(p);
	ng_game_reset(p->g, p->who.rules);
	p->L.lines = 0;   /* a new board is centred afresh */
	play_quiet(p);
	if (THEM(p, new_game)) {
		int human = p->them.ops->new_game(p, p->them.self, animate);
		if (human >= 0)
			p->who.human = human;
	}
	p->archived = 0;
	save_info_new(&p->si, &p->who);
	p->relayout = 1;
	play_enter_turn(p);
}

/* ------------------------------------------------------- the screen's life */

void play_init(play *p, const options *opt, const lineup *who, ng_game *g,
               other_side them)
{
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->who = *who;
	p->g = g;
	p->them = them;
	p->relayout = 1;
}

/* A new game (not resumed): the other side may choose who plays what. */
void play_begin(play *p)
{
	new_game(p, 1);
}

void play_keep_in(play *p, int slot)
{
	p->slot = slot;
}

void play_resume(play *p, const save_info *si)
{
	p->si = *si;
	/* a finished game came back: it is kept already */
	p->archived = ng_game_result(p->g) != NG_NONE;
	play_enter_turn(p);
}

static void done(play *p)
{
	them_stop(p);
	if (THEM(p, free))
		p->them.ops->free(p->them.self);
	p->them.ops = NULL;
	ai_free(p->hint_ai);
	p->hint_ai = NULL;
}

void play_restart(play *p, int human)
{
	p->who.human = human;
	p->who.rules = ng_pos_rules(ng_game_pos_at(p->g, 0));
	p->L.lines = 0;   /* centred afresh */
	p->relayout = 1;
	p->ask = ASK_NONE;
	play_enter_turn(p);
}

void play_over(play *p)
{
	memset(&p->t, 0, sizeof p->t);
	p->ph = PH_OVER;
}

void play_unask(play *p)
{
	p->ask = ASK_NONE;
}

void play_relayout(play *p)
{
	p->relayout = 1;
}

void play_view_record(play *p, const ng_game *line)
{
	p->ph = PH_VIEW;
	p->line = line;
	p->relayout = 1;
}

void play_mark_line(play *p, const struct an_move *an)
{
	p->an = an;
	p->relayout = 1;
}

/* -------------------------------------------------------------- the loop */

void play_ask(play *p, int what, const char *question)
{
	p->ask = what;
	say(p, R_MSG, "%s", question);
}

static void ask(play *p, int what)
{
	play_ask(p, what, what == ASK_QUIT ? _("Quit? The game stays saved. (y/n)")
	                  : what == ASK_NEW ? _("Start a new game? (y/n)")
	                  : _("Leave this game for the title menu? (y/n)"));
}

/* Leaving (or a new game) asks first: the game is in progress. */
static int in_progress(const play *p)
{
	if (!(play_allows(p) & OK_ASK))
		return 0;   /* a puzzle is left at once: nothing is lost */
	return p->ph != PH_OVER && (ng_game_ply(p->g) > 0 || p->t.slid);
}

/* The user leaves this game for another: it is no longer in progress. */
static void abandon(play *p)
{
	char msg[SAVE_MSG];
	if (ng_game_result(p->g) == NG_NONE && ng_game_length(p->g) > 0 &&
	    play_state_dir(p) && save_discard(p->dir, p->slot, msg) != SAVE_OK)
		say(p, R_MSG, "%s", msg);
}

/* The key that answers the question: a PLAY_ result to leave with, or -1. */
static int answer(play *p, const event *ev)
{
	int what = p->ask;
	p->ask = ASK_NONE;
	play_quiet(p);
	if (!input_is_yes(ev->key) && !(what == ASK_QUIT && ev->act == ACT_QUIT))
		return -1;
	switch (what) {
	case ASK_QUIT:
		/* left in progress: tui.c says how to go on */
		return ng_game_length(p->g) > 0 && p->dir[0] ? PLAY_QUIT_SAVED : PLAY_QUIT;
	case ASK_MENU:
		return PLAY_MENU;
	case ASK_NEW:
		abandon(p);
		new_game(p, 1);
		return -1;
	default:
		return THEM(p, answer) ? p->them.ops->answer(p, p->them.self, what) : -1;
	}
}

/* q, m and n: leave or start again, asking first when the game is on. */
static int leave_or_new(play *p, action a)
{
	int what = a == ACT_QUIT ? ASK_QUIT : a == ACT_MENU ? ASK_MENU : ASK_NEW;
	if (in_progress(p)) {
		ask(p, what);
		return -1;
	}
	if (a == ACT_NEW) {
		new_game(p, 1);
		return -1;
	}
	return a == ACT_QUIT ? PLAY_QUIT : PLAY_MENU;
}

/* A key of the game's own (after the other side's): a PLAY_ result to
 * leave with, or -1. */
static int key(play *p, const event *ev)
{
	int choosing = play_choosing(p);
	switch (ev->act) {
	case ACT_QUIT: case ACT_MENU: case ACT_NEW:
		return leave_or_new(p, ev->act);
	case ACT_HELP:
		page_help();
		p->relayout = 1;
		break;
	case ACT_HINT:
		play_ask_hint(p);
		break;
	case ACT_EXPORT:
		play_export(p);
		break;
	case ACT_COORDS:
		p->bv.coords = !p->bv.coords;
		break;
	case ACT_UNDO:
		undo(p);
		break;
	case ACT_REDO:
		redo(p);
		break;
	case ACT_UP: case ACT_DOWN: case ACT_LEFT: case ACT_RIGHT:
		if (choosing) {
			forget_refusal(p);
			move_cursor(p, ev->act);
		}
		break;
	case ACT_NEXT: case ACT_PREV:
		if (choosing) {
			forget_refusal(p);
			cycle(p, ev->act == ACT_NEXT ? 1 : -1);
		}
		break;
	case ACT_SELECT:
		if (choosing)
			choose(p, p->cur);
		break;
	case ACT_BACK:
		if (choosing)
			step_back(p);
		break;
	case ACT_CLICK:
		if (choosing)
			click(p, ev);
		break;
	default:
		break;
	}
	return -1;
}

/* The other side's news and the hint's: a PLAY_ result to leave with, or
 * -1; *wait_ms how long the input may wait. */
static int poll(play *p, int *wait_ms)
{
	*wait_ms = -1;
	if (THEM(p, poll)) {
		int r = p->them.ops->poll(p, p->them.self, wait_ms);
		if (r >= 0)
			return r;
	}
	play_poll_hint(p);   /* (its search wakes the wait when it ends) */
	return -1;
}

/* One event: a PLAY_ result to leave with, or -1. */
static int event_in(play *p, const event *ev)
{
	switch (ev->act) {
	case ACT_SIGNAL:
		/* hang-up, TERM, INT: stop thinking, keep the game */
		them_stop(p);
		if (ng_game_result(p->g) == NG_NONE)
			play_autosave(p);
		return PLAY_QUIT;
	case ACT_TIMEOUT:
		return -1;
	case ACT_RESIZE: case ACT_REDRAW:
		clearok(curscr, TRUE);
		p->relayout = 1;
		return -1;
	default:
		break;
	}
	/* the game waits; only q (and the answer to its question) work */
	if (term_too_small() && ev->act != ACT_QUIT && !p->ask)
		return -1;
	if (p->ask)
		return answer(p, ev);
	int leave = -1;
	if (THEM(p, key) && p->them.ops->key(p, p->them.self, ev, &leave))
		return leave;
	return key(p, ev);
}

static int loop(play *p)
{
	for (;;) {
		int wait_ms, r = poll(p, &wait_ms);
		if (r >= 0)
			return r;
		play_render(p);
		event ev;
		input_wait(&ev, wait_ms, THEM(p, wait_fd) ? p->them.ops->wait_fd(p, p->them.self)
		                                          : -1);
		r = event_in(p, &ev);
		if (r >= 0)
			return r;
	}
}

int play_run_screen(play *p)
{
	int result = loop(p);
	done(p);
	return result;
}
