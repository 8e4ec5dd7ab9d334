/*
 * tap.h - the smallest test harness: CHECK(cond, fmt...) records a result;
 * tests_done() prints "NAME: N passed, M failed" and gives the exit status;
 * tests_skip() says that a part (or all) of the test does not run here, as
 * the line "NAME: skipped: REASON" that test/run.sh counts as a skip.
 */
#ifndef NG_TAP_H
#define NG_TAP_H
#include <stdio.h>
#include <stdlib.h>

static int tap_pass, tap_fail;

#define CHECK(cond, ...) do { \
	if (cond) { tap_pass++; } else { tap_fail++; \
		fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
		fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
	} while (0)

static inline void tests_skip(const char *name, const char *reason)
{
	printf("%s: skipped: %s\n", name, reason);
}

static inline int tests_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, tap_pass, tap_fail);
	return tap_fail ? 1 : 0;
}

/* tests_done for a test that works in a directory of its own: the
 * directory goes when every check passed, else it stays and is named. */
static inline int tests_done_in(const char *name, const char *dir)
{
	char cmd[600];
	if (tap_fail) {
		fprintf(stderr, "%s: the logs and state are in %s\n", name, dir);
	} else {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "%s: cannot remove %s\n", name, dir);
	}
	return tests_done(name);
}
#endif
