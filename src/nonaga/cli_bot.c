/*
 * cli_bot.c - `nonaga --bot': an engine as a player on the server
 * (nonaga(6), ONLINE, Bots).  It logs in as the other clients do, says
 * `bot', and waits on its first connection (the lobby) for challenges:
 * one that fits (a free game of the --games K) is accepted on a
 * connection of its own, where the game is played; the others are
 * declined.  Each game has its own engine (bot_engine.c), `--engine-cmd
 * CMD' or this program's own engine at --level N, started for it and
 * killed at its end; an engine that fails loses its game (the bot
 * resigns it) and nothing else.
 *
 * When the server goes (a restart), every connection and engine is
 * dropped and the bot comes back with a backoff of 1, 2, 4... up to 60
 * seconds; back, it asks `mine' and joins its games not over yet, whose
 * sync gives the moves: with the seat's token that `paired' gave (kept
 * until the game is over), which is what gives a seat back over TCP, or
 * by its side on a Unix socket, where names are sure (a game it has no
 * token of: one from before the bot started).  It runs until SIGTERM or
 * SIGINT.  Its log, on standard error, is for the administrator: English,
 * as the server's.
 */
#include "i18n.h"
#include "mains.h"
#include "bot_engine.h"
#include "client_proto.h"
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BACKOFF_MAX_S 60
#define ANSWER_SLACK_MS 5000   /* past its movetime, an engine is hung */

typedef struct bgame {
	int used;
	online on;
	char name[NET_NAME_MAX + 1];   /* the game, once known */
	int side;                      /* ours, -1 until the sync */
	ng_game *g;
	int clock_min, clock_inc, clock_days;
	int64_t ms[2], told_at;        /* the clocks as last told, and when */
	bot_engine eng;
	int thinking, resigned;
	int moving;                    /* its move sent, not yet seen played */
	int64_t deadline;
} bgame;

/* A seat's token, from `paired' to the game's end: it outlives the
 * game's connection (a restart of the server drops it). */
typedef struct seat_token {
	char game[NET_NAME_MAX + 1];   /* "": a free entry */
	char token[NET_KEY_HEX + 1];
} seat_token;

typedef struct bot {
	netclient_opts o;
	const bot_opts *b;
	char cmd[PATH_MAX + 64];       /* the engine's command */
	online lobby;
	bgame *games;
	seat_token *tokens;            /* 2 * --games of them */
	int next_token;                /* the entry a new token takes when all are used */
	int64_t retry_at;
	int backoff_s;
} bot;

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("nonaga-bot: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static const char *result_word_of(ng_result r)
{
	return r == NG_RED_WINS ? "red" : r == NG_BLUE_WINS ? "blue" : r == NG_DRAW ? "draw" : "none";
}

static void game_close(bgame *x)
{
	bot_engine_stop(&x->eng);
	if (x->on.fd >= 0)
		online_close(&x->on);
	if (x->g)
		ng_game_free(x->g);
	memset(x, 0, sizeof *x);
	x->on.fd = x->eng.to = x->eng.from = -1;
}

/* A free game of the K, or NULL. */
static bgame *free_game(bot *t)
{
	for (int i = 0; i < t->b->games; i++)
		if (!t->games[i].used)
			return &t->games[i];
	return NULL;
}

/* A connection of its own for a game: 0, or -1 (said). */
static int game_open(bot *t, bgame *x)
{
	char msg[512];
	game_close(x);
	if (online_connect(&x->on, &t->o, msg, sizeof msg) < 0) {
		say("cannot open a game's connection: %s", msg);
		x->on.fd = -1;
		return -1;
	}
	x->used = 1;
	x->side = -1;
	return 0;
}

static void drop_all(bot *t)
{
	for (int i = 0; i < t->b->games; i++)
		if (t->games[i].used)
			game_close(&t->games[i]);
	if (t->lobby.fd >= 0)
		online_drop(&t->lobby);
}

/* ------------------------------------------------------------ tokens */

static seat_token *token_of(bot *t, const char *game)
{
	for (int i = 0; i < 2 * t->b->games; i++)
		if (t->tokens[i].game[0] && !strcmp(t->tokens[i].game, game))
			return &t->tokens[i];
	return NULL;
}

/* "paired GAME SIDE OPPONENT TOKEN" (client_proto.c's OE_PAIRED, which
 * keeps the token on the connection): the game's token kept. */
static void token_keep(bot *t, const char *game, const char *token)
{
	if (!net_name_ok(game) || strlen(token) != NET_KEY_HEX ||
	    strspn(token, "0123456789abcdef") != NET_KEY_HEX)
		return;
	seat_token *k = token_of(t, game);
	for (int i = 0; i < 2 * t->b->games && !k; i++)
		if (!t->tokens[i].game[0])
			k = &t->tokens[i];
	if (!k) {   /* (all used: games that ended unseen) */
		k = &t->tokens[t->next_token];
		t->next_token = (t->next_token + 1) % (2 * t->b->games);
	}
	snprintf(k->game, sizeof k->game, "%.*s", NET_NAME_MAX, game);
	memcpy(k->token, token, NET_KEY_HEX + 1);
}

static void token_forget(bot *t, const char *game)
{
	seat_token *k = token_of(t, game);
	if (k)
		k->game[0] = 0;
}

/* ------------------------------------------------------------ playing */

static int64_t left_now(const bgame *x, int side)
{
	int64_t left = x->ms[side];
	if (side == (int)ng_pos_side(ng_game_pos(x->g)))
		left -= online_now_ms() - x->told_at;
	return left;
}

/* The engine failed or took too long: the game is lost. */
static void give_up(bgame *x, const char *why)
{
	say("%s: %s: resigning", x->name, why);
	bot_engine_stop(&x->eng);
	x->thinking = 0;
	x->resigned = 1;
	online_send(&x->on, OC_OTHER, "resign");
}

/* Our turn: ask the engine (started for the game when it is not running). */
static void think(bot *t, bgame *x)
{
	char why[BOT_ENGINE_WHY];
	int budget = 3000;
	if (x->clock_days)
		budget = 10000;
	else if (x->clock_min) {
		int64_t left = left_now(x, x->side);
		int64_t b = left / 30 + (int64_t)x->clock_inc * 800;
		budget = (int)(b > left / 4 ? left / 4 : b < 50 ? 50 : b);
	}
	if (!x->eng.pid && bot_engine_start(&x->eng, t->cmd, t->b->engine_cmd ? 0 : t->b->level,
	                                    why, sizeof why) < 0) {
		give_up(x, why);
		return;
	}
	if (bot_engine_ask(&x->eng, x->g, budget, why, sizeof why) < 0) {
		give_up(x, why);
		return;
	}
	x->thinking = 1;
	x->deadline = online_now_ms() + budget + ANSWER_SLACK_MS;
	if (x->clock_min && !x->clock_days) {
		int64_t out = online_now_ms() + left_now(x, x->side);
		if (out < x->deadline)
			x->deadline = out;   /* the clock ends it first */
	}
}

static void maybe_think(bot *t, bgame *x)
{
	if (!x->g || x->side < 0 || x->thinking || x->moving || x->resigned || x->on.sync_left > 0 ||
	    ng_game_result(x->g) != NG_NONE || (int)ng_pos_side(ng_game_pos(x->g)) != x->side)
		return;
	think(t, x);
}

static void engine_event(bgame *x)
{
	char why[BOT_ENGINE_WHY], mv[NG_MOVE_TEXT];
	ng_move m;
	int r = bot_engine_read(&x->eng, x->g, &m, why, sizeof why);
	if (r == BOT_FAULT) {
		give_up(x, why);
	} else if (r == BOT_MOVE) {
		x->thinking = 0;
		x->moving = 1;
		ng_move_format(ng_game_pos(x->g), m, mv);
		online_send(&x->on, OC_MOVE, "move %s", mv);
	}
}

/* A line of a game's connection. */
static void game_event(bot *t, bgame *x, const online_ev *ev)
{
	ng_move m;
	switch (ev->kind) {
	case OE_SYNC:
		bot_engine_stop(&x->eng);   /* afresh: the sync may follow a restart */
		x->thinking = x->moving = 0;
		if (x->g)
			ng_game_free(x->g);
		x->g = ng_game_new(ev->rules);
		snprintf(x->name, sizeof x->name, "%s", ev->name);
		x->side = ev->side;
		x->clock_min = ev->clock_min, x->clock_inc = ev->clock_inc;
		x->clock_days = ev->clock_days;
		x->ms[0] = x->ms[1] = (int64_t)ev->clock_min * 60000;
		x->told_at = online_now_ms();
		if (ev->result != NG_NONE)
			token_forget(t, x->name);
		if (ev->result != NG_NONE || !x->g)
			game_close(x);
		break;
	case OE_MOVED:
		if (!x->g || ev->n != ng_game_ply(x->g) + 1 ||
		    ng_move_parse(ng_game_pos(x->g), ev->text, &m) != NG_OK ||
		    ng_game_play(x->g, m) != NG_OK) {
			say("%s: a move out of step (%d %s): joining again", x->name, ev->n, ev->text);
			online_send(&x->on, OC_JOIN, "join %s", x->name);
			break;
		}
		x->moving = 0;
		/* fall through */
	case OE_CLOCK:
		if (ev->ms[0] >= 0 && ev->ms[1] >= 0) {
			x->ms[0] = ev->ms[0], x->ms[1] = ev->ms[1];
			x->told_at = online_now_ms();
		}
		break;
	case OE_OVER:
		say("%s over: %s (%s)", x->name, result_word_of(ev->result), ev->code);
		token_forget(t, x->name);
		game_close(x);
		return;
	case OE_DETACHED:
		say("%s: %s", x->name, ev->text);
		game_close(x);
		return;
	case OE_ERROR:
		if (ev->cmd == OC_JOIN) {   /* accept or join refused */
			say("%s: %s %s", x->name[0] ? x->name : "a challenge", ev->code, ev->text);
			game_close(x);
			return;
		}
		x->moving = 0;
		if (ev->cmd == OC_MOVE && strcmp(ev->code, "game-over"))
			give_up(x, "the server refused the engine's move");
		break;
	case OE_PAIRED:
		token_keep(t, ev->text, x->on.token);
		break;
	default:
		break;
	}
	maybe_think(t, x);
}

/* ------------------------------------------------------------ the lobby */

static int read_conn(bot *t, online *on, bgame *x, int *fatal);

/* A free game of the K, after reading what the games' connections hold:
 * a game's end, sent before a challenge that came right after it, may
 * wait there unread. */
static bgame *free_game_now(bot *t)
{
	int fatal = 0;
	bgame *x = free_game(t);
	for (int i = 0; i < t->b->games && !x; i++)
		if (t->games[i].used)
			read_conn(t, &t->games[i].on, &t->games[i], &fatal);
	return x ? x : free_game(t);
}

/* "challenged ID FROM CLOCK RULES RATED" (client_proto.c's OE_CHALLENGED):
 * accepted on a connection of its own while a game of the K is free,
 * else declined. */
static void challenged(bot *t, const online_ev *ev)
{
	const char *from = ev->name, *clock = ev->text;
	const char *rules = ev->rules == NG_SIMPLE ? "simple" : "standard";
	if (ev->n <= 0)
		return;
	bgame *x = free_game_now(t);
	if (!x) {
		say("challenge %d from %s declined: %d games already", ev->n, from, t->b->games);
		online_send(&t->lobby, OC_OTHER, "decline %d", ev->n);
		return;
	}
	if (game_open(t, x) < 0) {
		online_send(&t->lobby, OC_OTHER, "decline %d", ev->n);
		return;
	}
	say("challenge %d from %s (%s %s) accepted", ev->n, from, clock, rules);
	online_send(&x->on, OC_JOIN, "accept %d", ev->n);
}

/* "mine NAME SIDE OPPONENT TO-MOVE CLOCK MS": a game to play again. */
static void resume(bot *t, const char *line)
{
	char name[64], side[16];
	bgame *x;
	if (sscanf(line, "mine %63s %15s", name, side) != 2 || strstr(line, " invited") ||
	    !net_name_ok(name) || !(x = free_game(t)) || game_open(t, x) < 0)
		return;
	seat_token *k = token_of(t, name);
	say("%s: back to it%s", name, k ? " with its seat's token" : "");
	snprintf(x->name, sizeof x->name, "%.*s", NET_NAME_MAX, name);
	online_send(&x->on, OC_JOIN, "join %s %s", x->name, k ? k->token : side);
}

static int lobby_open(bot *t)
{
	char msg[512];
	if (online_connect(&t->lobby, &t->o, msg, sizeof msg) < 0) {
		t->lobby.fd = -1;
		say("%s (again in %d s)", msg, t->backoff_s);
		t->retry_at = online_now_ms() + t->backoff_s * 1000LL;
		t->backoff_s = t->backoff_s * 2 > BACKOFF_MAX_S ? BACKOFF_MAX_S : t->backoff_s * 2;
		return -1;
	}
	t->backoff_s = 1;
	say("logged in as %s", t->lobby.name);
	online_send(&t->lobby, OC_OTHER, "bot");
	online_send(&t->lobby, OC_LIST, "mine");
	return 0;
}

/* A line of the lobby: 0, or -1 when the bot cannot go on. */
static int lobby_event(bot *t, const online_ev *ev)
{
	if (ev->kind == OE_ERROR && !strcmp(ev->code, "not-allowed")) {
		say("the server refuses to make %s a bot: %s", t->lobby.name, ev->text);
		return -1;
	}
	if (ev->kind == OE_CHALLENGED)
		challenged(t, ev);
	else if (ev->kind == OE_OTHER && !strncmp(ev->text, "mine ", 5))
		resume(t, ev->text);
	return 0;
}

/* ------------------------------------------------------------ the loop */

/* Read a connection: its events to handle (lobby: x NULL); 0, or -1
 * when it is gone. */
static int read_conn(bot *t, online *on, bgame *x, int *fatal)
{
	online_ev ev;
	int r;
	do {
		r = online_read(on);
		while (online_next(on, &ev)) {
			if (!x && lobby_event(t, &ev) < 0)
				*fatal = 1;
			else if (x && x->used)
				game_event(t, x, &ev);
			if (x && !x->used)
				return 0;   /* closed at its end */
		}
	} while (r == 1);
	return r < 0 ? -1 : 0;
}

/* One wait and what came: 0, or -1 when the bot cannot go on. */
static int turn(bot *t)
{
	int k = t->b->games, n = 0, fatal = 0;
	struct pollfd p[1 + 2 * 64];
	int64_t now = online_now_ms(), wake = now + 1000;
	if (t->lobby.fd < 0 && now >= t->retry_at && lobby_open(t) < 0)
		return 0;
	if (t->lobby.fd < 0)
		wake = t->retry_at;
	else
		p[n++] = (struct pollfd){ t->lobby.fd, POLLIN, 0 };
	for (int i = 0; i < k && t->lobby.fd >= 0; i++) {
		bgame *x = &t->games[i];
		if (!x->used)
			continue;
		p[n++] = (struct pollfd){ x->on.fd, POLLIN, 0 };
		if (x->thinking) {
			p[n++] = (struct pollfd){ x->eng.from, POLLIN, 0 };
			if (x->deadline < wake)
				wake = x->deadline;
		}
	}
	int ms = wake > now ? (int)(wake - now) : 0;
	if (poll(p, (nfds_t)n, ms) < 0 && errno != EINTR)
		return -1;
	if (stopping || t->lobby.fd < 0)
		return 0;
	int gone = read_conn(t, &t->lobby, NULL, &fatal) < 0;
	online_stalled(&t->lobby, INT_MAX);   /* (a ping once a minute) */
	for (int i = 0; i < k && !gone; i++) {
		bgame *x = &t->games[i];
		if (!x->used)
			continue;
		gone |= read_conn(t, &x->on, x, &fatal) < 0;
		if (x->used && x->thinking)
			engine_event(x);
		if (x->used && x->thinking && online_now_ms() >= x->deadline)
			give_up(x, "the engine did not answer in time");
		if (x->used)
			online_stalled(&x->on, INT_MAX);
	}
	if (gone) {
		say("the server is gone: connecting again in %d s", t->backoff_s);
		drop_all(t);
		t->retry_at = online_now_ms() + t->backoff_s * 1000LL;
		t->backoff_s = t->backoff_s * 2 > BACKOFF_MAX_S ? BACKOFF_MAX_S : t->backoff_s * 2;
	}
	return fatal ? -1 : 0;
}

/* The engine's command: --engine-cmd's, or this program's own engine. */
static int engine_command(bot *t)
{
	if (t->b->engine_cmd) {
		snprintf(t->cmd, sizeof t->cmd, "%s", t->b->engine_cmd);
		return 0;
	}
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return -1;
	self[n] = 0;
	if (strchr(self, '\''))
		return -1;
	snprintf(t->cmd, sizeof t->cmd, "exec '%s' --engine", self);
	return 0;
}

int bot_main(const netclient_opts *o, const bot_opts *b)
{
	bot t;
	memset(&t, 0, sizeof t);
	t.o = *o;
	t.o.no_start = 1;   /* a bot never starts a server of its own */
	t.b = b;
	t.lobby.fd = -1;
	t.backoff_s = 1;
	if (engine_command(&t) < 0) {
		fprintf(stderr, "%s", _("nonaga: --bot cannot find its own program for --level: "
		                        "use --engine-cmd\n"));
		return 1;
	}
	t.games = calloc((size_t)b->games, sizeof *t.games);
	t.tokens = calloc((size_t)b->games * 2, sizeof *t.tokens);
	if (!t.games || !t.tokens) {
		free(t.games);
		free(t.tokens);
		return 1;
	}
	for (int i = 0; i < b->games; i++)
		t.games[i].on.fd = t.games[i].eng.to = t.games[i].eng.from = -1;
	struct sigaction sa = { .sa_handler = on_signal };
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	int status = 0;
	while (!stopping)
		if (turn(&t) < 0) {
			status = 1;
			break;
		}
	say("stopping");
	for (int i = 0; i < b->games; i++)
		if (t.games[i].used)
			game_close(&t.games[i]);
	if (t.lobby.fd >= 0)
		online_close(&t.lobby);
	free(t.games);
	free(t.tokens);
	return status;
}
