/*
 * server_names.c - the tables kept by player name (server_rating.c's
 * ratings, server_players.c's settings and ignore lists): arrays of
 * records sorted by the name each record starts with (char
 * name[NET_NAME_MAX + 1] first), looked up by binary search.
 */
#include "server.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, (const char *)elem);
}

void *names_find(const void *v, int n, size_t size, const char *name)
{
	return n > 0 ? bsearch(name, v, (size_t)n, size, by_name) : NULL;
}

/* A new record for name, which the table must not hold yet: zeroed but
 * for the name, in its place (the later ones move up); NULL: no memory. */
void *names_add(void **v, int *n, int *cap, size_t size, const char *name)
{
	if (*n == *cap) {
		int c = *cap ? *cap * 2 : 64;
		void *w = realloc(*v, (size_t)c * size);
		if (!w)
			return NULL;
		*v = w;
		*cap = c;
	}
	char *base = *v;
	int at = 0;
	while (at < *n && strcmp(base + (size_t)at * size, name) < 0)
		at++;
	char *p = base + (size_t)at * size;
	memmove(p + size, p, (size_t)(*n - at) * size);
	(*n)++;
	memset(p, 0, size);
	memcpy(p, name, strnlen(name, NET_NAME_MAX));
	return p;
}

int names_computer(const char *name)
{
	static const char pre[] = "computer-";
	if (strncasecmp(name, pre, sizeof pre - 1))
		return 0;
	const char *d = name + sizeof pre - 1;
	int level = 0;
	for (; *d >= '0' && *d <= '9' && level <= NG_LEVEL_MAX; d++)
		level = level * 10 + (*d - '0');
	return !*d && d[-1] != '-' && name[sizeof pre - 1] != '0' && level >= NG_LEVEL_MIN &&
	       level <= NG_LEVEL_MAX ? level : 0;
}

