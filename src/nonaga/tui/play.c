/*
 * play.c - one game on the screen: the turn shown as it is chosen, the
 * computer, undo and redo, questions, animations, the loop.  What the
 * board shows is built in play_view.c, the lines of text in play_text.c;
 * saving is in play_save.c, hints in play_hint.c and the replay in
 * play_replay.c.
 *
 * The turn's steps are chosen in turn.c; this file shows what they did.
 * When a step begins the cursor stands on one of its choices (at the start
 * of a turn the one nearest the middle of the board, later the one nearest
 * the cursor), so four Enter presses play a legal turn.  The cursor may
 * also stand on cells that are not a choice, and choosing one says why not.
 */
#include "play.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


int play_human_turn(const play *p)
{
	if (p->np)   /* online: the player's own seat (never a watcher's) */
		return p->who.human >= 0 && to_move(p) == p->who.human && netplay_ready(p);
	return p->who.mode != MODE_AI || to_move(p) == p->who.human;
}

int play_choosing(const play *p)
{
	return p->ph == PH_TURN && turn_choosing(&p->t);
}

/* The message line (play.h); "say" in this file. */
#define say play_say

void play_say(play *p, int role, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	p->msg_role = role;
	p->msg_refusal = 0;
}

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
	if (p->msg_refusal) {
		p->msg[0] = 0;
		p->msg_refusal = 0;
	}
}

const char *play_side_name(int side)
{
	return side == NG_RED ? _("Red") : _("Blue");
}


/* Has the human a move of their own to take back (against the computer)? */
int play_has_own_move(const play *p)
{
	for (int i = ng_game_ply(p->g) - 1; i >= 0; i--)
		if ((int)ng_pos_side(ng_game_pos_at(p->g, i)) == p->who.human)
			return 1;
	return 0;
}

/* ----------------------------------------------------------------- turns */


static void start_ai(play *p)
{
	p->ph = PH_AI;
	if (p->ai_failed)
		return;
	p->ai_since = input_now_ms();
	if (!p->ai || ai_start(p->ai, p->g, p->who.level) != 0) {
		p->ai_failed = 1;
		say(p, R_MSG, _("The computer cannot think: %s."), reason_text(NG_ERR_NOMEM));
	}
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
	if (p->np)
		netplay_sent(p, m);
	if (p->pz) {
		puzzle_moved(p);   /* it says what follows */
		return;
	}
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
	         (p->opt->warn == WARN_AUTO && p->who.mode == MODE_AI &&
	          p->who.level <= 3);
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
		if (p->np)
			p->ph = PH_AI;   /* the opponent's turn, or watching */
		else
			start_ai(p);
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

static void apply_ai_move(play *p, ng_move m, ng_err e)
{
	if (e == NG_OK)
		e = play_show_move(p, m, 0);
	if (e != NG_OK) {
		p->ai_failed = 1;
		say(p, R_MSG, _("The computer cannot move: %s."), reason_text(e));
	}
}

/* ------------------------------------------------------------- choosing */

static void choose(play *p, ng_cell c)
{
	p->msg[0] = 0;
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
		return;
	case TURN_SLID:
		play_animate_slide(p, to_move(p), p->t.sf, p->t.st);
		play_cursor_near_cursor(p);
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
	p->msg[0] = 0;
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

/* ------------------------------------------------------- undo, redo, new */

/* The computer stops thinking about its move.  (Its searcher may be
 * looking for a hint instead: that goes with the position, play_drop_hint.) */
static void stop_ai(play *p)
{
	if (p->ai && ai_busy(p->ai) && !p->hinting)
		ai_cancel(p->ai);
}

/* What a screen of play holds, freed when it ends (any kind: a game, an
 * online game, a puzzle; each may have asked for a hint). */
static void play_free(play *p)
{
	stop_ai(p);
	ai_free(p->ai);
	ai_free(p->hint_ai);
	netplay_free(p->np);
	ng_game_free(p->g);
}

static void undo(play *p)
{
	if (p->np) {
		netplay_undo(p);
		return;
	}
	stop_ai(p);
	int ply = ng_game_ply(p->g), target = -1;
	if (p->who.mode == MODE_AI) {
		/* back to the last position where it was the human's turn */
		for (int i = ply - 1; i >= 0; i--)
			if ((int)ng_pos_side(ng_game_pos_at(p->g, i)) == p->who.human) {
				target = i;
				break;
			}
	} else {
		target = ply - 1;
	}
	p->msg[0] = 0;
	p->ai_failed = 0;
	if (target < 0) {
		say(p, R_MSG, "%s", _("There is nothing to undo."));
		if (p->ph == PH_AI)
			start_ai(p);
		return;
	}
	while (ng_game_ply(p->g) > target)
		ng_game_undo(p->g);
	p->relayout = 1;
	play_enter_turn(p);
	say(p, R_NORMAL, "%s", p->who.mode == MODE_AI
	    ? _("Taken back: your move and the computer's reply (r plays them again).")
	    : _("Move taken back (r plays it again)."));
	play_autosave(p);
}

static void redo(play *p)
{
	p->msg[0] = 0;
	if (p->np) {
		say(p, R_MSG, "%s", _("Online, moves are taken back only by agreement, "
		                      "and not played again."));
		return;
	}
	if (!ng_game_can_redo(p->g)) {
		say(p, R_MSG, "%s", _("There is nothing to redo."));
		return;
	}
	stop_ai(p);
	p->ai_failed = 0;
	ng_game_redo(p->g);
	if (p->who.mode == MODE_AI)
		while (ng_game_can_redo(p->g) && to_move(p) != p->who.human &&
		       ng_game_result(p->g) == NG_NONE)
			ng_game_redo(p->g);
	p->relayout = 1;
	play_enter_turn(p);
	say(p, R_NORMAL, "%s", _("Played again."));
	play_autosave(p);
}

static void new_game(play *p, int draw_sides)
{
	stop_ai(p);
	ng_game_reset(p->g, p->who.rules);
	p->L.lines = 0;   /* a new board is centred afresh */
	p->msg[0] = 0;
	p->ai_failed = 0;
	if (p->who.mode == MODE_AI) {
		if (p->draw_side) {
			p->who.human = rand() & 1;
			anim_draw_sides(p->who.human, draw_sides && p->opt->animation);
			say(p, R_NORMAL, p->who.human == NG_RED
			    ? _("You play Red and move first.")
			    : _("You play Blue; the computer moves first."));
		}
	}
	p->archived = 0;
	save_info_new(&p->si, &p->who);
	p->relayout = 1;
	play_enter_turn(p);
}

void play_render(play *p)
{
	if (term_draw_too_small(p->ask ? p->msg : NULL)) {
		p->relayout = 1;
		return;
	}
	/* (the view does not depend on the layout: built once) */
	play_build_view(p);
	if (p->relayout) {
		layout_update(&p->L, &p->bv, LINES, COLS);
		erase();
		p->relayout = 0;
	}
	if (play_choosing(p))
		layout_follow(&p->L, p->cur);
	board_draw(&p->L, &p->bv);
	panel_text t;
	play_fill_panel(p, &t);
	panel_draw(&p->L, &t);
}

/* -------------------------------------------------------------- the loop */

static int play_loop(play *p);

static int ask(play *p, int what)
{
	p->ask = what;
	const char *q = what == ASK_QUIT ? _("Quit? The game stays saved. (y/n)")
	              : what == ASK_NEW ? _("Start a new game? (y/n)")
	              : what == ASK_RESIGN ? _("Resign this game? (y/n)")
	              : what == ASK_LEAVE
	              ? _("Leave the game? Your seat is kept for you to come back. (y/n)")
	              : _("Leave this game for the title menu? (y/n)");
	say(p, R_MSG, "%s", q);
	return 0;
}

void play_ask(play *p, int what)
{
	ask(p, what);
}

static int in_progress(const play *p)
{
	if (p->pz)
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

int play_run(const lineup *s, const options *opt, ng_game *resume,
             const save_info *si, int slot, const char *note)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->slot = slot;
	p->who = resume ? si->who : *s;
	if (resume)
		p->who.rules = ng_pos_rules(ng_game_pos_at(resume, 0));
	p->draw_side = !resume && s->mode == MODE_AI && s->human < 0;
	p->g = resume ? resume : ng_game_new(s->rules);
	p->ai = p->who.mode == MODE_AI ? ai_new(opt->threads) : NULL;
	if (!p->g || (p->who.mode == MODE_AI && !p->ai)) {
		ng_game_free(p->g);
		ai_free(p->ai);
		return PLAY_QUIT;
	}
	static int seeded;
	if (!seeded) {
		srand((unsigned)time(NULL) ^ (unsigned)getpid());
		seeded = 1;
	}
	if (resume) {
		p->si = *si;
		/* a finished game came back: it is kept already */
		p->archived = ng_game_result(p->g) != NG_NONE;
		p->relayout = 1;
		play_enter_turn(p);
	} else {
		new_game(p, 1);
	}
	if (note)
		say(p, R_MSG, "%s", note);
	int result = play_loop(p);
	play_free(p);
	return result;
}

/* An online game: the first answer (to host, join or watch) and its sync
 * come through netplay_poll. */
int play_online(const options *opt, const lineup *s, struct online *on)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->who = *s;
	p->who.mode = MODE_ONLINE;   /* play_online.c says who is who */
	p->who.human = -1;
	p->g = ng_game_new(s->rules);
	p->np = netplay_new(on);
	if (!p->g || !p->np) {
		ng_game_free(p->g);
		netplay_free(p->np);
		return PLAY_QUIT;
	}
	p->ph = PH_AI;
	p->relayout = 1;
	int result = play_loop(p);
	play_free(p);
	return result;
}

int play_puzzle(const options *opt, pzrun *r, const char *note)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->who.mode = MODE_PVP;   /* no computer: play_puzzle.c answers */
	p->who.rules = NG_STANDARD;
	p->g = ng_game_new(NG_STANDARD);
	if (!p->g)
		return PLAY_QUIT;
	p->pz = r;
	puzzle_show(p);
	if (note)
		say(p, R_MSG, "%s", note);
	int result = play_loop(p);
	play_free(p);
	return result;
}

/* The game on the screen until the player leaves it: a PLAY_ result. */
static int play_loop(play *p)
{
	int result = PLAY_QUIT;
	for (;;) {
		if (p->np) {
			int r = netplay_poll(p);
			if (r >= 0)
				return r;
		}
		/* With animations, the "thinking" line shows for a moment even
		 * when the answer is instant, so the reply does not look like
		 * part of the player's own move. */
		int shown = !p->opt->animation ||
		            input_now_ms() - p->ai_since >= AI_MIN_SHOW_MS;
		if (p->ph == PH_AI && p->ai && ai_busy(p->ai) && shown &&
		    !term_too_small()) {
			ng_move m;
			ng_err e;
			if (ai_poll(p->ai, &m, &e))
				apply_ai_move(p, m, e);
		}
		if (p->hinting) {
			ng_move m;
			ng_err e;
			if (ai_poll(play_hint_searcher(p), &m, &e))
				play_show_hint(p, m, e);
		}
		play_render(p);
		event ev;
		input_get(&ev, p->np ? netplay_wait_ms(p)
		               : (p->ph == PH_AI && p->ai && ai_busy(p->ai)) || p->hinting
		               ? 100 : -1);
		if (ev.act == ACT_SIGNAL) {
			/* hang-up, TERM, INT: stop thinking, keep the game */
			stop_ai(p);
			if (ng_game_result(p->g) == NG_NONE)
				play_autosave(p);
			break;
		}
		if (ev.act == ACT_TIMEOUT)
			continue;
		if (ev.act == ACT_RESIZE || ev.act == ACT_REDRAW) {
			clearok(curscr, TRUE);
			p->relayout = 1;
			continue;
		}
		/* the game waits; only q (and the answer to its question) work */
		if (term_too_small() && ev.act != ACT_QUIT && !p->ask)
			continue;
		if (p->ask) {
			int what = p->ask;
			p->ask = ASK_NONE;
			p->msg[0] = 0;
			if (input_is_yes(ev.key) || (what == ASK_QUIT && ev.act == ACT_QUIT)) {
				if (what == ASK_QUIT) {
					/* left in progress: tui.c says how to go on */
					result = ng_game_length(p->g) > 0 && p->dir[0]
					         ? PLAY_QUIT_SAVED : PLAY_QUIT;
					break;
				}
				if (what == ASK_MENU) {
					result = PLAY_MENU;
					break;
				}
				if (what == ASK_RESIGN || what == ASK_LEAVE) {
					int r = netplay_yes(p, what);
					if (r >= 0)
						return r;
					continue;
				}
				abandon(p);
				new_game(p, 1);
			}
			continue;
		}
		if (p->np && netplay_key(p, &ev))
			continue;
		if (p->pz && puzzle_key(p, &ev))
			continue;
		switch (ev.act) {
		case ACT_QUIT:
			if (in_progress(p)) {
				ask(p, ASK_QUIT);
				break;
			}
			result = PLAY_QUIT;
			goto out;
		case ACT_MENU:
			if (in_progress(p)) {
				ask(p, ASK_MENU);
				break;
			}
			result = PLAY_MENU;
			goto out;
		case ACT_NEW:
			if (in_progress(p))
				ask(p, ASK_NEW);
			else
				new_game(p, 1);
			break;
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
			if (play_choosing(p)) {
				forget_refusal(p);
				move_cursor(p, ev.act);
			}
			break;
		case ACT_NEXT: case ACT_PREV:
			if (play_choosing(p)) {
				forget_refusal(p);
				cycle(p, ev.act == ACT_NEXT ? 1 : -1);
			}
			break;
		case ACT_SELECT:
			if (play_choosing(p))
				choose(p, p->cur);
			break;
		case ACT_BACK:
			if (play_choosing(p))
				step_back(p);
			break;
		case ACT_CLICK:
			if (play_choosing(p)) {
				play_build_view(p);
				int i = board_hit(&p->L, &p->bv, ev.y, ev.x);
				if (i >= 0) {
					p->cur = p->bv.cell[i].c;
					p->want_u = board_ux(&p->L, p->cur);
					choose(p, p->cur);
				}
			}
			break;
		default:
			break;
		}
	}
out:
	return result;
}

