/*
 * train.c - fits the learned evaluation (src/lib/nnue.h) to labelled
 * positions and writes its weights as C (`make train').
 *
 *   train [-e EPOCHS] [-s SEED] [-l LAMBDA] [-o FILE] DATA...
 *
 * DATA are files of test/texel.c's gen: "POSITION<TAB>R<TAB>S" lines, R
 * the game's result and S the score the game's search gave, both for the
 * side to move.  Each position is seen in its twelve rotations and
 * reflections (the rules have the hexagon's symmetry).  The label is
 * LAMBDA * R + (1 - LAMBDA) * sigmoid(K * S / 100), K the scale at which
 * eval.c's hand-written weights fit the results best (texel.c's measure),
 * and the net's value E (centi-units) is fitted by the log loss of
 * sigmoid(K * E / 100) against it, Adam on minibatches, one thread; the
 * same files, seed and options give the same weights.  One block of lines
 * in ten is held out and its loss printed (against the results alone)
 * for the hand-written evaluation, the net in floats and the net as the
 * library computes it in integers.  The net starts as the hand-written
 * evaluation (its linear part eval.c's weights, the hidden layer's output
 * zero), and with -e 0 it is exactly that.  FILE (default
 * src/lib/nnue_weights.c) gets the weights.
 */
#include "internal.h"
#include "searcher.h"
#include "nnue.h"
#include "genline.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NSYM 12

typedef struct sample {
	uint16_t f[NNUE_MAX_SET];
	uint8_t nf, valid;
	int8_t d[NNUE_DENSE];
	int8_t t[NG_TERMS];
	float r, s;          /* result, search score */
	float y;             /* the label */
	int sym;
} sample;

typedef struct model {
	float w[NNUE_FEATURES][NNUE_HIDDEN], u[NNUE_DENSE][NNUE_HIDDEN];
	float b[NNUE_HIDDEN], v[NNUE_HIDDEN], lin[NG_TERMS];
} model;
#define NPARAM (int)(sizeof(model) / sizeof(float))

static uint64_t rng_state;
static double urand(void)
{
	return (double)(ng__rand(&rng_state) >> 11) / 9007199254740992.0;
}

/* Cell (q, r) under symmetry s: reflected for s >= 6, then turned s % 6
 * times by 60 degrees (the directions of internal.h map onto each other). */
static ng_cell sym_cell(ng_cell c, int s)
{
	int q = c.q, r = c.r;
	if (s >= 6) {
		int t = q;
		q = r;
		r = t;
	}
	for (int i = 0; i < s % 6; i++) {
		int t = q;
		q = -r;
		r = t + r;
	}
	ng_cell o = { q, r };
	return o;
}

static int put_cells(char *o, const ng_cell *c, int n, int s)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		ng_cell x = sym_cell(c[i], s);
		k += sprintf(o + k, "%s%d,%d", i ? ";" : "", x.q, x.r);
	}
	return k;
}

/* pos under symmetry s, through the notation (so the frame and the key
 * are made as for any position). */
static int sym_pos(const ng_pos *pos, int s, ng_pos *out)
{
	char text[NG_POS_TEXT * 2];
	ng_cell d[NG_DISCS], t[3], lock;
	int n = ng_pos_discs(pos, d), k = put_cells(text, d, n, s);
	for (int side = 0; side < 2; side++) {
		text[k++] = '/';
		ng_pos_tokens(pos, (ng_side)side, t);
		k += put_cells(text + k, t, 3, s);
	}
	k += sprintf(text + k, "/%c/", pos->side ? 'b' : 'r');
	if (ng_pos_lock(pos, &lock))
		put_cells(text + k, &lock, 1, s);
	else
		strcpy(text + k, "-");
	return ng_pos_parse(out, text, NG_STANDARD) == NG_OK;
}

static void fill(sample *x, const ng_pos *p)
{
	slide_stats st;
	int f[NNUE_MAX_SET], d[NNUE_DENSE], t[NG_TERMS];
	ng__slide_stats(p, &st);
	x->nf = (uint8_t)ng__nnue_features(p, f);
	for (int i = 0; i < x->nf; i++)
		x->f[i] = (uint16_t)f[i];
	ng__nnue_dense(p, &st, d);
	ng__eval_terms(p, t);
	for (int k = 0; k < NNUE_DENSE; k++)
		x->d[k] = (int8_t)d[k];
	for (int k = 0; k < NG_TERMS; k++)
		x->t[k] = (int8_t)t[k];
}

static sample *load(int nfiles, char **files, size_t *count)
{
	size_t n = 0, cap = 1 << 20, line_no = 0;
	sample *d = malloc(sizeof *d * cap);
	char line[512];
	for (int i = 0; d && i < nfiles; i++) {
		FILE *f = fopen(files[i], "r");
		if (!f) {
			perror(files[i]);
			exit(1);
		}
		while (fgets(line, sizeof line, f)) {
			char *result, *score;
			ng_pos pos;
			if (!gen_line(line, &pos, &result, &score) || !score)
				continue;
			int valid = (line_no++ / 200) % 10 == 9;
			for (int s = 0; s < NSYM; s++) {
				if (n == cap && !(d = realloc(d, sizeof *d * (cap *= 2))))
					break;
				ng_pos q;
				if (!sym_pos(&pos, s, &q)) {
					fprintf(stderr, "train: symmetry %d of %s refused\n", s, line);
					exit(1);
				}
				fill(&d[n], &q);
				d[n].r = (float)atof(result);
				d[n].s = (float)atof(score);
				d[n].valid = (uint8_t)valid;
				d[n++].sym = s;
			}
		}
		fclose(f);
	}
	if (!d) {
		fputs("train: out of memory\n", stderr);
		exit(1);
	}
	*count = n;
	return d;
}

static double sigmoid(double z) { return 1 / (1 + exp(-z)); }

static double logloss(double p, double y)
{
	const double eps = 1e-9;
	return -(y * log(p + eps) + (1 - y) * log(1 - p + eps));
}

static double hand_value(const sample *x, const float *lin)
{
	double e = 0;
	for (int k = 0; k < NG_TERMS; k++)
		e += lin[k] * x->t[k];
	return e;
}

/* The net's value of x in floats; h gets the activations, a the sums. */
static double forward(const model *m, const sample *x, float *a, float *h)
{
	for (int j = 0; j < NNUE_HIDDEN; j++)
		a[j] = m->b[j];
	for (int i = 0; i < x->nf; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			a[j] += m->w[x->f[i]][j];
	for (int k = 0; k < NNUE_DENSE; k++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			a[j] += m->u[k][j] * x->d[k];
	double e = hand_value(x, m->lin);
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		h[j] = a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j];
		e += m->v[j] * h[j];
	}
	return e;
}

static void backward(const model *m, const sample *x, const float *a,
                     const float *h, double g, model *gr)
{
	for (int k = 0; k < NG_TERMS; k++)
		gr->lin[k] += (float)(g * x->t[k]);
	float da[NNUE_HIDDEN];
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		gr->v[j] += (float)(g * h[j]);
		da[j] = a[j] > 0 && a[j] < 1 ? (float)(g * m->v[j]) : 0;
		gr->b[j] += da[j];
	}
	for (int i = 0; i < x->nf; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			gr->w[x->f[i]][j] += da[j];
	for (int k = 0; k < NNUE_DENSE; k++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			gr->u[k][j] += da[j] * x->d[k];
}

/* Bounds that keep the library's int16 sums in range (nnue.h). */
static void clip(model *m)
{
	for (int i = 0; i < NNUE_FEATURES; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			m->w[i][j] = fmaxf(-4, fminf(4, m->w[i][j]));
	for (int k = 0; k < NNUE_DENSE; k++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			m->u[k][j] = fmaxf(-0.5f, fminf(0.5f, m->u[k][j]));
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		m->b[j] = fmaxf(-4, fminf(4, m->b[j]));
		m->v[j] = fmaxf(-1500, fminf(1500, m->v[j]));
	}
}

static int16_t q16(double x)
{
	return (int16_t)lrint(x);
}

static void quantize(const model *m, ng_nnue *n)
{
	for (int i = 0; i < NNUE_FEATURES; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			n->w[i][j] = q16(m->w[i][j] * NNUE_QA);
	for (int k = 0; k < NNUE_DENSE; k++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			n->u[k][j] = q16(m->u[k][j] * NNUE_QA);
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		n->b[j] = q16(m->b[j] * NNUE_QA);
		n->v[j] = q16(m->v[j] * NNUE_QV);
	}
	for (int k = 0; k < NG_TERMS; k++)
		n->lin.w[k] = (int)lrint(m->lin[k]);
}

static void print_row(FILE *o, const int16_t *r, int n)
{
	fputs("\t{", o);
	for (int j = 0; j < n; j++)
		fprintf(o, "%s%d", j ? "," : "", r[j]);
	fputs("},\n", o);
}

static int write_weights(const char *path, const ng_nnue *n, const char *how)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.new", path);
	FILE *o = fopen(tmp, "w");
	if (!o) {
		perror(tmp);
		return 1;
	}
	fprintf(o, "/* nnue_weights.c - the learned evaluation's weights (nnue.h), made by\n"
	           " * `make train' (test/train.c): %s.\n"
	           " * Generated: do not edit. */\n#include \"nnue.h\"\n\n"
	           "const ng_nnue ng__nnue = {\n.w = {\n", how);
	for (int i = 0; i < NNUE_FEATURES; i++)
		print_row(o, n->w[i], NNUE_HIDDEN);
	fputs("},\n.u = {\n", o);
	for (int k = 0; k < NNUE_DENSE; k++)
		print_row(o, n->u[k], NNUE_HIDDEN);
	fputs("},\n.b =", o);
	print_row(o, n->b, NNUE_HIDDEN);
	fputs(".v =", o);
	print_row(o, n->v, NNUE_HIDDEN);
	fputs(".lin = { {", o);
	for (int k = 0; k < NG_TERMS; k++)
		fprintf(o, "%s%d", k ? ", " : " ", n->lin.w[k]);
	fputs(" } },\n};\n", o);
	if (fclose(o) || rename(tmp, path)) {
		perror(path);
		return 1;
	}
	return 0;
}

/* The held-out positions' mean log loss against the results: by the
 * floats (m) or by the library's integers (n). */
static double valid_loss(const sample *d, size_t n, double K, const model *m,
                         const ng_nnue *net, const float *hand)
{
	double sum = 0;
	size_t cnt = 0;
	float a[NNUE_HIDDEN], h[NNUE_HIDDEN];
	for (size_t i = 0; i < n; i++) {
		if (!d[i].valid || d[i].sym)
			continue;
		double e = hand ? hand_value(&d[i], hand) : m ? forward(m, &d[i], a, h) : 0;
		if (net) {
			/* the library's own sum, from the sample's inputs */
			int acc[NNUE_HIDDEN];
			for (int j = 0; j < NNUE_HIDDEN; j++)
				acc[j] = net->b[j];
			for (int k = 0; k < d[i].nf; k++)
				for (int j = 0; j < NNUE_HIDDEN; j++)
					acc[j] += net->w[d[i].f[k]][j];
			for (int k = 0; k < NNUE_DENSE; k++)
				for (int j = 0; j < NNUE_HIDDEN; j++)
					acc[j] += net->u[k][j] * d[i].d[k];
			int out = 0;
			for (int j = 0; j < NNUE_HIDDEN; j++)
				out += (acc[j] < 0 ? 0 : acc[j] > NNUE_QA ? NNUE_QA : acc[j]) * net->v[j];
			e = out / (NNUE_QA * NNUE_QV);
			for (int k = 0; k < NG_TERMS; k++)
				e += net->lin.w[k] * d[i].t[k];
		}
		sum += logloss(sigmoid(K * e / 100), d[i].r);
		cnt++;
	}
	return cnt ? sum / (double)cnt : 0;
}

static model *new_model(void)
{
	model *m = calloc(1, sizeof *m);
	if (!m) {
		fputs("train: out of memory\n", stderr);
		exit(1);
	}
	return m;
}

int main(int argc, char **argv)
{
	int epochs = 12, opt;
	uint64_t seed = 1;
	double lambda = 0.5;
	const char *out = "src/lib/nnue_weights.c";
	while ((opt = getopt(argc, argv, "e:s:l:o:")) != -1)
		switch (opt) {
		case 'e': epochs = atoi(optarg); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		case 'l': lambda = atof(optarg); break;
		case 'o': out = optarg; break;
		default:
			fputs("usage: train [-e EPOCHS] [-s SEED] [-l LAMBDA] [-o FILE] DATA...\n", stderr);
			return 2;
		}
	if (optind >= argc && epochs > 0) {
		fputs("train: no data\n", stderr);
		return 2;
	}
	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	size_t n = 0;
	sample *d = optind < argc ? load(argc - optind, argv + optind, &n) : NULL;
	float hand[NG_TERMS];
	for (int k = 0; k < NG_TERMS; k++)
		hand[k] = (float)ng__weights.w[k];

	/* K: the scale at which the hand-written weights fit the results */
	double K = 1, best = 1e9;
	for (double k = 0.2; n && k <= 5; k *= 1.05) {
		double sum = 0;
		for (size_t i = 0; i < n; i++)
			if (!d[i].valid && !d[i].sym)
				sum += logloss(sigmoid(k * hand_value(&d[i], hand) / 100), d[i].r);
		if (sum < best)
			best = sum, K = k;
	}
	size_t ntrain = 0;
	for (size_t i = 0; i < n; i++) {
		double s = d[i].s;
		double ps = s > NG_MATE_BOUND ? 1 : s < -NG_MATE_BOUND ? 0 : sigmoid(K * s / 100);
		d[i].y = (float)(lambda * d[i].r + (1 - lambda) * ps);
		ntrain += !d[i].valid;
	}
	fprintf(stderr, "%zu positions (%zu with their symmetries, %zu to train); K %.3f\n",
	        n / NSYM, n, ntrain, K);

	model *m = new_model(), *g = new_model(), *m1 = new_model(), *m2 = new_model();
	for (int j = 0; j < NNUE_HIDDEN; j++)
		m->b[j] = 0.5f;
	for (int i = 0; i < NNUE_FEATURES; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			m->w[i][j] = (float)((urand() - 0.5) * 0.2);
	memcpy(m->lin, hand, sizeof hand);
	float *pm = (float *)m, *pg = (float *)g, *p1 = (float *)m1, *p2 = (float *)m2;

	size_t *idx = malloc(sizeof *idx * (ntrain ? ntrain : 1));
	for (size_t i = 0, k = 0; i < n; i++)
		if (!d[i].valid)
			idx[k++] = i;
	const int batch = 256;
	double lr = 1e-3;
	long step = 0;
	for (int ep = 0; ep < epochs; ep++) {
		for (size_t i = ntrain - 1; i > 0; i--) {   /* shuffle */
			size_t j = ng__rand(&rng_state) % (i + 1), t = idx[i];
			idx[i] = idx[j];
			idx[j] = t;
		}
		double sum = 0;
		for (size_t b0 = 0; b0 < ntrain; b0 += batch) {
			memset(g, 0, sizeof *g);
			size_t b1 = b0 + batch < ntrain ? b0 + batch : ntrain;
			for (size_t b = b0; b < b1; b++) {
				const sample *x = &d[idx[b]];
				float a[NNUE_HIDDEN], h[NNUE_HIDDEN];
				double e = forward(m, x, a, h), p = sigmoid(K * e / 100);
				sum += logloss(p, x->y);
				backward(m, x, a, h, (p - x->y) * K / 100 / (double)(b1 - b0), g);
			}
			step++;
			double c1 = 1 - pow(0.9, (double)step), c2 = 1 - pow(0.999, (double)step);
			for (int k = 0; k < NPARAM; k++) {
				p1[k] = 0.9f * p1[k] + 0.1f * pg[k];
				p2[k] = 0.999f * p2[k] + 0.001f * pg[k] * pg[k];
			}
			/* the output and linear weights are in centi-units, the
			 * others in activations: a step size for each */
			for (int k = 0; k < NPARAM; k++) {
				float *at = pm + k;
				double s = (at >= m->v && at < m->v + NNUE_HIDDEN) ||
				           (at >= m->lin && at < m->lin + NG_TERMS) ? 200 : 1;
				pm[k] -= (float)(s * lr * (p1[k] / c1) / (sqrt(p2[k] / c2) + 1e-8));
			}
			clip(m);
		}
		lr *= 0.75;
		fprintf(stderr, "epoch %d: train %.5f, held out %.5f\n", ep + 1,
		        sum / (double)ntrain, valid_loss(d, n, K, m, NULL, NULL));
	}
	ng_nnue *net = calloc(1, sizeof *net);
	quantize(m, net);
	double lh = valid_loss(d, n, K, NULL, NULL, hand), lf = valid_loss(d, n, K, m, NULL, NULL),
	       lq = valid_loss(d, n, K, NULL, net, NULL);
	fprintf(stderr, "held out: hand-written %.5f, net %.5f, net in integers %.5f\n",
	        lh, lf, lq);
	char how[512];
	snprintf(how, sizeof how, "%zu positions, %d epochs, seed %llu, lambda %.2f, "
	         "K %.3f;\n * held-out log loss %.5f (hand-written %.5f)",
	         n / NSYM, epochs, (unsigned long long)seed, lambda, K, lq, lh);
	int rc = write_weights(out, net, epochs ? how : "the hand-written evaluation "
	                       "(eval.c's weights, no hidden layer's output): no data");
	free(net);
	free(idx);
	free(d);
	free(m);
	free(g);
	free(m1);
	free(m2);
	return rc;
}
