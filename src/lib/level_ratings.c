/* level_ratings.c - the computer levels' ratings (ng_level_rating), made
 * by `make calibrate' (test/calibrate.sh): 4029 games in 12 minutes
 * from 2026-11-28T00:49Z, 3 at once on 1+1; every step clears.
 * Generated: do not edit. */
#include "nonaga.h"

/* rating, deviation and rated games of each level; games 0: not measured */
static const struct { int rating, rd, games; } ladder[NG_LEVEL_MAX + 1] = {
	[1] = { 760, 81, 871 },
	[2] = { 1095, 68, 872 },
	[3] = { 1200, 68, 961 },
	[4] = { 1298, 67, 871 },
	[5] = { 1575, 65, 871 },
	[6] = { 1593, 69, 865 },
	[7] = { 1743, 68, 871 },
	[8] = { 1803, 69, 839 },
	[9] = { 2040, 74, 813 },
	[10] = { 2282, 81, 90 },
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
