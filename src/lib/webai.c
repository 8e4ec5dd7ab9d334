/*
 * webai.c - level 1: the one-ply heuristic of the original web version.
 * The slide is chosen by adjacency, then compactness (a winning slide has
 * two pairs, so it is always taken); the relocation is one that leaves the
 * opponent no winning slide, when there is one.  Ties are broken at random.
 */
#include "search_internal.h"

static int slide_score(const ng_pos *pos, ng_move m)
{
	if (m.sf == NG_NOCELL)
		return 0;
	ng_pos p = *pos;
	uint16_t *t = p.tok[p.side];
	for (int k = 0; k < 3; k++)
		if (t[k] == m.sf)
			t[k] = m.st;
	return 100 * ng__token_pairs(&p, p.side) - ng__token_spread(&p, p.side);
}

ng_move ng__webai_move(const ng_pos *pos, uint64_t *rng)
{
	ng_movelist *l = malloc(sizeof *l);
	ng_move none = { NG_NOCELL, NG_NOCELL, NG_NOCELL, NG_NOCELL };
	if (!l)
		return none;
	int n = ng_generate(pos, l);
	if (n == 0) {
		free(l);
		return none;
	}
	/* best slide (ties at random, by reservoir sampling) */
	uint16_t sf[18], st[18];
	int ns = ng__slides(pos, sf, st), best = -(1 << 30), seen = 0;
	ng_move slide = none;
	for (int i = 0; i < ns; i++) {
		ng_move m = { sf[i], st[i], NG_NOCELL, NG_NOCELL };
		int s = slide_score(pos, m);
		if (s > best) {
			best = s;
			seen = 0;
		}
		if (s == best && ng__rand(rng) % (uint64_t)++seen == 0)
			slide = m;
	}
	/* a relocation after that slide that leaves no winning slide */
	ng_move pick = l->m[0];
	int safe_seen = 0, any_seen = 0;
	for (int i = 0; i < n; i++) {
		ng_move m = l->m[i];
		if (m.sf != slide.sf || m.st != slide.st)
			continue;
		ng_pos c = *pos;
		ng_undo u;
		ng_make(&c, m, &u);
		int safe = !ng__winning_slides(&c, c.side, 1);
		if (safe) {
			if (ng__rand(rng) % (uint64_t)++safe_seen == 0)
				pick = m;
		} else if (!safe_seen && ng__rand(rng) % (uint64_t)++any_seen == 0) {
			pick = m;
		}
	}
	free(l);
	return pick;
}
