/*
 * analysis.c - every move of a game searched again (analysis.h says how
 * a move is judged).
 */
#include "analysis.h"
#include "i18n.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int an_forced(int score)
{
	return score > NG_MATE_BOUND || score < -NG_MATE_BOUND;
}

char an_mark_char(an_mark m)
{
	switch (m) {
	case AN_MISSED_WIN: return 'W';
	case AN_ALLOWED: return 'L';
	case AN_MISTAKE: return '?';
	default: return ' ';
	}
}

const char *an_mark_text(an_mark m)
{
	switch (m) {
	case AN_MISSED_WIN: return N_("missed a win");
	case AN_ALLOWED: return N_("allowed a forced win");
	case AN_MISTAKE: return N_("mistake");
	default: return "";
	}
}

/*
 * Play m in g and give its value for the side that played it: a win on
 * the board is NG_MATE, a draw by repetition 0, else minus the search of
 * the position reached, to depth.  The move stays played.
 */
static int cancelled(const atomic_int *cancel)
{
	return cancel && atomic_load(cancel);
}

/* Up to three moves of a search's line from pos, spaces between, into
 * out ("" when there is none). */
static void line_text(const ng_pos *pos, const ng_info *info, char *out,
                      size_t size)
{
	ng_pos p = *pos;
	size_t len = 0;
	out[0] = 0;
	for (int k = 0; k < info->pvlen && k < 3; k++) {
		char mv[NG_MOVE_TEXT];
		ng_move_format(&p, info->pv[k], mv);
		if (len + strlen(mv) + 2 > size)
			break;
		len += (size_t)snprintf(out + len, size - len, "%s%s", k ? " " : "", mv);
		ng_undo u;
		ng_make(&p, info->pv[k], &u);
	}
}

/* (line: the opponent's line after m, or "" when the move ends the game) */
static ng_err value_after(ng_search *s, ng_game *g, ng_move m, int depth,
                          const atomic_int *cancel, int *v, char *line,
                          size_t size)
{
	ng_side mover = ng_pos_side(ng_game_pos(g));
	ng_err e = ng_game_play(g, m);
	if (e)
		return e;
	if (line)
		line[0] = 0;
	ng_result r = ng_game_result(g);
	if (r == NG_DRAW) {
		*v = 0;
	} else if (r != NG_NONE) {
		*v = (r == NG_RED_WINS) == (mover == NG_RED) ? NG_MATE : -NG_MATE;
	} else {
		ng_limits lim = { 0, depth, 0 };
		ng_info info;
		if (cancelled(cancel))
			return NG_ERR_BAD_ARG;
		e = ng_search_run(s, g, &lim, NULL, NULL, &info);
		if (e)
			return e;
		*v = -info.score;
		if (line)
			line_text(ng_game_pos(g), &info, line, size);
	}
	return NG_OK;
}

static an_mark judge(int best, int played, int won_at_once)
{
	if (best > NG_MATE_BOUND && played <= NG_MATE_BOUND && !won_at_once)
		return AN_MISSED_WIN;
	if (played < -NG_MATE_BOUND && best >= -NG_MATE_BOUND)
		return AN_ALLOWED;
	if (!an_forced(best) && !an_forced(played) && best - played > AN_MISTAKE_DROP)
		return AN_MISTAKE;
	return AN_NONE;
}

/* The move m of the position g stands at, judged to depth into *a; the
 * move is played in g afterwards. */
static ng_err judge_move(ng_search *s, ng_game *g, ng_move m, int depth,
                         const atomic_int *cancel, an_move *a)
{
	memset(a, 0, sizeof *a);
	ng_limits lim = { 0, depth, 0 };
	ng_info info;
	if (cancelled(cancel))
		return NG_ERR_BAD_ARG;
	ng_err e = ng_search_run(s, g, &lim, NULL, NULL, &info);
	if (e)
		return e;
	ng_move best = info.best;
	ng_pos pos = *ng_game_pos(g);
	ng_move_format(&pos, best, a->best);
	a->bslide = ng_move_slide(&pos, best, &a->bsf, &a->bst);
	a->breloc = ng_move_reloc(&pos, best, &a->brf, &a->brt);
	a->same = ng_move_equal(best, m);
	char answer[sizeof a->line] = "";   /* all of it: analyses are compared whole */
	if (!a->same) {
		e = value_after(s, g, best, depth - 1, cancel, &a->best_score, NULL, 0);
		if (e)
			return e;
		ng_game_undo(g);
	}
	e = value_after(s, g, m, depth - 1, cancel, &a->played_score, answer,
	                sizeof answer);
	if (e)
		return e;
	if (a->same)
		a->best_score = a->played_score;
	ng_result r = ng_game_result(g);
	int won = r == (pos.side == NG_RED ? NG_RED_WINS : NG_BLUE_WINS);
	a->mark = a->same ? AN_NONE : judge(a->best_score, a->played_score, won);
	/* why: the answer that punishes the move (W shows the best move) */
	if (a->mark == AN_MISTAKE || a->mark == AN_ALLOWED)
		memcpy(a->line, answer, sizeof a->line);
	return NG_OK;
}

ng_err an_run(ng_search *s, const ng_pos *start, const ng_move *moves, int n,
              int depth, an_move *out, an_progress_fn progress, void *ctx,
              const atomic_int *cancel)
{
	if (depth < AN_DEPTH_MIN || depth > AN_DEPTH_MAX || n < 0)
		return NG_ERR_BAD_ARG;
	ng_game *g = ng_game_new(ng_pos_rules(start));
	if (!g)
		return NG_ERR_NOMEM;
	ng_game_set(g, start);
	ng_search_set_level(s, NG_LEVEL_MAX);   /* no noise, depth as asked */
	/* The hand-written evaluation, not level 10's net: the marks are
	 * proofs and drops at a fixed depth, AN_MISTAKE_DROP is on its
	 * scale, its trees at depth 6 prove the losses the tests pin, and a
	 * record analysed before the net became level 10's reads the same
	 * (doc/engine.md, Learned evaluation). */
	ng_search_set_eval(s, NG_EVAL_HAND);
	ng_search_set_seed(s, 1);
	ng_search_clear(s);
	ng_err e = NG_OK;
	for (int i = 0; i < n && !e; i++) {
		if (progress && progress(ctx, i, n)) {
			e = NG_ERR_BAD_ARG;
			break;
		}
		e = ng_check_move(ng_game_pos(g), moves[i]);
		if (!e)
			e = judge_move(s, g, moves[i], depth, cancel, &out[i]);
		/* a judgement that a deeper search may undo is made again as
		 * deep as the hint searches before it is shown: a mistake, or
		 * a loss allowed but not at once (the best move may lose too,
		 * later); a win missed is proven */
		if (!e && depth < AN_DEPTH_CONFIRM &&
		    (out[i].mark == AN_MISTAKE ||
		     (out[i].mark == AN_ALLOWED && out[i].played_score > -(NG_MATE - 1)))) {
			ng_game_undo(g);
			e = judge_move(s, g, moves[i], AN_DEPTH_CONFIRM, cancel, &out[i]);
		}
	}
	if (!e && (cancelled(cancel) || (progress && progress(ctx, n, n))))
		e = NG_ERR_BAD_ARG;   /* (a stop may have cut the last search) */
	ng_game_free(g);
	return e;
}

/* ------------------------------------------------------------ summary */

void an_summary(const an_move *a, int n, char *out, size_t size)
{
	int marks[4] = { 0 };
	for (int i = 0; i < n; i++)
		marks[a[i].mark]++;
	/* TRANSLATORS: when the analysis is done: how many moves have each
	   mark */
	snprintf(out, size, _("Analysed: %d W (missed a win), %d L (allowed a "
	                      "forced win), %d ? (mistake)."),
	         marks[AN_MISSED_WIN], marks[AN_ALLOWED], marks[AN_MISTAKE]);
}

/* ------------------------------------------------------------ in a thread */

struct an_job {
	ng_search *s;
	ng_pos start;
	ng_move *moves;
	an_move *out;
	int n, depth;
	pthread_t thread;
	atomic_int done, finished, cancel;
	ng_err err;
	int joined;
};

static int job_progress(void *ctx, int done, int total)
{
	an_job *j = ctx;
	(void)total;
	atomic_store(&j->done, done);
	return atomic_load(&j->cancel);
}

static void *job_run(void *arg)
{
	an_job *j = arg;
	j->err = an_run(j->s, &j->start, j->moves, j->n, j->depth, j->out,
	                job_progress, j, &j->cancel);
	atomic_store(&j->finished, 1);
	return NULL;
}

static void job_release(an_job *j)
{
	ng_search_free(j->s);
	free(j->moves);
	free(j->out);
	free(j);
}

an_job *an_job_start(const ng_pos *start, const ng_move *moves, int n,
                     int depth)
{
	an_job *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	j->s = ng_search_new();
	j->moves = malloc(sizeof *moves * (size_t)(n + 1));
	j->out = calloc((size_t)n + 1, sizeof *j->out);
	if (!j->s || !j->moves || !j->out) {
		job_release(j);
		return NULL;
	}
	if (n)
		memcpy(j->moves, moves, sizeof *moves * (size_t)n);
	j->start = *start;
	j->n = n;
	j->depth = depth;
	/* signals belong to the thread that started us */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int r = pthread_create(&j->thread, NULL, job_run, j);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (r != 0) {
		job_release(j);
		return NULL;
	}
	return j;
}

int an_job_poll(an_job *j, int *done, int *total, ng_err *err)
{
	*done = atomic_load(&j->done);
	*total = j->n;
	if (!j->joined && !atomic_load(&j->finished))
		return 0;
	if (!j->joined) {
		pthread_join(j->thread, NULL);
		j->joined = 1;
	}
	*err = j->err;
	return 1;
}

const an_move *an_job_moves(const an_job *j) { return j->out; }
int an_job_depth(const an_job *j) { return j->depth; }

void an_job_free(an_job *j)
{
	if (!j)
		return;
	if (!j->joined) {
		/* The flag first: a move takes up to three searches, each run
		 * clears the stop request when it ends, and an_run looks at
		 * the flag before each search, so whichever search the stop
		 * ends is the job's last. */
		atomic_store(&j->cancel, 1);
		ng_search_stop(j->s);
		pthread_join(j->thread, NULL);
	}
	job_release(j);
}

/* ---------------------------------------------------------------- helpers */

int an_game_moves(ng_game *g, ng_move **moves)
{
	int ply = ng_game_ply(g), n = ng_game_length(g);
	*moves = NULL;
	if (n == 0)
		return 0;
	ng_move *m = malloc(sizeof *m * (size_t)n);
	if (!m)
		return -1;
	while (ng_game_can_redo(g))
		ng_game_redo(g);
	for (int i = 0; i < n; i++)
		m[i] = ng_game_move_at(g, i);
	while (ng_game_ply(g) > ply)
		ng_game_undo(g);
	*moves = m;
	return n;
}

void an_record_value(const an_move *a, int n, int depth,
                     char out[NG_RECORD_VALUE])
{
	size_t len = (size_t)snprintf(out, NG_RECORD_VALUE, "depth %d", depth);
	for (int i = 0; i < n; i++) {
		if (a[i].mark == AN_NONE)
			continue;
		char item[24];
		int k = snprintf(item, sizeof item, " %d%c", i + 1, an_mark_char(a[i].mark));
		/* room for this one, and for " ..." should a later one not fit */
		int more = 0;
		for (int j = i + 1; j < n; j++)
			more |= a[j].mark != AN_NONE;
		if (len + (size_t)k + (more ? 4 : 0) > NG_RECORD_VALUE - 1) {
			if (len + 4 <= NG_RECORD_VALUE - 1) {
				memcpy(out + len, " ...", 5);
				len += 4;
			}
			break;
		}
		memcpy(out + len, item, (size_t)k + 1);
		len += (size_t)k;
	}
}
