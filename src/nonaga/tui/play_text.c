/*
 * play_text.c - the lines of text of a game's screen (the header, whose
 * turn, the hint, the last move, the message, the keys), and of a replay.
 */
#include "play.h"
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
static void won_text(char *out, size_t size, const char *who, const ng_pos *ps)
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
static void set_keys(panel_text *t, const char *all, const char *mid,
                     const char *least)
{
	snprintf(t->keys, sizeof t->keys, "%s", all);
	snprintf(t->keys_mid, sizeof t->keys_mid, "%s", mid);
	snprintf(t->keys_short, sizeof t->keys_short, "%s", least);
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
		won_text(t->hint, sizeof t->hint,
		         r == NG_DRAW ? _("Draw: the same position came up three times.")
		         : r == NG_RED_WINS ? _("Red wins!") : _("Blue wins!"), cur_pos(p));
	} else {
		int side = to_move(p);
		snprintf(t->hint, sizeof t->hint, "%s %s", G->token[side],
		         side == NG_RED ? _("Red to move") : _("Blue to move"));
		if (p->an && ply < len) {
			/* TRANSLATORS: the replay, once analysed (key a): the
			   engine's best move here, marked on the board. */
			size_t n = strlen(t->hint);
			snprintf(t->hint + n, sizeof t->hint - n, "%s", G->sep);
			n = strlen(t->hint);
			snprintf(t->hint + n, sizeof t->hint - n, _("best: %s"),
			         p->an[ply].best);
		}
	}
	snprintf(t->msg, sizeof t->msg, "%s", p->msg);
	t->msg_role = p->msg_role;
	set_keys(t, _("left/right (h/l) step, Home/End start/end, a analyse, "
	              "p play on, i coordinates, ? help, q quit"),
	         _("left/right (h/l) step, Home/End start/end, a analyse, "
	           "p play on, ? help, q quit"),
	         _("a analyse, p play on, ? help, q quit"));
}

const char *play_step_name(const play *p)
{
	return p->t.step == TS_SLIDE || p->t.step == TS_SLIDE_TO
	       ? _("1. slide a token") : _("2. relocate a disc");
}

/* The move list (when the layout has room for one): the moves played,
 * the last ones that fit; in a replay every move of the record, with the
 * one shown marked and in view. */
static void fill_moves(const play *p, panel_text *t)
{
	static movelist ml;
	int rows = p->L.lh - 2;
	t->moves = NULL;
	if (p->L.lw <= 0 || rows < 1)
		return;
	if (rows > MOVELIST_MAX)
		rows = MOVELIST_MAX;
	int ply = ng_game_ply(p->g);
	int total = p->ph == PH_VIEW ? ng_game_length(p->g) : ply;
	int mark = p->ph == PH_VIEW ? ply - 1 : -1;
	int start = total - rows;
	if (mark >= 0 && mark < start + rows / 2)
		start = mark - rows / 2;
	if (start < 0)
		start = 0;
	snprintf(ml.title, sizeof ml.title, "%s", _("Moves"));
	ml.n = 0;
	ml.mark = -1;
	ml.marked = p->ph == PH_VIEW && p->an;
	/* a replay's moves after the one shown: redone to be read, then
	 * undone again (the game is the replay's own) */
	ng_game *g = (ng_game *)p->g;
	for (int i = start; i < total && ml.n < rows; i++) {
		while (ng_game_ply(g) < i + 1 && ng_game_can_redo(g))
			ng_game_redo(g);
		if (ng_game_ply(g) < i + 1)
			break;
		const ng_pos *before = ng_game_pos_at(g, i);
		char mv[NG_MOVE_TEXT];
		ng_move_format(before, ng_game_move_at(g, i), mv);
		ml.line[ml.n].side = ng_pos_side(before);
		snprintf(ml.line[ml.n].num, sizeof ml.line[ml.n].num, "%4d.", i + 1);
		snprintf(ml.line[ml.n].text, sizeof ml.line[ml.n].text, "%s", mv);
		ml.line[ml.n].mark = 0;
		if (ml.marked && p->an[i].mark != AN_NONE)
			ml.line[ml.n].mark = an_mark_char(p->an[i].mark);
		if (i == mark)
			ml.mark = ml.n;
		ml.n++;
	}
	while (ng_game_ply(g) > ply)
		ng_game_undo(g);
	t->moves = &ml;
}

void play_fill_panel(const play *p, panel_text *t)
{
	fill_moves(p, t);
	if (p->ph == PH_VIEW) {
		fill_view(p, t);
		goto last;
	}
	{
	const ng_pos *ps = cur_pos(p);
	const char *rules = ng_pos_rules(ps) == NG_STANDARD ? _("standard rules")
	                                                     : _("simple rules");
	char who[200];
	if (p->who.mode == MODE_AI)
		/* TRANSLATORS: the header against the computer: your token's
		   symbol and colour, a separator, the computer's symbol and
		   colour, its level. */
		snprintf(who, sizeof who, _("you: %s %s%scomputer: %s %s, level %d"),
		         G->token[p->who.human], play_side_name(p->who.human), G->sep,
		         G->token[!p->who.human], play_side_name(!p->who.human), p->who.level);
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
			const char *s = p->who.mode == MODE_AI
			    ? (w == p->who.human ? _("You win!") : _("The computer wins."))
			    : (w == NG_RED ? _("Red wins!") : _("Blue wins!"));
			char how[200];
			won_text(how, sizeof how, s, ps);
			snprintf(t->turn, sizeof t->turn, "%s %s", G->token[w], how);
			t->turn_role = w == NG_RED ? R_RED : R_BLUE;
		}
		hint = _("n: new game, u: take moves back, q: quit.");
		break;
	}
	case PH_AI: {
		static const char *const dots[4] = { "   ", ".  ", ".. ", "..." };
		int k = (int)(input_now_ms() / 400 % 4);
		snprintf(t->turn, sizeof t->turn, side == NG_RED
		         /* TRANSLATORS: the token's symbol, then up to three
		            dots that come and go while the computer thinks. */
		         ? _("%s Red (computer) is thinking%s")
		         /* TRANSLATORS: the same for Blue. */
		         : _("%s Blue (computer) is thinking%s"),
		         G->token[side], p->ai_failed ? "" : dots[k]);
		hint = play_has_own_move(p)
		       ? _("Please wait. u takes your last move back, q quits.")
		       : _("Please wait. q quits.");
		break;
	}
	default: {
		const char *who_moves;
		if (p->who.mode == MODE_AI)
			who_moves = side == NG_RED ? _("Red (you) to move") : _("Blue (you) to move");
		else
			who_moves = side == NG_RED ? _("Red to move") : _("Blue to move");
		snprintf(t->turn, sizeof t->turn, "%s %s%s%s", G->token[side],
		         who_moves, G->sep, play_step_name(p));
		switch (p->t.step) {
		case TS_SLIDE:
			hint = _("Choose a token that can move (marked), then press Enter.");
			break;
		case TS_SLIDE_TO:
			hint = _("Choose where it slides; Esc chooses another token.");
			break;
		case TS_TAKE:
			/* the simple rules have no freeness: any empty disc */
			if (ng_pos_rules(ps) == NG_STANDARD)
				hint = p->t.slid ? _("Choose a free disc to take; Esc takes the slide back.")
				               : _("Choose a free disc to take.");
			else
				hint = p->t.slid ? _("Choose an empty disc to take; Esc takes the slide back.")
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
		         G->token[ng_pos_side(before)], play_side_name(ng_pos_side(before)), mv);
		const an_move *a = p->ph == PH_VIEW && p->an ? &p->an[ply - 1] : NULL;
		if (a && a->mark != AN_NONE) {
			/* TRANSLATORS: after the last move in an analysed replay:
			   the mark (W, L or ?), what it means, the engine's best
			   move instead. */
			size_t n = strlen(t->last);
			snprintf(t->last + n, sizeof t->last - n, _("  %c %s (best: %s)"),
			         an_mark_char(a->mark), _(an_mark_text(a->mark)), a->best);
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
	if (p->ph == PH_VIEW)
		return;
	snprintf(t->msg, sizeof t->msg, "%s", p->msg);
	t->msg_role = p->msg_role;
	set_keys(t, _("arrows move, Enter choose, Esc back, u undo, r redo, "
	              "t hint, x export, i coordinates, ? help, q quit"),
	         _("arrows move, Enter choose, Esc back, u undo, r redo, "
	           "t hint, ? help, q quit"),
	         _("? help, q quit"));
	if (p->np) {
		netplay_panel(p, t);
		t->keys_mid[0] = 0;
	}
	if (p->pz) {
		t->keys_mid[0] = 0;
		puzzle_panel(p, t);
	}
}

