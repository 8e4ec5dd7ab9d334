/*
 * server_linger.c - a private server (one at the default address, which
 * a client starts when none runs) stops by itself once it has been alone
 * for a while: no clients and no game in play for LINGER_S seconds, or
 * NONAGA_LINGER seconds when that is set (0: never).  A client starts it
 * again when it is needed, so nothing is lost; a server given --listen
 * (the host's shared one) never stops by itself.
 */
#include "server.h"
#include <event2/event.h>
#include <stdlib.h>
#include <string.h>

#define LINGER_S 600

/* Alone: nobody connected, no game that is not over. */
static int alone(const server *s)
{
	if (s->nconns)
		return 0;
	for (const sgame *g = s->games; g; g = g->next)
		if (!g->how[0])
			return 0;
	return 1;
}

static void on_linger(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	server *s = arg;
	if (!alone(s))
		return;
	server_log("alone for %d s (no clients, no game in play): stopping", s->linger_s);
	s->stop = 1;
	event_base_loopbreak(s->base);
}

int linger_init(server *s, char *msg, size_t size)
{
	s->linger_s = 0;
	if (s->opt.nlisten)
		return 0;   /* --listen: never */
	s->linger_s = LINGER_S;
	const char *env = getenv("NONAGA_LINGER");
	if (env) {
		char *end;
		long v = strtol(env, &end, 10);
		if (!*env || *end || v < 0 || v > 1000000) {
			snprintf(msg, size, "NONAGA_LINGER=%.40s is not a number of seconds "
			         "(0 to 1000000)", env);
			return -1;
		}
		s->linger_s = (int)v;
	}
	if (!s->linger_s)
		return 0;
	s->linger = evtimer_new(s->base, on_linger, s);
	if (!s->linger) {
		snprintf(msg, size, "cannot start the event loop");
		return -1;
	}
	server_log("a private server: it stops when alone (no clients, no game in play) "
	           "for %d s", s->linger_s);
	return 0;
}

void linger_check(server *s)
{
	if (!s->linger)
		return;
	int pending = evtimer_pending(s->linger, NULL);
	if (alone(s) && !pending) {
		struct timeval tv = { s->linger_s, 0 };
		evtimer_add(s->linger, &tv);
	} else if (!alone(s) && pending) {
		evtimer_del(s->linger);
	}
}

void linger_free(server *s)
{
	if (s->linger)
		event_free(s->linger);
	s->linger = NULL;
}
