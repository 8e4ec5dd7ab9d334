/* perft_test.c - the move generator's proof: known perft counts. */
#include "nonaga.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static const char *SECOND =
	"0,-3;2,-3;-1,-2;0,-2;1,-2;2,-2;3,-2;-2,-1;-1,-1;0,-1;1,-1;2,-1;-1,0;0,0;"
	"-1,1;0,1;1,1;-1,2;0,2/2,-1;1,1;0,2/2,-3;-1,-1;0,1/r/-1,2";

static void expect(const ng_pos *p, int depth, uint64_t want, const char *what)
{
	uint64_t n = 0;
	ng_err e = ng_perft(p, depth, &n);
	CHECK(e == NG_OK && n == want, "%s perft(%d) = %llu, want %llu", what,
	      depth, (unsigned long long)n, (unsigned long long)want);
}

int main(void)
{
	/* The sanitizer build is about 20x slower: it stops at depth 2. */
	const char *v = getenv("NONAGA_VARIANT");
	int deep = !(v && !strcmp(v, "asan"));
	ng_pos p;
	ng_pos_start(&p, NG_STANDARD);
	expect(&p, 0, 1, "start standard");
	expect(&p, 1, 570, "start standard");
	expect(&p, 2, 199488, "start standard");
	if (deep)
		expect(&p, 3, 73397796, "start standard");
	ng_pos_start(&p, NG_SIMPLE);
	expect(&p, 1, 1290, "start simple");
	expect(&p, 2, 1498086, "start simple");
	CHECK(ng_pos_parse(&p, SECOND, NG_STANDARD) == NG_OK, "parse second");
	expect(&p, 1, 285, "second");
	expect(&p, 2, 168162, "second");

	/* ng_count_moves agrees with ng_generate on every child of the start */
	ng_movelist *l = malloc(sizeof *l), *l2 = malloc(sizeof *l2);
	ng_pos_start(&p, NG_STANDARD);
	ng_generate(&p, l);
	int bad = 0;
	for (int i = 0; i < l->n; i++) {
		ng_pos c = p;
		ng_undo u;
		ng_make(&c, l->m[i], &u);
		bad += ng_count_moves(&c) != ng_generate(&c, l2);
		ng_unmake(&c, &u);
		bad += !ng_pos_same(&c, &p) || memcmp(&c, &p, sizeof c) != 0;
	}
	CHECK(bad == 0, "count/generate/unmake disagree %d times", bad);
	free(l);
	free(l2);
	return tests_done("perft");
}
