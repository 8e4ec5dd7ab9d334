/*
 * bot_engine.c - an engine in a child process for `nonaga --bot'
 * (bot_engine.h).
 *
 * Decision: every question sends the whole game afresh (`rules', a
 * `play' for each move, `genmove'), so the engine holds nothing the bot
 * must keep in step with it (a reconnection, a take-back); a game is at
 * most a few kilobytes, well within a pipe.  The engine must answer each
 * command once, "=" or "?", in the framing of the protocol: a "?" (it
 * refused a move of the game, or genmove), a line longer than
 * BOT_ENGINE_LINE_MAX, more lines than the answers can hold, the end of
 * its output, or a move that is not legal is a fault: the game is lost
 * (cli_bot.c resigns it) and the engine killed.  The clock is cli_bot.c's.
 */
#include "bot_engine.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define LINES_PER_ANSWER 4   /* an answer's lines, its empty one too */
#define LINES_SLACK 16

int bot_engine_start(bot_engine *e, const char *cmd, int level, char *why, size_t size)
{
	int in[2], out[2];
	memset(e, 0, sizeof *e);
	e->to = e->from = -1;
	if (pipe(in) < 0)
		return snprintf(why, size, "pipe: %s", strerror(errno)), -1;
	if (pipe(out) < 0) {
		close(in[0]), close(in[1]);
		return snprintf(why, size, "pipe: %s", strerror(errno)), -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		return snprintf(why, size, "fork: %s", strerror(errno)), -1;
	}
	if (pid == 0) {
		setpgid(0, 0);   /* killed as a group: sh and what it runs */
		signal(SIGPIPE, SIG_DFL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(in[0]);
	close(out[1]);
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	fcntl(e->to, F_SETFL, fcntl(e->to, F_GETFL) | O_NONBLOCK);
	fcntl(e->from, F_SETFL, fcntl(e->from, F_GETFL) | O_NONBLOCK);
	fcntl(e->to, F_SETFD, FD_CLOEXEC);
	fcntl(e->from, F_SETFD, FD_CLOEXEC);
	if (level > 0) {
		char line[32];
		int n = snprintf(line, sizeof line, "set level %d\n", level);
		if (write(e->to, line, (size_t)n) != n) {
			bot_engine_stop(e);
			return snprintf(why, size, "the engine does not read"), -1;
		}
		e->due = 1;   /* answered before the first question's */
	}
	return 0;
}

void bot_engine_stop(bot_engine *e)
{
	if (e->pid > 0) {
		kill(-e->pid, SIGKILL);
		kill(e->pid, SIGKILL);
		while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (e->to >= 0)
		close(e->to);
	if (e->from >= 0)
		close(e->from);
	e->pid = 0;
	e->to = e->from = -1;
}

int bot_engine_ask(bot_engine *e, const ng_game *g, int movetime_ms, char *why, size_t size)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return snprintf(why, size, "out of memory"), -1;
	int n = ng_game_ply(g);
	fprintf(f, "rules %s\n", ng_rules_name(ng_pos_rules(ng_game_pos(g))));
	for (int i = 0; i < n; i++) {
		char mv[NG_MOVE_TEXT];
		ng_move_format(ng_game_pos_at(g, i), ng_game_move_at(g, i), mv);
		fprintf(f, "play %s\n", mv);
	}
	fprintf(f, "genmove movetime %d\n", movetime_ms);
	if (fclose(f) != 0) {
		free(text);
		return snprintf(why, size, "out of memory"), -1;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(e->to, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	free(text);
	if (done < len)
		return snprintf(why, size, "the engine does not read its input"), -1;
	e->due += n + 2;
	e->lines = 0;
	e->lines_max = e->due * LINES_PER_ANSWER + LINES_SLACK;
	e->move[0] = 0;
	return 0;
}

/* One whole line of its output (without the newline): BOT_WAIT while
 * the answers go on, BOT_MOVE once the last is read, or BOT_FAULT. */
static int line(bot_engine *e, const char *s, char *why, size_t size)
{
	if (++e->lines > e->lines_max)
		return snprintf(why, size, "the engine said more than %d lines for %d answers",
		                e->lines_max, e->due), BOT_FAULT;
	if (!e->in_answer) {
		if (!*s || *s == '#')
			return BOT_WAIT;   /* (between answers) */
		if (*s == '?')
			return snprintf(why, size, "the engine refused: %.100s", s), BOT_FAULT;
		if (*s != '=')
			return snprintf(why, size, "not an answer: %.100s", s), BOT_FAULT;
		s += 1 + strspn(s + 1, "0123456789");
		s += strspn(s, " \t");
		snprintf(e->move, sizeof e->move, "%.*s", NG_MOVE_TEXT, s);
		e->in_answer = 1;
		return BOT_WAIT;
	}
	if (*s)
		return BOT_WAIT;   /* (a result of several lines) */
	e->in_answer = 0;
	return --e->due > 0 ? BOT_WAIT : BOT_MOVE;
}

int bot_engine_read(bot_engine *e, const ng_game *g, ng_move *m, char *why, size_t size)
{
	for (;;) {
		char *nl;
		while ((nl = memchr(e->buf, '\n', e->len))) {
			*nl = 0;
			if (nl > e->buf && nl[-1] == '\r')
				nl[-1] = 0;
			int r = line(e, e->buf, why, size);
			size_t used = (size_t)(nl - e->buf) + 1;
			memmove(e->buf, nl + 1, e->len - used);
			e->len -= used;
			if (r == BOT_FAULT)
				return r;
			if (r == BOT_MOVE) {
				const ng_pos *pos = ng_game_pos(g);
				ng_err err;
				if ((err = ng_move_parse(pos, e->move, m)) != NG_OK)   /* (legal too) */
					return snprintf(why, size, "the engine's move '%.40s' is illegal: %s",
					                e->move, ng_strerror(err)), BOT_FAULT;
				return BOT_MOVE;
			}
		}
		if (e->len > BOT_ENGINE_LINE_MAX)
			return snprintf(why, size, "the engine wrote a line longer than %d bytes",
			                BOT_ENGINE_LINE_MAX), BOT_FAULT;
		ssize_t r = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
		if (r > 0) {
			e->len += (size_t)r;
			continue;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return BOT_WAIT;
		return snprintf(why, size, "the engine ended (it crashed or quit)"), BOT_FAULT;
	}
}
