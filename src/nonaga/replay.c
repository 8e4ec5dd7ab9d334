/*
 * replay.c - nonaga --replay: step through a recorded game; p plays on
 * from the position shown.
 */
#include "play.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
		play_render(p);
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
		case ACT_COORDS:
			board_coords = !board_coords;
			break;
		default:
			if (ev.key != 'p' && ev.key != 'P')
				break;
			if (ng_game_result(g) == NG_NONE)
				return PLAY_ON;
			play_say(p, R_MSG, "%s", _("The game is over here: step back to "
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
