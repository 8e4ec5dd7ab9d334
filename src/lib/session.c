/*
 * session.c - the `nonaga --engine' protocol: GTP version 2 framing over
 * lines, as a pure function from an input line to an answer text.
 *
 *   command:  [id] name args...
 *   answer:   =[id] result      or      ?[id] message
 *             (results may span lines), then an empty line.
 *
 * Empty lines and lines starting with '#' are ignored.  A refused command
 * changes nothing.
 */
#include "internal.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_LINE 4096
#define MAX_ARGS 8
#define PERFT_MAX 4
/* Search limits beyond these are refused as mistakes: an hour, or about
 * as many nodes as an hour searches.  A search can be ended sooner with
 * `stop' (nonaga --engine reads it while the search runs). */
#define MOVETIME_MAX 3600000
#define NODES_MAX INT64_C(10000000000)

struct ng_session {
	ng_game *game;
	ng_rules rules;
	ng_search *search;
	char *out;
	size_t len, cap;
	int oom;
	char msg[MAX_LINE + 256];   /* a refusal composed for the answer */
};

/* ------------------------------------------------------ output buffer */

static void emit(ng_session *s, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		size_t room = s->cap - s->len;
		int n = vsnprintf(s->out + s->len, room, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if ((size_t)n < room) {
			s->len += (size_t)n;
			return;
		}
		size_t cap = s->cap * 2 + (size_t)n + 1;
		char *p = realloc(s->out, cap);
		if (!p) {
			s->oom = 1;
			return;
		}
		s->out = p;
		s->cap = cap;
	}
}

ng_session *ng_session_new(void)
{
	ng_session *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->cap = 1024;
	s->out = malloc(s->cap);
	s->rules = NG_STANDARD;
	s->game = ng_game_new(NG_STANDARD);
	s->search = ng_search_new();
	if (!s->out || !s->game || !s->search) {
		ng_session_free(s);
		return NULL;
	}
	return s;
}

void ng_session_free(ng_session *s)
{
	if (!s)
		return;
	ng_game_free(s->game);
	ng_search_free(s->search);
	free(s->out);
	free(s);
}

/* ---------------------------------------------------------- commands */

typedef struct cmd_ctx {
	ng_session *s;
	int argc;
	char **argv;
	const char *err;   /* set by a refusing command */
} cmd_ctx;

typedef void (*cmd_fn)(cmd_ctx *c);

static void refuse(cmd_ctx *c, const char *why) { c->err = why; }

/* A whole non-negative decimal number no larger than max. */
static int parse_num(const char *t, int64_t max, int64_t *out)
{
	int64_t v = 0;
	if (!*t)
		return 0;
	for (; *t; t++) {
		if (!isdigit((unsigned char)*t))
			return 0;
		int digit = *t - '0';
		if (digit > max || v > (max - digit) / 10)   /* v*10+digit > max */
			return 0;
		v = v * 10 + digit;
	}
	*out = v;
	return 1;
}

static int want_args(cmd_ctx *c, int lo, int hi)
{
	if (c->argc < lo) {
		refuse(c, "missing argument");
		return 0;
	}
	if (c->argc > hi) {
		refuse(c, "too many arguments");
		return 0;
	}
	return 1;
}

static const ng_pos *cur(cmd_ctx *c) { return ng_game_pos(c->s->game); }

static void cmd_protocol_version(cmd_ctx *c)
{
	if (want_args(c, 0, 0))
		emit(c->s, "2");
}

static void cmd_name(cmd_ctx *c)
{
	if (want_args(c, 0, 0))
		emit(c->s, "nonaga");
}

static void cmd_version(cmd_ctx *c)
{
	if (want_args(c, 0, 0))
		emit(c->s, "%s", NG_VERSION);
}

static void cmd_quit(cmd_ctx *c) { want_args(c, 0, 0); }
/* In its turn `stop' has nothing left to stop: the reader acted on it when
 * it arrived (ng_session_urgent). */
static void cmd_stop(cmd_ctx *c) { want_args(c, 0, 0); }

static void cmd_list_commands(cmd_ctx *c);
static void cmd_known_command(cmd_ctx *c);

static void cmd_rules(cmd_ctx *c)
{
	if (!want_args(c, 0, 1))
		return;
	if (c->argc == 0) {
		emit(c->s, "%s", ng_rules_name(c->s->rules));
		return;
	}
	ng_rules r;
	if (ng_rules_from_name(c->argv[0], &r) != NG_OK) {
		refuse(c, "unknown rule set (standard or simple)");
		return;
	}
	c->s->rules = r;
	ng_game_reset(c->s->game, r);
}

static void cmd_newgame(cmd_ctx *c)
{
	if (want_args(c, 0, 0))
		ng_game_reset(c->s->game, c->s->rules);
}

static void cmd_setposition(cmd_ctx *c)
{
	if (!want_args(c, 1, 1))
		return;
	ng_pos p;
	ng_err e = ng_pos_parse(&p, c->argv[0], c->s->rules);
	if (e) {
		refuse(c, ng_strerror(e));
		return;
	}
	ng_game_set(c->s->game, &p);
}

static void cmd_position(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	char buf[NG_POS_TEXT];
	ng_pos_format(cur(c), buf);
	emit(c->s, "%s", buf);
}

static void cmd_play(cmd_ctx *c)
{
	if (!want_args(c, 1, 1))
		return;
	ng_move m;
	if (ng_game_result(c->s->game) != NG_NONE) {
		refuse(c, ng_strerror(NG_ERR_GAME_OVER));
		return;
	}
	ng_err e = ng_move_parse(cur(c), c->argv[0], &m);
	if (!e)
		e = ng_game_play(c->s->game, m);
	if (e)
		refuse(c, ng_strerror(e));
}

/*
 * A whole regular file of at most NG_RECORD_MAX_BYTES into *text (to be
 * freed); NULL, or why not, in buf.  Opened without blocking, so that a
 * FIFO or a device named by mistake cannot hang the session.
 */
static const char *read_file(const char *path, char **text, size_t *len,
                             char *buf, size_t size)
{
	int fd;
	do
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		goto os_error;
	if (ng_record_read_fd(fd, text, len) != NG_OK) {
		int err = errno;
		close(fd);
		switch (err) {
		case EISDIR: return "a directory, not a record";
		case ENODEV: return "not a regular file";
		case EFBIG: return "larger than a record can be";
		case ENOMEM: return ng_strerror(NG_ERR_NOMEM);
		}
		errno = err;
		goto os_error;
	}
	close(fd);
	return NULL;
os_error:
	if (strerror_r(errno, buf, size) != 0)
		snprintf(buf, size, "error %d", errno);
	return buf;
}

/* An extension: replace the game by the one in a record file. */
static void cmd_loadrecord(cmd_ctx *c)
{
	if (!want_args(c, 1, 1))
		return;
	ng_session *s = c->s;
	const char *path = c->argv[0];
	char *text = NULL, why[128];
	size_t len = 0;
	const char *err = read_file(path, &text, &len, why, sizeof why);
	if (err) {
		snprintf(s->msg, sizeof s->msg, "%s: %s", path, err);
		refuse(c, s->msg);
		return;
	}
	ng_game *g = NULL;
	int line = 0;
	ng_err e = ng_record_parse(text, len, &g, NULL, &line);
	free(text);
	if (e) {
		if (line)
			snprintf(s->msg, sizeof s->msg, "%s:%d: %s", path, line,
			         ng_strerror(e));
		else
			snprintf(s->msg, sizeof s->msg, "%s: %s", path, ng_strerror(e));
		refuse(c, s->msg);
		return;
	}
	ng_game_free(s->game);
	s->game = g;
	s->rules = ng_pos_rules(ng_game_pos(g));
}

/* An extension: the game as a record, without the empty line after its
 * header (an answer cannot hold one; a reader does not need it). */
static void cmd_record(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	char *text = NULL;
	ng_err e = ng_record_write(c->s->game, NULL, &text);
	if (e) {
		refuse(c, ng_strerror(e));
		return;
	}
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');
		if (nl != p)
			emit(c->s, "\n%.*s", (int)(nl - p), p);
		p = nl + 1;
	}
	free(text);
}

static void cmd_undo(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	if (ng_game_undo(c->s->game))
		refuse(c, ng_strerror(NG_ERR_NO_HISTORY));
}

/* Legal moves as sorted text, for stable output. */
typedef struct movetext { char t[NG_MOVE_TEXT]; ng_move m; } movetext;

static int movetext_cmp(const void *a, const void *b)
{
	return strcmp(((const movetext *)a)->t, ((const movetext *)b)->t);
}

static movetext *sorted_moves(const ng_pos *pos, int *n)
{
	ng_movelist *l = malloc(sizeof *l);
	if (!l)
		return NULL;
	ng_generate(pos, l);
	movetext *mt = malloc(sizeof *mt * (size_t)(l->n ? l->n : 1));
	if (mt) {
		for (int i = 0; i < l->n; i++) {
			mt[i].m = l->m[i];
			ng_move_format(pos, l->m[i], mt[i].t);
		}
		qsort(mt, (size_t)l->n, sizeof *mt, movetext_cmp);
		*n = l->n;
	}
	free(l);
	return mt;
}

static void cmd_legal_moves(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	if (ng_game_result(c->s->game) != NG_NONE)
		return;   /* a finished game has no moves: empty result */
	int n;
	movetext *mt = sorted_moves(cur(c), &n);
	if (!mt) {
		refuse(c, ng_strerror(NG_ERR_NOMEM));
		return;
	}
	for (int i = 0; i < n; i++)
		emit(c->s, i ? "\n%s" : "%s", mt[i].t);
	free(mt);
}

static void cmd_perft(cmd_ctx *c)
{
	if (!want_args(c, 1, 2))
		return;
	int64_t d;
	if (!parse_num(c->argv[0], PERFT_MAX, &d)) {
		refuse(c, "depth must be a number from 0 to 4");
		return;
	}
	int divide = 0;
	if (c->argc == 2) {
		if (strcmp(c->argv[1], "divide")) {
			refuse(c, "unknown perft option (divide)");
			return;
		}
		divide = 1;
	}
	uint64_t total = 0, n;
	if (!divide || d == 0) {
		ng_err e = ng_perft(cur(c), (int)d, &total);
		if (e)
			refuse(c, ng_strerror(e));
		else
			emit(c->s, "%" PRIu64, total);
		return;
	}
	int count;
	movetext *mt = sorted_moves(cur(c), &count);
	if (!mt) {
		refuse(c, ng_strerror(NG_ERR_NOMEM));
		return;
	}
	for (int i = 0; i < count; i++) {
		ng_pos p = *cur(c);
		ng_undo u;
		ng_make(&p, mt[i].m, &u);
		if (ng_perft(&p, (int)d - 1, &n)) {
			refuse(c, ng_strerror(NG_ERR_NOMEM));
			free(mt);
			return;
		}
		total += n;
		emit(c->s, "%s %" PRIu64 "\n", mt[i].t, n);
	}
	emit(c->s, "total %" PRIu64, total);
	free(mt);
}

/* genmove/hint options: movetime MS, depth N, nodes N, in any order. */
static int parse_limits(cmd_ctx *c, ng_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	if (c->argc % 2) {
		refuse(c, "options come in pairs: movetime MS, depth N, nodes N");
		return 0;
	}
	for (int i = 0; i < c->argc; i += 2) {
		int64_t v;
		const char *k = c->argv[i], *a = c->argv[i + 1];
		if (!strcmp(k, "movetime")) {
			if (!parse_num(a, MOVETIME_MAX, &v) || v < 1) {
				refuse(c, "movetime must be 1 to 3600000 milliseconds (one hour)");
				return 0;
			}
			lim->movetime_ms = v;
		} else if (!strcmp(k, "depth")) {
			if (!parse_num(a, 60, &v) || v < 1) {
				refuse(c, "depth must be a number from 1 to 60");
				return 0;
			}
			lim->depth = (int)v;
		} else if (!strcmp(k, "nodes")) {
			if (!parse_num(a, NODES_MAX, &v) || v < 1) {
				refuse(c, "nodes must be a number from 1 to 10000000000");
				return 0;
			}
			lim->nodes = v;
		} else {
			refuse(c, "unknown option (movetime, depth or nodes)");
			return 0;
		}
	}
	return 1;
}

static int think(cmd_ctx *c, ng_info *info)
{
	ng_limits lim;
	if (!parse_limits(c, &lim))
		return 0;
	ng_err e = ng_search_run(c->s->search, c->s->game, &lim, NULL, NULL, info);
	if (e) {
		refuse(c, ng_strerror(e));
		return 0;
	}
	return 1;
}

static void cmd_genmove(cmd_ctx *c)
{
	ng_info info;
	if (!think(c, &info))
		return;
	char buf[NG_MOVE_TEXT];
	ng_move_format(cur(c), info.best, buf);
	ng_err e = ng_game_play(c->s->game, info.best);
	if (e)
		refuse(c, ng_strerror(e));
	else
		emit(c->s, "%s", buf);
}

static void cmd_hint(cmd_ctx *c)
{
	ng_info info;
	if (!think(c, &info))
		return;
	char buf[NG_MOVE_TEXT];
	ng_move_format(cur(c), info.best, buf);
	emit(c->s, "%s", buf);
}

/* An extension: the hint with what the search knows about it.  A score
 * beyond +-29000 is a forced result: NG_MATE minus the turns to it. */
static void cmd_analyze(cmd_ctx *c)
{
	ng_info info;
	if (!think(c, &info))
		return;
	char buf[NG_MOVE_TEXT];
	ng_move_format(cur(c), info.best, buf);
	emit(c->s, "%s score %d depth %d nodes %" PRId64 " time %" PRId64, buf,
	     info.score, info.depth, info.nodes, info.time_ms);
}

static void cmd_set(cmd_ctx *c)
{
	if (!want_args(c, 2, 2))
		return;
	const char *k = c->argv[0], *a = c->argv[1];
	int64_t v;
	ng_search *s = c->s->search;
	if (!strcmp(k, "level")) {
		if (!parse_num(a, NG_LEVEL_MAX, &v) || v < NG_LEVEL_MIN)
			refuse(c, "level must be a number from 1 to 10");
		else
			ng_search_set_level(s, (int)v);
	} else if (!strcmp(k, "seed")) {
		if (!parse_num(a, INT64_MAX, &v))
			refuse(c, "seed must be a number from 0 to 9223372036854775807");
		else
			ng_search_set_seed(s, (uint64_t)v);
	} else if (!strcmp(k, "hash")) {
		if (!parse_num(a, NG_HASH_MAX_MB, &v) || v < 1)
			refuse(c, "hash must be 1 to 4096 megabytes");
		else if (ng_search_set_hash(s, (int)v))
			refuse(c, ng_strerror(NG_ERR_NOMEM));
	} else if (!strcmp(k, "threads")) {
		if (!parse_num(a, NG_THREADS_MAX, &v) || v < 1)
			refuse(c, "threads must be a number from 1 to 64");
		else if (ng_search_set_threads(s, (int)v))
			refuse(c, ng_strerror(NG_ERR_NOMEM));
	} else if (!strcmp(k, "eval")) {
		static const char *const NAMES[] = { "level", "hand", "net" };
		int e = 0;
		while (e < 3 && strcmp(a, NAMES[e]))
			e++;
		if (e == 3)
			refuse(c, "eval must be level, hand or net");
		else
			ng_search_set_eval(s, (ng_eval)e);
	} else {
		refuse(c, "unknown setting (level, seed, hash, threads or eval)");
	}
}

static void cmd_result(cmd_ctx *c)
{
	if (want_args(c, 0, 0))
		emit(c->s, "%s", ng_result_name(ng_game_result(c->s->game)));
}

/*
 * A drawing: row r is indented by |r - rmin| half-cells so the hexagons line
 * up.  'R' red token, 'B' blue token, 'o' empty disc, '*' marks the lock.
 */
static void cmd_showboard(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	const ng_pos *p = cur(c);
	ng_cell lo, hi, lock;
	emit(c->s, "\n");
	ng_pos_bounds(p, &lo, &hi);
	int has_lock = ng_pos_lock(p, &lock);
	/* screen column of (q, r) in half-cells: 2q + r */
	int64_t xmin = INT64_MAX;
	for (int32_t r = lo.r; r <= hi.r; r++)
		for (int32_t q = lo.q; q <= hi.q; q++) {
			ng_cell cl = { q, r };
			if (ng_pos_has_disc(p, cl) && 2 * (int64_t)q + r < xmin)
				xmin = 2 * (int64_t)q + r;
		}
	for (int32_t r = lo.r; r <= hi.r; r++) {
		char line[128];
		int len = 0;
		for (int32_t q = lo.q; q <= hi.q; q++) {
			ng_cell cl = { q, r };
			if (!ng_pos_has_disc(p, cl))
				continue;
			int col = (int)(2 * (int64_t)q + r - xmin);
			while (len < col)
				line[len++] = ' ';
			int t = ng_pos_token_at(p, cl);
			int locked = has_lock && lock.q == q && lock.r == r;
			line[len++] = t == NG_RED ? 'R' : t == NG_BLUE ? 'B' : locked ? '*' : 'o';
			line[len++] = ' ';
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		line[len] = 0;
		emit(c->s, "%4ld  %s\n", (long)r, line);
	}
	char buf[NG_POS_TEXT];
	ng_pos_format(p, buf);
	emit(c->s, "rules %s, %s to move", ng_rules_name(ng_pos_rules(p)),
	     ng_pos_side(p) == NG_RED ? "red" : "blue");
	if (has_lock)
		emit(c->s, ", lock %ld,%ld (*)", (long)lock.q, (long)lock.r);
	emit(c->s, "\n%s", buf);
}

/* ---------------------------------------------------------- dispatch */

typedef struct command { const char *name; cmd_fn fn; } command;

static const command commands[] = {
	{ "protocol_version", cmd_protocol_version },
	{ "name", cmd_name },
	{ "version", cmd_version },
	{ "list_commands", cmd_list_commands },
	{ "known_command", cmd_known_command },
	{ "quit", cmd_quit },
	{ "stop", cmd_stop },
	{ "rules", cmd_rules },
	{ "newgame", cmd_newgame },
	{ "setposition", cmd_setposition },
	{ "position", cmd_position },
	{ "play", cmd_play },
	{ "undo", cmd_undo },
	{ "legal_moves", cmd_legal_moves },
	{ "perft", cmd_perft },
	{ "result", cmd_result },
	{ "showboard", cmd_showboard },
	{ "genmove", cmd_genmove },
	{ "hint", cmd_hint },
	{ "analyze", cmd_analyze },
	{ "set", cmd_set },
	{ "loadrecord", cmd_loadrecord },
	{ "record", cmd_record },
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static const command *find(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static void cmd_list_commands(cmd_ctx *c)
{
	if (!want_args(c, 0, 0))
		return;
	for (int i = 0; i < NCOMMANDS; i++)
		emit(c->s, i ? "\n%s" : "%s", commands[i].name);
}

static void cmd_known_command(cmd_ctx *c)
{
	if (want_args(c, 1, 1))
		emit(c->s, "%s", find(c->argv[0]) ? "true" : "false");
}

/* Split in place on spaces and tabs; returns -1 when there are too many. */
static int split(char *line, char **argv, int max)
{
	int n = 0;
	char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (n == max)
			return -1;
		argv[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = 0;
	}
}

static void answer(ng_session *s, int ok, const char *id, const char *body)
{
	emit(s, "%c%s", ok ? '=' : '?', id);
	if (body && *body)   /* a drawing starts on a line of its own */
		emit(s, body[0] == '\n' ? "%s" : " %s", body);
	emit(s, "\n\n");
}

static int handle(ng_session *s, const char *line, size_t len);

int ng_session_line(ng_session *s, const char *line, size_t len,
                    const char **out)
{
	s->len = 0;
	s->oom = 0;
	s->out[0] = 0;
	int quit = handle(s, line, len);
	*out = s->out;   /* the buffer may have moved while answering */
	return quit;
}

static int handle(ng_session *s, const char *line, size_t len)
{
	char buf[MAX_LINE + 1], id[24] = "";
	char *argv[MAX_ARGS + 2];

	/* A CR before the newline is tolerated (lines from Windows tools). */
	if (len > 0 && line[len - 1] == '\r')
		len--;
	if (len > MAX_LINE) {
		answer(s, 0, "", "line too long");
		return 0;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			answer(s, 0, "", "control character in input");
			return 0;
		}
	}
	memcpy(buf, line, len);
	buf[len] = 0;
	char *p = buf;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#')
		return 0;
	int argc = split(p, argv, MAX_ARGS + 2);
	if (argc < 0) {
		answer(s, 0, "", "too many arguments");
		return 0;
	}
	int a = 0;
	if (isdigit((unsigned char)argv[0][0])) {
		int64_t v;
		if (!parse_num(argv[0], 999999999999999999LL, &v)) {
			answer(s, 0, "", "invalid command id");
			return 0;
		}
		snprintf(id, sizeof id, "%" PRId64, v);
		a = 1;
	}
	if (a >= argc) {
		answer(s, 0, id, "missing command");
		return 0;
	}
	const command *cmd = find(argv[a]);
	if (!cmd) {
		answer(s, 0, id, "unknown command");
		return 0;
	}
	cmd_ctx c = { s, argc - a - 1, argv + a + 1, NULL };
	size_t start = s->len;
	cmd->fn(&c);
	if (c.err || s->oom) {
		s->len = start;
		answer(s, 0, id, s->oom ? ng_strerror(NG_ERR_NOMEM) : c.err);
		return 0;
	}
	/* Move the result behind the "=id " prefix. */
	char *body = strdup(s->out + start);
	s->len = start;
	if (!body) {
		answer(s, 0, id, ng_strerror(NG_ERR_NOMEM));
		return 0;
	}
	answer(s, 1, id, body);
	free(body);
	return cmd->fn == cmd_quit;
}

/* ------------------------------------------------- reading ahead */

int ng_session_urgent(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	size_t id = i;
	while (i < len && isdigit((unsigned char)line[i]))   /* the id */
		i++;
	size_t w = i;
	while (w < len && (line[w] == ' ' || line[w] == '\t'))
		w++;
	if (w == i && i > id)
		return 0;   /* digits run into the name: not a command */
	static const struct { const char *name; int code; } urgent[] = {
		{ "stop", 1 }, { "quit", 2 },
	};
	for (size_t k = 0; k < sizeof urgent / sizeof urgent[0]; k++) {
		size_t n = strlen(urgent[k].name);
		if (len - w < n || memcmp(line + w, urgent[k].name, n))
			continue;
		size_t e = w + n;
		while (e < len && (line[e] == ' ' || line[e] == '\t' || line[e] == '\r'))
			e++;
		if (e == len)
			return urgent[k].code;
	}
	return 0;
}

void ng_session_stop(ng_session *s) { ng_search_stop(s->search); }
void ng_session_clear_stop(ng_session *s) { ng_search_clear_stop(s->search); }
