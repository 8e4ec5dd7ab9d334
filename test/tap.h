/*
 * tap.h - the smallest test harness: CHECK(cond, fmt...) records a result;
 * tests_done() prints "N passed, M failed" and gives the exit status.
 */
#ifndef NG_TAP_H
#define NG_TAP_H
#include <stdio.h>

static int tap_pass, tap_fail;

#define CHECK(cond, ...) do { \
	if (cond) { tap_pass++; } else { tap_fail++; \
		fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
		fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
	} while (0)

static inline int tests_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, tap_pass, tap_fail);
	return tap_fail ? 1 : 0;
}
#endif
