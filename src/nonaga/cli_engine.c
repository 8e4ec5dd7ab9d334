/*
 * cli_engine.c - `nonaga --engine': the protocol over stdin and stdout.
 *
 * Two threads, so that a long search can be stopped.  The reader (the main
 * thread) reads lines and queues them; the answerer takes them in order,
 * hands each to the session and writes its answer.  So every command is
 * answered in the order it came, and a command sent while a search runs
 * waits for it.  Only `stop' and `quit' act at once: the reader asks the
 * running search, and every search queued before them, to answer now with
 * its best move so far; then they are answered in their turn like any
 * other command.
 */
#include "nonaga.h"
#include "i18n.h"
#include "mains.h"
#include "closeout.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines longer than this are read to their end and refused as a whole. */
#define LINE_MAX_READ 4096
/* Lines read ahead of the answers; past this the reader waits. */
#define QUEUE_MAX 1024

typedef struct line { char *text; size_t len; } line;

typedef struct engine {
	ng_session *s;
	pthread_mutex_t mu;
	pthread_cond_t changed;
	line q[QUEUE_MAX];
	unsigned long head, tail;   /* line numbers: q[n % QUEUE_MAX] */
	unsigned long current;      /* the line being answered, when busy */
	unsigned long stop_before;  /* lines before this one are stopped */
	int busy, eof, done;
} engine;

/* The answerer: one line at a time, in order, until quit or the end. */
static void answer_lines(engine *e)
{
	for (;;) {
		pthread_mutex_lock(&e->mu);
		while (e->head == e->tail && !e->eof)
			pthread_cond_wait(&e->changed, &e->mu);
		if (e->head == e->tail) {
			pthread_mutex_unlock(&e->mu);
			break;
		}
		line l = e->q[e->head % QUEUE_MAX];
		e->current = e->head++;
		e->busy = 1;
		if (e->current < e->stop_before)
			ng_session_stop(e->s);   /* stopped before it started */
		pthread_cond_broadcast(&e->changed);
		pthread_mutex_unlock(&e->mu);

		const char *out;
		int quit = ng_session_line(e->s, l.text, l.len, &out);
		free(l.text);
		/* An answer that cannot be written ends the session like quit;
		 * main tells why (close_stdout). */
		if (fputs(out, stdout) == EOF || fflush(stdout) == EOF) {
			closeout_failed(errno);
			quit = 1;
		}

		pthread_mutex_lock(&e->mu);
		/* A stop that came after the search had ended was for it. */
		ng_session_clear_stop(e->s);
		e->busy = 0;
		if (quit)
			e->done = 1;
		pthread_cond_broadcast(&e->changed);
		pthread_mutex_unlock(&e->mu);
		if (quit)
			break;
	}
}

/* Queue a line; 0 once the answerer has finished (quit). */
static int queue_line(engine *e, const char *buf, size_t len)
{
	char *copy = malloc(len + 1);
	if (!copy)
		return 1;   /* dropped: the session would have no memory either */
	memcpy(copy, buf, len);
	copy[len] = 0;
	pthread_mutex_lock(&e->mu);
	unsigned long n = e->tail;
	if (ng_session_urgent(buf, len)) {
		e->stop_before = n;
		if (e->busy && e->current < n)
			ng_session_stop(e->s);
	}
	while (e->tail - e->head >= QUEUE_MAX && !e->done)
		pthread_cond_wait(&e->changed, &e->mu);
	int open = !e->done;
	if (open) {
		e->q[e->tail % QUEUE_MAX] = (line){ copy, len };
		e->tail++;
		pthread_cond_broadcast(&e->changed);
	} else {
		free(copy);
	}
	pthread_mutex_unlock(&e->mu);
	return open;
}

/* Read one line into buf (without the newline); -1 at the end of input.
 * An overlong line is read to its end; what is kept is its first
 * LINE_MAX_READ + 1 bytes (the last one made plain, not a CR), which the
 * session refuses as too long.  NUL bytes reach it as control characters. */
static long read_line(char *buf, size_t size)
{
	size_t len = 0;
	int c, over = 0;
	while ((c = getchar()) != EOF && c != '\n') {
		if (len < size - 1)
			buf[len++] = (char)c;
		else
			over = 1;
	}
	if (c == EOF && len == 0 && !over)
		return -1;
	if (over)
		buf[len - 1] = '.';
	return (long)len;
}

/* The reader: every line into the queue, then the end of input. */
static void *read_lines(void *arg)
{
	engine *e = arg;
	static char buf[LINE_MAX_READ + 2];
	long len;
	while ((len = read_line(buf, sizeof buf)) >= 0)
		if (!queue_line(e, buf, (size_t)len))
			return NULL;
	pthread_mutex_lock(&e->mu);
	e->eof = 1;
	pthread_cond_broadcast(&e->changed);
	pthread_mutex_unlock(&e->mu);
	return NULL;
}

/* Static, so that after `quit' the program can end while the reader
 * still waits for input and uses it. */
static engine the_engine;

int engine_main(void)
{
	engine *e = &the_engine;
	e->s = ng_session_new();
	if (!e->s) {
		fputs(_("nonaga: out of memory\n"), stderr);
		return 1;
	}
	pthread_mutex_init(&e->mu, NULL);
	pthread_cond_init(&e->changed, NULL);
	pthread_t reader;
	if (pthread_create(&reader, NULL, read_lines, e) != 0) {
		fputs(_("nonaga: cannot start a thread\n"), stderr);
		return 1;
	}
	answer_lines(e);
	if (e->done)
		return 0;   /* quit: the reader may be waiting for input */
	pthread_join(reader, NULL);
	pthread_cond_destroy(&e->changed);
	pthread_mutex_destroy(&e->mu);
	ng_session_free(e->s);
	return 0;
}
