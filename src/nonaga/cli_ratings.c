/*
 * cli_ratings.c - `nonaga --ratings': the server's ratings table (the
 * protocol's `ratings'), the best first:
 *
 *   player                            rating  deviation  games
 *   alice                               1662        290      1
 *   bob                                 1338        290      1
 *
 * The server is found as for playing (client_connect.c), but none is
 * started: with no server running, or nobody rated, nothing is printed
 * (the SSH door's `ratings' says that nobody is rated).  Exit status 0,
 * or 1 when a server could not be asked.
 */
#include "i18n.h"
#include "mains.h"
#include "client_mine.h"
#include "closeout.h"
#include <errno.h>
#include <stdio.h>

/* "rating NAME R RD GAMES": printed, after the heading when it is the
 * first (*ctx 0); 0 when it is not such a line. */
static int rating_line(void *ctx, const char *me, const char *line)
{
	char row[128];
	int *printed = ctx;
	(void)me;
	if (!client_rating_row(line, row, sizeof row))
		return 0;
	if ((!(*printed)++ && printf("%s\n", client_ratings_heading()) < 0) ||
	    printf("%s\n", row) < 0)
		closeout_failed(errno);
	return 1;
}

int ratings_main(const netclient_opts *o, int say_none)
{
	char msg[512];
	int absent, printed = 0;
	if (client_query(o, "ratings", rating_line, &printed, &absent,
	                 _("the server cannot list the ratings"), msg, sizeof msg) < 0) {
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	if (!printed && say_none && printf("%s\n", _("Nobody is rated yet.")) < 0)
		closeout_failed(errno);
	return 0;
}
