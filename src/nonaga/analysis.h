/*
 * analysis.h - the computer as a coach: every move of a game searched
 * again, with the engine's best move beside it and a mark where the move
 * threw something away.  No curses: `nonaga --analyze' (cli_analyze.c), the
 * replay viewer (play_replay.c) and test/analysis_test.c share it.
 *
 * How a move is judged (the manual, nonaga(6) ANALYSIS, says the same):
 * with P the position before the move and D the depth, the engine's best
 * move B comes from a search of P to depth D.  Then the position after B
 * and the position after the move played are both searched to depth D-1,
 * with the same history, so the two values are comparable: they are what
 * the search of P itself would give those two moves.  From the mover's
 * side, best = the value after B, played = the value after the move:
 *
 *   AN_MISSED_WIN  best is a proven forced win (a mate score: a win the
 *                  search found against every defence within its depth)
 *                  and the move played neither wins at once nor keeps a
 *                  forced win within the same depth.  Proven on the
 *                  first half; "not kept" only within the depth.
 *   AN_ALLOWED     after the move the opponent has a proven forced win,
 *                  while after B there is none within the same depth.
 *   AN_MISTAKE     no forced result either way, and best - played is
 *                  more than AN_MISTAKE_DROP: a heuristic, as good as the
 *                  evaluation.
 *
 * A '?' or 'L' found at a depth below AN_DEPTH_CONFIRM is judged again,
 * the whole move, at AN_DEPTH_CONFIRM: it stands only when that search
 * finds it too (W is a proof and stands as found).  A marked move comes
 * with its reason in line.
 *
 * Everything is searched by depth alone at the top level, with a fixed
 * seed and a cleared table for each move: the same game and depth give
 * the same analysis every time, on every machine.
 */
#ifndef NONAGA_ANALYSIS_H
#define NONAGA_ANALYSIS_H

#include "nonaga.h"
#include <stdatomic.h>

#define AN_DEPTH_MIN 2
#define AN_DEPTH_MAX 6
#define AN_DEPTH_DEFAULT 3
/* A '?' or 'L' found less deep is judged again at this depth before it
 * stands: about what the hint and level 10 reach in their second (two
 * threads, early in a game), so that the coach does not call their moves
 * mistakes that a search as deep as theirs does not. */
#define AN_DEPTH_CONFIRM 6
/* Centi-units: a little more than a threat (137), or four adjacent pairs
 * (40 each).  It was 100 with the earlier weights, which texel's fit
 * (doc/engine.md, Tuning) put at 0.78 times the results' logistic scale: 78 on
 * that scale.  Today's weights are 2.05 times it, so 78 is 160 now. */
#define AN_MISTAKE_DROP 160

typedef enum an_mark {
	AN_NONE = 0,
	AN_MISSED_WIN,   /* 'W' */
	AN_ALLOWED,      /* 'L' */
	AN_MISTAKE       /* '?' */
} an_mark;

typedef struct an_move {
	an_mark mark;
	int same;                 /* the move played is the best move */
	int best_score;           /* the mover's value after the best move */
	int played_score;         /* and after the move played */
	char best[NG_MOVE_TEXT];  /* the best move in notation */
	ng_cell bsf, bst, brf, brt;   /* its cells (absolute) */
	int bslide, breloc;       /* which parts it has */
	char line[80];            /* L and ?: why, up to three moves: the
	                           * opponent's answer to the move played and
	                           * what follows; else "" */
} an_move;

/* The mark's letter ('W', 'L', '?'; ' ' for none) and its description
 * (English, to pass through _()); "" for AN_NONE. */
char an_mark_char(an_mark m);
const char *an_mark_text(an_mark m);
/* A score beyond this is a forced result. */
int an_forced(int score);

/*
 * Called before each move is searched (done of total moves analysed so
 * far, then once more with done == total); a nonzero return stops the
 * analysis.
 */
typedef int (*an_progress_fn)(void *ctx, int done, int total);

/*
 * Analyse the n moves played from start (moves[i] belongs to the position
 * the moves before it reach, as ng_game_move_at gives them) to depth
 * (AN_DEPTH_MIN..AN_DEPTH_MAX) into out[0..n-1].  s is the searcher to use
 * (its level, seed and table are changed).  To stop it from another
 * thread, set *cancel (NULL: no such flag), then ng_search_stop the
 * searcher: the flag is looked at before each search, the stop ends the
 * one that runs.  NG_OK; NG_ERR_BAD_ARG for a bad depth or a stop
 * (progress, cancel or ng_search_stop); NG_ERR_NOMEM; or why a move is
 * illegal.
 */
ng_err an_run(ng_search *s, const ng_pos *start, const ng_move *moves, int n,
              int depth, an_move *out, an_progress_fn progress, void *ctx,
              const atomic_int *cancel);

/* The moves of a game's whole line (those that can be redone too) into a
 * new array (*moves, to free; NULL when there are none); how many, or -1
 * when out of memory.  The game is left where it stands. */
int an_game_moves(ng_game *g, ng_move **moves);

/*
 * The same in a thread of its own, so that a screen stays live (the
 * replay's key a).  an_job_start copies what it needs; NULL when out of
 * memory or no thread can be made.  an_job_poll says how far it is:
 * *done of *total moves; it returns 1 once it has finished (and *err is
 * its result; an_job_moves then gives the analysis), 0 while it runs.
 * an_job_free stops it, waits for the thread and frees everything.
 */
typedef struct an_job an_job;
an_job *an_job_start(const ng_pos *start, const ng_move *moves, int n,
                     int depth);
int an_job_poll(an_job *j, int *done, int *total, ng_err *err);
const an_move *an_job_moves(const an_job *j);
int an_job_depth(const an_job *j);
void an_job_free(an_job *j);

/* "Analysed: N W (missed a win), N L (...), N ? (mistake)." for the n
 * moves, translated: what --analyze and the replay say at the end. */
void an_summary(const an_move *a, int n, char *out, size_t size);

/*
 * The marks as one record header value (ng_record_set), "depth D" then
 * NUMBER+LETTER for every marked move (1-based), as "depth 3 7? 12W 15L";
 * marks that would make it longer than NG_RECORD_VALUE - 1 bytes are left
 * out and " ..." ends it.
 */
void an_record_value(const an_move *a, int n, int depth,
                     char out[NG_RECORD_VALUE]);

#endif
