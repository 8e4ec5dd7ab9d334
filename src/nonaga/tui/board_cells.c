/*
 * board_cells.c - the cells a position shows (ui.h, boardview): its discs
 * and tokens, the empty cells around the discs (where a disc may go) and
 * the lock.  No drawing and no game here: play_view.c adds what a game shows
 * on top (the turn's choices, the last move, an animation's frame), and
 * test/layout_test.c lays out the same cells as the game does.
 */
#include "ui.h"

int bv_add(boardview *bv, ng_cell c, int disc)
{
	int i = board_find(bv, c);
	if (i >= 0)
		return i;
	if (bv->n >= BV_MAX)
		return -1;
	bcell *b = &bv->cell[bv->n];
	b->c = c;
	b->disc = (signed char)disc;
	b->tok = -1;
	b->flags = 0;
	return bv->n++;
}

void bv_flag(boardview *bv, ng_cell c, unsigned f)
{
	int i = board_find(bv, c);
	if (i >= 0)
		bv->cell[i].flags |= (unsigned short)f;
}

void bv_flag_move(boardview *bv, const ng_pos *before, ng_move m, unsigned f)
{
	ng_cell c[4];
	int n = 0;
	if (ng_move_slide(before, m, &c[0], &c[1]))
		n = 2;
	if (ng_move_reloc(before, m, &c[n], &c[n + 1]))
		n += 2;
	for (int i = 0; i < n; i++) {
		int k = bv_add(bv, c[i], 0);
		if (k >= 0)
			bv->cell[k].flags |= (unsigned short)f;
	}
}

void bv_position(boardview *bv, const ng_pos *ps, const ng_cell *lifted,
                 const bv_shift *shift)
{
	bv->n = 0;
	bv->ghost = 0;
	bv->pulse = 0;
	ng_cell d[19], t[3];
	int nd = ng_pos_discs(ps, d);
	for (int i = 0; i < nd; i++)
		if (!(lifted && ng_cell_equal(d[i], *lifted)))
			bv_add(bv, d[i], 1);
	for (int s = 0; s < 2; s++) {
		ng_pos_tokens(ps, (ng_side)s, t);
		for (int k = 0; k < 3; k++) {
			ng_cell c = t[k];
			if (shift && s == shift->side && ng_cell_equal(c, shift->from))
				c = shift->to;
			int i = board_find(bv, c);
			if (i >= 0)
				bv->cell[i].tok = (signed char)s;
		}
	}
	int ndiscs = bv->n;
	for (int i = 0; i < ndiscs; i++)
		for (int k = 0; k < 6; k++)
			bv_add(bv, ng_neighbour(bv->cell[i].c, k), 0);
	ng_cell lock;
	if (ng_pos_rules(ps) == NG_STANDARD && ng_pos_lock(ps, &lock))
		bv_flag(bv, lock, CF_LOCK);
}
