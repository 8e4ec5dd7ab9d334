/*
 * match.c - play two engine configurations against each other through the
 * `nonaga --engine' protocol and report wins, draws and losses with an Elo
 * estimate.
 *
 *   match [-n GAMES] [-j JOBS] [-s SEED] [-p PLIES] [-e ENGINE] A B
 *
 * A and B are configurations: `random' (uniformly random legal moves) or
 * comma-separated settings `level=N,movetime=MS,depth=N,nodes=N,rules=R,
 * threads=N,eval=E,engine=PATH' (engine: another build to compare with;
 * threads: `set threads N', which builds before threads do not know; eval:
 * `set eval E', level, hand or net, which builds before the learned
 * evaluation do not know).
 * Each opening (PLIES random moves from the start, default 2, none of which
 * hands the opponent a win in one) is played twice with colours swapped.  A game ends with a win, a draw by threefold
 * repetition (the engine's own `result'), or a draw after 300 plies.
 * Results are from A's point of view; then how long each side thought per
 * move (the wall-clock time of its genmove answers).
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PLIES 300

typedef struct config {
	int random;
	int level;
	long movetime, depth, nodes;
	int threads;        /* 0: the engine's default */
	char rules[16];
	char engine[256];   /* program for this side (default: -e) */
	char eval[16];      /* `set eval' (level, hand, net), or "": not sent */
} config;

typedef struct engine {
	pid_t pid;
	FILE *in, *out;
} engine;

static const char *engine_path = "build/nonaga";

/* How long each configuration thought, [0] for A and [1] for B: the
 * wall-clock time of its genmove commands, engine start-up excluded. */
typedef struct think_stats {
	double total_ms[2], max_ms[2];
	long moves[2];
} think_stats;

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("match: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static uint64_t rnd(uint64_t *s)
{
	uint64_t x = *s ? *s : 88172645463325252ull;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

static void parse_config(const char *text, config *c)
{
	memset(c, 0, sizeof *c);
	c->level = 5;
	strcpy(c->rules, "standard");
	if (!strcmp(text, "random")) {
		c->random = 1;
		return;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			die("bad setting '%s' (want key=value)", tok);
		*eq++ = 0;
		if (!strcmp(tok, "level"))
			c->level = atoi(eq);
		else if (!strcmp(tok, "movetime"))
			c->movetime = atol(eq);
		else if (!strcmp(tok, "depth"))
			c->depth = atol(eq);
		else if (!strcmp(tok, "nodes"))
			c->nodes = atol(eq);
		else if (!strcmp(tok, "threads"))
			c->threads = atoi(eq);
		else if (!strcmp(tok, "rules"))
			snprintf(c->rules, sizeof c->rules, "%s", eq);
		else if (!strcmp(tok, "eval"))
			snprintf(c->eval, sizeof c->eval, "%s", eq);
		else if (!strcmp(tok, "engine"))
			snprintf(c->engine, sizeof c->engine, "%s", eq);
		else
			die("unknown setting '%s'", tok);
	}
}

static void start(engine *e, const config *c)
{
	const char *path = c->engine[0] ? c->engine : engine_path;
	int to[2], from[2];
	if (pipe(to) || pipe(from))
		die("pipe: %s", strerror(errno));
	e->pid = fork();
	if (e->pid < 0)
		die("fork: %s", strerror(errno));
	if (e->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]); close(to[1]); close(from[0]); close(from[1]);
		execl(path, path, "--engine", (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	e->in = fdopen(to[1], "w");
	e->out = fdopen(from[0], "r");
}

/* Send a command; return the answer's text (all lines, '\n'-joined) in buf.
 * Dies on a refused command: the runner only sends legal ones. */
static char *ask(engine *e, char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(e->in, fmt, ap);
	va_end(ap);
	fputc('\n', e->in);
	fflush(e->in);
	size_t len = 0;
	char line[8192];
	int first = 1, ok = 0;
	buf[0] = 0;
	while (fgets(line, sizeof line, e->out)) {
		if (!strcmp(line, "\n"))
			break;
		char *t = line;
		if (first) {
			ok = line[0] == '=';
			t = line + 1;
			if (*t == ' ')
				t++;
			first = 0;
		}
		size_t n = strlen(t);
		if (len + n + 1 < size) {
			memcpy(buf + len, t, n + 1);
			len += n;
		}
	}
	if (first)
		die("engine closed its output");
	if (!ok) {
		va_start(ap, fmt);
		fprintf(stderr, "match: refused: ");
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		die(" -> %s", buf);
	}
	if (len && buf[len - 1] == '\n')
		buf[len - 1] = 0;
	return buf;
}

static void random_move(engine *e, uint64_t *rng, char *out, size_t size)
{
	static char buf[1 << 20];
	ask(e, buf, sizeof buf, "legal_moves");
	int n = 1;
	for (char *p = buf; *p; p++)
		n += *p == '\n';
	int k = (int)(rnd(rng) % (uint64_t)n);
	char *p = buf;
	while (k--)
		p = strchr(p, '\n') + 1;
	char *nl = strchr(p, '\n');
	size_t len = nl ? (size_t)(nl - p) : strlen(p);
	if (len >= size)
		len = size - 1;
	memcpy(out, p, len);
	out[len] = 0;
}

/* Is the opening already decided: does the side to move have a forced
 * win, or a forced loss, within three turns (a depth-3 search)?  Such
 * openings are skipped: they test the colour, not the players. */
static int opening_decided(engine *e)
{
	char buf[4096];
	int score = 0;
	ask(e, buf, sizeof buf, "set level 10");
	char *p = strstr(ask(e, buf, sizeof buf, "analyze depth 3"), "score ");
	if (p)
		score = atoi(p + 6);
	return score > 29000 || score < -29000;   /* NG_MATE_BOUND (nonaga.h) */
}

/* One game; returns 1 if A won, 0 for a draw, -1 if A lost, 2 if the
 * opening was decided and the game not played.  Only the first game of
 * a pair (A red) asks, and always A's engine: two engines may disagree,
 * and a pair must be played in full or not at all. */
static int play_game(engine *ea, engine *eb, const config *ca,
                     const config *cb, int opening, int a_is_red,
                     uint64_t seed, int plies, int verbose, think_stats *ts)
{
	char buf[4096], mv[256];
	engine *e[2] = { a_is_red ? ea : eb, a_is_red ? eb : ea };
	const config *c[2] = { a_is_red ? ca : cb, a_is_red ? cb : ca };
	for (int i = 0; i < 2; i++)
		ask(e[i], buf, sizeof buf, "rules %s", ca->rules);
	uint64_t orng = seed * 7919u + (uint64_t)opening + 1;
	for (int p = 0; p < plies; p++) {
		/* An opening move must not hand over a win in one: the reply
		 * list would then hold a winning slide, written without '/'. */
		static char replies[1 << 20];
		for (int tries = 0; tries < 50; tries++) {
			random_move(e[0], &orng, mv, sizeof mv);
			ask(e[0], buf, sizeof buf, "play %s", mv);
			ask(e[0], replies, sizeof replies, "legal_moves");
			ask(e[0], buf, sizeof buf, "undo");
			int gives_win = 0;
			for (char *line = replies; line && *line; line = strchr(line, '\n')) {
				if (*line == '\n')
					line++;
				char *nl = strchr(line, '\n');
				char *slash = strchr(line, '/');
				if (!slash || (nl && slash > nl))
					gives_win = 1;
			}
			if (!gives_win)
				break;
		}
		if (verbose)
			fprintf(stderr, "  opening %s\n", mv);
		ask(e[0], buf, sizeof buf, "play %s", mv);
		ask(e[1], buf, sizeof buf, "play %s", mv);
		if (strcmp(ask(e[0], buf, sizeof buf, "result"), "none"))
			break;
	}
	if (a_is_red && opening_decided(ea))
		return 2;
	for (int i = 0; i < 2; i++) {
		if (c[i]->random)
			continue;
		ask(e[i], buf, sizeof buf, "set level %d", c[i]->level);
		if (c[i]->threads)
			ask(e[i], buf, sizeof buf, "set threads %d", c[i]->threads);
		if (c[i]->eval[0])
			ask(e[i], buf, sizeof buf, "set eval %s", c[i]->eval);
		ask(e[i], buf, sizeof buf, "set seed %llu",
		    (unsigned long long)(seed * 1000003u + (uint64_t)opening * 2 + (uint64_t)i));
	}
	uint64_t rrng = seed * 31337u + (uint64_t)opening * 2 + (uint64_t)a_is_red;
	for (int ply = 0; ply < MAX_PLIES; ply++) {
		if (strcmp(ask(e[0], buf, sizeof buf, "result"), "none"))
			break;
		int side = strstr(ask(e[0], buf, sizeof buf, "position"), "/b/") != NULL;
		const config *cc = c[side];
		if (cc->random) {
			random_move(e[side], &rrng, mv, sizeof mv);
			ask(e[side], buf, sizeof buf, "play %s", mv);
		} else {
			char args[128] = "";
			int n = 0;
			if (cc->movetime)
				n += snprintf(args + n, sizeof args - (size_t)n, " movetime %ld", cc->movetime);
			if (cc->depth)
				n += snprintf(args + n, sizeof args - (size_t)n, " depth %ld", cc->depth);
			if (cc->nodes)
				snprintf(args + n, sizeof args - (size_t)n, " nodes %ld", cc->nodes);
			double t0 = now_ms();
			snprintf(mv, sizeof mv, "%s", ask(e[side], buf, sizeof buf, "genmove%s", args));
			double dt = now_ms() - t0;
			int who = cc != ca;
			ts->total_ms[who] += dt;
			ts->moves[who]++;
			if (dt > ts->max_ms[who])
				ts->max_ms[who] = dt;
		}
		ask(e[side ^ 1], buf, sizeof buf, "play %s", mv);
		if (verbose)
			fprintf(stderr, "  %s %s\n", side ? "blue" : "red ", mv);
	}
	ask(e[0], buf, sizeof buf, "result");
	int r = !strcmp(buf, "red") ? 1 : !strcmp(buf, "blue") ? -1 : 0;
	return a_is_red ? r : -r;
}

static void elo_report(int w, int d, int l)
{
	int n = w + d + l;
	if (!n)
		return;
	double p = (w + 0.5 * d) / n;
	double var = (w * pow(1 - p, 2) + d * pow(0.5 - p, 2) + l * pow(p, 2)) / n;
	double se = sqrt(var / n);
	double lo = p - 1.96 * se, hi = p + 1.96 * se;
	if (w == n || l == n) {
		/* all one way: the one-sided 95 % bound, 0.05^(1/n) */
		double b = pow(0.05, 1.0 / n);
		lo = w == n ? b : 0;
		hi = w == n ? 1 : 1 - b;
	}
#define ELO(x) ((x) <= 0 ? -INFINITY : (x) >= 1 ? INFINITY : -400 * log10(1 / (x) - 1))
	printf("games %d: +%d =%d -%d  score %.1f%%  elo %+.0f  (95%%: %+.0f .. %+.0f)\n",
	       n, w, d, l, 100 * p, ELO(p), ELO(lo), ELO(hi));
}

int main(int argc, char **argv)
{
	int games = 20, jobs = 2, plies = 2, verbose = 0, c;
	uint64_t seed = 1;
	while ((c = getopt(argc, argv, "n:j:s:p:e:v")) != -1) {
		switch (c) {
		case 'n': games = atoi(optarg); break;
		case 'j': jobs = atoi(optarg); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		case 'p': plies = atoi(optarg); break;
		case 'e': engine_path = optarg; break;
		case 'v': verbose = 1; break;
		default:
			fprintf(stderr, "usage: match [-n GAMES] [-j JOBS] [-s SEED] [-p PLIES] [-e ENGINE] [-v] A B\n");
			return 2;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: match [-n GAMES] [-j JOBS] [-s SEED] [-p PLIES] [-e ENGINE] [-v] A B\n");
		return 2;
	}
	if (games < 2)
		games = 2;
	games += games % 2;
	if (jobs < 1)
		jobs = 1;
	config ca, cb;
	parse_config(argv[optind], &ca);
	parse_config(argv[optind + 1], &cb);
	signal(SIGPIPE, SIG_IGN);

	/* Workers take games g = job, job + jobs, ...; each reports one byte
	 * per game: 'W', 'D' or 'L' for A ('S' for a skipped opening), and at
	 * the end 'T' and its think_stats in one write (atomic: < PIPE_BUF). */
	int fds[2];
	if (pipe(fds))
		die("pipe: %s", strerror(errno));
	for (int j = 0; j < jobs; j++) {
		pid_t pid = fork();
		if (pid < 0)
			die("fork: %s", strerror(errno));
		if (pid == 0) {
			close(fds[0]);
			engine ea, eb;
			think_stats ts = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
			start(&ea, &ca);
			start(&eb, &cb);
			/* openings j, j + jobs, ...; each played twice unless it
			 * is decided, until this worker's share is played */
			int share = games / 2 / jobs + (j < games / 2 % jobs);
			for (int o = j, played = 0; played < share; o += jobs) {
				int decided = 0;
				for (int swap = 0; swap < 2 && !decided; swap++) {
					int r = play_game(&ea, &eb, &ca, &cb, o, swap == 0,
					                  seed, plies, verbose, &ts);
					char ch = r == 2 ? 'S' : r > 0 ? 'W' : r < 0 ? 'L' : 'D';
					if (write(fds[1], &ch, 1) != 1)
						_exit(1);
					decided = r == 2;
				}
				played += !decided;
			}
			char rec[1 + sizeof ts];
			rec[0] = 'T';
			memcpy(rec + 1, &ts, sizeof ts);
			if (write(fds[1], rec, sizeof rec) != (ssize_t)sizeof rec)
				_exit(1);
			_exit(0);
		}
	}
	close(fds[1]);
	int w = 0, d = 0, l = 0, skipped = 0;
	think_stats all = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
	char ch;
	while (read(fds[0], &ch, 1) == 1) {
		if (ch == 'T') {
			think_stats ts;
			size_t got = 0;
			while (got < sizeof ts) {
				ssize_t r = read(fds[0], (char *)&ts + got, sizeof ts - got);
				if (r <= 0)
					die("a worker's report was cut short");
				got += (size_t)r;
			}
			for (int i = 0; i < 2; i++) {
				all.total_ms[i] += ts.total_ms[i];
				all.moves[i] += ts.moves[i];
				if (ts.max_ms[i] > all.max_ms[i])
					all.max_ms[i] = ts.max_ms[i];
			}
			continue;
		}
		w += ch == 'W';
		d += ch == 'D';
		l += ch == 'L';
		skipped += ch == 'S';
		fputc(ch, stderr);
		fflush(stderr);
	}
	fputc('\n', stderr);
	int status, failed = 0;
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	printf("%s vs %s\n", argv[optind], argv[optind + 1]);
	if (skipped)
		printf("(%d openings skipped: decided within three turns)\n", skipped);
	elo_report(w, d, l);
	for (int i = 0; i < 2; i++)
		if (all.moves[i])
			printf("%s thought %.0f ms a move on average, %.0f ms at most (%ld moves)\n",
			       i ? "B" : "A", all.total_ms[i] / (double)all.moves[i],
			       all.max_ms[i], all.moves[i]);
	return failed || w + d + l != games;
}
