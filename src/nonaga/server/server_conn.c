/*
 * server_conn.c - what the server says to a connection and when: output
 * held until the turn's journal entries are durable (conn_send, then
 * conn_release from server.c's flush), closing and dropping (the reaper
 * in server.c frees), time-outs, the token bucket of the flood and chat
 * limits, the clock and the log.  It calls nothing of the other server
 * files, so that the commands, the games, the chat and the door sit above
 * it and server.c's loop above them all.
 */
#include "server.h"
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define WRITE_S 60      /* a connection that takes nothing this long goes */

void server_log(const char *fmt, ...)
{
	char stamp[32];
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s nonaga: %s\n", stamp, line);
}

/* The server's time: the monotonic clock less the time the server did
 * not run (stopped by SIGSTOP, a paused virtual machine, a swap storm),
 * so that no player's clock, grace or flood allowance is charged for it.
 * server.c's loop wakes at least every SERVER_TICK_MS (a periodic timer
 * that reads this clock), so two readings further apart than
 * SERVER_STALL_MS mean the loop did not turn: all of the gap but one
 * tick is left out.  (One process, one thread: the two counters are the
 * server's, like server.c's one server.) */
int64_t server_now_ms(void)
{
	static int64_t last, stalled;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	int64_t now = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	if (last && now - last > SERVER_STALL_MS) {
		stalled += now - last - SERVER_TICK_MS;
		server_log("the server did not run for %lld ms (stopped or starved): "
		           "no clock is charged for it", (long long)(now - last));
	}
	last = now;
	return now - stalled;
}

/* -------------------------------------------------------------- output */

/* What a turn of the loop sends waits in c->held, and c in the flush
 * queue, until the turn's journal entries are on disk (release). */
static void hold(conn *c)
{
	server *s = c->srv;
	if (c->queued)
		return;
	if (s->nflush == s->capflush) {
		int cap = s->capflush ? 2 * s->capflush : 256;
		conn **q = realloc(s->flushq, (size_t)cap * sizeof *q);
		if (!q) {
			server_log("out of memory for client %lu's output: dropped", c->id);
			conn_drop(c);
			return;
		}
		s->flushq = q;
		s->capflush = cap;
	}
	s->flushq[s->nflush++] = c;
	c->queued = s->nflush;
}

void conn_send(conn *c, const char *fmt, ...)
{
	if (c->dead || c->closing)
		return;
	if (c->told) {   /* a computer player's seat */
		char line[NET_LINE_MAX + 1];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(line, sizeof line, fmt, ap);
		va_end(ap);
		c->told(c, line);
		return;
	}
	struct evbuffer *out = bufferevent_get_output(c->bev);
	if (evbuffer_get_length(out) + evbuffer_get_length(c->held) > SERVER_OUT_MAX) {
		server_log("client %lu (%s) does not read: dropped", c->id,
		           c->authed ? c->name : "-");
		conn_drop(c);
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	evbuffer_add_vprintf(c->held, fmt, ap);
	va_end(ap);
	evbuffer_add(c->held, "\n", 1);
	hold(c);
}

void conn_close_after(conn *c)
{
	if (c->dead || c->closing)
		return;
	c->closing = 1;
	bufferevent_disable(c->bev, EV_READ);
	if (!c->queued && evbuffer_get_length(bufferevent_get_output(c->bev)) == 0)
		conn_drop(c);
}

/* c's held output to its socket: straight away when nothing else waits
 * for it, without the bufferevent (which would add a write event and take
 * it back: two epoll_ctl calls a message); the rest, if the socket takes
 * no more now, by the bufferevent when it does. */
void conn_release(conn *c)
{
	struct evbuffer *out = bufferevent_get_output(c->bev);
	if (evbuffer_get_length(out) == 0) {
		evutil_socket_t fd = bufferevent_getfd(c->bev);
		while (evbuffer_get_length(c->held) > 0 && evbuffer_write(c->held, fd) > 0)
			;
	}
	if (evbuffer_get_length(c->held) > 0)
		evbuffer_add_buffer(out, c->held);
	else if (c->closing)
		conn_drop(c);
}

/* ----------------------------------------------------------- the lobby */

void conn_lobby_changed(server *s)
{
	if (s->lobby && !evtimer_pending(s->lobby, NULL)) {
		struct timeval tv = { LOBBY_MS / 1000, LOBBY_MS % 1000 * 1000 };
		evtimer_add(s->lobby, &tv);
	}
}

/* Dropping happens in two steps, so that a connection found unusable in
 * the middle of a broadcast is not freed under the loop that sends. */
void conn_drop(conn *c)
{
	if (c->dead)
		return;
	c->dead = 1;
	if (c->authed)
		conn_lobby_changed(c->srv);   /* one player fewer in `who' */
	bufferevent_disable(c->bev, EV_READ | EV_WRITE);
	c->reap_next = c->srv->reap;
	c->srv->reap = c;
	event_active(c->srv->reaper, EV_TIMEOUT, 0);
}

int server_bucket(double *tokens, int64_t *since_ms, double per_s, double burst)
{
	int64_t now = server_now_ms();
	*tokens += (double)(now - *since_ms) * per_s / 1000.0;
	if (*tokens > burst)
		*tokens = burst;
	*since_ms = now;
	if (*tokens < 1.0)
		return 0;
	*tokens -= 1.0;
	return 1;
}

void conn_timeouts(conn *c, int seconds)
{
	struct timeval rd = { seconds, 0 }, wr = { WRITE_S, 0 };
	bufferevent_set_timeouts(c->bev, &rd, &wr);
}

void conn_authed(conn *c)
{
	c->authed = 1;
	conn_timeouts(c, c->srv->opt.idle);
	conn_lobby_changed(c->srv);   /* one player more in `who' */
}
