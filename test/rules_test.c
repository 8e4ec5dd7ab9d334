/*
 * rules_test.c - every rule of nonaga(6), RULES, on hand-made positions:
 * slides, wins, freeness, the lock, connectivity, targets, skipped parts,
 * the pass, repetition, undo/redo, each refusal reason, the notation, and
 * boards of any shape anywhere (straight lines, far coordinates, long
 * drifts).
 *
 * Positions are written with a few helpers: hexw("-0,0 +3,-1") is the
 * 19-disc start hexagon with (0,0) taken away and (3,-1) added, lineof(q, r,
 * dir, n) is n discs in a straight line.
 */
#include "nonaga.h"
#include "tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static char *cat(char *dst, const char *s)
{
	return dst + sprintf(dst, "%s", s);
}

/* The start hexagon with edits: "-q,r" removes a cell, "+q,r" adds one. */
static const char *hexw(const char *edits)
{
	static char out[8][1024];
	static int slot;
	int cq[64], cr[64], n = 0;
	for (int r = -2; r <= 2; r++)
		for (int q = -2; q <= 2; q++)
			if (q + r >= -2 && q + r <= 2) {
				cq[n] = q;
				cr[n++] = r;
			}
	const char *p = edits;
	while (*p) {
		char op;
		int q, r, k;
		if (sscanf(p, " %c%d,%d%n", &op, &q, &r, &k) != 3)
			break;
		p += k;
		if (op == '+') {
			cq[n] = q;
			cr[n++] = r;
		} else {
			for (int i = 0; i < n; i++)
				if (cq[i] == q && cr[i] == r) {
					cq[i] = cq[n - 1];
					cr[i] = cr[--n];
					break;
				}
		}
	}
	char *o = out[slot = (slot + 1) % 8], *b = o;
	for (int i = 0; i < n; i++)
		b += sprintf(b, "%s%d,%d", i ? ";" : "", cq[i], cr[i]);
	return o;
}

/* n discs from (q, r) in direction dir. */
static const char *lineof(long q, long r, int dir, int n)
{
	static char out[4][1024];
	static int slot;
	char *o = out[slot = (slot + 1) % 4], *b = o;
	for (int i = 0; i < n; i++)
		b += sprintf(b, "%s%ld,%ld", i ? ";" : "", q + (long)i * ng_direction(dir).q,
		             r + (long)i * ng_direction(dir).r);
	return o;
}

static char textbuf[64][2048];
static int textslot;

/* discs/red/blue/side/lock */
static const char *P5(const char *d, const char *red, const char *blue,
                      const char *side_lock)
{
	char *t = textbuf[textslot = (textslot + 1) % 64];
	snprintf(t, 2048, "%s/%s/%s/%s", d, red, blue, side_lock);
	return t;
}

static ng_pos parse_ok(const char *text, ng_rules rules, int line)
{
	ng_pos p;
	ng_err e = ng_pos_parse(&p, text, rules);
	if (e) {
		fprintf(stderr, "rules_test.c:%d: cannot parse %s: %s\n", line, text,
		        ng_strerror(e));
		exit(2);
	}
	return p;
}
#define POS(text, rules) parse_ok((text), (rules), __LINE__)

static ng_err why(const ng_pos *p, const char *mv)
{
	ng_move m;
	return ng_move_parse(p, mv, &m);
}

/* Every legal move, formatted and sorted, joined by spaces. */
static int strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *all_moves(const ng_pos *p)
{
	static ng_movelist l;
	static char txt[NG_MAX_MOVES][NG_MOVE_TEXT];
	static char *ptr[NG_MAX_MOVES];
	ng_generate(p, &l);
	size_t len = 1;
	for (int i = 0; i < l.n; i++) {
		ng_move_format(p, l.m[i], txt[i]);
		ptr[i] = txt[i];
		len += strlen(txt[i]) + 1;
	}
	qsort(ptr, (size_t)l.n, sizeof *ptr, strp_cmp);
	char *out = malloc(len), *b = out;
	*b = 0;
	for (int i = 0; i < l.n; i++)
		b += sprintf(b, "%s%s", i ? " " : "", ptr[i]);
	return out;
}

static int has_move(const ng_pos *p, const char *mv)
{
	char *all = all_moves(p);
	size_t n = strlen(mv);
	int found = 0;
	for (char *s = all; *s;) {
		char *e = strchr(s, ' ');
		size_t k = e ? (size_t)(e - s) : strlen(s);
		if (k == n && !memcmp(s, mv, n))
			found = 1;
		s += k + (e ? 1 : 0);
	}
	free(all);
	return found;
}

static ng_pos after(const ng_pos *p, const char *mv)
{
	ng_move m;
	ng_pos q = *p;
	ng_undo u;
	ng_err e = ng_move_parse(p, mv, &m);
	if (e) {
		fprintf(stderr, "cannot play %s: %s\n", mv, ng_strerror(e));
		exit(2);
	}
	ng_make(&q, m, &u);
	return q;
}

static const char *fmt(const ng_pos *p)
{
	char *t = textbuf[textslot = (textslot + 1) % 64];
	ng_pos_format(p, t);
	return t;
}

static ng_cell C(int q, int r)
{
	ng_cell c = { q, r };
	return c;
}

static ng_err take(const ng_pos *p, ng_cell c)
{
	return ng_why_not_take(p, NULL, NULL, c);
}

static int cells_cmp(const void *a, const void *b)
{
	const ng_cell *x = a, *y = b;
	if (x->r != y->r)
		return x->r < y->r ? -1 : 1;
	return (x->q > y->q) - (x->q < y->q);
}

/* The start's token placement, used where tokens do not matter. */
#define SR "2,-2;-2,0;0,2"
#define SB "2,0;-2,2;0,-2"

/* ------------------------------------------------------------- slides */

static void test_slides(void)
{
	/* Red in the centre slides to each of the six corners. */
	ng_pos p = POS(P5(hexw(""), "0,0;1,1;-1,-1", "2,-1;-2,1;1,-2", "r/-"),
	               NG_STANDARD);
	ng_cell out[6];
	int n = ng_slide_targets(&p, C(0, 0), out);
	qsort(out, (size_t)n, sizeof out[0], cells_cmp);
	static const int want[6][2] = { { 0, -2 }, { 2, -2 }, { -2, 0 },
	                                { 2, 0 }, { -2, 2 }, { 0, 2 } };
	CHECK(n == 6, "centre token has %d slides, want 6", n);
	for (int i = 0; i < n && i < 6; i++)
		CHECK(out[i].q == want[i][0] && out[i].r == want[i][1],
		      "slide %d ends at %d,%d", i, out[i].q, out[i].r);
	for (int i = 0; i < 6; i++) {
		char mv[64];
		snprintf(mv, sizeof mv, "0,0>%d,%d/-2,1>-3,1", want[i][0], want[i][1]);
		/* (-2,1) has a blue token: the slide part is fine, the take not */
		CHECK(why(&p, mv) == NG_ERR_DISC_HAS_TOKEN, "%s", mv);
	}
	/* (1,1): edge stops at (2,0) and (0,2), token stops before (1,-2) and
	 * (-2,1); (1,1)+(1,0) and (1,1)+(0,1) hold no disc. */
	n = ng_slide_targets(&p, C(1, 1), out);
	qsort(out, (size_t)n, sizeof out[0], cells_cmp);
	CHECK(n == 4 && out[0].q == 1 && out[0].r == -1 && out[1].q == 2 &&
	      out[1].r == 0 && out[2].q == -1 && out[2].r == 1 && out[3].q == 0 &&
	      out[3].r == 2, "slides of 1,1");
	CHECK(why(&p, "1,1>1,0/2,-2>3,-1") == NG_ERR_SLIDE_SHORT, "stops short");
	CHECK(why(&p, "1,1>1,-2/2,-2>3,-1") == NG_ERR_SLIDE_BLOCKED,
	      "onto a token");
	CHECK(why(&p, "1,1>1,-3/2,-2>3,-1") == NG_ERR_SLIDE_BLOCKED,
	      "past a token, off the board");
	CHECK(why(&p, "1,1>2,1/2,-2>3,-1") == NG_ERR_SLIDE_BLOCKED, "no disc");
	CHECK(why(&p, "1,1>3,-1/2,-2>3,-1") == NG_ERR_SLIDE_BLOCKED,
	      "beyond the edge");
	CHECK(why(&p, "1,1>2,-1/2,-2>3,-1") == NG_ERR_NOT_A_SLIDE, "bent");
	CHECK(why(&p, "1,1>1,1/2,-2>3,-1") == NG_ERR_NOT_A_SLIDE, "no move");
	CHECK(why(&p, "1,1>1,-1/2,-2>3,-1") == NG_OK, "1,1>1,-1 legal");
	CHECK(why(&p, "2,-1>1,-1/2,-2>3,-1") == NG_ERR_NOT_YOUR_TOKEN, "blue's");
	CHECK(why(&p, "1,0>1,-1/2,-2>3,-1") == NG_ERR_NOT_YOUR_TOKEN, "empty");
	CHECK(ng_why_not_token(&p, C(1, 1)) == NG_OK, "1,1 can move");
	CHECK(ng_why_not_token(&p, C(2, -1)) == NG_ERR_NOT_YOUR_TOKEN, "blue");
	CHECK(ng_why_not_token(&p, C(50, 50)) == NG_ERR_NOT_YOUR_TOKEN, "far");
	/* the slide list of the whole position: 6 + 4 + 4 */
	int slides = 0;
	for (int i = 0; i < 3; i++) {
		ng_cell t[3];
		ng_pos_tokens(&p, NG_RED, t);
		slides += ng_slide_targets(&p, t[i], out);
	}
	CHECK(slides == 14, "%d slides", slides);

	/* A slide stops at a hole as at the edge: hexagon without (0,0). */
	p = POS(P5(hexw("-0,0 +3,-1"), "-2,0;0,2;1,-2", "2,0;-2,2;0,-2", "r/-"),
	        NG_STANDARD);
	n = ng_slide_targets(&p, C(-2, 0), out);
	CHECK(n == 3, "-2,0 has %d slides", n);
	CHECK(why(&p, "-2,0>-1,0/3,-1>3,-2") == NG_OK, "stops at the hole");
	CHECK(why(&p, "-2,0>1,0/3,-1>3,-2") == NG_ERR_SLIDE_BLOCKED,
	      "does not jump the hole");

	/* A token boxed in by tokens and edges cannot move at all. */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;1,0;18,0", "2,0;17,0;9,0", "r/-"),
	        NG_STANDARD);
	CHECK(ng_why_not_token(&p, C(0, 0)) == NG_ERR_SLIDE_BLOCKED, "boxed");
	CHECK(ng_slide_targets(&p, C(0, 0), out) == 0, "no targets when boxed");
	CHECK(why(&p, "0,0>-1,0/-") == NG_ERR_SLIDE_BLOCKED, "boxed slide");
}

/* ---------------------------------------------------------------- wins */

static ng_result winner_of(const char *red, const char *blue, const char *side)
{
	ng_pos p = POS(P5(hexw(""), red, blue, side), NG_STANDARD);
	return ng_pos_winner(&p);
}

static void test_wins(void)
{
	const char *far_blue = "-2,2;0,-2;2,-1";   /* no two adjacent */
	CHECK(winner_of("0,0;1,0;2,0", far_blue, "b/-") == NG_RED_WINS, "line");
	CHECK(winner_of("0,0;0,1;0,-1", far_blue, "b/-") == NG_RED_WINS, "line r");
	CHECK(winner_of("1,-1;0,0;-1,1", far_blue, "b/-") == NG_RED_WINS,
	      "line q+r");
	CHECK(winner_of("0,0;1,0;0,1", far_blue, "b/-") == NG_RED_WINS,
	      "triangle");
	CHECK(winner_of("0,0;1,-1;1,0", far_blue, "b/-") == NG_RED_WINS,
	      "triangle 2");
	CHECK(winner_of("0,0;1,0;1,1", far_blue, "b/-") == NG_RED_WINS, "V");
	CHECK(winner_of("-1,0;0,0;1,-1", far_blue, "b/-") == NG_RED_WINS, "V 2");
	CHECK(winner_of("0,0;1,0;-2,1", far_blue, "b/-") == NG_NONE, "one pair");
	CHECK(winner_of("0,0;2,0;-2,0", far_blue, "b/-") == NG_NONE, "gaps");
	CHECK(winner_of("0,0;1,0;-1,2", "-2,2;0,-2;2,-1", "b/-") == NG_NONE,
	      "one pair, one apart");
	CHECK(winner_of("-1,-1;1,1;-2,2", "1,0;2,-1;2,-2", "r/-") == NG_BLUE_WINS,
	      "blue line");
	CHECK(winner_of("-1,-1;1,1;-2,2", "1,0;2,-1;2,0", "b/-") == NG_BLUE_WINS,
	      "blue triangle, blue to move");
	ng_pos p = POS(P5(hexw(""), "0,0;1,0;1,1", far_blue, "b/-"), NG_STANDARD);
	ng_cell w[3];
	CHECK(ng_pos_winning_cells(&p, w) == 3, "winning cells");
	ng_movelist l;
	CHECK(ng_generate(&p, &l) == 0 && ng_count_moves(&p) == 0, "no moves");
	CHECK(why(&p, "-2,2>-2,1/-") == NG_ERR_GAME_OVER, "game over");
	CHECK(ng_why_not_token(&p, C(-2, 2)) == NG_ERR_GAME_OVER, "token, over");
	ng_pos q;
	CHECK(ng_pos_parse(&q, P5(hexw(""), "0,0;1,0;2,0", "0,1;1,1;-1,2", "r/-"),
	                   NG_STANDARD) == NG_ERR_BOTH_WON, "both won");

	/* A winning slide ends the turn: red slides -1,2 up to -1,0. */
	p = POS(P5(hexw(""), "0,0;1,0;-1,2", "-1,-1;2,-2;0,-2", "r/-"),
	        NG_STANDARD);
	CHECK(ng_pos_winner(&p) == NG_NONE, "no winner yet");
	CHECK(has_move(&p, "-1,2>-1,0"), "the winning slide is listed alone");
	CHECK(!has_move(&p, "-1,2>-1,0/2,-1>3,-1"), "no relocation after a win");
	CHECK(why(&p, "-1,2>-1,0") == NG_OK, "winning slide");
	CHECK(why(&p, "-1,2>-1,0/2,-1>3,-1") == NG_ERR_WIN_ENDS_TURN, "ends");
	CHECK(ng_why_not_take(&p, &(ng_cell){ -1, 2 }, &(ng_cell){ -1, 0 },
	                      C(2, -1)) == NG_ERR_WIN_ENDS_TURN, "take after win");
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_game_set(g, &p);
	ng_move m;
	CHECK(ng_move_parse(&p, "-1,2>-1,0", &m) == NG_OK, "parse win");
	char buf[NG_MOVE_TEXT];
	ng_move_format(&p, m, buf);
	CHECK(!strcmp(buf, "-1,2>-1,0"), "win formatted as %s", buf);
	CHECK(ng_game_play(g, m) == NG_OK, "play win");
	CHECK(ng_game_result(g) == NG_RED_WINS, "red won");
	const ng_pos *end = ng_game_pos(g);
	CHECK(ng_pos_side(end) == NG_BLUE && !ng_pos_lock(end, NULL),
	      "blue to move, no lock");
	CHECK(ng_game_play(g, m) == NG_ERR_GAME_OVER, "nothing after a win");
	ng_game_free(g);
}

/* ------------------------------------------------------------- freeness */

static void test_free(void)
{
	/* A two-cell hole (0,0), (1,-1) enclosed by discs: (1,0) has two open
	 * sides, both facing the hole, and is not free. */
	const char *t1 = hexw("-0,0 -1,-1 +3,-1 +3,-2");
	ng_pos p = POS(P5(t1, SR, SB, "r/-"), NG_STANDARD);
	CHECK(take(&p, C(1, 0)) == NG_ERR_DISC_NOT_FREE, "hole side not free");
	CHECK(take(&p, C(0, -1)) == NG_ERR_DISC_NOT_FREE, "hole side 2");
	CHECK(take(&p, C(-1, 1)) == NG_ERR_DISC_NOT_FREE, "hole side 3");
	CHECK(take(&p, C(3, -1)) == NG_OK, "outer disc free");
	CHECK(take(&p, C(-1, 2)) == NG_OK, "edge disc free");
	CHECK(why(&p, "-2,0>-1,0/1,0>0,0") == NG_ERR_DISC_NOT_FREE, "move it");
	ng_pos s = POS(P5(t1, SR, SB, "r/-"), NG_SIMPLE);
	CHECK(take(&s, C(1, 0)) == NG_OK, "simple: hole side can go");
	CHECK(why(&s, "-2,0>-1,0/1,0>0,0") == NG_OK, "simple: into the hole");

	/* The hole opens to the outside only through (2,-2), a one-cell gap
	 * between (2,-1) and (1,-2): the disc at the bottom, (1,0), steps into
	 * the hole but cannot squeeze out. */
	const char *t3 = hexw("-0,0 -1,-1 -2,-2 +-3,1 +-3,2 +-3,3");
	p = POS(P5(t3, "2,-1;-2,0;0,2", "2,0;-1,2;0,-2", "r/-"), NG_STANDARD);
	CHECK(take(&p, C(1, 0)) == NG_ERR_DISC_NOT_FREE, "behind a gap");
	CHECK(take(&p, C(0, -1)) == NG_ERR_DISC_NOT_FREE, "behind a gap 2");
	CHECK(take(&p, C(1, -2)) == NG_OK, "at the gap's mouth");
	/* Widen the gap by one cell and the same disc walks out. */
	const char *t3b = hexw("-0,0 -1,-1 -2,-2 -2,-1 +-3,1 +-3,2 +-3,3 +-3,4");
	p = POS(P5(t3b, "2,0;-2,0;0,2", "1,1;-1,2;0,-2", "r/-"), NG_STANDARD);
	CHECK(take(&p, C(1, 0)) == NG_OK, "wide gap: free");

	/* One open side whose step is squeezed: (2,-1) with (3,-1) added. */
	const char *t4 = hexw("--2,2 +3,-1");
	p = POS(P5(t4, SR, "2,0;-1,2;0,-2", "r/-"), NG_STANDARD);
	CHECK(take(&p, C(2, -1)) == NG_ERR_DISC_NOT_FREE, "one squeezed side");
	CHECK(take(&p, C(1, 1)) == NG_OK, "two open sides outward");
	CHECK(take(&p, C(0, 0)) == NG_ERR_DISC_NOT_FREE, "centre");
	s = POS(P5(t4, SR, "2,0;-1,2;0,-2", "r/-"), NG_SIMPLE);
	CHECK(take(&s, C(2, -1)) == NG_OK, "simple: squeezed side may go");
	CHECK(take(&s, C(0, 0)) == NG_OK, "simple: even the centre");

	/* The start: the 12 rim discs are free, the 7 inner ones are not. */
	ng_pos_start(&p, NG_STANDARD);
	int rim = 0, inner = 0;
	ng_cell d[19];
	ng_pos_discs(&p, d);
	for (int i = 0; i < 19; i++) {
		ng_err e = take(&p, d[i]);
		if (e == NG_OK)
			rim++;
		else if (e == NG_ERR_DISC_NOT_FREE)
			inner++;
	}
	CHECK(rim == 6 && inner == 7, "start: %d free untokened, %d inner", rim,
	      inner);
	/* A disc alone on the box's edge is outside the others' box: free. */
	p = POS(P5(hexw("-0,2 +-1,3"), "2,-2;-2,0;-1,2", SB, "r/-"), NG_STANDARD);
	CHECK(take(&p, C(-1, 3)) == NG_OK, "lone disc beyond the edge");
}

/* ------------------------------------------------------ lock and cuts */

static void test_lock(void)
{
	ng_pos p = POS(P5(hexw(""), SR, SB, "r/1,-2"), NG_STANDARD);
	CHECK(take(&p, C(1, -2)) == NG_ERR_DISC_LOCKED, "locked");
	CHECK(why(&p, "2,-2>2,-1/1,-2>3,-2") == NG_ERR_DISC_LOCKED, "locked move");
	CHECK(!has_move(&p, "2,-2>2,-1/1,-2>3,-2"), "not listed");
	CHECK(has_move(&p, "2,-2>2,-1/2,-2>3,-2") == 0 &&
	      has_move(&p, "2,-2>2,-1/-1,2>3,-1"), "others are");
	ng_pos s = POS(P5(hexw(""), SR, SB, "r/1,-2"), NG_SIMPLE);
	CHECK(take(&s, C(1, -2)) == NG_OK, "simple ignores the lock");
	CHECK(has_move(&s, "2,-2>2,-1/1,-2>3,-2"), "simple lists it");
	ng_cell l;
	CHECK(ng_pos_lock(&s, &l) && l.q == 1 && l.r == -2, "lock kept");

	/* In play: red's relocated disc is locked for blue, not for red. */
	ng_pos_start(&p, NG_STANDARD);
	ng_pos q = after(&p, "2,-2>2,-1/1,-2>3,-1");
	CHECK(ng_pos_lock(&q, &l) && l.q == 3 && l.r == -1, "lock set");
	CHECK(take(&q, C(3, -1)) == NG_ERR_DISC_LOCKED, "blue may not take it");
	CHECK(take(&q, C(2, -2)) == NG_OK, "blue may take another");
	ng_pos r = after(&q, "0,-2>0,1/-1,2>1,-2");
	CHECK(ng_pos_lock(&r, &l) && l.q == 1 && l.r == -2, "blue's lock");
	CHECK(take(&r, C(3, -1)) == NG_OK, "red may take its own disc back");
	CHECK(take(&r, C(1, -2)) == NG_ERR_DISC_LOCKED, "but not blue's");

	/* No lock after a turn without relocation. */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;9,0;18,0", "3,0;12,0;15,0", "r/5,0"),
	        NG_STANDARD);
	q = after(&p, "9,0>4,0/-");
	CHECK(!ng_pos_lock(&q, NULL), "lock gone: %s", fmt(&q));
	CHECK(strstr(fmt(&q), "/b/-") != NULL, "printed without lock");
}

static void test_cuts_and_targets(void)
{
	/* A ring (radius 2) with a tail of 7 discs. */
	char ring[1024];
	char *b = ring;
	for (int r = -2; r <= 2; r++)
		for (int q = -2; q <= 2; q++) {
			int m = abs(q) > abs(r) ? abs(q) : abs(r);
			if (abs(q + r) > m)
				m = abs(q + r);
			if (m == 2)
				b += sprintf(b, "%d,%d;", q, r);
		}
	b = cat(b, lineof(3, -2, 0, 7));
	ng_pos p = POS(P5(ring, "-2,0;0,2;5,-2", "2,0;-1,2;0,-2", "r/-"),
	               NG_STANDARD);
	CHECK(take(&p, C(6, -2)) == NG_ERR_DISC_SPLITS, "tail middle splits");
	CHECK(take(&p, C(3, -2)) == NG_ERR_DISC_SPLITS, "tail root splits");
	CHECK(take(&p, C(9, -2)) == NG_OK, "tail end");
	CHECK(take(&p, C(-2, 1)) == NG_OK, "ring disc: two arcs, no split");
	CHECK(take(&p, C(2, -2)) == NG_OK, "ring disc at the tail");
	CHECK(take(&p, C(0, 0)) == NG_ERR_NO_DISC, "hole");
	CHECK(take(&p, C(-2, 0)) == NG_ERR_DISC_HAS_TOKEN, "token");
	ng_pos s = POS(P5(ring, "-2,0;0,2;5,-2", "2,0;-1,2;0,-2", "r/-"),
	               NG_SIMPLE);
	CHECK(take(&s, C(6, -2)) == NG_ERR_DISC_SPLITS, "simple: splits too");

	/* A line: only the ends may go; targets touch two of the others. */
	p = POS(P5(lineof(0, 0, 0, 19), "4,0;9,0;14,0", "6,0;11,0;16,0", "r/-"),
	        NG_STANDARD);
	const char *sl = "9,0>7,0/";
	char mv[64];
#define MV(tail) (snprintf(mv, sizeof mv, "%s%s", sl, tail), mv)
	CHECK(why(&p, MV("0,0>2,-1")) == NG_OK, "end to the side");
	CHECK(why(&p, MV("0,0>1,-1")) == NG_ERR_TARGET_CONTACT,
	      "touches two only with itself");
	CHECK(why(&p, MV("0,0>0,1")) == NG_ERR_TARGET_CONTACT, "same, below");
	CHECK(why(&p, MV("0,0>-1,0")) == NG_ERR_TARGET_CONTACT, "beyond the end");
	CHECK(why(&p, MV("0,0>19,0")) == NG_ERR_TARGET_CONTACT, "other end");
	CHECK(why(&p, MV("0,0>40,40")) == NG_ERR_TARGET_CONTACT, "far away");
	CHECK(why(&p, MV("0,0>0,0")) == NG_ERR_TARGET_SAME, "same cell");
	CHECK(why(&p, MV("0,0>5,0")) == NG_ERR_TARGET_TAKEN, "onto a disc");
	CHECK(why(&p, MV("5,0>5,1")) == NG_ERR_DISC_SPLITS, "middle splits");
	CHECK(why(&p, MV("9,0>9,1")) == NG_ERR_DISC_SPLITS, "vacated, splits");
	CHECK(why(&p, MV("7,0>7,1")) == NG_ERR_DISC_HAS_TOKEN, "slid onto");
	CHECK(why(&p, MV("4,0>4,1")) == NG_ERR_DISC_HAS_TOKEN, "red token");
	CHECK(why(&p, MV("0,1>2,-1")) == NG_ERR_NO_DISC, "no disc");
	CHECK(why(&p, MV("-50,3>2,-1")) == NG_ERR_NO_DISC, "far, no disc");
	CHECK(why(&p, MV("18,0>16,1")) == NG_OK, "other end");
	CHECK(why(&p, MV("18,0>17,1")) == NG_ERR_TARGET_CONTACT, "other end");
	CHECK(ng_why_not_place(&p, C(0, 0), C(1, -1)) == NG_ERR_TARGET_CONTACT,
	      "place contact");
	CHECK(ng_why_not_place(&p, C(0, 0), C(0, 0)) == NG_ERR_TARGET_SAME,
	      "place same");
	CHECK(ng_why_not_place(&p, C(0, 0), C(3, 0)) == NG_ERR_TARGET_TAKEN,
	      "place taken");
	CHECK(ng_why_not_place(&p, C(0, 0), C(2, -1)) == NG_OK, "place ok");
	CHECK(ng_why_not_place(&p, C(0, 1), C(2, -1)) == NG_ERR_NO_DISC,
	      "place from nothing");
	ng_cell out[64];
	CHECK(ng_place_targets(&p, C(0, 0), out, 64) == 34, "34 targets");
	CHECK(ng_place_targets(&p, C(0, 0), out, 5) == 5, "max respected");
	/* After 9,0>7,0 only the two ends may go: 2 x 34 relocations. */
	int k = 0;
	ng_movelist l;
	ng_generate(&p, &l);
	for (int i = 0; i < l.n; i++) {
		ng_cell f, t;
		k += ng_move_slide(&p, l.m[i], &f, &t) && f.q == 9 && t.q == 7;
	}
	CHECK(k == 68, "%d moves after 9,0>7,0", k);
#undef MV
}

/* ------------------------------------------------------- skipped parts */

static void test_skips(void)
{
	/* Red cannot slide; the bump (5,-1) can be relocated. */
	char d[1024];
	snprintf(d, sizeof d, "%s;5,-1", lineof(0, 0, 0, 18));
	ng_pos p = POS(P5(d, "0,0;1,0;17,0", "2,0;16,0;9,0", "r/-"), NG_STANDARD);
	char *all = all_moves(&p);
	CHECK(!strncmp(all, "-/5,-1>", 7), "relocation only: %.40s", all);
	int n = 0;
	for (char *s = all; (s = strstr(s, "-/5,-1>")); s++)
		n++;
	CHECK(n == ng_count_moves(&p) && n > 10, "%d relocations", n);
	free(all);
	CHECK(why(&p, "-/5,-1>3,-1") == NG_OK, "-/5,-1>3,-1");
	CHECK(why(&p, "-/-") == NG_ERR_MUST_RELOCATE, "pass refused");
	CHECK(why(&p, "-/5,0>5,1") == NG_ERR_DISC_SPLITS, "skip, then splits");
	ng_pos q = after(&p, "-/5,-1>3,-1");
	CHECK(ng_pos_side(&q) == NG_BLUE, "blue's turn");

	/* Red can slide only its middle token; the ends carry tokens, so no
	 * relocation follows: a>b/- . */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;9,0;18,0", "3,0;12,0;15,0", "r/-"),
	        NG_STANDARD);
	all = all_moves(&p);
	CHECK(strstr(all, "9,0>11,0/- 9,0>4,0/-") != NULL, "slide only: %s", all);
	CHECK(strstr(all, "18,0>16,0/0,0>") == NULL, "ends carry tokens");
	free(all);
	CHECK(why(&p, "9,0>4,0/-") == NG_OK, "a>b/-");
	CHECK(why(&p, "9,0>4,0") == NG_OK, "a>b for a>b/- (a lenient read)");
	CHECK(why(&p, "0,0>2,0/-") == NG_ERR_MUST_RELOCATE, "0,0 is free now");
	CHECK(why(&p, "0,0>2,0/0,0>1,-1") == NG_ERR_TARGET_CONTACT, "contact after the slide");
	CHECK(why(&p, "0,0>2,0/0,0>2,-1") == NG_OK, "after the end moved");
	CHECK(why(&p, "-/0,0>2,-1") == NG_ERR_MUST_SLIDE, "must slide");
	CHECK(why(&p, "-/-") == NG_ERR_MUST_SLIDE, "no pass");

	/* Neither: the pass. */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;1,0;18,0", "2,0;17,0;9,0", "r/-"),
	        NG_STANDARD);
	all = all_moves(&p);
	CHECK(!strcmp(all, "-/-"), "only the pass: %s", all);
	free(all);
	CHECK(ng_count_moves(&p) == 1, "one move");
	CHECK(why(&p, "-/-") == NG_OK, "pass");
	CHECK(why(&p, "-") == NG_ERR_SYNTAX, "'-' is not a move");
	CHECK(why(&p, "-/-/-") == NG_ERR_SYNTAX, "-/-/-");
	q = after(&p, "-/-");
	CHECK(ng_pos_side(&q) == NG_BLUE && !ng_pos_lock(&q, NULL),
	      "pass hands over");
	/* A pass clears the lock too. */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;1,0;18,0", "2,0;17,0;9,0", "r/5,0"),
	        NG_STANDARD);
	q = after(&p, "-/-");
	CHECK(!ng_pos_lock(&q, NULL), "pass clears the lock");
	uint64_t leaves = 0;
	CHECK(ng_perft(&p, 1, &leaves) == NG_OK && leaves == 1, "perft counts it");
}

/* ---------------------------------------------------------- repetition */

static ng_err play(ng_game *g, const char *mv)
{
	ng_move m;
	ng_err e = ng_move_parse(ng_game_pos(g), mv, &m);
	if (e)
		return e;
	return ng_game_play(g, m);
}

static void test_repetition(void)
{
	/* Red and blue shuttle a token and a disc there and back: after four
	 * turns the discs and tokens are back, the lock is 1,1. */
	static const char *cycle[4] = {
		"2,-2>2,-1/1,-2>3,-2", "0,-2>0,1/1,1>3,-1",
		"2,-1>2,-2/3,-2>1,-2", "0,1>0,-2/3,-1>1,1",
	};
	ng_game *g = ng_game_new(NG_STANDARD);
	int ok = 1, reps[10] = { 0 };
	ng_result res[10] = { 0 };
	reps[0] = ng_game_repetitions(g);
	for (int i = 0; i < 9 && ok; i++) {
		ok = play(g, cycle[i % 4]) == NG_OK;
		reps[i + 1] = ng_game_repetitions(g);
		res[i + 1] = ng_game_result(g);
	}
	CHECK(ok, "cycle plays");
	/* The start had no lock, so it never recurs; ply 4 does.  Ply 1 recurs
	 * at ply 5 although the lock before it differed: a relocation sets
	 * the lock anew, so ply 9 is its third occurrence. */
	CHECK(reps[0] == 1 && reps[4] == 1 && reps[8] == 2, "occurrences %d %d %d",
	      reps[0], reps[4], reps[8]);
	CHECK(reps[1] == 1 && reps[5] == 2 && reps[9] == 3, "ply 1: %d %d %d",
	      reps[1], reps[5], reps[9]);
	CHECK(res[8] == NG_NONE && res[9] == NG_DRAW, "draw at the third occurrence");
	CHECK(play(g, cycle[1]) == NG_ERR_GAME_OVER, "nothing after the draw");
	ng_game_free(g);

	/* Under the simple rules the lock is no rule and not part of the
	 * position: the start (no lock) recurs at ply 4 (lock 1,1), and ply 8
	 * is its third occurrence. */
	g = ng_game_new(NG_SIMPLE);
	ok = 1;
	for (int i = 0; i < 8 && ok; i++) {
		ok = play(g, cycle[i % 4]) == NG_OK;
		reps[i + 1] = ng_game_repetitions(g);
		res[i + 1] = ng_game_result(g);
	}
	CHECK(ok, "cycle plays under the simple rules");
	CHECK(reps[4] == 2 && reps[8] == 3 && res[7] == NG_NONE && res[8] == NG_DRAW,
	      "simple rules: the lock does not tell positions apart: %d %d",
	      reps[4], reps[8]);
	ng_pos s0 = POS(P5(hexw(""), SR, SB, "r/-"), NG_SIMPLE);
	ng_pos s1 = POS(P5(hexw(""), SR, SB, "r/1,1"), NG_SIMPLE);
	CHECK(ng_pos_same(&s0, &s1), "simple rules: same up to the lock");
	ng_game_free(g);

	/* With the lock 1,1 at the start, the start itself recurs. */
	g = ng_game_new(NG_STANDARD);
	ng_pos p = POS(P5(hexw(""), SR, SB, "r/1,1"), NG_STANDARD);
	ng_game_set(g, &p);
	for (int i = 0; i < 8 && ok; i++) {
		CHECK(ng_game_result(g) == NG_NONE, "ply %d open", i);
		ok = play(g, cycle[i % 4]) == NG_OK;
	}
	CHECK(ok && ng_game_repetitions(g) == 3, "third occurrence");
	CHECK(ng_game_result(g) == NG_DRAW, "draw");
	CHECK(ng_pos_same(ng_game_pos(g), &p), "the start again");
	CHECK(play(g, cycle[0]) == NG_ERR_GAME_OVER, "nothing after the draw");
	CHECK(ng_game_undo(g) == NG_OK && ng_game_result(g) == NG_NONE,
	      "undo reopens the game");
	CHECK(ng_game_redo(g) == NG_OK && ng_game_result(g) == NG_DRAW, "redo");
	/* perft ignores repetition */
	uint64_t n = 0;
	CHECK(ng_perft(ng_game_pos(g), 1, &n) == NG_OK && n > 0 &&
	      n == (uint64_t)ng_count_moves(ng_game_pos(g)), "perft %llu",
	      (unsigned long long)n);

	/* Red cannot move at all and passes; blue shuttles a token. */
	p = POS(P5(lineof(0, 0, 0, 19), "0,0;1,0;18,0", "2,0;17,0;9,0", "r/-"),
	        NG_STANDARD);
	ng_game_set(g, &p);
	static const char *shuttle[] = { "-/-", "9,0>3,0/-", "-/-", "3,0>16,0/-",
	                                 "-/-", "16,0>3,0/-", "-/-", "3,0>16,0/-",
	                                 "-/-", "16,0>3,0/-" };
	ok = 1;
	for (int i = 0; i < 10 && ok; i++) {
		CHECK(ng_game_result(g) == NG_NONE, "shuttle %d open", i);
		ok = play(g, shuttle[i]) == NG_OK;
	}
	CHECK(ok && ng_game_result(g) == NG_DRAW, "passes repeat: %d",
	      ng_game_repetitions(g));
	ng_game_free(g);

	/* Up to translation: ng_pos_same and the key ignore where it is. */
	ng_pos a = POS(P5(lineof(0, 0, 0, 19), "0,0;9,0;18,0", "3,0;12,0;15,0",
	                  "b/5,0"), NG_STANDARD);
	ng_pos t = POS(P5(lineof(-700, 31, 0, 19), "-700,31;-691,31;-682,31",
	                  "-697,31;-688,31;-685,31", "b/-695,31"), NG_STANDARD);
	ng_pos u = POS(P5(lineof(-700, 31, 0, 19), "-700,31;-691,31;-682,31",
	                  "-697,31;-688,31;-685,31", "b/-694,31"), NG_STANDARD);
	ng_pos w = POS(P5(lineof(-700, 31, 0, 19), "-700,31;-691,31;-682,31",
	                  "-697,31;-688,31;-685,31", "r/-695,31"), NG_STANDARD);
	CHECK(ng_pos_same(&a, &t) && a.key == t.key, "same up to translation");
	CHECK(!ng_pos_same(&a, &u), "the lock counts");
	CHECK(!ng_pos_same(&a, &w), "the side counts");
	ng_game_set(g = ng_game_new(NG_STANDARD), &a);
	ng_game_free(g);
}

/*
 * A game whose position comes back shifted by one cell: a two-row ribbon
 * crawls along q.  In six turns each side slides its three tokens one cell
 * on (rear first, each stopped by the next token or the row's end), both
 * sides move a disc out and back, and then red takes the ribbon's tail
 * to its head and blue the other tail: every disc, token and the lock end
 * one cell further.  Twice round is the third occurrence: a draw.
 */
static void test_translation_repetition(void)
{
	static const char *cycle[6] = {
		"%d,0>%d,0/%d,0>%d,-1", "%d,1>%d,1/%d,0>%d,-1",
		"%d,0>%d,0/%d,-1>%d,0", "%d,1>%d,1/%d,-1>%d,0",
		"%d,0>%d,0/%d,0>%d,1", "%d,1>%d,1/%d,1>%d,0",
	};
	static const int at[6][4] = {
		{ 4, 5, 0, 2 }, { 4, 5, 9, 5 }, { 6, 7, 2, 0 },
		{ 6, 7, 5, 9 }, { 8, 9, 0, 9 }, { 8, 9, 0, 10 },
	};
	char d[512];
	snprintf(d, sizeof d, "%s;%s", lineof(0, 0, 0, 10), lineof(0, 1, 0, 9));
	ng_pos p = POS(P5(d, "4,0;6,0;8,0", "4,1;6,1;8,1", "r/9,0"), NG_STANDARD);
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_game_set(g, &p);
	int ok = 1, reps[13] = { 1 };
	for (int ply = 0; ply < 12 && ok; ply++) {
		int k = ply / 6, i = ply % 6;
		char mv[64];
		snprintf(mv, sizeof mv, cycle[i], at[i][0] + k, at[i][1] + k,
		         at[i][2] + k, at[i][3] + k);
		ng_err e = play(g, mv);
		CHECK(e == NG_OK, "ply %d %s: %s", ply, mv, ng_strerror(e));
		ok = e == NG_OK;
		reps[ply + 1] = ng_game_repetitions(g);
	}
	ng_cell lo, hi;
	ng_pos_bounds(ng_game_pos(g), &lo, &hi);
	CHECK(lo.q == 2 && hi.q == 11, "moved two cells: %d..%d", lo.q, hi.q);
	CHECK(reps[6] == 2 && reps[12] == 3, "occurrences %d %d", reps[6],
	      reps[12]);
	CHECK(ng_pos_same(ng_game_pos(g), &p), "same up to translation");
	CHECK(ng_game_result(g) == NG_DRAW, "draw by repetition up to translation");
	ng_game_free(g);
}

/* ----------------------------------------------------------- undo/redo */

static void test_undo_redo(void)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	CHECK(ng_game_undo(g) == NG_ERR_NO_HISTORY, "undo at the start");
	CHECK(ng_game_redo(g) == NG_ERR_NO_HISTORY, "redo at the start");
	ng_pos start = *ng_game_pos(g);
	CHECK(play(g, "2,-2>2,-1/1,-2>3,-1") == NG_OK, "m1");
	ng_pos p1 = *ng_game_pos(g);
	CHECK(play(g, "0,-2>0,1/-1,2>1,-2") == NG_OK, "m2");
	CHECK(play(g, "2,-1>2,-2/0,1>3,-2") == NG_ERR_DISC_HAS_TOKEN, "refused");
	CHECK(ng_game_ply(g) == 2, "refusal changes nothing");
	CHECK(ng_game_undo(g) == NG_OK && ng_game_undo(g) == NG_OK, "undo 2");
	CHECK(ng_pos_same(ng_game_pos(g), &start) &&
	      !memcmp(ng_game_pos(g), &start, sizeof start), "back at the start");
	CHECK(ng_game_can_redo(g), "can redo");
	CHECK(ng_game_redo(g) == NG_OK && !memcmp(ng_game_pos(g), &p1, sizeof p1),
	      "redo");
	char buf[NG_MOVE_TEXT];
	ng_move m = ng_game_move_at(g, 0);
	ng_move_format(ng_game_pos_at(g, 0), m, buf);
	CHECK(!strcmp(buf, "2,-2>2,-1/1,-2>3,-1"), "move_at 0: %s", buf);
	CHECK(ng_game_pos_at(g, 2) == NULL, "pos_at beyond ply");
	CHECK(ng_game_pos_at(g, -1) == NULL, "pos_at -1");
	m = ng_game_move_at(g, 5);
	CHECK(m.sf == NG_NOCELL && m.rf == NG_NOCELL, "move_at beyond");
	/* a new move drops the redo branch */
	CHECK(play(g, "0,-2>0,1/-1,2>3,0") == NG_OK, "branch");
	CHECK(!ng_game_can_redo(g) && ng_game_redo(g) == NG_ERR_NO_HISTORY,
	      "redo gone");
	/* make/unmake restore bit for bit */
	ng_pos p = *ng_game_pos(g), q = p;
	ng_movelist l;
	ng_generate(&p, &l);
	int bad = 0;
	for (int i = 0; i < l.n; i++) {
		ng_undo u;
		ng_make(&q, l.m[i], &u);
		ng_unmake(&q, &u);
		bad += memcmp(&p, &q, sizeof p) != 0;
	}
	CHECK(bad == 0, "unmake differs %d times", bad);
	/* a long game with undo all the way */
	ng_game_reset(g, NG_SIMPLE);
	uint64_t seed = 7;
	int plies = 0;
	while (plies < 300 && ng_game_result(g) == NG_NONE) {
		ng_generate(ng_game_pos(g), &l);
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		if (ng_game_play(g, l.m[(seed >> 33) % (uint64_t)l.n]) != NG_OK)
			break;
		plies++;
	}
	CHECK(ng_game_ply(g) == plies && plies > 20, "%d plies", plies);
	while (ng_game_undo(g) == NG_OK)
		;
	ng_pos s2;
	ng_pos_start(&s2, NG_SIMPLE);
	CHECK(!memcmp(ng_game_pos(g), &s2, sizeof s2), "undone to the start");
	ng_game_free(g);
}

/* ------------------------------------------------------------- refusals */

static void test_refusals(void)
{
	ng_pos p, keep;
	ng_pos_start(&keep, NG_STANDARD);
	const char *H = hexw("");
	struct { const char *text; ng_err want; } pos_cases[] = {
		{ P5(hexw("-0,0"), SR, SB, "r/-"), NG_ERR_DISC_COUNT },
		{ P5(hexw("+3,0"), SR, SB, "r/-"), NG_ERR_DISC_COUNT },
		{ P5(hexw("+3,0 +4,0 +5,0"), SR, SB, "r/-"), NG_ERR_DISC_COUNT },
		{ P5(hexw("-0,0 +1,1"), SR, SB, "r/-"), NG_ERR_DISC_DUP },
		{ P5(hexw("-0,0 +5,5"), SR, SB, "r/-"), NG_ERR_DISCONNECTED },
		{ P5(H, "2,-2;-2,0", SB, "r/-"), NG_ERR_TOKEN_COUNT },
		{ P5(H, SR, "2,0;-2,2;0,-2;1,1", "r/-"), NG_ERR_TOKEN_COUNT },
		{ P5(H, SR, "2,0;-2,2;0,-2;1,1;0,0", "r/-"), NG_ERR_TOKEN_COUNT },
		{ P5(H, "2,-2;-2,0;3,3", SB, "r/-"), NG_ERR_TOKEN_OFF_DISC },
		{ P5(H, SR, "2,0;-2,2;2,-2", "r/-"), NG_ERR_TOKEN_DUP },
		{ P5(H, "2,-2;-2,0;2,-2", SB, "r/-"), NG_ERR_TOKEN_DUP },
		{ P5(H, SR, SB, "r/3,3"), NG_ERR_LOCK_OFF_DISC },
		{ P5(H, "0,0;1,0;2,0", "0,1;1,1;-1,2", "r/-"), NG_ERR_BOTH_WON },
		{ P5(H, SR, SB, "x/-"), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "r"), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "r/-/"), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "r/- "), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "r/0,0;1,0"), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "rb/-"), NG_ERR_SYNTAX },
		{ P5(H, SR, "", "r/-"), NG_ERR_SYNTAX },
		{ P5(H, SR, SB, "r/1000001,0"), NG_ERR_RANGE },
		{ P5(H, SR, SB, "r/99999999999999999999,0"), NG_ERR_RANGE },
		{ P5(H, SR, SB, "r/0,-99999999999999999999"), NG_ERR_RANGE },
		{ "", NG_ERR_SYNTAX },
		{ "/", NG_ERR_SYNTAX },
		{ "0,0", NG_ERR_SYNTAX },
		{ "0,0;", NG_ERR_SYNTAX },
		{ "0 ,0", NG_ERR_SYNTAX },
		{ "0,,0", NG_ERR_SYNTAX },
	};
	for (size_t i = 0; i < sizeof pos_cases / sizeof pos_cases[0]; i++) {
		p = keep;
		ng_err e = ng_pos_parse(&p, pos_cases[i].text, NG_STANDARD);
		CHECK(e == pos_cases[i].want, "case %zu: %s gives %s, want %s", i,
		      pos_cases[i].text, ng_strerror(e),
		      ng_strerror(pos_cases[i].want));
		CHECK(!memcmp(&p, &keep, sizeof p), "case %zu changed *pos", i);
	}
	char *big = malloc(6000);
	memset(big, '1', 5999);
	big[5999] = 0;
	CHECK(ng_pos_parse(&p, big, NG_STANDARD) == NG_ERR_TOO_LONG, "too long");
	CHECK(ng_pos_parse(&p, NULL, NG_STANDARD) == NG_ERR_BAD_ARG, "NULL");
	/* 20 cells: refused as soon as the list is too long */
	CHECK(ng_pos_parse(&p, P5(lineof(0, 0, 0, 20), SR, SB, "r/-"),
	                   NG_STANDARD) == NG_ERR_DISC_COUNT, "20 discs");

	/* moves */
	ng_pos_start(&p, NG_STANDARD);
	struct { const char *text; ng_err want; } mv_cases[] = {
		{ "", NG_ERR_SYNTAX },
		{ "2,-2", NG_ERR_SYNTAX },
		{ "2,-2>", NG_ERR_SYNTAX },
		{ "2,-2>1,-1/", NG_ERR_SYNTAX },
		{ "2,-2>1,-1/1,-2", NG_ERR_SYNTAX },
		{ "2,-2>1,-1/1,-2>", NG_ERR_SYNTAX },
		{ "2,-2>1,-1/1,-2>3,-2/", NG_ERR_SYNTAX },
		{ "2,-2>1,-1/1,-2>3,-2 ", NG_ERR_SYNTAX },
		{ " 2,-2>1,-1/1,-2>3,-2", NG_ERR_SYNTAX },
		{ "2,-2->1,-1/1,-2>3,-2", NG_ERR_SYNTAX },
		{ "2;-2>1,-1/1,-2>3,-2", NG_ERR_SYNTAX },
		{ "--/-", NG_ERR_SYNTAX },
		{ "x", NG_ERR_SYNTAX },
		{ "99999999999999999999,0>1,-1/-", NG_ERR_RANGE },
		{ "2,-2>1,-99999999999/-", NG_ERR_RANGE },
		{ "2,-2>2,-1/1,-2>3,-2", NG_OK },
		{ "0,-2>1,-2/1,-2>3,-2", NG_ERR_NOT_YOUR_TOKEN },
		{ "1,1>0,1/1,-2>3,-2", NG_ERR_NOT_YOUR_TOKEN },
		{ "2,-2>0,-1/1,-2>3,-2", NG_ERR_NOT_A_SLIDE },
		{ "2,-2>2,-2/1,-2>3,-2", NG_ERR_NOT_A_SLIDE },
		{ "2,-2>3,-3/1,-2>3,-2", NG_ERR_SLIDE_BLOCKED },
		{ "2,-2>2,0/1,-2>3,-2", NG_ERR_SLIDE_BLOCKED },
		{ "2,-2>2,1/1,-2>3,-2", NG_ERR_SLIDE_BLOCKED },
		{ "2,-2>1,-1/1,-2>3,-2", NG_ERR_SLIDE_SHORT },
		{ "2,-2>0,0/1,-2>3,-2", NG_ERR_SLIDE_SHORT },
		{ "-/1,-2>3,-2", NG_ERR_MUST_SLIDE },
		{ "-/-", NG_ERR_MUST_SLIDE },
		{ "2,-2>2,-1/-", NG_ERR_MUST_RELOCATE },
		{ "2,-2>2,-1", NG_ERR_MUST_RELOCATE },
		{ "2,-2>2,-1/3,3>3,-2", NG_ERR_NO_DISC },
		{ "2,-2>2,-1/2,-1>3,-2", NG_ERR_DISC_HAS_TOKEN },
		{ "2,-2>2,-1/2,0>3,-2", NG_ERR_DISC_HAS_TOKEN },
		{ "2,-2>2,-1/0,0>3,-2", NG_ERR_DISC_NOT_FREE },
		{ "2,-2>2,-1/2,-2>3,-1", NG_OK },   /* vacated: free to go */
		{ "2,-2>2,-1/1,-2>1,-2", NG_ERR_TARGET_SAME },
		{ "2,-2>2,-1/1,-2>1,1", NG_ERR_TARGET_TAKEN },
		{ "2,-2>2,-1/1,-2>4,-1", NG_ERR_TARGET_CONTACT },
		{ "2,-2>2,-1/1,-2>1,-3", NG_ERR_TARGET_CONTACT },
		{ "2,-2>2,-1/1,-2>2,-3", NG_ERR_TARGET_CONTACT },
		{ "2,-2>2,-1/1,-2>-300,-3", NG_ERR_TARGET_CONTACT },
	};
	for (size_t i = 0; i < sizeof mv_cases / sizeof mv_cases[0]; i++) {
		ng_move m = { 1, 2, 3, 4 };
		ng_err e = ng_move_parse(&p, mv_cases[i].text, &m);
		CHECK(e == mv_cases[i].want, "move %zu '%s' gives %s, want %s", i,
		      mv_cases[i].text, ng_strerror(e), ng_strerror(mv_cases[i].want));
		if (e)
			CHECK(m.sf == 1 && m.st == 2 && m.rf == 3 && m.rt == 4,
			      "move %zu changed *m", i);
	}
	CHECK(ng_move_parse(&p, big, &(ng_move){ 0, 0, 0, 0 }) == NG_ERR_TOO_LONG,
	      "long move");
	CHECK(ng_move_parse(&p, NULL, &(ng_move){ 0, 0, 0, 0 }) == NG_ERR_BAD_ARG,
	      "NULL move");
	free(big);
	/* a locked disc */
	p = POS(P5(H, SR, SB, "r/1,-2"), NG_STANDARD);
	CHECK(why(&p, "2,-2>2,-1/1,-2>3,-2") == NG_ERR_DISC_LOCKED, "locked");

	/* ng_check_move: a half-skipped part is not a move */
	ng_pos_start(&p, NG_STANDARD);
	ng_move m;
	CHECK(ng_move_parse(&p, "2,-2>2,-1/1,-2>3,-2", &m) == NG_OK, "base");
	ng_move h = m;
	h.st = NG_NOCELL;
	CHECK(ng_check_move(&p, h) == NG_ERR_SYNTAX, "half slide");
	h = m;
	h.rt = NG_NOCELL;
	CHECK(ng_check_move(&p, h) == NG_ERR_SYNTAX, "half relocation");
	/* cells outside the frame, in each part of a move */
	static const uint16_t outside[] = { NG_ROWS * 32, NG_ROWS * 32 + 5, 4000,
	                                    0xfffe };
	for (int k = 0; k < 4; k++)
		for (size_t j = 0; j < sizeof outside / sizeof outside[0]; j++) {
			h = m;
			uint16_t *f = k == 0 ? &h.sf : k == 1 ? &h.st : k == 2 ? &h.rf : &h.rt;
			*f = outside[j];
			CHECK(ng_check_move(&p, h) == NG_ERR_RANGE, "part %d cell %u", k,
			      outside[j]);
		}

	/* ng_why_not_take with a slide given */
	ng_cell sf = { 2, -2 }, st = { 2, -1 }, bad = { 0, -1 };
	CHECK(ng_why_not_take(&p, &sf, &st, C(2, -2)) == NG_OK, "vacated");
	CHECK(ng_why_not_take(&p, &sf, &st, C(2, -1)) == NG_ERR_DISC_HAS_TOKEN,
	      "covered");
	CHECK(ng_why_not_take(&p, &sf, &st, C(0, 0)) == NG_ERR_DISC_NOT_FREE,
	      "inner");
	CHECK(ng_why_not_take(&p, &sf, &bad, C(2, -1)) == NG_ERR_NOT_A_SLIDE,
	      "bad slide");
	CHECK(ng_why_not_take(&p, &st, &sf, C(2, -1)) == NG_ERR_NOT_YOUR_TOKEN,
	      "no token");
	CHECK(ng_why_not_take(&p, NULL, NULL, C(9, 9)) == NG_ERR_NO_DISC, "none");

	/* ng_move_build */
	ng_cell far = { 500, 500 };
	CHECK(ng_move_build(&p, &sf, &st, NULL, NULL, &m) == NG_OK, "build");
	CHECK(ng_move_build(&p, &sf, NULL, NULL, NULL, &m) == NG_ERR_BAD_ARG,
	      "half build");
	CHECK(ng_move_build(&p, &sf, &far, NULL, NULL, &m) == NG_ERR_RANGE,
	      "outside the frame");
	uint64_t n;
	CHECK(ng_perft(&p, -1, &n) == NG_ERR_BAD_ARG, "perft -1");
	CHECK(ng_perft(&p, 1, NULL) == NG_ERR_BAD_ARG, "perft NULL");

	/* every code has its own sentence */
	for (int i = 0; i < NG_ERR_COUNT; i++) {
		const char *s = ng_strerror((ng_err)i);
		CHECK(s && *s && strcmp(s, "unknown error"), "code %d", i);
		for (int j = 0; j < i; j++)
			CHECK(strcmp(s, ng_strerror((ng_err)j)), "codes %d %d", i, j);
	}
	CHECK(!strcmp(ng_strerror(NG_ERR_COUNT), "unknown error"), "count");
	CHECK(!strcmp(ng_strerror((ng_err)-1), "unknown error"), "-1");
}

/* ------------------------------------------------------------ notation */

/* The same position in the same place (not only up to translation). */
static int same_place(const ng_pos *a, const ng_pos *b)
{
	ng_cell la, ha, lb, hb;
	ng_pos_bounds(a, &la, &ha);
	ng_pos_bounds(b, &lb, &hb);
	return ng_pos_same(a, b) && la.q == lb.q && la.r == lb.r &&
	       ng_pos_rules(a) == ng_pos_rules(b);
}

/* Every cell list in a position text is sorted by r, then q. */
static int sorted_text(const char *t)
{
	char buf[NG_POS_TEXT];
	snprintf(buf, sizeof buf, "%s", t);
	char *save = NULL;
	int field = 0;
	for (char *f = strtok_r(buf, "/", &save); f && field < 3;
	     f = strtok_r(NULL, "/", &save), field++) {
		long pq = 0, pr = 0;
		int first = 1;
		for (char *s = f; *s;) {
			char *e;
			long q = strtol(s, &e, 10), r = strtol(e + 1, &e, 10);
			if (!first && (r < pr || (r == pr && q <= pq)))
				return 0;
			first = 0;
			pq = q;
			pr = r;
			s = *e ? e + 1 : e;
		}
	}
	return 1;
}

static void test_notation(void)
{
	ng_pos p, q;
	ng_pos_start(&p, NG_STANDARD);
	char t[NG_POS_TEXT];
	ng_pos_format(&p, t);
	CHECK(!strcmp(t, "0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;"
	                 "2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;-2,0;0,2/"
	                 "0,-2;2,0;-2,2/r/-"), "start: %s", t);
	/* unsorted input, sorted output */
	const char *shuffled =
		"0,2;-1,2;-2,2;1,1;0,1;-1,1;-2,1;2,0;1,0;0,0;-1,0;-2,0;2,-1;1,-1;"
		"0,-1;-1,-1;2,-2;1,-2;0,-2/0,2;2,-2;-2,0/-2,2;0,-2;2,0/r/-";
	q = POS(shuffled, NG_STANDARD);
	CHECK(!strcmp(fmt(&q), t), "shuffled input prints sorted: %s", fmt(&q));
	CHECK(ng_pos_same(&p, &q), "same position");
	ng_cell d[19];
	ng_pos_discs(&q, d);
	int ok = 1;
	for (int i = 1; i < 19; i++)
		ok &= cells_cmp(&d[i - 1], &d[i]) < 0;
	CHECK(ok, "ng_pos_discs sorted");
	CHECK(ng_pos_rules(&q) == NG_STANDARD && ng_pos_side(&q) == NG_RED, "standard, red");
	q = POS(P5(hexw(""), SR, SB, "b/0,0"), NG_SIMPLE);
	CHECK(ng_pos_rules(&q) == NG_SIMPLE && ng_pos_side(&q) == NG_BLUE, "simple, blue");
	ng_cell lo, hi;
	ng_pos_bounds(&q, &lo, &hi);
	CHECK(lo.q == -2 && lo.r == -2 && hi.q == 2 && hi.r == 2, "bounds");
	CHECK(ng_pos_has_disc(&q, C(2, 0)) && !ng_pos_has_disc(&q, C(2, 1)) &&
	      !ng_pos_has_disc(&q, C(-2000000, 0)), "has_disc");
	CHECK(ng_pos_token_at(&q, C(2, 0)) == NG_BLUE &&
	      ng_pos_token_at(&q, C(2, -2)) == NG_RED &&
	      ng_pos_token_at(&q, C(0, 0)) == -1 &&
	      ng_pos_token_at(&q, C(999999, 0)) == -1, "token_at");
	/* signs, zeros: "+1" and "007" are read as numbers, printed plainly */
	q = POS("0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;-0,0;+1,0;"
	        "2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,002/2,-2;-2,0;0,2/"
	        "0,-2;2,0;-2,2/r/-", NG_STANDARD);
	CHECK(!strcmp(fmt(&q), t), "numbers normalised");

	/* moves: parse(format(m)) == m for every move of many positions */
	ng_movelist *l = malloc(sizeof *l);
	uint64_t seed = 99;
	int bad = 0, checked = 0, badpos = 0, unsorted = 0;
	for (int game = 0; game < 12; game++) {
		ng_pos_start(&p, game & 1 ? NG_SIMPLE : NG_STANDARD);
		for (int ply = 0; ply < 60; ply++) {
			ng_generate(&p, l);
			if (!l->n)
				break;
			for (int i = 0; i < l->n; i += 7) {
				char mt[NG_MOVE_TEXT];
				ng_move m;
				ng_move_format(&p, l->m[i], mt);
				bad += ng_move_parse(&p, mt, &m) != NG_OK ||
				       !ng_move_equal(m, l->m[i]);
				checked++;
			}
			ng_pos_format(&p, t);
			unsorted += !sorted_text(t);
			badpos += ng_pos_parse(&q, t, ng_pos_rules(&p)) != NG_OK ||
			          !same_place(&p, &q) ||
			          strcmp(fmt(&q), t) != 0;
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			ng_undo u;
			ng_make(&p, l->m[(seed >> 33) % (uint64_t)l->n], &u);
		}
	}
	CHECK(bad == 0, "%d of %d moves do not round-trip", bad, checked);
	CHECK(badpos == 0, "%d positions do not round-trip", badpos);
	CHECK(unsorted == 0, "%d positions printed unsorted", unsorted);
	free(l);
}

/* ------------------------------------------- shapes, places, drifting */

/* Rotate a position text by 60 degrees k times, mirror it, shift it. */
static void transform(const char *in, char *out, int rot, int mirror,
                      long dq, long dr)
{
	char *o = out;
	for (const char *s = in; *s;) {
		if ((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' &&
		                                  s[1] <= '9')) {
			char *e;
			long q = strtol(s, &e, 10), r = strtol(e + 1, &e, 10);
			for (int k = 0; k < rot; k++) {
				long nq = -r, nr = q + r;
				q = nq;
				r = nr;
			}
			if (mirror) {
				long x = q;
				q = r;
				r = x;
			}
			o += sprintf(o, "%ld,%ld", q + dq, r + dr);
			s = e;
		} else {
			*o++ = *s++;
		}
	}
	*o = 0;
}

/* Legal-move count and perft(2) are the same in all 12 symmetric images
 * and any translation of a position. */
static void check_symmetry(const char *text, ng_rules rules, int deep)
{
	ng_pos p = POS(text, rules);
	int n0 = ng_count_moves(&p);
	uint64_t l0 = 0, l1;
	if (deep)
		ng_perft(&p, 2, &l0);
	for (int rot = 0; rot < 6; rot++)
		for (int mir = 0; mir < 2; mir++) {
			char t[NG_POS_TEXT * 2];
			long dq = (rot * 7919 % 1800001) - 900000, dr = mir ? 899990 : -899990;
			transform(text, t, rot, mir, dq, dr);
			ng_pos q;
			if (ng_pos_parse(&q, t, rules) != NG_OK) {
				CHECK(0, "image %d/%d does not parse: %s", rot, mir, t);
				continue;
			}
			CHECK(ng_count_moves(&q) == n0, "image %d/%d of %s: %d moves, want %d",
			      rot, mir, text, ng_count_moves(&q), n0);
			if (deep) {
				ng_perft(&q, 2, &l1);
				CHECK(l1 == l0, "image %d/%d perft 2", rot, mir);
			}
		}
}

/* Disc, token and lock sets as absolute cells, for the model below. */
typedef struct model {
	ng_cell d[19], tok[2][3], lock;
	int has_lock, side;
} model;

static void model_of(const ng_pos *p, model *m)
{
	ng_pos_discs(p, m->d);
	ng_pos_tokens(p, NG_RED, m->tok[0]);
	ng_pos_tokens(p, NG_BLUE, m->tok[1]);
	m->has_lock = ng_pos_lock(p, &m->lock);
	m->side = ng_pos_side(p);
}

static void model_play(model *m, const ng_pos *p, ng_move mv)
{
	ng_cell f, t;
	if (ng_move_slide(p, mv, &f, &t))
		for (int k = 0; k < 3; k++)
			if (m->tok[m->side][k].q == f.q && m->tok[m->side][k].r == f.r)
				m->tok[m->side][k] = t;
	m->has_lock = 0;
	if (ng_move_reloc(p, mv, &f, &t)) {
		for (int i = 0; i < 19; i++)
			if (m->d[i].q == f.q && m->d[i].r == f.r)
				m->d[i] = t;
		m->lock = t;
		m->has_lock = 1;
	}
	m->side ^= 1;
}

static int model_same(model *a, model *b)
{
	qsort(a->d, 19, sizeof a->d[0], cells_cmp);
	qsort(b->d, 19, sizeof b->d[0], cells_cmp);
	for (int s = 0; s < 2; s++) {
		qsort(a->tok[s], 3, sizeof a->tok[s][0], cells_cmp);
		qsort(b->tok[s], 3, sizeof b->tok[s][0], cells_cmp);
	}
	return !memcmp(a->d, b->d, sizeof a->d) &&
	       !memcmp(a->tok, b->tok, sizeof a->tok) && a->side == b->side &&
	       a->has_lock == b->has_lock &&
	       (!a->has_lock || (a->lock.q == b->lock.q && a->lock.r == b->lock.r));
}

/* Play random moves (repetition ignored) and follow them in absolute cells:
 * the library's view must match the model after every move. */
static int drift(const char *text, ng_rules rules, int plies, uint64_t seed,
                 int prefer_far, long *moved)
{
	ng_pos p = POS(text, rules);
	model m, got;
	model_of(&p, &m);
	ng_movelist *l = malloc(sizeof *l);
	ng_cell lo0, hi0;
	ng_pos_bounds(&p, &lo0, &hi0);
	int bad = 0;
	for (int ply = 0; ply < plies && !bad; ply++) {
		ng_generate(&p, l);
		if (l->n == 0)
			break;
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		int pick = (int)((seed >> 33) % (uint64_t)l->n);
		if (prefer_far) {
			/* push the board one way: take discs from the low q side to
			 * the high q side when possible */
			int best = -1;
			long bestd = -1000000;
			for (int k = 0; k < 8; k++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				int i = (int)((seed >> 33) % (uint64_t)l->n);
				ng_cell f, t;
				if (ng_move_reloc(&p, l->m[i], &f, &t) &&
				    (long)t.q - f.q > bestd) {
					bestd = (long)t.q - f.q;
					best = i;
				}
			}
			if (best >= 0)
				pick = best;
		}
		model_play(&m, &p, l->m[pick]);
		ng_undo u;
		ng_make(&p, l->m[pick], &u);
		model_of(&p, &got);
		if (!model_same(&m, &got)) {
			fprintf(stderr, "drift: model and library differ at ply %d: %s\n",
			        ply, fmt(&p));
			bad = 1;
		}
		char t[NG_POS_TEXT];
		ng_pos_format(&p, t);
		ng_pos q;
		if (ng_pos_parse(&q, t, rules) == NG_OK && !same_place(&q, &p)) {
			fprintf(stderr, "drift: reparse differs at ply %d\n", ply);
			bad = 1;
		}
		if (ng_count_moves(&p) != ng_generate(&p, l)) {
			fprintf(stderr, "drift: count differs at ply %d\n", ply);
			bad = 1;
		}
	}
	ng_cell lo, hi;
	ng_pos_bounds(&p, &lo, &hi);
	*moved = labs((long)lo.q - lo0.q) + labs((long)lo.r - lo0.r);
	free(l);
	return !bad;
}

static void test_shapes(int quick)
{
	/* Straight lines of 19 along each axis, near the origin and far. */
	static const long at[][2] = { { 0, 0 }, { 900000, -900000 },
	                              { -999990, 999990 }, { 999982, 0 },
	                              { 0, -1000000 } };
	for (int dir = 0; dir < 3; dir++)
		for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
			long q0 = at[a][0], r0 = at[a][1];
			/* keep the far end within range */
			if (ng_direction(dir).q > 0 && q0 > 999982)
				q0 = 999982;
			if (ng_direction(dir).r < 0 && r0 < -999982)
				r0 = -999982;
			char red[128], blue[128], text[2048];
			snprintf(red, sizeof red, "%ld,%ld;%ld,%ld;%ld,%ld", q0, r0,
			         q0 + 9 * ng_direction(dir).q, r0 + 9 * ng_direction(dir).r, q0 + 18 * ng_direction(dir).q,
			         r0 + 18 * ng_direction(dir).r);
			snprintf(blue, sizeof blue, "%ld,%ld;%ld,%ld;%ld,%ld",
			         q0 + 3 * ng_direction(dir).q, r0 + 3 * ng_direction(dir).r, q0 + 12 * ng_direction(dir).q,
			         r0 + 12 * ng_direction(dir).r, q0 + 15 * ng_direction(dir).q, r0 + 15 * ng_direction(dir).r);
			snprintf(text, sizeof text, "%s/%s/%s/r/-",
			         lineof(q0, r0, dir, 19), red, blue);
			ng_pos p;
			ng_err e = ng_pos_parse(&p, text, NG_STANDARD);
			CHECK(e == NG_OK, "line %d at %ld,%ld: %s", dir, q0, r0,
			      ng_strerror(e));
			if (e)
				continue;
			CHECK(dir != 0 || !strcmp(fmt(&p), text), "line prints: %s",
			      fmt(&p));
			/* red 0>2 frees one end (34 targets), 18>16 the other (34);
			 * 9>4 and 9>11 leave both ends under tokens: a>b/- */
			ng_movelist l;
			int n = ng_generate(&p, &l), slide_only = 0;
			for (int i = 0; i < n; i++)
				slide_only += l.m[i].rf == NG_NOCELL;
			CHECK(slide_only == 2, "line %d: %d slides without relocation", dir,
			      slide_only);
			CHECK(n == 2 + 34 + 34 && ng_count_moves(&p) == n,
			      "line %d at %ld,%ld: %d moves", dir, q0, r0, n);
			/* beside cells 0 and 1: touches only cell 1 once cell 0 goes;
			 * beside cells 1 and 2: fine */
			int s1 = (dir + 1) % 6, s5 = (dir + 5) % 6;
			char mv[160];
			const char *sl = "%ld,%ld>%ld,%ld/%ld,%ld>%ld,%ld";
			snprintf(mv, sizeof mv, sl, q0, r0, q0 + 2 * ng_direction(dir).q,
			         r0 + 2 * ng_direction(dir).r, q0, r0, q0 + ng_direction(s1).q, r0 + ng_direction(s1).r);
			CHECK(why(&p, mv) == NG_ERR_TARGET_CONTACT, "%s", mv);
			snprintf(mv, sizeof mv, sl, q0, r0, q0 + 2 * ng_direction(dir).q,
			         r0 + 2 * ng_direction(dir).r, q0, r0, q0 + ng_direction(s5).q, r0 + ng_direction(s5).r);
			CHECK(why(&p, mv) == NG_ERR_TARGET_CONTACT, "%s", mv);
			snprintf(mv, sizeof mv, sl, q0, r0, q0 + 2 * ng_direction(dir).q,
			         r0 + 2 * ng_direction(dir).r, q0, r0, q0 + ng_direction(dir).q + ng_direction(s1).q,
			         r0 + ng_direction(dir).r + ng_direction(s1).r);
			CHECK(why(&p, mv) == NG_OK, "%s", mv);
			if (a == 0) {
				check_symmetry(text, NG_STANDARD, 0);
				check_symmetry(text, NG_SIMPLE, 0);
			}
		}
	/* symmetry of a few other shapes, with perft 2 */
	check_symmetry(P5(hexw(""), SR, SB, "r/-"), NG_STANDARD, !quick);
	check_symmetry(P5(hexw("-0,0 -1,-1 -2,-2 +-3,1 +-3,2 +-3,3"),
	                  "2,-1;-2,0;0,2", "2,0;-1,2;0,-2", "b/1,0"), NG_STANDARD,
	               !quick);
	check_symmetry(P5(hexw("-0,0 -1,-1 +3,-1 +3,-2"), SR, SB, "r/3,-2"),
	               NG_SIMPLE, 0);

	/* Long random games, near the origin and far out, followed cell by
	 * cell in absolute coordinates. */
	long moved;
	int plies = quick ? 300 : 3000;
	CHECK(drift(P5(hexw(""), SR, SB, "r/-"), NG_STANDARD, plies, 1, 0, &moved),
	      "drift standard");
	CHECK(drift(P5(hexw(""), SR, SB, "r/-"), NG_SIMPLE, plies, 2, 1, &moved),
	      "drift simple, pushed");
	CHECK(moved > plies / 20, "the board moved only %ld", moved);
	char far[NG_POS_TEXT * 2];
	transform(P5(hexw(""), SR, SB, "r/-"), far, 1, 0, -900000, 900000);
	CHECK(drift(far, NG_STANDARD, plies, 3, 1, &moved), "drift far");
	transform(P5(lineof(0, 0, 1, 19), "0,0;9,-9;18,-18", "3,-3;12,-12;15,-15",
	             "r/-"), far, 0, 0, 900000, -900000);
	CHECK(drift(far, NG_SIMPLE, plies, 4, 1, &moved), "drift far line");
}

/* ------------------------------------------------------- drift past range */

/* A board set near the parser's limit drifts past it: the moves listed
 * must still be playable by their text. */
static void test_beyond_range(void)
{
	char d[1024];
	snprintf(d, sizeof d, "%s;1000000,-1", lineof(999983, 0, 0, 18));
	ng_pos p = POS(P5(d, "999984,0;999986,0;999988,0",
	                  "999990,0;999992,0;999994,0", "r/-"), NG_STANDARD);
	const char *mv = "999988,0>999989,0/999983,0>1000001,-1";
	CHECK(has_move(&p, mv), "listed");
	CHECK(why(&p, mv) == NG_OK, "playable: %s", ng_strerror(why(&p, mv)));
	ng_movelist *l = malloc(sizeof *l);
	int bad = 0;
	for (int ply = 0; ply < 200; ply++) {
		ng_generate(&p, l);
		if (!l->n)
			break;
		/* the move with the largest relocation target q */
		int best = 0;
		for (int i = 0; i < l->n; i++) {
			ng_cell f, t, bf, bt;
			if (ng_move_reloc(&p, l->m[i], &f, &t) &&
			    (!ng_move_reloc(&p, l->m[best], &bf, &bt) || t.q > bt.q))
				best = i;
		}
		char t[NG_MOVE_TEXT];
		ng_move m;
		ng_move_format(&p, l->m[best], t);
		if (ng_move_parse(&p, t, &m) != NG_OK || !ng_move_equal(m, l->m[best]))
			bad++;
		ng_undo u;
		ng_make(&p, l->m[best], &u);
	}
	ng_cell lo, hi;
	ng_pos_bounds(&p, &lo, &hi);
	CHECK(bad == 0 && hi.q > NG_COORD_MAX, "%d moves not playable by text, "
	      "max q %ld", bad, (long)hi.q);
	free(l);
}

/* A game never leaves the coordinates a position is read in: every
 * position it reaches prints as text that sets it up again, and the move
 * that would take a disc past NG_COORD_MAX is refused, changing nothing. */
static void test_game_stays_in_range(void)
{
	char d[1024];
	snprintf(d, sizeof d, "%s;1000000,-1", lineof(999983, 0, 0, 18));
	ng_pos p = POS(P5(d, "999984,0;999986,0;999988,0",
	                  "999990,0;999992,0;999994,0", "r/-"), NG_STANDARD);
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_game_set(g, &p);
	ng_movelist *l = malloc(sizeof *l);
	int refused = 0, unreadable = 0, changed = 0;
	for (int ply = 0; ply < 200 && !refused; ply++) {
		const ng_pos *cur = ng_game_pos(g);
		ng_generate(cur, l);
		if (!l->n)
			break;
		int best = 0;   /* the relocation that goes furthest right */
		for (int i = 0; i < l->n; i++) {
			ng_cell f, t, bf, bt;
			if (ng_move_reloc(cur, l->m[i], &f, &t) &&
			    (!ng_move_reloc(cur, l->m[best], &bf, &bt) || t.q > bt.q))
				best = i;
		}
		char before[NG_POS_TEXT], after[NG_POS_TEXT];
		ng_pos_format(cur, before);
		int n = ng_game_ply(g);
		ng_err e = ng_game_play(g, l->m[best]);
		if (e == NG_ERR_RANGE) {
			refused = 1;
			ng_pos_format(ng_game_pos(g), after);
			changed = strcmp(before, after) != 0 || ng_game_ply(g) != n;
			break;
		}
		ng_pos_format(ng_game_pos(g), after);
		ng_pos back;
		if (ng_pos_parse(&back, after, NG_STANDARD) != NG_OK)
			unreadable++;
	}
	ng_cell lo, hi;
	ng_pos_bounds(ng_game_pos(g), &lo, &hi);
	CHECK(refused, "no move was refused at the edge (max q %ld)", (long)hi.q);
	CHECK(!changed, "a refused move changed the game");
	CHECK(unreadable == 0, "%d positions could not be read back", unreadable);
	CHECK(hi.q <= NG_COORD_MAX, "the game went to q %ld", (long)hi.q);
	free(l);
	ng_game_free(g);
}

int main(void)
{
	const char *v = getenv("NONAGA_VARIANT");
	int quick = v && !strcmp(v, "asan");
	test_slides();
	test_wins();
	test_free();
	test_lock();
	test_cuts_and_targets();
	test_skips();
	test_repetition();
	test_translation_repetition();
	test_undo_redo();
	test_refusals();
	test_notation();
	test_shapes(quick);
	test_beyond_range();
	test_game_stays_in_range();
	return tests_done("rules");
}
