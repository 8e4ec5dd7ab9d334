/*
 * play_save.c - a game on the screen kept on disk: after every turn, as a
 * record once it is over, and exported with x (savefile.c does the files).
 */
#include "game_screen.h"
#include "saveslot.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---------------------------------------------------------------- saving */

/* path as ~/... when it lies under $HOME: the record's full path does not
 * fit a line at 80 columns. */
static const char *home_relative(const char *path, char *out, size_t size)
{
	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;
	while (n > 1 && home[n - 1] == '/')
		n--;
	if (n > 1 && home[0] == '/' && !strncmp(path, home, n) && path[n] == '/') {
		snprintf(out, size, "~%s", path + n);
		return out;
	}
	return path;
}

/* The state directory, made when first needed; 0 when there is none (the
 * message is then in the status line). */
int play_state_dir(play *p)
{
	if (p->dir[0])
		return 1;
	char msg[SAVE_MSG];
	if (save_dir(p->dir, sizeof p->dir, msg) != SAVE_OK) {
		p->dir[0] = 0;
		play_say(p, R_MSG, "%s", msg);
		return 0;
	}
	return 1;
}

/* Hold the game's save slot before writing to it: a finished game let go
 * of it, and another terminal may have taken it since; then the game
 * goes on in a free slot.  0 when there is none (said). */
static int hold_slot(play *p)
{
	char msg[SAVE_MSG];
	save_holder h;
	save_status st = slot_hold(p->dir, p->slot, &h, msg);
	if (st == SAVE_NONE) {
		int k = slot_free(p->dir);
		if (!k) {
			play_say(p, R_MSG, "%s", _("Every save slot holds an unfinished "
			         "game: this one cannot be saved."));
			return 0;
		}
		p->slot = k;
		st = slot_hold(p->dir, p->slot, &h, msg);
	}
	if (st != SAVE_OK) {
		if (st == SAVE_ERROR)
			play_say(p, R_MSG, "%s", msg);
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
void play_autosave(play *p)
{
	/* an online game is kept by the server (play_online.c keeps its end);
	 * puzzles and replays are not games to keep: the other side says */
	if (!(play_allows(p) & OK_SAVE) || ng_game_length(p->g) == 0 || !play_state_dir(p))
		return;
	char msg[SAVE_MSG];
	if (ng_game_result(p->g) != NG_NONE && !ng_game_can_redo(p->g)) {
		if (p->archived) {
			/* undone and redone: it is kept already, but the undo
			 * saved it as in progress again */
			if (save_discard(p->dir, p->slot, msg) != SAVE_OK)
				play_say(p, R_MSG, "%s", msg);
			slot_release();
			return;
		}
		p->archived = 1;
		char path[PATH_MAX], shown[PATH_MAX + 2];
		if (save_archive(p->dir, p->g, &p->si, path, sizeof path, msg) != SAVE_OK) {
			play_say(p, R_MSG, "%s", msg);
			/* keep it as the game in progress rather than lose it */
			if (hold_slot(p) &&
			    save_game(p->dir, p->slot, p->g, &p->si, msg) != SAVE_OK)
				play_say(p, R_MSG, "%s", msg);
			return;
		}
		/* taken back from its end and ended again, it replaces
		 * this record (current.save carries its name) */
		const char *base = strrchr(path, '/');
		base = base ? base + 1 : path;
		if (strlen(base) < sizeof p->si.kept)
			memcpy(p->si.kept, base, strlen(base) + 1);
		if (save_discard(p->dir, p->slot, msg) != SAVE_OK)
			play_say(p, R_MSG, "%s", msg);
		else
			/* TRANSLATORS: %s is the file a finished game was kept in
			   (~/... under the home directory). */
			play_say(p, R_NORMAL, _("The game was kept as %s."),
			         home_relative(path, shown, sizeof shown));
		slot_release();   /* a finished game holds no save slot */
		return;
	}
	if (hold_slot(p) && save_game(p->dir, p->slot, p->g, &p->si, msg) != SAVE_OK)
		play_say(p, R_MSG, "%s", msg);
}

/* x: the game as a record, named by the time (with -2, -3... when x is
 * pressed again within the second), in the current directory; when that
 * cannot be written to (read-only, or removed), in $XDG_DOCUMENTS_DIR or
 * else the home directory.  The path is shown.  Not at the SSH door,
 * where nobody could fetch the file. */
void play_export(play *p)
{
	char stem[64], cwd[PATH_MAX], path[PATH_MAX + 80], msg[SAVE_MSG], first[SAVE_MSG];
	if (p->opt->door) {   /* its files are the session's, gone at its end */
		play_say(p, R_MSG, "%s", _("Exporting to a file is not available at "
		                           "the SSH door."));
		return;
	}
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(stem, sizeof stem, "nonaga-%Y%m%d-%H%M%S", &tm);
	const char *dirs[3] = {
		getcwd(cwd, sizeof cwd), getenv("XDG_DOCUMENTS_DIR"), getenv("HOME"),
	};
	first[0] = 0;
	for (int i = 0; i < 3; i++) {
		if (!dirs[i] || dirs[i][0] != '/')
			continue;
		if (save_export_new(dirs[i], stem, p->g, &p->si, path, sizeof path,
		                    msg) == SAVE_OK) {
			if (i == 0)
				/* TRANSLATORS: %s is the file the game was written to. */
				play_say(p, R_NORMAL, _("Game exported to %s."), path);
			else
				/* TRANSLATORS: %s is the file the game was written to. */
				play_say(p, R_NORMAL, _("The current directory cannot be "
				                   "written to: game exported to %s."), path);
			return;
		}
		if (!first[0])
			snprintf(first, sizeof first, "%s", msg);
	}
	play_say(p, R_MSG, "%s", first[0] ? first : _("There is no directory to export the game to."));
}

