/*
 * server_chat.c - what players say to each other (the command chat),
 * kept civil on a public server: a rate (CHAT_BURST messages at once,
 * then one every CHAT_EVERY_MS), and nothing reaches a player who
 * ignores the sayer (the ignore lists are each player's, kept by
 * server_players.c).
 */
#include "server.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define CHAT_BURST 5.0
#define CHAT_EVERY_MS 2000

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

/* chat TEXT: w[1], the rest of the line (none: n is 1). */
void cmd_chat(conn *c, char **w, int n)
{
	const char *text = n > 1 ? w[1] : "";
	sgame *g = c->game;
	if (!g) {
		conn_send(c, "error not-in-game chat goes to a game you play or watch");
		return;
	}
	if (!*text || !net_text_ok(text, NET_CHAT_MAX)) {
		conn_send(c, "error bad-text chat is 1 to 300 bytes of UTF-8 without control "
		          "characters");
		return;
	}
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
