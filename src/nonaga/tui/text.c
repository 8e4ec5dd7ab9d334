/*
 * text.c - display widths, clipping and wrapping of UTF-8 text.
 *
 * Widths come from libunistring only (never byte or code point counts), so
 * translations with wide or combining characters line up.  In ASCII mode
 * every character that is not ASCII is drawn as '?', one column wide; the
 * catalogs are then converted with transliteration, so this is a last
 * resort.
 */
#include "ui.h"
#include <stdlib.h>
#include <string.h>
#include <unistr.h>
#include <uniwidth.h>
#include <unilbrk.h>

/* The widest bracket kept whole on a line (keep_words). */
#define BRACKET_WHOLE 24

static int ascii_mode;
/* The encoding name given to libunistring's width functions: "UTF-8"
 * makes East Asian ambiguous characters narrow. */
static const char *width_encoding = "UTF-8";

void text_init(int ascii)
{
	ascii_mode = ascii;
}

/* Next character of s at *i (n bytes long); its width in *w. */
static ucs4_t next_char(const char *s, size_t n, size_t *i, int *w)
{
	ucs4_t uc;
	int len = u8_mbtouc(&uc, (const uint8_t *)s + *i, n - *i);
	*i += len > 0 ? (size_t)len : 1;
	if (ascii_mode || uc < 0x20 || uc == 0x7f)
		*w = 1;
	else {
		int cw = uc_width(uc, width_encoding);
		*w = cw < 0 ? 1 : cw;
	}
	return uc;
}

int text_width(const char *s)
{
	size_t n = strlen(s), i = 0;
	int total = 0, w;
	while (i < n) {
		next_char(s, n, &i, &w);
		total += w;
	}
	return total;
}

size_t text_fit(const char *s, int maxw, int *used)
{
	size_t n = strlen(s), i = 0, fit = 0;
	int total = 0, w;
	while (i < n) {
		size_t before = i;
		next_char(s, n, &i, &w);
		/* zero-width characters stay with the character before them */
		if (total + w > maxw) {
			i = before;
			break;
		}
		total += w;
		fit = i;
	}
	if (used)
		*used = total;
	return fit;
}

/* Draw n bytes of s, made safe: control characters become blanks and in
 * ASCII mode other characters become '?'. */
static void put_safe(const char *s, size_t n)
{
	char buf[256];
	size_t i = 0, k = 0;
	while (i < n) {
		size_t start = i;
		int w;
		ucs4_t uc = next_char(s, n, &i, &w);
		size_t len = i - start;
		if (k + len + 1 > sizeof buf) {
			addnstr(buf, (int)k);
			k = 0;
		}
		if (uc < 0x20 || uc == 0x7f)
			buf[k++] = ' ';
		else if (ascii_mode && uc >= 0x80)
			buf[k++] = '?';
		else {
			memcpy(buf + k, s + start, len);
			k += len;
		}
	}
	if (k)
		addnstr(buf, (int)k);
}

int text_put(int y, int x, int maxw, const char *s, attr_t a)
{
	if (maxw <= 0)
		return 0;
	int w = text_width(s);
	attrset(a);
	move(y, x);
	if (w <= maxw) {
		put_safe(s, strlen(s));
	} else {
		int ew = text_width(G->ellipsis), used;
		size_t n = text_fit(s, maxw - ew, &used);
		put_safe(s, n);
		addstr(G->ellipsis);
		w = used + ew;
	}
	attrset(A_NORMAL);
	return w;
}

void text_line(int y, int x, int w, const char *s, attr_t a)
{
	int used = text_put(y, x, w, s, a);
	if (used < w)
		mvhline(y, x + used, ' ' | A_NORMAL, w - used);
}

static int katakana(ucs4_t c)
{
	return (c >= 0x30A0 && c <= 0x30FF) || (c >= 0xFF66 && c <= 0xFF9F);
}

/* No break inside s[a, b) (a break before a stays as UAX #14 has it). */
static void no_break(const char *s, size_t a, size_t b, char *o)
{
	for (size_t i = a + 1; i < b; i++)
		if ((unsigned char)s[i] < 0x80 || ((unsigned char)s[i] & 0xC0) == 0xC0)
			o[i] = UC_BREAK_PROHIBITED;
}

/* The columns of s[a, b) without its trailing blanks. */
static int span_width(const char *s, size_t a, size_t b)
{
	while (b > a && s[b - 1] == ' ')
		b--;
	return u8_width((const uint8_t *)s + a, b - a, width_encoding);
}

/* A phrase s[a, b) that fits in width is kept whole; a longer one breaks
 * between its words (a file name, a word of one script), not inside one
 * that fits. */
static void keep_phrase(const char *s, size_t a, size_t b, int width, char *o)
{
	if (memchr(s + a, '\n', b - a))
		return;   /* (its mandatory breaks stay) */
	if (span_width(s, a, b) <= width) {
		no_break(s, a, b, o);
		return;
	}
	for (size_t w0 = a; w0 < b;) {
		size_t w1 = w0;
		while (w1 < b && s[w1] != ' ')
			w1++;
		if (w1 > w0 && span_width(s, w0, w1) <= width)
			no_break(s, w0, w1, o);
		w0 = w1 + 1;
	}
}

/* Where the phrase from i ends, the next one starting at the returned
 * index (after the blanks), or 0 when no phrase ends at i: after the
 * separator G->sep, ", ", "; ", a sentence's ". ", "! " or "? " (not
 * "1. " of a numbered step, nor the key "? ") and the Japanese "、" and
 * "。". */
static size_t phrase_stop(const char *s, size_t n, size_t i)
{
	size_t next = 0, sl = strlen(G->sep);
	unsigned char c = (unsigned char)s[i], after = i + 1 < n ? (unsigned char)s[i + 1] : 0;
	if (sl && i + sl <= n && !memcmp(s + i, G->sep, sl))
		next = i + sl;
	else if ((c == ',' || c == ';') && after == ' ')
		next = i + 2;
	else if ((c == '.' || c == '!' || c == '?') && after == ' ' && i > 0 &&
	         s[i - 1] != ' ' && !(s[i - 1] >= '0' && s[i - 1] <= '9'))
		next = i + 2;
	else if (i + 3 <= n && (!memcmp(s + i, "\u3001", 3) || !memcmp(s + i, "\u3002", 3)))
		next = i + 3;
	while (next && next < n && s[next] == ' ')
		next++;
	return next;
}

/*
 * Where a line may not break beyond what UAX #14 says.  Inside a phrase
 * (the text between separators: "1. slide a token", "\u2298 lock",
 * "q: quit.") that fits in the width, so that a line never ends in the
 * middle of one; inside a word that fits (a file name); and inside a run
 * of katakana: UAX #14 lets Japanese break between any two kana, which
 * cut a word like コンピュータ in two in the narrow side panel; a katakana
 * word is a loan word and reads as one.
 */
static void keep_words(const char *s, size_t n, int width, int phrases, char *o)
{
	memset(o, UC_BREAK_UNDEFINED, n);
	ucs4_t prev = 0;
	for (size_t i = 0; i < n;) {
		ucs4_t c;
		int len = u8_mbtouc(&c, (const uint8_t *)s + i, n - i);
		if (len < 1)
			len = 1;
		if (katakana(prev) && katakana(c))
			o[i] = UC_BREAK_PROHIBITED;
		prev = c;
		i += (size_t)len;
	}
	/* a short bracket is kept whole: "(! の付いたマス)"; a long one
	 * (over BRACKET_WHOLE columns) breaks as the words around it do, or
	 * the line before it would be left half empty */
	for (size_t i = 0; i < n; i++) {
		int fw = i + 3 <= n && !memcmp(s + i, "\uff08", 3);
		if (s[i] != '(' && !fw)
			continue;
		const char *close = fw ? "\uff09" : ")";
		size_t cl = strlen(close), j = i + 1;
		while (j + cl <= n && memcmp(s + j, close, cl) && s[j] != '\n')
			j++;
		if (j + cl > n || s[j] == '\n')
			continue;
		int w = span_width(s, i, j + cl);
		if (w <= width && w <= BRACKET_WHOLE)
			no_break(s, i, j + cl, o);
		i = j;
	}
	if (!phrases)
		return;
	size_t a = 0;
	for (size_t i = 0; i < n;) {
		size_t next = phrase_stop(s, n, i);
		if (next) {
			keep_phrase(s, a, next, width, o);
			a = i = next;
		} else {
			i++;
		}
	}
	if (a < n)
		keep_phrase(s, a, n, width, o);
}

static int wrap(const char *s, int width, int phrases, wrap_fn fn, void *ctx)
{
	size_t n = strlen(s);
	if (width < 1)
		width = 1;
	if (n == 0)
		return 0;
	char *p = malloc(n), *o = malloc(n);
	if (!p || !o) {
		free(p);
		free(o);
		fn(ctx, s, n);
		return 1;
	}
	keep_words(s, n, width, phrases, o);
	u8_width_linebreaks((const uint8_t *)s, n, width, 0, 0, o,
	                    width_encoding, p);
	free(o);
	int lines = 0;
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == UC_BREAK_MANDATORY) {
			fn(ctx, s + start, i - start);
			lines++;
			start = i + 1;
		} else if (p[i] == UC_BREAK_POSSIBLE && i > start) {
			size_t end = i;
			while (end > start && s[end - 1] == ' ')
				end--;
			fn(ctx, s + start, end - start);
			lines++;
			start = i;
		}
	}
	if (start < n) {
		fn(ctx, s + start, n - start);
		lines++;
	}
	free(p);
	return lines;
}

int text_wrap(const char *s, int width, wrap_fn fn, void *ctx)
{
	return wrap(s, width, 0, fn, ctx);
}

int text_wrap_phrases(const char *s, int width, wrap_fn fn, void *ctx)
{
	return wrap(s, width, 1, fn, ctx);
}

struct block_ctx {
	int y, x, w, left, drawn, total;
	attr_t a;
};

static void count_line(void *ctx, const char *line, size_t len)
{
	(void)line;
	(void)len;
	(*(int *)ctx)++;
}

static void block_line(void *ctx, const char *line, size_t len)
{
	struct block_ctx *b = ctx;
	if (b->left <= 0)
		return;
	char buf[1024];
	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, line, len);
	buf[len] = 0;
	if (b->left == 1 && b->total > b->drawn + 1) {
		/* the last line that fits: say that more was cut */
		int ew = text_width(G->ellipsis);
		size_t n = text_fit(buf, b->w - ew, NULL);
		buf[n] = 0;
		int used = text_put(b->y + b->drawn, b->x, b->w, buf, b->a);
		text_line(b->y + b->drawn, b->x + used, b->w - used, G->ellipsis, b->a);
	} else {
		text_line(b->y + b->drawn, b->x, b->w, buf, b->a);
	}
	b->drawn++;
	b->left--;
}

static int block(int y, int x, int w, int maxlines, const char *s, attr_t a,
                 int phrases)
{
	struct block_ctx b = { y, x, w, maxlines, 0, 0, a };
	if (maxlines <= 0 || w <= 0)
		return 0;
	wrap(s, w, phrases, count_line, &b.total);
	wrap(s, w, phrases, block_line, &b);
	return b.drawn;
}

int text_block(int y, int x, int w, int maxlines, const char *s, attr_t a)
{
	return block(y, x, w, maxlines, s, a, 0);
}

int text_block_phrases(int y, int x, int w, int maxlines, const char *s, attr_t a)
{
	return block(y, x, w, maxlines, s, a, 1);
}
