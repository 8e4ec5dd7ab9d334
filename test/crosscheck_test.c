/*
 * crosscheck_test.c - the library against test/refgen.c, the independent
 * naive generator, on a few thousand varied positions:
 *
 *   - random games from the start under both rule sets (drifted boards,
 *     locks, wins), sampled along the way;
 *   - random connected shapes of 19 discs: blobs, snakes and other long
 *     thin growths, straight lines, rings with holes, shapes with bays;
 *   - random tokens, sides and locks on them, anywhere in the coordinate
 *     range.
 *
 * For each position the full sorted list of legal moves must be the same,
 * and so must the position after a few of the moves.  Every 8th position
 * also goes through `$NONAGA --engine' (rules, setposition, legal_moves).
 * The first difference is printed with its position.
 *
 * Environment: CROSSCHECK_N positions (default 3000, a quarter under
 * sanitizers), CROSSCHECK_SEED, REFGEN (default build/refgen), NONAGA
 * (default build/nonaga).
 */
#include "nonaga.h"
#include "tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng_state;
static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
static int below(int n) { return (int)(rnd() % (uint64_t)n); }

typedef struct { int q, r; } cell;

static int find(const cell *c, int n, cell x)
{
	for (int i = 0; i < n; i++)
		if (c[i].q == x.q && c[i].r == x.r)
			return i;
	return -1;
}

static int connected(const cell *c, int n)
{
	int seen[64] = { 1 }, stack[64] = { 0 }, sp = 1, count = 1;
	while (sp) {
		cell x = c[stack[--sp]];
		for (int d = 0; d < 6; d++) {
			cell y = { x.q + ng_direction(d).q, x.r + ng_direction(d).r };
			int j = find(c, n, y);
			if (j >= 0 && !seen[j]) {
				seen[j] = 1;
				stack[sp++] = j;
				count++;
			}
		}
	}
	return count == n;
}

/* --------------------------------------------------------------- shapes */

/* Grow 19 cells from one; `persist' is the chance in 100 of growing from
 * the newest cell in the same direction again (snakes and lines). */
static void grow(cell *c, int persist)
{
	int n = 1, dir = below(6), stuck = 0;
	c[0].q = c[0].r = 0;
	while (n < 19) {
		int from = n - 1;
		if (below(100) >= persist || stuck > 12) {   /* a snake may coil */
			from = below(n);
			dir = below(6);
		} else if (below(100) < 15) {
			dir = (dir + (below(2) ? 1 : 5)) % 6;
		}
		cell x = { c[from].q + ng_direction(dir).q, c[from].r + ng_direction(dir).r };
		if (find(c, n, x) < 0) {
			c[n++] = x;
			stuck = 0;
		} else {
			stuck++;
			if (persist)
				dir = below(6);
		}
	}
}

/* A ring of radius 2 or 3 (12 or 18 cells) around a hole, plus cells grown
 * outward from it; radius 3 drops cells to get 19. */
static void ring(cell *c)
{
	int rad = below(2) ? 2 : 3, n = 0;
	cell all[64];
	int m = 0;
	for (int r = -rad; r <= rad; r++)
		for (int q = -rad; q <= rad; q++) {
			int d = abs(q) > abs(r) ? abs(q) : abs(r);
			if (abs(q + r) > d)
				d = abs(q + r);
			if (d == rad)
				all[m++] = (cell){ q, r };
		}
	for (int i = 0; i < m && n < 19; i++)
		c[n++] = all[i];
	while (n < 19) {
		int from = below(n), dir = below(6);
		cell x = { c[from].q + ng_direction(dir).q, c[from].r + ng_direction(dir).r };
		int d = abs(x.q) > abs(x.r) ? abs(x.q) : abs(x.r);
		if (abs(x.q + x.r) > d)
			d = abs(x.q + x.r);
		if (d >= rad && find(c, n, x) < 0)   /* keep the hole empty */
			c[n++] = x;
	}
}

/* Start from a radius-3 hexagon (37 cells) and remove cells at random while
 * it stays connected: shapes full of holes, bays and narrow gaps. */
static void carve(cell *c)
{
	cell all[37];
	int n = 0;
	for (int r = -3; r <= 3; r++)
		for (int q = -3; q <= 3; q++)
			if (abs(q + r) <= 3)
				all[n++] = (cell){ q, r };
	while (n > 19) {
		int i = below(n);
		cell keep = all[i];
		all[i] = all[n - 1];
		if (connected(all, n - 1))
			n--;
		else
			all[i] = keep;
	}
	memcpy(c, all, sizeof(cell) * 19);
}

/* Random tokens, side and lock on a shape, shifted by (dq, dr). */
static int make_text(const cell *c, char *out, size_t size, long dq, long dr)
{
	int t[6];
	for (int i = 0; i < 6; i++) {
	again:
		t[i] = below(19);
		for (int j = 0; j < i; j++)
			if (t[j] == t[i])
				goto again;
	}
	char *b = out, *end = out + size;
	for (int i = 0; i < 19; i++)
		b += snprintf(b, (size_t)(end - b), "%s%ld,%ld", i ? ";" : "",
		              c[i].q + dq, c[i].r + dr);
	for (int i = 0; i < 6; i++)
		b += snprintf(b, (size_t)(end - b), "%s%ld,%ld", i % 3 ? ";" : "/",
		              c[t[i]].q + dq, c[t[i]].r + dr);
	b += snprintf(b, (size_t)(end - b), "/%c/", below(2) ? 'b' : 'r');
	if (below(2)) {
		int l = below(19);
		snprintf(b, (size_t)(end - b), "%ld,%ld", c[l].q + dq, c[l].r + dr);
	} else {
		snprintf(b, (size_t)(end - b), "-");
	}
	return 1;
}

static long far_offset(void)
{
	switch (below(4)) {
	case 0: return 0;
	case 1: return below(41) - 20;
	case 2: return below(1800001) - 900000;
	default: return below(2) ? 999970 : -999970;
	}
}

/* ------------------------------------------------------------ the check */

typedef struct item {
	char text[NG_POS_TEXT];
	ng_rules rules;
	ng_pos pos;
} item;

static item *items;
static int nitems, cap;

static void add(const char *text, ng_rules rules)
{
	ng_pos p;
	if (ng_pos_parse(&p, text, rules) != NG_OK)
		return;   /* e.g. both sides won: not a position */
	if (nitems == cap) {
		cap = cap ? cap * 2 : 1024;
		items = realloc(items, sizeof *items * (size_t)cap);
		if (!items)
			exit(2);
	}
	item *it = &items[nitems++];
	/* refgen reads its positions in the canonical text */
	ng_pos_format(&p, it->text);
	it->rules = rules;
	it->pos = p;
}

static int strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The library's sorted move texts. */
static int lib_moves(const ng_pos *p, ng_movelist *l, char (*txt)[NG_MOVE_TEXT],
                     char **sorted)
{
	int n = ng_generate(p, l);
	for (int i = 0; i < n; i++) {
		ng_move_format(p, l->m[i], txt[i]);
		sorted[i] = txt[i];
	}
	qsort(sorted, (size_t)n, sizeof *sorted, strp_cmp);
	return n;
}

static const char *rname(ng_rules r) { return r == NG_SIMPLE ? "simple" : "standard"; }

/* Read refgen's answer to one request: lines up to ".". */
static int read_answer(FILE *f, char ***lines, int *n, int *cap_)
{
	static char buf[4096];
	*n = 0;
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = 0;
		if (!strcmp(buf, "."))
			return 1;
		if (*n == *cap_) {
			*cap_ = *cap_ ? *cap_ * 2 : 1024;
			*lines = realloc(*lines, sizeof **lines * (size_t)*cap_);
		}
		(*lines)[(*n)++] = strdup(buf);
	}
	return 0;
}

static void free_lines(char **lines, int n)
{
	for (int i = 0; i < n; i++)
		free(lines[i]);
}

int main(void)
{
	const char *v = getenv("NONAGA_VARIANT");
	int quick = v && !strcmp(v, "asan");
	const char *e = getenv("CROSSCHECK_N");
	int want = e ? atoi(e) : quick ? 750 : 3000;
	e = getenv("CROSSCHECK_SEED");
	rng_state = e ? strtoull(e, NULL, 10) : 20240611;
	const char *refgen = getenv("REFGEN") ? getenv("REFGEN") : "build/refgen";
	const char *nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";

	/* 1. random games, both rule sets, sampled every few plies */
	ng_movelist *l = malloc(sizeof *l);
	int games = 0;
	while (nitems < want * 2 / 5) {
		ng_rules rules = games++ % 2 ? NG_SIMPLE : NG_STANDARD;
		ng_pos p;
		ng_pos_start(&p, rules);
		int len = 20 + below(400);
		for (int ply = 0; ply < len; ply++) {
			if (ply % 7 == 3) {
				char t[NG_POS_TEXT];
				ng_pos_format(&p, t);
				add(t, rules);
			}
			if (ng_generate(&p, l) == 0) {
				char t[NG_POS_TEXT];
				ng_pos_format(&p, t);
				add(t, rules);   /* a finished game: no moves */
				break;
			}
			ng_undo u;
			ng_make(&p, l->m[below(l->n)], &u);
		}
	}
	int from_games = nitems;
	/* 2. random shapes, tokens, sides, locks and places */
	int kinds[6] = { 0 };
	while (nitems < want) {
		cell c[19];
		int kind = below(6);
		switch (kind) {
		case 0: grow(c, 0); break;          /* blobs */
		case 1: grow(c, 85); break;         /* snakes */
		case 2: grow(c, 100); break;        /* lines and near-lines */
		case 3: ring(c); break;             /* rings with holes */
		case 4: carve(c); break;            /* bays and gaps */
		default: grow(c, 50); break;
		}
		if (!connected(c, 19))
			continue;
		kinds[kind]++;
		char t[NG_POS_TEXT * 2];
		make_text(c, t, sizeof t, far_offset(), far_offset());
		add(t, below(3) ? NG_STANDARD : NG_SIMPLE);
	}

	/* requests for refgen: moves, then play for a few moves each */
	char req[64], ans[64], proto_in[64], proto_out[64];
	snprintf(req, sizeof req, "build/crosscheck-%d.req", (int)getpid());
	snprintf(ans, sizeof ans, "build/crosscheck-%d.ans", (int)getpid());
	snprintf(proto_in, sizeof proto_in, "build/crosscheck-%d.in", (int)getpid());
	snprintf(proto_out, sizeof proto_out, "build/crosscheck-%d.out",
	         (int)getpid());
	FILE *f = fopen(req, "w"), *pf = fopen(proto_in, "w");
	if (!f || !pf) {
		perror("crosscheck");
		return 2;
	}
	static char txt[NG_MAX_MOVES][NG_MOVE_TEXT];
	static char *sorted[NG_MAX_MOVES];
	int *picks = malloc(sizeof *picks * (size_t)nitems * 3), played = 0;
	long total_moves = 0;
	for (int i = 0; i < nitems; i++) {
		item *it = &items[i];
		fprintf(f, "%s moves %s\n", rname(it->rules), it->text);
		int n = lib_moves(&it->pos, l, txt, sorted);
		total_moves += n;
		for (int k = 0; k < 3; k++) {
			picks[i * 3 + k] = n ? below(n) : -1;
			if (n) {
				fprintf(f, "%s play %s %s\n", rname(it->rules), it->text,
				        sorted[picks[i * 3 + k]]);
				played++;
			}
		}
		if (i % 8 == 0)
			fprintf(pf, "rules %s\nsetposition %s\nlegal_moves\n",
			        rname(it->rules), it->text);
	}
	fclose(f);
	fclose(pf);
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s < %s > %s", refgen, req, ans);
	if (system(cmd) != 0) {
		fprintf(stderr, "crosscheck: %s failed\n", cmd);
		return 2;
	}
	snprintf(cmd, sizeof cmd, "%s --engine < %s > %s", nonaga, proto_in,
	         proto_out);
	if (system(cmd) != 0) {
		fprintf(stderr, "crosscheck: %s failed\n", cmd);
		return 2;
	}

	/* compare */
	FILE *af = fopen(ans, "r"), *of = fopen(proto_out, "r");
	char **lines = NULL;
	int nl = 0, lcap = 0, diffs = 0, proto_diffs = 0;
	for (int i = 0; i < nitems && af; i++) {
		item *it = &items[i];
		int n = lib_moves(&it->pos, l, txt, sorted);
		if (!read_answer(af, &lines, &nl, &lcap)) {
			CHECK(0, "refgen's answer ended early at %d", i);
			break;
		}
		int same = nl == n;
		for (int k = 0; same && k < n; k++)
			same = !strcmp(lines[k], sorted[k]);
		if (!same && diffs++ < 3) {
			fprintf(stderr, "crosscheck: moves differ (%s) in %s\n",
			        rname(it->rules), it->text);
			fprintf(stderr, "  library %d moves, refgen %d\n", n, nl);
			int a = 0, b = 0, shown = 0;
			while ((a < n || b < nl) && shown < 10) {
				int c = a >= n ? 1 : b >= nl ? -1 : strcmp(sorted[a], lines[b]);
				if (c < 0) {
					fprintf(stderr, "  only library: %s\n", sorted[a++]);
					shown++;
				} else if (c > 0) {
					fprintf(stderr, "  only refgen:  %s\n", lines[b++]);
					shown++;
				} else {
					a++;
					b++;
				}
			}
		}
		free_lines(lines, nl);
		/* the protocol's answer for this position */
		if (i % 8 == 0 && of) {
			char buf[4096];
			int okp = 1;
			for (int k = 0; k < 4 && okp; k++)   /* rules, setposition */
				okp = fgets(buf, sizeof buf, of) &&
				      !strcmp(buf, k % 2 ? "\n" : "=\n");
			for (int k = 0; okp; k++) {
				if (!fgets(buf, sizeof buf, of)) {
					okp = 0;
					break;
				}
				buf[strcspn(buf, "\n")] = 0;
				if (!*buf) {
					okp = k == (n ? n : 1);
					break;
				}
				const char *m = buf;
				if (k == 0) {
					if (buf[0] != '=' || (buf[1] && buf[1] != ' ')) {
						okp = 0;
						break;
					}
					m = buf[1] ? buf + 2 : "";
				}
				okp = n ? k < n && !strcmp(m, sorted[k]) : !*m;
			}
			if (!okp && proto_diffs++ < 3)
				fprintf(stderr, "crosscheck: engine's legal_moves differ in %s\n",
				        it->text);
		}
		for (int k = 0; k < 3 && n; k++) {
			if (!read_answer(af, &lines, &nl, &lcap))
				break;
			ng_move m;
			ng_pos q = it->pos;
			ng_undo u;
			char t[NG_POS_TEXT];
			const char *mv = sorted[picks[i * 3 + k]];
			if (ng_move_parse(&q, mv, &m) == NG_OK) {
				ng_make(&q, m, &u);
				ng_pos_format(&q, t);
			} else {
				snprintf(t, sizeof t, "error");
			}
			if ((nl != 1 || strcmp(lines[0], t)) && diffs++ < 3)
				fprintf(stderr, "crosscheck: after %s in %s\n  library %s\n"
				        "  refgen  %s\n", mv, it->text, t, nl ? lines[0] : "");
			free_lines(lines, nl);
		}
	}
	CHECK(af != NULL && of != NULL, "answers missing");
	CHECK(diffs == 0, "%d differences with refgen", diffs);
	CHECK(proto_diffs == 0, "%d differences through the engine", proto_diffs);
	if (af)
		fclose(af);
	if (of)
		fclose(of);
	free(lines);
	unlink(req);
	unlink(ans);
	unlink(proto_in);
	unlink(proto_out);
	printf("crosscheck: %d positions (%d from %d games; shapes: %d blob, %d "
	       "snake, %d line, %d ring, %d carved, %d mixed), %ld moves, "
	       "%d played\n", nitems, from_games, games, kinds[0], kinds[1],
	       kinds[2], kinds[3], kinds[4], kinds[5], total_moves, played);
	free(picks);
	free(items);
	free(l);
	return tests_done("crosscheck");
}
