/*
 * menu.c - the title menu.  The languages it offers are language.c's.
 */
#include "ui.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- menu */

enum { M_WAITING, M_RESUME, M_AI, M_LEVEL, M_SIDE, M_PVP, M_ONLINE, M_PUZZLES, M_RULESET, M_RULES,
       M_PAST, M_LANG, M_QUIT, M_COUNT };

/* The menu's state while it runs (as lobby.c's and play.c's): what this
 * call shows, and what it keeps from one call to the next. */
typedef struct menu {
	/* The online game where it is your move, as its item says it, or "". */
	const char *waiting;
	/* The first item shown: the online game waiting for your move, and
	 * Resume, only when there are such. */
	int first, resumable;
	/* Items not shown (bits): the SSH door's guests get no local games, no
	 * save files, no past games (and the lobby at once, not a waiting
	 * game). */
	unsigned hidden;
	/* Blank lines between groups of items: 1, or 0 when the screen is too
	 * short for them. */
	int gaps;
	int sel;        /* the item selected, kept between calls */
	int started;    /* the menu has been shown before */
	int played;     /* the last call started a game */
} menu;

static const char *label(const menu *m, int item)
{
	switch (item) {
	case M_WAITING: return m->waiting;
	case M_RESUME: return _("Resume the saved game");
	case M_AI: return _(kind_of(MODE_AI)->label);
	case M_LEVEL: return _("Level");
	case M_SIDE: return _("Your side");
	case M_PVP: return _(kind_of(MODE_PVP)->label);
	case M_ONLINE: return _(kind_of(MODE_ONLINE)->label);
	case M_PUZZLES: {
		static char buf[128];
		int solved, total;
		puzzle_progress(&solved, &total);
		/* TRANSLATORS: the puzzles solved and how many there are. */
		snprintf(buf, sizeof buf, _("Puzzles (%d/%d solved)"), solved, total);
		return buf;
	}
	case M_RULESET: return _("Rule set");
	case M_RULES: return _("How to play");
	case M_PAST: return _("Past games");
	case M_LANG: return _("Language");
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

static int has_value(int item)
{
	return item == M_LEVEL || item == M_SIDE || item == M_RULESET || item == M_LANG;
}

static void value(const lineup *s, int item, char *buf, size_t n)
{
	switch (item) {
	case M_LEVEL:
		snprintf(buf, n, "%d", s->level);
		break;
	case M_SIDE:
		snprintf(buf, n, "%s", s->human < 0 ? _("random") :
		         s->human == NG_RED ? _("Red") : _("Blue"));
		break;
	case M_RULESET:
		snprintf(buf, n, "%s", s->rules == NG_STANDARD ? _("standard") : _("simple"));
		break;
	case M_LANG:
		snprintf(buf, n, "%s", language_label(language_index()));
		break;
	default:
		buf[0] = 0;
	}
}

/* Change a setting: NULL, or why the language chosen is not shown. */
static const char *change(lineup *s, int item, int d)
{
	switch (item) {
	case M_LEVEL:
		s->level += d;
		if (s->level < NG_LEVEL_MIN) s->level = NG_LEVEL_MAX;
		if (s->level > NG_LEVEL_MAX) s->level = NG_LEVEL_MIN;
		break;
	case M_SIDE:
		/* random, Red, Blue */
		s->human = (s->human + 1 + (d > 0 ? 1 : 2)) % 3 - 1;
		break;
	case M_RULESET:
		s->rules = s->rules == NG_STANDARD ? NG_SIMPLE : NG_STANDARD;
		break;
	case M_LANG:
		return language_choose((language_index() + (d > 0 ? 1 : language_count() - 1))
		                       % language_count());
	default:
		break;
	}
	return NULL;
}

/* The items the SSH door hides (menu.hidden). */
#define DOOR_HIDES (1u << M_WAITING | 1u << M_RESUME | 1u << M_AI | 1u << M_LEVEL | \
	1u << M_SIDE | 1u << M_PVP | 1u << M_RULESET | 1u << M_PAST)

static int shown(const menu *m, int item)
{
	return item >= m->first && item < M_COUNT && (item != M_RESUME || m->resumable) &&
	       !(m->hidden >> item & 1);
}

/* The item shown next after item in direction d (1 or -1); at an end,
 * round to the other (wrap) or item itself. */
static int step(const menu *m, int item, int d, int wrap)
{
	for (int i = item + d;; i += d) {
		if (i < 0 || i >= M_COUNT) {
			if (!wrap)
				return item;
			i = d > 0 ? -1 : M_COUNT;   /* (then i += d) */
			continue;
		}
		if (shown(m, i) || i == item)
			return i;
	}
}

/* The line under the menu: what Enter does on the item selected, and on
 * a setting what it is. */
static const char *footer(const lineup *s, int sel)
{
	static char buf[600];
	switch (sel) {
	case M_LEVEL:
		snprintf(buf, sizeof buf, "%s %s", level_text(s->level),
		         _("Left and right change the level; Enter plays against "
		           "the computer."));
		return buf;
	case M_SIDE:
		return _("Left and right choose your side (random, Red or Blue; Red "
		         "moves first); Enter plays against the computer.");
	case M_RULESET:
		return _("Simple rules: any empty disc may be taken. Standard: only "
		         "a free one, and not the one just moved. Left, right or "
		         "Enter change the rule set.");
	case M_LANG:
		return _("Left, right or Enter change the language.");
	default:
		return _("Up and down choose, left and right change a setting, "
		         "Enter starts, ? shows the keys, q quits.");
	}
}

/* Screen rows of the items, to draw them and to find clicks. */
static int item_row(const menu *m, int top, int item)
{
	static const int groups[] = { M_AI, M_PVP, M_RULESET };
	int row = top;
	for (int i = m->first; i < item; i++)
		row += shown(m, i);
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
		int before = 0;
		for (int i = m->first; i < groups[g]; i++)
			before |= shown(m, i);
		row += m->gaps * (before && item >= groups[g]);
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
	int full = 3 + item_row(m, 0, M_COUNT - 1) + 1 + 3;
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
	for (int i = m->first; i < M_COUNT; i++) {
		if (!shown(m, i) || i == M_WAITING)
			continue;   /* (the waiting game's line may be longer) */
		int iw = text_width(label(m, i)) + (i == M_LEVEL || i == M_SIDE ? 2 : 0);
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
	for (int y = itop; y < item_row(m, itop, M_COUNT - 1) + 1; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
	for (int i = m->first; i < M_COUNT; i++) {
		if (!shown(m, i))
			continue;
		int y = item_row(m, itop, i);
		attr_t a = i == sel ? term_attr(R_CURSOR) | A_BOLD : A_NORMAL;
		int indent = i == M_LEVEL || i == M_SIDE ? 2 : 0;
		text_put(y, x + indent - 2, 1, i == sel ? G->more_right : " ", term_attr(R_SEL));
		char line[300], v[128];
		value(s, i, v, sizeof v);
		if (has_value(i)) {
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
	int last = item_row(m, itop, M_COUNT - 1);
	int fy = last + 1 + m->gaps;
	for (int y = last + 1; y < LINES; y++)
		text_line(y, 0, COLS, "", A_NORMAL);
	if (notice && notice[0] && fy < LINES)
		fy += text_block(fy, 2, COLS - 4, LINES - fy, notice,
		                 term_attr(R_MSG)) + 1;
	if (fy < LINES)
		fy += text_block(fy, 2, COLS - 4, LINES - fy, footer(s, sel),
		                 sel == M_LEVEL ? A_NORMAL : term_attr(R_DIM));
	/* the version in the corner, where it covers nothing */
	char ver[64];
	snprintf(ver, sizeof ver, "%s", NG_VERSION);
	if (fy < LINES && last < LINES - 1)
		text_put(LINES - 1, COLS - text_width(ver) - 1, text_width(ver), ver,
		         term_attr(R_DIM));
	*top_out = itop;
	*x_out = x;
}

int menu_run(lineup *s, int can_resume, const char *game_waiting, int door,
             const char *notice)
{
	static menu M = { .sel = M_AI };
	menu *m = &M;
	m->waiting = game_waiting && !door ? game_waiting : "";
	m->resumable = can_resume && !door;
	m->hidden = door ? DOOR_HIDES : 0;
	m->first = m->waiting[0] ? M_WAITING : m->resumable ? M_RESUME : M_AI;
	/* the program starts on the game waiting for you, or on Resume, and
	 * the menu is on Resume after a game that is left in progress (m);
	 * otherwise it keeps its place (one that went: the first) */
	if (!m->started && m->first < M_AI)
		m->sel = m->first;
	else if (m->played && m->resumable)
		m->sel = M_RESUME;
	else if (!shown(m, m->sel))
		m->sel = step(m, M_COUNT - 1, 1, 1);   /* the first shown */
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
			if (has_value(m->sel))
				if ((why = change(s, m->sel, ev.act == ACT_RIGHT ? 1 : -1)))
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
			m->sel = M_QUIT;
			break;
		case ACT_CLICK:
			for (int i = m->first; i < M_COUNT; i++)
				if (shown(m, i) && ev.y == item_row(m, itop, i) && ev.x >= x - 2) {
					m->sel = i;
					ev.act = ACT_SELECT;
				}
			if (ev.act != ACT_SELECT)
				break;
			if (has_value(m->sel)) {   /* a click on a setting changes it */
				if ((why = change(s, m->sel, 1)))
					notice = why;
				break;
			}
			/* fall through */
		case ACT_SELECT:
			switch (m->sel) {
			case M_WAITING:
				return MENU_WAITING;
			case M_RESUME:
				m->played = 1;
				return MENU_RESUME;
			case M_AI: case M_LEVEL: case M_SIDE:
				s->mode = MODE_AI;
				m->played = 1;
				return MENU_PLAY;
			case M_PVP:
				s->mode = MODE_PVP;
				m->played = 1;
				return MENU_PLAY;
			case M_RULESET: case M_LANG:
				if ((why = change(s, m->sel, 1)))
					notice = why;
				break;
			case M_RULES:
				page_rules();
				break;
			case M_PAST:
				return MENU_PAST;
			case M_ONLINE:
				return MENU_ONLINE;
			case M_PUZZLES:
				return MENU_PUZZLES;
			case M_QUIT:
				return MENU_QUIT;
			}
			break;
		default:
			break;
		}
	}
}
