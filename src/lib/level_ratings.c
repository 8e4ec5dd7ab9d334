/* level_ratings.c - the computer levels' ratings (ng_level_rating), made
 * by `make calibrate' (test/calibrate.sh): not measured yet.
 * Generated: do not edit. */
#include "nonaga.h"

/* rating, deviation and rated games of each level; games 0: not measured */
static const struct { int rating, rd, games; } ladder[NG_LEVEL_MAX + 1] = {
	[0] = { 0, 0, 0 },
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
