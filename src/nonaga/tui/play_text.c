/*
 * play_text.c - the lines of text of a game's screen (the header, whose
 * turn, the hint, the last move, the message, the keys) and its move
 * list.  The other side (game_screen.h) gives its own lines first; this file
 * fills the rest as for a game of two players.
 */
#include "game_screen.h"
#include "analysis.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* How the three tokens of a won position stand: a line, a triangle or a
 * V (the three shapes of the rules); NULL when nobody has won. */
static const char *win_shape(const ng_pos *ps)
{
	ng_cell w[3];
	if (ng_pos_winning_cells(ps, w) != 3)
		return NULL;
	int touching = 0;
	for (int i = 0; i < 3; i++) {
		ng_cell a = w[i], b = w[(i + 1) % 3];
		int dq = a.q - b.q, dr = a.r - b.r;
		if (abs(dq) <= 1 && abs(dr) <= 1 && abs(dq + dr) <= 1)
			touching++;
	}
	if (touching == 3)
		return _("three in a triangle");
	/* a line: the middle one halfway between the other two */
	for (int i = 0; i < 3; i++) {
		ng_cell a = w[i], b = w[(i + 1) % 3], m = w[(i + 2) % 3];
		if (a.q + b.q == 2 * m.q && a.r + b.r == 2 * m.r)
			return _("three in a line");
	}
	return _("three in a V");
}

/* "Red wins!" and how. */
void play_won_text(char *out, size_t size, const char *who, const ng_pos *ps)
{
	const char *how = win_shape(ps);
	if (how)
		/* TRANSLATORS: "Red wins!" (or "You win!" ...), then how the
		   three tokens stand: "three in a line", "three in a triangle",
		   "three in a V". */
		snprintf(out, size, _("%s (%s)"), who, how);
	else
		snprintf(out, size, "%s", who);
}

/* The keys line: all the keys, fewer when they do not fit, and what must
 * always show (play_panel.c chooses). */
void play_set_keys(panel_text *t, const char *all, const char *mid,
                     const char *least)
{
	snprintf(t->keys, sizeof t->keys, "%s", all);
	snprintf(t->keys_mid, sizeof t->keys_mid, "%s", mid);
	snprintf(t->keys_short, sizeof t->keys_short, "%s", least);
}

const char *play_step_name(const play *p)
{
	return p->t.step == TS_SLIDE || p->t.step == TS_SLIDE_TO
	       ? _("1. slide a token") : _("2. relocate a disc");
}


/* The header: the rules, who plays (who), and the lock's legend where
 * there is a lock (standard rules). */
void play_header(const play *p, const char *who, panel_text *t)
{
	const ng_pos *ps = cur_pos(p);
	const char *rules = ng_pos_rules(ps) == NG_STANDARD ? _("standard rules")
	                                                     : _("simple rules");
	if (ng_pos_rules(ps) == NG_STANDARD)
		snprintf(t->header, sizeof t->header, "%s%s%s%s%s %s", rules, G->sep,
		         who, G->sep, G->lock, _("lock"));
	else
		snprintf(t->header, sizeof t->header, "%s%s%s", rules, G->sep, who);
}

/* What to do at the turn's step. */
static const char *step_hint(const play *p)
{
	switch (p->t.step) {
	case TS_SLIDE:
		return _("Choose a token that can move (marked), then press Enter.");
	case TS_SLIDE_TO:
		return _("Choose where it slides; Esc chooses another token.");
	case TS_TAKE:
		/* the simple rules have no freeness: any empty disc */
		if (ng_pos_rules(cur_pos(p)) == NG_STANDARD)
			return p->t.slid ? _("Choose a free disc to take; Esc takes the slide back.")
			                 : _("Choose a free disc to take.");
		return p->t.slid ? _("Choose an empty disc to take; Esc takes the slide back.")
		                 : _("Choose an empty disc to take.");
	default:
		return _("Choose where the disc goes (touching two discs); Esc chooses another disc.");
	}
}

/* The turn line at the end of a game: who won (the sentence for each
 * winner), and how. */
void play_over_line(const play *p, panel_text *t, const char *red_wins,
                    const char *blue_wins)
{
	ng_result r = ng_game_result(p->g);
	if (r == NG_DRAW) {
		snprintf(t->turn, sizeof t->turn, "%s",
		         _("Draw: the same position came up three times."));
		t->turn_role = R_WIN;
		return;
	}
	int w = r == NG_RED_WINS ? NG_RED : NG_BLUE;
	char how[200];
	play_won_text(how, sizeof how, w == NG_RED ? red_wins : blue_wins, cur_pos(p));
	snprintf(t->turn, sizeof t->turn, "%s %s", G->token[w], how);
	t->turn_role = w == NG_RED ? R_RED : R_BLUE;
}

/* A game's own header, turn and hint (two players), where the other side
 * left them empty. */
static void game_lines(const play *p, panel_text *t)
{
	if (!t->header[0]) {
		char who[200];
		/* TRANSLATORS: %s are the symbols of the Red and Blue tokens. */
		snprintf(who, sizeof who, _("%s Red and %s Blue: two players"),
		         G->token[NG_RED], G->token[NG_BLUE]);
		play_header(p, who, t);
	}
	int side = to_move(p);
	if (!t->turn[0]) {
		if (p->ph == PH_OVER)
			play_over_line(p, t, _("Red wins!"), _("Blue wins!"));
		else
			snprintf(t->turn, sizeof t->turn, "%s %s%s%s", G->token[side],
			         side == NG_RED ? _("Red to move") : _("Blue to move"),
			         G->sep, play_step_name(p));
	}
	if (t->turn_role < 0)
		t->turn_role = side == NG_RED ? R_RED : R_BLUE;
	if (!t->hint[0])
		snprintf(t->hint, sizeof t->hint, "%s",
		         p->ph == PH_OVER ? _("n: new game, u: take moves back, q: quit.")
		         : p->ph == PH_TURN ? step_hint(p) : "");
}

/* The last move (with the coach's mark in an analysed line), and where
 * the cursor is when the coordinates are shown. */
static void last_line(const play *p, panel_text *t)
{
	int ply = ng_game_ply(p->g);
	if (ply > 0) {
		const ng_pos *before = ng_game_pos_at(p->g, ply - 1);
		char mv[NG_MOVE_TEXT];
		ng_move_format(before, ng_game_move_at(p->g, ply - 1), mv);
		/* TRANSLATORS: the mover's token symbol, its colour ("Red" or
		   "Blue", translated) and the move in the notation
		   from>to/from>to. */
		snprintf(t->last, sizeof t->last, _("Last move: %s %s %s"),
		         G->token[ng_pos_side(before)], play_side_name(ng_pos_side(before)), mv);
		const an_move *a = p->an ? &p->an[ply - 1] : NULL;
		if (a && a->mark != AN_NONE) {
			/* TRANSLATORS: after the last move in an analysed replay:
			   the mark (W, L or ?), what it means, the engine's best
			   move instead. */
			size_t n = strlen(t->last);
			snprintf(t->last + n, sizeof t->last - n, _("  %c %s (best: %s)"),
			         an_mark_char(a->mark), _(an_mark_text(a->mark)), a->best);
			n = strlen(t->last);
			if (a->line[0])
				/* TRANSLATORS: after a mistake in an analysed
				   replay: the opponent's answer to it and what
				   follows. */
				snprintf(t->last + n, sizeof t->last - n,
				         _(" Answered by %s."), a->line);
		}
	} else {
		snprintf(t->last, sizeof t->last, "%s", _("Last move: none yet."));
	}
	if (p->bv.coords && play_choosing(p)) {
		size_t n = strlen(t->last);
		/* TRANSLATORS: with the coordinates shown (key i): the cell
		   under the cursor, q,r as in the notation. */
		snprintf(t->last + n, sizeof t->last - n, _("%scursor at %d,%d"),
		         G->sep, p->cur.q, p->cur.r);
	}
}

/*
 * The panel: the other side's lines first (game_screen.h,
 * other_ops.panel), then the game's own in those it left empty.
 */
void play_fill_panel(const play *p, panel_text *t)
{
	memset(t, 0, sizeof *t);
	t->turn_role = -1;
	t->moves = p->ml.title[0] ? &p->ml : NULL;
	if (p->them.ops && p->them.ops->panel)
		p->them.ops->panel(p, p->them.self, t);
	game_lines(p, t);
	if (!t->last[0])
		last_line(p, t);
	if (!t->msg[0]) {
		snprintf(t->msg, sizeof t->msg, "%s", p->msg);
		t->msg_role = p->msg_role;
	}
	if (!t->msg[0] && p->hinted && p->ph == PH_TURN) {
		/* the hint is said until the turn is played */
		play_hint_text(p, t->msg, sizeof t->msg);
		t->msg_role = R_NORMAL;
	}
	if (!t->keys[0] && p->ph == PH_OVER)
		/* nothing to choose, hint or redo: what a finished game offers */
		play_set_keys(t, _("n new game, u undo, x export, i coordinates, m menu, "
		                   "? help, q quit"),
		              _("n new game, u undo, m menu, ? help, q quit"),
		              _("? help, q quit"));
	else if (!t->keys[0])
		play_set_keys(t, _("arrows move, Enter choose, Esc back, u undo, r redo, "
		                   "t hint, x export, i coordinates, ? help, q quit"),
		              /* every key in 80 columns (x and i too): the
		                 step's hint says what Enter and Esc do */
		              _("arrows, Enter, Esc, u undo, r redo, t hint, x export, "
		                "i coords, ? help, q quit"),
		              _("? help, q quit"));
}

/* ------------------------------------------------------------ move list */

/* The move list (when the layout has room for one): the moves played,
 * the last ones that fit; in a replay every move of the record (p->line),
 * with the one shown marked and in view.  Made when the game or the
 * layout changes, not at every frame. */
void play_fill_moves(play *p)
{
	movelist *ml = &p->ml;
	int rows = p->L.lh - 2;
	ml->n = 0;
	ml->mark = -1;
	ml->title[0] = 0;   /* no list */
	if (p->L.lw <= 0 || rows < 1)
		return;
	if (rows > MOVELIST_MAX)
		rows = MOVELIST_MAX;
	const ng_game *g = p->ph == PH_VIEW && p->line ? p->line : p->g;
	int ply = ng_game_ply(p->g), total = ng_game_ply(g);
	int mark = g != p->g ? ply - 1 : -1;
	int start = total - rows;
	if (mark >= 0 && mark < start + rows / 2)
		start = mark - rows / 2;
	if (start < 0)
		start = 0;
	snprintf(ml->title, sizeof ml->title, "%s", _("Moves"));
	ml->marked = p->an != NULL;
	for (int i = start; i < total && ml->n < rows; i++) {
		const ng_pos *before = ng_game_pos_at(g, i);
		char mv[NG_MOVE_TEXT];
		ng_move_format(before, ng_game_move_at(g, i), mv);
		ml->line[ml->n].side = ng_pos_side(before);
		snprintf(ml->line[ml->n].num, sizeof ml->line[ml->n].num, "%4d.", i + 1);
		snprintf(ml->line[ml->n].text, sizeof ml->line[ml->n].text, "%s", mv);
		ml->line[ml->n].mark = 0;
		if (ml->marked && p->an[i].mark != AN_NONE)
			ml->line[ml->n].mark = an_mark_char(p->an[i].mark);
		if (i == mark)
			ml->mark = ml->n;
		ml->n++;
	}
}
