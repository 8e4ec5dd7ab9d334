/*
 * parry_test.c - the horizon's filter (src/lib/search.c, parried): a move
 * is made and checked for a parry only if ng__may_stop says its relocation
 * could stop every winning slide its slide leaves the opponent.  Over the
 * positions of random games under both rule sets, every move that does
 * parry must pass the filter (else the search would miss a defence and
 * call a position lost), and the filter must turn most moves away (else
 * it saves nothing).  The search does not make that list: its generator
 * (ng__find_parry) must give exactly the moves that pass the filter, in
 * the list's order and with their indices there.
 */
#include "tap.h"
#include "nonaga.h"
#include "internal.h"
#include <stdlib.h>

static uint64_t rng_state = 20261126;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* The opponent's winning slides after m's slide alone. */
static int lines_after_slide(const ng_pos *pos, ng_move m, win_line *w)
{
	ng_pos c = *pos;
	for (int k = 0; k < 3 && m.sf != NG_NOCELL; k++)
		if (c.tok[c.side][k] == m.sf)
			c.tok[c.side][k] = m.st;
	return ng__win_lines(&c, c.side ^ 1, w);
}

typedef struct tally {
	long positions, moves, parries, missed, turned_away;
	long gen_wrong, gen_moves, stop_wrong;
} tally;

/* What ng__find_parry gives, collected (stop_after: answer 1 to that
 * many-th candidate). */
typedef struct found {
	ng_move m[NG_MAX_MOVES];
	int index[NG_MAX_MOVES];
	int n, stop_after;
} found;

static int collect(void *ctx, ng_move m, int index)
{
	found *f = ctx;
	f->m[f->n] = m;
	f->index[f->n++] = index;
	return f->n == f->stop_after;
}

/* ng__find_parry must give exactly the moves of ng_generate's list that
 * pass ng__may_stop, in order and with their indices, and the list's
 * length; and stop when told to. */
static void check_generator(const ng_pos *pos, const ng_movelist *l,
                            const uint8_t *may, tally *t)
{
	static found f;
	f.n = 0;
	f.stop_after = -1;
	int total = ng__find_parry(pos, collect, &f), k = 0, wrong = total != l->n;
	for (int i = 0; i < l->n && !wrong; i++) {
		if (!may[i])
			continue;
		wrong = k >= f.n || f.index[k] != i || !ng_move_equal(f.m[k], l->m[i]);
		k++;
	}
	wrong |= k != f.n;
	t->gen_wrong += wrong;
	t->gen_moves += f.n;
	if (f.n >= 2) {
		int n = f.n;
		f.n = 0;
		f.stop_after = 2;
		t->stop_wrong += ng__find_parry(pos, collect, &f) != -1 || f.n != 2 || n < 2;
	}
}

/* Every move of pos, where the side to move has no winning slide and the
 * opponent has one. */
static void check_position(const ng_pos *pos, ng_movelist *l, tally *t)
{
	static uint8_t mays[NG_MAX_MOVES];
	t->positions++;
	ng_generate(pos, l);
	for (int i = 0; i < l->n; i++) {
		ng_move m = l->m[i];
		win_line w[18];
		int n = lines_after_slide(pos, m, w);
		int may = ng__may_stop(w, n, m.rf, m.rt);
		mays[i] = (uint8_t)may;
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, m, &u);
		int parries = !ng__winning_slides(&c, c.side, 1);
		t->moves++;
		t->parries += parries;
		t->missed += parries && !may;
		t->turned_away += !may;
	}
	check_generator(pos, l, mays, t);
}

int main(void)
{
	ng_movelist *l = malloc(sizeof *l);
	tally t = { 0 };
	for (int game = 0; l && t.positions < 400 && game < 4000; game++) {
		ng_pos p;
		ng_pos_start(&p, game % 2 ? NG_SIMPLE : NG_STANDARD);
		for (int ply = 0; ply < 200 && ng_generate(&p, l) > 0; ply++) {
			if (!ng__winning_slides(&p, p.side, 1) &&
			    ng__winning_slides(&p, p.side ^ 1, 1))
				check_position(&p, l, &t);
			ng_generate(&p, l);
			ng_undo u;
			ng_make(&p, l->m[rnd() % (uint64_t)l->n], &u);
		}
	}
	CHECK(t.positions >= 400, "%ld threatened positions", t.positions);
	CHECK(t.parries > 1000, "%ld parries among their %ld moves", t.parries, t.moves);
	CHECK(t.missed == 0, "every parry passes the filter (%ld missed)", t.missed);
	CHECK(t.turned_away * 2 > t.moves, "the filter turns most moves away (%ld of %ld)",
	      t.turned_away, t.moves);
	CHECK(t.gen_wrong == 0 && t.gen_moves * 2 < t.moves,
	      "the parries' generator gives the moves that pass the filter, with their"
	      " indices and the list's length (%ld positions wrong; %ld moves of %ld)",
	      t.gen_wrong, t.gen_moves, t.moves);
	CHECK(t.stop_wrong == 0, "the generator stops when told (%ld wrong)", t.stop_wrong);
	free(l);
	return tests_done("parry");
}
