/*
 * server_clock.c - a game's clock as the protocol and the records write
 * it ("M+I", "Dd" or "none"), both ways (server.h).  Apart from
 * server_game.c so that the store and its test (test/journal_test.c,
 * which compiles the store in) read and write clocks the same way.
 */
#include "server.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int game_parse_clock(const char *s, int *min, int *inc, int *days)
{
	char *end;
	long a = strtol(s, &end, 10), b = 0;
	if (end == s || a < 1)
		return -1;
	if (!strcmp(end, "d")) {
		if (a > NET_DAYS_MAX)
			return -1;
		*min = *inc = 0;
		*days = (int)a;
		return 0;
	}
	const char *p = end + 1;
	if (*end != '+' || a > 180 || (b = strtol(p, &end, 10), end == p) || *end ||
	    b < 0 || b > 180)
		return -1;
	*min = (int)a;
	*inc = (int)b;
	*days = 0;
	return 0;
}

void game_clock_word(int min, int inc, int days, char *buf, size_t size)
{
	if (days)
		snprintf(buf, size, "%dd", days);
	else if (min)
		snprintf(buf, size, "%d+%d", min, inc);
	else
		snprintf(buf, size, "none");
}

int game_parse_terms(char **w, int n, int at, game_terms *t)
{
	*t = (game_terms){ .rules = NG_STANDARD };
	if (at >= n || (strcmp(w[at], "none") &&
	                game_parse_clock(w[at], &t->min, &t->inc, &t->days) < 0))
		return -1;
	for (int i = at + 1; i < n; i++) {
		if (!strcmp(w[i], "standard") || !strcmp(w[i], "simple"))
			t->rules = w[i][1] == 't' ? NG_STANDARD : NG_SIMPLE;
		else if (!strcmp(w[i], "casual") || !strcmp(w[i], "rated"))
			t->casual = w[i][0] == 'c';
		else
			return -1;
	}
	return 0;
}
