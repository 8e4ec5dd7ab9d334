/*
 * fuzz_scratch.h - a scratch directory for a fuzz target that writes
 * files (a server's state, a client's tokens), removed when the fuzzer
 * ends.
 */
#ifndef NONAGA_FUZZ_SCRATCH_H
#define NONAGA_FUZZ_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>

static char fuzz_dir[] = "/tmp/nonaga-fuzz-XXXXXX";

static void fuzz_remove_dir(void)
{
	char cmd[sizeof fuzz_dir + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: cannot remove %s\n", fuzz_dir);
}

/* The directory, made the first time; NULL when it cannot be made. */
static const char *fuzz_scratch(void)
{
	static int made;
	if (!made) {
		if (!mkdtemp(fuzz_dir))
			return NULL;
		atexit(fuzz_remove_dir);
		made = 1;
	}
	return fuzz_dir;
}

#endif
