/*
 * lobby_seek.c - the lobby's ways to a game with whoever is there (issue
 * 39): Play now, a clock chosen (the last one first, kept in the
 * settings), then the rules and whether the game is rated (the last
 * chosen first, kept too), `seek CLOCK RULES rated|casual' and a wait that counts the seconds until the
 * server says `paired' (Esc: `unseek'); and the choosers the lobby's
 * Invite... and Challenge... share: a clock, one of those online (marked
 * when a computer or a bot), the server's ratings table.
 */
#include "ui.h"
#include "client_proto.h"
#include "client_mine.h"
#include "lobby_seek.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lobby_clock_words(const char *clock, char *out, size_t size)
{
	int days = atoi(clock);
	if (!strcmp(clock, "none"))
		snprintf(out, size, "%s", _("no clock"));
	else if (days > 0 && clock[strspn(clock, "0123456789")] == 'd')
		snprintf(out, size, days == 1 ? _("1 day a move") : _("%d days a move"), days);
	else
		snprintf(out, size, "%s", clock);
}

const char *lobby_kind_tag(char kind)
{
	/* TRANSLATORS: after a name in the lobby: a computer player of the
	   server. */
	return kind == 'c' ? _(" (computer)")
	       /* TRANSLATORS: after a name in the lobby: a program playing
	          on an account (nonaga --bot). */
	       : kind == 'b' ? _(" (bot)") : "";
}

void lobby_name_shown(const char *name, char kind, char *out, size_t size)
{
	int level = 0, k = 0;
	char about[64];
	if (kind != 'c' || sscanf(name, "computer-%d%n", &level, &k) != 1 || name[k] ||
	    level < NG_LEVEL_MIN || level > NG_LEVEL_MAX) {
		snprintf(out, size, "%s%s", name, lobby_kind_tag(kind));
		return;
	}
	level_about(level, about, sizeof about);
	/* TRANSLATORS: after a computer player's name in the lobby
	   ("computer-7 · level 7"): its level */
	char lv[64];
	snprintf(lv, sizeof lv, _("level %d"), level);
	snprintf(out, size, "%s%s%s%s%s", name, G->sep, lv, about[0] ? G->sep : "", about);
}

void lobby_challenge_text(const online_ev *ev, char *out, size_t size)
{
	char clk[64];
	lobby_clock_words(ev->text, clk, sizeof clk);
	/* TRANSLATORS: in the lobby: who challenges you, the clock,
	   the rules; a and d are keys. */
	snprintf(out, size, _("%s challenges you: %s, %s, rated. a accepts, d declines."),
	         ev->name, clk, ev->rules == NG_SIMPLE ? _("simple rules") : _("standard rules"));
}

int lobby_clock(char *last, size_t size, const char *title, const char *question)
{
	static const char *const common[] = { "1+0", "3+2", "5+3", "10+5", "1d" };
	enum { NCOMMON = sizeof common / sizeof common[0] };
	const char *clock[NCOMMON + 1];
	char words[NCOMMON + 1][64];
	const char *items[NCOMMON + 1];
	int n = 0;
	if (last[0])
		clock[n++] = last;   /* the last used, first */
	for (int i = 0; i < NCOMMON; i++)
		if (strcmp(common[i], last))
			clock[n++] = common[i];
	for (int i = 0; i < n; i++) {
		lobby_clock_words(clock[i], words[i], sizeof words[i]);
		items[i] = words[i];
	}
	int c = choose_run(title, question, items, n, 0);
	if (c < 0)
		return 0;
	char chosen[32];
	snprintf(chosen, sizeof chosen, "%s", clock[c]);
	snprintf(last, size, "%s", chosen);
	return 1;
}

int lobby_choose_player(const lobby_people *ppl, const char *me, const char *title,
                        const char *question, const char *typed, char *who, size_t size)
{
	static char shown[LOBBY_PEOPLE][NET_NAME_MAX + 80];
	const char *items[LOBBY_PEOPLE + 1];
	int at[LOBBY_PEOPLE], n = 0;
	for (int i = 0; i < ppl->n; i++) {
		if (!strcmp(ppl->name[i], me))
			continue;
		lobby_name_shown(ppl->name[i], ppl->kind[i], shown[n], sizeof shown[n]);
		items[n] = shown[n];
		at[n++] = i;
	}
	if (typed)
		items[n] = typed;
	int c = choose_run(title, question, items, n + !!typed, 0);
	if (c < 0)
		return 0;
	if (c == n)
		return 2;
	snprintf(who, size, "%s", ppl->name[at[c]]);
	return 1;
}

/* ------------------------------------------------------------- Play now */

/* Play now's rules and rating, chosen last. */
static ng_rules seek_rules = NG_STANDARD;
static int seek_casual;

void online_seek_terms(ng_rules *rules, int *casual)
{
	*rules = seek_rules;
	*casual = seek_casual;
}

void online_seek_terms_set(ng_rules rules, int casual)
{
	seek_rules = rules == NG_SIMPLE ? NG_SIMPLE : NG_STANDARD;
	seek_casual = !!casual;
}

int lobby_terms(const char *title)
{
	const char *items[4] = {
		/* TRANSLATORS: Play now's choices after the clock: the rules,
		   and whether the game changes the ratings. */
		_("Standard rules, rated"), _("Standard rules, casual (not rated)"),
		_("Simple rules, rated"), _("Simple rules, casual (not rated)") };
	int c = choose_run(title, _("Which rules, and is the game rated?"), items, 4,
	                   seek_rules * 2 + seek_casual);
	if (c < 0)
		return 0;
	online_seek_terms_set(c / 2 ? NG_SIMPLE : NG_STANDARD, c % 2);
	return 1;
}

static void draw_wait(const char *clock, int64_t secs)
{
	if (term_draw_too_small(NULL))
		return;
	erase();
	char line[300], clk[64];
	lobby_clock_words(clock, clk, sizeof clk);
	/* TRANSLATORS: the title of Play now's wait; %s is the clock. */
	snprintf(line, sizeof line, _("Play now: %s"), clk);
	text_line(1, 2, COLS - 2, line, term_attr(R_TITLE));
	/* TRANSLATORS: Play now's wait; the minutes and seconds waited
	   come after it. */
	snprintf(line, sizeof line, "%s%s%lld:%02lld", _("Looking for an opponent"), G->sep,
	         (long long)(secs / 60), (long long)(secs % 60));
	text_line(3, 2, COLS - 2, line, A_NORMAL);
	/* TRANSLATORS: under Play now's wait, one line at 80 columns. */
	text_line(5, 2, COLS - 2, _("You play the first who seeks the same clock, or maybe a "
	                            "computer."), term_attr(R_DIM));
	text_line(LINES - 2, 2, COLS - 2, _("Esc stops looking, q quit"), term_attr(R_DIM));
	refresh();
}

int lobby_pairing_news(online *on, int cmd, char *msg, size_t size)
{
	int st;
	online_ev ev;
	do {
		st = online_read(on);
		while (online_next(on, &ev)) {   /* (what follows is the game's) */
			if (ev.kind == OE_PAIRED)
				return LW_PAIRED;
			if (ev.kind == OE_ERROR && (cmd < 0 || (int)ev.cmd == cmd)) {
				snprintf(msg, size, _("The server says: %s"), ev.text);
				return LW_GONE;
			}
		}
	} while (st == 1);
	return st < 0 || online_stalled(on, 10000) ? LW_LOST : -1;
}

int lobby_seek(online *on, const char *clock, char *msg, size_t size)
{
	msg[0] = 0;
	if (online_send(on, OC_SEEK, "seek %s %s %s", clock, ng_rules_name(seek_rules),
	                seek_casual ? "casual" : "rated") < 0)
		return LW_LOST;
	int64_t start = online_now_ms();
	clearok(curscr, TRUE);
	for (;;) {
		int r = lobby_pairing_news(on, OC_SEEK, msg, size);
		if (r >= 0)
			return r;
		int64_t ms = online_now_ms() - start;
		draw_wait(clock, ms / 1000);
		event in;
		/* awake once a second, for the counter, and at the server's news */
		input_get_sized(&in, (int)(1000 - ms % 1000), on->fd);
		switch (in.act) {
		case ACT_SIGNAL:
			return LW_QUIT;
		case ACT_QUIT:
			online_send(on, OC_OTHER, "unseek");
			return LW_QUIT;
		case ACT_BACK: case ACT_MENU:
			online_send(on, OC_OTHER, "unseek");
			/* TRANSLATORS: the lobby's message after Esc in Play now. */
			snprintf(msg, size, "%s", _("You stopped looking for an opponent."));
			return LW_GONE;
		case ACT_RESIZE: case ACT_REDRAW:
			clearok(curscr, TRUE);
			break;
		default:
			break;
		}
	}
}

/* ------------------------------------------------------------- ratings */

/* The server's ratings table, as `nonaga --ratings' prints it, on a
 * page of its own (asked on a connection of its own, as the lobby's). */
typedef struct rtable {
	char rows[LOBBY_PEOPLE][PAGE_ROW];
	int n;
} rtable;

static int rating_each(void *ctx, const char *me, const char *line)
{
	rtable *t = ctx;
	(void)me;
	return t->n < LOBBY_PEOPLE && client_rating_row(line, t->rows[t->n], PAGE_ROW)
	       ? (t->n++, 1) : 0;
}

void lobby_ratings(const options *opt, char *msg, size_t size)
{
	static rtable t;
	char why[512];
	int absent;
	netclient_opts o = { .server = opt->server, .key_file = opt->key_file,
	                     .as = opt->door_as };
	t.n = 0;
	if (client_query(&o, "ratings", rating_each, &t, &absent,
	                 _("the server cannot list the ratings"), why, sizeof why) < 0) {
		snprintf(msg, size, _("The server says: %s"), why);
		return;
	}
	/* TRANSLATORS: the title of the lobby's ratings table. */
	page_table(_("Ratings on this server, the best first"), client_ratings_heading(),
	           t.rows, t.n, _("Nobody is rated yet: a game is rated when it ends, "
	                          "if each player made at least two moves."));
}
