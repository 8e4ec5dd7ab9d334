/*
 * eval_graph.h - an analysed game's evaluation as a graph over its moves
 * (the replay's key a): who was ahead after each move and where it
 * turned, with the coach's marks and the move shown.
 */
#ifndef NONAGA_EVAL_GRAPH_H
#define NONAGA_EVAL_GRAPH_H

#include "analysis.h"

/* The lines the graph takes: Red's bars, Blue's, the marks. */
#define EVAL_GRAPH_ROWS 3

/* Eighths of a line for a value from Red's view (>0 Red ahead): 1-7 for
 * an evaluation (|v| / (|v| + 200) of the line, so 200 is half), 8 for a
 * forced result; 0 for an even one. */
int eval_graph_level(int v);

/*
 * Draw the n analysed moves (an[i] made by the side first ^ (i & 1)) in
 * lines y .. y + EVAL_GRAPH_ROWS - 1, columns x .. x + w - 1: each side's
 * token, then a column a move (several a column when they do not fit: the
 * last one's value and the gravest mark), a bar for Red's lead in the
 * first line and for Blue's in the second; the marks (W, L, ?) under
 * their moves, and move cur (0-based, -1 for none) marked there too.
 */
void eval_graph_draw(int y, int x, int w, const an_move *an, int n, int first,
                     int cur);

#endif
