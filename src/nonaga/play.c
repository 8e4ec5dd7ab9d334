/*
 * play.c - one game on the screen: the turn step by step, the computer,
 * undo and redo, questions, animations.
 *
 * A turn has four steps; Enter (or a click) chooses and confirms:
 *   PH_SLIDE     choose one of your tokens that can move
 *   PH_SLIDE_TO  choose where it slides (the slide is then shown, not
 *                played: Esc in the next step takes it back)
 *   PH_TAKE      choose a disc to take
 *   PH_PLACE     choose where it goes; the whole move is played
 * A step that is impossible is skipped, and a winning slide ends the turn.
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

static int eq(ng_cell a, ng_cell b) { return a.q == b.q && a.r == b.r; }

static int in_list(const ng_cell *l, int n, ng_cell c)
{
	for (int i = 0; i < n; i++)
		if (eq(l[i], c))
			return 1;
	return 0;
}

/* Axial directions, in the engine's order. */
static const int DQ[6] = { 1, 1, 0, -1, -1, 0 };
static const int DR[6] = { 0, -1, -1, 0, 1, 1 };


static int human_turn(const play *p)
{
	if (p->np)   /* online: the player's own seat (never a watcher's) */
		return p->human >= 0 && to_move(p) == p->human && netplay_ready(p);
	return p->set.mode != MODE_AI || to_move(p) == p->human;
}

static int choosing(const play *p)
{
	return p->ph == PH_SLIDE || p->ph == PH_SLIDE_TO || p->ph == PH_TAKE ||
	       p->ph == PH_PLACE;
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

static const char *side_name(int side)
{
	return side == NG_RED ? _("Red") : _("Blue");
}

const char *play_side_name(int side)
{
	return side_name(side);
}

/* Has the human a move of their own to take back (against the computer)? */
static int has_own_move(const play *p)
{
	for (int i = ng_game_ply(p->g) - 1; i >= 0; i--)
		if ((int)ng_pos_side(ng_game_pos_at(p->g, i)) == p->human)
			return 1;
	return 0;
}

/* ---------------------------------------------------------------- saving */

/* The state directory, made when first needed; 0 when there is none (the
 * message is then in the status line). */
static int state_dir(play *p)
{
	if (p->dir[0])
		return 1;
	char msg[SAVE_MSG];
	if (save_dir(p->dir, sizeof p->dir, msg) != SAVE_OK) {
		p->dir[0] = 0;
		say(p, R_MSG, "%s", msg);
		return 0;
	}
	return 1;
}

/*
 * Keep the game on disk after a turn, an undo or a redo: the game in
 * progress as current.save; a finished game as a record, and then there
 * is no game in progress any more.  A game without moves is not saved.
 * Failures are told in the status line; the game goes on.
 */
static void autosave(play *p)
{
	/* an online game is kept by the server (netplay.c keeps its end) */
	if (p->replay || p->np || ng_game_length(p->g) == 0 || !state_dir(p))
		return;
	char msg[SAVE_MSG];
	if (ng_game_result(p->g) != NG_NONE && !ng_game_can_redo(p->g)) {
		if (p->archived) {
			/* undone and redone: it is kept already, but the undo
			 * saved it as in progress again */
			if (save_discard(p->dir, msg) != SAVE_OK)
				say(p, R_MSG, "%s", msg);
			return;
		}
		p->archived = 1;
		char path[PATH_MAX];
		if (save_archive(p->dir, p->g, &p->si, path, sizeof path, msg) != SAVE_OK) {
			say(p, R_MSG, "%s", msg);
			/* keep it as the game in progress rather than lose it */
			if (save_game(p->dir, p->g, &p->si, msg) != SAVE_OK)
				say(p, R_MSG, "%s", msg);
			return;
		}
		if (save_discard(p->dir, msg) != SAVE_OK)
			say(p, R_MSG, "%s", msg);
		else
			/* TRANSLATORS: %s is the file a finished game was kept in. */
			say(p, R_NORMAL, _("The game was kept as %s."), path);
		return;
	}
	if (save_game(p->dir, p->g, &p->si, msg) != SAVE_OK)
		say(p, R_MSG, "%s", msg);
}

/* x: the game as a record, named by the time, in the current directory;
 * when that cannot be written to (read-only, or removed), in
 * $XDG_DOCUMENTS_DIR or else the home directory.  The path is shown. */
static void export_game(play *p)
{
	char name[64], cwd[PATH_MAX], path[PATH_MAX + 80], msg[SAVE_MSG], first[SAVE_MSG];
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(name, sizeof name, "nonaga-%Y%m%d-%H%M%S.nonaga", &tm);
	const char *dirs[3] = {
		getcwd(cwd, sizeof cwd), getenv("XDG_DOCUMENTS_DIR"), getenv("HOME"),
	};
	first[0] = 0;
	for (int i = 0; i < 3; i++) {
		if (!dirs[i] || dirs[i][0] != '/')
			continue;
		size_t n = strlen(dirs[i]);
		snprintf(path, sizeof path, "%s%s%s", dirs[i],
		         dirs[i][n - 1] == '/' ? "" : "/", name);
		if (save_export(path, p->g, &p->si, 0, msg) == SAVE_OK) {
			if (i == 0)
				/* TRANSLATORS: %s is the file the game was written to. */
				say(p, R_NORMAL, _("Game exported to %s."), path);
			else
				/* TRANSLATORS: %s is the file the game was written to. */
				say(p, R_NORMAL, _("The current directory cannot be "
				                   "written to: game exported to %s."), path);
			return;
		}
		if (!first[0])
			snprintf(first, sizeof first, "%s", msg);
	}
	say(p, R_MSG, "%s", first[0] ? first : _("There is no directory to export the game to."));
}

/* ------------------------------------------------------- the rules, asked */

static int movable(const play *p, ng_cell c)
{
	return ng_why_not_token(cur_pos(p), c) == NG_OK;
}

static ng_err take_reason(const play *p, ng_cell c)
{
	return ng_why_not_take(cur_pos(p), p->slid ? &p->sf : NULL,
	                       p->slid ? &p->st : NULL, c);
}

static int slide_targets(const play *p, ng_cell from, ng_cell out[6])
{
	return ng_slide_targets(cur_pos(p), from, out);
}

#define MAX_PLACES 128
static int place_targets(const play *p, ng_cell from, ng_cell *out)
{
	return ng_place_targets(cur_pos(p), from, out, MAX_PLACES);
}

/* ------------------------------------------------------------- the view */

static int add_cell(boardview *bv, ng_cell c, int disc)
{
	int i = board_find(bv, c);
	if (i >= 0)
		return i;
	if (bv->n >= BV_MAX)
		return -1;
	bcell *b = &bv->cell[bv->n];
	b->c = c;
	b->disc = (signed char)disc;
	b->tok = -1;
	b->flags = 0;
	return bv->n++;
}

static void flag(boardview *bv, ng_cell c, unsigned f)
{
	int i = board_find(bv, c);
	if (i >= 0)
		bv->cell[i].flags |= (unsigned char)f;
}

static void build_view(play *p)
{
	boardview *bv = &p->bv;
	const ng_pos *ps = cur_pos(p);
	bv->n = 0;
	bv->ghost = 0;
	ng_cell d[19], t[3];
	int nd = ng_pos_discs(ps, d);
	for (int i = 0; i < nd; i++)
		if (!(p->a_disc && eq(d[i], p->a_disc_from)))
			add_cell(bv, d[i], 1);
	for (int s = 0; s < 2; s++) {
		ng_pos_tokens(ps, (ng_side)s, t);
		for (int k = 0; k < 3; k++) {
			ng_cell c = t[k];
			if (s == to_move(p) && p->slid && eq(c, p->sf))
				c = p->st;
			if (p->a_tok && s == p->a_side && eq(c, p->a_tok_from))
				c = p->a_tok_at;
			int i = board_find(bv, c);
			if (i >= 0)
				bv->cell[i].tok = (signed char)s;
		}
	}
	/* the empty cells around the discs (where a disc may go) */
	int ndiscs = bv->n;
	for (int i = 0; i < ndiscs; i++)
		for (int k = 0; k < 6; k++) {
			ng_cell n = { bv->cell[i].c.q + DQ[k], bv->cell[i].c.r + DR[k] };
			add_cell(bv, n, 0);
		}
	ng_cell lock;
	if (ng_pos_rules(ps) == NG_STANDARD && ng_pos_lock(ps, &lock))
		flag(bv, lock, CF_LOCK);
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
			flag(bv, w[i], CF_WIN);
	}
	if (!choosing(p) || p->a_tok || p->a_disc)
		return;
	ng_cell tg[MAX_PLACES];
	int n;
	for (int i = 0; i < bv->n; i++) {
		bcell *b = &bv->cell[i];
		if (b->disc || p->ph == PH_PLACE)
			b->flags |= CF_POINT;
		switch (p->ph) {
		case PH_SLIDE:
			if (b->tok == to_move(p) && movable(p, b->c))
				b->flags |= CF_SELECT;
			break;
		case PH_TAKE:
			if (b->disc && take_reason(p, b->c) == NG_OK)
				b->flags |= CF_SELECT;
			break;
		default:
			break;
		}
	}
	if (p->ph == PH_SLIDE_TO) {
		flag(bv, p->sf, CF_CHOSEN);
		n = slide_targets(p, p->sf, tg);
		for (int i = 0; i < n; i++)
			flag(bv, tg[i], CF_SELECT);
	} else if (p->ph == PH_PLACE) {
		flag(bv, p->rf, CF_CHOSEN);
		n = place_targets(p, p->rf, tg);
		for (int i = 0; i < n; i++)
			flag(bv, tg[i], CF_SELECT);
	}
	flag(bv, p->cur, CF_CURSOR);
}

/* Hexagon distance on the screen, squared and scaled: 3du^2 + 9dv^2. */
static double dist2(double u0, double v0, ng_cell c)
{
	double du = 2.0 * c.q + c.r - u0, dv = c.r - v0;
	return 3 * du * du + 9 * dv * dv;
}

/* Put the cursor on the choice nearest (u, v); ties go to reading order. */
static void cursor_near(play *p, double u, double v)
{
	build_view(p);
	int best = -1;
	double bd = 0;
	for (int i = 0; i < p->bv.n; i++) {
		const bcell *b = &p->bv.cell[i];
		if (!(b->flags & CF_SELECT))
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

static void cursor_near_cursor(play *p)
{
	cursor_near(p, 2.0 * p->cur.q + p->cur.r, p->cur.r);
}

/* ------------------------------------------------------------ animation */

static void render(play *p);

static int animating(const play *p)
{
	return p->opt->animation && !term_too_small();
}

/* A token slides from one cell to another, cell by cell. */
static void animate_slide(play *p, int side, ng_cell from, ng_cell to)
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
		render(p);
		if (anim_frame(ms))
			break;
	}
	p->a_tok = 0;
}

/* A disc flies from one cell to another. */
static void animate_reloc(play *p, ng_cell from, ng_cell to)
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
		render(p);
		if (anim_frame(ms))
			break;
	}
	p->a_disc = 0;
}

/* ----------------------------------------------------------------- turns */

static void enter_turn(play *p);

static void start_ai(play *p)
{
	p->ph = PH_AI;
	if (p->ai_failed)
		return;
	p->ai_since = anim_now_ms();
	if (!p->ai || ai_start(p->ai, p->g, p->set.level) != 0) {
		p->ai_failed = 1;
		say(p, R_MSG, _("The computer cannot think: %s."), reason_text(NG_ERR_NOMEM));
	}
}

/* Play the turn chosen so far (parts not chosen are skipped). */
static void commit(play *p, const ng_cell *rt)
{
	ng_move m;
	ng_err e = ng_move_build(cur_pos(p), p->slid ? &p->sf : NULL,
	                         p->slid ? &p->st : NULL, rt ? &p->rf : NULL, rt, &m);
	if (e == NG_OK)
		e = ng_game_play(p->g, m);
	if (e != NG_OK) {
		refuse(p, e);
		return;
	}
	p->relayout = 1;
	p->archived = 0;
	if (p->np)
		netplay_sent(p, m);
	enter_turn(p);
	autosave(p);
}

/* After the slide (or when there was none): relocate, or end the turn. */
static void after_slide(play *p)
{
	ng_move m;
	ng_move_build(cur_pos(p), p->slid ? &p->sf : NULL, p->slid ? &p->st : NULL,
	              NULL, NULL, &m);
	if (ng_check_move(cur_pos(p), m) == NG_OK) {
		/* a winning slide, or no disc can be relocated */
		if (!p->slid)
			say(p, R_MSG, "%s", _("No token can move and no disc can be relocated: the turn passes."));
		commit(p, NULL);
		return;
	}
	p->ph = PH_TAKE;
	cursor_near_cursor(p);
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
	         (p->opt->warn == WARN_AUTO && p->set.mode == MODE_AI &&
	          p->set.level <= 3);
	int other = !to_move(p);
	if (!on || p->msg[0] || ng_pos_threats(cur_pos(p), (ng_side)other) == 0)
		return;
	say(p, R_MSG, "%s", other == NG_RED
	    ? _("Careful: Red can win with its next slide. Stop it!")
	    : _("Careful: Blue can win with its next slide. Stop it!"));
}

static void enter_turn(play *p)
{
	/* (a pending question stays: the computer may move while it shows) */
	p->slid = p->no_slide = 0;
	if (ng_game_result(p->g) != NG_NONE) {
		p->ph = PH_OVER;
		return;
	}
	if (!human_turn(p)) {
		if (p->np)
			p->ph = PH_AI;   /* the opponent's turn, or watching */
		else
			start_ai(p);
		return;
	}
	ng_cell t[3];
	ng_pos_tokens(cur_pos(p), (ng_side)to_move(p), t);
	int any = 0;
	for (int k = 0; k < 3; k++)
		any |= movable(p, t[k]);
	double u, v;
	board_centre(p, &u, &v);
	p->cur.q = (int)(u - v) / 2;
	p->cur.r = (int)v;
	warn_threat(p);
	if (any) {
		p->ph = PH_SLIDE;
		cursor_near(p, u, v);
	} else {
		p->no_slide = 1;
		if (!p->msg[0])
			say(p, R_MSG, "%s", _("None of your tokens can move: the slide is skipped."));
		after_slide(p);
		if (p->ph == PH_TAKE)
			cursor_near(p, u, v);
	}
}

ng_err play_show_move(play *p, ng_move m, int quiet)
{
	const ng_pos *ps = cur_pos(p);
	ng_cell f, t;
	ng_err e = ng_check_move(ps, m);
	if (e != NG_OK)
		return e;
	if (!quiet && ng_move_slide(ps, m, &f, &t)) {
		animate_slide(p, to_move(p), f, t);
		p->sf = f;
		p->st = t;
		p->slid = 1;
	}
	if (!quiet && ng_move_reloc(ps, m, &f, &t))
		animate_reloc(p, f, t);
	p->slid = 0;
	e = ng_game_play(p->g, m);
	if (e != NG_OK)
		return e;
	p->relayout = 1;
	p->archived = 0;
	enter_turn(p);
	autosave(p);
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

void play_enter_turn(play *p)
{
	enter_turn(p);
}

/* ------------------------------------------------------------- choosing */

static void choose(play *p, ng_cell c)
{
	ng_cell tg[MAX_PLACES];
	int n;
	p->msg[0] = 0;
	switch (p->ph) {
	case PH_SLIDE: {
		ng_err e = ng_why_not_token(cur_pos(p), c);
		int owner = ng_pos_token_at(cur_pos(p), c);
		if (e == NG_ERR_NOT_YOUR_TOKEN && owner >= 0 && owner != to_move(p)) {
			/* the opponent's token: say whose, not "no token" */
			say(p, R_MSG, owner == NG_RED
			    ? _("That is Red's token: choose one of Blue's.")
			    : _("That is Blue's token: choose one of Red's."));
			p->msg_refusal = 1;
			return;
		}
		if (e != NG_OK) {
			refuse(p, e);
			return;
		}
		p->sf = c;
		p->ph = PH_SLIDE_TO;
		cursor_near_cursor(p);
		return;
	}
	case PH_SLIDE_TO:
		if (eq(c, p->sf)) {
			p->ph = PH_SLIDE;
			return;
		}
		n = slide_targets(p, p->sf, tg);
		if (in_list(tg, n, c)) {
			p->st = c;
			animate_slide(p, to_move(p), p->sf, p->st);
			p->slid = 1;
			after_slide(p);
			return;
		}
		if (ng_pos_token_at(cur_pos(p), c) == to_move(p) && movable(p, c)) {
			p->sf = c;
			cursor_near_cursor(p);
			return;
		}
		{
			ng_move m;
			ng_err e = ng_move_build(cur_pos(p), &p->sf, &c, NULL, NULL, &m);
			if (e == NG_OK)
				e = ng_check_move(cur_pos(p), m);
			refuse(p, e == NG_OK || e == NG_ERR_MUST_RELOCATE ? NG_ERR_SLIDE_BLOCKED : e);
		}
		return;
	case PH_TAKE: {
		ng_err e = take_reason(p, c);
		if (e != NG_OK) {
			refuse(p, e);
			return;
		}
		p->rf = c;
		p->ph = PH_PLACE;
		cursor_near_cursor(p);
		return;
	}
	case PH_PLACE:
		if (eq(c, p->rf)) {
			p->ph = PH_TAKE;
			return;
		}
		n = place_targets(p, p->rf, tg);
		if (in_list(tg, n, c)) {
			animate_reloc(p, p->rf, c);
			commit(p, &c);
			return;
		}
		if (ng_pos_has_disc(cur_pos(p), c) && take_reason(p, c) == NG_OK) {
			p->rf = c;
			cursor_near_cursor(p);
			return;
		}
		refuse(p, ng_why_not_place(cur_pos(p), p->rf, c));
		return;
	default:
		return;
	}
}

static void step_back(play *p)
{
	p->msg[0] = 0;
	switch (p->ph) {
	case PH_SLIDE_TO:
		p->ph = PH_SLIDE;
		p->cur = p->sf;
		break;
	case PH_TAKE:
		if (p->slid) {
			p->slid = 0;
			p->ph = PH_SLIDE_TO;
			p->cur = p->st;
		}
		break;
	case PH_PLACE:
		p->ph = PH_TAKE;
		p->cur = p->rf;
		break;
	default:
		break;
	}
	p->want_u = board_ux(&p->L, p->cur);
}

/* Tab and Shift-Tab: the next choice in reading order. */
static void cycle(play *p, int dir)
{
	build_view(p);
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
	build_view(p);
	int from = board_find(&p->bv, p->cur);
	int to = board_step(&p->L, &p->bv, from, a, p->want_u);
	if (to < 0)
		return;
	p->cur = p->bv.cell[to].c;
	if (a == ACT_LEFT || a == ACT_RIGHT)
		p->want_u = board_ux(&p->L, p->cur);
}

/* ------------------------------------------------------- undo, redo, new */

static void stop_ai(play *p)
{
	if (p->ai && ai_busy(p->ai))
		ai_cancel(p->ai);
}

static void undo(play *p)
{
	if (p->np) {
		netplay_undo(p);
		return;
	}
	stop_ai(p);
	int ply = ng_game_ply(p->g), target = -1;
	if (p->set.mode == MODE_AI) {
		/* back to the last position where it was the human's turn */
		for (int i = ply - 1; i >= 0; i--)
			if ((int)ng_pos_side(ng_game_pos_at(p->g, i)) == p->human) {
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
	enter_turn(p);
	say(p, R_NORMAL, "%s", p->set.mode == MODE_AI
	    ? _("Taken back: your move and the computer's reply (r plays them again).")
	    : _("Move taken back (r plays it again)."));
	autosave(p);
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
	if (p->set.mode == MODE_AI)
		while (ng_game_can_redo(p->g) && to_move(p) != p->human &&
		       ng_game_result(p->g) == NG_NONE)
			ng_game_redo(p->g);
	p->relayout = 1;
	enter_turn(p);
	say(p, R_NORMAL, "%s", _("Played again."));
	autosave(p);
}

static void new_game(play *p, int draw_sides)
{
	stop_ai(p);
	ng_game_reset(p->g, p->set.rules);
	p->L.lines = 0;   /* a new board is centred afresh */
	p->msg[0] = 0;
	p->ai_failed = 0;
	if (p->set.mode == MODE_AI) {
		if (p->set.side < 0) {
			p->human = rand() & 1;
			anim_draw_sides(p->human, draw_sides && p->opt->animation);
			say(p, R_NORMAL, p->human == NG_RED
			    ? _("You play Red and move first.")
			    : _("You play Blue; the computer moves first."));
		} else {
			p->human = p->set.side;
		}
	}
	p->archived = 0;
	save_info_new(&p->si, p->set.mode == MODE_AI ? SAVE_AI : SAVE_PVP,
	              (ng_side)(p->set.mode == MODE_AI ? p->human : NG_RED),
	              p->set.level);
	p->relayout = 1;
	enter_turn(p);
}

/* --------------------------------------------------------------- screen */

/* A player as a record names them ("human", "computer level 7"), in the
 * language shown. */
void play_player_name(const char *rec, char *out, size_t size)
{
	int level;
	char rest;
	if (!rec[0])
		snprintf(out, size, "?");
	else if (!strcmp(rec, "human"))
		snprintf(out, size, "%s", _("human"));
	else if (sscanf(rec, "computer level %d%c", &level, &rest) == 1)
		snprintf(out, size, _("computer level %d"), level);
	else
		snprintf(out, size, "%s", rec);
}

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
static long days_from_civil(long y, int m, int d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* A record's date (ISO 8601, UTC) as local time, "2026-11-25 12:40";
 * anything else is shown as it is. */
static void local_date(const char *iso, char *out, size_t size)
{
	int y, mo, d, h, mi, sec;
	char z;
	if (sscanf(iso, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &sec, &z) != 7 ||
	    z != 'Z' || mo < 1 || mo > 12 || d < 1 || d > 31) {
		snprintf(out, size, "%s", iso);
		return;
	}
	time_t t = (time_t)(days_from_civil(y, mo, d) * 86400L + h * 3600L + mi * 60L + sec);
	struct tm tm;
	if (!localtime_r(&t, &tm) || !strftime(out, size, "%Y-%m-%d %H:%M", &tm))
		snprintf(out, size, "%s", iso);
}

/* The replay's lines: the record's header, the move shown, the keys. */
static void fill_view(const play *p, panel_text *t)
{
	const ng_record_info *ri = p->rinfo;
	const char *res;
	switch (ri->result) {
	case NG_RED_WINS: res = _("Red won"); break;
	case NG_BLUE_WINS: res = _("Blue won"); break;
	case NG_DRAW: res = _("drawn"); break;
	default: res = _("not finished"); break;
	}
	/* TRANSLATORS: the replay's header: who played Red, who played
	   Blue (as written in the record, e.g. "human", "computer level
	   7"), the result, the date. */
	char red[NG_RECORD_VALUE + 32], blue[NG_RECORD_VALUE + 32];
	char date[NG_RECORD_VALUE + 32] = "";
	play_player_name(ri->red, red, sizeof red);
	play_player_name(ri->blue, blue, sizeof blue);
	if (ri->date[0])
		local_date(ri->date, date, sizeof date);
	snprintf(t->header, sizeof t->header, _("Red: %s%sBlue: %s%s%s%s%s"),
	         red, G->sep, blue, G->sep, res, date[0] ? G->sep : "", date);
	int ply = ng_game_ply(p->g), len = ng_game_length(p->g);
	/* TRANSLATORS: the replay: the move shown and the number of moves. */
	snprintf(t->turn, sizeof t->turn, _("Replay: move %d of %d"), ply, len);
	t->turn_role = R_TITLE;
	if (ply == len && ng_game_result(p->g) != NG_NONE) {
		ng_result r = ng_game_result(p->g);
		snprintf(t->hint, sizeof t->hint, "%s",
		         r == NG_DRAW ? _("Draw: the same position came up three times.")
		         : r == NG_RED_WINS ? _("Red wins!") : _("Blue wins!"));
	} else {
		int side = to_move(p);
		snprintf(t->hint, sizeof t->hint, "%s %s", G->token[side],
		         side == NG_RED ? _("Red to move") : _("Blue to move"));
	}
	snprintf(t->msg, sizeof t->msg, "%s", p->msg);
	t->msg_role = p->msg_role;
	snprintf(t->keys, sizeof t->keys, "%s",
	         _("left/right (h/l) step, Home/End start/end, p play on from here, "
	           "q quit"));
	snprintf(t->keys_short, sizeof t->keys_short, "%s",
	         _("p play on, q quit"));
}

static void fill_panel(const play *p, panel_text *t)
{
	if (p->ph == PH_VIEW) {
		fill_view(p, t);
		goto last;
	}
	{
	const ng_pos *ps = cur_pos(p);
	const char *rules = ng_pos_rules(ps) == NG_STANDARD ? _("standard rules")
	                                                     : _("simple rules");
	char who[200];
	if (p->set.mode == MODE_AI)
		/* TRANSLATORS: the header against the computer: your token's
		   symbol and colour, a separator, the computer's symbol and
		   colour, its level. */
		snprintf(who, sizeof who, _("you: %s %s%scomputer: %s %s, level %d"),
		         G->token[p->human], side_name(p->human), G->sep,
		         G->token[!p->human], side_name(!p->human), p->set.level);
	else
		/* TRANSLATORS: %s are the symbols of the Red and Blue tokens. */
		snprintf(who, sizeof who, _("%s Red and %s Blue: two players"),
		         G->token[NG_RED], G->token[NG_BLUE]);
	/* the lock's legend only where there is a lock (standard rules) */
	if (ng_pos_rules(ps) == NG_STANDARD)
		snprintf(t->header, sizeof t->header, "%s%s%s%s%s %s", rules, G->sep,
		         who, G->sep, G->lock, _("lock"));
	else
		snprintf(t->header, sizeof t->header, "%s%s%s", rules, G->sep, who);

	int side = to_move(p);
	t->turn_role = side == NG_RED ? R_RED : R_BLUE;
	const char *hint = "";
	switch (p->ph) {
	case PH_OVER: {
		ng_result r = ng_game_result(p->g);
		if (r == NG_DRAW) {
			snprintf(t->turn, sizeof t->turn, "%s",
			         _("Draw: the same position came up three times."));
			t->turn_role = R_WIN;
		} else {
			int w = r == NG_RED_WINS ? NG_RED : NG_BLUE;
			const char *s = p->set.mode == MODE_AI
			    ? (w == p->human ? _("You win!") : _("The computer wins."))
			    : (w == NG_RED ? _("Red wins!") : _("Blue wins!"));
			snprintf(t->turn, sizeof t->turn, "%s %s", G->token[w], s);
			t->turn_role = w == NG_RED ? R_RED : R_BLUE;
		}
		hint = _("n: new game, u: take moves back, q: quit.");
		break;
	}
	case PH_AI: {
		static const char *const dots[4] = { "   ", ".  ", ".. ", "..." };
		int k = (int)(anim_now_ms() / 400 % 4);
		snprintf(t->turn, sizeof t->turn, side == NG_RED
		         /* TRANSLATORS: the token's symbol, then up to three
		            dots that come and go while the computer thinks. */
		         ? _("%s Red (computer) is thinking%s")
		         /* TRANSLATORS: the same for Blue. */
		         : _("%s Blue (computer) is thinking%s"),
		         G->token[side], p->ai_failed ? "" : dots[k]);
		hint = has_own_move(p)
		       ? _("Please wait. u takes your last move back, q quits.")
		       : _("Please wait. q quits.");
		break;
	}
	default: {
		const char *who_moves;
		if (p->set.mode == MODE_AI)
			who_moves = side == NG_RED ? _("Red (you) to move") : _("Blue (you) to move");
		else
			who_moves = side == NG_RED ? _("Red to move") : _("Blue to move");
		const char *ph = p->ph == PH_SLIDE || p->ph == PH_SLIDE_TO
		    ? _("1. slide a token") : _("2. relocate a disc");
		snprintf(t->turn, sizeof t->turn, "%s %s%s%s", G->token[side],
		         who_moves, G->sep, ph);
		switch (p->ph) {
		case PH_SLIDE:
			hint = _("Choose a token that can move (marked), then press Enter.");
			break;
		case PH_SLIDE_TO:
			hint = _("Choose where it slides; Esc chooses another token.");
			break;
		case PH_TAKE:
			/* the simple rules have no freeness: any empty disc */
			if (ng_pos_rules(ps) == NG_STANDARD)
				hint = p->slid ? _("Choose a free disc to take; Esc takes the slide back.")
				               : _("Choose a free disc to take.");
			else
				hint = p->slid ? _("Choose an empty disc to take; Esc takes the slide back.")
				               : _("Choose an empty disc to take.");
			break;
		default:
			hint = _("Choose where the disc goes (touching two discs); Esc chooses another disc.");
			break;
		}
	}
	}
	snprintf(t->hint, sizeof t->hint, "%s", hint);
	}
last:;
	int ply = ng_game_ply(p->g);
	if (ply > 0) {
		const ng_pos *before = ng_game_pos_at(p->g, ply - 1);
		char mv[NG_MOVE_TEXT];
		ng_move_format(before, ng_game_move_at(p->g, ply - 1), mv);
		/* TRANSLATORS: the mover's token symbol, its colour ("Red" or
		   "Blue", translated) and the move in the notation
		   from>to/from>to. */
		snprintf(t->last, sizeof t->last, _("Last move: %s %s %s"),
		         G->token[ng_pos_side(before)], side_name(ng_pos_side(before)), mv);
	} else {
		snprintf(t->last, sizeof t->last, "%s", _("Last move: none yet."));
	}
	if (p->ph == PH_VIEW)
		return;
	snprintf(t->msg, sizeof t->msg, "%s", p->msg);
	t->msg_role = p->msg_role;
	snprintf(t->keys, sizeof t->keys, "%s",
	         _("arrows move, Enter choose, Esc back, u undo, r redo, "
	           "x export, ? help, q quit"));
	snprintf(t->keys_short, sizeof t->keys_short, "%s", _("? help, q quit"));
	if (p->np)
		netplay_panel(p, t);
}

static void render(play *p)
{
	if (term_draw_too_small(p->ask ? p->msg : NULL)) {
		p->relayout = 1;
		return;
	}
	if (p->relayout) {
		build_view(p);
		layout_update(&p->L, &p->bv, LINES, COLS);
		erase();
		p->relayout = 0;
	}
	build_view(p);
	if (choosing(p) && layout_follow(&p->L, p->cur))
		build_view(p);
	board_draw(&p->L, &p->bv);
	panel_text t;
	fill_panel(p, &t);
	panel_draw(&p->L, &t);
}

void play_render(play *p)
{
	render(p);
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
	return p->ph != PH_OVER && (ng_game_ply(p->g) > 0 || p->slid);
}

/* The user leaves this game for another: it is no longer in progress. */
static void abandon(play *p)
{
	char msg[SAVE_MSG];
	if (ng_game_result(p->g) == NG_NONE && ng_game_length(p->g) > 0 &&
	    state_dir(p) && save_discard(p->dir, msg) != SAVE_OK)
		say(p, R_MSG, "%s", msg);
}

int play_run(const settings *s, const options *opt, ng_game *resume,
             const save_info *si)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->set = *s;
	if (resume) {
		p->set.mode = si->mode == SAVE_AI ? MODE_AI : MODE_PVP;
		p->set.level = si->level;
		p->set.side = si->human;
		p->set.rules = ng_pos_rules(ng_game_pos_at(resume, 0));
	}
	p->g = resume ? resume : ng_game_new(s->rules);
	p->ai = p->set.mode == MODE_AI ? ai_new() : NULL;
	if (!p->g || (p->set.mode == MODE_AI && !p->ai)) {
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
		p->human = si->human;
		/* a finished game came back: it is kept already */
		p->archived = ng_game_result(p->g) != NG_NONE;
		p->relayout = 1;
		enter_turn(p);
	} else {
		new_game(p, 1);
	}
	int result = play_loop(p);
	stop_ai(p);
	ai_free(p->ai);
	ng_game_free(p->g);
	return result;
}

/* An online game: the first answer (to host, join or watch) and its sync
 * come through netplay_poll. */
int play_online(const options *opt, const settings *s, struct online *on)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->set = *s;
	p->set.mode = MODE_PVP;   /* two people; netplay.c says who is who */
	p->human = -1;
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
	netplay_free(p->np);
	ng_game_free(p->g);
	return result;
}

/* The game on the screen until the player leaves it: a PLAY_ result. */
static int play_loop(play *p)
{
	if (term_note) {   /* why the language asked for is not shown */
		say(p, R_MSG, "%s", term_note);
		term_note = NULL;
	}
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
		            anim_now_ms() - p->ai_since >= AI_MIN_SHOW_MS;
		if (p->ph == PH_AI && p->ai && ai_busy(p->ai) && shown &&
		    !term_too_small()) {
			ng_move m;
			ng_err e;
			if (ai_poll(p->ai, &m, &e))
				apply_ai_move(p, m, e);
		}
		render(p);
		event ev;
		input_get(&ev, p->np ? netplay_wait_ms(p)
		               : p->ph == PH_AI && p->ai && ai_busy(p->ai) ? 100 : -1);
		if (ev.act == ACT_SIGNAL) {
			/* hang-up, TERM, INT: stop thinking, keep the game */
			stop_ai(p);
			if (ng_game_result(p->g) == NG_NONE)
				autosave(p);
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
		case ACT_EXPORT:
			export_game(p);
			break;
		case ACT_UNDO:
			undo(p);
			break;
		case ACT_REDO:
			redo(p);
			break;
		case ACT_UP: case ACT_DOWN: case ACT_LEFT: case ACT_RIGHT:
			if (choosing(p)) {
				forget_refusal(p);
				move_cursor(p, ev.act);
			}
			break;
		case ACT_NEXT: case ACT_PREV:
			if (choosing(p)) {
				forget_refusal(p);
				cycle(p, ev.act == ACT_NEXT ? 1 : -1);
			}
			break;
		case ACT_SELECT:
			if (choosing(p))
				choose(p, p->cur);
			break;
		case ACT_BACK:
			if (choosing(p))
				step_back(p);
			break;
		case ACT_CLICK:
			if (choosing(p)) {
				build_view(p);
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

/* ------------------------------------------------------------ the replay */

int play_replay(const char *path, ng_game *g, const ng_record_info *info,
                const options *opt)
{
	play P;
	play *p = &P;
	memset(p, 0, sizeof *p);
	p->opt = opt;
	p->g = g;
	p->replay = path;
	p->rinfo = info;
	p->ph = PH_VIEW;
	p->relayout = 1;
	/* from the start: the record's moves are there to redo */
	while (ng_game_ply(g) > 0)
		ng_game_undo(g);
	for (;;) {
		render(p);
		event ev;
		input_get(&ev, -1);
		int before = ng_game_ply(g);
		switch (ev.act) {
		case ACT_SIGNAL:
			goto out;
		case ACT_QUIT: case ACT_BACK:
			goto out;
		case ACT_RESIZE: case ACT_REDRAW:
			clearok(curscr, TRUE);
			break;
		case ACT_LEFT: case ACT_UP: case ACT_UNDO:
			if (ng_game_ply(g) > 0)
				ng_game_undo(g);
			break;
		case ACT_RIGHT: case ACT_DOWN: case ACT_REDO: case ACT_SELECT:
			if (ng_game_can_redo(g))
				ng_game_redo(g);
			break;
		case ACT_HOME: case ACT_PAGEUP:
			while (ng_game_ply(g) > 0)
				ng_game_undo(g);
			break;
		case ACT_END: case ACT_PAGEDOWN:
			while (ng_game_can_redo(g))
				ng_game_redo(g);
			break;
		default:
			if (ev.key != 'p' && ev.key != 'P')
				break;
			if (ng_game_result(g) == NG_NONE)
				return PLAY_ON;
			say(p, R_MSG, "%s", _("The game is over here: step back to "
			                      "play on from an earlier move."));
			break;
		}
		if (ng_game_ply(g) != before) {
			p->relayout = 1;
			p->msg[0] = 0;
		}
	}
out:
	return PLAY_QUIT;
}

ng_game *play_on_game(const ng_game *g)
{
	const ng_pos *start = ng_game_pos_at(g, 0);
	ng_game *c = ng_game_new(ng_pos_rules(start));
	if (!c)
		return NULL;
	ng_game_set(c, start);
	for (int i = 0; i < ng_game_ply(g); i++)
		if (ng_game_play(c, ng_game_move_at(g, i)) != NG_OK) {
			ng_game_free(c);
			return NULL;
		}
	return c;
}
