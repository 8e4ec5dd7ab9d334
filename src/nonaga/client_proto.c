/*
 * client_proto.c - the client's side of the online protocol (client_proto.h): lines
 * from the server become events; nothing from the wire is trusted (names
 * are checked, text is made safe, numbers are bounded).
 */
#include "client_proto.h"
#include "client_mine.h"
#include "savefile.h"
#include "i18n.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int64_t online_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int online_connect(online *on, const netclient_opts *o, char *msg, size_t size)
{
	netclient_info via;
	int fd = netclient_open(o, on->name, sizeof on->name, &via, msg, size);
	if (fd < 0)
		return -1;
	int fl = fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	on->fd = fd;
	on->o = *o;
	on->o.server = via.server;   /* the one given, wherever it was */
	on->started = via.started;
	on->where = via.where;
	on->tcp = via.tcp;
	on->inlen = 0;
	on->skipping = 0;
	on->npending = 0;
	on->sync_left = 0;
	return 0;
}

void online_close(online *on)
{
	if (on->fd >= 0 && online_send(on, OC_OTHER, "quit") == 0) {
		/* until the server closes ("ok bye"), for at most 300 ms */
		int64_t end = online_now_ms() + 300;
		struct pollfd pf = { on->fd, POLLIN, 0 };
		char buf[4096];
		while (online_now_ms() < end && poll(&pf, 1, (int)(end - online_now_ms())) > 0 &&
		       read(on->fd, buf, sizeof buf) > 0)
			;
	}
	online_drop(on);
}

void online_drop(online *on)
{
	if (on->fd >= 0)
		close(on->fd);
	on->fd = -1;
	on->npending = 0;
}

int online_send(online *on, oc_kind k, const char *fmt, ...)
{
	char line[NET_LINE_MAX + 2];
	if (on->fd < 0)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || n > NET_LINE_MAX)
		return -1;
	line[n++] = '\n';
	/* a line is small: the socket's buffer takes it whole or the server
	 * is not reading, which is as good as gone */
	for (int done = 0; done < n;) {
		ssize_t w = net_write(on->fd, line + done, (size_t)(n - done));
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		done += (int)w;
	}
	on->sent_at = online_now_ms();
	if (on->npending < ONLINE_PENDING) {
		on->pending_at[on->npending] = on->sent_at;
		on->pending[on->npending++] = k;
	}
	return 0;
}

int online_read(online *on)
{
	if (on->fd < 0)
		return -1;
	for (;;) {
		if (on->skipping) {
			char *nl = memchr(on->in, '\n', on->inlen);
			size_t drop = nl ? (size_t)(nl - on->in) + 1 : on->inlen;
			memmove(on->in, on->in + drop, on->inlen - drop);
			on->inlen -= drop;
			on->skipping = !nl;
		}
		if (on->inlen == sizeof on->in) {
			if (memchr(on->in, '\n', on->inlen))
				return 1;   /* whole lines to read first */
			on->inlen = 0;      /* longer than any line the server sends */
			on->skipping = 1;
		}
		ssize_t r = read(on->fd, on->in + on->inlen, sizeof on->in - on->inlen);
		if (r > 0) {
			on->inlen += (size_t)r;
			continue;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		return -1;
	}
}

int online_stalled(online *on, int ms)
{
	int64_t now = online_now_ms();
	if (on->fd >= 0 && now - on->sent_at > 60000)
		online_send(on, OC_OTHER, "ping");
	return on->fd >= 0 && on->npending && now - on->pending_at[0] > ms;
}

/* ---------------------------------------------------------------- tokens */

/*
 * A TCP seat's token is kept in the state directory, in tokens/ (mode
 * 0700), one file per server and game ("HOST_PORT-GAME", mode 0600), so
 * that --join gives the seat back after the client died.
 */
static int token_path(const online *on, const char *game, char *path, size_t size)
{
	char dir[PATH_MAX], msg[SAVE_MSG], srv[300];
	if (!on->tcp || !on->o.server || save_dir(dir, sizeof dir, msg) != SAVE_OK)
		return -1;
	size_t k = 0;
	for (const char *p = on->o.server; *p && k + 1 < sizeof srv; p++)
		srv[k++] = net_name_ok((char[]){ *p, 0 }) ? *p : '_';
	srv[k] = 0;
	int n = snprintf(path, size, "%s/tokens", dir);
	if (n < 0 || (size_t)n >= size || (mkdir(path, 0700) < 0 && errno != EEXIST))
		return -1;
	n = snprintf(path, size, "%s/tokens/%s-%s", dir, srv, game);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static void keep_token(const online *on, const char *game, const char *token)
{
	char path[PATH_MAX + 400];
	if (token_path(on, game, path, sizeof path) < 0)
		return;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	if (write(fd, token, strlen(token)) < 0)
		unlink(path);
	close(fd);
}

int online_join(online *on, const char *game, int side)
{
	char path[PATH_MAX + 400], token[NET_KEY_HEX + 2] = "";
	snprintf(on->want, sizeof on->want, "%.*s", NET_NAME_MAX, game);
	if (token_path(on, game, path, sizeof path) == 0) {
		int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		ssize_t n = fd >= 0 ? read(fd, token, NET_KEY_HEX) : -1;
		if (fd >= 0)
			close(fd);
		token[n == NET_KEY_HEX ? NET_KEY_HEX : 0] = 0;
		if (strspn(token, "0123456789abcdef") != NET_KEY_HEX)
			token[0] = 0;
	}
	if (token[0])
		return online_send(on, OC_JOIN, "join %s %s", game, token);
	if (side == NG_RED || side == NG_BLUE)
		return online_send(on, OC_JOIN, "join %s %s", game, side == NG_RED ? "red" : "blue");
	return online_send(on, OC_JOIN, "join %s", game);
}

void online_forget_token(online *on, const char *game)
{
	char path[PATH_MAX + 400];
	if (token_path(on, game, path, sizeof path) == 0)
		unlink(path);
}

/* ------------------------------------------------------------- parsing */

static oc_kind answered(online *on)
{
	if (!on->npending)
		return OC_NONE;
	oc_kind k = on->pending[0];
	on->npending--;
	memmove(on->pending, on->pending + 1, (size_t)on->npending * sizeof *on->pending);
	memmove(on->pending_at, on->pending_at + 1, (size_t)on->npending * sizeof *on->pending_at);
	return k;
}

static void name_of(const char *w, char *out)
{
	if (w && net_name_ok(w))
		snprintf(out, NET_NAME_MAX + 1, "%s", w);
	else
		snprintf(out, NET_NAME_MAX + 1, "?");
}

static int64_t ms_of(const char *w)
{
	long long v = w ? atoll(w) : -1;
	return v < 0 ? -1 : v > 86400000LL * NET_DAYS_MAX ? 86400000LL * NET_DAYS_MAX : v;
}

/* clock=M+I, clock=Dd (days a move: as many minutes, no increment) or
 * clock=none */
static void clock_of(const char *w, online_ev *ev)
{
	int d;
	char rest;
	ev->clock_days = 0;
	if (sscanf(w, "%d+%d", &ev->clock_min, &ev->clock_inc) == 2)
		return;
	ev->clock_min = ev->clock_inc = 0;
	if (sscanf(w, "%dd%c", &d, &rest) == 1 && d >= 1 && d <= NET_DAYS_MAX) {
		ev->clock_days = d;
		ev->clock_min = d * 1440;
	}
}

static ng_result result_of(const char *w)
{
	return !w ? NG_NONE : !strcmp(w, "red") ? NG_RED_WINS : !strcmp(w, "blue")
	       ? NG_BLUE_WINS : !strcmp(w, "draw") ? NG_DRAW : NG_NONE;
}

static int side_of(const char *w)
{
	return !w ? -1 : !strcmp(w, "red") ? NG_RED : !strcmp(w, "blue") ? NG_BLUE : -1;
}

/* "sync NAME key=value ..." */
static void parse_sync(online *on, char **w, int n, online_ev *ev)
{
	ev->kind = OE_SYNC;
	name_of(n > 1 ? w[1] : NULL, ev->name);
	snprintf(on->game, sizeof on->game, "%s", ev->name);
	if (on->keep_token && net_name_ok(on->game))
		keep_token(on, on->game, on->token);
	on->keep_token = 0;
	ev->side = -1;
	for (int i = 2; i < n; i++) {
		char *eq = strchr(w[i], '=');
		if (!eq)
			continue;
		*eq++ = 0;
		if (!strcmp(w[i], "rules"))
			ev->rules = !strcmp(eq, "simple") ? NG_SIMPLE : NG_STANDARD;
		else if (!strcmp(w[i], "clock"))
			clock_of(eq, ev);
		else if (!strcmp(w[i], "red"))
			strcmp(eq, "-") ? name_of(eq, ev->red) : (void)(ev->red[0] = 0);
		else if (!strcmp(w[i], "blue"))
			strcmp(eq, "-") ? name_of(eq, ev->blue) : (void)(ev->blue[0] = 0);
		else if (!strcmp(w[i], "moves"))
			ev->n = atoi(eq) < 0 ? 0 : atoi(eq) > NG_RECORD_MAX_MOVES ? NG_RECORD_MAX_MOVES
			                                                            : atoi(eq);
		else if (!strcmp(w[i], "result"))
			ev->result = result_of(eq);
		else if (!strcmp(w[i], "how"))
			snprintf(ev->code, sizeof ev->code, "%.31s", eq);
		else if (!strcmp(w[i], "you"))
			ev->side = side_of(eq);
		else if (!strcmp(w[i], "ratings") && strchr(eq, ':')) {
			client_rating_text(eq, ev->rating[NG_RED], sizeof ev->rating[NG_RED]);
			client_rating_text(strchr(eq, ':') + 1, ev->rating[NG_BLUE],
			                   sizeof ev->rating[NG_BLUE]);
		}
	}
	on->side = ev->side;
	on->sync_left = ev->n;
}

/* A seat's token (from `ok seat' or `paired'), kept for the sync that
 * follows when it is one. */
static void take_token(online *on, const char *token)
{
	if (strlen(token) == NET_KEY_HEX && strspn(token, "0123456789abcdef") == NET_KEY_HEX) {
		snprintf(on->token, sizeof on->token, "%s", token);
		on->keep_token = 1;
	}
}

/* "paired GAME SIDE OPPONENT TOKEN": the seat is this connection's, its
 * token kept as after `ok seat' (for the sync that follows). */
static void parse_paired(online *on, char **w, online_ev *ev)
{
	ev->kind = OE_PAIRED;
	snprintf(ev->text, sizeof ev->text, "%s", w[1]);
	snprintf(on->want, sizeof on->want, "%s", w[1]);
	ev->side = on->side = side_of(w[2]);
	name_of(w[3], ev->name);
	take_token(on, w[4]);
}

/* An answer, "ok ..." or "error CODE ...", to what on asked first. */
static void parse_answer(online *on, char **w, int n, const char *rest, online_ev *ev)
{
	if (!strcmp(w[0], "ok")) {
		ev->kind = OE_OK;
		ev->cmd = answered(on);
		if ((ev->cmd == OC_HOST || ev->cmd == OC_JOIN) && n >= 4 && !strcmp(w[1], "seat")) {
			on->side = side_of(w[2]);
			take_token(on, w[3]);
		}
		snprintf(ev->code, sizeof ev->code, "%.31s", n >= 2 ? w[1] : "");
		snprintf(ev->text, sizeof ev->text, "%s", rest);
	} else {
		ev->kind = OE_ERROR;
		ev->cmd = answered(on);
		snprintf(ev->code, sizeof ev->code, "%.31s", w[1] ? w[1] : "?");
		/* the server explains in English; what the player must do
		 * about a full disk is said in the player's language */
		if (!strcmp(ev->code, "disk-full") || !strcmp(ev->code, "disk-error"))
			snprintf(ev->text, sizeof ev->text, "%s",
			         !strcmp(ev->code, "disk-full")
			         /* TRANSLATORS: after "The server says: ", in one
			            line of 80 columns */
			         ? _("the server's disk is full: nothing was changed; try later.")
			         /* TRANSLATORS: as the one before */
			         : _("the server cannot write its disk: nothing changed; try later."));
		else
			snprintf(ev->text, sizeof ev->text, "%s", rest);
	}
}

/* What the server tells a player of others (pairings, challenges, arenas,
 * invitations): 1 when line w was one, else 0. */
static int parse_others(online *on, char **w, int n, online_ev *ev)
{
	const char *k = w[0];
	if (!strcmp(k, "paired") && n >= 5 && net_name_ok(w[1]) && side_of(w[2]) >= 0) {
		parse_paired(on, w, ev);
	} else if (!strcmp(k, "queued") && n >= 3) {
		ev->kind = OE_QUEUED;
		ev->n = atoi(w[1]) < 0 ? 0 : atoi(w[1]) > 9999 ? 9999 : atoi(w[1]);
		name_of(w[2], ev->name);
	} else if (!strcmp(k, "challenged") && n >= 5 && atol(w[1]) > 0) {
		ev->kind = OE_CHALLENGED;
		ev->n = (int)(atol(w[1]) > 1000000000 ? 0 : atol(w[1]));
		name_of(w[2], ev->name);
		snprintf(ev->text, sizeof ev->text, "%.15s", strspn(w[3], "0123456789+d") ==
		         strlen(w[3]) || !strcmp(w[3], "none") ? w[3] : "?");
		ev->rules = !strcmp(w[4], "simple") ? NG_SIMPLE : NG_STANDARD;
	} else if (!strcmp(k, "declined") && n >= 3) {
		ev->kind = OE_DECLINED;
		ev->n = atoi(w[1]);
		name_of(w[2], ev->name);
	} else if (!strcmp(k, "arena") || !strcmp(k, "standing")) {
		ev->kind = k[0] == 'a' ? OE_ARENA : OE_STANDING;   /* (text: the line) */
	} else if (!strcmp(k, "arena-over") && n >= 3 && net_name_ok(w[1])) {
		ev->kind = OE_ARENA_OVER;
		snprintf(ev->text, sizeof ev->text, "%s", w[1]);
		name_of(w[2], ev->name);
		ev->name[!strcmp(w[2], "-") ? 0 : NET_NAME_MAX] = 0;
	} else if (!strcmp(k, "invited") && n >= 3 && net_name_ok(w[2])) {
		ev->kind = OE_INVITED;
		name_of(w[1], ev->name);
		snprintf(ev->text, sizeof ev->text, "%s", w[2]);
	} else {
		return 0;
	}
	return 1;
}

static void parse(online *on, char *line, online_ev *ev)
{
	char raw[NET_LINE_MAX + 1], *w[12];
	snprintf(raw, sizeof raw, "%s", line);
	netclient_clean(raw, strlen(raw), ev->text);
	/* the rest of the line after the first two words, for chat */
	const char *after2 = line;
	for (int k = 0; k < 2 && *after2; k++) {
		after2 += strcspn(after2, " ");
		after2 += *after2 == ' ';
	}
	char rest[NET_LINE_MAX + 1];
	netclient_clean(after2, strlen(after2), rest);
	int n = 0;
	for (char *p = strtok(line, " "); p && n < 12; p = strtok(NULL, " "))
		w[n++] = p;
	for (int i = n; i < 12; i++)
		w[i] = NULL;
	ev->kind = OE_OTHER;
	ev->ms[0] = ev->ms[1] = -1;
	if (!n)
		return;
	const char *k = w[0];
	if (!strcmp(k, "ok") || !strcmp(k, "error")) {
		parse_answer(on, w, n, rest, ev);
	} else if (!strcmp(k, "sync")) {
		parse_sync(on, w, n, ev);
	} else if (!strcmp(k, "moved") && n >= 3) {
		ev->kind = OE_MOVED;
		ev->n = atoi(w[1]);
		snprintf(ev->text, sizeof ev->text, "%.95s", w[2]);
		ev->ms[0] = ms_of(w[3]);
		ev->ms[1] = ms_of(w[4]);
		if (on->sync_left > 0) {
			ev->quiet = 1;
			on->sync_left--;
		}
	} else if (!strcmp(k, "undone") && n >= 2) {
		ev->kind = OE_UNDONE;
		ev->n = atoi(w[1]);
	} else if (!strcmp(k, "over") && n >= 3) {
		ev->kind = OE_OVER;
		ev->result = result_of(w[1]);
		snprintf(ev->code, sizeof ev->code, "%.31s", w[2]);
	} else if (!strcmp(k, "seated") && n >= 3) {
		ev->kind = OE_SEATED;
		ev->side = side_of(w[1]);
		name_of(w[2], ev->name);
		if (n >= 4 && !strncmp(w[3], "rating=", 7) && ev->side >= 0)
			client_rating_text(w[3] + 7, ev->rating[ev->side], sizeof ev->rating[ev->side]);
	} else if (!strcmp(k, "away") && n >= 3) {
		ev->kind = OE_AWAY;
		name_of(w[1], ev->name);
		ev->n = atoi(w[2]) < 0 ? 0 : atoi(w[2]) > 86400 ? 86400 : atoi(w[2]);
		ev->side = side_of(w[3]);
	} else if (!strcmp(k, "back") && n >= 2) {
		ev->kind = OE_BACK;
		name_of(w[1], ev->name);
		ev->side = side_of(w[2]);
	} else if (!strcmp(k, "offer") && n >= 3) {
		ev->kind = OE_OFFER;
		snprintf(ev->code, sizeof ev->code, "%s", !strcmp(w[1], "draw") ? "draw" : "takeback");
		name_of(w[2], ev->name);
		ev->side = side_of(w[3]);   /* (a later field: older servers omit it) */
	} else if (!strcmp(k, "chat") && n >= 2) {
		ev->kind = OE_CHAT;
		name_of(w[1], ev->name);
		snprintf(ev->text, sizeof ev->text, "%s", rest);
	} else if (!strcmp(k, "clock") && n >= 3) {
		ev->kind = OE_CLOCK;
		ev->ms[0] = ms_of(w[1]);
		ev->ms[1] = ms_of(w[2]);
	} else if (!strcmp(k, "detached")) {
		ev->kind = OE_DETACHED;
		memcpy(ev->name, on->game, sizeof ev->name);   /* the game left */
		on->side = -1;
		on->game[0] = 0;
	} else if (!strcmp(k, "game") || !strcmp(k, "user")) {
		ev->kind = OE_LIST;
	} else if (!strcmp(k, "changed")) {
		ev->kind = OE_CHANGED;
	} else {
		parse_others(on, w, n, ev);   /* (or OE_OTHER, as set above) */
	}
}

int online_next(online *on, online_ev *ev)
{
	char *nl = memchr(on->in, '\n', on->inlen);
	if (!nl)
		return 0;
	size_t n = (size_t)(nl - on->in);
	char line[NET_LINE_MAX + 1];
	size_t k = n < NET_LINE_MAX ? n : NET_LINE_MAX;
	memcpy(line, on->in, k);
	line[k] = 0;
	if (k && line[k - 1] == '\r')
		line[k - 1] = 0;
	memmove(on->in, nl + 1, on->inlen - n - 1);
	on->inlen -= n + 1;
	memset(ev, 0, sizeof *ev);
	/* a NUL inside the line ends it here: the rest is not shown */
	parse(on, line, ev);
	return 1;
}

void online_clock_text(int64_t ms, int days, char *out, size_t size)
{
	long long s = ms < 0 ? 0 : (ms + 999) / 1000;
	if (days && s >= 86400)
		/* TRANSLATORS: days, hours and minutes left in a game of days a
		   move, as 1d 23:59. */
		snprintf(out, size, _("%lldd %02lld:%02lld"), s / 86400, s % 86400 / 3600,
		         s % 3600 / 60);
	else if (days)
		snprintf(out, size, "%lld:%02lld:%02lld", s / 3600, s % 3600 / 60, s % 60);
	else
		snprintf(out, size, "%lld:%02lld", s / 60, s % 60);
}
