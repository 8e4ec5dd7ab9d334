/*
 * history.c - "Past games" in the title menu: the finished games kept in
 * the state directory's records/, newest first, one line each (date,
 * players, result, length); Enter replays one, Esc goes back.
 */
#include "ui.h"
#include "savefile.h"
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_MAX 200   /* the newest; older ones stay on disk */

typedef struct entry {
	char name[64];        /* YYYYMMDD-HHMMSS.nonaga */
	char line[300];
} entry;

static int newest_first(const void *a, const void *b)
{
	return strcmp(((const entry *)b)->name, ((const entry *)a)->name);
}

/* The records' names, newest first (their names are their times). */
static int list_records(const char *rdir, entry *e, int max)
{
	DIR *d = opendir(rdir);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *de;
	entry *all = NULL;
	int cap = 0;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 8 || len >= sizeof e->name ||
		    strcmp(de->d_name + len - 7, ".nonaga"))
			continue;
		if (n == cap) {
			int nc = cap ? cap * 2 : 64;
			entry *m = realloc(all, sizeof *m * (size_t)nc);
			if (!m)
				break;
			all = m;
			cap = nc;
		}
		memcpy(all[n].name, de->d_name, len + 1);   /* len < sizeof name */
		all[n].line[0] = 0;
		n++;
	}
	closedir(d);
	if (n)
		qsort(all, (size_t)n, sizeof *all, newest_first);
	if (n > max)
		n = max;
	if (n)
		memcpy(e, all, sizeof *e * (size_t)n);
	free(all);
	return n;
}

/* One line about a record: when it began (local time, as the replay's
 * header says), how it ended, how long, who played (the player's own
 * colour, for a game against the computer or online).  Who played comes
 * last and short: an opponent's long name is what a narrow screen cuts,
 * never the result (80 columns hold the whole line against the
 * computer). */
static void describe(const char *path, const char *name, char *out, size_t size)
{
	static char msg[SAVE_MSG];
	ng_game *g = NULL;
	ng_record_info *info = calloc(1, sizeof *info);
	if (!info || save_read(path, 0, &g, info, msg) != SAVE_OK) {
		snprintf(out, size, "%.15s%s%s", name, G->sep, _("cannot be read"));
		free(info);
		ng_game_free(g);
		return;
	}
	const char *mode = ng_record_get(info, "Mode");
	const char *human = ng_record_get(info, "Human");
	int you = -1;   /* the player's side, when one of the two was the player */
	const opponent_kind *k = mode ? kind_of(kind_by_word(mode)) : NULL;
	if (k && k->players != KIND_HUMANS)   /* the record keeps the seat */
		you = human && !strcmp(human, "blue") ? NG_BLUE : NG_RED;
	ng_result end = save_outcome(info);   /* resigned online, too */
	int won = end == NG_RED_WINS ? NG_RED : end == NG_BLUE_WINS ? NG_BLUE : -1;
	const char *res = end == NG_DRAW ? _("drawn")
	                : won < 0 ? _("not finished")
	                : you >= 0 ? (won == you ? _("you won") : _("you lost"))
	                : won == NG_RED ? _("Red won") : _("Blue won");
	char red[NG_RECORD_VALUE + 32], blue[NG_RECORD_VALUE + 32], who[2 * NG_RECORD_VALUE + 160];
	play_player_name(info->red, red, sizeof red);
	play_player_name(info->blue, blue, sizeof blue);
	if (you >= 0)
		/* TRANSLATORS: the list of past games, after "you won" or
		   "you lost": the colour the player played ("Red" or "Blue"),
		   then the opponent ("computer level 3", or a login online).
		   Keep it short: the line must fit 74 columns. */
		snprintf(who, sizeof who, _("as %s vs %s"), you == NG_RED ? _("Red") : _("Blue"),
		         you == NG_RED ? blue : red);
	else
		/* TRANSLATORS: the list of past games: who played Red, who
		   played Blue ("human"). */
		snprintf(who, sizeof who, _("%s against %s"), red, blue);
	/* the record's Date, as the replay shows it; else the name's time */
	char when[NG_RECORD_VALUE + 32];
	if (info->date[0])
		play_local_date(info->date, when, sizeof when);
	else
		snprintf(when, sizeof when, "%.4s-%.2s-%.2s %.2s:%.2s", name, name + 4,
		         name + 6, name + 9, name + 11);
	int n = ng_game_length(g);
	/* TRANSLATORS: the list of past games: the date, a separator, the
	   result, a separator, the number of moves, a separator, who
	   played. */
	snprintf(out, size, ngettext("%s%s%s%s%d move%s%s", "%s%s%s%s%d moves%s%s", (unsigned long)n),
	         when, G->sep, res, G->sep, n, G->sep, who);
	ng_game_free(g);
	free(info);
}

ng_game *history_run(const char *dir, const options *opt)
{
	ng_game *on = NULL;
	char rdir[PATH_MAX];
	if (snprintf(rdir, sizeof rdir, "%s/records", dir) >= (int)sizeof rdir)
		return NULL;
	entry *e = calloc(HISTORY_MAX, sizeof *e);
	const char **items = calloc(HISTORY_MAX, sizeof *items);
	if (!e || !items) {
		free(e);
		free(items);
		return NULL;
	}
	int n = list_records(rdir, e, HISTORY_MAX), sel = 0;
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX + 80];
		snprintf(path, sizeof path, "%s/%s", rdir, e[i].name);
		describe(path, e[i].name, e[i].line, sizeof e[i].line);
		items[i] = e[i].line;
	}
	while (n > 0 && !term_signal && !on) {
		sel = choose_run(_("Past games"),
		                 _("Finished games, the newest first (when each began, in "
		                   "local time). Enter replays one."), items, n, sel);
		if (sel < 0)
			break;
		char path[PATH_MAX + 80];
		snprintf(path, sizeof path, "%s/%s", rdir, e[sel].name);
		static char msg[SAVE_MSG];
		ng_game *g = NULL;
		ng_record_info *info = calloc(1, sizeof *info);
		if (info && save_read(path, 1, &g, info, msg) == SAVE_OK &&
		    play_replay(path, g, info, opt) == PLAY_ON)
			on = play_on_game(g);
		ng_game_free(g);
		free(info);
	}
	if (n == 0)
		choose_run(_("Past games"), _("No finished game has been kept yet."),
		           (const char *const[]){ _("Back") }, 1, 0);
	free(items);
	free(e);
	return on;
}
