/*
 * server_chat.c - what players say to each other, kept civil on a public
 * server: a rate (CHAT_BURST messages at once, then one every
 * CHAT_EVERY_MS), and each player's ignore list (`ignore NAME': that
 * player's chat no longer reaches this connection; `unignore NAME';
 * `ignore' alone lists them).  The lists are the connection's: they end
 * with it.
 */
#include "server.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define CHAT_BURST 5.0
#define CHAT_EVERY_MS 2000
#define IGNORE_MAX 32

int conn_ignores(const conn *c, const char *name)
{
	for (int i = 0; i < c->nignore; i++)
		if (!strcasecmp(c->ignore[i], name))
			return 1;
	return 0;
}

/* One message more now: 1, or 0 when the player says too much. */
static int may_say(conn *c)
{
	if (!c->chat_ms) {   /* the first: a full bucket */
		c->chat_tokens = CHAT_BURST;
		c->chat_ms = server_now_ms();
	}
	return server_bucket(&c->chat_tokens, &c->chat_ms, 1000.0 / CHAT_EVERY_MS,
	                     CHAT_BURST);
}

static void tell(conn *to, const conn *from, const char *text)
{
	if (to && !conn_ignores(to, from->name))
		conn_send(to, "chat %s %s", from->name, text);
}

void chat_say(conn *c, const char *text)
{
	sgame *g = c->game;
	if (!may_say(c)) {
		conn_send(c, "error chat-too-fast at most %d messages at once, then "
		          "one every %d seconds", (int)CHAT_BURST, CHAT_EVERY_MS / 1000);
		return;
	}
	conn_send(c, "ok");
	for (int i = 0; i < 2; i++)
		tell(g->seat[i].c, c, text);
	for (int i = 0; i < g->nwatch; i++)
		tell(g->watch[i], c, text);
}

void cmd_ignore(conn *c, char **w, int n)
{
	int un = !strcmp(w[0], "unignore");
	if (n == 1 && !un) {
		for (int i = 0; i < c->nignore; i++)
			conn_send(c, "ignore %s", c->ignore[i]);
		conn_send(c, "ok %d", c->nignore);
		return;
	}
	if (n != 2 || !net_name_ok(w[1])) {
		conn_send(c, "error bad-argument use: %s NAME", w[0]);
		return;
	}
	if (un) {
		for (int i = 0; i < c->nignore; i++)
			if (!strcasecmp(c->ignore[i], w[1]))
				memmove(c->ignore[i], c->ignore[--c->nignore], sizeof c->ignore[i]);
		conn_send(c, "ok");
		return;
	}
	if (!conn_ignores(c, w[1])) {
		if (c->nignore == IGNORE_MAX) {
			conn_send(c, "error too-many at most %d players ignored", IGNORE_MAX);
			return;
		}
		if (!c->ignore && !(c->ignore = malloc(IGNORE_MAX * sizeof c->ignore[0]))) {
			conn_send(c, "error server-error out of memory");
			return;
		}
		memcpy(c->ignore[c->nignore++], w[1], strlen(w[1]) + 1);
	}
	conn_send(c, "ok");
}
