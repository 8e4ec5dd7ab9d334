/*
 * record.c - game records: a game's whole line as plain text, for saved
 * games, finished games and exchange with other programs.
 *
 * The format, version 1 (nonaga(6), FILES, has the same for users):
 *
 *   # nonaga record 1
 *   Date: 2026-11-22T10:15:00Z
 *   Red: human
 *   Blue: computer level 7
 *   Rules: standard
 *   Result: none
 *   Moves: 2
 *
 *   2,-2>-1,1/-1,-1>-3,1
 *   0,-2>0,1/2,-2>-1,-1
 *
 * - The text is UTF-8.  Every line ends with a newline, the last one too
 *   (a line without one is taken for a truncated file); a CR before the
 *   newline is ignored.  A line holds at most NG_RECORD_LINE_MAX bytes and
 *   no control character (tabs and NUL bytes included).
 * - The first line is exactly "# nonaga record 1": 1 is the version of the
 *   format, raised when a reader of this version could no longer read it
 *   right.
 * - Then the header: lines "Key: value".  A key is [A-Za-z][A-Za-z0-9-]*,
 *   at most 31 bytes, case-sensitive, and appears at most once; the value
 *   is everything after the colon and one space (the space may be left
 *   out), at most 255 bytes (a Start position may be longer).  The keys
 *   of the record itself:
 *     Date    optional  when the game began, ISO 8601 in UTC:
 *                       YYYY-MM-DDTHH:MM:SSZ
 *     Red     optional  who plays red: "human", "computer level 7", a name
 *     Blue    optional  who plays blue, likewise
 *     Rules   required  standard or simple
 *     Start   optional  the first position in notation (tiles/red/blue/
 *                       side/lock), by default the start position
 *     Result  optional  none, red, blue or draw: the result after the last
 *                       move; when given, it must be what the moves give
 *     Ply     optional  how many of the moves are played (0..Moves, by
 *                       default all): the game stands there, and the moves
 *                       after it are the ones that can be redone
 *     Moves   required  how many moves follow (0..NG_RECORD_MAX_MOVES), so
 *                       that a file cut at the end of a line is noticed
 *   Any other key belongs to the program that wrote the record (up to
 *   NG_RECORD_EXTRA of them); readers keep them in their order.
 *   ng_record_write writes Moves last, so that a header cut short lacks it.
 * - The header ends at an empty line.  The empty line may be left out (the
 *   engine protocol cannot send one inside an answer): then the header
 *   ends at the first line without a colon, as no move has one.
 * - Then one move per line in the engine notation, exactly Moves of them,
 *   each legal in the position the moves before it reach: nothing after
 *   the end of the game, no empty lines, nothing after the last move.
 *
 * Moves are read and written by their text, never as ng_move values,
 * which belong to a position's frame.
 */
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>

#define MAGIC "# nonaga record "

/* The keys of the record itself, in the order they are written. */
enum { K_DATE, K_RED, K_BLUE, K_RULES, K_START, K_RESULT, K_PLY, K_MOVES,
       K_OWN };
static const char *const OWN_KEY[K_OWN] = {
	"Date", "Red", "Blue", "Rules", "Start", "Result", "Ply", "Moves"
};

/* ------------------------------------------------------------ checks */

static int own_key(const char *key)
{
	for (int i = 0; i < K_OWN; i++)
		if (!strcmp(key, OWN_KEY[i]))
			return i;
	return -1;
}

static int is_alpha(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* [A-Za-z][A-Za-z0-9-]*, n bytes, shorter than NG_RECORD_KEY. */
static int valid_key(const char *k, size_t n)
{
	if (n == 0 || n >= NG_RECORD_KEY || !is_alpha(k[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!is_alpha(k[i]) && !is_digit(k[i]) && k[i] != '-')
			return 0;
	return 1;
}

static int control(unsigned char c) { return c < 0x20 || c == 0x7f; }

/* Well-formed UTF-8: no overlong forms, surrogates or values past U+10FFFF. */
static int valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		size_t k;
		unsigned min, v;
		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			k = 1; v = c & 0x1f; min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			k = 2; v = c & 0x0f; min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			k = 3; v = c & 0x07; min = 0x10000;
		} else {
			return 0;
		}
		if (n - i <= k)
			return 0;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
			v = v << 6 | (s[i + j] & 0x3f);
		}
		if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
			return 0;
		i += k + 1;
	}
	return 1;
}

/* A value as the header can hold it: NG_OK, or the reason it cannot. */
static ng_err check_value(const char *v, size_t n, size_t max)
{
	if (n >= max)
		return NG_ERR_HEADER_VALUE;
	for (size_t i = 0; i < n; i++)
		if (control((unsigned char)v[i]))
			return NG_ERR_CONTROL_CHAR;
	if (!valid_utf8((const unsigned char *)v, n))
		return NG_ERR_BAD_UTF8;
	return NG_OK;
}

/* n digits at s as a number, or -1. */
static long digits(const char *s, int n)
{
	long v = 0;
	for (int i = 0; i < n; i++) {
		if (!is_digit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* YYYY-MM-DDTHH:MM:SSZ with the fields in range (day up to the month's
 * length, a leap second allowed). */
static int valid_date(const char *s, size_t n)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (n != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
	    s[13] != ':' || s[16] != ':' || s[19] != 'Z')
		return 0;
	long y = digits(s, 4), mo = digits(s + 5, 2), d = digits(s + 8, 2);
	long h = digits(s + 11, 2), mi = digits(s + 14, 2), se = digits(s + 17, 2);
	if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 ||
	    mi < 0 || mi > 59 || se < 0 || se > 60)
		return 0;
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return d <= (mo == 2 && !leap ? 28 : mdays[mo - 1]);
}

/* A whole number 0..NG_RECORD_MAX_MOVES, without sign or leading zeros. */
static int parse_count(const char *s, size_t n, int *out)
{
	if (n == 0 || n > 5 || (n > 1 && s[0] == '0'))
		return 0;
	long v = digits(s, (int)n);
	if (v < 0 || v > NG_RECORD_MAX_MOVES)
		return 0;
	*out = (int)v;
	return 1;
}

/* -------------------------------------------------------- the fields */

static int find_extra(const ng_record_info *info, const char *key)
{
	for (int i = 0; i < info->nextra && i < NG_RECORD_EXTRA; i++)
		if (!strcmp(info->extra[i].key, key))
			return i;
	return -1;
}

const char *ng_record_get(const ng_record_info *info, const char *key)
{
	if (!info || !key)
		return NULL;
	int i = find_extra(info, key);
	return i < 0 ? NULL : info->extra[i].value;
}

ng_err ng_record_set(ng_record_info *info, const char *key, const char *value)
{
	if (!info || !key || !value || info->nextra < 0 ||
	    info->nextra > NG_RECORD_EXTRA)
		return NG_ERR_BAD_ARG;
	size_t kn = strnlen(key, NG_RECORD_KEY), vn = strnlen(value, NG_RECORD_VALUE);
	if (!valid_key(key, kn) || own_key(key) >= 0 ||
	    check_value(value, vn, NG_RECORD_VALUE))
		return NG_ERR_BAD_ARG;
	int i = find_extra(info, key);
	if (i < 0) {
		if (info->nextra == NG_RECORD_EXTRA)
			return NG_ERR_HEADER_FULL;
		i = info->nextra++;
		memcpy(info->extra[i].key, key, kn + 1);
		info->extra[i].line = 0;
	}
	memcpy(info->extra[i].value, value, vn + 1);
	return NG_OK;
}

/* --------------------------------------------------------- writing */

typedef struct outbuf {
	char *p;
	size_t len, cap;
	int oom;
} outbuf;

static void put(outbuf *t, const char *s, size_t n)
{
	if (t->oom)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 1024;
		while (cap < t->len + n + 1)
			cap *= 2;
		char *p = realloc(t->p, cap);
		if (!p) {
			t->oom = 1;
			return;
		}
		t->p = p;
		t->cap = cap;
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
	t->p[t->len] = 0;
}

static void put_line(outbuf *t, const char *key, const char *value)
{
	put(t, key, strlen(key));
	put(t, ": ", 2);
	put(t, value, strlen(value));
	put(t, "\n", 1);
}

/* A value of the caller's info, checked as the parser would read it. */
static int good_field(const char *v)
{
	size_t n = strnlen(v, NG_RECORD_VALUE);
	return check_value(v, n, NG_RECORD_VALUE) == NG_OK;
}

static int good_info(const ng_record_info *info)
{
	if (!good_field(info->date) || !good_field(info->red) ||
	    !good_field(info->blue))
		return 0;
	if (info->date[0] && !valid_date(info->date, strlen(info->date)))
		return 0;
	if (info->nextra < 0 || info->nextra > NG_RECORD_EXTRA)
		return 0;
	for (int i = 0; i < info->nextra; i++) {
		const ng_record_field *f = &info->extra[i];
		size_t kn = strnlen(f->key, NG_RECORD_KEY);
		if (!valid_key(f->key, kn) || own_key(f->key) >= 0 ||
		    !good_field(f->value))
			return 0;
		for (int j = 0; j < i; j++)
			if (!strcmp(info->extra[j].key, f->key))
				return 0;
	}
	return 1;
}

ng_err ng_record_write(const ng_game *g, const ng_record_info *info,
                       char **text_out)
{
	if (!g || !text_out || (info && !good_info(info)))
		return NG_ERR_BAD_ARG;
	int n = ng_game_length(g), ply = ng_game_ply(g);
	if (n > NG_RECORD_MAX_MOVES)
		return NG_ERR_TOO_LONG;
	const ng_pos *first = ng__game_line_pos(g, 0);
	ng_rules rules = ng_pos_rules(first);
	char buf[NG_POS_TEXT], start[NG_POS_TEXT], num[16];
	outbuf t = { NULL, 0, 0, 0 };

	put(&t, MAGIC "1\n", strlen(MAGIC "1\n"));
	if (info && info->date[0])
		put_line(&t, "Date", info->date);
	if (info && info->red[0])
		put_line(&t, "Red", info->red);
	if (info && info->blue[0])
		put_line(&t, "Blue", info->blue);
	put_line(&t, "Rules", ng_rules_name(rules));
	ng_pos p0;
	ng_pos_start(&p0, rules);
	ng_pos_format(&p0, start);
	ng_pos_format(first, buf);
	if (strcmp(buf, start))
		put_line(&t, "Start", buf);
	put_line(&t, "Result", ng_result_name(ng__game_line_result(g)));
	if (ply < n) {
		snprintf(num, sizeof num, "%d", ply);
		put_line(&t, "Ply", num);
	}
	for (int i = 0; info && i < info->nextra; i++)
		put_line(&t, info->extra[i].key, info->extra[i].value);
	snprintf(num, sizeof num, "%d", n);
	put_line(&t, "Moves", num);
	put(&t, "\n", 1);
	for (int i = 0; i < n; i++) {
		char mv[NG_MOVE_TEXT];
		ng_move_format(ng__game_line_pos(g, i), ng__game_line_move(g, i), mv);
		put(&t, mv, strlen(mv));
		put(&t, "\n", 1);
	}
	if (t.oom) {
		free(t.p);
		return NG_ERR_NOMEM;
	}
	*text_out = t.p;
	return NG_OK;
}

/* --------------------------------------------------------- reading */

typedef struct reader {
	const char *text;
	size_t len, at;
	int no;            /* number of the last line read */
} reader;

typedef struct line {
	const char *p;
	size_t len;        /* without the newline and a CR before it */
	int complete;      /* ended by a newline */
} line;

static int next_line(reader *r, line *l)
{
	if (r->at >= r->len)
		return 0;
	const char *s = r->text + r->at;
	size_t room = r->len - r->at;
	const char *nl = memchr(s, '\n', room);
	size_t n = nl ? (size_t)(nl - s) : room;
	r->at += n + (nl != NULL);
	r->no++;
	l->p = s;
	l->complete = nl != NULL;
	if (nl && n > 0 && s[n - 1] == '\r')
		n--;
	l->len = n;
	return 1;
}

/* What every line must be: short, without control characters, ended. */
static ng_err check_line(const line *l)
{
	if (l->len > NG_RECORD_LINE_MAX)
		return NG_ERR_LINE_TOO_LONG;
	for (size_t i = 0; i < l->len; i++)
		if (control((unsigned char)l->p[i]))
			return NG_ERR_CONTROL_CHAR;
	return l->complete ? NG_OK : NG_ERR_TRUNCATED;
}

static ng_err check_magic(const line *l)
{
	size_t m = sizeof MAGIC - 1;
	if (l->len < m || memcmp(l->p, MAGIC, m))
		return NG_ERR_NOT_RECORD;
	const char *v = l->p + m;
	size_t n = l->len - m;
	if (n == 1 && v[0] == '1')
		return check_line(l);
	if (n == 0 || n > 9 || v[0] == '0' || digits(v, (int)n) < 0)
		return NG_ERR_NOT_RECORD;
	return NG_ERR_RECORD_VERSION;
}

/* The header as read. */
typedef struct header {
	int line[K_OWN];             /* where each own key was, 0 if absent */
	char start[NG_RECORD_LINE_MAX + 1];
	ng_rules rules;
	ng_result result;
	int ply, moves;
	ng_record_info info;
} header;

static ng_err header_line(header *h, const line *l, int no)
{
	const char *colon = memchr(l->p, ':', l->len);
	size_t kn = (size_t)(colon - l->p);
	if (!valid_key(l->p, kn))
		return NG_ERR_HEADER_SYNTAX;
	const char *v = colon + 1;
	size_t vn = l->len - kn - 1;
	if (vn > 0 && *v == ' ') {
		v++;
		vn--;
	}
	char key[NG_RECORD_KEY];
	memcpy(key, l->p, kn);
	key[kn] = 0;
	int k = own_key(key);
	ng_err e = check_value(v, vn, k == K_START ? sizeof h->start : NG_RECORD_VALUE);
	if (e)
		return e;
	if (k >= 0 ? h->line[k] != 0 : find_extra(&h->info, key) >= 0)
		return NG_ERR_HEADER_DUP;
	char val[NG_RECORD_VALUE];   /* a name, as names.c parses it */
	if (k == K_RULES || k == K_RESULT) {
		memcpy(val, v, vn);   /* (check_value: vn < NG_RECORD_VALUE) */
		val[vn] = 0;
	}
	switch (k) {
	case K_DATE:
		if (!valid_date(v, vn))
			return NG_ERR_HEADER_VALUE;
		memcpy(h->info.date, v, vn);
		break;
	case K_RED:
		memcpy(h->info.red, v, vn);
		break;
	case K_BLUE:
		memcpy(h->info.blue, v, vn);
		break;
	case K_RULES:
		if (ng_rules_from_name(val, &h->rules))
			return NG_ERR_HEADER_VALUE;
		break;
	case K_START:
		memcpy(h->start, v, vn);
		h->start[vn] = 0;
		break;
	case K_RESULT:
		if (ng_result_from_name(val, &h->result))
			return NG_ERR_HEADER_VALUE;
		break;
	case K_PLY:
		if (!parse_count(v, vn, &h->ply))
			return NG_ERR_HEADER_VALUE;
		break;
	case K_MOVES:
		if (!parse_count(v, vn, &h->moves))
			return NG_ERR_HEADER_VALUE;
		break;
	default: {
		if (h->info.nextra == NG_RECORD_EXTRA)
			return NG_ERR_HEADER_FULL;
		ng_record_field *f = &h->info.extra[h->info.nextra++];
		memcpy(f->key, key, kn + 1);
		memcpy(f->value, v, vn);
		f->value[vn] = 0;
		f->line = no;
		break;
	}
	}
	if (k >= 0)
		h->line[k] = no;
	return NG_OK;
}

ng_err ng_record_parse(const char *text, size_t len, ng_game **game_out,
                       ng_record_info *info_out, int *err_line)
{
	int dummy;
	if (!err_line)
		err_line = &dummy;
	*err_line = 0;
	if (!text || !game_out)
		return NG_ERR_BAD_ARG;
	if (len == 0)
		return NG_ERR_EMPTY;

	header *h = calloc(1, sizeof *h);
	if (!h)
		return NG_ERR_NOMEM;
	reader r = { text, len, 0, 0 };
	line l;
	ng_game *g = NULL;
	ng_err e;
	int body = 0;    /* the header ended at l, the first move */
	int end_no = 0;  /* the line the header ended on */

	next_line(&r, &l);
	if ((e = check_magic(&l)))
		goto fail;
	while (next_line(&r, &l)) {
		if ((e = check_line(&l)))
			goto fail;
		if (l.len == 0 || !memchr(l.p, ':', l.len)) {
			/* an empty line, or the first move */
			body = l.len != 0;
			end_no = r.no;
			break;
		}
		if ((e = header_line(h, &l, r.no)))
			goto fail;
	}
	if (!end_no)     /* the text ended in the header */
		end_no = r.no + 1;
	if (!h->line[K_RULES] || !h->line[K_MOVES]) {
		*err_line = end_no;
		e = NG_ERR_HEADER_MISSING;
		goto out;
	}
	if (!h->line[K_PLY])
		h->ply = h->moves;
	else if (h->ply > h->moves) {
		*err_line = h->line[K_PLY];
		e = NG_ERR_HEADER_VALUE;
		goto out;
	}
	ng_pos start;
	ng_pos_start(&start, h->rules);
	if (h->line[K_START] && (e = ng_pos_parse(&start, h->start, h->rules))) {
		*err_line = h->line[K_START];
		goto out;
	}
	if (!(g = ng_game_new(h->rules))) {
		e = NG_ERR_NOMEM;
		goto out;
	}
	ng_game_set(g, &start);

	int n = 0;
	while (body || next_line(&r, &l)) {
		body = 0;
		char buf[NG_RECORD_LINE_MAX + 1];
		ng_move m;
		if ((e = check_line(&l)))
			goto fail;
		if (l.len == 0) {
			e = NG_ERR_EMPTY_LINE;
			goto fail;
		}
		memcpy(buf, l.p, l.len);
		buf[l.len] = 0;
		if (ng_game_result(g) != NG_NONE) {
			e = NG_ERR_GAME_OVER;
			goto fail;
		}
		if ((e = ng_move_parse(ng_game_pos(g), buf, &m)))
			goto fail;
		if (n == h->moves) {
			e = NG_ERR_MOVE_COUNT;
			goto fail;
		}
		if ((e = ng_game_play(g, m)))
			goto fail;
		n++;
	}
	if (n != h->moves) {
		*err_line = h->line[K_MOVES];
		e = NG_ERR_MOVE_COUNT;
		goto out;
	}
	ng_result result = ng_game_result(g);
	if (h->line[K_RESULT] && h->result != result) {
		*err_line = h->line[K_RESULT];
		e = NG_ERR_RESULT_MISMATCH;
		goto out;
	}
	while (ng_game_ply(g) > h->ply)
		ng_game_undo(g);
	if (info_out) {
		*info_out = h->info;
		info_out->rules = h->rules;
		info_out->result = result;
		info_out->moves = n;
		info_out->ply = h->ply;
	}
	*game_out = g;
	g = NULL;
	e = NG_OK;
	goto out;
fail:
	*err_line = r.no;
out:
	ng_game_free(g);
	free(h);
	return e;
}
