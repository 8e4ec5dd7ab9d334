/*
 * lobby_computer.c - the lobby's Play the computer (issue 39): the
 * computer players the server offers (`who' lines of kind=computer), each
 * with its level and its rating on the server (`ratings'), both asked on
 * a connection of their own as the lobby's ratings table is; then Play
 * now's clock chooser and its rules and rating (the last chosen first,
 * kept in the settings for both); then `challenge computer-N CLOCK RULES
 * rated|casual', which such a
 * player accepts at once: the wait is for `paired', after which the game
 * opens as after Play now.  The title menu's Play the computer comes here
 * through lobby_computer_ask().
 */
#include "ui.h"
#include "client_proto.h"
#include "client_mine.h"
#include "lobby_seek.h"
#include "lobby_computer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COMPUTERS_MAX 16   /* levels 1 to 10, with room */

typedef struct computers {
	char name[COMPUTERS_MAX][NET_NAME_MAX + 1];
	char rating[COMPUTERS_MAX][16];   /* as a player sees it, or "" */
	int level[COMPUTERS_MAX];
	int n;
} computers;

static int asked;   /* the title menu asked for this screen first */

void lobby_computer_ask(void)
{
	asked = 1;
}

int lobby_computer_asked(void)
{
	int was = asked;
	asked = 0;
	return was;
}

/* A line of `who': "user computer-N GAME SIDE kind=computer". */
static int who_each(void *ctx, const char *me, const char *line)
{
	computers *cs = ctx;
	char name[NET_NAME_MAX + 1];
	int level, at = 0;
	(void)me;
	if (cs->n >= COMPUTERS_MAX || sscanf(line, "user %32s %*s %*s kind=computer%n", name,
	                                     &at) != 1 || !at || line[at] ||
	    sscanf(name, "computer-%d", &level) != 1)
		return 0;
	for (int i = 0; i < cs->n; i++)
		if (!strcmp(cs->name[i], name))
			return 0;   /* (in one game, or more) */
	snprintf(cs->name[cs->n], sizeof cs->name[0], "%s", name);
	cs->rating[cs->n][0] = 0;
	cs->level[cs->n++] = level;
	return 1;
}

/* A line of `ratings': "rating NAME R RD GAMES kind=KIND". */
static int rating_each(void *ctx, const char *me, const char *line)
{
	computers *cs = ctx;
	char name[NET_NAME_MAX + 1], word[64];
	double r, rd;
	(void)me;
	if (sscanf(line, "rating %32s %lf %lf", name, &r, &rd) != 3)
		return 0;
	for (int i = 0; i < cs->n; i++)
		if (!strcmp(cs->name[i], name)) {
			snprintf(word, sizeof word, "%.0f/%.0f", r, rd);
			client_rating_text(word, cs->rating[i], sizeof cs->rating[i]);
			return 1;
		}
	return 0;
}

static int by_level(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The server's computers, by level, with their ratings: how many, or -1
 * with msg saying why. */
static int ask_computers(const options *opt, computers *cs, char *msg, size_t size)
{
	char why[512];
	int absent;
	netclient_opts o = { .server = opt->server, .key_file = opt->key_file,
	                     .as = opt->door_as };
	cs->n = 0;
	if (client_query(&o, "who", who_each, cs, &absent, _("the server cannot list its players"),
	                 why, sizeof why) < 0 ||
	    (cs->n && client_query(&o, "ratings", rating_each, cs, &absent,
	                           _("the server cannot list the ratings"), why, sizeof why) < 0)) {
		snprintf(msg, size, _("The server says: %s"), why);
		return -1;
	}
	int order[COMPUTERS_MAX];
	computers sorted;
	for (int i = 0; i < cs->n; i++)
		order[i] = cs->level[i] * COMPUTERS_MAX + i;
	qsort(order, (size_t)cs->n, sizeof order[0], by_level);
	sorted.n = cs->n;
	for (int i = 0; i < cs->n; i++) {
		int k = order[i] % COMPUTERS_MAX;
		memcpy(sorted.name[i], cs->name[k], sizeof sorted.name[i]);
		memcpy(sorted.rating[i], cs->rating[k], sizeof sorted.rating[i]);
		sorted.level[i] = cs->level[k];
	}
	*cs = sorted;
	return cs->n;
}

int lobby_server_configured(const options *opt)
{
	netclient_opts o = { .server = opt->server, .key_file = opt->key_file,
	                     .as = opt->door_as };
	return opt->door || netclient_configured(&o);
}

/* Waits for the answer to the challenge: LW_PAIRED (the game's sync
 * follows), LW_GONE (refused: msg says), LW_LOST, LW_QUIT. */
static int wait_paired(online *on, char *msg, size_t size)
{
	for (;;) {
		int r = lobby_pairing_news(on, -1, msg, size);
		if (r >= 0)
			return r;
		event in;
		input_get_sized(&in, 1000, on->fd);
		if (in.act == ACT_SIGNAL)
			return LW_QUIT;
	}
}

int lobby_computer(online *on, const options *opt, char *clock, size_t csize, char *msg,
                   size_t size)
{
	static computers cs;
	char shown[COMPUTERS_MAX][NET_NAME_MAX + 96], level[64];
	const char *items[COMPUTERS_MAX];
	if (ask_computers(opt, &cs, msg, size) < 0)
		return LW_GONE;
	if (!cs.n) {
		/* TRANSLATORS: the lobby's message: Play the computer on a
		   server without computer players (nonaga --serve --computers). */
		snprintf(msg, size, "%s", _("This server offers no computer players."));
		return LW_GONE;
	}
	for (int i = 0; i < cs.n; i++) {
		/* TRANSLATORS: a computer player's level in the lobby's list. */
		snprintf(level, sizeof level, _("level %d"), cs.level[i]);
		snprintf(shown[i], sizeof shown[i], "%s%s%s%s%s", cs.name[i], G->sep, level, G->sep,
		         /* TRANSLATORS: a computer player with no rating yet. */
		         cs.rating[i][0] ? cs.rating[i] : _("not rated yet"));
		items[i] = shown[i];
	}
	/* TRANSLATORS: the title of the lobby's Play the computer. */
	const char *title = _("Play the computer");
	int c = choose_run(title, _("Which computer? A game on the server, against the computer "
	                            "player of that level."), items, cs.n, 0);
	if (c < 0 || !lobby_clock(clock, csize, title, _("Which clock? (minutes for the game + "
	                                                 "seconds added a move, or days a move)")) ||
	    !lobby_terms(title))
		return LW_GONE;
	msg[0] = 0;
	ng_rules rules;
	int casual;
	online_seek_terms(&rules, &casual);
	if (online_send(on, OC_OTHER, "challenge %s %s %s %s", cs.name[c], clock,
	                ng_rules_name(rules), casual ? "casual" : "rated") < 0)
		return LW_LOST;
	return wait_paired(on, msg, size);
}
