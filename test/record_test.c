/*
 * record_test.c - game records: round trips (random games under both rule
 * sets, boards that drifted far, set-up start positions, finished games,
 * games with moves to redo), every refusal with its line number, every
 * prefix of a record refused, and random damage through the fuzz checks.
 */
#include "nonaga.h"
#include "tap.h"
#include "fuzz_record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static ng_err play(ng_game *g, const char *text)
{
	ng_move m;
	ng_err e = ng_move_parse(ng_game_pos(g), text, &m);
	return e ? e : ng_game_play(g, m);
}

/* A random game: random legal moves, winning ones mostly avoided so that
 * games run long and the board drifts; then `back' moves undone. */
static int avoid_wins = 1;

static ng_game *random_game(ng_rules rules, int plies, int back)
{
	static ng_movelist l;
	ng_game *g = ng_game_new(rules);
	for (int i = 0; i < plies && ng_game_result(g) == NG_NONE; i++) {
		int n = ng_generate(ng_game_pos(g), &l);
		int pick = (int)(next() % (uint64_t)n);
		for (int tries = 0; tries < 8; tries++) {
			ng_pos p = *ng_game_pos(g);
			ng_undo u;
			ng_make(&p, l.m[pick], &u);
			if (!avoid_wins || ng_pos_winner(&p) == NG_NONE || next() % 16 == 0)
				break;
			pick = (int)(next() % (uint64_t)n);
		}
		ng_game_play(g, l.m[pick]);
	}
	for (int i = 0; i < back; i++)
		ng_game_undo(g);
	return g;
}

static void fill_info(ng_record_info *info, int k)
{
	memset(info, 0, sizeof *info);
	if (k % 3 != 2)
		strcpy(info->date, "2026-11-22T10:15:00Z");
	if (k % 2 == 0) {
		strcpy(info->red, "human");
		strcpy(info->blue, "computer level 7");
	} else if (k % 3 == 0) {
		strcpy(info->red, "Ｈａｎａｋｏ 花子");
	}
	if (k % 4 == 1) {
		ng_record_set(info, "Mode", "ai");
		ng_record_set(info, "Human", "red");
		ng_record_set(info, "Level", "7");
	}
}

/* Write, read back, compare (fuzz_record_compare walks the whole line). */
static void round_trip(ng_game *g, const ng_record_info *info, const char *what)
{
	char *text = NULL;
	ng_err e = ng_record_write(g, info, &text);
	CHECK(e == NG_OK, "%s: write: %s", what, ng_strerror(e));
	if (e)
		return;
	ng_game *g2 = NULL;
	ng_record_info back;
	int line = -1;
	e = ng_record_parse(text, strlen(text), &g2, &back, &line);
	CHECK(e == NG_OK && line == 0, "%s: read back: line %d: %s\n%.400s", what,
	      line, ng_strerror(e), text);
	if (!e) {
		ng_record_info mine;
		memset(&mine, 0, sizeof mine);
		if (info)
			mine = *info;
		mine.rules = ng_pos_rules(ng_game_pos(g));
		mine.moves = ng_game_length(g);
		mine.ply = ng_game_ply(g);
		/* the result after the whole line */
		int ply = ng_game_ply(g);
		while (ng_game_can_redo(g))
			ng_game_redo(g);
		mine.result = ng_game_result(g);
		while (ng_game_ply(g) > ply)
			ng_game_undo(g);
		const char *why = fuzz_record_compare(g, &mine, g2, &back);
		CHECK(!why, "%s: %s\n%.400s", what, why, text);
		why = fuzz_record((const uint8_t *)text, strlen(text));
		CHECK(!why, "%s: %s", what, why);
	}
	ng_game_free(g2);
	free(text);
}

static void test_round_trips(void)
{
	int drifted = 0, finished = 0, redo = 0;
	for (int k = 0; k < 60; k++) {
		ng_rules rules = k % 2 ? NG_SIMPLE : NG_STANDARD;
		int plies = k < 50 ? (int)(next() % 120) : 400;
		avoid_wins = k % 3 != 0;
		ng_game *g = random_game(rules, plies, k % 5 == 3 ? 1 + k % 7 : 0);
		ng_record_info info;
		fill_info(&info, k);
		char what[64];
		snprintf(what, sizeof what, "random game %d (%d moves)", k,
		         ng_game_length(g));
		round_trip(g, &info, what);
		ng_cell lo, hi;
		ng_pos_bounds(ng_game_pos(g), &lo, &hi);
		drifted += lo.q < -6 || lo.r < -6 || hi.q > 6 || hi.r > 6;
		redo += ng_game_can_redo(g);
		while (ng_game_can_redo(g))
			ng_game_redo(g);
		finished += ng_game_result(g) != NG_NONE;
		ng_game_free(g);
	}
	avoid_wins = 1;
	CHECK(drifted > 0 && finished > 0 && redo > 0,
	      "the random games cover drift (%d), ends (%d), redo (%d)", drifted,
	      finished, redo);

	/* No header information at all. */
	ng_game *g = random_game(NG_STANDARD, 10, 0);
	round_trip(g, NULL, "no info");
	ng_game_free(g);

	/* Set-up start positions, far away, under both rule sets. */
	static const char *const starts[] = {
		("999982,0;999983,0;999984,0;999985,0;999986,0;999987,0;"
		 "999988,0;999989,0;999990,0;999991,0;999992,0;999993,0;"
		 "999994,0;999995,0;999996,0;999997,0;999998,0;999999,0;"
		 "1000000,0/999982,0;999991,0;1000000,0/"
		 "999985,0;999994,0;999997,0/r/999987,0"),
		("0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;"
		 "2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;3,-1/2,-1;-2,0;-1,2/"
		 "0,-2;2,0;-2,2/b/3,-1"),
		("-900000,899998;-899999,899998;-899998,899998;"
		 "-900001,899999;-900000,899999;-899998,899999;"
		 "-900002,900000;-900001,900000;-899999,900000;"
		 "-899998,900000;-900002,900001;-900001,900001;"
		 "-900000,900001;-899999,900001;-900002,900002;"
		 "-900001,900002;-900000,900002;-899997,899999;"
		 "-899997,899998/-899998,899998;-900000,900002;"
		 "-900002,900000/-899998,900000;-900002,900002;"
		 "-900000,899998/r/-"),
		/* the start position shifted: not the start, so written */
		("1,-2;2,-2;3,-2;0,-1;1,-1;2,-1;3,-1;-1,0;0,0;1,0;2,0;3,0;"
		 "-1,1;0,1;1,1;2,1;-1,2;0,2;1,2/3,-2;-1,0;1,2/1,-2;3,0;-1,2/r/-"),
	};
	for (int i = 0; i < 4; i++) {
		for (int rules = 0; rules < 2; rules++) {
			ng_pos p;
			ng_err e = ng_pos_parse(&p, starts[i], (ng_rules)rules);
			CHECK(e == NG_OK, "start %d: %s", i, ng_strerror(e));
			if (e)
				continue;
			g = ng_game_new((ng_rules)rules);
			ng_game_set(g, &p);
			static ng_movelist l;
			for (int m = 0; m < 6 && ng_game_result(g) == NG_NONE; m++) {
				int n = ng_generate(ng_game_pos(g), &l);
				ng_game_play(g, l.m[next() % (uint64_t)n]);
			}
			char *text = NULL;
			ng_record_write(g, NULL, &text);
			CHECK(text && strstr(text, "\nStart: "), "start %d written", i);
			free(text);
			char what[32];
			snprintf(what, sizeof what, "set-up start %d", i);
			round_trip(g, NULL, what);
			ng_game_free(g);
		}
	}

	/* The draw by repetition, and the moves to redo after it. */
	static const char *cycle[4] = {
		"2,-2>2,-1/1,-2>3,-2", "0,-2>0,1/1,1>3,-1",
		"2,-1>2,-2/3,-2>1,-2", "0,1>0,-2/3,-1>1,1",
	};
	g = ng_game_new(NG_STANDARD);
	for (int i = 0; i < 9; i++)
		play(g, cycle[i % 4]);
	CHECK(ng_game_result(g) == NG_DRAW, "the cycle draws");
	char *text = NULL;
	ng_record_write(g, NULL, &text);
	CHECK(text && strstr(text, "\nResult: draw\n"), "Result: draw");
	free(text);
	round_trip(g, NULL, "draw");
	ng_game_undo(g);
	ng_game_undo(g);
	round_trip(g, NULL, "draw, two undone");
	ng_game_free(g);
}

/* ---------------------------------------------------------- refusals */

static const char BASE[] =
	"# nonaga record 1\n"                 /* 1 */
	"Date: 2026-11-22T10:15:00Z\n"        /* 2 */
	"Red: human\n"                        /* 3 */
	"Blue: computer level 7\n"            /* 4 */
	"Rules: standard\n"                   /* 5 */
	"Result: none\n"                      /* 6 */
	"Mode: ai\n"                          /* 7 */
	"Moves: 2\n"                          /* 8 */
	"\n"                                  /* 9 */
	"2,-2>-1,1/-1,-1>-3,1\n"              /* 10 */
	"0,-2>0,1/2,-2>-1,-1\n";              /* 11 */

/* BASE with line `no' replaced by `with' (NULL: removed; a text ending
 * in a newline: that many lines). */
static char *edit(const char *base, int no, const char *with)
{
	static char bufs[4][1 << 13];
	static int turn;
	char *out = bufs[turn++ % 4];
	size_t o = 0;
	const char *s = base;
	for (int n = 1; *s; n++) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) + 1 : strlen(s);
		if (n == no) {
			if (with) {
				memcpy(out + o, with, strlen(with));
				o += strlen(with);
			}
		} else {
			memcpy(out + o, s, len);
			o += len;
		}
		s += len;
	}
	out[o] = 0;
	return out;
}

static void expect(const char *text, size_t len, ng_err want, int want_line,
                   const char *what)
{
	ng_game *g = NULL;
	ng_record_info info;
	int line = -1;
	ng_err e = ng_record_parse(text, len, &g, &info, &line);
	CHECK(e == want && line == want_line && (e != NG_OK) == (g == NULL),
	      "%s: got line %d: %s; want line %d: %s", what, line, ng_strerror(e),
	      want_line, ng_strerror(want));
	ng_game_free(g);
	const char *why = fuzz_record((const uint8_t *)text, len);
	CHECK(!why, "%s: %s", what, why);
}

#define EXPECT(text, want, line, what) expect(text, strlen(text), want, line, what)

static void test_refusals(void)
{
	char big[4096];
	EXPECT(BASE, NG_OK, 0, "the base record");
	expect("", 0, NG_ERR_EMPTY, 0, "empty");

	/* first line */
	EXPECT(edit(BASE, 1, "# nonaga record 2\n"), NG_ERR_RECORD_VERSION, 1, "version 2");
	EXPECT(edit(BASE, 1, "# nonaga record 12\n"), NG_ERR_RECORD_VERSION, 1, "version 12");
	EXPECT(edit(BASE, 1, "# nonaga record 0\n"), NG_ERR_NOT_RECORD, 1, "version 0");
	EXPECT(edit(BASE, 1, "# nonaga record 1.0\n"), NG_ERR_NOT_RECORD, 1, "version 1.0");
	EXPECT(edit(BASE, 1, "# nonaga record\n"), NG_ERR_NOT_RECORD, 1, "no version");
	EXPECT(edit(BASE, 1, "# Nonaga record 1\n"), NG_ERR_NOT_RECORD, 1, "case");
	EXPECT(edit(BASE, 1, NULL), NG_ERR_NOT_RECORD, 1, "no first line");
	EXPECT("hello\n", NG_ERR_NOT_RECORD, 1, "text");
	expect("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0", 24,
	       NG_ERR_NOT_RECORD, 1, "binary garbage");
	EXPECT("\xef\xbb\xbf# nonaga record 1\nRules: standard\nMoves: 0\n",
	       NG_ERR_NOT_RECORD, 1, "a byte order mark");
	EXPECT("# nonaga record 1", NG_ERR_TRUNCATED, 1, "only the first line, cut");
	EXPECT("# nonaga record 1\n", NG_ERR_HEADER_MISSING, 2, "only the first line");

	/* header */
	EXPECT(edit(BASE, 6, "Result: none\nRules: simple\n"), NG_ERR_HEADER_DUP, 7, "Rules twice");
	EXPECT(edit(BASE, 7, "Mode: ai\nMode: pvp\n"), NG_ERR_HEADER_DUP, 8, "Mode twice");
	EXPECT(edit(BASE, 3, "Red: human\nRed: human\n"), NG_ERR_HEADER_DUP, 4, "Red twice");
	EXPECT(edit(BASE, 7, "Bad key: x\n"), NG_ERR_HEADER_SYNTAX, 7, "space in a key");
	EXPECT(edit(BASE, 7, ": x\n"), NG_ERR_HEADER_SYNTAX, 7, "no key");
	EXPECT(edit(BASE, 7, "1st: x\n"), NG_ERR_HEADER_SYNTAX, 7, "key begins with a digit");
	EXPECT(edit(BASE, 7, "Mode_x: x\n"), NG_ERR_HEADER_SYNTAX, 7, "underscore");
	EXPECT(edit(BASE, 7, "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: x\n"), NG_ERR_HEADER_SYNTAX, 7,
	       "key of 32 bytes");
	EXPECT(edit(BASE, 7, "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: x\n"), NG_OK, 0, "key of 31 bytes");
	EXPECT(edit(BASE, 5, "Rules: chess\n"), NG_ERR_HEADER_VALUE, 5, "Rules: chess");
	EXPECT(edit(BASE, 5, "Rules: Standard\n"), NG_ERR_HEADER_VALUE, 5, "Rules: Standard");
	EXPECT(edit(BASE, 5, "Rules: standard \n"), NG_ERR_HEADER_VALUE, 5, "trailing space");
	EXPECT(edit(BASE, 5, "Rules:standard\n"), NG_OK, 0, "no space after the colon");
	EXPECT(edit(BASE, 2, "Date: 2026-13-01T00:00:00Z\n"), NG_ERR_HEADER_VALUE, 2, "month 13");
	EXPECT(edit(BASE, 2, "Date: 2025-02-29T00:00:00Z\n"), NG_ERR_HEADER_VALUE, 2, "29 Feb 2025");
	EXPECT(edit(BASE, 2, "Date: 2024-02-29T23:59:60Z\n"), NG_OK, 0, "29 Feb 2024, leap second");
	EXPECT(edit(BASE, 2, "Date: 2026-11-22 10:15:00\n"), NG_ERR_HEADER_VALUE, 2, "not ISO");
	EXPECT(edit(BASE, 2, "Date: 2026-11-22T10:15:00+09:00\n"), NG_ERR_HEADER_VALUE, 2, "not UTC");
	EXPECT(edit(BASE, 6, "Result: maybe\n"), NG_ERR_HEADER_VALUE, 6, "Result: maybe");
	EXPECT(edit(BASE, 8, "Moves: -1\n"), NG_ERR_HEADER_VALUE, 8, "Moves: -1");
	EXPECT(edit(BASE, 8, "Moves: 02\n"), NG_ERR_HEADER_VALUE, 8, "Moves: 02");
	EXPECT(edit(BASE, 8, "Moves: 10001\n"), NG_ERR_HEADER_VALUE, 8, "Moves: 10001");
	EXPECT(edit(BASE, 8, "Moves: 99999999999999999999\n"), NG_ERR_HEADER_VALUE, 8, "Moves huge");
	EXPECT(edit(BASE, 8, "Moves:\n"), NG_ERR_HEADER_VALUE, 8, "Moves empty");
	EXPECT(edit(BASE, 7, "Ply: 3\n"), NG_ERR_HEADER_VALUE, 7, "Ply past Moves");
	EXPECT(edit(BASE, 7, "Ply: x\n"), NG_ERR_HEADER_VALUE, 7, "Ply: x");
	EXPECT(edit(BASE, 5, NULL), NG_ERR_HEADER_MISSING, 8, "no Rules");
	EXPECT(edit(BASE, 8, NULL), NG_ERR_HEADER_MISSING, 8, "no Moves");
	EXPECT(edit(BASE, 7, "Start: 0,0/1,1\n"), NG_ERR_SYNTAX, 7, "Start: syntax");
	EXPECT(edit(BASE, 7,
	       "Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;"
	       "-2,1;-1,1;0,1;1,1;-2,2;-1,2/2,-2;-2,0;0,2/0,-2;2,0;-2,2/r/-\n"),
	       NG_ERR_DISC_COUNT, 7, "Start: 18 discs");
	EXPECT(edit(BASE, 7,
	       "Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;"
	       "-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;-2,0;0,2/0,-2;2,0;-2,2/b/-\n"),
	       NG_ERR_NOT_YOUR_TOKEN, 10, "Start: blue to move, red's move");
	memset(big, 'x', 300);
	memcpy(big, "Red: ", 5);
	strcpy(big + 300, "\n");
	EXPECT(edit(BASE, 3, big), NG_ERR_HEADER_VALUE, 3, "a value of 295 bytes");
	big[260] = '\n';
	big[261] = 0;
	EXPECT(edit(BASE, 3, big), NG_OK, 0, "a value of 255 bytes");
	big[259] = 0;
	strcat(big, "\xc3\xa9\n");    /* 256 bytes with an é at the end */
	EXPECT(edit(BASE, 3, big), NG_ERR_HEADER_VALUE, 3, "a value of 256 bytes");

	/* more keys than there is room for */
	char many[2048] = "Mode: ai\n";
	for (int i = 1; i < NG_RECORD_EXTRA; i++)
		sprintf(many + strlen(many), "X%d: %d\n", i, i);
	EXPECT(edit(BASE, 7, many), NG_OK, 0, "16 other keys");
	strcat(many, "Xlast: 1\n");
	EXPECT(edit(BASE, 7, many), NG_ERR_HEADER_FULL, 7 + NG_RECORD_EXTRA, "17 other keys");

	/* bytes */
	char nul[sizeof BASE];
	memcpy(nul, BASE, sizeof BASE);
	nul[strstr(BASE, "human") - BASE + 2] = 0;
	expect(nul, sizeof BASE - 1, NG_ERR_CONTROL_CHAR, 3, "NUL in a header");
	memcpy(nul, BASE, sizeof BASE);
	nul[sizeof BASE - 5] = 0;     /* in the last move */
	expect(nul, sizeof BASE - 1, NG_ERR_CONTROL_CHAR, 11, "NUL in a move");
	memcpy(nul, BASE, sizeof BASE);
	expect(nul, sizeof BASE, NG_ERR_CONTROL_CHAR, 12, "a NUL after the last line");
	EXPECT(edit(BASE, 3, "Red:\thuman\n"), NG_ERR_CONTROL_CHAR, 3, "tab");
	EXPECT(edit(BASE, 3, "Red: hu\rman\n"), NG_ERR_CONTROL_CHAR, 3, "CR inside");
	EXPECT(edit(BASE, 3, "Red: \x1b[31mred\n"), NG_ERR_CONTROL_CHAR, 3, "escape");
	EXPECT(edit(BASE, 3, "Red: \x7f\n"), NG_ERR_CONTROL_CHAR, 3, "DEL");
	EXPECT(edit(BASE, 3, "Red: \xff\n"), NG_ERR_BAD_UTF8, 3, "0xff");
	EXPECT(edit(BASE, 3, "Red: \xc0\xaf\n"), NG_ERR_BAD_UTF8, 3, "overlong /");
	EXPECT(edit(BASE, 3, "Red: \xed\xa0\x80\n"), NG_ERR_BAD_UTF8, 3, "surrogate");
	EXPECT(edit(BASE, 3, "Red: \xf4\x90\x80\x80\n"), NG_ERR_BAD_UTF8, 3, "past U+10FFFF");
	EXPECT(edit(BASE, 3, "Red: \xe8\x8a\n"), NG_ERR_BAD_UTF8, 3, "cut sequence");
	EXPECT(edit(BASE, 3, "Red: 花子\n"), NG_OK, 0, "UTF-8 name");
	memset(big, 'x', sizeof big);
	memcpy(big, "X: ", 3);
	big[NG_RECORD_LINE_MAX] = '\n';
	big[NG_RECORD_LINE_MAX + 1] = 0;
	EXPECT(edit(BASE, 7, big), NG_ERR_HEADER_VALUE, 7, "a line of 1024 bytes");
	big[NG_RECORD_LINE_MAX] = 'x';
	big[NG_RECORD_LINE_MAX + 1] = '\n';
	big[NG_RECORD_LINE_MAX + 2] = 0;
	EXPECT(edit(BASE, 7, big), NG_ERR_LINE_TOO_LONG, 7, "a line of 1025 bytes");
	memset(big, '1', sizeof big - 2);
	strcpy(big + sizeof big - 2, "\n");
	EXPECT(edit(BASE, 11, big), NG_ERR_LINE_TOO_LONG, 11, "a long move line");
	EXPECT(edit(BASE, 1, big), NG_ERR_NOT_RECORD, 1, "a long first line");

	/* line ends */
	char crlf[1024];
	size_t o = 0;
	for (const char *s = BASE; *s; s++) {
		if (*s == '\n')
			crlf[o++] = '\r';
		crlf[o++] = *s;
	}
	crlf[o] = 0;
	EXPECT(crlf, NG_OK, 0, "CRLF");
	EXPECT(edit(BASE, 9, NULL), NG_OK, 0, "no empty line after the header");
	expect(BASE, strlen(BASE) - 1, NG_ERR_TRUNCATED, 11, "no newline at the end");

	/* moves */
	EXPECT(edit(BASE, 11, "0,-2>0,1/-3,1>-3,0\n"), NG_ERR_DISC_LOCKED, 11, "locked disc");
	EXPECT(edit(BASE, 11, "0,-2>0,0/2,-2>-1,-1\n"), NG_ERR_SLIDE_SHORT, 11, "short slide");
	EXPECT(edit(BASE, 10, "2,-2>-1,1/-1,-1>-3,1 \n"), NG_ERR_SYNTAX, 10, "trailing space");
	EXPECT(edit(BASE, 10, "hello\n"), NG_ERR_SYNTAX, 10, "not a move");
	EXPECT(edit(BASE, 10, "2,-2>-1,1/-1,-1>-3,1\n\n"), NG_ERR_EMPTY_LINE, 11,
	       "an empty line among the moves");
	EXPECT(edit(BASE, 11, "0,-2>0,1/2,-2>-1,-1\n\n"), NG_ERR_EMPTY_LINE, 12,
	       "an empty line at the end");
	EXPECT(edit(BASE, 11, "0,-2>0,1/2,-2>-1,-1\njunk\n"), NG_ERR_SYNTAX, 12,
	       "garbage after the moves");
	EXPECT(edit(BASE, 11, "0,-2>0,1/2,-2>-1,-1\n-1,1>-1,-1/-1,2>-1,-2\n"),
	       NG_ERR_MOVE_COUNT, 12, "more moves than Moves");
	EXPECT(edit(BASE, 8, "Moves: 3\n"), NG_ERR_MOVE_COUNT, 8, "fewer moves than Moves");
	EXPECT(edit(BASE, 11, NULL), NG_ERR_MOVE_COUNT, 8, "a move line lost");
	EXPECT(edit(BASE, 6, "Result: red\n"), NG_ERR_RESULT_MISMATCH, 6, "Result: red");
	EXPECT(edit(BASE, 6, NULL), NG_OK, 0, "no Result");
	EXPECT(edit(BASE, 7, "Ply: 1\n"), NG_OK, 0, "Ply 1");
	EXPECT(edit(BASE, 7, "Ply: 0\n"), NG_OK, 0, "Ply 0");
	EXPECT("# nonaga record 1\nRules: simple\nMoves: 0\n", NG_OK, 0, "the least record");
	EXPECT("# nonaga record 1\nRules: simple\nMoves: 10000\n", NG_ERR_MOVE_COUNT, 3,
	       "10000 moves promised, none given");

	/* after the end of the game: a win, and the draw */
	static const char WON[] =
		"# nonaga record 1\nRules: standard\nResult: red\n"
		"Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;"
		"-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/0,-2;2,0;-2,2/r/-\n"
		"Moves: 1\n\n2,-2>2,-1\n";
	EXPECT(WON, NG_OK, 0, "red wins");
	EXPECT(edit(WON, 3, "Result: none\n"), NG_ERR_RESULT_MISMATCH, 3, "a win, Result: none");
	EXPECT(edit(edit(WON, 5, "Moves: 2\n"), 7, "2,-2>2,-1\n0,-2>0,1/-1,2>1,-2\n"),
	       NG_ERR_GAME_OVER, 8, "a move after the win");
	static const char DRAW[] =
		"# nonaga record 1\nRules: standard\nResult: draw\nMoves: 10\n\n"
		"2,-2>2,-1/1,-2>3,-2\n0,-2>0,1/1,1>3,-1\n2,-1>2,-2/3,-2>1,-2\n"
		"0,1>0,-2/3,-1>1,1\n2,-2>2,-1/1,-2>3,-2\n0,-2>0,1/1,1>3,-1\n"
		"2,-1>2,-2/3,-2>1,-2\n0,1>0,-2/3,-1>1,1\n2,-2>2,-1/1,-2>3,-2\n"
		"0,-2>0,1/1,1>3,-1\n";
	EXPECT(DRAW, NG_ERR_GAME_OVER, 15, "a move after the draw");
	EXPECT(edit(edit(DRAW, 4, "Moves: 9\n"), 15, NULL), NG_OK, 0, "the draw");
	EXPECT(edit(edit(edit(DRAW, 4, "Moves: 9\n"), 15, NULL), 3, "Result: none\n"),
	       NG_ERR_RESULT_MISMATCH, 3, "a draw, Result: none");

	/* what a good record gives */
	ng_game *g = NULL;
	ng_record_info info;
	int line;
	ng_err e = ng_record_parse(edit(BASE, 7, "Ply: 1\nMode: ai\n"), strlen(BASE) + 7,
	                           &g, &info, &line);
	CHECK(e == NG_OK, "Ply 1: %s", ng_strerror(e));
	if (!e) {
		CHECK(ng_game_ply(g) == 1 && ng_game_length(g) == 2 && ng_game_can_redo(g),
		      "Ply 1: ply %d length %d", ng_game_ply(g), ng_game_length(g));
		CHECK(info.ply == 1 && info.moves == 2 && info.rules == NG_STANDARD &&
		      info.result == NG_NONE, "Ply 1: info");
		CHECK(!strcmp(info.date, "2026-11-22T10:15:00Z") &&
		      !strcmp(info.red, "human") && !strcmp(info.blue, "computer level 7"),
		      "Ply 1: date and players");
		const char *mode = ng_record_get(&info, "Mode");
		CHECK(mode && !strcmp(mode, "ai") && info.nextra == 1 &&
		      info.extra[0].line == 8, "Ply 1: Mode");
		CHECK(ng_record_get(&info, "mode") == NULL && ng_record_get(&info, "Rules") == NULL,
		      "keys are case-sensitive and Rules is not an extra");
		CHECK(ng_game_undo(g) == NG_OK && ng_game_undo(g) == NG_ERR_NO_HISTORY,
		      "undo to the start");
		CHECK(ng_game_redo(g) == NG_OK && ng_game_redo(g) == NG_OK &&
		      ng_game_redo(g) == NG_ERR_NO_HISTORY, "redo to the end");
		ng_game_free(g);
	}
	/* a refusal changes nothing */
	g = (ng_game *)&line;
	CHECK(ng_record_parse("x", 1, &g, NULL, NULL) == NG_ERR_NOT_RECORD &&
	      g == (ng_game *)&line, "refused: game_out untouched");
	CHECK(ng_record_parse(NULL, 0, &g, NULL, &line) == NG_ERR_BAD_ARG, "NULL text");
}

/* Every proper prefix of a written record is refused: a file cut
 * anywhere, even at the end of a line, is never taken for a game. */
static void test_prefixes(void)
{
	for (int k = 0; k < 6; k++) {
		ng_game *g = random_game(k % 2 ? NG_SIMPLE : NG_STANDARD, 12, k % 3);
		ng_record_info info;
		fill_info(&info, k);
		char *text = NULL;
		ng_record_write(g, &info, &text);
		size_t n = text ? strlen(text) : 0;
		int accepted = 0;
		for (size_t i = 0; i < n; i++) {
			ng_game *g2 = NULL;
			if (ng_record_parse(text, i, &g2, NULL, NULL) == NG_OK) {
				accepted++;
				ng_game_free(g2);
			}
		}
		CHECK(n > 0 && accepted == 0, "game %d: %d of %zu prefixes accepted", k,
		      accepted, n);
		free(text);
		ng_game_free(g);
	}
}

/* Random damage to good records: flipped, inserted, removed and doubled
 * bytes and lines.  Nothing crashes and the fuzz checks hold. */
static void test_damage(void)
{
	int bad = 0, refused = 0, total = 0;
	for (int k = 0; k < 40; k++) {
		ng_game *g = random_game(k % 2 ? NG_SIMPLE : NG_STANDARD, 30, k % 4);
		ng_record_info info;
		fill_info(&info, k);
		char *text = NULL;
		ng_record_write(g, &info, &text);
		ng_game_free(g);
		if (!text)
			continue;
		size_t n = strlen(text);
		uint8_t *buf = malloc(n * 2 + 64);
		for (int j = 0; j < 100; j++) {
			memcpy(buf, text, n);
			size_t len = n;
			int edits = 1 + (int)(next() % 3);
			for (int x = 0; x < edits; x++) {
				size_t at = (size_t)(next() % (uint64_t)len);
				switch (next() % 5) {
				case 0:
					buf[at] = (uint8_t)next();
					break;
				case 1:
					buf[at] ^= (uint8_t)(1u << (next() % 8));
					break;
				case 2:
					memmove(buf + at + 1, buf + at, len - at);
					buf[at] = "0123456789,;/>-\n: \r\0x"[next() % 21];
					len++;
					break;
				case 3:
					if (len > 1) {
						memmove(buf + at, buf + at + 1, len - at - 1);
						len--;
					}
					break;
				case 4: {   /* double a stretch */
					size_t span = 1 + (size_t)(next() % 24);
					if (at + span > len)
						span = len - at;
					if (len + span > n * 2 + 60)
						break;
					memmove(buf + at + span, buf + at, len - at);
					len += span;
					break;
				}
				}
			}
			ng_game *g2 = NULL;
			refused += ng_record_parse((const char *)buf, len, &g2, NULL, NULL) != NG_OK;
			ng_game_free(g2);
			const char *why = fuzz_record(buf, len);
			if (why) {
				bad++;
				fprintf(stderr, "damage %d/%d: %s\n", k, j, why);
			}
			total++;
		}
		free(buf);
		free(text);
	}
	CHECK(bad == 0, "%d of %d damaged records break the fuzz checks", bad, total);
	CHECK(refused > total / 2, "only %d of %d damaged records refused", refused, total);
}

static void test_write(void)
{
	ng_game *g = random_game(NG_STANDARD, 4, 0);
	ng_record_info info;
	char *text = (char *)"untouched";
	memset(&info, 0, sizeof info);
	strcpy(info.date, "yesterday");
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "bad date");
	memset(&info, 0, sizeof info);
	strcpy(info.red, "two\nlines");
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "newline in a value");
	memset(&info, 0, sizeof info);
	memset(info.blue, 'b', sizeof info.blue);
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "value without NUL");
	memset(&info, 0, sizeof info);
	info.nextra = 1;
	strcpy(info.extra[0].key, "Rules");
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "own key as extra");
	info.nextra = NG_RECORD_EXTRA + 1;
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "nextra too big");
	info.nextra = 2;
	strcpy(info.extra[0].key, "Mode");
	strcpy(info.extra[1].key, "Mode");
	CHECK(ng_record_write(g, &info, &text) == NG_ERR_BAD_ARG, "key twice");
	CHECK(!strcmp(text, "untouched"), "refusals leave text_out alone");

	memset(&info, 0, sizeof info);
	CHECK(ng_record_set(&info, "Mode", "ai") == NG_OK &&
	      ng_record_set(&info, "Mode", "pvp") == NG_OK && info.nextra == 1 &&
	      !strcmp(ng_record_get(&info, "Mode"), "pvp"), "set replaces");
	CHECK(ng_record_set(&info, "Ply", "3") == NG_ERR_BAD_ARG, "set: own key");
	CHECK(ng_record_set(&info, "a b", "3") == NG_ERR_BAD_ARG, "set: bad key");
	CHECK(ng_record_set(&info, "X", "a\tb") == NG_ERR_BAD_ARG, "set: tab");
	CHECK(ng_record_set(&info, "X", "\xff") == NG_ERR_BAD_ARG, "set: not UTF-8");
	for (int i = 1; i < NG_RECORD_EXTRA; i++) {
		char key[16];
		snprintf(key, sizeof key, "K%d", i);
		ng_record_set(&info, key, "v");
	}
	CHECK(info.nextra == NG_RECORD_EXTRA &&
	      ng_record_set(&info, "One-more", "v") == NG_ERR_HEADER_FULL, "set: full");

	/* the exact text of a small game */
	ng_game_free(g);
	g = ng_game_new(NG_SIMPLE);
	play(g, "2,-2>-1,1/-1,-1>-3,1");
	play(g, "0,-2>0,1/2,-2>-1,-1");
	ng_game_undo(g);
	memset(&info, 0, sizeof info);
	strcpy(info.date, "2026-11-22T10:15:00Z");
	strcpy(info.red, "human");
	strcpy(info.blue, "computer level 7");
	ng_record_set(&info, "Mode", "ai");
	text = NULL;
	CHECK(ng_record_write(g, &info, &text) == NG_OK && text &&
	      !strcmp(text, "# nonaga record 1\n"
	                    "Date: 2026-11-22T10:15:00Z\n"
	                    "Red: human\n"
	                    "Blue: computer level 7\n"
	                    "Rules: simple\n"
	                    "Result: none\n"
	                    "Ply: 1\n"
	                    "Mode: ai\n"
	                    "Moves: 2\n"
	                    "\n"
	                    "2,-2>-1,1/-1,-1>-3,1\n"
	                    "0,-2>0,1/2,-2>-1,-1\n"), "the text:\n%s", text);
	free(text);
	ng_game_free(g);
}

/* The longest game a record holds, read in reasonable time. */
static void test_long(void)
{
	/* The draw cycle without its third occurrence is impossible, so
	 * walk a long random line instead, avoiding repetitions and wins. */
	static ng_movelist l;
	ng_game *g = ng_game_new(NG_SIMPLE);
	for (int i = 0; i < 3000 && ng_game_result(g) == NG_NONE; i++) {
		int n = ng_generate(ng_game_pos(g), &l), pick = -1;
		for (int tries = 0; tries < 40 && pick < 0; tries++) {
			int c = (int)(next() % (uint64_t)n);
			ng_pos p = *ng_game_pos(g);
			ng_undo u;
			ng_make(&p, l.m[c], &u);
			if (ng_pos_winner(&p) == NG_NONE)
				pick = c;
		}
		if (pick < 0)
			break;
		ng_game_play(g, l.m[pick]);
	}
	ng_cell lo, hi;
	ng_pos_bounds(ng_game_pos(g), &lo, &hi);
	CHECK(ng_game_length(g) >= 1000, "a long game: %d moves", ng_game_length(g));
	CHECK(lo.q < -10 || lo.r < -10 || hi.q > 10 || hi.r > 10,
	      "the long game drifted: %d,%d to %d,%d", lo.q, lo.r, hi.q, hi.r);
	round_trip(g, NULL, "long game");
	ng_game_free(g);
}

/* ng_record_read_fd: NG_OK with the bytes, or an ng_err with errno. */
static void test_read_fd(void)
{
	char path[] = "/tmp/record_test.XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0, "a temporary file");
	if (fd < 0)
		return;
	const char rec[] = "# nonaga record 1\nRules: standard\nMoves: 0\n";
	CHECK(write(fd, rec, sizeof rec - 1) == (ssize_t)(sizeof rec - 1), "written");
	lseek(fd, 0, SEEK_SET);
	char *text = NULL;
	size_t len = 0;
	CHECK(ng_record_read_fd(fd, &text, &len) == NG_OK && len == sizeof rec - 1 &&
	      !memcmp(text, rec, len), "a regular file is read whole");
	free(text);
	/* one byte past the limit */
	CHECK(ftruncate(fd, NG_RECORD_MAX_BYTES + 1) == 0, "grown");
	lseek(fd, 0, SEEK_SET);
	text = NULL;
	errno = 0;
	CHECK(ng_record_read_fd(fd, &text, &len) == NG_ERR_TOO_LONG && errno == EFBIG &&
	      !text, "a file too large: NG_ERR_TOO_LONG, EFBIG");
	close(fd);
	unlink(path);
	int dir = open("/tmp", O_RDONLY);
	errno = 0;
	CHECK(ng_record_read_fd(dir, &text, &len) == NG_ERR_BAD_ARG && errno == EISDIR,
	      "a directory: NG_ERR_BAD_ARG, EISDIR");
	close(dir);
	int dev = open("/dev/null", O_RDONLY);
	errno = 0;
	CHECK(ng_record_read_fd(dev, &text, &len) == NG_ERR_BAD_ARG && errno == ENODEV,
	      "a device: NG_ERR_BAD_ARG, ENODEV");
	close(dev);
	errno = 0;
	CHECK(ng_record_read_fd(-1, &text, &len) == NG_ERR_BAD_ARG && errno == EBADF,
	      "no file: NG_ERR_BAD_ARG, EBADF");
}

int main(void)
{
	test_read_fd();
	test_round_trips();
	test_refusals();
	test_prefixes();
	test_damage();
	test_write();
	test_long();
	return tests_done("record");
}
