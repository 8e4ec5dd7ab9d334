/*
 * server_computer.c - the computer players (`--computers LEVELS'):
 * computer-N sits in a game like a client whose lines go to a function
 * (conn's told) and who speaks the protocol through cmd_dispatch (move,
 * draw, resign), so the games, the journal and the ratings treat it as
 * any player.  Its searches run in worker threads (--computer-jobs at
 * once, the rest waiting in line, the opponent told `queued N'); a
 * finished search comes back to the loop through a pipe, and is played
 * only if the game is still where it was (not over, not taken back).
 * The loop never waits on a search.
 *
 * Decision: the line never makes a computer lose on time.  Each move has
 * a budget from its clock (budget()) and is due that long after it was
 * asked for; the time it waits in line is its clock's, so:
 *  - the line is ordered by when the moves are due, the soonest first
 *    (a computer short of time goes before one with minutes left; ties
 *    in the order asked);
 *  - a search has its budget less the time it waited (at least
 *    MIN_SEARCH_MS);
 *  - while searches wait, a running one is cut short (it plays the best
 *    move it has found) once it has had its share of the threads, its
 *    budget times K (the threads) over the searches waiting or running
 *    now, itself included (check_due, again whenever one comes or ends),
 *    or when the first in line is due before it: so with a long line
 *    every search is shorter, a deep level's as shallow as the time
 *    allows, and none makes a more pressed one wait past its due.
 * A move thus takes about its budget of its clock, however long the line
 * (nonaga(6), --computer-jobs).  The other order, first come first served,
 * made a computer with seconds left wait behind others' searches of
 * several seconds each and lose on time.
 *
 * Decision: the levels below the top stop at their depth, in milliseconds
 * (level 9 in under a second), so they do not wait behind the top level's
 * seconds: in line they come before every search of the top level not
 * yet overdue (in the order asked), and when all threads run and one of
 * them waits, a top-level search that has run PAUSE_AFTER_MS since it
 * (re)started is paused: stopped and put back in line, due as before,
 * to search again once the quick ones are done, from its thread's table
 * (what it found is mostly still there, so it gets back to its depth
 * soon).  Its share of the threads counts the time it ran before, so a
 * pause does not lengthen it; PAUSE_AFTER_MS is long enough that the
 * search spends its time deepening rather than getting back to where it
 * was.  Without this a level-1 move waited seconds on a small server
 * (one thread on two cores) whenever anyone played level 10.
 */
#include "server.h"
#include <event2/event.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BUDGET_MAX_MS 60000   /* a move's time at most (days games too) */
#define UNTIMED_MS 5000       /* a move's time without a clock */
#define DRAW_CP 60            /* a draw is accepted within this of even
                               * (not at level 1, whose search scores nothing) */
#define RESIGN_SEARCHES 2     /* lost for sure in so many searches running */
#define HASH_MB 16            /* each worker's table */
#define MIN_SEARCH_MS 10      /* a search's time at least, however late */
#define PAUSE_AFTER_MS 500    /* a top-level search runs so long at least
                               * before a quick one pauses it */

typedef struct robot robot;

typedef struct job {
	unsigned long rid;      /* the robot's conn id */
	unsigned long gen;      /* its position's generation when asked */
	int level;
	ng_game *g;             /* a copy */
	int64_t budget_ms;      /* its time from the clock (budget()) */
	int64_t asked_ms;       /* monotonic, when put in line */
	int64_t due_ms;         /* asked_ms + budget_ms */
	int64_t key_ms;         /* the line's order: due_ms, or asked_ms for
	                         * a quick level's (quick()) */
	int64_t first_ms;       /* when its search first started */
	int64_t start_ms;       /* when its search (re)started */
	int64_t ran_ms;         /* how long it ran before it was last paused */
	int64_t end_ms;         /* when it ended */
	int stale;              /* no longer wanted: not searched (under mu) */
	int cut;                /* running, stopped for a move due sooner */
	int paused;             /* running, stopped to wait in line again */
	ng_err err;
	ng_info info;
	struct job *next;
} job;

struct robot {
	conn c;                 /* first: a conn * is a robot * */
	int level;
	unsigned long gen;      /* changes when its position is not a search's */
	job *job;               /* the search it waits for, or NULL */
	int score, scored;      /* the last search's score, for itself */
	int lost;               /* searches in a row that saw a forced loss */
	struct event *look;
	robot *next;
};

typedef struct worker {
	struct computers *cs;
	pthread_t t;
	ng_search *search;
	job *job;               /* running, or NULL */
} worker;

struct computers {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	job *head;              /* waiting in line, the soonest due first */
	job *done;              /* found, for the loop */
	int waiting, quit;
	worker *w;
	int nw;                 /* started (0 until the first search) */
	int pipe[2];
	struct event *wake;
	struct event *due;      /* when the first in line is due */
	robot *robots;
	struct {                /* each level's searches (logged at the end) */
		long n;
		int64_t wait_ms, search_ms;   /* the longest */
	} seen[NG_LEVEL_MAX + 1];
};

static int64_t mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------ workers */

/* A level that stops at its depth, in well under a second. */
static int quick(int level)
{
	return level < NG_LEVEL_MAX;
}

/* Put j in line by its key, after those of the same key; how many are
 * before it (under mu). */
static int line_put(struct computers *cs, job *j)
{
	int ahead = 0;
	job **p = &cs->head;
	for (; *p && (*p)->key_ms <= j->key_ms; p = &(*p)->next)
		ahead++;
	j->next = *p;
	*p = j;
	cs->waiting++;
	return ahead;
}

/* The searches running (under mu). */
static int running(const struct computers *cs)
{
	int busy = 0;
	for (int i = 0; i < cs->nw; i++)
		busy += cs->w[i].job != NULL;
	return busy;
}

/* A budget's share of the threads among n searches waiting or running. */
static int64_t share(const struct computers *cs, int64_t budget, int n)
{
	return budget * cs->nw / (n > cs->nw ? n : cs->nw);
}

/* The time of j's search, starting now: its budget less its wait (the
 * loop cuts it at its share: check_due). */
static int64_t search_ms(const job *j)
{
	int64_t t = j->due_ms - mono_ms();
	return t < MIN_SEARCH_MS ? MIN_SEARCH_MS : t;
}

static void *work(void *arg)
{
	worker *wk = arg;
	struct computers *cs = wk->cs;
	pthread_mutex_lock(&cs->mu);
	for (;;) {
		while (!cs->quit && !cs->head)
			pthread_cond_wait(&cs->cv, &cs->mu);
		if (cs->quit)
			break;
		job *j = cs->head;
		cs->head = j->next;
		cs->waiting--;
		wk->job = j;
		j->start_ms = mono_ms();
		if (!j->first_ms)
			j->first_ms = j->start_ms;
		int stale = j->stale;
		ng_limits lim = { search_ms(j), 0, 0 };
		pthread_mutex_unlock(&cs->mu);
		ng_search_set_level(wk->search, j->level);
		j->err = stale ? NG_ERR_GAME_OVER
		         : ng_search_run(wk->search, j->g, &lim, NULL, NULL, &j->info);
		pthread_mutex_lock(&cs->mu);
		j->end_ms = mono_ms();
		wk->job = NULL;
		ng_search_clear_stop(wk->search);
		if (j->paused && !j->stale) {   /* back in line, behind the quick ones */
			j->paused = 0;
			j->ran_ms += j->end_ms - j->start_ms;
			line_put(cs, j);
			continue;
		}
		j->next = cs->done;
		cs->done = j;
		ssize_t r = write(cs->pipe[1], "x", 1);   /* (full: a wake-up is pending) */
		(void)r;
	}
	pthread_mutex_unlock(&cs->mu);
	return NULL;
}

static int start_workers(server *s)
{
	struct computers *cs = s->computers;
	int k = s->opt.computer_jobs;
	if (k <= 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		k = cores > 1 ? (int)cores - 1 : 1;
	}
	cs->w = calloc((size_t)k, sizeof *cs->w);
	if (!cs->w)
		return -1;
	for (int i = 0; i < k; i++) {
		worker *wk = &cs->w[i];
		wk->cs = cs;
		wk->search = ng_search_new();
		if (!wk->search)
			break;
		ng_search_set_hash(wk->search, HASH_MB);
		if (pthread_create(&wk->t, NULL, work, wk) != 0) {
			ng_search_free(wk->search);
			break;
		}
		cs->nw++;
	}
	if (cs->nw)
		server_log("%d computer search thread%s started", cs->nw, cs->nw == 1 ? "" : "s");
	return cs->nw ? 0 : -1;
}

static void job_free(job *j)
{
	ng_game_free(j->g);
	free(j);
}

/* A robot's search no longer wanted: not run if it waits in line,
 * stopped if it runs (it comes back and is thrown away). */
static void job_stop(struct computers *cs, job *j)
{
	pthread_mutex_lock(&cs->mu);
	j->stale = 1;
	for (int i = 0; i < cs->nw; i++)
		if (cs->w[i].job == j)
			ng_search_stop(cs->w[i].search);
	pthread_mutex_unlock(&cs->mu);
}

/* When a running search is to end now that others wait: at its share of
 * the threads among the searches waiting or running now (more may have
 * come since it started), and at the due time of the first in line if
 * that is sooner than its own (under mu). */
static int64_t share_end(const struct computers *cs, const job *r, const job *h, int n)
{
	int64_t began = r->start_ms - r->ran_ms;   /* (its time before a pause counts) */
	int64_t end = began + share(cs, r->budget_ms, n);
	if (end < r->start_ms + MIN_SEARCH_MS)
		end = r->start_ms + MIN_SEARCH_MS;
	if (r->due_ms > h->due_ms && h->due_ms < end)
		end = h->due_ms;
	return end;
}

/* When a running search r is to be paused for the first in line, h: a
 * top-level search not yet overdue, for a quick level's, once it has run
 * PAUSE_AFTER_MS; -1: never. */
static int64_t pause_at(const job *r, const job *h)
{
	if (!quick(h->level) || quick(r->level) || r->due_ms <= h->key_ms)
		return -1;
	return r->start_ms + PAUSE_AFTER_MS;
}

/* While searches wait and every thread runs one, the running search past
 * its share_end (the one due last, if several) is cut short: it plays the
 * best move it has found.  One at a time: a search cut (or no longer
 * wanted) comes back soon, and the loop looks again (on_wake); else the
 * timer waits for the next share_end. */
static void check_due(struct computers *cs)
{
	int64_t wait = -1;
	pthread_mutex_lock(&cs->mu);
	job *h = cs->head;
	while (h && h->stale)
		h = h->next;
	int64_t now = mono_ms();
	int busy = running(cs), n = cs->waiting + busy, back_soon = 0;
	for (int i = 0; i < cs->nw; i++)
		back_soon |= cs->w[i].job && (cs->w[i].job->cut || cs->w[i].job->stale ||
		                              cs->w[i].job->paused);
	worker *late = NULL, *pause = NULL;
	for (int i = 0; h && busy == cs->nw && !back_soon && i < cs->nw; i++) {
		job *r = cs->w[i].job;
		int64_t end = share_end(cs, r, h, n), at = pause_at(r, h);
		if (end <= now) {   /* (its share had: cut, not paused) */
			if (!late || r->due_ms > late->job->due_ms)
				late = &cs->w[i];
			continue;
		}
		if (at >= 0 && at <= now && !pause)
			pause = &cs->w[i];
		end = at > now && at < end ? at : end;
		wait = wait < 0 || end - now < wait ? end - now : wait;
	}
	if (late) {
		late->job->cut = 1;
		ng_search_stop(late->search);
	} else if (pause) {
		pause->job->paused = 1;
		ng_search_stop(pause->search);
	} else if (h && busy < cs->nw) {
		wait = MIN_SEARCH_MS;   /* (a free thread is taking it: look again) */
	}
	pthread_mutex_unlock(&cs->mu);
	if (wait >= 0) {
		struct timeval tv = { (time_t)(wait / 1000), (suseconds_t)(wait % 1000 * 1000) };
		evtimer_add(cs->due, &tv);
	}
}

static void on_due(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	check_due(arg);
}

/* ------------------------------------------------------------- robots */

static robot *robot_find(struct computers *cs, unsigned long id)
{
	for (robot *r = cs->robots; r; r = r->next)
		if (r->c.id == id)
			return r;
	return NULL;
}

static void robot_free(robot *r)
{
	struct computers *cs = r->c.srv->computers;
	for (robot **p = &cs->robots; *p; p = &(*p)->next)
		if (*p == r) {
			*p = r->next;
			break;
		}
	if (r->job)
		job_stop(cs, r->job);   /* (its id is found no more) */
	if (r->c.game)
		game_leave(&r->c);
	event_free(r->look);
	free(r);
}

/* It looks again: at once (in this turn of the loop, before anything
 * else comes in, so that it answers a draw offered before the next move
 * is read) or in ms. */
static void look_soon(robot *r, int ms)
{
	struct timeval tv = { ms / 1000, ms % 1000 * 1000 };
	if (ms)
		event_add(r->look, &tv);
	else
		event_active(r->look, EV_TIMEOUT, 0);
}

static void say(robot *r, const char *fmt, const char *arg)
{
	char line[NET_LINE_MAX + 1];
	snprintf(line, sizeof line, fmt, arg);
	cmd_dispatch(&r->c, line);
}

/* What the game tells computer-N: every line makes it look again, soon;
 * a take-back or the end makes its search stale. */
static void told(conn *c, const char *line)
{
	robot *r = (robot *)c;
	if (!strncmp(line, "undone ", 7) || !strncmp(line, "over ", 5)) {
		r->gen++;
		if (r->job)
			job_stop(c->srv->computers, r->job);
	}
	look_soon(r, !strncmp(line, "error ", 6) ? 1000 : 0);   /* (a refusal: later) */
}

/* The time for the move to come: remaining/25 + the increment, at most a
 * third of what remains and BUDGET_MAX_MS; days games BUDGET_MAX_MS (a
 * move within a minute); games without a clock UNTIMED_MS, the top
 * level's own time (the levels below stop at their depth sooner): an
 * explicit limit replaces a level's own, and a player without a clock
 * should not wait a minute a move. */
static int64_t budget(const sgame *g, int side)
{
	if (g->clock_days)
		return BUDGET_MAX_MS;
	if (!g->clock_min)
		return UNTIMED_MS;
	int64_t left = game_left(g, side);
	int64_t b = left / 25 + (int64_t)g->clock_inc * 1000;
	if (b > left / 3)
		b = left / 3;
	return b > BUDGET_MAX_MS ? BUDGET_MAX_MS : b < 10 ? 10 : b;
}

static void ask(robot *r, sgame *g)
{
	struct computers *cs = r->c.srv->computers;
	if (!cs->nw && start_workers(r->c.srv) < 0) {
		server_log("computer-%d: no search thread could start; tried again later", r->level);
		look_soon(r, 5000);
		return;
	}
	job *j = calloc(1, sizeof *j);
	if (j)
		j->g = ng_game_copy(g->g);
	if (!j || !j->g) {
		free(j);
		look_soon(r, 1000);
		return;
	}
	j->rid = r->c.id;
	j->gen = r->gen;
	j->level = r->level;
	j->budget_ms = budget(g, r->c.role);
	j->asked_ms = mono_ms();
	j->due_ms = j->asked_ms + j->budget_ms;
	j->key_ms = quick(j->level) ? j->asked_ms : j->due_ms;
	r->job = j;
	pthread_mutex_lock(&cs->mu);
	/* the searches before it once it waits */
	int ahead = running(cs) - cs->nw + 1 + line_put(cs, j);
	pthread_cond_signal(&cs->cv);
	pthread_mutex_unlock(&cs->mu);
	check_due(cs);
	if (ahead > 0)   /* the opponent knows why the computer is slow */
		game_broadcast(g, &r->c, "queued %d %s", ahead, r->c.name);
}

/* computer-N looks at its game: it leaves a game over, accepts a draw
 * offered near even, and asks for a search when it is to move. */
static void look(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	robot *r = arg;
	sgame *g = r->c.game;
	if (!g || g->how[0]) {
		robot_free(r);
		return;
	}
	int side = r->c.role;
	if (g->offer == !side && r->scored && abs(r->score) <= DRAW_CP && r->level > 1) {
		say(r, "%s", "draw");
		return;
	}
	if ((int)ng_pos_side(ng_game_pos(g->g)) != side || !g->seat[!side].name[0] || r->job)
		return;   /* (a stale search comes back, and it looks again) */
	ask(r, g);
}

/* A search found: played if its robot is still where it asked. */
static void found(server *s, job *j)
{
	robot *r = robot_find(s->computers, j->rid);
	if (!r)
		return;
	r->job = NULL;
	sgame *g = r->c.game;
	if (j->gen != r->gen || !g || g->how[0] ||
	    ng_game_ply(g->g) != ng_game_ply(j->g) ||
	    (int)ng_pos_side(ng_game_pos(g->g)) != r->c.role) {
		look_soon(r, 0);
		return;
	}
	if (j->err != NG_OK) {
		server_log("computer-%d in %s: the search failed: %s", r->level, g->name,
		           ng_strerror(j->err));
		look_soon(r, 1000);
		return;
	}
	r->score = j->info.score;
	r->scored = 1;
	r->lost = j->info.score < -NG_MATE_BOUND ? r->lost + 1 : 0;
	if (r->lost >= RESIGN_SEARCHES) {
		say(r, "%s", "resign");
		return;
	}
	char mv[NG_MOVE_TEXT];
	ng_move_format(ng_game_pos(g->g), j->info.best, mv);
	say(r, "move %s", mv);
}

static void on_wake(evutil_socket_t fd, short what, void *arg)
{
	(void)what;
	server *s = arg;
	struct computers *cs = s->computers;
	char buf[64];
	while (read(fd, buf, sizeof buf) > 0)
		;
	pthread_mutex_lock(&cs->mu);
	job *done = cs->done;
	cs->done = NULL;
	pthread_mutex_unlock(&cs->mu);
	while (done) {
		job *j = done;
		done = j->next;
		if (!j->stale && j->err == NG_OK) {
			cs->seen[j->level].n++;
			if (j->first_ms - j->asked_ms > cs->seen[j->level].wait_ms)
				cs->seen[j->level].wait_ms = j->first_ms - j->asked_ms;
			if (j->end_ms - j->first_ms > cs->seen[j->level].search_ms)
				cs->seen[j->level].search_ms = j->end_ms - j->first_ms;
		}
		found(s, j);
		job_free(j);
	}
	check_due(cs);
}

int computer_sit(sgame *g, int side, int level)
{
	server *s = g->srv;
	robot *r = calloc(1, sizeof *r);
	if (!r || !(r->look = event_new(s->base, -1, 0, look, r))) {
		free(r);
		return -1;
	}
	r->level = level;
	r->c.srv = s;
	r->c.id = ++s->next_id;
	r->c.authed = 1;
	r->c.role = -1;
	r->c.told = told;
	snprintf(r->c.name, sizeof r->c.name, "computer-%d", level);
	r->next = s->computers->robots;
	s->computers->robots = r;
	if (game_sit(g, &r->c, side) < 0) {
		robot_free(r);
		return -1;
	}
	look_soon(r, 0);
	return 0;
}

/* ------------------------------------------------------------- server */

int computers_init(server *s, char *msg, size_t size)
{
	struct computers *cs = calloc(1, sizeof *cs);
	if (!cs) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	cs->pipe[0] = cs->pipe[1] = -1;
	if (pipe(cs->pipe) < 0 || fcntl(cs->pipe[0], F_SETFL, O_NONBLOCK) < 0 ||
	    fcntl(cs->pipe[1], F_SETFL, O_NONBLOCK) < 0 ||
	    !(cs->wake = event_new(s->base, cs->pipe[0], EV_READ | EV_PERSIST, on_wake, s)) ||
	    event_add(cs->wake, NULL) < 0 || !(cs->due = evtimer_new(s->base, on_due, cs))) {
		snprintf(msg, size, "cannot make the computer players' pipe: %s", strerror(errno));
		if (cs->pipe[0] >= 0)
			close(cs->pipe[0]), close(cs->pipe[1]);
		if (cs->wake)
			event_free(cs->wake);
		free(cs);
		return -1;
	}
	pthread_mutex_init(&cs->mu, NULL);
	pthread_cond_init(&cs->cv, NULL);
	s->computers = cs;
	return 0;
}

void computers_resume(server *s)
{
	for (sgame *g = s->games; g; g = g->next)
		for (int side = 0; side < 2 && !g->how[0]; side++) {
			int level = names_computer(g->seat[side].name);
			if (level && !g->seat[side].c && computer_sit(g, side, level) < 0)
				server_log("out of memory for computer-%d in %s", level, g->name);
		}
}

void computers_free(server *s)
{
	struct computers *cs = s->computers;
	if (!cs)
		return;
	while (cs->robots)
		robot_free(cs->robots);
	for (int level = NG_LEVEL_MIN; level <= NG_LEVEL_MAX; level++)
		if (cs->seen[level].n)
			server_log("computer-%d: %ld searches, the longest wait in line %lld ms, the "
			           "longest search %lld ms", level, cs->seen[level].n,
			           (long long)cs->seen[level].wait_ms, (long long)cs->seen[level].search_ms);
	pthread_mutex_lock(&cs->mu);
	cs->quit = 1;
	for (int i = 0; i < cs->nw; i++)
		ng_search_stop(cs->w[i].search);
	pthread_cond_broadcast(&cs->cv);
	pthread_mutex_unlock(&cs->mu);
	for (int i = 0; i < cs->nw; i++) {
		pthread_join(cs->w[i].t, NULL);
		ng_search_free(cs->w[i].search);
	}
	free(cs->w);
	for (job *lists[2] = { cs->head, cs->done }, **l = lists; l < lists + 2; l++)
		while (*l) {
			job *j = *l;
			*l = j->next;
			job_free(j);
		}
	event_free(cs->wake);
	event_free(cs->due);
	close(cs->pipe[0]);
	close(cs->pipe[1]);
	pthread_mutex_destroy(&cs->mu);
	pthread_cond_destroy(&cs->cv);
	free(cs);
	s->computers = NULL;
}

int computer_nearest(server *s, double r)
{
	int best = 0;
	double dist = 0;
	for (int level = NG_LEVEL_MIN; level <= NG_LEVEL_MAX; level++) {
		if (!(s->opt.computers & 1u << level))
			continue;
		char name[32];
		snprintf(name, sizeof name, "computer-%d", level);
		double d = seek_rating(s, name) - r;
		d = d < 0 ? -d : d;
		if (!best || d < dist)
			best = level, dist = d;
	}
	return best;
}

int computers_line(server *s, int level, char *out, size_t size)
{
	if (level < NG_LEVEL_MIN || level > NG_LEVEL_MAX || !(s->opt.computers & 1u << level))
		return 0;
	const robot *in = NULL;
	for (const robot *r = s->computers ? s->computers->robots : NULL; r && !in; r = r->next)
		if (r->level == level && r->c.game && !r->c.game->unlisted)
			in = r;
	snprintf(out, size, "user computer-%d %s %s kind=computer", level,
	         in ? in->c.game->name : "-", in ? side_word(in->c.role) : "-");
	return 1;
}

int computers_who(conn *c)
{
	char line[NET_LINE_MAX + 1];
	int n = 0;
	for (int level = NG_LEVEL_MIN; level <= NG_LEVEL_MAX; level++)
		if (computers_line(c->srv, level, line, sizeof line)) {
			conn_send(c, "%s", line);
			n++;
		}
	return n;
}
