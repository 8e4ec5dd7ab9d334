/*
 * nnue_test.c - the learned evaluation (src/lib/nnue.c): its features are
 * the cells of the discs, the tokens and the lock relative to the discs'
 * centre of mass, whatever the board's place in the frame; its integer
 * sum in GNU C vectors is the plain sum of the weights; the search uses
 * it exactly at the levels that ask for it, and eval.c's evaluation below.
 */
#include "tap.h"
#include "nonaga.h"
#include "searcher.h"
#include "nnue.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 20261127;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The features as nnue.h defines them, from the public view of pos:
 * absolute cells, the centre of mass rounded half up, each cell clamped
 * to the window, in the library's order (discs by rows, then the side to
 * move's tokens, the opponent's, the lock). */
static int ref_features(const ng_pos *pos, int *f)
{
	ng_cell d[NG_DISCS], t[3], lock;
	int n = ng_pos_discs(pos, d), sq = 0, sr = 0, k = 0, h = NNUE_SIDE / 2;
	ng_cell mn, mx;
	ng_pos_bounds(pos, &mn, &mx);
	for (int i = 0; i < n; i++) {   /* from the box's corner: no negatives */
		sq += d[i].q - mn.q;
		sr += d[i].r - mn.r;
	}
	int cq = mn.q + (2 * sq + n) / (2 * n), cr = mn.r + (2 * sr + n) / (2 * n);
#define REL(c) ((clampi((c).r - cr, -h, h) + h) * NNUE_SIDE + clampi((c).q - cq, -h, h) + h)
	for (int i = 0; i < n; i++)
		f[k++] = REL(d[i]);
	for (int s = 0; s < 2; s++) {
		ng_pos_tokens(pos, (ng_side)(ng_pos_side(pos) ^ s), t);
		for (int i = 0; i < 3; i++)
			f[k++] = (1 + s) * NNUE_CELLS + REL(t[i]);
	}
	if (ng_pos_lock(pos, &lock) && ng_pos_rules(pos) == NG_STANDARD)
		f[k++] = 3 * NNUE_CELLS + REL(lock);
#undef REL
	return k;
}

/* The net's value by plain int loops, for comparison with the library's
 * vectors. */
static int ref_value(const ng_pos *pos, const ng_nnue *n)
{
	int f[NNUE_MAX_SET], d[NNUE_DENSE], t[NG_TERMS], acc[NNUE_HIDDEN];
	slide_stats st;
	ng__slide_stats(pos, &st);
	int nf = ref_features(pos, f);
	ng__nnue_dense(pos, &st, d);
	ng__eval_terms(pos, t);
	int v = 0, out = 0;
	for (int k = 0; k < NG_TERMS; k++)
		v += n->lin.w[k] * t[k];
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		acc[j] = n->b[j];
		for (int i = 0; i < nf; i++)
			acc[j] += n->w[f[i]][j];
		for (int k = 0; k < NNUE_DENSE; k++)
			acc[j] += n->u[k][j] * d[k];
		out += clampi(acc[j], 0, NNUE_QA) * n->v[j];
	}
	return v + out / (NNUE_QA * NNUE_QV);
}

static int same_features(const ng_pos *pos, int *why)
{
	int a[NNUE_MAX_SET], b[NNUE_MAX_SET];
	int na = ng__nnue_features(pos, a), nb = ref_features(pos, b);
	*why = na != nb ? -1 : 0;
	for (int i = 0; i < na && i < nb; i++)
		if (a[i] != b[i]) {
			*why = i + 1;
			return 0;
		}
	return na == nb;
}

static int by_value(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The position text with every cell moved by (dq, dr). */
static void shifted(const char *text, int dq, int dr, char *out)
{
	const char *s = text;
	while (*s) {
		char *end;
		if ((*s == '-' && s[1] >= '0' && s[1] <= '9') || (*s >= '0' && *s <= '9')) {
			long q = strtol(s, &end, 10);
			if (*end == ',') {
				long r = strtol(end + 1, &end, 10);
				out += sprintf(out, "%ld,%ld", q + dq, r + dr);
				s = end;
				continue;
			}
		}
		*out++ = *s++;
	}
	*out = 0;
}

/* Every position of random games: the features are the reference's, the
 * value is the plain sum's, and a shifted copy has the same of both. */
static void random_games(void)
{
	long positions = 0, wrong = 0, wrong_value = 0, moved_wrong = 0, clamped = 0;
	for (int game = 0; game < 60; game++) {
		ng_rules rules = game % 3 ? NG_STANDARD : NG_SIMPLE;
		ng_pos pos;
		ng_pos_start(&pos, rules);
		for (int ply = 0; ply < 80 && ng_pos_winner(&pos) == NG_NONE; ply++) {
			int why, f[NNUE_MAX_SET];
			positions++;
			if (!same_features(&pos, &why)) {
				if (!wrong++)
					fprintf(stderr, "features differ (%d) at game %d ply %d\n", why, game, ply);
			}
			slide_stats st;
			ng__slide_stats(&pos, &st);
			int v = ng__nnue_evaluate(&pos, &st, &ng__nnue);
			wrong_value += v != ref_value(&pos, &ng__nnue);
			int nf = ref_features(&pos, f);
			for (int i = 0; i < nf; i++) {
				int c = f[i] % NNUE_CELLS;
				clamped += c % NNUE_SIDE == 0 || c % NNUE_SIDE == NNUE_SIDE - 1 ||
				           c / NNUE_SIDE == 0 || c / NNUE_SIDE == NNUE_SIDE - 1;
			}
			char text[NG_POS_TEXT], moved[NG_POS_TEXT * 2];
			ng_pos_format(&pos, text);
			shifted(text, 7 - game % 15, game % 11 - 5, moved);
			ng_pos q;
			slide_stats sq;
			if (ng_pos_parse(&q, moved, rules) != NG_OK) {
				moved_wrong++;
			} else {
				int a[NNUE_MAX_SET], b[NNUE_MAX_SET];
				int na = ng__nnue_features(&pos, a), nb = ng__nnue_features(&q, b);
				ng__slide_stats(&q, &sq);
				/* the notation may list the tokens in another order */
				qsort(a, (size_t)na, sizeof *a, by_value);
				qsort(b, (size_t)nb, sizeof *b, by_value);
				int bad = na != nb || memcmp(a, b, sizeof *a * (size_t)na) ||
				          ng__nnue_evaluate(&q, &sq, &ng__nnue) != v;
				if (bad && !moved_wrong)
					fprintf(stderr, "shifted:\n  %s\n  %s\n", text, moved);
				moved_wrong += bad;
			}
			ng_movelist l;
			ng_generate(&pos, &l);
			if (!l.n)
				break;
			ng_undo u;
			ng_make(&pos, l.m[rnd() % (uint64_t)l.n], &u);
		}
	}
	CHECK(positions > 2000, "%ld positions", positions);
	CHECK(!wrong, "features unlike the reference in %ld of %ld positions", wrong, positions);
	CHECK(!wrong_value, "the vectors' value unlike the plain sum in %ld of %ld",
	      wrong_value, positions);
	CHECK(!moved_wrong, "a shifted board valued otherwise in %ld of %ld",
	      moved_wrong, positions);
	CHECK(clamped > 0, "random games reach the window's edge (%ld cells)", clamped);
}

/* A board strung out in a line: most discs far outside the window, each
 * clamped to its edge. */
static void long_board(void)
{
	char text[512];
	int k = 0;
	for (int q = -9; q <= 9; q++)
		k += sprintf(text + k, "%s%d,0", q > -9 ? ";" : "", q);
	sprintf(text + k, "/-9,0;-8,0;9,0/7,0;8,0;0,0/r/-");
	ng_pos pos;
	CHECK(ng_pos_parse(&pos, text, NG_STANDARD) == NG_OK, "the line parses: %s", text);
	int why, f[NNUE_MAX_SET];
	CHECK(same_features(&pos, &why), "the line's features (%d)", why);
	int n = ng__nnue_features(&pos, f);
	CHECK(n == NG_DISCS + 6 && f[0] == 5 * NNUE_SIDE && f[NG_DISCS - 1] == 6 * NNUE_SIDE - 1,
	      "the line's ends on the window's edges: %d features, %d and %d",
	      n, f[0], f[NG_DISCS - 1]);
	slide_stats st;
	ng__slide_stats(&pos, &st);
	CHECK(ng__nnue_evaluate(&pos, &st, &ng__nnue) == ref_value(&pos, &ng__nnue),
	      "the line's value");
}

/* A net whose hidden layer says nothing is eval.c's evaluation with the
 * net's linear weights: the linear part is the same sum of the terms. */
static void linear_part(void)
{
	static ng_nnue zero;
	zero.lin = ng__nnue.lin;
	ng_pos pos;
	ng_pos_start(&pos, NG_STANDARD);
	long wrong = 0, n = 0;
	for (int ply = 0; ply < 400; ply++) {
		slide_stats st;
		ng__slide_stats(&pos, &st);
		if (ng_pos_winner(&pos) == NG_NONE) {
			n++;
			wrong += ng__nnue_evaluate(&pos, &st, &zero) !=
			         ng__evaluate_with(&pos, &st, &zero.lin);
		}
		ng_movelist l;
		ng_generate(&pos, &l);
		if (!l.n || ng_pos_winner(&pos) != NG_NONE) {
			ng_pos_start(&pos, NG_STANDARD);
			continue;
		}
		ng_undo u;
		ng_make(&pos, l.m[rnd() % (uint64_t)l.n], &u);
	}
	CHECK(n > 100 && !wrong, "the linear part is eval.c's sum: %ld of %ld differ", wrong, n);
}

/* The protocol's answer to line (a static copy). */
static const char *say(ng_session *S, const char *line)
{
	static char buf[1 << 12];
	const char *out;
	ng_session_line(S, line, strlen(line), &out);
	snprintf(buf, sizeof buf, "%s", out);
	return buf;
}

/* The analysis of a middle-game position at level lv, depth 2, with
 * `set eval e', from an empty table. */
static void analysis(ng_session *S, int lv, const char *e, char *out, size_t size)
{
	char line[64];
	say(S, "setposition 0,-3;2,-3;-1,-2;0,-2;1,-2;2,-2;3,-2;-2,-1;-1,-1;0,-1;1,-1;"
	       "2,-1;-1,0;0,0;-1,1;0,1;1,1;-1,2;0,2/2,-1;1,1;0,2/2,-3;-1,-1;0,1/r/-1,2");
	snprintf(line, sizeof line, "set level %d", lv);
	say(S, line);
	snprintf(line, sizeof line, "set eval %s", e);
	CHECK(say(S, line)[0] == '=', "%s accepted", line);
	say(S, "set hash 1");   /* an empty table */
	snprintf(out, size, "%s", say(S, "analyze depth 2"));
	char *t = strstr(out, " time ");   /* the clock's, not the search's */
	if (t)
		*t = 0;
}

/* `set eval': the levels below NG_EVAL_NET_LEVEL evaluate by hand unless
 * told otherwise, the learned evaluation plays otherwise, and anything
 * but level, hand or net is refused. */
static void setting(void)
{
	ng_session *S = ng_session_new();
	static char hand[1 << 12], net[1 << 12], lv[1 << 12];
	const char *bad[] = { "set eval", "set eval nets", "set eval 1", "set eval hand net" };
	for (int i = 0; i < 4; i++) {
		const char *a = say(S, bad[i]);
		CHECK(a[0] == '?' && strlen(a) > 4, "'%s' refused with a reason: %s", bad[i], a);
	}
	for (int level = 8; level <= NG_LEVEL_MAX; level++) {
		analysis(S, level, "hand", hand, sizeof hand);
		analysis(S, level, "net", net, sizeof net);
		analysis(S, level, "level", lv, sizeof lv);
		CHECK(strcmp(hand, net) != 0, "level %d: the net's analysis is its own: %s", level, net);
		CHECK(!strcmp(lv, level >= NG_EVAL_NET_LEVEL ? net : hand),
		      "level %d evaluates %s of itself: %s", level,
		      level >= NG_EVAL_NET_LEVEL ? "with the net" : "by hand", lv);
	}
	ng_session_free(S);

	/* a helper thread evaluates as its searcher does */
	ng_search *se = ng_search_new();
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_limits lim = { 0, 3, 0 };
	ng_info info;
	for (int e = NG_EVAL_HAND; e <= NG_EVAL_NET; e++) {
		ng_search_set_level(se, 10);
		ng_search_set_threads(se, 2);
		ng_search_set_eval(se, (ng_eval)e);
		CHECK(ng_search_run(se, g, &lim, NULL, NULL, &info) == NG_OK &&
		      se->helpers && se->helpers[0].w->nnue == (e == NG_EVAL_NET),
		      "the helper's evaluation is its searcher's (%d)", e);
	}
	CHECK(ng_search_set_eval(se, (ng_eval)3) == NG_ERR_RANGE &&
	      ng_search_eval(se) == NG_EVAL_NET, "an evaluation out of range is refused");
	ng_game_free(g);
	ng_search_free(se);
}

/* A node's children valued in turn, as the search does (ng__eval_child):
 * the discs' sums kept from one child to the next with the same
 * relocation give every child the value it has alone, in the moves'
 * order (grouped by relocation) and in one that mixes the groups. */
static void children_in_turn(void)
{
	long children = 0, wrong = 0, hits = 0;
	ng_movelist *l = malloc(sizeof *l);
	for (int game = 0; game < 12 && l; game++) {
		ng_pos pos;
		ng_pos_start(&pos, game % 3 ? NG_STANDARD : NG_SIMPLE);
		for (int ply = 0; ply < 40 && ng_pos_winner(&pos) == NG_NONE; ply++) {
			ng_generate(&pos, l);
			if (!l->n)
				break;
			for (int order = 0; order < 2; order++) {
				nnue_discs dc = { .ready = 0 };
				for (int j = 0; j < l->n; j++) {
					/* order 1: odd indices first, then even */
					int i = order ? (2 * j < l->n ? 2 * j + 1 : 2 * j - l->n) : j;
					if (i >= l->n)
						i = l->n - 1;
					ng_pos c = pos;
					ng_undo u;
					ng_make(&c, l->m[i], &u);
					slide_stats st;
					ng__slide_stats(&c, &st);
					uint32_t key = (uint32_t)l->m[i].rf << 16 | l->m[i].rt;
					hits += dc.ready && dc.key == key;
					int v = ng__nnue_evaluate_child(&c, &st, &ng__nnue, &dc, l->m[i]);
					wrong += v != ng__nnue_evaluate(&c, &st, &ng__nnue);
					children++;
				}
			}
			ng_undo u;
			ng_make(&pos, l->m[rnd() % (uint64_t)l->n], &u);
		}
	}
	free(l);
	CHECK(children > 10000 && hits > children / 2,
	      "%ld children, %ld with the discs' sums kept", children, hits);
	CHECK(!wrong, "a child valued in turn unlike alone: %ld of %ld", wrong, children);
}

int main(void)
{
	random_games();
	long_board();
	children_in_turn();
	linear_part();
	setting();
	return tests_done("nnue");
}
