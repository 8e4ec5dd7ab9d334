/*
 * game.c - a game's history: positions and moves from its first position,
 * undo and redo, and the draw by threefold repetition (see nonaga(6),
 * RULES, Draws).
 */
#include "internal.h"
#include <stdlib.h>

struct ng_game {
	ng_pos *pos;    /* pos[0..top] */
	ng_move *move;  /* move[i] leads from pos[i] to pos[i+1] */
	int ply, top, cap;
};

static int reserve(ng_game *g, int n)
{
	if (n <= g->cap)
		return 1;
	int cap = g->cap ? g->cap : 64;
	while (cap < n)
		cap *= 2;
	ng_pos *p = realloc(g->pos, sizeof *p * (size_t)(cap + 1));
	if (!p)
		return 0;
	g->pos = p;
	ng_move *m = realloc(g->move, sizeof *m * (size_t)cap);
	if (!m)
		return 0;
	g->move = m;
	g->cap = cap;
	return 1;
}

ng_game *ng_game_new(ng_rules rules)
{
	ng_game *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	if (!reserve(g, 64)) {
		ng_game_free(g);
		return NULL;
	}
	ng_game_reset(g, rules);
	return g;
}

void ng_game_free(ng_game *g)
{
	if (!g)
		return;
	free(g->pos);
	free(g->move);
	free(g);
}

ng_game *ng_game_copy(const ng_game *g)
{
	ng_game *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	if (!reserve(c, g->top > 64 ? g->top : 64)) {
		ng_game_free(c);
		return NULL;
	}
	memcpy(c->pos, g->pos, sizeof *g->pos * (size_t)(g->top + 1));
	memcpy(c->move, g->move, sizeof *g->move * (size_t)g->top);
	c->ply = g->ply;
	c->top = g->top;
	return c;
}

void ng_game_set(ng_game *g, const ng_pos *pos)
{
	g->pos[0] = *pos;
	g->ply = g->top = 0;
}

void ng_game_reset(ng_game *g, ng_rules rules)
{
	ng_pos p;
	ng_pos_start(&p, rules);
	ng_game_set(g, &p);
}

const ng_pos *ng_game_pos(const ng_game *g) { return &g->pos[g->ply]; }
int ng_game_ply(const ng_game *g) { return g->ply; }

const ng_pos *ng_game_pos_at(const ng_game *g, int i)
{
	if (i < 0 || i > g->ply)
		return NULL;
	return &g->pos[i];
}

ng_move ng_game_move_at(const ng_game *g, int i)
{
	ng_move none = { NG_NOCELL, NG_NOCELL, NG_NOCELL, NG_NOCELL };
	return i >= 0 && i < g->ply ? g->move[i] : none;
}

int ng_game_repetitions(const ng_game *g)
{
	int n = 0;
	const ng_pos *cur = &g->pos[g->ply];
	for (int i = g->ply; i >= 0; i--)
		n += ng_pos_same(&g->pos[i], cur);
	return n;
}

ng_result ng_game_result(const ng_game *g)
{
	ng_result w = ng__winner(&g->pos[g->ply]);
	if (w != NG_NONE)
		return w;
	return ng_game_repetitions(g) >= 3 ? NG_DRAW : NG_NONE;
}

ng_err ng_game_play(ng_game *g, ng_move m)
{
	if (ng_game_result(g) != NG_NONE)
		return NG_ERR_GAME_OVER;
	ng_err e = ng_check_move(&g->pos[g->ply], m);
	if (e)
		return e;
	if (!reserve(g, g->ply + 1))
		return NG_ERR_NOMEM;
	ng_undo u;
	ng_pos next = g->pos[g->ply];
	ng_make(&next, m, &u);
	/* The board may not drift past the coordinates a position can be
	 * given in, so that every position printed can be set up again. */
	ng_cell lo, hi;
	ng_pos_bounds(&next, &lo, &hi);
	if (lo.q < -NG_COORD_MAX || lo.r < -NG_COORD_MAX ||
	    hi.q > NG_COORD_MAX || hi.r > NG_COORD_MAX)
		return NG_ERR_RANGE;
	g->pos[g->ply + 1] = next;
	g->move[g->ply] = m;
	g->top = ++g->ply;
	return NG_OK;
}

ng_err ng_game_undo(ng_game *g)
{
	if (g->ply == 0)
		return NG_ERR_NO_HISTORY;
	g->ply--;
	return NG_OK;
}

int ng_game_can_redo(const ng_game *g) { return g->ply < g->top; }
int ng_game_length(const ng_game *g) { return g->top; }

/* The whole line, redo moves included, for the records (internal.h). */
const ng_pos *ng__game_line_pos(const ng_game *g, int i)
{
	return i >= 0 && i <= g->top ? &g->pos[i] : NULL;
}

ng_move ng__game_line_move(const ng_game *g, int i)
{
	ng_move none = { NG_NOCELL, NG_NOCELL, NG_NOCELL, NG_NOCELL };
	return i >= 0 && i < g->top ? g->move[i] : none;
}

ng_result ng__game_line_result(const ng_game *g)
{
	const ng_pos *end = &g->pos[g->top];
	ng_result w = ng__winner(end);
	if (w != NG_NONE)
		return w;
	int n = 0;
	for (int i = g->top; i >= 0; i--)
		n += ng_pos_same(&g->pos[i], end);
	return n >= 3 ? NG_DRAW : NG_NONE;
}

ng_err ng_game_redo(ng_game *g)
{
	if (g->ply >= g->top)
		return NG_ERR_NO_HISTORY;
	g->ply++;
	return NG_OK;
}
