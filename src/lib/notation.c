/*
 * notation.c - text forms of cells, positions and moves.
 *
 *   cell      q,r
 *   position  tiles/red/blue/side/lock   (cells joined by ';', side r|b,
 *             lock a cell or '-'; printed sorted by r, then q)
 *   move      from>to/from>to  (slide/relocation; '-' for a skipped part;
 *             a winning slide alone)
 */
#include "internal.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#define NONE NG_NOCELL
#define MAX_TEXT 4096

/*
 * Parse an integer at *s, |value| <= max; advances *s.  Positions are read
 * within NG_COORD_MAX; moves accept any 32-bit value, because a board set
 * near that limit drifts past it in play and its moves must stay playable
 * by their text (a cell outside the frame is then refused by the rules).
 */
#define MOVE_COORD_MAX INT32_MAX

static ng_err parse_int(const char **s, int32_t *out, int64_t max)
{
	const char *p = *s;
	int neg = 0;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (*p < '0' || *p > '9')
		return NG_ERR_SYNTAX;
	int64_t v = 0;
	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (*p++ - '0');
		if (v > max)
			return NG_ERR_RANGE;
	}
	*out = (int32_t)(neg ? -v : v);
	*s = p;
	return NG_OK;
}

static ng_err parse_cell_max(const char **s, ng_cell *c, int64_t max)
{
	ng_err e = parse_int(s, &c->q, max);
	if (e)
		return e;
	if (**s != ',')
		return NG_ERR_SYNTAX;
	(*s)++;
	return parse_int(s, &c->r, max);
}

static ng_err parse_cell(const char **s, ng_cell *c)
{
	return parse_cell_max(s, c, NG_COORD_MAX);
}

/* A list of cells separated by ';', ended by '/' or NUL; at most max. */
static ng_err parse_list(const char **s, ng_cell *out, int max, int *n,
                         ng_err too_many)
{
	*n = 0;
	for (;;) {
		if (*n >= max)
			return too_many;
		ng_err e = parse_cell(s, &out[*n]);
		if (e)
			return e;
		(*n)++;
		if (**s != ';')
			return NG_OK;
		(*s)++;
	}
}

static int cell_eq(ng_cell a, ng_cell b) { return a.q == b.q && a.r == b.r; }

static int cell_index(const ng_cell *list, int n, ng_cell c)
{
	for (int i = 0; i < n; i++)
		if (cell_eq(list[i], c))
			return i;
	return -1;
}

static int connected(const ng_cell *d, int n)
{
	int seen[NDISCS] = { 1 }, stack[NDISCS] = { 0 }, sp = 1, count = 1;
	while (sp) {
		ng_cell c = d[stack[--sp]];
		for (int i = 0; i < 6; i++) {
			ng_cell nb = { c.q + DX[i], c.r + DY[i] };
			int j = cell_index(d, n, nb);
			if (j >= 0 && !seen[j]) {
				seen[j] = 1;
				stack[sp++] = j;
				count++;
			}
		}
	}
	return count == n;
}

ng_err ng_pos_parse(ng_pos *pos, const char *text, ng_rules rules)
{
	ng_cell discs[NDISCS + 1], tok[2][4], lock;
	int nd, nt[2], has_lock = 0;
	const char *s = text;
	if (!text)
		return NG_ERR_BAD_ARG;
	if (strnlen(text, MAX_TEXT + 1) > MAX_TEXT)
		return NG_ERR_TOO_LONG;
	ng_err e = parse_list(&s, discs, NDISCS + 1, &nd, NG_ERR_DISC_COUNT);
	if (e)
		return e;
	if (*s++ != '/')
		return NG_ERR_SYNTAX;
	for (int side = 0; side < 2; side++) {
		if ((e = parse_list(&s, tok[side], 4, &nt[side], NG_ERR_TOKEN_COUNT)))
			return e;
		if (*s++ != '/')
			return NG_ERR_SYNTAX;
	}
	if (*s != 'r' && *s != 'b')
		return NG_ERR_SYNTAX;
	int side = *s++ == 'b';
	if (*s++ != '/')
		return NG_ERR_SYNTAX;
	if (s[0] == '-' && s[1] == 0)
		s++;
	else if ((e = parse_cell(&s, &lock)))
		return e;
	else
		has_lock = 1;
	if (*s)
		return NG_ERR_SYNTAX;

	if (nd != NDISCS)
		return NG_ERR_DISC_COUNT;
	for (int i = 0; i < nd; i++)
		if (cell_index(discs, i, discs[i]) >= 0)
			return NG_ERR_DISC_DUP;
	if (!connected(discs, nd))
		return NG_ERR_DISCONNECTED;
	if (nt[0] != 3 || nt[1] != 3)
		return NG_ERR_TOKEN_COUNT;
	ng_cell all[6];
	for (int i = 0; i < 6; i++) {
		all[i] = tok[i / 3][i % 3];
		if (cell_index(discs, nd, all[i]) < 0)
			return NG_ERR_TOKEN_OFF_DISC;
		if (cell_index(all, i, all[i]) >= 0)
			return NG_ERR_TOKEN_DUP;
	}
	if (has_lock && cell_index(discs, nd, lock) < 0)
		return NG_ERR_LOCK_OFF_DISC;

	ng_pos p;
	memset(&p, 0, sizeof p);
	int32_t qmin = discs[0].q, rmin = discs[0].r;
	for (int i = 1; i < nd; i++) {
		if (discs[i].q < qmin)
			qmin = discs[i].q;
		if (discs[i].r < rmin)
			rmin = discs[i].r;
	}
	p.oq = qmin - MARGIN;
	p.or_ = rmin - MARGIN;
	/* Connected discs span at most 19 cells per axis: all fit the frame. */
	for (int i = 0; i < nd; i++)
		set_bit(p.disc, ng__cell_of(&p, discs[i]));
	for (int i = 0; i < 6; i++)
		p.tok[i / 3][i % 3] = (uint16_t)ng__cell_of(&p, all[i]);
	p.lock = has_lock ? (uint16_t)ng__cell_of(&p, lock) : NONE;
	p.side = (uint8_t)side;
	p.rules = (uint8_t)(rules == NG_SIMPLE ? NG_SIMPLE : NG_STANDARD);
	ng__rekey(&p);
	if (shape3(p.tok[0][0], p.tok[0][1], p.tok[0][2]) &&
	    shape3(p.tok[1][0], p.tok[1][1], p.tok[1][2]))
		return NG_ERR_BOTH_WON;
	*pos = p;
	return NG_OK;
}

static char *put_cell(char *b, ng_cell c)
{
	return b + sprintf(b, "%ld,%ld", (long)c.q, (long)c.r);
}

static int cell_cmp(const void *a, const void *b)
{
	const ng_cell *x = a, *y = b;
	if (x->r != y->r)
		return x->r < y->r ? -1 : 1;
	return (x->q > y->q) - (x->q < y->q);
}

static char *put_list(char *b, ng_cell *c, int n)
{
	qsort(c, (size_t)n, sizeof *c, cell_cmp);
	for (int i = 0; i < n; i++) {
		if (i)
			*b++ = ';';
		b = put_cell(b, c[i]);
	}
	return b;
}

void ng_pos_format(const ng_pos *pos, char buf[NG_POS_TEXT])
{
	ng_cell c[NDISCS];
	char *b = buf;
	int n = ng_pos_discs(pos, c);
	b = put_list(b, c, n);
	for (int s = 0; s < 2; s++) {
		*b++ = '/';
		ng_pos_tokens(pos, (ng_side)s, c);
		b = put_list(b, c, 3);
	}
	b += sprintf(b, "/%c/", pos->side ? 'b' : 'r');
	ng_cell l;
	if (ng_pos_lock(pos, &l))
		b = put_cell(b, l);
	else
		*b++ = '-';
	*b = 0;
}

/* ------------------------------------------------------------------ moves */

int ng_move_slide(const ng_pos *pos, ng_move m, ng_cell *from, ng_cell *to)
{
	if (m.sf == NONE)
		return 0;
	*from = ng__abs(pos, m.sf);
	*to = ng__abs(pos, m.st);
	return 1;
}

int ng_move_reloc(const ng_pos *pos, ng_move m, ng_cell *from, ng_cell *to)
{
	if (m.rf == NONE)
		return 0;
	*from = ng__abs(pos, m.rf);
	*to = ng__abs(pos, m.rt);
	return 1;
}

ng_err ng_move_build(const ng_pos *pos, const ng_cell *sf, const ng_cell *st,
                     const ng_cell *rf, const ng_cell *rt, ng_move *m)
{
	const ng_cell *in[4] = { sf, st, rf, rt };
	uint16_t out[4];
	if (!sf != !st || !rf != !rt)
		return NG_ERR_BAD_ARG;
	for (int i = 0; i < 4; i++) {
		int c = in[i] ? ng__cell_of(pos, *in[i]) : NONE;
		if (c < 0)
			return NG_ERR_RANGE;
		out[i] = (uint16_t)c;
	}
	m->sf = out[0];
	m->st = out[1];
	m->rf = out[2];
	m->rt = out[3];
	return NG_OK;
}

/* Does the slide part of m win at once? */
static int slide_wins(const ng_pos *pos, ng_move m)
{
	if (m.sf == NONE)
		return 0;
	uint16_t t[3];
	for (int k = 0; k < 3; k++) {
		t[k] = pos->tok[pos->side][k];
		if (t[k] == m.sf)
			t[k] = m.st;
	}
	return shape3(t[0], t[1], t[2]);
}

void ng_move_format(const ng_pos *pos, ng_move m, char buf[NG_MOVE_TEXT])
{
	char *b = buf;
	ng_cell f, t;
	if (ng_move_slide(pos, m, &f, &t)) {
		b = put_cell(b, f);
		*b++ = '>';
		b = put_cell(b, t);
	} else {
		*b++ = '-';
	}
	if (!(m.rf == NONE && slide_wins(pos, m))) {
		*b++ = '/';
		if (ng_move_reloc(pos, m, &f, &t)) {
			b = put_cell(b, f);
			*b++ = '>';
			b = put_cell(b, t);
		} else {
			*b++ = '-';
		}
	}
	*b = 0;
}

/* A part: '-' or cell>cell.  Cells outside the frame cannot be part of a
 * legal move; they are mapped to frame cell 0, which is always empty and
 * far from the discs, so that the legality check names the reason. */
static ng_err parse_part(const ng_pos *pos, const char **s, uint16_t *a,
                         uint16_t *b)
{
	if (**s == '-' && ((*s)[1] == '/' || (*s)[1] == 0)) {
		(*s)++;
		*a = *b = NONE;
		return NG_OK;
	}
	ng_cell c1, c2;
	ng_err e = parse_cell_max(s, &c1, MOVE_COORD_MAX);
	if (e)
		return e;
	if (**s != '>')
		return NG_ERR_SYNTAX;
	(*s)++;
	if ((e = parse_cell_max(s, &c2, MOVE_COORD_MAX)))
		return e;
	int i1 = ng__cell_of(pos, c1), i2 = ng__cell_of(pos, c2);
	*a = (uint16_t)(i1 < 0 ? 0 : i1);
	*b = (uint16_t)(i2 < 0 ? 0 : i2);
	return NG_OK;
}

ng_err ng_move_parse(const ng_pos *pos, const char *text, ng_move *m)
{
	ng_move mv;
	const char *s = text;
	if (!text)
		return NG_ERR_BAD_ARG;
	if (strnlen(text, MAX_TEXT + 1) > MAX_TEXT)
		return NG_ERR_TOO_LONG;
	ng_err e = parse_part(pos, &s, &mv.sf, &mv.st);
	if (e)
		return e;
	mv.rf = mv.rt = NONE;
	if (*s == '/') {
		s++;
		if ((e = parse_part(pos, &s, &mv.rf, &mv.rt)))
			return e;
	} else if (mv.sf == NONE) {
		return NG_ERR_SYNTAX;    /* "-" alone is not a move */
	}
	if (*s)
		return NG_ERR_SYNTAX;
	if (ng__winner(pos) != NG_NONE)
		return NG_ERR_GAME_OVER;
	if ((e = ng_check_move(pos, mv)))
		return e;
	*m = mv;
	return NG_OK;
}
