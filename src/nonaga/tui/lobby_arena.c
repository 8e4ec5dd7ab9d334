/*
 * lobby_arena.c - the lobby's arenas (issue 39; nonaga(6), ONLINE:
 * arena, enter, withdraw, standings, arenas, arena-over): the list of the
 * server's arenas (starting, running, just over: clock, rules, time left,
 * players, the winner, whether you are in), New arena..., and an arena's
 * standings.  Both follow the server's `lobby news' (`changed arena'):
 * the list as told, and the standings asked again whenever their arena's
 * line changed (a game counted, a player in or out, its start or end),
 * never by the clock; only the time left is counted here, a second at a
 * time, from what was last told.  Every name comes checked from
 * lobby_lists.c.
 */
#include "ui.h"
#include "lobby_arena.h"
#include "lobby_seek.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static larena *find(lobby_arenas *la, const char *name)
{
	for (int i = 0; i < la->n; i++)
		if (!strcmp(la->v[i].name, name))
			return &la->v[i];
	return NULL;
}

static void ask_standings(lobby_arenas *la, online *on)
{
	if (la->asking) {
		la->again = 1;
		return;
	}
	la->asking = 1;
	la->again = 0;
	la->nnext = 0;
	online_send(on, OC_STANDINGS, "standings %s", la->shown);
}

/* What a told of its time: "starts in 1:30", "4:12 left", "over: bob
 * won"; counted down from when it was told. */
static void state_text(const larena *a, char *out, size_t size)
{
	char left[32];
	int64_t gone = (online_now_ms() - a->at) / 1000, s = a->secs - gone;
	online_clock_text((s < 0 ? 0 : s) * 1000, 0, left, sizeof left);
	if (a->state == 0)
		/* TRANSLATORS: an arena not started: minutes:seconds to its
		   start. */
		snprintf(out, size, _("starts in %s"), left);
	else if (a->state == 1)
		/* TRANSLATORS: an arena running: minutes:seconds to its end. */
		snprintf(out, size, _("%s left"), left);
	else if (a->winner[0])
		/* TRANSLATORS: an arena over, and its winner. */
		snprintf(out, size, _("over: %s won"), a->winner);
	else
		snprintf(out, size, "%s", _("over: nobody played"));
}

/* An arena in one line: [name, ]clock, rules, time, players, you. */
static void arena_text(const larena *a, int named, char *out, size_t size)
{
	char clk[64], st[96], players[64];
	lobby_clock_words(a->clock, clk, sizeof clk);
	state_text(a, st, sizeof st);
	/* TRANSLATORS: how many players are in an arena. */
	snprintf(players, sizeof players, ngettext("%d player", "%d players",
	                                          (unsigned long)a->players), a->players);
	const char *you = a->you == 'i' ? _("you are in")
	                  /* TRANSLATORS: entered in an arena, but not
	                     paired while away: Enter enters again. */
	                  : a->you == 'a' ? _("you are away: Enter comes back") : "";
	snprintf(out, size, "%s%s%s%s%s%s%s%s%s%s%s", named ? a->name : "", named ? G->sep : "",
	         clk, G->sep, a->simple ? _("simple rules") : _("standard rules"), G->sep, st,
	         G->sep, players, you[0] ? G->sep : "", you);
}

/* The answer to an arena command (ok or an error), said in msg. */
static void answered(lobby_arenas *la, const online_ev *ev, char *msg, size_t size)
{
	larena *a = find(la, la->sent_to);
	if (ev->kind == OE_ERROR)
		snprintf(msg, size, _("The server says: %s"), ev->text);
	else if (la->sent == 'e') {
		if (a)
			a->you = 'i';
		/* TRANSLATORS: after entering an arena from the lobby. */
		snprintf(msg, size, _("You are in arena %s: a game starts when an opponent is "
		                      "free."), la->sent_to);
	} else if (la->sent == 'w') {
		if (a)
			a->you = 'o';
		/* TRANSLATORS: after withdrawing from an arena. */
		snprintf(msg, size, _("You left arena %s."), la->sent_to);
	} else if (la->sent == 'n') {
		/* TRANSLATORS: after New arena...: Enter is a key. */
		snprintf(msg, size, _("Arena %s is made: Enter enters it."), la->sent_to);
	}
	la->sent = 0;
}

void lobby_arena_over_text(const online_ev *ev, char *out, size_t size)
{
	if (ev->name[0])
		/* TRANSLATORS: told to those in an arena at its end. */
		snprintf(out, size, _("Arena %s is over: %s wins."), ev->text, ev->name);
	else
		snprintf(out, size, _("Arena %s is over: nobody played."), ev->text);
}

int lobby_arena_event(lobby_arenas *la, online *on, const online_ev *ev, char *msg,
                      size_t size)
{
	char name[64];
	if (ev->kind == OE_OK && ev->cmd == OC_LOBBY && !strcmp(ev->code, "news")) {
		la->n = 0;   /* (what the lists hold follows; the lobby's too) */
		return 0;
	}
	if (ev->kind == OE_ARENA)
		lobby_put_arena(la->v, &la->n, ev->text, online_now_ms());
	else if (ev->kind == OE_CHANGED && !strncmp(ev->text, "changed arena ", 14)) {
		lobby_put_arena(la->v, &la->n, ev->text + 8, online_now_ms());
		if (la->shown[0] && sscanf(ev->text, "changed arena %63s", name) == 1 &&
		    !strcmp(name, la->shown))
			ask_standings(la, on);   /* (its standings may have changed) */
	} else if (ev->kind == OE_CHANGED && sscanf(ev->text, "changed gone arena %63s", name) == 1)
		lobby_drop_arena(la->v, &la->n, name);
	else if (ev->kind == OE_STANDING) {
		if (la->asking && la->nnext < LOBBY_STANDINGS &&
		    lobby_parse_standing(ev->text, &la->next[la->nnext]))
			la->nnext++;
	} else if ((ev->kind == OE_OK || ev->kind == OE_ERROR) && ev->cmd == OC_STANDINGS) {
		la->asking = 0;
		memcpy(la->st, la->next, (size_t)la->nnext * sizeof la->st[0]);
		la->nst = ev->kind == OE_OK ? la->nnext : 0;
		la->told = online_now_ms();
		if (la->again && la->shown[0])
			ask_standings(la, on);
	} else if ((ev->kind == OE_OK || ev->kind == OE_ERROR) && ev->cmd == OC_ARENA)
		answered(la, ev, msg, size);
	else if (ev->kind == OE_ARENA_OVER)
		lobby_arena_over_text(ev, msg, size);
	else
		return ev->cmd == OC_ARENAS && (ev->kind == OE_OK || ev->kind == OE_ERROR);
	return 1;
}

/* ------------------------------------------------------------ the screens */

static void keys_line(int y, const char *msg, const char *keys)
{
	text_line(y, 2, COLS - 2, msg, term_attr(R_MSG));
	text_line(y + 1, 0, COLS, "", A_NORMAL);
	text_line(y + 2, 2, COLS - 2, keys, term_attr(R_DIM));
	for (y += 3; y < LINES; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
}

static void draw_list(lobby_arenas *la, const char *msg)
{
	char line[600], text[500];
	int room = LINES - 8, y = 3;
	erase();
	text_line(1, 2, COLS - 2, _("Arenas"), term_attr(R_TITLE));
	if (la->sel < la->top)
		la->top = la->sel;
	if (la->sel >= la->top + room)
		la->top = la->sel - room + 1;
	for (int i = la->top; i <= la->n && y < 3 + room; i++, y++) {
		if (i)
			arena_text(&la->v[i - 1], 1, text, sizeof text);
		/* TRANSLATORS: the first line of the lobby's Arenas. */
		snprintf(line, sizeof line, "%s %s", i == la->sel ? G->more_right : " ",
		         i ? text : _("New arena..."));
		text_line(y, 2, COLS - 2, line, i == la->sel ? term_attr(R_SEL) : A_NORMAL);
	}
	if (!la->n)
		text_line(y++, 4, COLS - 4, _("No arena on this server yet: any player may make "
		                              "one."), term_attr(R_DIM));
	keys_line(LINES - 4, msg,
	          /* TRANSLATORS: the keys of the lobby's Arenas, one line of
	             80 columns. */
	          _("Enter enters and shows the standings, s standings, w withdraw, Esc lobby"));
	refresh();
}

/* The standings' rows on screen (one less than the room when they do not
 * all fit: that row says which are shown). */
static int standings_room(const lobby_arenas *la)
{
	int room = LINES - 10;
	return la->nst > room ? room - 1 : room;
}

/* The first row shown: your own kept in view until you scroll, then
 * where you scrolled to, never past the last screenful. */
static int standings_top(lobby_arenas *la, const char *me, int room)
{
	if (!la->st_moved)
		for (int i = 0; i < la->nst; i++)
			if (!strcmp(la->st[i].name, me)) {
				if (i < la->st_top)
					la->st_top = i;
				else if (i >= la->st_top + room)
					la->st_top = i - room + 1;
				break;
			}
	if (la->st_top > la->nst - room)
		la->st_top = la->nst - room;
	if (la->st_top < 0)
		la->st_top = 0;
	return la->st_top;
}

static void draw_standings(lobby_arenas *la, const char *me, const char *msg)
{
	char line[600], text[500];
	larena *a = find(la, la->shown);
	erase();
	/* TRANSLATORS: the title of an arena's standings. */
	snprintf(line, sizeof line, _("Arena %s"), la->shown);
	text_line(1, 2, COLS - 2, line, term_attr(R_TITLE));
	if (a)
		arena_text(a, 0, text, sizeof text);
	text_line(2, 2, COLS - 2, a ? text : "", A_NORMAL);
	/* TRANSLATORS: the heading of an arena's standings: columns of 4,
	   8, 7 and 8 wide, then the player. */
	text_line(4, 2, COLS - 2, _("rank  points  games  streak  player"), A_BOLD);
	int y = 5, room = standings_room(la), top = standings_top(la, me, room);
	for (int i = top; i < la->nst && i < top + room; i++, y++) {
		const lstanding *s = &la->st[i];
		/* a streak of two wins or more: the next win scores double */
		snprintf(line, sizeof line, "%4d %7d %6d  %-6s  %s%s", s->rank, s->points, s->games,
		         s->streak >= 2 ? "x2" : "", s->name, lobby_kind_tag(s->kind));
		text_line(y, 2, COLS - 2, line, !strcmp(s->name, me) ? A_BOLD : A_NORMAL);
	}
	if (la->nst > room) {
		int last = top + room < la->nst ? top + room : la->nst;
		/* TRANSLATORS: under an arena's standings when they do not all
		   fit: the first and last shown, of how many; the keys that
		   scroll them. */
		snprintf(line, sizeof line, _("Players %d-%d of %d. Arrows, PgUp, PgDn, Home and End scroll."),
		         top + 1, last, la->nst);
		text_line(5 + room, 2, COLS - 2, line, term_attr(R_DIM));
	}
	if (!la->nst && !la->asking)
		text_line(y++, 2, COLS - 2, _("Nobody has entered yet."), term_attr(R_DIM));
	text_line(LINES - 5, 2, COLS - 2,
	          /* TRANSLATORS: under an arena's standings. */
	          _("x2: two wins or more in a row; the next win scores double."),
	          term_attr(R_DIM));
	keys_line(LINES - 4, msg,
	          /* TRANSLATORS: the keys of an arena's standings. */
	          _("Enter enters the arena, w withdraws, Esc arenas, q quit"));
	refresh();
}

/* Scroll the standings by d rows (by hand: your row may leave the view). */
static void scroll_standings(lobby_arenas *la, int d)
{
	la->st_top += d;
	la->st_moved = 1;
}

/* --------------------------------------------------------------- acting */

static void send_arena(lobby_arenas *la, online *on, char what, const char *name)
{
	la->sent = what;
	snprintf(la->sent_to, sizeof la->sent_to, "%s", name);
	online_send(on, OC_ARENA, "%s %s", what == 'e' ? "enter" : "withdraw", name);
}

/* New arena...: a name (on the bottom line), minutes, a clock; sent. */
static void new_arena(lobby_arenas *la, online *on, const lobby_hooks *h)
{
	static const int minutes[] = { 15, 30, 60, 120 };
	char name[NET_NAME_MAX + 1], items[4][64];
	const char *why = NULL, *it[4];
	snprintf(name, sizeof name, "%.20s-arena", on->name);
	for (;;) {
		draw_list(la, h->msg);
		/* TRANSLATORS: the prompt of New arena...'s name. */
		if (chatline_edit(_("Name of the arena: "), &why, why != NULL, name, sizeof name) < 0)
			return;
		if (net_name_ok(name))
			break;
		why = _("A name is 1 to 32 of A-Z, a-z, 0-9, _, . and -, not beginning with . or -.");
	}
	for (int i = 0; i < 4; i++) {
		/* TRANSLATORS: an arena's length. */
		snprintf(items[i], sizeof items[i], _("%d minutes"), minutes[i]);
		it[i] = items[i];
	}
	/* TRANSLATORS: New arena...'s question of its length. */
	int c = choose_run(_("New arena..."), _("How long does the arena last?"), it, 4, 1);
	if (c < 0 || !lobby_clock(h->clock, h->clock_size, _("New arena..."),
	                          _("Which clock for its games?")))
		return;
	if (strchr(h->clock, 'd') || !strcmp(h->clock, "none")) {
		/* TRANSLATORS: an arena's games need a clock of minutes. */
		snprintf(h->msg, h->size, "%s", _("An arena's games are played with minutes on "
		                                  "the clock, not days a move."));
		return;
	}
	la->sent = 'n';
	snprintf(la->sent_to, sizeof la->sent_to, "%s", name);
	online_send(on, OC_ARENA, "arena %s %d %s", name, minutes[c], h->clock);
}

/* The standings of the arena name: asked, shown from your own row. */
static void open_standings(lobby_arenas *la, online *on, const char *name)
{
	snprintf(la->shown, sizeof la->shown, "%s", name);
	la->nst = 0;
	la->st_top = la->st_moved = 0;
	ask_standings(la, on);
}

/* A key of the list or the standings; -1 to go on, else LA_... */
static int act(lobby_arenas *la, online *on, const lobby_hooks *h, const event *ev)
{
	larena *a = la->shown[0] ? find(la, la->shown) : la->sel ? &la->v[la->sel - 1] : NULL;
	switch (ev->act) {
	case ACT_SIGNAL: case ACT_QUIT:
		return LA_QUIT;
	case ACT_BACK: case ACT_MENU:
		if (!la->shown[0])
			return LA_BACK;
		la->shown[0] = 0;
		break;
	case ACT_UP:
		if (la->shown[0])
			scroll_standings(la, -1);
		la->sel -= !la->shown[0] && la->sel > 0;
		break;
	case ACT_DOWN:
		if (la->shown[0])
			scroll_standings(la, 1);
		la->sel += !la->shown[0] && la->sel < la->n;
		break;
	case ACT_PAGEUP: case ACT_PAGEDOWN:
		if (la->shown[0])
			scroll_standings(la, (ev->act == ACT_PAGEUP ? -1 : 1) * standings_room(la));
		break;
	case ACT_HOME: case ACT_END:
		if (la->shown[0])
			scroll_standings(la, ev->act == ACT_HOME ? -LOBBY_STANDINGS : LOBBY_STANDINGS);
		break;
	case ACT_RESIZE: case ACT_REDRAW:
		clearok(curscr, TRUE);
		break;
	case ACT_SELECT:
		if (!la->shown[0] && !la->sel) {
			new_arena(la, on, h);
			break;
		}
		if (a && a->state < 2 && a->you != 'i')
			send_arena(la, on, 'e', a->name);
		if (a && !la->shown[0]) {
			open_standings(la, on, a->name);
		}
		break;
	case ACT_OTHER:
		if ((ev->key == 's' || ev->key == 'S') && a && !la->shown[0]) {
			open_standings(la, on, a->name);
		} else if ((ev->key == 'w' || ev->key == 'W') && a && a->state < 2)
			send_arena(la, on, 'w', a->name);
		break;
	default:
		break;
	}
	return -1;
}

int lobby_arena_run(lobby_arenas *la, online *on, const lobby_hooks *h)
{
	if (la->shown[0])   /* (back from a game of the arena) */
		ask_standings(la, on);
	else
		online_send(on, OC_ARENAS, "arenas");   /* (an older server's news lack them) */
	clearok(curscr, TRUE);
	for (;;) {
		if (h->news(h->ctx) < 0 || online_stalled(on, 10000))
			return LA_LOST;
		if (h->paired(h->ctx))
			return LA_PAIRED;
		if (la->sel > la->n)
			la->sel = la->n;
		if (term_draw_too_small(NULL))
			;
		else if (la->shown[0])
			draw_standings(la, on->name, h->msg);
		else
			draw_list(la, h->msg);
		event ev;
		/* awake once a second, for the time left, and at the server's news */
		input_get_sized(&ev, (int)(1000 - online_now_ms() % 1000), on->fd);
		int r = act(la, on, h, &ev);
		if (r >= 0)
			return r;
	}
}
