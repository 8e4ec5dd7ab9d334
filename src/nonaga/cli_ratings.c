/*
 * cli_ratings.c - `nonaga --ratings': the server's ratings table (the
 * protocol's `ratings'), the best first:
 *
 *   player                            rating  deviation  games
 *   alice                               1662        290      1
 *   bob                                 1338        290      1
 *
 * The server is found as for playing (client_connect.c), but none is
 * started: with no server running, or nobody rated, nothing is printed.  Exit status 0,
 * or 1 when a server could not be asked.
 */
#include "cli.h"
#include "client_mine.h"
#include "closeout.h"
#include <errno.h>
#include <stdio.h>

/* "rating NAME R RD GAMES": printed, after the heading when it is the
 * first (*ctx 0); 0 when it is not such a line. */
static int rating_line(void *ctx, const char *me, const char *line)
{
	char name[64];
	double r, rd;
	int games, k = 0, *printed = ctx;
	(void)me;
	if (sscanf(line, "rating %63s %lf %lf %d%n", name, &r, &rd, &games, &k) != 4 || line[k] ||
	    !net_name_ok(name) || games < 0)
		return 0;
	/* TRANSLATORS: the heading of `nonaga --ratings'; the columns below
	   are 32, 8, 11 and 7 columns wide. */
	if ((!(*printed)++ && printf("%s\n", _("player                            rating  "
	                                       "deviation  games")) < 0) ||
	    printf("%-32s %7.0f %10.0f %6d\n", name, r, rd, games) < 0)
		closeout_failed(errno);
	return 1;
}

int ratings_main(const netclient_opts *o)
{
	char msg[512];
	int absent, printed = 0;
	if (client_query(o, "ratings", rating_line, &printed, &absent,
	                 _("the server cannot list the ratings"), msg, sizeof msg) < 0) {
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	return 0;
}
