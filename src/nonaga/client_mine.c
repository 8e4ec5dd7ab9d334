/*
 * client_mine.c - the games of yours not over yet (client_mine.h): one
 * connection, "mine", its lines until "ok N", "quit"; the same for any
 * such question (client_query: `nonaga --ratings' asks "ratings").
 */
#include "client_mine.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "mine NAME SIDE OPPONENT TO-MOVE CLOCK MS [invited]" for the player me
 * into *g; 0 when it is not such a line. */
static int mine_line(const char *me, const char *line, mine_game *g)
{
	char game[64], side[8], op[64], tomove[8], clock[16], more[16] = "";
	long long ms;
	if (sscanf(line, "mine %63s %7s %63s %7s %15s %lld %15s", game, side, op, tomove, clock,
	           &ms, more) < 6 || !net_name_ok(game) || (strcmp(op, "-") && !net_name_ok(op)) ||
	    (strcmp(side, "red") && strcmp(side, "blue")) ||
	    (strcmp(tomove, "red") && strcmp(tomove, "blue")))
		return 0;
	/* (names checked: at most NET_NAME_MAX bytes) */
	snprintf(g->game, sizeof g->game, "%.32s", game);
	snprintf(g->opponent, sizeof g->opponent, "%.32s", strcmp(op, "-") ? op : "");
	g->invited = !strcmp(more, "invited") && g->opponent[0];
	g->your_move = !g->invited && g->opponent[0] && (!strcmp(tomove, side) || !strcmp(op, me));
	g->days = atoi(clock) > 0 && clock[strspn(clock, "0123456789")] == 'd' ? atoi(clock) : 0;
	g->ms = ms < 0 ? -1 : ms;
	return 1;
}

int client_query(const netclient_opts *o, const char *cmd,
                 int (*each)(void *ctx, const char *me, const char *line), void *ctx,
                 int *absent, const char *cannot, char *msg, size_t size)
{
	char me[NET_NAME_MAX + 1], line[NET_LINE_MAX + 1], ask[64];
	netclient_opts q = *o;
	netclient_info via;
	q.no_start = 1;
	*absent = 0;
	int fd = netclient_open(&q, me, sizeof me, &via, msg, size);
	if (fd < 0) {
		*absent = via.absent;
		return via.absent ? 0 : -1;
	}
	int r = -1, n = 0, len = snprintf(ask, sizeof ask, "%s\n", cmd);
	if (net_write(fd, ask, (size_t)len) == len)
		while ((r = netclient_line(fd, line, sizeof line, 10000)) > 0 &&
		       strncmp(line, "ok", 2) && strncmp(line, "error", 5))
			n += each(ctx, me, line);
	int whole = r > 0 && !strncmp(line, "ok", 2);
	if (whole && net_write(fd, "quit\n", 5) < 0) {
		/* (the answer is whole: the goodbye does not matter) */
	}
	close(fd);
	if (!whole) {
		snprintf(msg, size, "%s", r == 0 ? _("the server does not answer")
		         : r < 0 ? _("the server closed the connection") : cannot);
		return -1;
	}
	return n;
}

typedef struct mine_ctx {
	mine_game *out;
	int max, n;
} mine_ctx;

static int mine_each(void *ctx, const char *me, const char *line)
{
	mine_ctx *m = ctx;
	return m->n < m->max && mine_line(me, line, &m->out[m->n]) ? (m->n++, 1) : 0;
}

int client_mine(const netclient_opts *o, mine_game *out, int max, int *absent,
                char *msg, size_t size)
{
	mine_ctx m = { out, max, 0 };
	return client_query(o, "mine", mine_each, &m, absent,
	                    _("the server cannot list your games"), msg, size);
}

void client_rating_text(const char *word, char *out, size_t size)
{
	int r, rd, k = 0;
	out[0] = 0;
	if (sscanf(word, "%d/%d%n", &r, &rd, &k) == 2 && (!word[k] || word[k] == ':' ||
	    word[k] == ' ') && r >= 0 && r < 100000 && rd >= 0)
		snprintf(out, size, "%d%s", r, rd > RATING_SURE ? "?" : "");
}

const char *client_ratings_heading(void)
{
	/* TRANSLATORS: the heading of the ratings table (`nonaga --ratings',
	   the lobby's Ratings); the columns below are 32, 8, 11 and 7
	   columns wide. */
	return _("player                            rating  deviation  games");
}

int client_rating_row(const char *line, char *out, size_t size)
{
	char name[64];
	double r, rd;
	int games, k = 0;
	/* (fields after these, as kind=, are extensions: not shown) */
	if (sscanf(line, "rating %63s %lf %lf %d%n", name, &r, &rd, &games, &k) != 4 ||
	    (line[k] && line[k] != ' ') ||
	    !net_name_ok(name) || games < 0)
		return 0;
	snprintf(out, size, "%-32s %7.0f %10.0f %6d", name, r, rd, games);
	return 1;
}
