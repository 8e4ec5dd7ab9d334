/*
 * server_cmds.c - the commands of the online protocol as one table, as
 * tmux's cmd_entry and Redis's command table are: each word with the
 * fewest and most words it takes after it, whether a login must come
 * first, whether it may change what `games' and `who' list, its handler
 * and its usage.  cmd_dispatch alone checks the login and the count
 * (answering "error bad-argument use: USAGE"); a handler, cmd_WORD in
 * the file of its subject, checks what the words say.  nonaga(6),
 * ONLINE, is the contract; a new command is one row.
 */
#include "server.h"
#include "server_arena.h"
#include <string.h>

#define ARGS_MAX 7   /* the most words after a command that any row takes */

enum {
	LOGIN = 1,   /* a player only: before a login it is refused and closes */
	LISTS = 2,   /* may change what `games', `who' or `arenas' list (conn_lobby_changed) */
	REST = 4,    /* its last word is the rest of the line, spaces and all */
};

static const struct cmd_entry {
	const char *word;
	int fewest, most;   /* words after it (at most ARGS_MAX) */
	int flags;
	cmd_fn *fn;
	const char *usage;
} cmds[] = {
	{ "quit", 0, 0, 0, cmd_quit, "quit" },
	{ "login", 2, 2, 0, cmd_login, "login KEY NAME" },
	{ "as", 2, 4, 0, cmd_as, "as FINGERPRINT ADDR [name NAME | code CODE]" },
	{ "ping", 0, 0, LOGIN, cmd_ping, "ping" },
	{ "lobby", 0, 1, LOGIN, cmd_lobby, "lobby [news]" },
	{ "who", 0, 0, LOGIN, cmd_who, "who" },
	{ "games", 0, 0, LOGIN, cmd_games, "games" },
	{ "mine", 0, 0, LOGIN, cmd_mine, "mine" },
	{ "ratings", 0, 0, LOGIN, cmd_ratings, "ratings" },
	{ "host", 1, 7, LOGIN | LISTS, cmd_host, "host NAME [red|blue|random] "
	  "[standard|simple] [clock M+I|clock Dd] [for LOGIN]" },
	{ "join", 1, 2, LOGIN | LISTS, cmd_join, "join NAME [TOKEN|red|blue]" },
	{ "watch", 1, 1, LOGIN | LISTS, cmd_watch, "watch NAME" },
	{ "leave", 0, 0, LOGIN | LISTS, cmd_leave, "leave" },
	{ "move", 1, 1, LOGIN | LISTS, cmd_move, "move MOVE (as in the engine protocol)" },
	{ "resign", 0, 0, LOGIN | LISTS, cmd_resign, "resign" },
	{ "draw", 0, 0, LOGIN | LISTS, cmd_draw, "draw" },
	{ "claim", 0, 0, LOGIN | LISTS, cmd_claim, "claim" },
	{ "takeback", 0, 0, LOGIN | LISTS, cmd_takeback, "takeback" },
	{ "chat", 0, 1, LOGIN | REST, cmd_chat, "chat TEXT" },
	{ "code", 0, 0, LOGIN, cmd_code, "code" },
	{ "ignore", 0, 1, LOGIN, cmd_ignore, "ignore [NAME]" },
	{ "unignore", 1, 1, LOGIN, cmd_unignore, "unignore NAME" },
	{ "settings", 0, 6, LOGIN, cmd_settings, "settings [set KEY=VALUE...]" },
	{ "seek", 1, 3, LOGIN | LISTS, cmd_seek, "seek CLOCK [standard|simple] [rated|casual] "
	  "(CLOCK: M+I, Dd or none)" },
	{ "unseek", 0, 0, LOGIN, cmd_unseek, "unseek" },
	{ "bot", 0, 0, LOGIN | LISTS, cmd_bot, "bot" },
	{ "challenge", 2, 4, LOGIN, cmd_challenge, "challenge NAME M+I|Dd|none "
	  "[standard|simple] [rated|casual] (M 1-180 minutes, I 0-180 seconds, D 1-30 days a "
	  "move)" },
	{ "accept", 1, 1, LOGIN | LISTS, cmd_accept, "accept ID" },
	{ "decline", 1, 1, LOGIN, cmd_decline, "decline ID" },
	{ "arena", 3, 4, LOGIN | LISTS, cmd_arena, "arena NAME MINUTES M+I [standard|simple] "
	  "(MINUTES 1-720)" },
	{ "enter", 1, 1, LOGIN | LISTS, cmd_enter, "enter ARENA" },
	{ "withdraw", 1, 1, LOGIN | LISTS, cmd_withdraw, "withdraw ARENA" },
	{ "standings", 1, 1, LOGIN, cmd_standings, "standings ARENA" },
	{ "arenas", 0, 0, LOGIN, cmd_arenas, "arenas" },
};

static const struct cmd_entry *find(const char *word)
{
	for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
		if (!strcmp(cmds[i].word, word))
			return &cmds[i];
	return NULL;
}

/* The next word at *p (up to a space, made its end), or NULL at the end
 * of the line. */
static char *word(char **p)
{
	*p += strspn(*p, " ");
	if (!**p)
		return NULL;
	char *w = *p;
	*p += strcspn(*p, " ");
	if (**p)
		*(*p)++ = 0;
	return w;
}

/* A command before a login: the gateway's connection must say `as', any
 * other `login'; refused and closed. */
static void login_first(conn *c)
{
	if (c->gateway)   /* the SSH door's account, not a player */
		conn_send(c, "error login-required the gateway says which player this is "
		          "first: as FINGERPRINT ADDR [name NAME | code CODE]; closing");
	else
		conn_send(c, "error login-required log in first: login KEY NAME; closing");
	conn_close_after(c);
}

void cmd_dispatch(conn *c, char *line)
{
	char *p = line, *w[ARGS_MAX + 2];   /* + 2: the command, one word too many */
	if (!(w[0] = word(&p)))
		return;   /* empty lines are ignored */
	const struct cmd_entry *e = find(w[0]);
	if (!c->authed && (!e || e->flags & LOGIN)) {
		login_first(c);
		return;
	}
	if (!e) {
		conn_send(c, "error bad-command unknown command; see nonaga(6), ONLINE");
		return;
	}
	/* the lobbies are told whether it did change them or was refused */
	if (e->flags & LISTS)
		conn_lobby_changed(c->srv);
	int n = 1;
	int split = e->flags & REST ? e->most - 1 : e->most + 1;
	while (n <= split && n <= ARGS_MAX + 1 && (w[n] = word(&p)))
		n++;
	if (e->flags & REST && *(p += strspn(p, " ")))
		w[n++] = p;
	if (n - 1 < e->fewest || n - 1 > e->most) {
		cmd_refuse(c, e->word);
		return;
	}
	e->fn(c, w, n);
}

void cmd_refuse(conn *c, const char *cmd)
{
	const struct cmd_entry *e = find(cmd);
	conn_send(c, "error bad-argument use: %s", e ? e->usage : cmd);
}
