/*
 * puzzle_check.h - what makes a position a puzzle, decided exhaustively
 * over every legal move (no search, no heuristic).  Shared by the
 * generator (test/puzzlegen.c) and the test of the shipped set
 * (test/puzzles_test.c).
 *
 *   win2   the side to move has no winning slide now, and has a first
 *          move after which the opponent has no winning slide and every
 *          legal reply leaves it a winning slide: a forced win in two
 *          turns.  The solutions are all such first moves.
 *   parry  the side to move has no winning slide now, the opponent has
 *          one (it threatens to win with its next slide), and only some
 *          moves leave the opponent without one.  The solutions are those
 *          moves; they must be at most a tenth of all legal moves.
 */
#ifndef PUZZLE_CHECK_H
#define PUZZLE_CHECK_H

#include "nonaga.h"
#include <stdlib.h>

enum { PZ_NONE, PZ_WIN2, PZ_PARRY };

/* One move list per depth, allocated once (they are large). */
static ng_movelist *pz_list(int depth)
{
	static ng_movelist *lists[2];
	if (!lists[depth] && !(lists[depth] = malloc(sizeof(ng_movelist))))
		abort();
	return lists[depth];
}

/* Can the side to move win with a slide now? */
static int pz_win_now(const ng_pos *pos)
{
	return ng_pos_threats(pos, ng_pos_side(pos)) > 0;
}

/* After m, does every reply leave the mover a winning slide (and is there
 * no winning slide for the opponent)? */
static int pz_wins_in_two(const ng_pos *pos, ng_move m)
{
	ng_side me = ng_pos_side(pos);
	ng_pos a = *pos;
	ng_undo u;
	ng_make(&a, m, &u);
	if (ng_pos_winner(&a) != NG_NONE || ng_pos_threats(&a, (ng_side)!me))
		return 0;
	ng_movelist *l = pz_list(1);
	if (ng_generate(&a, l) == 0)
		return 0;
	for (int i = 0; i < l->n; i++) {
		ng_pos b = a;
		ng_undo u2;
		ng_make(&b, l->m[i], &u2);
		if (ng_pos_winner(&b) != NG_NONE || !ng_pos_threats(&b, me))
			return 0;
	}
	return 1;
}

/* After m, has the opponent no winning slide? */
static int pz_parries(const ng_pos *pos, ng_move m)
{
	ng_pos a = *pos;
	ng_undo u;
	ng_make(&a, m, &u);
	return ng_pos_winner(&a) == NG_NONE && !ng_pos_threats(&a, ng_pos_side(&a));
}

/*
 * The kind of a position; the solutions (at most max of them are stored
 * in sol, all are counted in *nsol) and the number of legal moves.
 */
static int pz_classify(const ng_pos *pos, ng_move *sol, int max, int *nsol,
                       int *total)
{
	*nsol = *total = 0;
	if (ng_pos_winner(pos) != NG_NONE || pz_win_now(pos))
		return PZ_NONE;
	ng_movelist *l = pz_list(0);
	*total = ng_generate(pos, l);
	int threat = ng_pos_threats(pos, (ng_side)!ng_pos_side(pos)) > 0;
	for (int i = 0; i < l->n; i++)
		if (threat ? pz_parries(pos, l->m[i]) : pz_wins_in_two(pos, l->m[i])) {
			if (*nsol < max)
				sol[*nsol] = l->m[i];
			(*nsol)++;
		}
	if (*nsol == 0)
		return PZ_NONE;
	if (threat)
		return *nsol * 10 <= *total ? PZ_PARRY : PZ_NONE;
	return PZ_WIN2;
}

#endif
