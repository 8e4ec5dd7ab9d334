/*
 * genline.h - one line of test/texel.c's gen, "POSITION<TAB>R<TAB>S",
 * read by texel fit, texel label and train.
 */
#ifndef NONAGA_GENLINE_H
#define NONAGA_GENLINE_H
#include "nonaga.h"
#include <string.h>

/* Splits line in place: the position into pos, *result at R and *score at
 * S (NULL when the line has no second tab).  0 when the line has no tab
 * or its position does not parse. */
static inline int gen_line(char *line, ng_pos *pos, char **result,
                           char **score)
{
	char *tab = strchr(line, '\t');
	if (!tab)
		return 0;
	*tab = '\0';
	*result = tab + 1;
	*score = strchr(tab + 1, '\t');
	if (*score)
		*(*score)++ = '\0';
	return ng_pos_parse(pos, line, NG_STANDARD) == NG_OK;
}
#endif
