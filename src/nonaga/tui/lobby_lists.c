/*
 * lobby_lists.c - the lobby's lists as the server tells them: the lines
 * of `games' and `who' (nonaga(6), ONLINE), whole or as `lobby news'
 * changes, into the games not over and the connections, with their
 * players' kinds (kind=: a computer, a bot); and the lines of `arenas'
 * and `standings'.  No curses.
 */
#include "nonaga.h"
#include "client_mine.h"
#include "lobby_lists.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A line of `games' into g: 1, or 0 (not understood, or a game over:
 * not listed). */
static int parse_game(const char *line, lgame *g)
{
	char red[64], blue[64], invited[64] = "";
	if (sscanf(line, "game %32s %15s %15s %63s %63s %d %15s for=%63s", g->name, g->rules,
	           g->clock, red, blue, &g->ply, g->state, invited) < 7 ||
	    !net_name_ok(g->name) || !strcmp(g->state, "over"))
		return 0;
	snprintf(g->invited, sizeof g->invited, "%.32s", net_name_ok(invited) ? invited : "");
	const char *rated = strstr(line, " ratings=");
	for (int s = 0; s < 2; s++) {
		const char *n = s == NG_RED ? red : blue;
		char r[16] = "";
		snprintf(g->seat[s], sizeof g->seat[s], "%.32s", net_name_ok(n) ? n : "");
		g->held[s] = 0;
		if (rated && s == NG_RED)
			client_rating_text(rated + 9, r, sizeof r);
		else if (rated && strchr(rated, ':'))
			client_rating_text(strchr(rated, ':') + 1, r, sizeof r);
		snprintf(g->who[s], sizeof g->who[s], r[0] ? "%s (%s)" : "%s", g->seat[s], r);
	}
	return 1;
}

/* The game named out of v. */
void lobby_drop_game(lgame *v, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(v[i].name, name)) {
			memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof v[0]);
			(*n)--;
			return;
		}
}

/* A line of `games' into v: the game's new line, or, over, out; a new
 * game last (lines of `games' in its order) or on top (news: `games'
 * lists the newest first). */
void lobby_put_game(lgame *v, int *n, const char *line, int top)
{
	lgame g;
	char name[64] = "";
	if (!parse_game(line, &g)) {
		if (sscanf(line, "game %63s", name) == 1)
			lobby_drop_game(v, n, name);
		return;
	}
	int i = 0;
	while (i < *n && strcmp(v[i].name, g.name))
		i++;
	if (i == *n && !top && i < LOBBY_MAX)
		(*n)++;
	else if (i == *n && top) {
		*n -= *n == LOBBY_MAX;
		memmove(&v[1], &v[0], (size_t)*n * sizeof v[0]);
		(*n)++;
		i = 0;
	}
	if (i < LOBBY_MAX)
		v[i] = g;
}

/* A line of `who' into v. */
void lobby_put_user(luser *v, int *n, const char *line)
{
	char name[64], game[64], role[16];
	int k = sscanf(line, "user %63s %63s %15s", name, game, role);
	if (k < 1 || !net_name_ok(name) || *n >= USERS_MAX)
		return;
	const char *kind = strstr(line, " kind=");
	luser *u = &v[(*n)++];
	u->kind = !kind ? 'h' : !strncmp(kind, " kind=computer", 14) ? 'c'
	        : !strncmp(kind, " kind=bot", 9) ? 'b' : 'h';
	snprintf(u->name, sizeof u->name, "%.32s", name);
	snprintf(u->game, sizeof u->game, "%.32s", k >= 2 ? game : "-");
	u->side = k == 3 && !strcmp(role, "red") ? NG_RED : k == 3 && !strcmp(role, "blue")
	        ? NG_BLUE : -1;
}

/* The player name's connections out of v. */
void lobby_drop_user(luser *v, int *n, const char *name)
{
	int k = 0;
	for (int i = 0; i < *n; i++)
		if (strcmp(v[i].name, name))
			v[k++] = v[i];
	*n = k;
}


/* ------------------------------------------------------------ the arenas */

/* "arena NAME STATE SECONDS MINUTES CLOCK RULES PLAYERS WINNER [games=N]
 * [you=in|away|out]" into a (told at the time now, ms): 1, or 0 (not
 * understood).  Names are checked: no other text comes through. */
static int parse_arena(const char *line, larena *a, int64_t now)
{
	char st[16], winner[64], rules[16], you[8] = "";
	const char *g = strstr(line, " games="), *y = strstr(line, " you=");
	if (sscanf(line, "arena %32s %15s %ld %d %15s %15s %d %63s", a->name, st, &a->secs,
	           &a->minutes, a->clock, rules, &a->players, winner) != 8 ||
	    !net_name_ok(a->name) || strspn(a->clock, "0123456789+") != strlen(a->clock))
		return 0;
	a->state = !strcmp(st, "starting") ? 0 : !strcmp(st, "running") ? 1 : 2;
	a->secs = a->secs < 0 ? 0 : a->secs > 86400L * 2 ? 86400L * 2 : a->secs;
	a->at = now;
	a->simple = !strcmp(rules, "simple");
	snprintf(a->winner, sizeof a->winner, "%.32s", net_name_ok(winner) ? winner : "");
	a->games = g ? atoi(g + 7) : -1;
	if (y)
		sscanf(y + 5, "%7s", you);
	a->you = !strcmp(you, "in") ? 'i' : !strcmp(you, "away") ? 'a' : !strcmp(you, "out") ? 'o'
	         : '?';
	return 1;
}

void lobby_drop_arena(larena *v, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(v[i].name, name)) {
			memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof v[0]);
			(*n)--;
			return;
		}
}

int lobby_put_arena(larena *v, int *n, const char *line, int64_t now)
{
	larena a;
	if (!parse_arena(line, &a, now))
		return 0;
	int i = 0;
	while (i < *n && strcmp(v[i].name, a.name))
		i++;
	if (i == *n && i == LOBBY_ARENAS)
		return 0;
	*n += i == *n;
	v[i] = a;
	return 1;
}

int lobby_parse_standing(const char *line, lstanding *s)
{
	char name[64];
	const char *st = strstr(line, " streak="), *kind = strstr(line, " kind=");
	if (sscanf(line, "standing %d %63s %d %d", &s->rank, name, &s->points, &s->games) != 4 ||
	    !net_name_ok(name))
		return 0;
	snprintf(s->name, sizeof s->name, "%.32s", name);
	s->streak = st ? atoi(st + 8) : 0;
	s->kind = !kind ? 'h' : !strncmp(kind, " kind=computer", 14) ? 'c'
	        : !strncmp(kind, " kind=bot", 9) ? 'b' : 'h';
	return 1;
}
