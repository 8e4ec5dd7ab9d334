/*
 * tui.c - the curses game: from the title menu to games and back, and out.
 */
#include "ui.h"
#include <signal.h>

int tui_main(const options *opt)
{
	if (term_open(opt) != 0)
		return 1;
	if (opt->lang)
		language_shown(opt->lang);
	settings s = {
		.mode = opt->mode == MODE_PVP ? MODE_PVP : MODE_AI,
		.level = opt->level,
		.side = opt->human_side,
		.rules = opt->rules,
	};
	int play = opt->mode == MODE_MENU ? menu_run(&s) : 1;
	while (play && !term_signal) {
		if (play_run(&s, opt) == PLAY_QUIT)
			break;
		play = menu_run(&s);
	}
	term_close();
	int sig = term_signal;
	if (sig) {
		/* die of the signal, as the shell expects, now that the
		 * terminal is back to normal */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return 0;
}
