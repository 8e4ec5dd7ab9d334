/*
 * play_online_panel.c - the panel of an online game (other_ops.panel,
 * game_screen.h): the header with each seat's player, rating and clock,
 * the turn or the end in words, what the player waits for, the
 * connection's state, and the keys that act now.
 */
#include "play_online.h"
#include <stdio.h>
#include <string.h>

static void clock_text(const netplay *np, int side, int running, char *out, size_t size)
{
	int64_t left = np->left[side];
	if (running)
		left -= online_now_ms() - np->left_at;
	online_clock_text(left, np->clock_days, out, size);
}

/* The end as a sentence: who lost how, and who won (w, the winner). */
static const char *end_text(const char *how, int w)
{
	int red = w == NG_RED;
	if (!strcmp(how, "resign"))
		return red ? _("Blue resigned: Red wins.") : _("Red resigned: Blue wins.");
	if (!strcmp(how, "time"))
		return red ? _("Blue ran out of time: Red wins.") : _("Red ran out of time: Blue wins.");
	if (!strcmp(how, "abandon"))
		return red ? _("Blue left and did not come back: Red wins.")
		           : _("Red left and did not come back: Blue wins.");
	return red ? _("Red wins!") : _("Blue wins!");
}

/* The keys line: only the keys that act now.  Over: no take back, draw
 * or resign any more, chat goes on; the opponent's turn: nothing to
 * choose, and w once the opponent is away; no opponent yet: nothing to
 * take back, offer or resign. */
static const char *keys_text(const play *p, const netplay *np, int side)
{
	if (p->who.human < 0 || p->ph == PH_OVER || np->over)
		return _("c chat, ? help, m lobby, q leave");
	if (p->ph != PH_THEIRS)
		return _("arrows, Enter, Esc back, u take back, d draw, f resign, "
		         "c chat, ? help, q leave");
	if (!np->red[0] || !np->blue[0])
		return _("c chat, ? help, q leave");
	if (np->away[side] && np->claim_at[side] <= online_now_ms())
		return _("w claim the win, u take back, d draw, f resign, c chat, ? help, "
		         "q leave");
	return _("u take back, d draw, f resign, c chat, ? help, q leave");
}

/* The panel's lines of an online game: header, turn, hint, keys. */
void online_panel(const play *p, void *self, panel_text *t)
{
	const netplay *np = self;
	int side = to_move(p);
	int running = online_clock_running(np);
	char who[2][NET_NAME_MAX + 112];
	for (int s = 0; s < 2; s++) {
		char clk[32] = "";
		if (np->clock_min)
			clock_text(np, s, running && s == side, clk, sizeof clk);
		const char *name = (s == NG_RED ? np->red : np->blue)[0] ? online_seat_name(np, s)
		                   /* TRANSLATORS: a seat nobody has taken yet. */
		                   : _("open seat");
		char rated[24] = "";
		if (np->rating[s][0] && (s == NG_RED ? np->red : np->blue)[0])
			snprintf(rated, sizeof rated, " (%s)", np->rating[s]);
		snprintf(who[s], sizeof who[s], "%s %s%s%s%s%s%s", G->token[s], name, rated,
		         s == p->who.human ? _(" (you)") : "", clk[0] ? " " : "", clk,
		         np->away[s] ? _(" (away)") : "");
	}
	/* TRANSLATORS: the header of an online game: the game's name, then
	   each side's token, player, clock. */
	snprintf(t->header, sizeof t->header, _("online %s%s%s%s%s"), np->on->game,
	         G->sep, who[0], G->sep, who[1]);
	if (p->ph == PH_OVER || np->over) {
		ng_result r = np->result != NG_NONE ? np->result : ng_game_result(p->g);
		if (r == NG_DRAW)
			snprintf(t->turn, sizeof t->turn, "%s", !strcmp(np->how, "agreement")
			         ? _("Drawn by agreement.") : _("Drawn."));
		else if (r == NG_NONE)
			snprintf(t->turn, sizeof t->turn, "%s", _("The game was called off."));
		else {
			int w = r == NG_RED_WINS ? NG_RED : NG_BLUE;
			/* the token of the sentence's subject: the loser's when
			   it says how the loser lost */
			int loser_first = !strcmp(np->how, "resign") || !strcmp(np->how, "time") ||
			                  !strcmp(np->how, "abandon");
			snprintf(t->turn, sizeof t->turn, "%s %s", G->token[loser_first ? !w : w],
			         end_text(np->how, w));
		}
		t->turn_role = r == NG_RED_WINS ? R_RED : r == NG_BLUE_WINS ? R_BLUE : R_WIN;
		snprintf(t->hint, sizeof t->hint, "%s",
		         _("m: back to the lobby, q: quit."));
	} else if (p->ph == PH_THEIRS) {
		const char *mover = side == NG_RED ? np->red : np->blue;
		snprintf(t->turn, sizeof t->turn, "%s %s%s%s%s", G->token[side],
		         side == NG_RED ? _("Red to move") : _("Blue to move"),
		         mover[0] ? " (" : "", mover, mover[0] ? ")" : "");
		if (!np->synced) {
			snprintf(t->hint, sizeof t->hint, "%s", _("Waiting for the server..."));
		} else if (!np->red[0] || !np->blue[0]) {
			snprintf(t->hint, sizeof t->hint, _("Waiting for an opponent to join %s."),
			         np->on->game);
		} else if (np->away[side]) {
			int64_t s = (np->claim_at[side] - online_now_ms() + 999) / 1000;
			if (s > 0)
				snprintf(t->hint, sizeof t->hint, _("%s is away: waiting %lld:%02lld."),
				         online_seat_name(np, side), (long long)(s / 60), (long long)(s % 60));
			else
				snprintf(t->hint, sizeof t->hint, p->who.human >= 0
				         ? _("%s is away: w claims the win, or wait.") : _("%s is away."),
				         online_seat_name(np, side));
		} else {
			snprintf(t->hint, sizeof t->hint, p->who.human >= 0 ? _("Waiting for %s's move.")
			         : _("Watching."), online_seat_name(np, side));
		}
	} else {
		/* the player's own turn: the local game's turn line, with "(you)" */
		snprintf(t->turn, sizeof t->turn, "%s %s %s%s%s", G->token[side],
		         side == NG_RED ? _("Red to move") : _("Blue to move"), _("(you)"),
		         G->sep, play_step_name(p));
	}
	if (np->lost && !np->give_up_at) {   /* whatever the phase: the message line says so */
		/* TRANSLATORS: the shared server went away (restarted by the
		   host's administrator); %lld: seconds since. */
		snprintf(t->msg, sizeof t->msg,
		         _("Waiting for this host's shared server to come back (%lld s); q leaves."),
		         (long long)((online_now_ms() - np->lost_at) / 1000));
		t->msg_role = R_MSG;
	} else if (np->lost) {
		int64_t s = (np->give_up_at - online_now_ms()) / 1000;
		snprintf(t->msg, sizeof t->msg,
		         _("The connection to the server is lost; trying again (%lld s left)."),
		         (long long)(s > 0 ? s : 0));
		t->msg_role = R_MSG;
	}
	snprintf(t->keys, sizeof t->keys, "%s", keys_text(p, np, side));
	snprintf(t->keys_short, sizeof t->keys_short, "%s", _("? help, q leave"));
}

