/*
 * tui.c - the curses game: from the title menu to games and back, and out;
 * nonaga --resume and nonaga --replay FILE.
 */
#include "ui.h"
#include "savefile.h"
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is the file inside the state directory (a record of ours, to move aside
 * when it is bad) rather than a file of the user's? */
static int in_state_dir(const char *path, const char *dir)
{
	char rp[PATH_MAX], rd[PATH_MAX];
	if (!realpath(path, rp) || !realpath(dir, rd))
		return 0;
	size_t n = strlen(rd);
	return !strncmp(rp, rd, n) && rp[n] == '/';
}

/* The state directory into dir; 0 and the message in msg when none. */
static int get_dir(char *dir, char *msg)
{
	return save_dir(dir, PATH_MAX, msg) == SAVE_OK;
}

static int replay(const options *opt)
{
	char dir[PATH_MAX], *msg = malloc(SAVE_MSG);
	ng_record_info *info = calloc(1, sizeof *info);
	ng_game *g = NULL;
	int status = 1;
	if (!msg || !info) {
		free(msg);
		free(info);
		return 1;
	}
	msg[0] = 0;
	int ours = get_dir(dir, msg) && in_state_dir(opt->replay, dir);
	if (save_read(opt->replay, ours, &g, info, msg) != SAVE_OK) {
		fprintf(stderr, "nonaga: %s\n", msg);
		goto out;
	}
	if (term_open(opt) != 0)
		goto out;
	play_replay(opt->replay, g, info, opt);
	term_close();
	status = 0;
out:
	ng_game_free(g);
	free(info);
	free(msg);
	return status;
}

int tui_main(const options *opt)
{
	if (opt->replay)
		return replay(opt);
	char dir[PATH_MAX];
	static char msg[SAVE_MSG];
	int have_dir = get_dir(dir, msg);
	ng_game *resume = NULL;
	save_info si;
	if (opt->resume) {
		if (!have_dir) {
			fprintf(stderr, "nonaga: %s\n", msg);
			return 1;
		}
		switch (save_load(dir, &resume, &si, msg)) {
		case SAVE_OK:
			break;
		case SAVE_NONE:
			fprintf(stderr, _("nonaga: there is no saved game to resume in %s\n"),
			        dir);
			return 1;
		default:
			fprintf(stderr, "nonaga: %s\n", msg);
			return 1;
		}
	}
	if (term_open(opt) != 0) {
		ng_game_free(resume);
		return 1;
	}
	if (opt->lang)
		language_shown(opt->lang);
	settings s = {
		.mode = opt->mode == MODE_PVP ? MODE_PVP : MODE_AI,
		.level = opt->level,
		.side = opt->human_side,
		.rules = opt->rules,
	};
	const char *notice = NULL;
	int choice = resume ? MENU_RESUME
	           : opt->mode == MODE_MENU
	           ? menu_run(&s, have_dir && save_exists(dir), NULL)
	           : MENU_PLAY;
	while (choice != MENU_QUIT && !term_signal) {
		if (choice == MENU_RESUME && !resume) {
			save_status st = have_dir ? save_load(dir, &resume, &si, msg)
			                          : SAVE_ERROR;
			if (st == SAVE_NONE)
				snprintf(msg, sizeof msg, "%s",
				         _("There is no saved game any more."));
			if (st != SAVE_OK) {
				/* a bad save has been moved aside: say so */
				notice = msg;
				choice = menu_run(&s, have_dir && save_exists(dir), notice);
				continue;
			}
		}
		int r = play_run(&s, opt, choice == MENU_RESUME ? resume : NULL, &si);
		resume = NULL;
		if (r == PLAY_QUIT)
			break;
		choice = menu_run(&s, have_dir && save_exists(dir), NULL);
	}
	term_close();
	int sig = term_signal;
	if (sig) {
		/* die of the signal, as the shell expects, now that the
		 * terminal is back to normal (the game has been saved) */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return 0;
}
