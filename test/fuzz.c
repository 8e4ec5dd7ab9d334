/*
 * fuzz.c - libFuzzer target over the text entry points of libnonaga:
 * ng_pos_parse, ng_move_parse (against several positions, and the same
 * bytes taken as a raw ng_move for ng_check_move) and ng_session_line (the
 * input split into lines, fed to one session) and ng_record_parse (the
 * input as a game record).  Build and run with `make fuzz` (FUZZ_TIME
 * seconds, default 600); seeds in test/fuzz-corpus/.
 *
 * Besides crashes and sanitizer reports it checks what must hold for every
 * input: an accepted position prints and reads back as itself, an accepted
 * move is legal and reads back from its text, every answer of the
 * session is framed as "=..." or "?..." ending with an empty line, and an
 * accepted record writes out and reads back as the same game
 * (fuzz_record.h, which test/record_test.c runs too).
 */
#include "nonaga.h"
#include "fuzz_record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...) do { fprintf(stderr, "fuzz: " __VA_ARGS__); \
	fputc('\n', stderr); abort(); } while (0)

static ng_pos positions[8];
static int npositions;

static void add_position(const char *text, ng_rules rules)
{
	if (ng_pos_parse(&positions[npositions], text, rules) != NG_OK)
		FAIL("seed position refused: %s", text);
	npositions++;
}

static void init(void)
{
	if (npositions)
		return;
	ng_pos_start(&positions[npositions++], NG_STANDARD);
	ng_pos_start(&positions[npositions++], NG_SIMPLE);
	/* after one move: a lock */
	add_position("0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;"
	             "2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;3,-1/2,-1;-2,0;-1,2/"
	             "0,-2;2,0;-2,2/b/3,-1", NG_STANDARD);
	/* a straight line far out: slides without relocation */
	add_position("999982,0;999983,0;999984,0;999985,0;999986,0;999987,0;"
	             "999988,0;999989,0;999990,0;999991,0;999992,0;999993,0;"
	             "999994,0;999995,0;999996,0;999997,0;999998,0;999999,0;"
	             "1000000,0/999982,0;999991,0;1000000,0/"
	             "999985,0;999994,0;999997,0/r/999987,0", NG_STANDARD);
	/* the pass */
	add_position("0,0;1,0;2,0;3,0;4,0;5,0;6,0;7,0;8,0;9,0;10,0;11,0;12,0;"
	             "13,0;14,0;15,0;16,0;17,0;18,0/0,0;1,0;18,0/2,0;17,0;9,0/"
	             "r/-", NG_SIMPLE);
	/* relocation only */
	add_position("0,0;1,0;2,0;3,0;4,0;5,0;6,0;7,0;8,0;9,0;10,0;11,0;12,0;"
	             "13,0;14,0;15,0;16,0;17,0;5,-1/0,0;1,0;17,0/2,0;16,0;9,0/"
	             "r/-", NG_STANDARD);
	/* won: red shows a line */
	add_position("0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;"
	             "2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/0,0;1,0;2,0/"
	             "-2,2;0,-2;2,-1/b/-", NG_STANDARD);
	/* far out, a two-cell hole */
	add_position("-900000,899998;-899999,899998;-899998,899998;"
	             "-900001,899999;-900000,899999;-899998,899999;"
	             "-900002,900000;-900001,900000;-899999,900000;"
	             "-899998,900000;-900002,900001;-900001,900001;"
	             "-900000,900001;-899999,900001;-900002,900002;"
	             "-900001,900002;-900000,900002;-899997,899999;"
	             "-899997,899998/-899998,899998;-900000,900002;"
	             "-900002,900000/-899998,900000;-900002,900002;"
	             "-900000,899998/r/-", NG_SIMPLE);
}

static void check_pos_text(const char *text)
{
	for (int rules = 0; rules < 2; rules++) {
		ng_pos p, q;
		ng_err e = ng_pos_parse(&p, text, (ng_rules)rules);
		if (e != NG_OK)
			continue;
		char buf[NG_POS_TEXT], buf2[NG_POS_TEXT];
		ng_pos_format(&p, buf);
		if (ng_pos_parse(&q, buf, (ng_rules)rules) != NG_OK)
			FAIL("printed position does not parse: %s", buf);
		ng_pos_format(&q, buf2);
		if (strcmp(buf, buf2) || !ng_pos_same(&p, &q))
			FAIL("position round trip: %s / %s", buf, buf2);
		/* its moves read back from their text */
		static ng_movelist l;
		int n = ng_generate(&p, &l);
		if (n != ng_count_moves(&p))
			FAIL("count %d != generate %d: %s", ng_count_moves(&p), n, buf);
		for (int i = 0; i < n; i += 1 + n / 16) {
			char t[NG_MOVE_TEXT];
			ng_move m;
			ng_move_format(&p, l.m[i], t);
			if (ng_move_parse(&p, t, &m) != NG_OK || !ng_move_equal(m, l.m[i]))
				FAIL("move %s of %s does not read back", t, buf);
		}
	}
}

static void check_move_text(const char *text)
{
	for (int i = 0; i < npositions; i++) {
		const ng_pos *p = &positions[i];
		ng_move m;
		ng_err e = ng_move_parse(p, text, &m);
		if (e != NG_OK)
			continue;
		if (ng_check_move(p, m) != NG_OK)
			FAIL("parsed move is not legal: %s", text);
		char t[NG_MOVE_TEXT];
		ng_move m2;
		ng_move_format(p, m, t);
		if (ng_move_parse(p, t, &m2) != NG_OK || !ng_move_equal(m, m2))
			FAIL("move round trip: %s -> %s", text, t);
		ng_pos q = *p;
		ng_undo u;
		ng_make(&q, m, &u);
		ng_unmake(&q, &u);
		if (memcmp(&q, p, sizeof q))
			FAIL("unmake differs after %s", text);
	}
}

/* Raw bytes as a move: ng_check_move must answer for any four cells. */
static void check_raw_move(const uint8_t *data, size_t size)
{
	if (size < 8)
		return;
	ng_move m;
	m.sf = (uint16_t)(data[0] | data[1] << 8);
	m.st = (uint16_t)(data[2] | data[3] << 8);
	m.rf = (uint16_t)(data[4] | data[5] << 8);
	m.rt = (uint16_t)(data[6] | data[7] << 8);
	for (int i = 0; i < npositions; i++) {
		ng_err e = ng_check_move(&positions[i], m);
		if ((unsigned)e >= NG_ERR_COUNT)
			FAIL("ng_check_move returned %d", (int)e);
	}
}

/*
 * perft's cost grows by a factor of hundreds per ply: depth 4 from the
 * start takes minutes, which libFuzzer would report as a timeout although
 * nothing is wrong.  Lines asking for perft deeper than 2 are not fed (the
 * depth check itself is covered by the protocol tests).  This errs on the
 * safe side: any line whose first word after an optional id is "perft"
 * and whose next word is digits worth more than 2 is skipped.
 */
static int deep_perft(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && line[i] >= '0' && line[i] <= '9') {
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
	}
	if (len - i < 5 || memcmp(line + i, "perft", 5))
		return 0;
	i += 5;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	unsigned long v = 0;
	int digits = 0;
	while (i < len && line[i] >= '0' && line[i] <= '9') {
		if (v < 1000)
			v = v * 10 + (unsigned long)(line[i] - '0');
		i++;
		digits++;
	}
	return digits && v > 2;
}

static void check_session(const uint8_t *data, size_t size)
{
	ng_session *s = ng_session_new();
	if (!s)
		return;
	size_t start = 0;
	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != '\n')
			continue;
		const char *line = (const char *)data + start;
		size_t len = i - start;
		start = i + 1;
		if (deep_perft(line, len))
			continue;
		const char *out;
		int quit = ng_session_line(s, line, len, &out);
		size_t n = strlen(out);
		if (n && (n < 3 || (out[0] != '=' && out[0] != '?') ||
		          strcmp(out + n - 2, "\n\n") != 0 ||
		          strstr(out, "\n\n") != out + n - 2))
			FAIL("badly framed answer: %s", out);
		if (quit)
			break;
	}
	ng_session_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	init();
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	check_pos_text(text);
	check_move_text(text);
	check_raw_move(data, size);
	check_session(data, size);
	const char *why = fuzz_record(data, size);
	if (why)
		FAIL("record: %s", why);
	free(text);
	return 0;
}
