/* level_ratings.c - the computer levels' ratings (ng_level_rating), made
 * by `make calibrate' (test/calibrate.sh): 9164 games in 36 minutes
 * from 2026-11-27T21:35Z, 3 at once on 1+1; 7 of 9 steps clear.
 * Generated: do not edit. */
#include "nonaga.h"

/* rating, deviation and rated games of each level; games 0: not measured */
static const struct { int rating, rd, games; } ladder[NG_LEVEL_MAX + 1] = {
	[1] = { 848, 75, 1937 },
	[2] = { 1158, 68, 1937 },
	[3] = { 1345, 68, 2201 },
	[4] = { 1472, 65, 1936 },
	[5] = { 1481, 65, 2002 },
	[6] = { 1651, 65, 1937 },
	[7] = { 1842, 64, 1925 },
	[8] = { 1836, 64, 1937 },
	[9] = { 1972, 67, 1886 },
	[10] = { 2329, 87, 198 },
};

ng_err ng_level_rating(int level, int *rating, int *rd)
{
	if (level < NG_LEVEL_MIN || level > NG_LEVEL_MAX)
		return NG_ERR_RANGE;
	if (!ladder[level].games)
		return NG_ERR_UNCALIBRATED;
	*rating = ladder[level].rating;
	*rd = ladder[level].rd;
	return NG_OK;
}
