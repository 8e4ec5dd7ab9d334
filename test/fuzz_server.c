/*
 * fuzz_server.c - libFuzzer target over the online server's command
 * dispatcher (src/nonaga/server/server_cmds.c and what it calls: games,
 * the store and the ratings it journals with games' ends, the SSH door's
 * players, chat, the players' settings and ignore lists): the input is a session of lines, each led by a byte
 * that says which of four connections sends it
 * (two players on a Unix socket, a TCP connection not logged in, and the
 * SSH door's gateway).  server.c's connection layer is replaced here by
 * one that keeps what is sent, so that each line a connection is sent can
 * be checked: valid UTF-8 without control characters but tab (nothing
 * from another player reaches a terminal as one), and at most a line's
 * length.  Built and run by `make fuzz' (FUZZ_TIME seconds); seeds in
 * test/fuzz-corpus-server/.
 */
#include "server.h"
#include "fuzz_scratch.h"
#include <event2/event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...) do { fprintf(stderr, "fuzz_server: " __VA_ARGS__); \
	fputc('\n', stderr); abort(); } while (0)
#define NCONN 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int64_t clock_ms = 1000000;

/* ------------------------------------------- server.c, for the fuzzer */

void server_log(const char *fmt, ...)
{
	(void)fmt;
}

int64_t server_now_ms(void)
{
	return clock_ms;
}

void conn_send(conn *c, const char *fmt, ...)
{
	char line[NET_LINE_MAX * 2];
	if (c->dead || c->closing)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || n > NET_LINE_MAX)
		FAIL("a line of %d bytes to client %lu", n, c->id);
	if (!net_line_ok(line, (size_t)n))
		FAIL("a line unsafe for a terminal to client %lu: %s", c->id, line);
}

void conn_close_after(conn *c)
{
	c->closing = 1;
}

void conn_drop(conn *c)
{
	c->dead = 1;
}

void conn_authed(conn *c)
{
	c->authed = 1;
}

void conn_lobby_changed(server *s)
{
	(void)s;   /* (the lobbies' timer is server.c's loop's) */
}

int server_bucket(double *tokens, int64_t *since_ms, double per_s, double burst)
{
	*tokens += (double)(clock_ms - *since_ms) * per_s / 1000.0;
	if (*tokens > burst)
		*tokens = burst;
	*since_ms = clock_ms;
	if (*tokens < 1.0)
		return 0;
	*tokens -= 1.0;
	return 1;
}

/* ------------------------------------------------------------ the run */

static server srv;
static conn conns[NCONN];

static void setup(void)
{
	char msg[512];
	const char *dir = fuzz_scratch();
	if (!dir)
		FAIL("no directory");
	srv.base = event_base_new();
	srv.opt.state = dir;
	srv.opt.grace = 120;
	srv.opt.idle = 900;
	srv.opt.gateway = "door";
	srv.opt.sync = SERVER_SYNC_NONE;   /* what is fuzzed is not the disk */
	if (!srv.base || store_open(&srv, msg, sizeof msg) < 0 ||
	    owners_load(&srv, msg, sizeof msg) < 0 ||
	    door_load(&srv, msg, sizeof msg) < 0 || players_load(&srv, msg, sizeof msg) < 0)
		FAIL("set-up: %s", msg);
}

/* Four fresh connections: ann and bob (Unix), a TCP one, the gateway. */
static void connect_all(void)
{
	static const char *const names[NCONN] = { "ann", "bob", "", "door" };
	srv.conns = NULL;
	for (int i = 0; i < NCONN; i++) {
		conn *c = &conns[i];
		memset(c, 0, sizeof *c);
		c->srv = &srv;
		c->id = (unsigned long)i + 1;
		c->role = -1;
		c->tcp = i == 2;
		c->gateway = i == 3;
		c->authed = i < 2;
		snprintf(c->name, sizeof c->name, "%s", names[i]);
		c->next = srv.conns;
		if (srv.conns)
			srv.conns->prev = c;
		srv.conns = c;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!srv.base)
		setup();
	connect_all();
	char line[NET_LINE_MAX + 1];
	while (size > 1) {
		conn *c = &conns[data[0] % NCONN];
		clock_ms += data[0] / NCONN * 250;   /* time goes by */
		data++, size--;
		const uint8_t *nl = memchr(data, '\n', size);
		size_t n = nl ? (size_t)(nl - data) : size;
		size_t k = n < NET_LINE_MAX ? n : NET_LINE_MAX;
		memcpy(line, data, k);
		line[k] = 0;
		data += n + (nl != NULL), size -= n + (nl != NULL);
		if (c->dead || c->closing)
			continue;
		/* as server.c's reader: a line that is not UTF-8 is refused */
		if (!net_line_ok(line, strlen(line)))
			continue;
		cmd_dispatch(c, line);
		store_commit(&srv);   /* as the event loop, after each turn */
	}
	for (int i = 0; i < NCONN; i++) {
		if (conns[i].game)
			game_leave(&conns[i]);
		seek_gone(&conns[i]);   /* (as server.c's reaper) */
		challenges_gone(&conns[i]);
	}
	/* the next input starts from no game: the store forgets them too */
	for (sgame *g = srv.games; g; g = g->next)
		store_forget(g);
	store_commit(&srv);
	while (srv.games)
		game_free(srv.games);
	return 0;
}
