/*
 * lobby.c - playing online: connecting to the server (nonaga --host,
 * --join and --watch, or the title menu's "Play online") and the lobby,
 * which lists your unfinished games first, then open challenges to join,
 * then games to watch, and who is online.  The lists are asked for every
 * two seconds; the screen is drawn in place, so curses sends only what
 * changed.
 */
#include "ui.h"
#include "client_proto.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOBBY_MAX 200
#define REFRESH_MS 2000

typedef enum { L_HOST, L_RESUME, L_JOIN, L_WATCH } ltype;

typedef struct litem {
	ltype type;
	char game[NET_NAME_MAX + 1];
	char text[256];
} litem;

typedef struct lobby {
	online *on;
	litem item[LOBBY_MAX];
	int n, sel;
	char users[512];
	int nusers;
	/* the lists being read (they end with "ok N") */
	litem next[LOBBY_MAX];
	int nnext;
	char next_users[512];
	int next_nusers;
	char msg[512];
} lobby;

/* ------------------------------------------------------------- the news */

static void add(litem *list, int *n, ltype t, const char *game, const char *text)
{
	if (*n >= LOBBY_MAX)
		return;
	list[*n].type = t;
	snprintf(list[*n].game, sizeof list[*n].game, "%s", game);
	snprintf(list[*n].text, sizeof list[*n].text, "%s", text);
	(*n)++;
}

static void clock_words(const char *clock, char *out, size_t size)
{
	if (!strcmp(clock, "none"))
		snprintf(out, size, "%s", _("no clock"));
	else
		snprintf(out, size, "%s", clock);
}

/* "game NAME RULES CLOCK RED BLUE PLY STATE" */
static void on_game(lobby *lb, const char *line)
{
	char name[64], rules[16], clock[16], red[64], blue[64], state[16], text[256], clk[32];
	int ply;
	if (sscanf(line, "game %63s %15s %15s %63s %63s %d %15s", name, rules, clock, red, blue,
	           &ply, state) != 7 || !net_name_ok(name))
		return;
	const char *me = lb->on->name;
	const char *rl = !strcmp(rules, "simple") ? _("simple rules") : _("standard rules");
	clock_words(clock, clk, sizeof clk);
	int mine_red = !strcmp(red, me), mine_blue = !strcmp(blue, me);
	if (!strcmp(state, "over"))
		return;
	if (mine_red || mine_blue) {
		const char *other = mine_red ? blue : red;
		/* TRANSLATORS: a game of yours in the lobby: its name, your
		   colour, the opponent ("-" when none yet), the move number. */
		snprintf(text, sizeof text, _("Resume %s: you play %s against %s, move %d"), name,
		         mine_red ? _("Red") : _("Blue"), other, ply + 1);
		/* your own games first: before everything but Host */
		int at = 1;
		while (at < lb->nnext && lb->next[at].type == L_RESUME)
			at++;
		if (lb->nnext < LOBBY_MAX) {
			memmove(&lb->next[at + 1], &lb->next[at],
			        (size_t)(lb->nnext - at) * sizeof lb->next[0]);
			lb->nnext++;
			lb->next[at].type = L_RESUME;
			snprintf(lb->next[at].game, sizeof lb->next[at].game, "%.32s", name);
			snprintf(lb->next[at].text, sizeof lb->next[at].text, "%s", text);
		}
	} else if (!strcmp(state, "open")) {
		/* TRANSLATORS: an open challenge: the game, who waits, the
		   colour that is free, rules, clock. */
		snprintf(text, sizeof text, _("Join %s: %s waits; you play %s%s%s%s%s"), name,
		         strcmp(red, "-") ? red : blue, strcmp(red, "-") ? _("Blue") : _("Red"),
		         G->sep, rl, G->sep, clk);
		add(lb->next, &lb->nnext, L_JOIN, name, text);
	} else {
		/* TRANSLATORS: a game to watch: its name, the players, the
		   move number. */
		snprintf(text, sizeof text, _("Watch %s: %s against %s, move %d"), name, red, blue,
		         ply + 1);
		add(lb->next, &lb->nnext, L_WATCH, name, text);
	}
}

/* "user NAME GAME ROLE" */
static void on_user(lobby *lb, const char *line)
{
	char name[64];
	if (sscanf(line, "user %63s", name) != 1 || !net_name_ok(name))
		return;
	/* one login may be connected more than once: once in the list */
	char key[80];
	snprintf(key, sizeof key, " %s,", name);
	char padded[600];
	snprintf(padded, sizeof padded, " %s,", lb->next_users);
	if (strstr(padded, key))
		return;
	size_t used = strlen(lb->next_users);
	snprintf(lb->next_users + used, sizeof lb->next_users - used, "%s%s",
	         used ? ", " : "", name);
	lb->next_nusers++;
}

static void start_lists(lobby *lb)
{
	lb->nnext = 0;
	add(lb->next, &lb->nnext, L_HOST, "", _("Host a new game"));
	lb->next_users[0] = 0;
	lb->next_nusers = 0;
}

/* One line of the server's. */
static void news_line(lobby *lb, const online_ev *ev)
{
	if (ev->kind == OE_LIST && !strncmp(ev->text, "game ", 5)) {
		on_game(lb, ev->text);
	} else if (ev->kind == OE_LIST) {
		on_user(lb, ev->text);
	} else if (ev->kind == OE_OK && ev->cmd == OC_LIST) {
		/* "ok N" of who, which comes last: the lists are whole */
		char keep[NET_NAME_MAX + 1];
		snprintf(keep, sizeof keep, "%s", lb->n ? lb->item[lb->sel].game : "");
		memcpy(lb->item, lb->next, sizeof lb->item[0] * (size_t)lb->nnext);
		lb->n = lb->nnext;
		snprintf(lb->users, sizeof lb->users, "%s", lb->next_users);
		lb->nusers = lb->next_nusers;
		if (lb->sel >= lb->n)
			lb->sel = lb->n - 1;
		for (int i = 0; i < lb->n && keep[0]; i++)   /* keep the place */
			if (!strcmp(lb->item[i].game, keep))
				lb->sel = i;
		start_lists(lb);
	} else if (ev->kind == OE_ERROR) {
		snprintf(lb->msg, sizeof lb->msg, _("The server says: %s"), ev->text);
	}
}

/* Read the server's news; -1 when the connection is gone. */
static int news(lobby *lb)
{
	int st;
	online_ev ev;
	do {
		st = online_read(lb->on);
		while (online_next(lb->on, &ev))
			news_line(lb, &ev);
	} while (st == 1);
	return st < 0 ? -1 : 0;
}

static void ask_lists(lobby *lb)
{
	online_send(lb->on, OC_OTHER, "games");
	online_send(lb->on, OC_LIST, "who");
}

/* ------------------------------------------------------------ the screen */

static void draw(const lobby *lb)
{
	if (term_draw_too_small(NULL))
		return;
	int y = 0, w = COLS - 4;
	char line[600];
	/* TRANSLATORS: the lobby's title: your name. */
	snprintf(line, sizeof line, _("Online as %s"), lb->on->name);
	text_line(y++, 0, COLS, "", A_NORMAL);
	text_line(y++, 2, COLS - 2, line, term_attr(R_TITLE));
	text_line(y++, 0, COLS, "", A_NORMAL);
	int room = LINES - 8;
	int first = lb->sel >= room ? lb->sel - room + 1 : 0;
	for (int i = first; i < lb->n && y < 3 + room; i++, y++) {
		int on = i == lb->sel;
		snprintf(line, sizeof line, "%s %s", on ? G->more_right : " ", lb->item[i].text);
		text_line(y, 0, 2, "", A_NORMAL);
		text_line(y, 2, w + 2, line, on ? term_attr(R_SEL) : A_NORMAL);
	}
	while (y < 3 + room)
		text_line(y++, 0, COLS, "", A_NORMAL);
	if (lb->n <= 1)
		text_line(3 + 1, 4, COLS - 4, _("No game to join or watch yet."), term_attr(R_DIM));
	text_line(y++, 0, COLS, "", A_NORMAL);
	/* TRANSLATORS: who is online: how many, then their names. */
	snprintf(line, sizeof line, _("Online (%d): %s"), lb->nusers, lb->users);
	text_line(y++, 2, COLS - 2, line, A_NORMAL);
	text_line(y++, 2, COLS - 2, lb->msg, term_attr(R_MSG));
	text_line(y++, 0, COLS, "", A_NORMAL);
	text_line(y++, 2, COLS - 2,
	          _("arrows choose, Enter play or watch, Esc title menu, q quit"), term_attr(R_DIM));
	while (y < LINES)
		text_line(y++, 0, COLS, "", A_NORMAL);
	refresh();
}

/* -------------------------------------------------------------- playing */

/* A name for a new game: LOGIN-N, the first one not in the lists. */
static void new_name(const lobby *lb, char *out, size_t size)
{
	for (int k = 1; k < 10000; k++) {
		char name[NET_NAME_MAX + 1];
		snprintf(name, sizeof name, "%.20s-%d", lb->on->name, k);
		int used = 0;
		for (int i = 0; i < lb->n; i++)
			used |= !strcmp(lb->item[i].game, name);
		if (!used) {
			snprintf(out, size, "%s", name);
			return;
		}
	}
	snprintf(out, size, "%.24s-x", lb->on->name);
}

/* Host, join, resume or watch; 1 when a game was asked for. */
static int ask_game(lobby *lb, const litem *it, const lineup *s)
{
	static const char *const clocks[] = { "", "3+2", "5+3", "10+5", "15+10" };
	char name[NET_NAME_MAX + 1];
	switch (it->type) {
	case L_HOST: {
		const char *items[5] = { _("No clock"), "3+2", "5+3", "10+5", "15+10" };
		/* TRANSLATORS: asked before hosting a game online. */
		int c = choose_run(_("Host a new game"), _("A clock for each player? (minutes "
		                   "for the game + seconds added a move)"), items, 5, 0);
		if (c < 0)
			return 0;
		new_name(lb, name, sizeof name);
		online_send(lb->on, OC_HOST, "host %s %s %s%s%s", name,
		            s->human == NG_RED ? "red" : s->human == NG_BLUE ? "blue" : "random",
		            ng_rules_name(s->rules),
		            c ? " clock " : "", clocks[c]);
		return 1;
	}
	case L_RESUME: case L_JOIN:
		online_join(lb->on, it->game);
		return 1;
	default:
		online_send(lb->on, OC_WATCH, "watch %s", it->game);
		return 1;
	}
}

static int lobby_run(lobby *lb, const options *opt, lineup *s)
{
	int64_t next = 0;
	start_lists(lb);
	for (;;) {
		if (online_now_ms() >= next) {
			ask_lists(lb);
			next = online_now_ms() + REFRESH_MS;
		}
		if (news(lb) < 0 || online_stalled(lb->on, 10000)) {
			snprintf(lb->msg, sizeof lb->msg, "%s", _("The connection to the server is lost."));
			return MENU_PLAY;   /* back to the title menu, which says so */
		}
		draw(lb);
		event ev;
		input_get(&ev, 100);
		switch (ev.act) {
		case ACT_SIGNAL:
			return MENU_QUIT;
		case ACT_UP:
			if (lb->sel > 0)
				lb->sel--;
			break;
		case ACT_DOWN:
			if (lb->sel + 1 < lb->n)
				lb->sel++;
			break;
		case ACT_RESIZE: case ACT_REDRAW:
			clearok(curscr, TRUE);
			break;
		case ACT_HELP:
			page_help();
			break;
		case ACT_QUIT:
			return MENU_QUIT;
		case ACT_BACK: case ACT_MENU:
			return MENU_PLAY;
		case ACT_SELECT:
			if (lb->n && ask_game(lb, &lb->item[lb->sel], s)) {
				int r = play_online(opt, s, lb->on);
				lb->msg[0] = 0;
				if (r == PLAY_QUIT || term_signal)
					return MENU_QUIT;
				if (lb->on->fd < 0)
					return MENU_PLAY;
				start_lists(lb);
				next = 0;
			}
			break;
		default:
			break;
		}
	}
}

/* The connection of this run: one at a time. */
static online on = { .fd = -1 };

int online_open(const options *opt, char *msg, size_t size)
{
	netclient_opts o = { opt->server, opt->key_file };
	return on.fd >= 0 ? 0 : online_connect(&on, &o, msg, size);
}

int online_play(const options *opt, lineup *s, int first, char *msg, size_t size)
{
	static lobby lb;
	if (online_open(opt, msg, size) < 0)
		return MENU_PLAY;
	memset(&lb, 0, sizeof lb);
	lb.on = &on;
	if (first && (opt->host || opt->join || opt->watch)) {
		char clock[32] = "";
		if (opt->clock_min)
			snprintf(clock, sizeof clock, " clock %d+%d", opt->clock_min, opt->clock_inc);
		if (opt->host)
			online_send(&on, OC_HOST, "host %s %s %s%s", opt->host,
			            opt->side_given ? (opt->who.human == NG_BLUE ? "blue" : "red")
			                            : "random",
			            ng_rules_name(opt->who.rules), clock);
		else if (opt->join)
			online_join(&on, opt->join);
		else
			online_send(&on, OC_WATCH, "watch %s", opt->watch);
		int r = play_online(opt, s, &on);
		if (r == PLAY_QUIT || term_signal) {
			online_close(&on);
			return MENU_QUIT;
		}
	}
	int r = on.fd >= 0 ? lobby_run(&lb, opt, s) : MENU_PLAY;
	if (r == MENU_QUIT || on.fd < 0) {
		if (on.fd < 0)
			snprintf(msg, size, "%s", _("The connection to the server is lost."));
		online_close(&on);
	}
	return r;
}
