/*
 * chatline.c - a line of text typed on the bottom line of the screen (the
 * chat of online games): printable characters in the terminal's encoding
 * (bytes that are none show as one U+FFFD, or ?, in their place),
 * Backspace, Enter to send, Esc to give up (also the lobby's name of a
 * new game, given to edit).  The lines said lately are
 * shown above it while it is typed.  The widths shown come from
 * libunistring (text.c); the end of a long line stays in view.
 */
#include "ui.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

static void draw_line(const char *prompt, const char *const *said, int nsaid,
                      const char *text)
{
	int y = LINES - 1, pw = text_width(prompt);
	/* what was said lately, just above */
	for (int i = 0; i < nsaid && nsaid - i < LINES - 1; i++)
		text_line(y - nsaid + i, 0, COLS, said[i], term_attr(R_DIM));
	text_line(y, 0, COLS, "", A_NORMAL);
	text_put(y, 0, COLS, prompt, term_attr(R_MSG));
	int room = COLS - pw - 1;
	const char *t = text;
	while (*t && text_width(t) > room) {   /* the end in view */
		t++;
		while ((*t & 0xc0) == 0x80)
			t++;
	}
	if (room > 0)
		text_put(y, pw, room, t, A_NORMAL);
	move(y, pw + (room > 0 ? text_width(t) : 0));
	refresh();
}

int chatline_run(const char *prompt, const char *const *said, int nsaid,
                 char *out, size_t size)
{
	out[0] = 0;
	int n = chatline_edit(prompt, said, nsaid, out, size);
	return n < 0 ? 0 : n;
}

/* The text typed so far, out (len bytes of size), and the bytes of a
 * character not yet whole. */
typedef struct typed {
	char *out;
	size_t len, size;
	char pend[MB_LEN_MAX];
	size_t npend;
} typed;

static void append(typed *t, const char *b, size_t n)
{
	if (t->len + n >= t->size)
		return;
	memcpy(t->out + t->len, b, n);
	t->len += n;
	t->out[t->len] = 0;
}

/* Bytes that are no character of the terminal's encoding: one visible
 * mark in their place (U+FFFD, or ? when the text is not UTF-8), rather
 * than the rest of the line lost. */
static void bad_bytes(typed *t)
{
	t->npend = 0;
	if (TI.text_utf8)
		append(t, "\xef\xbf\xbd", 3);
	else
		append(t, "?", 1);
}

/* A byte of a character typed: the character once it is whole. */
static void take_byte(typed *t, int c)
{
	t->pend[t->npend++] = (char)c;
	wchar_t wc;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t n = mbrtowc(&wc, t->pend, t->npend, &st);
	if (n == (size_t)-2 && t->npend < sizeof t->pend)
		return;   /* more to come */
	if (n == (size_t)-1 || n == (size_t)-2) {
		int again = t->npend > 1;
		bad_bytes(t);
		if (again)
			ungetch(c);   /* it may begin the next character */
		return;
	}
	if (iswprint((wint_t)wc))
		append(t, t->pend, t->npend);
	t->npend = 0;
}

int chatline_edit(const char *prompt, const char *const *said, int nsaid,
                  char *out, size_t size)
{
	typed t = { out, strlen(out), size, { 0 }, 0 };
	int gave_up = 0;
	curs_set(1);
	int done = 0;
	while (!done) {
		draw_line(prompt, said, nsaid, out);
		timeout(200);
		int c = getch();   /* bytes, so that a bad one is seen */
		if (term_signal) {
			t.len = 0;
			gave_up = 1;
			break;
		}
		if (t.npend && (c == ERR || c >= KEY_MIN || c < 0x80))
			bad_bytes(&t);   /* a character cut short */
		if (c == ERR)
			continue;
		if (c >= KEY_MIN) {
			if (c == KEY_BACKSPACE)
				goto erase;
			if (c == KEY_ENTER)
				break;
			continue;   /* resize and other keys: the line is redrawn */
		}
		switch (c) {
		case 27:        /* Esc */
			t.len = 0;
			gave_up = done = 1;
			continue;
		case '\r': case '\n':
			done = 1;
			continue;
		case 8: case 127:
		erase:
			while (t.len > 0 && (out[t.len - 1] & 0xc0) == 0x80)
				t.len--;
			if (t.len > 0)
				t.len--;
			out[t.len] = 0;
			continue;
		default:
			break;
		}
		take_byte(&t, c);
	}
	curs_set(0);
	out[t.len] = 0;
	return gave_up ? -1 : (int)t.len;
}
