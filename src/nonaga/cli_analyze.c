/*
 * cli_analyze.c - nonaga --analyze FILE: every move of a recorded game judged
 * by the engine (analysis.h), one line a move on stdout, a progress bar
 * on stderr when it is a terminal; --analyze-out writes the record again
 * with the marks in its header.
 */
#include "analysis.h"
#include "i18n.h"
#include "mains.h"
#include "savefile.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uniwidth.h>
#include <unistd.h>

#define BAR 30

static int bar(void *ctx, int done, int total)
{
	(void)ctx;
	int fill = total ? done * BAR / total : BAR;
	char b[BAR + 1];
	memset(b, '#', (size_t)fill);
	memset(b + fill, '-', (size_t)(BAR - fill));
	b[BAR] = 0;
	fputc('\r', stderr);
	/* TRANSLATORS: the progress bar of --analyze: the bar, moves done,
	   moves in all */
	fprintf(stderr, _("Analysing [%s] %d/%d "), b, done, total);
	fflush(stderr);
	return 0;
}

/* s, then spaces to width columns. */
static void pad(const char *s, int width)
{
	int w = u8_strwidth((const uint8_t *)s, "UTF-8");
	fputs(s, stdout);
	for (; w < width; w++)
		putchar(' ');
}

static void print_line(int i, const ng_pos *before, ng_move m, const an_move *a)
{
	char mv[NG_MOVE_TEXT];
	ng_move_format(before, m, mv);
	printf("%3d ", i + 1);
	pad(ng_pos_side(before) == NG_RED ? _("Red") : _("Blue"), 5);
	printf(" %-23s ", mv);
	/* TRANSLATORS: --analyze: before the engine's best move */
	pad(_("best"), 4);
	printf(" %s", a->best);
	if (a->mark != AN_NONE) {
		pad("", 23 - (int)strlen(a->best));
		printf(" %c %s", an_mark_char(a->mark), _(an_mark_text(a->mark)));
		if (a->line[0])
			/* TRANSLATORS: --analyze, after a mistake: the opponent's
			   answer to it and what follows */
			printf(_(" (answered by %s)"), a->line);
	}
	/* trailing blanks off: a line is easy to compare */
	putchar('\n');
}

int analyze_main(const char *path, int depth, const char *out)
{
	char *msg = malloc(SAVE_MSG);
	ng_record_info *info = malloc(sizeof *info);
	ng_game *g = NULL;
	ng_move *moves = NULL;
	an_move *an = NULL;
	ng_search *s = NULL;
	int status = 1;
	if (!msg || !info)
		goto nomem;
	if (save_read(path, 0, &g, info, msg) != SAVE_OK) {
		fprintf(stderr, "nonaga: %s\n", msg);
		goto done;
	}
	int n = an_game_moves(g, &moves);
	if (n < 0)
		goto nomem;
	an = calloc((size_t)n + 1, sizeof *an);
	s = ng_search_new();
	if (!an || !s)
		goto nomem;
	int tty = isatty(2);
	ng_err e = an_run(s, ng_game_pos_at(g, 0), moves, n, depth, an,
	                  tty ? bar : NULL, NULL, NULL);
	if (tty)
		fprintf(stderr, "\r%*s\r", BAR + 40, "");
	if (e) {
		fprintf(stderr, _("nonaga: cannot analyse %s: %s\n"), path,
		        _(ng_strerror(e)));
		goto done;
	}
	if (out) {
		char value[NG_RECORD_VALUE];
		an_record_value(an, n, depth, value);
		e = ng_record_set(info, "Analysis", value);
		if (e) {
			fputs("nonaga: ", stderr);
			fprintf(stderr, _("Cannot save %s: %s"), out, _(ng_strerror(e)));
			fputc('\n', stderr);
			goto done;
		}
		if (save_write_record(out, g, info, msg) != SAVE_OK) {
			fprintf(stderr, "nonaga: %s\n", msg);
			goto done;
		}
	}
	/* the lines, from the start of the game */
	int ply = ng_game_ply(g);
	while (ng_game_ply(g) > 0)
		ng_game_undo(g);
	for (int i = 0; i < n; i++) {
		print_line(i, ng_game_pos(g), moves[i], &an[i]);
		ng_game_redo(g);
	}
	while (ng_game_ply(g) > ply)
		ng_game_undo(g);
	char sum[200];   /* as the replay says it */
	an_summary(an, n, sum, sizeof sum);
	if (n > 0)
		puts(sum);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("nonaga: stdout");
		goto done;
	}
	status = 0;
	goto done;
nomem:
	fputs(_("nonaga: out of memory\n"), stderr);
done:
	ng_search_free(s);
	free(an);
	free(moves);
	ng_game_free(g);
	free(info);
	free(msg);
	return status;
}
