/*
 * lobby.c - playing online: connecting to the server (nonaga --host,
 * --join and --watch, or the title menu's "Play online") and the lobby,
 * which lists your unfinished games first, then open challenges to join,
 * then games to watch, and who is online.  The server tells what changed
 * in the lists (`lobby news', nonaga(6)): a game's line, a player's
 * connections, which the lobby applies to the lists it keeps; an older
 * server says only that they changed (`lobby'), and they are asked for
 * again; a server older still is asked every two seconds.  In between
 * the lobby sleeps.  The screen is drawn in place, so curses sends only
 * what changed.
 */
#include "ui.h"
#include "client_proto.h"
#include "client_mine.h"
#include "lobby_seek.h"
#include "lobby_lists.h"
#include "lobby_computer.h"
#include "lobby_arena.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REFRESH_MS 2000

/* Play now's clock, chosen last (also for a challenge's). */
static char playnow_clock[16];

typedef enum { L_PLAYNOW, L_HOST, L_INVITE, L_CHALLENGE, L_COMPUTER, L_ARENAS, L_RATINGS,
               L_RESUME, L_JOIN, L_WATCH } ltype;

typedef struct litem {
	ltype type;
	char game[NET_NAME_MAX + 1];
	int side;               /* L_RESUME, L_JOIN: the seat to take, or -1 */
	char text[256];
} litem;

typedef struct lobby {
	online *on;
	litem item[LOBBY_MAX];
	int n, sel;
	int fixed;              /* the entries that are always there */
	char users[512];
	int nusers;
	lobby_people ppl;       /* those online, for Invite... and Challenge... */
	int paired;             /* `paired': the game's sync follows */
	long chal_id;           /* the challenge to answer (a, d), or 0 */
	int quit, lost;         /* q while Play now waited; its connection lost */
	/* the lists shown (games not over, connections) and, from a server
	 * without news, the lists being read (they end with "ok N" of `who') */
	lgame games[LOBBY_MAX], bgames[LOBBY_MAX];
	int ngames, nbgames;
	luser conns[USERS_MAX], bconns[USERS_MAX];
	int nconns, nbconns;
	litem next[LOBBY_MAX];
	int nnext;
	char msg[512];
	int follows;            /* the server tells changes: 1, 0 (an older
	                         * server: ask every REFRESH_MS), -1 not known */
	int news;               /* it tells what changed (`ok news') */
	int changed;            /* it told: ask now */
	int dirty;              /* the lists changed: the entries again */
	int64_t ask_at;         /* when to ask again without being told */
	lobby_arenas ar;        /* the arenas (lobby_arena.c) */
} lobby;

/* ------------------------------------------------------------- the news */

static void add(litem *list, int *n, ltype t, const char *game, int side, const char *text)
{
	if (*n >= LOBBY_MAX)
		return;
	list[*n].type = t;
	list[*n].side = side;
	snprintf(list[*n].game, sizeof list[*n].game, "%s", game);
	snprintf(list[*n].text, sizeof list[*n].text, "%s", text);
	(*n)++;
}

static const char *colour(int side)
{
	return side == NG_RED ? _("Red") : _("Blue");
}

/* The entries of one game, by seat: Resume each of your seats nobody
 * sits in (one login may hold both), Join a free seat, else Watch. */
static void game_entries(lobby *lb, const lgame *g, int *resumed)
{
	const char *me = lb->on->name;
	char text[256], clk[32];
	int added = 0;
	const char *rl = !strcmp(g->rules, "simple") ? _("simple rules") : _("standard rules");
	lobby_clock_words(g->clock, clk, sizeof clk);
	for (int s = 0; s < 2; s++) {
		if (strcmp(g->seat[s], me) || g->held[s])
			continue;
		if (g->seat[!s][0])
			/* TRANSLATORS: a game of yours in the lobby: its name, your
			   colour, the opponent, the move number. */
			snprintf(text, sizeof text, _("Resume %s: you play %s against %s, move %d"),
			         g->name, colour(s), g->who[!s], g->ply + 1);
		else
			/* TRANSLATORS: a game of yours nobody has joined yet: its
			   name, your colour. */
			snprintf(text, sizeof text, _("Resume %s: you play %s, waiting for an opponent"),
			         g->name, colour(s));
		/* your own games first: after Play now, Host and the others */
		int at = 2 + *resumed;
		if (lb->nnext < LOBBY_MAX) {
			memmove(&lb->next[at + 1], &lb->next[at],
			        (size_t)(lb->nnext - at) * sizeof lb->next[0]);
			int n = at;
			add(lb->next, &n, L_RESUME, g->name, s, text);
			lb->nnext++;
			(*resumed)++;
		}
		added++;
	}
	for (int s = 0; s < 2 && !added; s++) {
		if (g->seat[s][0] || !g->seat[!s][0] || (g->invited[0] && strcmp(g->invited, me)))
			continue;   /* (a game for another is only watched) */
		if (g->invited[0]) {
			/* TRANSLATORS: an invitation, first in the lobby: the game,
			   who invites you, your colour, rules, clock. */
			snprintf(text, sizeof text, _("Join %s: %s invites you; you play %s%s%s%s%s"),
			         g->name, g->who[!s], colour(s), G->sep, rl, G->sep, clk);
			int at = 2, n = at;   /* first, after Play now and Host */
			if (lb->nnext >= LOBBY_MAX)
				break;
			memmove(&lb->next[at + 1], &lb->next[at],
			        (size_t)(lb->nnext - at) * sizeof lb->next[0]);
			add(lb->next, &n, L_JOIN, g->name, s, text);
			lb->nnext++;
			(*resumed)++;
		} else {
			/* TRANSLATORS: an open challenge: the game, who waits, the
			   colour that is free, rules, clock. */
			snprintf(text, sizeof text, _("Join %s: %s waits; you play %s%s%s%s%s"), g->name,
			         g->who[!s], colour(s), G->sep, rl, G->sep, clk);
			add(lb->next, &lb->nnext, L_JOIN, g->name, s, text);
		}
		added++;
	}
	if (!added) {
		/* TRANSLATORS: a game to watch: its name, the players, the
		   move number. */
		snprintf(text, sizeof text, _("Watch %s: %s against %s, move %d"), g->name,
		         g->seat[0][0] ? g->who[0] : "-", g->seat[1][0] ? g->who[1] : "-",
		         g->ply + 1);
		add(lb->next, &lb->nnext, L_WATCH, g->name, -1, text);
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const luser *const *)a)->name, (*(const luser *const *)b)->name);
}

/* Who is online, each login once (one may be connected more than once),
 * by name. */
static void user_names(lobby *lb)
{
	static const luser *u[USERS_MAX];
	for (int i = 0; i < lb->nconns; i++)
		u[i] = &lb->conns[i];
	qsort(u, (size_t)lb->nconns, sizeof u[0], by_name);
	lb->users[0] = 0;
	lb->nusers = lb->ppl.n = 0;
	size_t used = 0;
	for (int i = 0; i < lb->nconns; i++) {
		if (i && !strcmp(u[i]->name, u[i - 1]->name))
			continue;
		lb->nusers++;
		if (lb->ppl.n < LOBBY_PEOPLE) {
			memcpy(lb->ppl.name[lb->ppl.n], u[i]->name, sizeof lb->ppl.name[0]);
			lb->ppl.kind[lb->ppl.n++] = u[i]->kind;
		}
		char shown[NET_NAME_MAX + 80];
		lobby_name_shown(u[i]->name, u[i]->kind, shown, sizeof shown);
		if (used < sizeof lb->users)
			used += (size_t)snprintf(lb->users + used, sizeof lb->users - used, "%s%s",
			                         used ? ", " : "", shown);
	}
}

/* The entries from the lists, the place kept: the same entry, else the
 * same game. */
static void entries(lobby *lb)
{
	for (int i = 0; i < lb->ngames; i++)
		lb->games[i].held[0] = lb->games[i].held[1] = 0;
	for (int k = 0; k < lb->nconns; k++)
		for (int i = 0; i < lb->ngames && lb->conns[k].side >= 0; i++)
			if (!strcmp(lb->games[i].name, lb->conns[k].game))
				lb->games[i].held[lb->conns[k].side] = 1;
	lb->nnext = 0;
	/* TRANSLATORS: the lobby's first entry: a game with whoever seeks
	   the same clock, else a computer. */
	add(lb->next, &lb->nnext, L_PLAYNOW, "", -1, _("Play now"));
	add(lb->next, &lb->nnext, L_HOST, "", -1, _("Host a new game"));
	int resumed = 0;
	for (int i = 0; i < lb->ngames; i++)
		game_entries(lb, &lb->games[i], &resumed);
	/* TRANSLATORS: the lobby's last entry: host a game for one of
	   those online. */
	add(lb->next, &lb->nnext, L_INVITE, "", -1, _("Invite..."));
	/* TRANSLATORS: the lobby's entry: a rated game offered to one of
	   those online (a bot, a player). */
	add(lb->next, &lb->nnext, L_CHALLENGE, "", -1, _("Challenge..."));
	int computer = 0;
	for (int i = 0; i < lb->nconns; i++)
		computer |= lb->conns[i].kind == 'c';
	if (computer)   /* TRANSLATORS: the lobby's entry: the server's computers. */
		add(lb->next, &lb->nnext, L_COMPUTER, "", -1, _("Play the computer"));
	/* TRANSLATORS: the lobby's entry: the server's tournaments. */
	add(lb->next, &lb->nnext, L_ARENAS, "", -1, _("Arenas"));
	lb->fixed = 6 + computer;
	/* TRANSLATORS: the lobby's last entry: the server's ratings
	   table. */
	add(lb->next, &lb->nnext, L_RATINGS, "", -1, _("Ratings"));
	char keep[NET_NAME_MAX + 1];
	int keep_side = lb->n ? lb->item[lb->sel].side : -1;
	snprintf(keep, sizeof keep, "%s", lb->n ? lb->item[lb->sel].game : "");
	memcpy(lb->item, lb->next, sizeof lb->item[0] * (size_t)lb->nnext);
	lb->n = lb->nnext;
	user_names(lb);
	if (lb->sel >= lb->n)
		lb->sel = lb->n - 1;
	int found = -1;
	for (int pass = 0; pass < 2 && found < 0 && keep[0]; pass++)
		for (int i = 0; i < lb->n && found < 0; i++)
			if (!strcmp(lb->item[i].game, keep) && (pass || lb->item[i].side == keep_side))
				found = i;
	if (found >= 0)
		lb->sel = found;
	lb->dirty = 0;
}

static void start_lists(lobby *lb)
{
	lb->nbgames = lb->nbconns = 0;
}

/* A line of `lobby news': what changed in the lists. */
static void news_change(lobby *lb, const char *text)
{
	char name[64];
	if (!strncmp(text, "changed game ", 13))
		lobby_put_game(lb->games, &lb->ngames, text + 8, 1);
	else if (!strncmp(text, "changed user ", 13))
		lobby_put_user(lb->conns, &lb->nconns, text + 8);
	else if (sscanf(text, "changed gone game %63s", name) == 1)
		lobby_drop_game(lb->games, &lb->ngames, name);
	else if (sscanf(text, "changed gone user %63s", name) == 1)
		lobby_drop_user(lb->conns, &lb->nconns, name);
	else
		return;
	lb->dirty = 1;
}

/* The answer to `lobby': 'ok news' (what changed is told, from what the
 * lists hold now), 'ok' (that they changed: asked now), or an error (a
 * server that says nothing: asked now, and every REFRESH_MS). */
static void lobby_answer(lobby *lb, const online_ev *ev)
{
	lb->follows = ev->kind == OE_OK;
	lb->news = lb->follows && !strcmp(ev->code, "news");
	lb->ask_at = lb->follows ? INT64_MAX : 0;
	lb->changed = lb->follows && !lb->news;
	if (lb->news) {
		lb->ngames = lb->nconns = 0;
		lb->dirty = 1;
	}
}

/* One line of the server's. */
static void news_line(lobby *lb, const online_ev *ev)
{
	if (lobby_arena_event(&lb->ar, lb->on, ev, lb->msg, sizeof lb->msg))
		return;
	if (ev->kind == OE_LIST && !strncmp(ev->text, "game ", 5)) {
		lobby_put_game(lb->bgames, &lb->nbgames, ev->text, 0);
	} else if (ev->kind == OE_LIST) {
		lobby_put_user(lb->bconns, &lb->nbconns, ev->text);
	} else if (ev->kind == OE_OK && ev->cmd == OC_LIST) {
		/* "ok N" of who, which comes last: the lists are whole */
		memcpy(lb->games, lb->bgames, sizeof lb->games[0] * (size_t)lb->nbgames);
		lb->ngames = lb->nbgames;
		memcpy(lb->conns, lb->bconns, sizeof lb->conns[0] * (size_t)lb->nbconns);
		lb->nconns = lb->nbconns;
		lb->dirty = 1;
		start_lists(lb);
	} else if (ev->cmd == OC_LOBBY && (ev->kind == OE_OK || ev->kind == OE_ERROR)) {
		lobby_answer(lb, ev);
	} else if (ev->kind == OE_CHANGED && lb->news && strcmp(ev->text, "changed")) {
		news_change(lb, ev->text);
	} else if (ev->kind == OE_CHANGED) {
		lb->news = 0;   /* (a bare `changed': the lists asked for again) */
		lb->changed = 1;
	} else if (ev->kind == OE_ERROR) {
		snprintf(lb->msg, sizeof lb->msg, _("The server says: %s"), ev->text);
	} else if (ev->kind == OE_INVITED) {
		/* TRANSLATORS: in the lobby: who invites you, to which game;
		   the newest invitation is listed right under Host a new game. */
		snprintf(lb->msg, sizeof lb->msg, _("%s invites you to play %s: it is just "
		                                    "below Host a new game."), ev->name, ev->text);
	} else if (ev->kind == OE_PAIRED) {
		lb->paired = 1;
	} else if (ev->kind == OE_CHALLENGED && ev->n > 0) {
		lb->chal_id = ev->n;
		lobby_challenge_text(ev, lb->msg, sizeof lb->msg);
	} else if (ev->kind == OE_DECLINED) {
		/* TRANSLATORS: in the lobby: who declined your challenge. */
		snprintf(lb->msg, sizeof lb->msg, _("%s declined your challenge."), ev->name);
	}
}

/* Read the server's news; -1 when the connection is gone. */
static int news(lobby *lb)
{
	int st;
	online_ev ev;
	do {   /* (after `paired', the game's lines are the game screen's) */
		st = online_read(lb->on);
		while (!lb->paired && online_next(lb->on, &ev))
			news_line(lb, &ev);
	} while (st == 1 && !lb->paired);
	if (lb->dirty)
		entries(lb);
	return st < 0 ? -1 : 0;
}

/* Ask to be told when the lists change (again after a game: the
 * connection may be a new one). */
static void follow(lobby *lb)
{
	lb->follows = -1;
	online_send(lb->on, OC_LOBBY, "lobby news");
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
	/* nothing of the screen before stays (curses still sends only what
	 * changed) */
	erase();
	int y = 0, w = COLS - 4;
	char line[600];
	/* the title says which server: a shared one is where everyone on
	 * this host meets; a private one is for oneself alone */
	if (lb->on->where == NC_SHARED)
		/* TRANSLATORS: the lobby's title: your name, how many are on
		   the server everyone on this host shares. */
		snprintf(line, sizeof line, _("Online as %s, on this host's server: %d online"),
		         lb->on->name, lb->nusers);
	else if (lb->on->where == NC_PRIVATE)
		/* TRANSLATORS: the lobby's title: your name, on the server
		   started for you alone. */
		snprintf(line, sizeof line, _("Online as %s, on your own server: only you can "
		                              "reach it"), lb->on->name);
	else
		/* TRANSLATORS: the lobby's title: your name. */
		snprintf(line, sizeof line, _("Online as %s"), lb->on->name);
	text_line(y++, 0, COLS, "", A_NORMAL);
	text_line(y++, 2, COLS - 2, line, term_attr(R_TITLE));
	text_line(y++, 2, COLS - 2, lb->on->where != NC_PRIVATE ? "" :
	          /* TRANSLATORS: under "on your own server: only you can
	             reach it"; one line at 80 columns (78 wide at most). */
	          _("For a server all on this host share: make install-server "
	            "(nonaga(6), ONLINE)."), term_attr(R_DIM));
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
	if (lb->n <= lb->fixed)   /* Play now, Host, Invite, Challenge, Arenas, Ratings only */
		text_line(3 + lb->fixed, 4, COLS - 4, _("No game to join or watch yet."), term_attr(R_DIM));
	text_line(y++, 0, COLS, "", A_NORMAL);
	/* TRANSLATORS: who is online: how many, then their names. */
	snprintf(line, sizeof line, _("Online (%d): %s"), lb->nusers, lb->users);
	text_line(y++, 2, COLS - 2, line, A_NORMAL);
	text_line(y++, 2, COLS - 2, lb->msg, term_attr(R_MSG));
	text_line(y++, 0, COLS, "", A_NORMAL);
	text_line(y++, 2, COLS - 2,
	          lb->chal_id ? _("a accept the challenge, d decline it, arrows choose, Enter play, q quit")
	          : _("arrows choose, Enter play or watch, Esc title menu, q quit"), term_attr(R_DIM));
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

/* The new game's name, LOGIN-N to begin with, edited on the lobby's
 * bottom line until it keeps the server's rules (net_name_ok); 0 when
 * given up (Esc). */
static int ask_name(lobby *lb, char *name, size_t size)
{
	const char *why = NULL;
	new_name(lb, name, size);
	for (;;) {
		draw(lb);
		/* TRANSLATORS: the prompt of the name of a game to host. */
		if (chatline_edit(_("Name of the game: "), &why, why != NULL, name, size) < 0)
			return 0;
		if (net_name_ok(name))
			return 1;
		/* TRANSLATORS: a name refused before it is sent; the rules are
		   the server's (the characters are as they must be typed). */
		why = _("A game's name is 1 to 32 of A-Z a-z 0-9 _ . - and does not begin "
		        "with . or -. Esc gives up.");
	}
}

/* A name typed on the lobby's bottom line into who, until it is one
 * (not one's own); 0 when given up (Esc).  The server takes any name, as
 * --for does: a login of the host or a player of the door, online or not. */
static int ask_login(lobby *lb, char *who, size_t size)
{
	const char *why = NULL;
	who[0] = 0;
	for (;;) {
		draw(lb);
		/* TRANSLATORS: the prompt of Invite...'s name typed. */
		if (chatline_edit(_("Invite whom (their name): "), &why, why != NULL, who, size) < 0)
			return 0;
		if (net_name_ok(who) && strcmp(who, lb->on->name))
			return 1;
		why = !strcmp(who, lb->on->name)
		      ? _("That is you: invite someone else. Esc gives up.")
		      : _("A name is 1 to 32 of A-Z, a-z, 0-9, _, . and -, not "
		          "beginning with . or -.");
	}
}

/* Whom to invite into who: one of those online but oneself, or any name
 * typed (the last choice); 0 when nobody was chosen. */
static int ask_whom(lobby *lb, char *who, size_t size)
{
	int c = lobby_choose_player(&lb->ppl, lb->on->name, _("Invite..."),
	                            /* TRANSLATORS: the chooser of Invite... in the lobby. */
	                            _("Whom to invite? Only they may join the game; "
	                              "one not online finds it in the lobby."),
	                            /* TRANSLATORS: Invite...'s last choice: a name typed. */
	                            _("Someone not online: type the name..."), who, size);
	return c == 2 ? ask_login(lb, who, size) : c;
}

/* A challenge to one of those online, with a clock; 0 (the answer,
 * `paired' or `declined', comes as news). */
static int challenge(lobby *lb)
{
	char who[NET_NAME_MAX + 1], clk[64];
	if (!lobby_choose_player(&lb->ppl, lb->on->name, _("Challenge..."),
	                         /* TRANSLATORS: the chooser of Challenge... in the lobby. */
	                         _("Whom to challenge? A rated game, if they accept."), NULL,
	                         who, sizeof who) ||
	    !lobby_clock(playnow_clock, sizeof playnow_clock, _("Challenge..."), _("Which clock? (minutes for the game + seconds "
	                                         "added a move, or days a move)")))
		return 0;
	online_send(lb->on, OC_OTHER, "challenge %s %s", who, playnow_clock);
	lobby_clock_words(playnow_clock, clk, sizeof clk);
	/* TRANSLATORS: in the lobby: whom you challenged, the clock. */
	snprintf(lb->msg, sizeof lb->msg, _("You challenge %s (%s): waiting for the answer."), who,
	         clk);
	return 0;
}

/* After Play now's wait or Play the computer's: 1 when paired, else 0. */
static int waited(lobby *lb, int r)
{
	if (r == LW_PAIRED)
		return 1;
	if (r == LW_QUIT)
		lb->quit = 1;
	else if (r == LW_LOST)
		lb->lost = 1;
	start_lists(lb);
	follow(lb);   /* (the news of the wait were not read) */
	return 0;
}

/* Play now: a clock, then the wait; 1 when paired (the game's sync
 * follows), else 0 (the lobby's lists are asked for again). */
static int play_now(lobby *lb)
{
	if (!lobby_clock(playnow_clock, sizeof playnow_clock, _("Play now"), _("Which clock? (minutes for the game + seconds "
	                                     "added a move, or days a move)")) ||
	    !lobby_terms(_("Play now")))
		return 0;
	return waited(lb, lobby_seek(lb->on, playnow_clock, lb->msg, sizeof lb->msg));
}

static int news_of(void *lb)
{
	return news(lb);
}

static int paired_of(void *lb)
{
	return ((lobby *)lb)->paired;
}

/* The arenas' screens (lobby_arena.c); 1 when paired, as play_now. */
static int arenas(lobby *lb)
{
	lobby_hooks h = { lb, news_of, paired_of, lb->msg, sizeof lb->msg, playnow_clock,
	                  sizeof playnow_clock };
	int r = lobby_arena_run(&lb->ar, lb->on, &h);
	lb->quit = r == LA_QUIT;
	lb->lost = r == LA_LOST;
	return r == LA_PAIRED;
}

/* Host a game, for one player (who) or for anyone (""); 1 when asked. */
static int host(lobby *lb, const lineup *s, const char *who)
{
	static const char *const clocks[] = { "", "3+2", "5+3", "10+5", "15+10", "1d", "3d" };
	char name[NET_NAME_MAX + 1];
	if (!ask_name(lb, name, sizeof name))
		return 0;
	/* TRANSLATORS: clocks of days a move, for players who come and go. */
	const char *items[7] = { _("No clock"), "3+2", "5+3", "10+5", "15+10",
	                         _("1 day a move"), _("3 days a move") };
	/* TRANSLATORS: asked before hosting a game online. */
	int c = choose_run(_("Host a new game"), _("A clock for each player? (minutes "
	                   "for the game + seconds added a move, or days a move)"),
	                   items, 7, 0);
	if (c < 0)
		return 0;
	snprintf(lb->on->want, sizeof lb->on->want, "%s", name);
	online_send(lb->on, OC_HOST, "host %s %s %s%s%s%s%s", name,
	            s->human == NG_RED ? "red" : s->human == NG_BLUE ? "blue" : "random",
	            ng_rules_name(s->rules), c ? " clock " : "", clocks[c],
	            who[0] ? " for " : "", who);
	return 1;
}

/* Play now, host, invite, challenge, join, resume or watch; 1 when a
 * game was asked for. */
static int ask_game(lobby *lb, const litem *it, lineup *s, const options *opt)
{
	char who[NET_NAME_MAX + 1];
	switch (it->type) {
	case L_PLAYNOW:
		return play_now(lb);
	case L_CHALLENGE:
		return challenge(lb);
	case L_COMPUTER:
		return waited(lb, lobby_computer(lb->on, opt, playnow_clock, sizeof playnow_clock,
		                                 lb->msg, sizeof lb->msg));
	case L_ARENAS:
		return arenas(lb);
	case L_RATINGS:
		lobby_ratings(opt, lb->msg, sizeof lb->msg);
		return 0;
	case L_HOST:
		return host(lb, s, "");
	case L_INVITE:
		return ask_whom(lb, who, sizeof who) && host(lb, s, who);
	case L_RESUME: case L_JOIN:
		online_join(lb->on, it->game, it->side);
		return 1;
	default:
		snprintf(lb->on->want, sizeof lb->on->want, "%s", it->game);
		online_send(lb->on, OC_WATCH, "watch %s", it->game);
		return 1;
	}
}

/* What the game screen left to say (why a game could not be had, how to
 * come back to one), on the lobby's message line. */
static void take_note(lobby *lb)
{
	snprintf(lb->msg, sizeof lb->msg, "%s", lb->on->note);
	lb->on->note[0] = 0;
}

/* How long the lobby may sleep (the server's news wakes it): until the
 * lists are asked for again, the minute's ping, or the time a server that
 * does not answer is given up. */
static int lobby_due(const lobby *lb)
{
	int64_t now = online_now_ms(), due = lb->ask_at == INT64_MAX ? 60000 : lb->ask_at - now;
	if (lb->on->sent_at + 60001 - now < due)
		due = lb->on->sent_at + 60001 - now;
	if (lb->on->npending && lb->on->pending_at[0] + 10001 - now < due)
		due = lb->on->pending_at[0] + 10001 - now;
	return due < 0 ? 0 : due > 60000 ? 60000 : (int)due;
}

/* The game asked for or paired: played, then the lobby again; MENU_QUIT,
 * MENU_PLAY (the connection gone) or -1 (the lobby goes on). */
static int play_game(lobby *lb, const options *opt, lineup *s)
{
	lb->paired = 0;
	lb->chal_id = 0;
	int r = play_online(opt, s, lb->on);
	take_note(lb);
	lb->chal_id = lb->on->challenge;   /* (told during the game) */
	lb->on->challenge = 0;
	if (r == PLAY_QUIT || term_signal)
		return MENU_QUIT;
	if (lb->on->fd < 0)
		return MENU_PLAY;
	start_lists(lb);
	follow(lb);
	lb->ask_at = INT64_MAX;
	return -1;
}

/* a accepts the challenge told, d declines it. */
static void answer_challenge(lobby *lb, int key)
{
	if (!lb->chal_id || (key != 'a' && key != 'A' && key != 'd' && key != 'D'))
		return;
	online_send(lb->on, OC_OTHER, "%s %ld", key == 'a' || key == 'A' ? "accept" : "decline",
	            lb->chal_id);
	lb->chal_id = 0;
	lb->msg[0] = 0;
}

static int lobby_run(lobby *lb, const options *opt, lineup *s)
{
	int r0;
	lb->ask_at = INT64_MAX;   /* (asked when `lobby' is answered) */
	start_lists(lb);
	take_note(lb);
	follow(lb);
	if (lobby_computer_asked() && ask_game(lb, &(litem){ .type = L_COMPUTER }, s, opt) &&
	    (r0 = play_game(lb, opt, s)) >= 0)
		return r0;   /* (the title menu's Play the computer) */
	for (;;) {
		int r;
		if (lb->quit)
			return MENU_QUIT;
		if (lb->lost || news(lb) < 0 || online_stalled(lb->on, 10000)) {
			snprintf(lb->msg, sizeof lb->msg, "%s", _("The connection to the server is lost."));
			online_drop(lb->on);   /* Play online connects afresh */
			return MENU_PLAY;   /* back to the title menu, which says so */
		}
		if (lb->paired && (r = play_game(lb, opt, s)) >= 0)
			return r;   /* (a challenge accepted, or a late pairing) */
		if (lb->ar.shown[0]) {   /* (back to the standings after an arena's game) */
			if (arenas(lb) && (r = play_game(lb, opt, s)) >= 0)
				return r;
			continue;
		}
		if (lb->changed || online_now_ms() >= lb->ask_at) {
			ask_lists(lb);
			lb->changed = 0;
			lb->ask_at = lb->follows == 1 ? INT64_MAX : online_now_ms() + REFRESH_MS;
		}
		draw(lb);
		event ev;
		input_get_sized(&ev, lobby_due(lb), lb->on->fd);
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
			if (lb->n && ask_game(lb, &lb->item[lb->sel], s, opt) &&
			    (r = play_game(lb, opt, s)) >= 0)
				return r;
			break;
		case ACT_OTHER:
			answer_challenge(lb, ev.key);
			break;
		default:
			break;
		}
	}
}

const char *online_clock(void)
{
	return playnow_clock;
}

void online_clock_set(const char *clock)
{
	snprintf(playnow_clock, sizeof playnow_clock, "%s", clock);
}

/* The connection of this run: one at a time. */
static online on = { .fd = -1 };

int online_open(const options *opt, char *msg, size_t size)
{
	netclient_opts o = { .server = opt->server, .key_file = opt->key_file,
	                    .as = opt->door_as };
	return on.fd >= 0 ? 0 : online_connect(&on, &o, msg, size);
}

void online_tell(const char *text)
{
	snprintf(on.note, sizeof on.note, "%s", text);
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
		if (opt->clock_days)
			snprintf(clock, sizeof clock, " clock %dd", opt->clock_days);
		else if (opt->clock_min)
			snprintf(clock, sizeof clock, " clock %d+%d", opt->clock_min, opt->clock_inc);
		snprintf(on.want, sizeof on.want, "%s", opt->host ? opt->host : opt->watch ? opt->watch
		                                                                          : "");
		if (opt->host)
			online_send(&on, OC_HOST, "host %s %s %s%s%s%s", opt->host,
			            opt->side_given ? (opt->who.human == NG_BLUE ? "blue" : "red")
			                            : "random",
			            ng_rules_name(opt->who.rules), clock,
			            opt->invite ? " for " : "", opt->invite ? opt->invite : "");
		else if (opt->join)
			online_join(&on, opt->join, -1);
		else
			online_send(&on, OC_WATCH, "watch %s", opt->watch);
		int r = play_online(opt, s, &on);
		if (r == PLAY_QUIT || term_signal) {
			snprintf(msg, size, "%s", on.note);   /* said after the screen closes */
			on.note[0] = 0;
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
