/*
 * fuzz_record.h - what must hold for ng_record_parse on any input, as one
 * function for the libFuzzer target (test/fuzz.c) and the unit test
 * (test/record_test.c):
 *
 *   const char *why = fuzz_record(data, size);
 *   if (why) FAIL("%s", why);
 *
 * Any bytes are refused with a known error code and a line number that
 * exists (or 0), or accepted; an accepted record writes out, reads back as
 * the same game (same line, same ply, same header) and writes out as the
 * same text again.  Returns NULL when all holds, else what did not.
 */
#ifndef NG_FUZZ_RECORD_H
#define NG_FUZZ_RECORD_H

#include "nonaga.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The same position, cell for cell (token order aside). */
static int fuzz_record_same(const ng_pos *a, const ng_pos *b)
{
	char ta[NG_POS_TEXT], tb[NG_POS_TEXT];
	ng_pos_format(a, ta);
	ng_pos_format(b, tb);
	return !strcmp(ta, tb) && ng_pos_same(a, b) &&
	       ng_pos_rules(a) == ng_pos_rules(b);
}

static const char *fuzz_record_compare(ng_game *a, const ng_record_info *ia,
                                       ng_game *b, const ng_record_info *ib)
{
	if (ng_game_ply(a) != ng_game_ply(b) || ng_game_length(a) != ng_game_length(b))
		return "the record read back has another ply or length";
	if (!fuzz_record_same(ng_game_pos(a), ng_game_pos(b)))
		return "the record read back stands in another position";
	if (strcmp(ia->date, ib->date) || strcmp(ia->red, ib->red) ||
	    strcmp(ia->blue, ib->blue) || ia->nextra != ib->nextra ||
	    ia->rules != ib->rules || ia->result != ib->result ||
	    ia->moves != ib->moves || ia->ply != ib->ply)
		return "the header read back differs";
	for (int i = 0; i < ia->nextra; i++)
		if (strcmp(ia->extra[i].key, ib->extra[i].key) ||
		    strcmp(ia->extra[i].value, ib->extra[i].value))
			return "a front-end key read back differs";
	/* the whole line, position by position, through undo and redo */
	int ply = ng_game_ply(a);
	while (ng_game_ply(a) > 0) {
		ng_game_undo(a);
		ng_game_undo(b);
		if (!fuzz_record_same(ng_game_pos(a), ng_game_pos(b)))
			return "the histories differ";
	}
	while (ng_game_can_redo(a)) {
		ng_game_redo(a);
		if (ng_game_redo(b) != NG_OK ||
		    !fuzz_record_same(ng_game_pos(a), ng_game_pos(b)))
			return "the redo lines differ";
	}
	if (ng_game_can_redo(b))
		return "the redo lines differ in length";
	while (ng_game_ply(a) > ply) {
		ng_game_undo(a);
		ng_game_undo(b);
	}
	return NULL;
}

static const char *fuzz_record(const uint8_t *data, size_t size)
{
	ng_game *g = NULL, *g2 = NULL;
	ng_record_info *info = calloc(2, sizeof *info);
	char *t1 = NULL, *t2 = NULL;
	const char *why = NULL;
	int line = -1;
	if (!info)
		return NULL;
	ng_err e = ng_record_parse((const char *)data, size, &g, &info[0], &line);
	if ((unsigned)e >= NG_ERR_COUNT) {
		why = "an unknown error code";
	} else if (e != NG_OK) {
		int lines = 0;
		for (size_t i = 0; i < size; i++)
			lines += data[i] == '\n';
		if (size && data[size - 1] != '\n')
			lines++;
		if (g)
			why = "a refused record returned a game";
		else if (line < 0 || line > lines + 1)
			why = "a refusal names a line that does not exist";
	} else if (!g || line != 0) {
		why = "an accepted record without game, or with an error line";
	} else if (ng_record_write(g, &info[0], &t1) != NG_OK) {
		why = "an accepted record cannot be written";
	} else if (ng_record_parse(t1, strlen(t1), &g2, &info[1], &line) != NG_OK) {
		why = "a written record is refused";
	} else if (ng_record_write(g2, &info[1], &t2) != NG_OK || strcmp(t1, t2)) {
		why = "a record read back writes another text";
	} else {
		why = fuzz_record_compare(g, &info[0], g2, &info[1]);
	}
	free(t1);
	free(t2);
	ng_game_free(g);
	ng_game_free(g2);
	free(info);
	return why;
}

#endif
