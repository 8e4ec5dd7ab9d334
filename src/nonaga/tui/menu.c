/*
 * menu.c - the title menu.  The kinds of opponent it offers are kinds.h's,
 * in its rows' order, each doing what its menu column says; the languages
 * it offers are language.c's.
 */
#include "ui.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- menu */

/* What an item is.  The items are laid out once (lay_out): the game
 * waiting and Resume first (at M_WAITING and M_RESUME), then from
 * M_KINDS an item for each kind of opponent, with a computer's settings
 * (Level, Your side) under it, then the rest. */
enum { I_WAITING, I_RESUME, I_KIND, I_LEVEL, I_SIDE, I_PUZZLES, I_RULESET, I_RULES, I_PAST,
       I_LANG, I_QUIT };
enum { M_WAITING, M_RESUME, M_KINDS };
#define ITEMS_MAX (8 + 3 * MODE_COUNT)   /* the fixed 8, a kind and its settings */

typedef struct menu_item {
	int what;           /* I_ */
	start_mode kind;    /* I_KIND's, or the kind I_LEVEL and I_SIDE set */
	int gap;            /* a group begins here: a blank line before it */
	int door_hides;     /* not for the SSH door's guests */
} menu_item;

/* What each kind's item answers (kinds.h's menu column). */
static const int kind_answer[MODE_COUNT] = {
#define KIND_MENU(name, word, label, players, side, menu) [MODE_##name] = menu,
	NONAGA_KINDS(KIND_MENU)
#undef KIND_MENU
};

/* The menu's state while it runs (as lobby.c's and play.c's): what this
 * call shows, and what it keeps from one call to the next. */
typedef struct menu {
	/* The online game where it is your move, as its item says it, or "". */
	const char *waiting;
	/* The first item shown: the online game waiting for your move, and
	 * Resume, only when there are such. */
	int first, resumable;
	/* The SSH door's guests get no games on this machine, no save files,
	 * no past games (and the lobby at once, not a waiting game): the
	 * items door_hides are not shown, but for Play against the computer
	 * when a server is configured (served: the door's is). */
	int door, served;
	/* Blank lines between groups of items: 1, or 0 when the screen is too
	 * short for them. */
	int gaps;
	int sel;        /* the item selected, kept between calls */
	int started;    /* the menu has been shown before */
	int played;     /* the last call started a game */
	menu_item v[ITEMS_MAX];
	int n;          /* the items: v[n - 1] is Quit */
} menu;

static void add(menu *m, int what, start_mode kind, int gap, int door_hides)
{
	if (m->n < ITEMS_MAX)
		m->v[m->n++] = (menu_item){ what, kind, gap, door_hides };
}

static void lay_out(menu *m)
{
	add(m, I_WAITING, MODE_MENU, 0, 1);
	add(m, I_RESUME, MODE_MENU, 0, 1);
	int gap = 1;   /* the kinds are a group; a computer's settings end one */
	for (int k = MODE_MENU + 1; k < MODE_COUNT; k++) {
		int here = kind_answer[k] == MENU_PLAY;   /* a game on this machine */
		add(m, I_KIND, (start_mode)k, gap, here);
		gap = 0;
		if (kind_of((start_mode)k)->players == KIND_COMPUTER) {
			add(m, I_LEVEL, (start_mode)k, 0, 1);
			add(m, I_SIDE, (start_mode)k, 0, 1);
			gap = 1;
		}
	}
	add(m, I_PUZZLES, MODE_MENU, gap, 0);
	add(m, I_RULESET, MODE_MENU, 1, 1);
	add(m, I_RULES, MODE_MENU, 0, 0);
	add(m, I_PAST, MODE_MENU, 0, 1);
	add(m, I_LANG, MODE_MENU, 0, 0);
	add(m, I_QUIT, MODE_MENU, 0, 0);
}

static const char *label(const menu *m, int i)
{
	switch (m->v[i].what) {
	case I_WAITING: return m->waiting;
	case I_RESUME: return _("Resume the saved game");
	case I_KIND: return _(kind_of(m->v[i].kind)->label);
	case I_LEVEL: return _("Level");
	case I_SIDE: return _("Your side");
	case I_PUZZLES: {
		static char buf[128];
		int solved, total;
		puzzle_progress(&solved, &total);
		/* TRANSLATORS: the puzzles solved and how many there are. */
		snprintf(buf, sizeof buf, _("Puzzles (%d/%d solved)"), solved, total);
		return buf;
	}
	case I_RULESET: return _("Rule set");
	case I_RULES: return _("How to play");
	case I_PAST: return _("Past games");
	case I_LANG: return _("Language");
	default: return _("Quit");
	}
}

/* What a level is like, for the line under the menu. */
static const char *level_text(int level)
{
	static const char *const text[NG_LEVEL_MAX + 1] = {
		NULL,
		N_("Level 1 plays like the original web game: one move ahead, at once."),
		N_("Level 2 looks one move ahead; a third of its moves are random."),
		N_("Level 3 looks one move ahead, with some randomness."),
		N_("Level 4 looks one move ahead and sees your threats."),
		N_("Level 5 looks two moves ahead; a few of its moves are random."),
		N_("Level 6 looks two moves ahead; one move in twenty is random."),
		N_("Level 7 looks two moves ahead, in a few hundredths of a second."),
		N_("Level 8 looks three moves ahead (about 0.1 s); one move in ten is random."),
		N_("Level 9 looks three moves ahead, in about 0.1 s a move."),
		N_("Level 10 thinks up to 5 s a move, four or five moves ahead."),
	};
	return level >= NG_LEVEL_MIN && level <= NG_LEVEL_MAX ? _(text[level]) : "";
}

void level_about(int level, char *out, size_t size)
{
	int r, rd;
	if (ng_level_rating(level, &r, &rd) != NG_OK) {
		snprintf(out, size, "%s", "");
		return;
	}
	/* TRANSLATORS: a computer level's rating, rounded: "about 1740" */
	snprintf(out, size, _("about %d"), (r + 5) / 10 * 10);
}

static int has_value(int what)
{
	return what == I_LEVEL || what == I_SIDE || what == I_RULESET || what == I_LANG;
}

/* A computer's settings stand indented under its item. */
static int indent_of(int what)
{
	return what == I_LEVEL || what == I_SIDE ? 2 : 0;
}

static void value(const lineup *s, int what, char *buf, size_t n)
{
	switch (what) {
	case I_LEVEL: {
		char about[64];
		level_about(s->level, about, sizeof about);
		snprintf(buf, n, "%d%s%s", s->level, about[0] ? G->sep : "", about);
		break;
	}
	case I_SIDE:
		snprintf(buf, n, "%s", s->human < 0 ? _("random") :
		         s->human == NG_RED ? _("Red") : _("Blue"));
		break;
	case I_RULESET:
		snprintf(buf, n, "%s", s->rules == NG_STANDARD ? _("standard") : _("simple"));
		break;
	case I_LANG:
		snprintf(buf, n, "%s", language_label(language_index()));
		break;
	default:
		buf[0] = 0;
	}
}

/* Change a setting: NULL, or why the language chosen is not shown. */
static const char *change(lineup *s, int what, int d)
{
	switch (what) {
	case I_LEVEL:
		s->level += d;
		if (s->level < NG_LEVEL_MIN) s->level = NG_LEVEL_MAX;
		if (s->level > NG_LEVEL_MAX) s->level = NG_LEVEL_MIN;
		break;
	case I_SIDE:
		/* random, Red, Blue */
		s->human = (s->human + 1 + (d > 0 ? 1 : 2)) % 3 - 1;
		break;
	case I_RULESET:
		s->rules = s->rules == NG_STANDARD ? NG_SIMPLE : NG_STANDARD;
		break;
	case I_LANG:
		return language_choose((language_index() + (d > 0 ? 1 : language_count() - 1))
		                       % language_count());
	default:
		break;
	}
	return NULL;
}

/* Is item i a kind of a computer opponent's (KIND_COMPUTER)? */
static int computer_kind(const menu *m, int i)
{
	return m->v[i].what == I_KIND && kind_of(m->v[i].kind)->players == KIND_COMPUTER;
}

static int shown(const menu *m, int i)
{
	return i >= m->first && i < m->n && (i != M_RESUME || m->resumable) &&
	       !(m->door && m->v[i].door_hides && !(m->served && computer_kind(m, i)));
}

/* Play against the computer: here (MENU_PLAY), the server's computers
 * (MENU_COMPUTER: at the door at once, else when a server is configured and
 * the player chooses so), or -1 (Esc: the menu goes on). */
static int where_computer(const menu *m, start_mode k)
{
	if (m->door)
		return MENU_COMPUTER;
	if (!m->served)
		return MENU_PLAY;
	const char *items[2] = {
		/* TRANSLATORS: where to play against the computer: the
		   computer of the title menu's Level, on this machine. */
		_("On this computer (unrated)"),
		/* TRANSLATORS: where to play against the computer: a computer
		   player of the online server, as in the lobby. */
		_("On the server (rated or casual)") };
	int c = choose_run(_(kind_of(k)->label), _("Where? The server's computer players "
	                   "have ratings; a game against them changes yours unless you "
	                   "choose casual."), items, 2, 0);
	clearok(curscr, TRUE);
	erase();
	return c < 0 ? -1 : c ? MENU_COMPUTER : MENU_PLAY;
}

/* The item shown next after item in direction d (1 or -1); at an end,
 * round to the other (wrap) or item itself. */
static int step(const menu *m, int item, int d, int wrap)
{
	for (int i = item + d;; i += d) {
		if (i < 0 || i >= m->n) {
			if (!wrap)
				return item;
			i = d > 0 ? -1 : m->n;   /* (then i += d) */
			continue;
		}
		if (shown(m, i) || i == item)
			return i;
	}
}

/* The line under the menu: what Enter does on the item selected, and on
 * a setting what it is. */
static const char *footer(const lineup *s, int what)
{
	static char buf[600];
	switch (what) {
	case I_LEVEL:
		snprintf(buf, sizeof buf, "%s %s", level_text(s->level),
		         _("Left and right change the level; Enter plays against "
		           "the computer."));
		return buf;
	case I_SIDE:
		return _("Left and right choose your side (random, Red or Blue; Red "
		         "moves first); Enter plays against the computer.");
	case I_RULESET:
		return _("Simple rules: any empty disc may be taken. Standard: only "
		         "a free one, and not the one just moved. Left, right or "
		         "Enter change the rule set.");
	case I_LANG:
		return _("Left, right or Enter change the language.");
	default:
		return _("Up and down choose, left and right change a setting, "
		         "Enter starts, ? shows the keys, q quits.");
	}
}

/* Screen rows of the items, to draw them and to find clicks. */
static int item_row(const menu *m, int top, int item)
{
	int row = top;
	for (int i = m->first; i < item; i++)
		row += shown(m, i);
	for (int g = M_KINDS; g < m->n; g++) {   /* (a group shows its gap after anything) */
		int before = 0;
		for (int i = m->first; i < g && m->v[g].gap; i++)
			before |= shown(m, i);
		row += m->gaps * (before && item >= g);
	}
	return row;
}

static void draw(menu *m, const lineup *s, const char *notice,
                 int *top_out, int *x_out)
{
	int sel = m->sel;
	/* Everything: the title, a subtitle, a blank, the items with blank
	 * lines between groups, a blank, two lines of keys.  On a short
	 * screen (48x14 with Resume) the blanks and the subtitle go, so that
	 * every item stays on the screen. */
	m->gaps = 1;
	int full = 3 + item_row(m, 0, m->n - 1) + 1 + 3;
	m->gaps = LINES >= full;
	int top = m->gaps ? (LINES - full) / 2 : 0;
	char title[256];
	snprintf(title, sizeof title, "%s %s %s   N O N A G A   %s %s %s",
	         G->token[NG_RED], G->disc, G->token[NG_BLUE],
	         G->token[NG_BLUE], G->disc, G->token[NG_RED]);
	for (int y = 0; y < top; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
	int w = text_width(title);
	text_line(top, 0, COLS, "", A_NORMAL);
	text_put(top, (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0, COLS, title, term_attr(R_TITLE));
	if (m->gaps) {
		const char *sub = _("tokens on moving discs");
		w = text_width(sub);
		text_line(top + 1, 0, COLS, "", A_NORMAL);
		text_put(top + 1, (COLS - w) / 2 > 0 ? (COLS - w) / 2 : 0, COLS, sub, A_NORMAL);
		text_line(top + 2, 0, COLS, "", A_NORMAL);
	}

	int lw = 0;
	for (int i = m->first; i < m->n; i++) {
		if (!shown(m, i) || i == M_WAITING)
			continue;   /* (the waiting game's line may be longer) */
		int iw = text_width(label(m, i)) + indent_of(m->v[i].what);
		if (iw > lw)
			lw = iw;
	}
	int boxw = lw + 4 + 24;
	if (boxw > COLS - 2)
		boxw = COLS - 2;
	int x = (COLS - boxw) / 2;
	if (x < 2)
		x = 2;
	int itop = top + (m->gaps ? 3 : 1);
	for (int y = itop; y < item_row(m, itop, m->n - 1) + 1; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
	for (int i = m->first; i < m->n; i++) {
		if (!shown(m, i))
			continue;
		int y = item_row(m, itop, i);
		attr_t a = i == sel ? term_attr(R_CURSOR) | A_BOLD : A_NORMAL;
		int indent = indent_of(m->v[i].what);
		text_put(y, x + indent - 2, 1, i == sel ? G->more_right : " ", term_attr(R_SEL));
		char line[300], v[128];
		value(s, m->v[i].what, v, sizeof v);
		if (has_value(m->v[i].what)) {
			char vv[200];
			snprintf(vv, sizeof vv, "%s %s %s", G->level_less, v, G->level_more);
			int used = text_put(y, x + indent, boxw - indent, label(m, i), a);
			int vx = x + lw + 4;
			if (x + indent + used < vx && vx < COLS - 1) {
				mvhline(y, x + indent + used, ' ' | a, vx - (x + indent + used));
				text_put(y, vx, COLS - vx - 1, vv, a);
			}
		} else {
			snprintf(line, sizeof line, "%s", label(m, i));
			text_put(y, x + indent, i == M_WAITING ? COLS - x - 1 : boxw - indent, line,
			         i == M_WAITING && i != sel ? a | term_attr(R_MSG) : a);
		}
	}
	int last = item_row(m, itop, m->n - 1);
	int fy = last + 1 + m->gaps;
	for (int y = last + 1; y < LINES; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
	if (notice && notice[0] && fy < LINES)
		fy += text_block(fy, 2, COLS - 4, LINES - fy, notice,
		                 term_attr(R_MSG)) + 1;
	if (fy < LINES)
		fy += text_block(fy, 2, COLS - 4, LINES - fy, footer(s, m->v[sel].what),
		                 m->v[sel].what == I_LEVEL ? A_NORMAL : term_attr(R_DIM));
	/* the version in the corner, where it covers nothing */
	char ver[64];
	snprintf(ver, sizeof ver, "%s", NG_VERSION);
	if (fy < LINES && last < LINES - 1)
		text_put(LINES - 1, COLS - text_width(ver) - 1, text_width(ver), ver,
		         term_attr(R_DIM));
	*top_out = itop;
	*x_out = x;
}

/* Enter (or a click) on the item selected: the menu's answer, or -1 when
 * the menu goes on (a setting changed, a page shown, nothing to do). */
static int chosen(menu *m, lineup *s, const char **notice)
{
	const char *why;
	switch (m->v[m->sel].what) {
	case I_WAITING:
		return MENU_WAITING;
	case I_RESUME:
		m->played = 1;
		return MENU_RESUME;
	case I_KIND: case I_LEVEL: case I_SIDE: {
		start_mode k = m->v[m->sel].kind;
		int a = kind_of(k)->players == KIND_COMPUTER ? where_computer(m, k) : kind_answer[k];
		if (a < 0 || a == MENU_COMPUTER)
			return a;
		if (kind_answer[k] == MENU_PLAY) {   /* a game here of that kind */
			s->mode = k;
			m->played = 1;
		}
		return kind_answer[k];
	}
	case I_RULESET: case I_LANG:
		if ((why = change(s, m->v[m->sel].what, 1)))
			*notice = why;
		return -1;
	case I_RULES:
		page_rules();
		return -1;
	case I_PAST:
		return MENU_PAST;
	case I_PUZZLES:
		return MENU_PUZZLES;
	case I_QUIT:
		return MENU_QUIT;
	}
	return -1;
}

int menu_run(lineup *s, int can_resume, const char *game_waiting, int door, int served,
             const char *notice)
{
	static menu M = { .sel = M_KINDS };
	menu *m = &M;
	if (!m->n)
		lay_out(m);
	m->waiting = game_waiting && !door ? game_waiting : "";
	m->resumable = can_resume && !door;
	m->door = door;
	m->served = served;
	m->first = m->waiting[0] ? M_WAITING : m->resumable ? M_RESUME : M_KINDS;
	/* the program starts on the game waiting for you, or on Resume, and
	 * the menu is on Resume after a game that is left in progress (m);
	 * otherwise it keeps its place (one that went: the first) */
	if (!m->started && m->first < M_KINDS)
		m->sel = m->first;
	else if (m->played && m->resumable)
		m->sel = M_RESUME;
	else if (!shown(m, m->sel))
		m->sel = step(m, m->n - 1, 1, 1);   /* the first shown */
	m->started = 1;
	m->played = 0;
	int itop = 0, x = 0;
	const char *why;
	erase();
	for (;;) {
		if (!term_draw_too_small(NULL))
			draw(m, s, notice, &itop, &x);
		event ev;
		input_get_sized(&ev, -1, -1);
		switch (ev.act) {
		case ACT_SIGNAL:
			return MENU_QUIT;
		case ACT_RESIZE:
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			erase();
			break;
		/* up and down stop at the ends, so that a press too many
		 * never lands on Quit; Tab and Shift-Tab go round */
		case ACT_UP:
			m->sel = step(m, m->sel, -1, 0);
			break;
		case ACT_DOWN:
			m->sel = step(m, m->sel, 1, 0);
			break;
		case ACT_PREV:
			m->sel = step(m, m->sel, -1, 1);
			break;
		case ACT_NEXT:
			m->sel = step(m, m->sel, 1, 1);
			break;
		case ACT_LEFT:
		case ACT_RIGHT:
			if (has_value(m->v[m->sel].what))
				if ((why = change(s, m->v[m->sel].what, ev.act == ACT_RIGHT ? 1 : -1)))
					notice = why;
			break;
		case ACT_HELP:
			page_menu_help();
			break;
		case ACT_QUIT:
			return MENU_QUIT;
		case ACT_BACK:
			/* nothing to go back to: Esc goes to Quit, so that it
			 * quits only with Enter after it, never by accident */
			m->sel = m->n - 1;
			break;
		case ACT_CLICK:
			for (int i = m->first; i < m->n; i++)
				if (shown(m, i) && ev.y == item_row(m, itop, i) && ev.x >= x - 2) {
					m->sel = i;
					ev.act = ACT_SELECT;
				}
			if (ev.act != ACT_SELECT)
				break;
			if (has_value(m->v[m->sel].what)) {   /* a click on a setting changes it */
				if ((why = change(s, m->v[m->sel].what, 1)))
					notice = why;
				break;
			}
			/* fall through */
		case ACT_SELECT: {
			int a = chosen(m, s, &notice);
			if (a >= 0)
				return a;
			break;
		}
		default:
			break;
		}
	}
}
