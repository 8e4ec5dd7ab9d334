/*
 * pages.c - full-screen pages of text: the keys (the game's and the
 * title menu's), the rules and a table (the lobby's ratings).
 * Text is wrapped to the screen's width (again after a resize) and
 * scrolls when it is longer than the screen.
 */
#include "ui.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pline {
	char *text;
	attr_t attr;
} pline;

typedef struct pbuf {
	pline *l;
	int n, cap;
	int indent;      /* blanks before each wrapped line */
	attr_t attr;
} pbuf;

static void push(pbuf *b, const char *s, size_t len, attr_t a)
{
	if (b->n == b->cap) {
		int cap = b->cap ? b->cap * 2 : 64;
		pline *l = realloc(b->l, sizeof *l * (size_t)cap);
		if (!l)
			return;
		b->l = l;
		b->cap = cap;
	}
	char *t = malloc(len + (size_t)b->indent + 1);
	if (!t)
		return;
	memset(t, ' ', (size_t)b->indent);
	memcpy(t + b->indent, s, len);
	t[len + (size_t)b->indent] = 0;
	b->l[b->n].text = t;
	b->l[b->n].attr = a;
	b->n++;
}

static void wrap_cb(void *ctx, const char *line, size_t len)
{
	pbuf *b = ctx;
	push(b, line, len, b->attr);
}

static void para(pbuf *b, const char *s, attr_t a, int indent, int width)
{
	b->indent = indent;
	b->attr = a;
	text_wrap(s, width - indent, wrap_cb, b);
	b->indent = 0;
}

static void blank(pbuf *b)
{
	push(b, "", 0, A_NORMAL);
}

/* An item of a two-column list: key, then its text wrapped beside it. */
static void item(pbuf *b, const char *key, int keyw, const char *text, int width)
{
	int kw = text_width(key);
	char first[512];
	int pad = keyw - kw + 2;
	if (pad < 1)
		pad = 1;
	/* wrap the text, then glue the key to its first line */
	pbuf tmp = { 0 };
	para(&tmp, text, A_NORMAL, 0, width - keyw - 4);
	for (int i = 0; i < tmp.n; i++) {
		if (i == 0)
			snprintf(first, sizeof first, "  %s%*s%s", key, pad, "", tmp.l[i].text);
		else
			snprintf(first, sizeof first, "  %*s%s", keyw + 2, "", tmp.l[i].text);
		push(b, first, strlen(first), A_NORMAL);
		free(tmp.l[i].text);
	}
	if (tmp.n == 0)
		push(b, key, strlen(key), A_NORMAL);
	free(tmp.l);
}

static void free_lines(pbuf *b)
{
	for (int i = 0; i < b->n; i++)
		free(b->l[i].text);
	free(b->l);
	memset(b, 0, sizeof *b);
}

typedef void (*build_fn)(pbuf *b, int width);

static void show(build_fn build)
{
	pbuf b = { 0 };
	int top = 0, width = -1;
	erase();
	for (;;) {
		if (term_draw_too_small(NULL)) {
			width = -1;
		} else {
			if (width != COLS) {
				free_lines(&b);
				width = COLS;
				build(&b, width - 2);
				erase();
			}
			int h = LINES - 1;
			if (top > b.n - h)
				top = b.n - h;
			if (top < 0)
				top = 0;
			for (int i = 0; i < h; i++) {
				if (top + i < b.n)
					text_line(i, 1, COLS - 1, b.l[top + i].text, b.l[top + i].attr);
				else
					text_line(i, 1, COLS - 1, "", A_NORMAL);
			}
			char foot[256];
			if (b.n > h)
				snprintf(foot, sizeof foot, _("Lines %d-%d of %d. Arrows scroll; Enter, Esc or q closes."),
				         top + 1, top + h < b.n ? top + h : b.n, b.n);
			else
				snprintf(foot, sizeof foot, "%s", _("Enter, Esc or q closes."));
			text_line(LINES - 1, 1, COLS - 1, foot, term_attr(R_DIM));
		}
		event ev;
		input_get_sized(&ev, -1, -1);
		int h = LINES - 1;
		switch (ev.act) {
		case ACT_SIGNAL:
			input_unget(&ev);
			goto done;
		case ACT_RESIZE:
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			width = -1;
			break;
		case ACT_UP: top--; break;
		case ACT_DOWN: top++; break;
		case ACT_PAGEUP: top -= h - 1; break;
		case ACT_PAGEDOWN: top += h - 1; break;
		case ACT_HOME: top = 0; break;
		case ACT_END: top = b.n; break;
		case ACT_SELECT:
			if (ev.key == ' ') {
				top += h - 1;
				break;
			}
			goto done;
		case ACT_BACK: case ACT_QUIT: case ACT_HELP:
			goto done;
		default:
			break;
		}
	}
done:
	free_lines(&b);
	erase();
}

/* A titled list of keys (or symbols) and what they do, with an optional
 * paragraph under the title, then a blank line. */
static void key_section(pbuf *b, const char *title, const char *intro,
                        const char *(*items)[2], size_t n, int kw, int width)
{
	para(b, title, term_attr(R_TITLE), 0, width);
	blank(b);
	if (intro) {
		para(b, intro, A_NORMAL, 0, width);
		blank(b);
	}
	for (size_t i = 0; i < n; i++)
		item(b, items[i][0], kw, items[i][1], width);
	blank(b);
}
#define N_ITEMS(a) (sizeof (a) / sizeof *(a))

static void build_help(pbuf *b, int width)
{
	const char *keys[][2] = {
		{ _("arrows, h j k l"), _("move the cursor to the nearest cell in that direction") },
		{ _("Tab, Shift-Tab"), _("jump to the next or previous legal choice") },
		{ _("Enter, Space"), _("choose and confirm; a mouse click does the same") },
		{ _("Esc, Backspace"), _("step back: choose another token or disc, take the slide back") },
		{ "u", _("undo (against the computer: your move and its reply)") },
		{ "r", _("redo") },
		{ "n", _("new game") },
		{ "m", _("title menu") },
		{ "t", _("a hint: the computer's move for you, marked ! on the board "
		         "(not in online games)") },
		{ "x", _("export the game to a file in the current directory") },
		{ "i", _("show or hide the cells' coordinates (q,r, as in the notation)") },
		{ _("Ctrl-L"), _("draw the screen again") },
		{ "?", _("this help") },
		{ "q", _("quit (asks first during a game; the game stays saved)") },
	};
	/* one symbol and its meaning a line (a mark is the pair of
	 * characters either side of a cell) */
	char sym[13][64];
	snprintf(sym[0], sizeof sym[0], "%s", G->disc);
	snprintf(sym[1], sizeof sym[1], "%s", G->token[NG_RED]);
	snprintf(sym[2], sizeof sym[2], "%s", G->token[NG_BLUE]);
	snprintf(sym[3], sizeof sym[3], "%s", G->lock);
	snprintf(sym[4], sizeof sym[4], "%s %s", G->sel[0], G->sel[1]);
	snprintf(sym[5], sizeof sym[5], "%s %s", G->cur[0], G->cur[1]);
	snprintf(sym[6], sizeof sym[6], "%s %s", G->chosen[0], G->chosen[1]);
	snprintf(sym[7], sizeof sym[7], "%s", G->target);
	snprintf(sym[8], sizeof sym[8], "%s %s", G->win[0], G->win[1]);
	snprintf(sym[9], sizeof sym[9], "%s %s", G->last[0], G->last[1]);
	snprintf(sym[10], sizeof sym[10], "%s", G->gone);
	snprintf(sym[11], sizeof sym[11], "%s %s", G->hint[0], G->hint[1]);
	snprintf(sym[12], sizeof sym[12], "%s %s", G->hint[0], G->sel[1]);
	const char *syms[][2] = {
		{ sym[0], _("a disc") },
		{ sym[1], _("a Red token") },
		{ sym[2], _("a Blue token (its shape differs from Red's too)") },
		{ sym[3], _("the disc the opponent just moved: it cannot be taken (standard rules)") },
		{ sym[4], _("a legal choice") },
		{ sym[5], _("the cursor") },
		{ sym[6], _("the token or disc being moved") },
		{ sym[7], _("where the disc may go") },
		{ sym[8], _("the winning three") },
		{ sym[9], _("the last move's cells (where the token and the disc came "
		            "from and went)") },
		{ sym[10], _("where the disc was taken from") },
		{ sym[11], _("the hint's cells (key t)") },
		{ sym[12], _("a legal choice that the hint takes") },
	};
	int kw = 0;
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		if (text_width(keys[i][0]) > kw)
			kw = text_width(keys[i][0]);
	for (size_t i = 0; i < sizeof syms / sizeof *syms; i++)
		if (text_width(syms[i][0]) > kw)
			kw = text_width(syms[i][0]);
	if (kw > width / 3)
		kw = width / 3;
	key_section(b, _("NONAGA: keys"), NULL, keys, N_ITEMS(keys), kw, width);
	const char *online[][2] = {
		{ "u", _("ask the opponent to take your move back, or agree") },
		{ "d", _("offer a draw, or accept one") },
		{ "f", _("resign (asks first)") },
		{ "w", _("claim the win when the opponent has been away long enough") },
		{ "c", _("chat: type a line, Enter sends it, Esc gives up") },
		{ "q, m", _("leave (for good, or for the lobby); your seat is kept") },
	};
	key_section(b, _("Online games"), NULL, online, N_ITEMS(online), kw, width);
	const char *replay[][2] = {
		{ _("left, right"), _("step back or forward a move") },
		{ "Home, End", _("go to the start or the end") },
		{ "a", _("analyse the moves: a mark on the last-move line for a "
		         "missed win (W), an allowed forced win (L) or a mistake "
		         "(?), and the engine's best move, marked on the board") },
		{ "p", _("play on from the position shown") },
	};
	key_section(b, _("Replays"), NULL, replay, N_ITEMS(replay), kw, width);
	const char *puzzles[][2] = {
		{ "n, p", _("the next or the previous puzzle") },
		{ "r, u", _("try the puzzle again from its start") },
		{ "m, q", _("the title menu, quit (the puzzles solved are kept)") },
	};
	key_section(b, _("Puzzles"),
	            _("Parry the threat: the opponent could win with its next slide; "
	              "find a move that stops it. Win in two: find the move after "
	              "which every reply leaves you a winning slide; the computer "
	              "replies and you win with a slide. A wrong move is answered on "
	              "the board."), puzzles, N_ITEMS(puzzles), kw, width);
	key_section(b, _("On the board"), NULL, syms, N_ITEMS(syms), kw, width);
	para(b, _("The rules are in the title menu (m) and in nonaga(6)."), A_NORMAL, 0, width);
}

static void build_menu_help(pbuf *b, int width)
{
	const char *keys[][2] = {
		{ _("up, down, k j"), _("choose an item (they stop at the first and the last)") },
		{ _("Tab, Shift-Tab"), _("choose the next or previous item, going round") },
		{ _("left, right, h l"), _("change the setting chosen: level, your side, "
		                           "rule set, language") },
		{ _("Enter, Space"), _("start the game or open the page chosen; on Level "
		                       "and Your side, play against the computer; on Rule "
		                       "set and Language, change the setting") },
		{ _("mouse click"), _("choose an item and do as Enter, but change a "
		                      "setting clicked on") },
		{ "Esc", _("go to Quit (Enter then quits)") },
		{ _("Ctrl-L"), _("draw the screen again") },
		{ "?", _("this help") },
		{ "q", _("quit") },
	};
	int kw = 0;
	for (size_t i = 0; i < N_ITEMS(keys); i++)
		if (text_width(keys[i][0]) > kw)
			kw = text_width(keys[i][0]);
	if (kw > width / 3)
		kw = width / 3;
	key_section(b, _("NONAGA: the title menu's keys"), NULL, keys, N_ITEMS(keys),
	            kw, width);
	para(b, _("During a game, ? shows the game's keys."), A_NORMAL, 0, width);
}

/* Pad s with blanks to w display columns, after what buf holds. */
static void column(char *buf, size_t size, const char *s, int w)
{
	size_t n = strlen(buf);
	int pad = w - text_width(s);
	snprintf(buf + n, size - n, "%s%*s", s, pad > 0 ? pad : 0, "");
}

/*
 * The three winning shapes, drawn as on the board (rows of cells two
 * columns apart, every other row shifted by one):
 *
 *   a line      a triangle   a V
 *   @ @ @        @ @          @ @
 *                 @              @
 */
static void winning_shapes(pbuf *b)
{
	const char *t = G->token[NG_RED], *d = G->disc;
	char row[3][160];
	const char *names[3] = { _("a line"), _("a triangle"), _("a V") };
	int w = 0;
	for (int i = 0; i < 3; i++)
		if (text_width(names[i]) > w)
			w = text_width(names[i]);
	w = w < 10 ? 12 : w + 2;
	char shape[3][2][64];
	snprintf(shape[0][0], 64, "%s %s %s", t, t, t);
	snprintf(shape[0][1], 64, " %s %s", d, d);
	snprintf(shape[1][0], 64, "%s %s", t, t);
	snprintf(shape[1][1], 64, " %s %s", t, d);
	snprintf(shape[2][0], 64, "%s %s", t, t);
	snprintf(shape[2][1], 64, " %s %s", d, t);
	for (int r = 0; r < 3; r++)
		snprintf(row[r], sizeof row[r], "    ");
	for (int i = 0; i < 3; i++) {
		column(row[0], sizeof row[0], names[i], w);
		column(row[1], sizeof row[1], shape[i][0], w);
		column(row[2], sizeof row[2], shape[i][1], w);
	}
	blank(b);
	for (int r = 0; r < 3; r++)
		push(b, row[r], strlen(row[r]), r == 0 ? A_BOLD : A_NORMAL);
}

static void build_rules(pbuf *b, int width)
{
	const char *paras[] = {
		_("NONAGA is played on 19 round discs that form a hexagon. Each "
		  "player has three tokens, Red and Blue, which start on alternate "
		  "corners. Red moves first."),
		_("A turn has two parts."),
		_("1. Slide one of your tokens in a straight line, in any of the "
		  "six directions, as far as it can go: it stops in front of "
		  "another token or of a hole (a cell without a disc, also the edge "
		  "of the board). It may not stop earlier."),
		_("2. Relocate a disc: take an empty disc from the edge of the board "
		  "and put it somewhere else on the edge, where it touches at least "
		  "two other discs. The board must stay in one piece."),
		_("Standard rules: the disc must be free, that is, it can be slid "
		  "out of the board without moving the others, and you may not take "
		  "the disc your opponent has just moved."),
		_("Simple rules: any empty disc may be taken, as long as the board "
		  "stays in one piece."),
		_("The first player to bring their three tokens together wins: "
		  "in a line, a triangle or a V, each shape made of touching "
		  "tokens (pictured below). A winning slide ends the game at once."),
		_("If a part of the turn is impossible it is skipped. When the "
		  "same position comes up for the third time, the game is a draw."),
	};
	para(b, _("NONAGA: the rules"), term_attr(R_TITLE), 0, width);
	for (size_t i = 0; i < sizeof paras / sizeof *paras; i++) {
		blank(b);
		para(b, paras[i], A_NORMAL, 0, width);
		if (i == sizeof paras / sizeof *paras - 2)
			winning_shapes(b);
	}
}

void page_help(void)
{
	show(build_help);
}

void page_menu_help(void)
{
	show(build_menu_help);
}

void page_rules(void)
{
	show(build_rules);
}

/* page_table's, while it shows */
static struct {
	const char *title, *heading, *none;
	char (*rows)[PAGE_ROW];
	int n;
} table;

static void build_table(pbuf *b, int width)
{
	para(b, table.title, term_attr(R_TITLE), 0, width);
	blank(b);
	if (!table.n) {
		para(b, table.none, A_NORMAL, 0, width);
		return;
	}
	push(b, table.heading, strlen(table.heading), A_BOLD);
	for (int i = 0; i < table.n; i++)
		push(b, table.rows[i], strlen(table.rows[i]), A_NORMAL);
}

void page_table(const char *title, const char *heading, char (*rows)[PAGE_ROW], int n,
                const char *none)
{
	table.title = title;
	table.heading = heading;
	table.none = none;
	table.rows = rows;
	table.n = n;
	show(build_table);
}
