/* engine.c - `nonaga --engine': the protocol over stdin and stdout. */
#include "nonaga.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines longer than this are read to their end and refused as a whole. */
#define LINE_MAX_READ 4096

int engine_main(void)
{
	ng_session *s = ng_session_new();
	if (!s) {
		fputs(_("nonaga: out of memory\n"), stderr);
		return 1;
	}
	char buf[LINE_MAX_READ + 2];
	int quit = 0;
	while (!quit) {
		size_t len = 0;
		int c, over = 0;
		while ((c = getchar()) != EOF && c != '\n') {
			if (len < sizeof buf - 1)
				buf[len++] = (char)c;
			else
				over = 1;
		}
		if (c == EOF && len == 0 && !over)
			break;
		const char *out;
		/* An overlong line was read to its end; what reaches the session
		 * is its first LINE_MAX_READ + 1 bytes (the last one made plain,
		 * not a CR), which it refuses as too long.  NUL bytes reach it
		 * as control characters. */
		if (over)
			buf[len - 1] = '.';
		quit = ng_session_line(s, buf, len, &out);
		fputs(out, stdout);
		fflush(stdout);
		if (c == EOF)
			break;
	}
	ng_session_free(s);
	return 0;
}
