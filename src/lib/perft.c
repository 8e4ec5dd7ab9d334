/*
 * perft.c - counting the leaves of the legal move tree, the move
 * generator's proof.  Leaves are counted in bulk one ply above them, and the
 * disc analysis is reused while consecutive moves share a disc set (moves
 * are listed relocation by relocation).
 */
#include "internal.h"
#include <stdlib.h>

typedef struct cache {
	int valid;
	rows_t disc;
	uint16_t lock;
	discinfo di;
} cache;

static int count_cached(const ng_pos *pos, cache *c)
{
	if (ng__winner(pos) != NG_NONE)
		return 0;
	if (!c->valid || c->lock != pos->lock ||
	    memcmp(c->disc, pos->disc, sizeof c->disc)) {
		ng__analyze(pos, &c->di);
		memcpy(c->disc, pos->disc, sizeof c->disc);
		c->lock = pos->lock;
		c->valid = 1;
	}
	return ng__count_with(pos, &c->di);
}

static uint64_t perft(ng_pos *pos, int depth, cache *c, ng_movelist *lists)
{
	if (depth == 1)
		return (uint64_t)count_cached(pos, c);
	ng_movelist *l = lists;
	ng_generate(pos, l);
	uint64_t n = 0;
	for (int i = 0; i < l->n; i++) {
		ng_undo u;
		ng_make(pos, l->m[i], &u);
		n += perft(pos, depth - 1, c, lists + 1);
		ng_unmake(pos, &u);
	}
	return n;
}

ng_err ng_perft(const ng_pos *pos, int depth, uint64_t *leaves)
{
	if (depth < 0 || !leaves)
		return NG_ERR_BAD_ARG;
	ng_pos p = *pos;
	cache c;
	c.valid = 0;
	if (depth <= 1) {
		*leaves = depth ? (uint64_t)count_cached(&p, &c) : 1;
		return NG_OK;
	}
	ng_movelist *lists = malloc(sizeof *lists * (size_t)(depth - 1));
	if (!lists)
		return NG_ERR_NOMEM;
	*leaves = perft(&p, depth, &c, lists);
	free(lists);
	return NG_OK;
}
