/*
 * analysis_test.c - the coach (src/nonaga/analysis.c) without a terminal:
 * a missed win in one and a move that lets the opponent win at once are
 * marked, and nothing else is; the best move is the engine's; the same
 * game gives the same analysis; a stop, a bad depth and an illegal move
 * are refused; the record value stays within a header value and the
 * record that carries it reads back with the record parser.
 */
#include "tap.h"
#include "analysis.c"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Blue to move can win with a slide (1,-1>1,0). */
static const char *WIN_IN_ONE =
	"2,-3;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;3,0;"
	"-1,1;0,1;2,1;-2,2;0,2/3,-2;0,-1;0,1/1,-1;0,0;2,0/b/2,-3";
/* Blue to move is not lost, but most moves let red win at once. */
static const char *CAREFUL =
	"0,-2;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;3,-1;-2,0;-1,0;0,0;1,0;2,0;"
	"-2,1;-1,1;0,1;-2,2;0,2/1,-2;0,-1;-2,0/0,-2;1,-1;2,0/b/-1,-1";

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* A job freed in the middle of a deep analysis of the opening: the stop
 * must reach the move's later searches too (each search clears the stop
 * request when it ends), so freeing takes milliseconds, not the seconds
 * a depth-5 search of the opening takes. */
static void stop_between_searches(void)
{
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_movelist *l = malloc(sizeof *l);
	ng_move m[4];
	for (int i = 0; g && l && i < 4; i++) {
		ng_generate(ng_game_pos(g), l);
		m[i] = l->m[l->n / 2];
		ng_game_play(g, m[i]);
	}
	CHECK(g && l && ng_game_result(g) == NG_NONE, "four opening moves");
	ng_pos start;
	ng_pos_start(&start, NG_STANDARD);
	an_job *j = an_job_start(&start, m, 4, AN_DEPTH_MAX);
	struct timespec ts = { 0, 100000000 };
	nanosleep(&ts, NULL);   /* well inside the first move's search */
	double t0 = now_ms();
	an_job_free(j);
	double ms = now_ms() - t0;
	CHECK(j && ms < 1000, "a deep job freed in %.0f ms", ms);
	free(l);
	ng_game_free(g);
}

/* The moves (in notation) played one after the other from text. */
static int moves_of(const char *text, const char *const *mv, int n,
                    ng_pos *start, ng_move *out)
{
	if (ng_pos_parse(start, text, NG_STANDARD))
		return 0;
	ng_pos p = *start;
	for (int i = 0; i < n; i++) {
		ng_undo u;
		if (ng_move_parse(&p, mv[i], &out[i]))
			return 0;
		ng_make(&p, out[i], &u);
	}
	return 1;
}

static int stop_at, calls, last_done, last_total;
static int progress(void *ctx, int done, int total)
{
	(void)ctx;
	calls++;
	last_done = done;
	last_total = total;
	return stop_at >= 0 && done >= stop_at;
}

int main(void)
{
	ng_search *s = ng_search_new();
	ng_pos start, p;
	ng_move m[4];
	an_move a[4], b[4];

	/* a missed win in one: the mark, and a best move that wins */
	static const char *const missed[] = { "0,0>-2,0/-1,-1>-1,2" };
	CHECK(moves_of(WIN_IN_ONE, missed, 1, &start, m), "moves");
	stop_at = -1;
	calls = 0;
	CHECK(an_run(s, &start, m, 1, AN_DEPTH_DEFAULT, a, progress, NULL, NULL) == NG_OK, "run");
	CHECK(a[0].mark == AN_MISSED_WIN, "missed win: mark %d", a[0].mark);
	CHECK(calls == 2 && last_done == 1 && last_total == 1, "progress %d %d/%d",
	      calls, last_done, last_total);
	ng_move best;
	p = start;
	CHECK(ng_move_parse(&p, a[0].best, &best) == NG_OK, "best %s", a[0].best);
	ng_undo u;
	ng_make(&p, best, &u);
	CHECK(ng_pos_winner(&p) == NG_BLUE_WINS, "the best move %s wins", a[0].best);
	CHECK(a[0].bslide && !a[0].breloc, "a winning slide only");
	CHECK(a[0].best_score > NG_MATE_BOUND && a[0].played_score <= NG_MATE_BOUND, "scores %d %d",
	      a[0].best_score, a[0].played_score);

	/* playing the best move instead: no mark */
	CHECK(an_run(s, &start, &best, 1, AN_DEPTH_DEFAULT, b, NULL, NULL, NULL) == NG_OK, "run");
	CHECK(b[0].mark == AN_NONE && b[0].same, "best played: mark %d same %d",
	      b[0].mark, b[0].same);

	/* a move that lets red win at once, then red's winning slide */
	static const char *const allowed[] = { "1,-1>-2,2/-2,1>-1,-2", "-2,0>-1,-1" };
	CHECK(moves_of(CAREFUL, allowed, 2, &start, m), "moves");
	CHECK(an_run(s, &start, m, 2, AN_DEPTH_DEFAULT, a, NULL, NULL, NULL) == NG_OK, "run");
	CHECK(a[0].mark == AN_ALLOWED, "allowed: mark %d", a[0].mark);
	CHECK(a[0].played_score == -NG_MATE + 1 || a[0].played_score < -NG_MATE_BOUND,
	      "played %d", a[0].played_score);
	CHECK(a[1].mark == AN_NONE && a[1].same, "the win: mark %d same %d", a[1].mark,
	      a[1].same);
	CHECK(a[1].played_score == NG_MATE, "a win on the board: %d", a[1].played_score);

	/* the same again: the same analysis, at every depth */
	for (int d = AN_DEPTH_MIN; d <= 4; d++) {
		CHECK(an_run(s, &start, m, 2, d, a, NULL, NULL, NULL) == NG_OK, "run %d", d);
		ng_search *t = ng_search_new();
		CHECK(an_run(t, &start, m, 2, d, b, NULL, NULL, NULL) == NG_OK, "run %d", d);
		ng_search_free(t);
		CHECK(!memcmp(a, b, sizeof a[0] * 2), "depth %d: the same twice", d);
		CHECK(a[0].mark == AN_ALLOWED, "depth %d: mark %d", d, a[0].mark);
	}

	/* in a thread: the same analysis; stopped at once when freed */
	an_job *j = an_job_start(&start, m, 2, 3);
	CHECK(j != NULL, "job");
	int done = -1, total = -1, polls = 0;
	ng_err je = NG_ERR_BAD_ARG;
	while (j && !an_job_poll(j, &done, &total, &je) && polls < 60000) {
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
		polls++;
	}
	CHECK(je == NG_OK && done == 2 && total == 2, "job: %d, %d/%d", je, done, total);
	CHECK(an_run(s, &start, m, 2, 3, a, NULL, NULL, NULL) == NG_OK, "run");
	CHECK(j && !memcmp(an_job_moves(j), a, sizeof a[0] * 2), "job: the same analysis");
	CHECK(j && an_job_depth(j) == 3, "job: depth");
	an_job_free(j);
	j = an_job_start(&start, m, 2, AN_DEPTH_MAX);
	an_job_free(j);   /* stops the search and joins */
	CHECK(j != NULL, "job freed while it runs");
	an_job_free(NULL);
	stop_between_searches();

	/* refusals */
	CHECK(an_run(s, &start, m, 2, AN_DEPTH_MIN - 1, a, NULL, NULL, NULL) == NG_ERR_BAD_ARG, "depth");
	CHECK(an_run(s, &start, m, 2, AN_DEPTH_MAX + 1, a, NULL, NULL, NULL) == NG_ERR_BAD_ARG, "depth");
	stop_at = 1;
	CHECK(an_run(s, &start, m, 2, 2, a, progress, NULL, NULL) == NG_ERR_BAD_ARG, "stopped");
	atomic_int cancel = 1;
	CHECK(an_run(s, &start, m, 2, 2, a, NULL, NULL, &cancel) == NG_ERR_BAD_ARG, "cancelled");
	CHECK(last_done == 1, "stopped after the first move: %d", last_done);
	ng_move bad[2] = { m[1], m[0] };
	CHECK(an_run(s, &start, bad, 2, 2, a, NULL, NULL, NULL) != NG_OK, "illegal move");
	CHECK(an_run(s, &start, m, 0, 2, a, NULL, NULL, NULL) == NG_OK, "no moves");

	/* the judgement's edges */
	CHECK(judge(0, -AN_MISTAKE_DROP - 1, 0) == AN_MISTAKE, "a drop past the line");
	CHECK(judge(0, -AN_MISTAKE_DROP, 0) == AN_NONE, "a drop on the line");
	CHECK(judge(NG_MATE - 3, NG_MATE - 5, 0) == AN_NONE, "a slower win");
	CHECK(judge(NG_MATE - 1, 50, 1) == AN_NONE, "won at once");
	CHECK(judge(-NG_MATE + 2, -NG_MATE + 2, 0) == AN_NONE, "lost anyway");
	CHECK(judge(-NG_MATE + 4, -NG_MATE + 2, 0) == AN_NONE, "lost anyway, faster");
	CHECK(judge(300, -NG_MATE + 2, 0) == AN_ALLOWED, "allowed");
	CHECK(an_mark_char(AN_MISTAKE) == '?' && an_mark_char(AN_NONE) == ' ', "chars");

	/* the whole line of a game, redo moves included */
	ng_game *g = ng_game_new(NG_STANDARD);
	ng_game_set(g, &start);
	ng_game_play(g, m[0]);
	ng_game_play(g, m[1]);
	ng_game_undo(g);
	ng_move *line;
	CHECK(an_game_moves(g, &line) == 2 && ng_game_ply(g) == 1 &&
	      ng_game_can_redo(g), "the whole line");
	CHECK(line && ng_move_equal(line[0], m[0]) && ng_move_equal(line[1], m[1]), "moves");
	free(line);

	/* the record value: compact, bounded, and a record keeps it */
	an_move many[300];
	memset(many, 0, sizeof many);
	char value[NG_RECORD_VALUE];
	an_record_value(many, 300, 3, value);
	CHECK(!strcmp(value, "depth 3"), "no marks: %s", value);
	many[6].mark = AN_MISTAKE;
	many[11].mark = AN_MISSED_WIN;
	many[14].mark = AN_ALLOWED;
	an_record_value(many, 300, 3, value);
	CHECK(!strcmp(value, "depth 3 7? 12W 15L"), "marks: %s", value);
	for (int i = 0; i < 300; i++)
		many[i].mark = AN_MISTAKE;
	an_record_value(many, 300, 4, value);
	size_t len = strlen(value);
	CHECK(len <= NG_RECORD_VALUE - 1 && len > 200, "bounded: %zu", len);
	CHECK(len >= 4 && !strcmp(value + len - 4, " ..."), "cut: %s", value + len - 8);
	an_record_value(many, 49, 4, value);   /* 7 + 9*3 + 40*5 = 234: all fit */
	CHECK(strstr(value, " 49?") && !strstr(value, "..."), "fits: %s", value);

	ng_record_info info;
	memset(&info, 0, sizeof info);
	ng_record_set(&info, "Mode", "pvp");
	CHECK(ng_record_set(&info, "Analysis", "depth 3 7? 12W 15L") == NG_OK, "set");
	char *text = NULL;
	CHECK(ng_record_write(g, &info, &text) == NG_OK, "write");
	ng_game *back = NULL;
	ng_record_info info2;
	CHECK(text && ng_record_parse(text, strlen(text), &back, &info2, NULL) == NG_OK,
	      "read back");
	CHECK(back && ng_game_length(back) == 2 && ng_game_ply(back) == 1, "the game");
	const char *v = ng_record_get(&info2, "Analysis");
	CHECK(v && !strcmp(v, "depth 3 7? 12W 15L"), "the value: %s", v ? v : "-");
	free(text);
	ng_game_free(back);
	ng_game_free(g);
	ng_search_free(s);
	return tests_done("analysis_test");
}
