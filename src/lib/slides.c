/* slides.c - rule 1: a token slides in a straight line as far as it can. */
#include "internal.h"

/* Discs without a token: the cells a slide may pass over and stop on. */
static void open_cells(const ng_pos *pos, uint32_t *open)
{
	memcpy(open, pos->disc, sizeof(rows_t));
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 3; k++)
			clear_bit(open, pos->tok[s][k]);
}

static int walk(const uint32_t *open, int from, int i)
{
	int c = from, d = DELTA[i];
	while (has(open, c + d))
		c += d;
	return c;
}

int ng__slide_end(const ng_pos *pos, int from, int i)
{
	rows_t open;
	open_cells(pos, open);
	return walk(open, from, i);
}

int ng__slides(const ng_pos *pos, uint16_t *from, uint16_t *to)
{
	rows_t open;
	open_cells(pos, open);
	int n = 0;
	for (int k = 0; k < 3; k++) {
		int f = pos->tok[pos->side][k];
		for (int i = 0; i < 6; i++) {
			int t = walk(open, f, i);
			if (t != f) {
				from[n] = (uint16_t)f;
				to[n] = (uint16_t)t;
				n++;
			}
		}
	}
	return n;
}
