/*
 * texel.c - a Texel-style fit of the evaluation's terms (`make texel').
 *
 *   texel gen GAMES SEED > FILE   play GAMES games of the engine against
 *                                 itself (level 7, depth 2) from random
 *                                 openings and write each position after
 *                                 the opening with the game's result
 *                                 (TEXEL_LEVEL=N plays level N instead,
 *                                 TEXEL_DEPTH=N and TEXEL_NODES=N limit
 *                                 each move's search: deeper labels,
 *                                 e.g. TEXEL_LEVEL=10 TEXEL_DEPTH=3;
 *                                 TEXEL_EVAL=net or hand picks the
 *                                 evaluation, else the level's)
 *   texel label < IN > OUT        search each position of gen's lines
 *                                 again (level 10, depth 4 unless the
 *                                 variables above say otherwise) and
 *                                 write the line with its new score:
 *                                 deeper labels for the same positions
 *                                 and results
 *   texel fit FILE...             fit the terms' weights to the results
 *
 * gen writes "POSITION<TAB>R<TAB>S" lines, R the result for the side to
 * move (1 won, 0 lost, 0.5 drawn), S the score the game's search gave the
 * position (centi-units for the side to move; make train's labels blend
 * the two, test/train.c); positions where the side to move has a
 * winning slide are left out (the search scores those, not the
 * evaluation).  fit computes the terms of eval.c for each position (side
 * to move minus opponent) and minimises the log loss of
 * sigmoid(w . terms / 100) against R by gradient descent, then prints the
 * weights, as fitted and on search.c's scale (divided by the factor at
 * which search.c's own weights fit best), with the loss of search.c's
 * weights at that scale for comparison.  TERMS=1111100 (one digit a
 * term, in the weights' order) fits only the terms marked 1, the others
 * held at 0.
 */
#include "internal.h"
#include "searcher.h"
#include "genline.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPENING 4
#define MAX_PLIES 200

static int usage(void)
{
	fputs("usage: texel gen GAMES SEED > FILE | texel label < IN > OUT |"
	      " texel fit FILE...\n", stderr);
	return 2;
}

/* A random move that does not hand the opponent a win in one (any move
 * if all do). */
static ng_move random_move(const ng_pos *pos, uint64_t *rng)
{
	ng_movelist l;
	ng_generate(pos, &l);
	ng_move m = l.m[ng__rand(rng) % (uint64_t)l.n];
	for (int tries = 0; tries < 50; tries++) {
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, m, &u);
		if (!ng__winning_slides(&c, c.side, 1))
			break;
		m = l.m[ng__rand(rng) % (uint64_t)l.n];
	}
	return m;
}

/* A search as TEXEL_LEVEL, TEXEL_EVAL (net, hand), TEXEL_DEPTH and
 * TEXEL_NODES say, with gen's or label's defaults; NULL if they are not
 * a level and an evaluation. */
static ng_search *searcher(int level, int depth, ng_limits *lim)
{
	const char *lv = getenv("TEXEL_LEVEL"), *dp = getenv("TEXEL_DEPTH"),
	           *nd = getenv("TEXEL_NODES"), *ev = getenv("TEXEL_EVAL");
	int net = ev && !strcmp(ev, "net"), hand = ev && !strcmp(ev, "hand");
	ng_search *s = ng_search_new();
	if (!s)
		return NULL;
	if (ng_search_set_level(s, lv ? atoi(lv) : level) != NG_OK ||
	    (ev && !net && !hand) ||
	    ng_search_set_eval(s, net ? NG_EVAL_NET : hand ? NG_EVAL_HAND :
	                       NG_EVAL_LEVEL) != NG_OK) {
		fputs("texel: TEXEL_LEVEL must be a level, TEXEL_EVAL net or hand\n",
		      stderr);
		ng_search_free(s);
		return NULL;
	}
	*lim = (ng_limits){ 0, dp ? atoi(dp) : depth, nd ? atoll(nd) : 0 };
	return s;
}

static int gen(int games, uint64_t seed)
{
	ng_limits lim;
	ng_search *s = searcher(7, 0, &lim);
	ng_game *g = ng_game_new(NG_STANDARD);
	if (!s || !g)
		return 1;
	uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;
	static char pos_text[MAX_PLIES + 1][NG_POS_TEXT];
	static int side[MAX_PLIES + 1], score[MAX_PLIES + 1];
	for (int n = 0; n < games; n++) {
		ng_game_reset(g, NG_STANDARD);
		ng_search_clear(s);
		int kept = 0;
		while (ng_game_result(g) == NG_NONE && ng_game_ply(g) < MAX_PLIES) {
			const ng_pos *p = ng_game_pos(g);
			ng_move m;
			if (ng_game_ply(g) < OPENING) {
				m = random_move(p, &rng);
			} else {
				int keep = !ng__winning_slides(p, p->side, 1);
				if (keep) {
					ng_pos_format(p, pos_text[kept]);
					side[kept] = p->side;
				}
				ng_info info;
				if (ng_search_run(s, g, &lim, NULL, NULL, &info) != NG_OK)
					return 1;
				m = info.best;
				if (keep)
					score[kept++] = info.score;
			}
			if (ng_game_play(g, m) != NG_OK)
				return 1;
		}
		ng_result r = ng_game_result(g);
		for (int i = 0; i < kept; i++) {
			const char *v = r == NG_RED_WINS ? (side[i] == NG_RED ? "1" : "0") :
			                r == NG_BLUE_WINS ? (side[i] == NG_BLUE ? "1" : "0") :
			                "0.5";
			printf("%s\t%s\t%d\n", pos_text[i], v, score[i]);
		}
	}
	ng_game_free(g);
	ng_search_free(s);
	return 0;
}

/* A gen line's position searched again: same position and result, the
 * score of a deeper search.  The hash is kept from line to line (gen's
 * lines of one game follow each other), so the output depends on the
 * order of the lines, not on timing. */
static int label(void)
{
	ng_limits lim;
	ng_search *s = searcher(10, 4, &lim);
	ng_game *g = ng_game_new(NG_STANDARD);
	if (!s || !g)
		return 1;
	char line[NG_POS_TEXT + 64];
	long n = 0;
	while (fgets(line, sizeof line, stdin)) {
		char *result, *score;
		ng_pos pos;
		n++;
		if (!gen_line(line, &pos, &result, &score) || !score)
			goto bad;
		ng_game_set(g, &pos);
		ng_info info;
		if (ng_search_run(s, g, &lim, NULL, NULL, &info) != NG_OK)
			goto bad;
		printf("%s\t%s\t%d\n", line, result, info.score);
		continue;
	bad:
		fprintf(stderr, "texel: line %ld is not a gen line\n", n);
		return 1;
	}
	ng_game_free(g);
	ng_search_free(s);
	return 0;
}

/* ---------------------------------------------------------------- fit */

static const char *const NAME[NG_TERMS] = { "pair", "spread", "threat",
	"mobility", "tempo", "pass", "stuck" };

typedef struct sample {
	float f[NG_TERMS];   /* eval.c's terms */
	float r;             /* the result for the side to move */
} sample;

static double loss(const sample *d, size_t n, const double *w, double *grad)
{
	double sum = 0;
	if (grad)
		memset(grad, 0, sizeof *grad * NG_TERMS);
	for (size_t i = 0; i < n; i++) {
		double z = 0;
		for (int k = 0; k < NG_TERMS; k++)
			z += w[k] * d[i].f[k];
		double p = 1 / (1 + exp(-z / 100));
		double r = d[i].r;
		const double eps = 1e-9;
		sum -= r * log(p + eps) + (1 - r) * log(1 - p + eps);
		if (grad)
			for (int k = 0; k < NG_TERMS; k++)
				grad[k] += (p - r) * d[i].f[k] / 100;
	}
	if (grad)
		for (int k = 0; k < NG_TERMS; k++)
			grad[k] /= (double)n;
	return sum / (double)n;
}

static int fit(int nfiles, char **files)
{
	size_t n = 0, cap = 1 << 16;
	sample *d = malloc(sizeof *d * cap);
	char line[512];
	if (!d)
		return 1;
	for (int i = 0; i < nfiles; i++) {
		FILE *f = fopen(files[i], "r");
		if (!f) {
			perror(files[i]);
			return 1;
		}
		while (fgets(line, sizeof line, f)) {
			char *result, *score;
			ng_pos pos;
			if (!gen_line(line, &pos, &result, &score))
				continue;
			if (n == cap) {
				sample *more = realloc(d, sizeof *d * (cap *= 2));
				if (!more) {
					fputs("texel: out of memory\n", stderr);
					return 1;
				}
				d = more;
			}
			int t[NG_TERMS];
			ng__eval_terms(&pos, t);
			for (int k = 0; k < NG_TERMS; k++)
				d[n].f[k] = (float)t[k];
			d[n++].r = (float)atof(result);
		}
		fclose(f);
	}
	if (!n)
		return 1;
	double w0[NG_TERMS];
	for (int k = 0; k < NG_TERMS; k++)
		w0[k] = ng__weights.w[k];
	const char *use = getenv("TERMS");   /* e.g. 1111100: the terms to fit */
	/* search.c's weights at their best scale */
	double best = 1e9, bk = 1;
	for (double k = 0.2; k <= 5; k *= 1.05) {
		double wk[NG_TERMS];
		for (int i = 0; i < NG_TERMS; i++)
			wk[i] = w0[i] * k;
		double lk = loss(d, n, wk, NULL);
		if (lk < best)
			best = lk, bk = k;
	}
	printf("%zu positions; search.c's weights: loss %.5f (scaled by %.2f)\n",
	       n, best, bk);
	double w[NG_TERMS] = { 0 }, g[NG_TERMS], m[NG_TERMS] = { 0 }, v[NG_TERMS] = { 0 };
	double lr = 0.5, l = 0;
	for (int it = 1; it <= 3000; it++) {   /* Adam */
		l = loss(d, n, w, g);
		for (int k = 0; k < NG_TERMS; k++) {
			m[k] = 0.9 * m[k] + 0.1 * g[k];
			v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
			double mh = m[k] / (1 - pow(0.9, it)), vh = v[k] / (1 - pow(0.999, it));
			w[k] -= lr * mh / (sqrt(vh) + 1e-8);
			if (use && ((int)strlen(use) <= k || use[k] == '0'))
				w[k] = 0;
		}
	}
	printf("fitted: loss %.5f\n", l);
	/* on search.c's scale: its weights fit best at bk times themselves */
	printf("fitted weights:");
	for (int k = 0; k < NG_TERMS; k++)
		printf("%s %s %.1f", k ? "," : "", NAME[k], w[k]);
	printf("\nNG_WEIGHTS on search.c's scale (divided by %.2f):", bk);
	for (int k = 0; k < NG_TERMS; k++)
		printf("%s%.0f", k ? ", " : " ", w[k] / bk);
	printf("\n");
	free(d);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "gen"))
		return gen(atoi(argv[2]), strtoull(argv[3], NULL, 10));
	if (argc == 2 && !strcmp(argv[1], "label"))
		return label();
	if (argc >= 3 && !strcmp(argv[1], "fit"))
		return fit(argc - 2, argv + 2);
	return usage();
}
