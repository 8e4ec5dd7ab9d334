/* analyze.c - developer tool: search one position and print each depth.
 *   analyze POSITION [MOVETIME_MS] [LEVEL] */
#include "nonaga.h"
#include <stdio.h>
#include <stdlib.h>

static void show(void *ctx, const ng_info *i)
{
	char mv[NG_MOVE_TEXT];
	ng_move_format(ctx, i->best, mv);
	printf("depth %d score %d nodes %lld time %lld ms  %s\n", i->depth, i->score,
	       (long long)i->nodes, (long long)i->time_ms, mv);
}

int main(int argc, char **argv)
{
	ng_pos p;
	if (argc < 2 || ng_pos_parse(&p, argv[1], NG_STANDARD)) {
		fprintf(stderr, "usage: analyze POSITION [MS] [LEVEL]\n");
		return 2;
	}
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_game_set(g, &p);
	ng_search *s = ng_search_new();
	ng_search_set_level(s, argc > 3 ? atoi(argv[3]) : 10);
	ng_limits lim = { argc > 2 ? atoll(argv[2]) : 1000, 0, 0 };
	ng_info info;
	ng_search_run(s, g, &lim, show, &p, &info);
	show(&p, &info);
	ng_search_free(s);
	ng_game_free(g);
	return 0;
}
