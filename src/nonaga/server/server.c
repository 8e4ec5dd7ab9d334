/*
 * server.c - `nonaga --serve': the event loop, the listening sockets and
 * the connections.  One thread; every socket is non-blocking and every
 * buffer is bounded:
 *
 *   - a line is at most NET_LINE_MAX bytes; a longer one is answered with
 *     "error line-too-long" and skipped up to its newline;
 *   - a client may send 20 commands a second (bursts of 100); one that
 *     sends more is told "error flood" and closed;
 *   - a client that does not read what it is sent is dropped when
 *     SERVER_OUT_MAX bytes wait for it or nothing could be written for a
 *     minute (its seat is kept, as for any lost connection);
 *   - a client that says nothing is closed after --idle seconds (IDLE_S;
 *     after LOGIN_S seconds, or --idle if shorter, on TCP before it logs
 *     in);
 *   - beyond max_clients connections, a new one is told "error busy" and
 *     closed.
 *
 * The loop runs one turn at a time (run): what the turn's callbacks send
 * waits in each connection's held buffer until store_commit has written
 * the turn's journal entries and, with --sync batch, made them durable
 * with one fdatasync for them all; only then is it released (flush), so
 * that nobody is told of a move the disk does not have.  A change the
 * disk has no room for is refused before it is made (store_room, in the
 * commands: "error disk-full"); a batch that fails to be written all the
 * same (an I/O error, a file system that cannot reserve room) is written
 * again at each turn (the loop turns twice a second), and until then
 * every answer waits: nothing is rolled back, since nobody was told.
 */
#include "server.h"
#include "server_arena.h"
#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define IDLE_S 900      /* --idle's default */
#define LOGIN_S 15
#define FLOOD_RATE 20.0
#define FLOOD_BURST 100.0

/* The end of a turn of the loop: the names first used in it and its
 * journal entries on disk, then what it sent.  1 when they could not be written (nothing released: tried
 * again at the next turn), -1 when the server cannot go on. */
static int flush(server *s)
{
	if (owners_commit(s) < 0)
		return 1;   /* (a welcome waits for its name) */
	int r = store_commit(s);
	if (r != 0)
		return r;
	for (int i = 0; i < s->nflush; i++) {
		conn *c = s->flushq[i];
		if (!c)
			continue;
		c->queued = 0;
		if (!c->dead)
			conn_release(c);
	}
	s->nflush = 0;
	return 0;
}

static void reap(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	server *s = arg;
	while (s->reap) {
		conn *c = s->reap;
		s->reap = c->reap_next;
		if (c->game)
			game_leave(c);
		seek_gone(c);
		arena_conn_gone(c);
		challenges_gone(c);
		if (c->queued)
			s->flushq[c->queued - 1] = NULL;
		if (c->prev)
			c->prev->next = c->next;
		else
			s->conns = c->next;
		if (c->next)
			c->next->prev = c->prev;
		s->nconns--;
		bufferevent_free(c->bev);
		evbuffer_free(c->held);
		free(c);
	}
}

/* --------------------------------------------------------------- input */

/* One more command: may it be sent now? */
static int flood_ok(conn *c)
{
	return server_bucket(&c->tokens, &c->refill_ms, FLOOD_RATE, FLOOD_BURST);
}

static void on_line(conn *c, char *line, size_t len)
{
	if (len && line[len - 1] == '\r')
		line[--len] = 0;
	if (!flood_ok(c)) {
		server_log("client %lu (%s) floods: closed", c->id, c->authed ? c->name : "-");
		conn_send(c, "error flood too many commands; closing");
		conn_close_after(c);
		return;
	}
	if (!net_line_ok(line, len)) {
		conn_send(c, "error bad-text a line must be UTF-8 without control characters");
		return;
	}
	cmd_dispatch(c, line);
}

static void on_read(struct bufferevent *bev, void *arg)
{
	conn *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	char line[NET_LINE_MAX + 2];
	while (!c->dead && !c->closing) {
		size_t eol_len;
		struct evbuffer_ptr eol = evbuffer_search_eol(in, NULL, &eol_len, EVBUFFER_EOL_LF);
		if (eol.pos < 0) {
			size_t have = evbuffer_get_length(in);
			if (have > NET_LINE_MAX + 1) {
				if (!c->skipping)
					conn_send(c, "error line-too-long a line has at most %d bytes",
					          NET_LINE_MAX);
				c->skipping = 1;
				evbuffer_drain(in, have);
			}
			return;
		}
		size_t n = (size_t)eol.pos;
		if (c->skipping || n > NET_LINE_MAX + 1) {
			if (!c->skipping)
				conn_send(c, "error line-too-long a line has at most %d bytes",
				          NET_LINE_MAX);
			c->skipping = 0;
			evbuffer_drain(in, n + 1);
			continue;
		}
		evbuffer_remove(in, line, n + 1);
		line[n] = 0;
		if (n == NET_LINE_MAX + 1 && line[n - 1] != '\r') {
			conn_send(c, "error line-too-long a line has at most %d bytes",
			          NET_LINE_MAX);
			continue;
		}
		on_line(c, line, n);
	}
	if (c->dead || c->closing)
		evbuffer_drain(in, evbuffer_get_length(in));
}

static void on_write(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn *c = arg;
	if (c->closing && !c->dead && !c->queued)
		conn_drop(c);
}

static void on_event(struct bufferevent *bev, short what, void *arg)
{
	(void)bev;
	conn *c = arg;
	if (what & BEV_EVENT_TIMEOUT)
		server_log("client %lu (%s) timed out", c->id, c->authed ? c->name : "-");
	else if ((what & BEV_EVENT_ERROR) && !c->closing)   /* (after quit: logged) */
		server_log("client %lu (%s) lost: %s", c->id, c->authed ? c->name : "-",
		           strerror(EVUTIL_SOCKET_ERROR()));
	else if (what & BEV_EVENT_EOF)
		server_log("client %lu (%s) left", c->id, c->authed ? c->name : "-");
	conn_drop(c);
}

/* ---------------------------------------------------------- accepting */

static void on_accept(struct evconnlistener *l, evutil_socket_t fd,
                      struct sockaddr *sa, int socklen, void *arg)
{
	(void)sa, (void)socklen;
	server *s = arg;
	int tcp = 0;
	for (int i = 0; i < s->nlis; i++)
		if (s->lis[i] == l)
			tcp = s->lis_tcp[i];
	if (s->nconns >= s->max_clients) {
		static const char busy[] = "error busy the server has too many connections\n";
		ssize_t w = write(fd, busy, sizeof busy - 1);
		(void)w;
		evutil_closesocket(fd);
		return;
	}
	conn *c = calloc(1, sizeof *c);
	struct evbuffer *held = c ? evbuffer_new() : NULL;
	struct bufferevent *bev = held ? bufferevent_socket_new(s->base, fd, BEV_OPT_CLOSE_ON_FREE)
	                               : NULL;
	if (!bev) {
		if (held)
			evbuffer_free(held);
		free(c);
		evutil_closesocket(fd);
		server_log("out of memory for a connection");
		return;
	}
	c->srv = s;
	c->bev = bev;
	c->held = held;
	c->id = ++s->next_id;
	c->tcp = tcp;
	c->role = -1;
	c->tokens = FLOOD_BURST;
	c->refill_ms = server_now_ms();
	c->next = s->conns;
	if (s->conns)
		s->conns->prev = c;
	s->conns = c;
	s->nconns++;
	bufferevent_setcb(bev, on_read, on_write, on_event, c);
	bufferevent_setwatermark(bev, EV_READ, 0, 64 * 1024);
	bufferevent_enable(bev, EV_READ | EV_WRITE);
	conn_send(c, "hello nonaga-online %d nonaga %s", NET_PROTO, NG_VERSION);
	if (tcp) {
		int one = 1;
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
		conn_timeouts(c, s->opt.idle < LOGIN_S ? s->opt.idle : LOGIN_S);
		return;
	}
	unsigned long uid;
	char why[256];
	if (net_peer_name(fd, c->name, sizeof c->name, &uid) < 0) {
		conn_send(c, "error login-refused cannot tell who you are");
		conn_close_after(c);
		return;
	}
	if (s->opt.gateway && !strcmp(c->name, s->opt.gateway)) {
		/* the SSH door: not a player until it says which (`as') */
		c->gateway = 1;
		conn_timeouts(c, s->opt.idle < LOGIN_S ? s->opt.idle : LOGIN_S);
		conn_send(c, "welcome %s", c->name);
		return;
	}
	if (owners_login(s, c->name, uid, why, sizeof why) < 0) {   /* another's name */
		conn_send(c, "error login-refused %s", why);
		conn_close_after(c);
		return;
	}
	conn_authed(c);
	conn_send(c, "welcome %s", c->name);
}

static void on_listen_error(struct evconnlistener *l, void *arg)
{
	(void)l, (void)arg;
	server_log("accept: %s", strerror(EVUTIL_SOCKET_ERROR()));
}

static void on_signal(evutil_socket_t sig, short what, void *arg)
{
	(void)what;
	server *s = arg;
	server_log("signal %d: saving and stopping", (int)sig);
	for (sgame *g = s->games; g; g = g->next)
		if (!g->how[0] && g->turn_ms)
			store_clock(g, game_left(g, NG_RED), game_left(g, NG_BLUE));
	s->stop = 1;
	event_base_loopbreak(s->base);
}

/* The loop's pulse: it turns at least every SERVER_TICK_MS, and reads
 * the server's time each time, so that a gap in which it did not run is
 * seen as such (server_now_ms) and charged to nobody's clock. */
static void on_tick(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
	server_now_ms();
}

/* ------------------------------------------------------------- set-up */

/* Room for as many clients as the file descriptors allow, up to 20000. */
static int client_limit(int wanted)
{
	struct rlimit rl;
	long n = 1024;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		if (rl.rlim_cur < rl.rlim_max) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_NOFILE, &rl);
			getrlimit(RLIMIT_NOFILE, &rl);
		}
		n = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 20064 ? 20064 : (long)rl.rlim_cur;
	}
	n -= 64;   /* listeners, files, the log */
	if (wanted > 0 && wanted < n)
		n = wanted;
	return n < 1 ? 1 : (int)n;
}

static int open_listeners(server *s, char *msg, size_t size)
{
	server_opts *o = &s->opt;
	/* The default socket is in a directory of our own: 0600.  A socket
	 * named with --listen is 0666: its directory decides who reaches
	 * it (a system-wide server's /run/nonaga, for every local user). */
	int def = o->nlisten == 0;
	if (def) {
		if (net_default_addr(&o->listen[0], 1, msg, size) < 0)
			return -1;
		o->nlisten = 1;
	}
	for (int i = 0; i < o->nlisten; i++) {
		net_addr *a = &o->listen[i];
		int fds[4];
		int mode = def ? 0600 : 0666;
		int n = net_listen(a, mode, fds, 4, msg, size);
		if (n < 0)
			return -1;
		if (a->unix_socket)
			memcpy(s->unix_paths[s->nunix++], a->path, sizeof a->path);
		for (int k = 0; k < n; k++) {
			struct evconnlistener *l = evconnlistener_new(s->base, on_accept, s,
			        LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, -1, fds[k]);
			if (!l) {
				snprintf(msg, size, "cannot listen: out of memory");
				return -1;
			}
			evconnlistener_set_error_cb(l, on_listen_error);
			s->lis_tcp[s->nlis] = !a->unix_socket;
			s->lis[s->nlis++] = l;
			char where[400];
			if (a->unix_socket) {
				net_addr_text(a, where, sizeof where);
			} else {
				struct sockaddr_storage ss;
				socklen_t len = sizeof ss;
				char host[128] = "?", port[16] = "?";
				if (getsockname(fds[k], (struct sockaddr *)&ss, &len) == 0)
					getnameinfo((struct sockaddr *)&ss, len, host, sizeof host,
					            port, sizeof port, NI_NUMERICHOST | NI_NUMERICSERV);
				snprintf(where, sizeof where, strchr(host, ':') ? "[%s]:%s" : "%s:%s",
				         host, port);
			}
			server_log("listening on %s", where);
		}
	}
	return 0;
}

/* Everything closed; served: the server had started (else it made
 * nothing, and its one line said why it could not start). */
static void close_all(server *s, int served)
{
	if (served && flush(s) > 0)
		server_log("stopping: the journal's last entries could not be written; "
		           "nobody was told of them");
	while (s->conns)
		conn_drop(s->conns), reap(-1, 0, s);
	reap(-1, 0, s);
	for (int i = 0; i < s->nlis; i++)
		evconnlistener_free(s->lis[i]);
	for (int i = 0; i < s->nunix; i++)
		unlink(s->unix_paths[i]);
	while (s->games)
		game_free(s->games);
	s->nflush = 0;
	free(s->flushq);
	s->flushq = NULL;
	if (served)
		server_log("stopping: %lu journal entries, %lu fdatasync calls", store_entries(s),
		           store_syncs(s));
	store_close(s);
}

/* One turn of the loop at a time, each ended by flush: its journal
 * entries made durable in one go (group commit) before its answers and
 * broadcasts are released. */
static int run(server *s)
{
	while (!s->stop) {
		linger_check(s);
		if (event_base_loop(s->base, EVLOOP_ONCE) < 0)
			return 1;
		if (flush(s) < 0) {
			server_log("stopping: a journal entry was lost, so no move can be "
			           "acknowledged");
			return 1;
		}
	}
	return 0;
}

int server_main(const server_opts *opt)
{
	static server srv;   /* one per process; only this thread touches it */
	server *s = &srv;
	char msg[512];
	s->opt = *opt;
	if (s->opt.grace <= 0)
		s->opt.grace = 120;
	if (s->opt.idle <= 0)
		s->opt.idle = IDLE_S;
	s->max_clients = client_limit(opt->max_clients);
	signal(SIGPIPE, SIG_IGN);
	s->base = event_base_new();
	if (!s->base) {
		fprintf(stderr, "nonaga: cannot start the event loop\n");
		return 1;
	}
	s->reaper = event_new(s->base, -1, 0, reap, s);
	s->lobby = lobby_timer_new(s);
	struct event *sigs[2] = {
		evsignal_new(s->base, SIGINT, on_signal, s),
		evsignal_new(s->base, SIGTERM, on_signal, s),
	};
	struct event *tick = event_new(s->base, -1, EV_PERSIST, on_tick, s);
	struct timeval tick_tv = { 0, SERVER_TICK_MS * 1000 };
	int status = 1, served = 0;
	if (!s->reaper || !s->lobby || !sigs[0] || !sigs[1] || !tick ||
	    event_add(sigs[0], NULL) || event_add(sigs[1], NULL) || event_add(tick, &tick_tv)) {
		fprintf(stderr, "nonaga: cannot start the event loop\n");
	} else if (store_lock(s, msg, sizeof msg) < 0 ||
	           linger_init(s, msg, sizeof msg) < 0 ||   /* (before the default --listen is set) */
	           open_listeners(s, msg, sizeof msg) < 0 ||   /* (before the state is touched) */
	           store_open(s, msg, sizeof msg) < 0 ||
	           owners_load(s, msg, sizeof msg) < 0 ||
	           door_load(s, msg, sizeof msg) < 0 ||
	           players_load(s, msg, sizeof msg) < 0 ||
	           computers_init(s, msg, sizeof msg) < 0 ||
	           matches_init(s, msg, sizeof msg) < 0) {
		fprintf(stderr, "nonaga: %s\n", msg);
	} else {
		int n = 0;
		for (srec *r = store_games(s); r; r = r->next)
			n += game_restore(s, r) != NULL;
		computers_resume(s);
		arenas_resume(s);
		if (arena_schedule_start(s, msg, sizeof msg) < 0)
			server_log("%s", msg);
		server_log("nonaga %s (pid %ld) serving %d game%s from %s, up to %d client%s",
		           NG_VERSION, (long)getpid(), n, n == 1 ? "" : "s", s->state,
		           s->max_clients, s->max_clients == 1 ? "" : "s");
		served = 1;
		status = run(s);
	}
	close_all(s, served);
	matches_free(s);
	computers_free(s);
	door_free(s);
	owners_free(s);
	players_free(s);
	challenges_free(s);
	arena_schedule_free(s);
	linger_free(s);
	for (int i = 0; i < 2; i++)
		if (sigs[i])
			event_free(sigs[i]);
	if (tick)
		event_free(tick);
	if (s->reaper)
		event_free(s->reaper);
	if (s->lobby)
		event_free(s->lobby);
	lobby_free(s);
	event_base_free(s->base);
	return status;
}
