/*
 * cells.c - cells and the six directions in absolute axial coordinates,
 * for front ends (the rules work in the frame: internal.h).
 */
#include "internal.h"

ng_cell ng_direction(int dir)
{
	int i = (dir % 6 + 6) % 6;
	return (ng_cell){ DX[i], DY[i] };
}

ng_cell ng_neighbour(ng_cell c, int dir)
{
	ng_cell d = ng_direction(dir);
	return (ng_cell){ c.q + d.q, c.r + d.r };
}

int ng_cell_equal(ng_cell a, ng_cell b)
{
	return a.q == b.q && a.r == b.r;
}
