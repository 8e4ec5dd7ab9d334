/*
 * play_replay.c - nonaga --replay: step through a recorded game on the
 * game screen, this file being the other side (game_screen.h) that
 * answers the keys; a analyses the moves (the coach), p plays on from the
 * position shown.
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

typedef struct replay {
	const ng_record_info *info;   /* the record's header */
	ng_game *line;                /* the whole game, for the move list */
	an_job *job;                  /* the coach's analysis, or NULL */
	const an_move *an;            /* its judgement once done */
} replay;

/* ------------------------------------------------------------ the coach */

/* Key a: analyse the whole line in a thread (analysis.h); the screen
 * shows how far it is, then the marks and the best moves. */
static void coach_start(play *p, replay *rp)
{
	if (rp->job) {
		int done, total;
		ng_err e;
		if (!an_job_poll(rp->job, &done, &total, &e))
			play_say(p, R_MSG, "%s", _("The analysis is under way."));
		else if (!e)
			play_say(p, R_MSG, "%s", _("The moves are analysed: the marks are "
			                           "on the last-move line."));
		return;
	}
	ng_move *moves;
	int n = an_game_moves(rp->line, &moves);
	if (n >= 0)
		rp->job = an_job_start(ng_game_pos_at(rp->line, 0), moves, n, AN_DEPTH_DEFAULT);
	free(moves);
	if (!rp->job) {
		play_say(p, R_MSG, "%s", _("Cannot analyse the game: out of memory."));
		return;
	}
	play_say(p, R_MSG, _("Analysing the moves: %d of %d..."), 0, n);
}

/* How the analysis is getting on: the loop waits 100 ms while it runs. */
static int poll(play *p, void *self, int *wait_ms)
{
	replay *rp = self;
	int done, total;
	ng_err e;
	if (!rp->job || rp->an)
		return -1;
	if (!an_job_poll(rp->job, &done, &total, &e)) {
		play_say(p, R_MSG, _("Analysing the moves: %d of %d..."), done, total);
		*wait_ms = 100;
		return -1;
	}
	if (e) {
		play_say(p, R_MSG, _("Cannot analyse the game: %s"), _(ng_strerror(e)));
		return -1;
	}
	rp->an = an_job_moves(rp->job);
	char sum[200];
	an_summary(rp->an, total, sum, sizeof sum);
	play_say(p, R_MSG, "%s", sum);
	play_mark_line(p, rp->an);
	return -1;
}

/* ------------------------------------------------------------ the replay */

/* p: play on from the position shown, if the game goes on there. */
static int play_on(play *p)
{
	if (ng_game_result(p->g) == NG_NONE)
		return PLAY_ON;
	play_say(p, R_MSG, "%s", _("The game is over here: step back to "
	                           "play on from an earlier move."));
	return -1;
}

/* Every key but help and the coordinates is the replay's: stepping
 * through the moves (the game is the replay's own to undo and redo),
 * the coach, playing on, leaving. */
static int key(play *p, void *self, const event *ev, int *leave)
{
	replay *rp = self;
	ng_game *g = p->g;
	int before = ng_game_ply(g);
	switch (ev->act) {
	case ACT_HELP: case ACT_COORDS:
		return 0;
	case ACT_QUIT: case ACT_BACK:
		*leave = PLAY_QUIT;
		return 1;
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
		if (ev->key == 'a' || ev->key == 'A')
			coach_start(p, rp);
		else if (ev->key == 'p' || ev->key == 'P')
			*leave = play_on(p);
		break;
	}
	if (ng_game_ply(g) != before) {
		play_relayout(p);   /* the move list follows */
		if (!rp->job || rp->an)
			play_quiet(p);
	}
	return 1;
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
 * anything else is shown as it is.  (The replay's header and the list of
 * past games both show it.) */
void play_local_date(const char *iso, char *out, size_t size)
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

/* The replay's lines: the record's header, the move shown, the keys
 * (the last move is the game's line). */
static void panel(const play *p, void *self, panel_text *t)
{
	const replay *rp = self;
	const ng_record_info *ri = rp->info;
	const char *res;
	switch (save_outcome(ri)) {   /* resigned online, too */
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
		play_local_date(ri->date, date, sizeof date);
	snprintf(t->header, sizeof t->header, _("Red: %s%sBlue: %s%s%s%s%s"),
	         red, G->sep, blue, G->sep, res, date[0] ? G->sep : "", date);
	int ply = ng_game_ply(p->g), len = ng_game_length(p->g);
	/* TRANSLATORS: the replay: the move shown and the number of moves. */
	snprintf(t->turn, sizeof t->turn, _("Replay: move %d of %d"), ply, len);
	t->turn_role = R_TITLE;
	if (ply == len && ng_game_result(p->g) != NG_NONE) {
		ng_result r = ng_game_result(p->g);
		play_won_text(t->hint, sizeof t->hint,
		         r == NG_DRAW ? _("Draw: the same position came up three times.")
		         : r == NG_RED_WINS ? _("Red wins!") : _("Blue wins!"), cur_pos(p));
	} else {
		int side = to_move(p);
		snprintf(t->hint, sizeof t->hint, "%s %s", G->token[side],
		         side == NG_RED ? _("Red to move") : _("Blue to move"));
		if (rp->an && ply < len) {
			/* TRANSLATORS: the replay, once analysed (key a): the
			   engine's best move here, marked on the board. */
			size_t n = strlen(t->hint);
			snprintf(t->hint + n, sizeof t->hint - n, "%s", G->sep);
			n = strlen(t->hint);
			snprintf(t->hint + n, sizeof t->hint - n, _("best: %s"),
			         rp->an[ply].best);
		}
	}
	play_set_keys(t, _("left/right (h/l) step, Home/End start/end, a analyse, "
	              "p play on, i coordinates, ? help, q quit"),
	         _("left/right (h/l) step, Home/End start/end, a analyse, "
	           "p play on, ? help, q quit"),
	         _("a analyse, p play on, ? help, q quit"));
}

static void free_replay(void *self)
{
	replay *rp = self;
	an_job_free(rp->job);
	ng_game_free(rp->line);
}

static const other_ops replay_ops = {
	.poll = poll,
	.key = key,
	.allows = play_allows_nothing,
	.panel = panel,
	.free = free_replay,
};

int play_replay(const char *path, ng_game *g, const ng_record_info *info,
                const options *opt)
{
	(void)path;
	replay rp = { info, ng_game_copy(g), NULL, NULL };
	if (!rp.line)
		return PLAY_QUIT;
	/* from the start: the record's moves are there to redo */
	while (ng_game_ply(g) > 0)
		ng_game_undo(g);
	lineup who = { 0 };
	who.mode = MODE_PVP;
	who.human = -1;
	play P;
	play *p = &P;
	play_init(p, opt, &who, g, (other_side){ &replay_ops, &rp });
	play_view_record(p, rp.line);
	return play_run_screen(p);
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
