/*
 * play_replay.c - nonaga --replay: step through a recorded game; p plays on
 * from the position shown.
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

/* ------------------------------------------------------------ the coach */

/* Key a: analyse the whole line in a thread (analysis.h); the screen
 * shows how far it is, then the marks and the best moves. */
static void coach_start(play *p, an_job **job)
{
	if (*job) {
		int done, total;
		ng_err e;
		if (!an_job_poll(*job, &done, &total, &e))
			play_say(p, R_MSG, "%s", _("The analysis is under way."));
		else if (!e)
			play_say(p, R_MSG, "%s", _("The moves are analysed: the marks are "
			                           "on the last-move line."));
		return;
	}
	ng_move *moves;
	int n = an_game_moves(p->g, &moves);
	if (n >= 0)
		*job = an_job_start(ng_game_pos_at(p->g, 0), moves, n, AN_DEPTH_DEFAULT);
	free(moves);
	if (!*job) {
		play_say(p, R_MSG, "%s", _("Cannot analyse the game: out of memory."));
		return;
	}
	play_say(p, R_MSG, _("Analysing the moves: %d of %d..."), 0, n);
}

/* How the analysis is getting on; 1 while it runs. */
static int coach_poll(play *p, an_job *job)
{
	int done, total;
	ng_err e;
	if (!job || p->an)
		return 0;
	if (!an_job_poll(job, &done, &total, &e)) {
		play_say(p, R_MSG, _("Analysing the moves: %d of %d..."), done, total);
		return 1;
	}
	if (e) {
		play_say(p, R_MSG, _("Cannot analyse the game: %s"), _(ng_strerror(e)));
		return 0;
	}
	p->an = an_job_moves(job);
	int marks[4] = { 0 };
	for (int i = 0; i < total; i++)
		marks[p->an[i].mark]++;
	/* TRANSLATORS: when the analysis is done: how many moves have each
	   mark */
	play_say(p, R_MSG, _("Analysed: %d W (missed a win), %d L (allowed a "
	                     "forced win), %d ? (mistake)."),
	         marks[AN_MISSED_WIN], marks[AN_ALLOWED], marks[AN_MISTAKE]);
	p->relayout = 1;
	return 0;
}

/* ------------------------------------------------------------ the replay */

int play_replay(const char *path, ng_game *g, const ng_record_info *info,
                const options *opt)
{
	play P;
	play *p = &P;
	an_job *job = NULL;
	int ret = PLAY_QUIT;
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
		int busy = coach_poll(p, job);
		play_render(p);
		event ev;
		input_get(&ev, busy ? 100 : -1);
		int before = ng_game_ply(g);
		switch (ev.act) {
		case ACT_SIGNAL:
			goto out;
		case ACT_QUIT: case ACT_BACK:
			goto out;
		case ACT_RESIZE: case ACT_REDRAW:
			clearok(curscr, TRUE);
			p->relayout = 1;   /* the size (and the move list) again */
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
		case ACT_COORDS:
			p->bv.coords = !p->bv.coords;
			break;
		case ACT_HELP:
			page_help();
			clearok(curscr, TRUE);
			break;
		default:
			if (ev.key == 'a' || ev.key == 'A') {
				coach_start(p, &job);
				break;
			}
			if (ev.key != 'p' && ev.key != 'P')
				break;
			if (ng_game_result(g) == NG_NONE) {
				ret = PLAY_ON;
				goto out;
			}
			play_say(p, R_MSG, "%s", _("The game is over here: step back to "
			                      "play on from an earlier move."));
			break;
		}
		if (ng_game_ply(g) != before) {
			p->relayout = 1;
			if (!job || p->an)
				p->msg[0] = 0;
		}
	}
out:
	an_job_free(job);
	return ret;
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
