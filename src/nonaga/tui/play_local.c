/*
 * play_local.c - a game on this machine (ui.h: play_run), new or resumed:
 * against the computer (play_computer.c) or two players at one keyboard
 * (no other side), on the game screen (play.c).
 */
#include "game_screen.h"
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* What makes the other side of each kind (kinds.h's side column); NULL:
 * none, two players at one keyboard. */
typedef int side_maker(other_side *o, const options *opt, int draw_side);
static side_maker *const makers[MODE_COUNT] = {
#define KIND_SIDE(name, word, label, players, side, menu) [MODE_##name] = side,
	NONAGA_KINDS(KIND_SIDE)
#undef KIND_SIDE
};

int play_run(const lineup *s, const options *opt, ng_game *resume,
             const save_info *si, int slot, const char *note)
{
	lineup who = resume ? si->who : *s;
	if (resume)
		who.rules = ng_pos_rules(ng_game_pos_at(resume, 0));
	ng_game *g = resume ? resume : ng_game_new(s->rules);
	other_side them = { NULL, NULL };
	side_maker *make = kind_of(who.mode) ? makers[who.mode] : NULL;
	if (!g || (make && make(&them, opt, !resume && s->human < 0) != 0)) {
		ng_game_free(g);
		return PLAY_QUIT;
	}
	static int seeded;
	if (!seeded) {
		srand((unsigned)time(NULL) ^ (unsigned)getpid());
		seeded = 1;
	}
	play P;
	play *p = &P;
	play_init(p, opt, &who, g, them);
	play_keep_in(p, slot);
	if (resume)
		play_resume(p, si);
	else
		play_begin(p);
	if (note)
		play_say(p, R_MSG, "%s", note);
	int result = play_run_screen(p);
	ng_game_free(g);
	return result;
}
