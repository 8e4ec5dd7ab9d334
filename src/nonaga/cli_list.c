/*
 * cli_list.c - `nonaga --list': your online games not over yet, one a
 * line, for a shell's login script:
 *
 *   alice-1: your move against bob, 1d 23:59 left
 *   bob-2: bob's move
 *   alice-3: waiting for an opponent
 *   carol-1: carol invites you
 *
 * The server is found as for playing (client_connect.c), but none is
 * started: with no server running, there is nothing to list and nothing
 * is printed.  Exit status 0, or 1 when a server could not be asked.
 */
#include "i18n.h"
#include "mains.h"
#include "client_mine.h"
#include "client_proto.h"
#include "closeout.h"
#include <errno.h>
#include <stdio.h>

#define LIST_MAX 1000

/* A game as a line. */
static void list_line(const mine_game *g, char *out, size_t size)
{
	char left[48] = "";
	if (g->ms >= 0) {
		char t[32];
		online_clock_text(g->ms, g->days, t, sizeof t);
		/* TRANSLATORS: after a game's line in --list: the time left to
		   the side to move. */
		snprintf(left, sizeof left, _(", %s left"), t);
	}
	if (g->invited)
		/* TRANSLATORS: a line of --list: the game, the player who
		   invites you to it. */
		snprintf(out, size, _("%s: %s invites you"), g->game, g->opponent);
	else if (!g->opponent[0])
		/* TRANSLATORS: a line of --list: the game. */
		snprintf(out, size, _("%s: waiting for an opponent"), g->game);
	else if (g->your_move)
		/* TRANSLATORS: a line of --list: the game, the opponent, the
		   time left (", 4:59 left", or nothing without a clock). */
		snprintf(out, size, _("%s: your move against %s%s"), g->game, g->opponent, left);
	else
		/* TRANSLATORS: a line of --list: the game, the opponent, the
		   time left (", 4:59 left", or nothing without a clock). */
		snprintf(out, size, _("%s: %s's move%s"), g->game, g->opponent, left);
}

int list_main(const netclient_opts *o)
{
	static mine_game games[LIST_MAX];
	char msg[512], out[400];
	int absent;
	int n = client_mine(o, games, LIST_MAX, &absent, msg, sizeof msg);
	if (n < 0) {
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		list_line(&games[i], out, sizeof out);
		if (printf("%s\n", out) < 0)
			closeout_failed(errno);
	}
	return 0;
}
