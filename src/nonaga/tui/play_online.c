/*
 * play_online.c - a game played online: the same screen, keys and turn as a
 * local game (play.c), with the opponent's moves coming from the server
 * (animated as the computer's are), clocks, the opponent's absence, draw
 * offers, resigning, claims, taking back by agreement and chat.
 *
 * The game on the screen follows the server: a sync rebuilds it, a
 * "moved" plays the next move, "undone" takes moves back.  The player's
 * own move is played at once and sent; should the server refuse it, the
 * game is asked for again (the server is right).  When the connection
 * goes, the client tries again every 2 seconds for a minute, with a
 * countdown, then gives up for the lobby; on this host's shared server
 * (restarted by its administrator) it waits for as long as the player
 * does, saying since when, and never turns to a private server
 * (client_connect.c).
 */
#include "game_screen.h"
#include "client_proto.h"
#include "lobby_seek.h"
#include "play_online.h"
#include "lobby_arena.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RETRY_MS 2000
#define GIVE_UP_MS 60000
#define STALL_MS 10000

/* Questions (y/n) of an online game. */
enum { Q_RESIGN = ASK_THEIRS, Q_LEAVE };

static netplay *netplay_new(online *on)
{
	netplay *np = calloc(1, sizeof *np);
	if (!np)
		return NULL;
	np->on = on;
	np->offer_draw = np->offer_tb = -1;
	return np;
}

static void netplay_free(void *self)
{
	free(self);
}

const char *online_seat_name(const netplay *np, int side)
{
	const char *n = side == NG_RED ? np->red : np->blue;
	return n[0] ? n : "?";
}

/* The side a name plays; when both seats have it (one login playing
 * itself), the one the server named. */
static int side_named(const netplay *np, const char *name, int told)
{
	if (told == NG_RED || told == NG_BLUE)
		return told;
	return !strcmp(np->blue, name) && strcmp(np->red, name) ? NG_BLUE : NG_RED;
}

/* ------------------------------------------------------------ the clocks */

int online_clock_running(const netplay *np)
{
	return np->clock_min && !np->over && np->red[0] && np->blue[0];
}

/* Charge side, whose clock ran, the time since the clocks were told, and
 * add inc (the player's own move, before the server tells; or the end):
 * the mover's clock stops where it stood, it does not jump. */
static void charge(netplay *np, int side, int64_t inc)
{
	int64_t now = online_now_ms();
	if (online_clock_running(np)) {
		np->left[side] -= now - np->left_at;
		if (np->left[side] < 0)
			np->left[side] = 0;
		np->left[side] += inc;
	}
	np->left_at = now;
}

/* A move was played: the offers lapse, and so does their message, when
 * it is still the one on the screen. */
static void offers_lapse(play *p, netplay *np)
{
	if (np->offer_said[0] && !strcmp(p->msg, np->offer_said))
		play_quiet(p);
	np->offer_said[0] = 0;
	np->offer_draw = np->offer_tb = -1;
}

/* ------------------------------------------------------------- the end */

/* A finished game goes into the records, as local games do. */
static void keep(play *p)
{
	netplay *np = p->them.self;
	char dir[PATH_MAX], msg[SAVE_MSG], path[PATH_MAX];
	if (np->kept || p->who.human < 0 || ng_game_ply(p->g) == 0)
		return;
	np->kept = 1;
	save_info si;
	save_info_new(&si, &p->who);   /* MODE_ONLINE, the player's seat */
	snprintf(si.red, sizeof si.red, "%s", np->red);
	snprintf(si.blue, sizeof si.blue, "%s", np->blue);
	if (np->began[0])
		snprintf(si.date, sizeof si.date, "%s", np->began);
	/* the outcome the server gave, also when the rules did not end it */
	snprintf(si.how, sizeof si.how, "%s", np->how);
	si.winner = np->result;
	if (save_dir(dir, sizeof dir, msg) != SAVE_OK ||
	    save_archive(dir, p->g, &si, path, sizeof path, msg) != SAVE_OK)
		play_say(p, R_MSG, "%s", msg);
}

static void game_over(play *p, ng_result r, const char *how)
{
	netplay *np = p->them.self;
	if (!np->over) {   /* the clocks stop where they are */
		/* what was said while it went on ("You accept the draw.", "X is
		 * back.") is stale now: the turn line says how it ended.  The
		 * last chat stays: it is the players' own words. */
		if (!np->nchat || strcmp(p->msg, np->chat[np->nchat - 1]))
			play_quiet(p);
		int side = to_move(p);
		charge(np, side, 0);
		if (!strcmp(how, "time"))
			np->left[r == NG_RED_WINS ? NG_BLUE : NG_RED] = 0;
	}
	np->result = r;
	np->over = 1;
	snprintf(np->how, sizeof np->how, "%s", how);
	np->offer_draw = np->offer_tb = -1;
	play_over(p);
	keep(p);
}

/* ------------------------------------------------------------ the news */

static void on_sync(play *p, const online_ev *ev)
{
	netplay *np = p->them.self;
	ng_game_reset(p->g, ev->rules);
	snprintf(np->red, sizeof np->red, "%s", ev->red);
	snprintf(np->blue, sizeof np->blue, "%s", ev->blue);
	memcpy(np->rating, ev->rating, sizeof np->rating);
	np->clock_min = ev->clock_min;
	np->clock_inc = ev->clock_inc;
	np->clock_days = ev->clock_days;
	np->left[0] = np->left[1] = (int64_t)ev->clock_min * 60000;
	np->left_at = online_now_ms();
	np->away[0] = np->away[1] = 0;
	np->offer_draw = np->offer_tb = -1;
	np->result = ev->result;
	np->over = ev->result != NG_NONE;
	snprintf(np->how, sizeof np->how, "%s", ev->code);
	np->synced = 1;
	if (!np->began[0]) {
		save_info now;
		save_info_new(&now, &p->who);
		snprintf(np->began, sizeof np->began, "%.31s", now.date);
	}
	play_restart(p, ev->side);
}

static void on_moved(play *p, const online_ev *ev)
{
	netplay *np = p->them.self;
	if (ev->ms[0] >= 0 && ev->ms[1] >= 0) {
		np->left[0] = ev->ms[0];
		np->left[1] = ev->ms[1];
		np->left_at = online_now_ms();
	}
	int ply = ng_game_ply(p->g);
	if (ev->n <= ply)
		return;              /* our own move, played already */
	ng_move m;
	ng_err e = ev->n == ply + 1 ? ng_move_parse(cur_pos(p), ev->text, &m) : NG_ERR_BAD_ARG;
	if (e == NG_OK)
		e = play_show_move(p, m, ev->quiet);
	if (e != NG_OK) {            /* out of step: ask for the game again */
		online_send(np->on, p->who.human >= 0 ? OC_JOIN : OC_WATCH, "%s %s",
		            p->who.human >= 0 ? "join" : "watch", np->on->game);
		return;
	}
	offers_lapse(p, np);
	if (!ev->quiet && ng_game_result(p->g) != NG_NONE)
		game_over(p, ng_game_result(p->g), "rules");
}

static void on_chat(play *p, const online_ev *ev)
{
	netplay *np = p->them.self;
	if (np->nchat == CHAT_LINES) {
		memmove(np->chat[0], np->chat[1], sizeof np->chat[0] * (CHAT_LINES - 1));
		np->nchat--;
	}
	snprintf(np->chat[np->nchat++], sizeof np->chat[0], "%s: %.*s", ev->name,
	         NET_CHAT_MAX, ev->text);
	play_say(p, R_NORMAL, "%s: %s", ev->name, ev->text);
}

/* An answer of the server's. */
static int on_answer(play *p, const online_ev *ev)
{
	netplay *np = p->them.self;
	if (ev->kind == OE_OK)
		return -1;
	if (ev->cmd == OC_JOIN && !strcmp(ev->code, "bad-token") && !np->synced) {
		/* a token kept from an older game of that name: ask plainly */
		online_forget_token(np->on, np->on->want);
		online_send(np->on, OC_JOIN, "join %s", np->on->want);
		return -1;
	}
	if (ev->cmd == OC_HOST || ev->cmd == OC_JOIN || ev->cmd == OC_WATCH) {
		if (!np->synced) {   /* the game cannot be had: the lobby says why */
			/* TRANSLATORS: the game's name, then the server's
			   explanation, in English. */
			snprintf(np->on->note, sizeof np->on->note,
			         ev->cmd == OC_HOST ? _("Cannot host %s: %s")
			         : ev->cmd == OC_JOIN ? _("Cannot join %s: %s") : _("Cannot watch %s: %s"),
			         np->on->want, ev->text);
			np->on->game[0] = 0;
			return PLAY_MENU;
		}
	}
	if (ev->cmd == OC_MOVE)
		online_send(np->on, OC_JOIN, "join %s", np->on->game);
	play_say(p, R_MSG, _("The server says: %s"), ev->text);
	return -1;
}

static int handle(play *p, const online_ev *ev)
{
	netplay *np = p->them.self;
	switch (ev->kind) {
	case OE_SYNC:
		on_sync(p, ev);
		if (ev->result != NG_NONE)
			game_over(p, ev->result, ev->code);
		break;
	case OE_MOVED:
		on_moved(p, ev);
		break;
	case OE_UNDONE:
		np->offer_tb = np->offer_draw = -1;
		play_take_back(p, ev->n, _("Moves taken back, as both players agreed."));
		break;
	case OE_OVER:
		game_over(p, ev->result, ev->code);
		break;
	case OE_SEATED:
		snprintf(ev->side == NG_BLUE ? np->blue : np->red, sizeof np->red, "%s", ev->name);
		memcpy(np->rating[ev->side == NG_BLUE], ev->rating[ev->side == NG_BLUE],
		       sizeof np->rating[0]);
		np->left_at = online_now_ms();   /* a clock starts now */
		play_enter_turn(p);   /* the game can begin */
		play_say(p, R_NORMAL, ev->side == NG_BLUE ? _("%s sits down to play Blue.")
		                                          : _("%s sits down to play Red."), ev->name);
		break;
	case OE_AWAY: {
		int s = side_named(np, ev->name, ev->side);
		np->away[s] = 1;
		np->claim_at[s] = online_now_ms() + (int64_t)ev->n * 1000;
		break;
	}
	case OE_BACK: {
		int s = side_named(np, ev->name, ev->side);
		np->away[s] = 0;
		if (!np->over)   /* after the end, a return is no news */
			play_say(p, R_NORMAL, _("%s is back."), ev->name);
		break;
	}
	case OE_OFFER: {
		/* by seat: one login may hold both (an older server names no
		 * side: then the name, the other seat's when both have it) */
		int s = ev->side;
		for (int i = 0; i < 2 && s < 0; i++)
			if (!strcmp(online_seat_name(np, i), ev->name) && i != p->who.human)
				s = i;
		if (s < 0)
			s = !strcmp(np->red, ev->name) ? NG_RED : NG_BLUE;
		if (!strcmp(ev->code, "draw"))
			np->offer_draw = s;
		else
			np->offer_tb = s;
		if (s != p->who.human && p->who.human >= 0) {
			play_say(p, R_MSG, !strcmp(ev->code, "draw")
			         ? _("%s offers a draw: d accepts it.")
			         : _("%s asks to take back their last move: u agrees."), ev->name);
			snprintf(np->offer_said, sizeof np->offer_said, "%s", p->msg);
		}
		break;
	}
	case OE_CHAT:
		on_chat(p, ev);
		break;
	case OE_INVITED:
		/* TRANSLATORS: while playing: who invites you, to which game. */
		play_say(p, R_MSG, _("%s invites you to play %s: it waits in the lobby (m)."),
		         ev->name, ev->text);
		break;
	case OE_CHALLENGED:
		if (ev->n <= 0)
			break;
		/* the lobby answers it: its words are said there too */
		np->on->challenge = ev->n;
		lobby_challenge_text(ev, np->on->note, sizeof np->on->note);
		/* TRANSLATORS: while playing: who challenges you. */
		play_say(p, R_MSG, _("%s challenges you: m goes to the lobby, where a accepts it."),
		         ev->name);
		break;
	case OE_ARENA_OVER:   /* (the lobby says it too) */
		lobby_arena_over_text(ev, np->on->note, sizeof np->on->note);
		play_say(p, R_MSG, "%s", np->on->note);
		break;
	case OE_PAIRED:   /* an arena's next game, whose sync follows */
		np->kept = 0;
		np->began[0] = 0;
		break;
	case OE_QUEUED:
		/* TRANSLATORS: while playing a computer of the server: its
		   name, how many searches go before its own. */
		play_say(p, R_MSG, _("%s waits for a search thread: %d before it."), ev->name, ev->n);
		break;
	case OE_CLOCK:
		np->left[0] = ev->ms[0] < 0 ? 0 : ev->ms[0];
		np->left[1] = ev->ms[1] < 0 ? 0 : ev->ms[1];
		np->left_at = online_now_ms();
		break;
	case OE_DETACHED:
		/* said by the lobby, where this terminal goes */
		/* TRANSLATORS: the lobby's message line; %s is the game. */
		snprintf(np->on->note, sizeof np->on->note,
		         _("Another terminal of yours took your seat in %s: it plays there now."),
		         ev->name);
		return PLAY_MENU;
	case OE_OK:
	case OE_ERROR:
		return on_answer(p, ev);
	default:
		break;
	}
	return -1;
}

/* ------------------------------------------------------- the connection */

static void lost(play *p)
{
	netplay *np = p->them.self;
	online_drop(np->on);
	np->lost = 1;
	np->synced = 0;          /* no choosing until the server has told */
	play_unask(p);
	play_enter_turn(p);
	np->lost_at = online_now_ms();
	np->retry_at = np->lost_at + RETRY_MS;
	np->give_up_at = np->on->where == NC_SHARED ? 0 : np->lost_at + GIVE_UP_MS;
}

/* Try again: connect, then ask for the same seat (or to watch again). */
static void retry(play *p)
{
	netplay *np = p->them.self;
	char msg[512];
	np->retry_at = online_now_ms() + RETRY_MS;
	netclient_opts o = np->on->o;
	if (online_connect(np->on, &o, msg, sizeof msg) < 0)
		return;
	np->lost = 0;
	np->synced = 0;
	if (p->who.human >= 0)
		online_send(np->on, OC_JOIN, "join %s %s", np->on->game, np->on->token);
	else
		online_send(np->on, OC_WATCH, "watch %s", np->on->game);
	play_say(p, R_NORMAL, "%s", _("Connected again."));
}

/* Both seats are taken and the game is on: the player may move. */
static int ready(const play *p, void *self)
{
	const netplay *np = self;
	(void)p;
	return np->synced && np->red[0] && np->blue[0] && !np->over;
}

/* In how many ms the time left (ms), shown as whole seconds rounded up
 * (online_clock_text) and then as units of unit_s seconds (60: the
 * minutes of a clock of days), shows the next smaller number; -1 when it
 * has run out. */
static int64_t next_tick(int64_t left, int64_t unit_s)
{
	if (left <= 0)
		return -1;
	int64_t shown = (left + 999) / 1000, next = shown / unit_s * unit_s - 1;
	return next < 0 ? left + 1 : left - next * 1000 + 1;
}

/* How long the screen may sleep (-1: until news): the next second of a
 * running clock or of a countdown it shows, a retry, the time a server
 * that does not answer is given up, the minute's ping (client_proto.c). */
static int due_ms(const play *p, const netplay *np)
{
	int64_t now = online_now_ms(), due = -1, t;
#define SOON(x) do { t = (x); if (t >= 0 && (due < 0 || t < due)) due = t; } while (0)
	if (np->lost) {
		SOON(np->retry_at - now > 0 ? np->retry_at - now : 0);
		SOON(next_tick(np->give_up_at - now + 1, 1));   /* (shown rounded down) */
	} else if (np->on->fd >= 0) {
		SOON(np->on->sent_at + 60000 - now + 1 > 0 ? np->on->sent_at + 60000 - now + 1 : 0);
		if (np->on->npending)
			SOON(np->on->pending_at[0] + STALL_MS - now + 1 > 0
			     ? np->on->pending_at[0] + STALL_MS - now + 1 : 0);
	}
	int side = to_move(p);
	if (online_clock_running(np)) {
		int64_t left = np->left[side] - (now - np->left_at);
		SOON(next_tick(left, np->clock_days && (left + 999) / 1000 >= 86400 ? 60 : 1));
	}
	for (int s = 0; s < 2; s++)
		if (np->away[s])
			SOON(next_tick(np->claim_at[s] - now, 1));
#undef SOON
	return due < 0 ? -1 : due > 60000 ? 60000 : (int)due;
}

/* Read the server's news and act on it; then sleep until more news (the
 * socket wakes the wait) or what is due. */
static int poll(play *p, void *self, int *wait_ms)
{
	netplay *np = self;
	*wait_ms = -1;
	if (np->lost) {
		if (np->give_up_at && online_now_ms() >= np->give_up_at) {
			play_say(p, R_MSG, "%s", _("The server did not come back."));
			return PLAY_MENU;
		}
		if (online_now_ms() >= np->retry_at)
			retry(p);
		*wait_ms = due_ms(p, np);
		return -1;
	}
	int st, gone;
	do {
		st = online_read(np->on);
		gone = st < 0;
		online_ev ev;
		while (online_next(np->on, &ev)) {
			int r = handle(p, &ev);
			if (r >= 0)
				return r;
		}
	} while (st == 1);
	/* a server that stopped answering is as good as gone */
	if (gone || online_stalled(np->on, STALL_MS))
		lost(p);
	*wait_ms = due_ms(p, np);
	return -1;
}

static int wait_fd(const play *p, void *self)
{
	const netplay *np = self;
	(void)p;
	return np->lost ? -1 : np->on->fd;
}

/* ------------------------------------------------------- what one does */

/* The player's whole turn was chosen: send it. */
static int moved(play *p, void *self, ng_move m)
{
	netplay *np = self;
	char mv[NG_MOVE_TEXT];
	int ply = ng_game_ply(p->g);
	ng_move_format(ng_game_pos_at(p->g, ply - 1), m, mv);
	/* played on the screen already: the mover's clock stops now */
	charge(np, ng_pos_side(ng_game_pos_at(p->g, ply - 1)),
	       (int64_t)np->clock_inc * 1000);
	if (online_send(np->on, OC_MOVE, "move %s", mv) < 0)
		lost(p);
	offers_lapse(p, np);
	if (ng_game_result(p->g) != NG_NONE)
		game_over(p, ng_game_result(p->g), "rules");
	return 0;
}

/* u: the player's own moves can be taken back: ask the opponent. */
static void undo(play *p, void *self)
{
	netplay *np = self;
	if (p->who.human < 0 || np->over || p->ph == PH_OVER || np->lost) {
		play_say(p, R_MSG, "%s", _("There is nothing to take back."));
		return;
	}
	online_send(np->on, OC_OTHER, "takeback");
	if (np->offer_tb >= 0 && np->offer_tb != p->who.human)
		play_say(p, R_NORMAL, "%s", _("You agree to take the moves back."));
	else
		play_say(p, R_NORMAL, _("You asked %s to let you take your last move back."),
		         online_seat_name(np, !p->who.human));
}

/* The text line of a chat message: typed on the message line. */
static void chat(play *p, netplay *np)
{
	char text[NET_CHAT_MAX + 1];
	const char *said[CHAT_LINES];
	for (int i = 0; i < np->nchat; i++)
		said[i] = np->chat[i];
	play_render(p);
	if (chatline_run(_("Say: "), said, np->nchat, text, sizeof text) <= 0) {
		play_relayout(p);
		return;
	}
	/* "/ignore NAME" and "/unignore NAME": that player's chat is hidden,
	 * or shown again (the server's lists, nonaga(6) ONLINE) */
	char name[NET_NAME_MAX + 1];
	int un = !strncmp(text, "/unignore ", 10);
	if ((un || !strncmp(text, "/ignore ", 8)) &&
	    sscanf(text + (un ? 10 : 8), "%32s", name) == 1 && net_name_ok(name)) {
		online_send(np->on, OC_OTHER, "%s %s", un ? "unignore" : "ignore", name);
		play_say(p, R_NORMAL, un ? _("You see what %s says again.")
		                         : _("You no longer see what %s says."), name);
	} else {
		online_send(np->on, OC_OTHER, "chat %s", text);
	}
	play_relayout(p);
}

static int answer(play *p, void *self, int what);

static void ask(play *p, int what)
{
	play_ask(p, what, what == Q_RESIGN ? _("Resign this game? (y/n)")
	         : _("Leave the game? Your seat is kept for you to come back. (y/n)"));
}

/* A key that online play handles itself (chat, draw, resign, claim;
 * what does not go online: redo, a new game, hints). */
static int key(play *p, void *self, const event *ev, int *leave)
{
	netplay *np = self;
	/* a game to leave with a question: ours, on, and the server there */
	int seated = p->who.human >= 0, on = seated && !np->over && p->ph != PH_OVER && !np->lost;
	switch (ev->act) {
	case ACT_QUIT: case ACT_MENU:
		np->leave_to = ev->act == ACT_QUIT ? PLAY_QUIT : PLAY_MENU;
		if (on)
			ask(p, Q_LEAVE);
		else
			*leave = answer(p, np, Q_LEAVE);
		return 1;
	case ACT_NEW:
		play_say(p, R_MSG, "%s", _("Online, a new game is hosted from the lobby (m)."));
		return 1;
	case ACT_REDO:
		play_say(p, R_MSG, "%s", _("Online, moves are taken back only by agreement, "
		                           "and not played again."));
		return 1;
	case ACT_HINT:
		play_say(p, R_MSG, "%s", _("There are no hints in online games."));
		return 1;
	case ACT_OTHER:
		break;
	default:
		return 0;
	}
	switch (ev->key) {
	case 'c': case 'C':
		chat(p, np);
		return 1;
	case 'd': case 'D':
		if (!on)
			return 1;
		online_send(np->on, OC_OTHER, "draw");
		play_say(p, R_NORMAL, np->offer_draw >= 0 && np->offer_draw != p->who.human
		         ? _("You accept the draw.") : _("You offer a draw."));
		return 1;
	case 'f': case 'F':
		if (on)
			ask(p, Q_RESIGN);
		return 1;
	case 'w': case 'W': {
		int op = !p->who.human;
		if (!on || !np->away[op]) {
			play_say(p, R_MSG, "%s", _("The win can be claimed only when the opponent "
			                           "has been away for a while."));
			return 1;
		}
		online_send(np->on, OC_OTHER, "claim");
		return 1;
	}
	default:
		return 0;
	}
}

/* Yes to a question: resign, or leave. */
static int answer(play *p, void *self, int what)
{
	netplay *np = self;
	if (what == Q_RESIGN) {
		online_send(np->on, OC_OTHER, "resign");
		return -1;
	}
	/* leaving: the seat stays ours on the server */
	if (!np->lost)
		online_send(np->on, OC_OTHER, "leave");
	if (p->who.human >= 0 && !np->over && p->ph != PH_OVER && np->on->game[0] &&
	    !np->on->challenge)   /* (else the lobby says the challenge) */
		/* TRANSLATORS: said on leaving a game online: how to come back
		   (%s: the game's name, twice). */
		snprintf(np->on->note, sizeof np->on->note,
		         _("The game %s is kept: nonaga --join %s, or Resume in the lobby."),
		         np->on->game, np->on->game);
	return np->leave_to;
}

static const other_ops online_ops = {
	.ready = ready,
	.poll = poll,
	.wait_fd = wait_fd,
	.moved = moved,
	.key = key,
	.allows = play_allows_nothing,
	.undo = undo,
	.answer = answer,
	.panel = online_panel,
	.free = netplay_free,
};

/* An online game: the first answer (to host, join or watch) and its sync
 * come through poll. */
int play_online(const options *opt, const lineup *s, struct online *on)
{
	ng_game *g = ng_game_new(s->rules);
	netplay *np = netplay_new(on);
	if (!g || !np) {
		ng_game_free(g);
		free(np);
		return PLAY_QUIT;
	}
	lineup who = *s;
	who.mode = MODE_ONLINE;   /* the server says who is who */
	who.human = -1;
	play P;
	play *p = &P;
	play_init(p, opt, &who, g, (other_side){ &online_ops, np });
	play_enter_turn(p);          /* the other side's: the server's */
	int result = play_run_screen(p);
	ng_game_free(g);
	return result;
}
