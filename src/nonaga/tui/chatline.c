/*
 * chatline.c - a line of text typed on the bottom line of the screen (the
 * chat of online games): printable characters in the terminal's encoding,
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

int chatline_edit(const char *prompt, const char *const *said, int nsaid,
                  char *out, size_t size)
{
	size_t len = strlen(out);
	int gave_up = 0;
	curs_set(1);
	int done = 0;
	while (!done) {
		draw_line(prompt, said, nsaid, out);
		wint_t wc;
		timeout(200);
		int r = get_wch(&wc);
		if (term_signal) {
			len = 0;
			gave_up = 1;
			break;
		}
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES) {
			if (wc == KEY_BACKSPACE)
				goto erase;
			if (wc == KEY_ENTER)
				break;
			continue;   /* resize and other keys: the line is redrawn */
		}
		switch (wc) {
		case 27:        /* Esc */
			len = 0;
			gave_up = done = 1;
			continue;
		case '\r': case '\n':
			done = 1;
			continue;
		case 8: case 127:
		erase:
			while (len > 0 && (out[len - 1] & 0xc0) == 0x80)
				len--;
			if (len > 0)
				len--;
			out[len] = 0;
			continue;
		default:
			break;
		}
		if (!iswprint((wint_t)wc))
			continue;
		char mb[MB_LEN_MAX];
		mbstate_t st;
		memset(&st, 0, sizeof st);
		size_t n = wcrtomb(mb, (wchar_t)wc, &st);
		if (n == (size_t)-1 || len + n >= size)
			continue;
		memcpy(out + len, mb, n);
		len += n;
		out[len] = 0;
	}
	curs_set(0);
	out[len] = 0;
	return gave_up ? -1 : (int)len;
}
