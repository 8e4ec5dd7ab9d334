/*
 * cli_list.c - `nonaga --list': your online games not over yet, one a
 * line, for a shell's login script:
 *
 *   alice-1: your move against bob, 1d 23:59 left
 *   bob-2: bob's move
 *   alice-3: waiting for an opponent
 *
 * The server is found as for playing (client_connect.c), but none is
 * started: with no server running, there is nothing to list and nothing
 * is printed.  Exit status 0, or 1 when a server could not be asked.
 * What the server says is checked before it is printed (names, sides,
 * numbers); a line that is not right is skipped.
 */
#include "cli.h"
#include "client_connect.h"
#include "client_proto.h"
#include "closeout.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "mine NAME SIDE OPPONENT TO-MOVE CLOCK MS" as a line for the player me;
 * 0 when it is not such a line. */
static int list_line(const char *me, const char *line, char *out, size_t size)
{
	char game[64], side[8], op[64], tomove[8], clock[16], left[48] = "";
	long long ms;
	if (sscanf(line, "mine %63s %7s %63s %7s %15s %lld", game, side, op, tomove, clock,
	           &ms) != 6 || !net_name_ok(game) || (strcmp(op, "-") && !net_name_ok(op)) ||
	    (strcmp(side, "red") && strcmp(side, "blue")) ||
	    (strcmp(tomove, "red") && strcmp(tomove, "blue")))
		return 0;
	int days = atoi(clock) > 0 && clock[strspn(clock, "0123456789")] == 'd' ? atoi(clock) : 0;
	if (ms >= 0) {
		char t[32];
		online_clock_text(ms, days, t, sizeof t);
		/* TRANSLATORS: after a game's line in --list: the time left to
		   the side to move. */
		snprintf(left, sizeof left, _(", %s left"), t);
	}
	if (!strcmp(op, "-"))
		/* TRANSLATORS: a line of --list: the game. */
		snprintf(out, size, _("%s: waiting for an opponent"), game);
	else if (!strcmp(tomove, side) || !strcmp(op, me))
		/* TRANSLATORS: a line of --list: the game, the opponent, the
		   time left (", 4:59 left", or nothing without a clock). */
		snprintf(out, size, _("%s: your move against %s%s"), game, op, left);
	else
		/* TRANSLATORS: a line of --list: the game, the opponent, the
		   time left (", 4:59 left", or nothing without a clock). */
		snprintf(out, size, _("%s: %s's move%s"), game, op, left);
	return 1;
}

int list_main(const netclient_opts *o)
{
	char me[NET_NAME_MAX + 1], msg[512], line[NET_LINE_MAX + 1], out[400];
	netclient_opts q = *o;
	netclient_info via;
	q.no_start = 1;
	int fd = netclient_open(&q, me, sizeof me, &via, msg, sizeof msg);
	if (fd < 0) {
		if (via.absent)
			return 0;   /* no server runs: no game */
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	int r = -1;
	if (write(fd, "mine\n", 5) == 5)
		while ((r = netclient_line(fd, line, sizeof line, 10000)) > 0 &&
		       strncmp(line, "ok", 2) && strncmp(line, "error", 5))
			if (list_line(me, line, out, sizeof out) && printf("%s\n", out) < 0)
				closeout_failed(errno);
	if (r > 0 && !strncmp(line, "ok", 2) && write(fd, "quit\n", 5) < 0)
		r = 1;   /* (the answer is whole: the goodbye does not matter) */
	close(fd);
	if (r <= 0 || strncmp(line, "ok", 2)) {
		fprintf(stderr, "nonaga: %s\n", r == 0 ? _("the server does not answer")
		        : r < 0 ? _("the server closed the connection")
		                : _("the server cannot list your games"));
		return 1;
	}
	return 0;
}
