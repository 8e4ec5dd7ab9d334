/*
 * lineproxy.c - between the curses client and the server, for
 * test/tui_lobby_news_test.sh: it listens on the Unix socket LISTEN and
 * joins each client that comes to the server at SERVER, writing every
 * line a client sends to LOG; with "old", a client's "lobby news" is
 * passed on as "lobby", so that the server answers as one older than
 * news did (a bare "ok", then bare "changed"); with "mute", also, the
 * server's bare "changed" lines are not passed on (a lobby then has only
 * the lists it asked for on coming).  It runs until killed.
 */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define PAIRS 16

static int unix_addr(struct sockaddr_un *sun, const char *path)
{
	memset(sun, 0, sizeof *sun);
	sun->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sun->sun_path)
		return -1;
	memcpy(sun->sun_path, path, strlen(path));
	return 0;
}

typedef struct pair {
	int cl, sv;
	char line[8192], back[8192];
	size_t len, blen;
} pair;

/* What the server sent, on to the client: whole lines, but for "changed"
 * (mute). */
static int from_server(pair *p, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p->blen < sizeof p->back)
			p->back[p->blen++] = buf[i];
		if (buf[i] != '\n')
			continue;
		if (!(p->blen == 8 && !memcmp(p->back, "changed\n", 8)) &&
		    write(p->cl, p->back, p->blen) != (ssize_t)p->blen)
			return -1;
		p->blen = 0;
	}
	return 0;
}

/* What the client sent: whole lines logged (and changed, with old), then
 * on to the server. */
static int from_client(pair *p, const char *buf, size_t n, FILE *log, int old)
{
	for (size_t i = 0; i < n; i++) {
		if (p->len < sizeof p->line - 1)
			p->line[p->len++] = buf[i];
		if (buf[i] != '\n')
			continue;
		p->line[p->len] = 0;
		fprintf(log, "%s", p->line);
		fflush(log);
		const char *out = old && !strcmp(p->line, "lobby news\n") ? "lobby\n" : p->line;
		if (write(p->sv, out, strlen(out)) < 0)
			return -1;
		p->len = 0;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_un at, to;
	if (argc < 4 || unix_addr(&at, argv[1]) < 0 || unix_addr(&to, argv[2]) < 0) {
		fprintf(stderr, "usage: lineproxy LISTEN SERVER LOG [old|mute]\n");
		return 2;
	}
	int old = argc > 4 && (!strcmp(argv[4], "old") || !strcmp(argv[4], "mute"));
	int mute = argc > 4 && !strcmp(argv[4], "mute");
	FILE *log = fopen(argv[3], "a");
	unlink(argv[1]);
	int ls = socket(AF_UNIX, SOCK_STREAM, 0);
	if (!log || ls < 0 || bind(ls, (struct sockaddr *)&at, sizeof at) < 0 || listen(ls, 4) < 0) {
		perror("lineproxy");
		return 1;
	}
	static pair p[PAIRS];
	int n = 0;
	for (;;) {
		struct pollfd fds[1 + 2 * PAIRS];
		fds[0] = (struct pollfd){ ls, POLLIN, 0 };
		for (int i = 0; i < n; i++) {
			fds[1 + 2 * i] = (struct pollfd){ p[i].cl, POLLIN, 0 };
			fds[2 + 2 * i] = (struct pollfd){ p[i].sv, POLLIN, 0 };
		}
		if (poll(fds, (nfds_t)(1 + 2 * n), -1) < 0)
			return 1;
		for (int i = n - 1; i >= 0; i--) {
			char buf[65536];
			int gone = 0;
			if (fds[1 + 2 * i].revents) {
				ssize_t k = read(p[i].cl, buf, sizeof buf);
				gone = k <= 0 || from_client(&p[i], buf, (size_t)k, log, old) < 0;
			}
			if (!gone && fds[2 + 2 * i].revents) {
				ssize_t k = read(p[i].sv, buf, sizeof buf);
				gone = k <= 0 || (mute ? from_server(&p[i], buf, (size_t)k) < 0
				                       : write(p[i].cl, buf, (size_t)k) != k);
			}
			if (gone) {
				close(p[i].cl);
				close(p[i].sv);
				p[i] = p[--n];
			}
		}
		if (fds[0].revents && n < PAIRS) {
			int c = accept(ls, NULL, NULL), s = socket(AF_UNIX, SOCK_STREAM, 0);
			if (c >= 0 && s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0) {
				p[n].cl = c, p[n].sv = s, p[n].len = p[n].blen = 0;
				n++;
			} else {
				close(c);
				close(s);
			}
		}
	}
}
