/* tui.c - placeholder for the curses game. */
#include "cli.h"
#include <stdio.h>

int tui_main(const options *opt)
{
	(void)opt;
	fputs("nonaga: the terminal game is not built yet; try --engine\n", stderr);
	return 1;
}
