/*
 * cli_client.c - `nonaga --client': the online protocol on standard input
 * and output, for scripts, bots and tests.  It connects (starting a server
 * for the default address if none answers), logs in with the key over
 * TCP, prints "welcome NAME", then copies lines from standard input to the
 * server and the server's lines to standard output, each made safe for a
 * terminal (netclient_clean).  At the end of the input it sends quit and
 * prints what is left.  Exit status 0, or 1 when the server could not be
 * reached or closed the connection before the input ended.
 */
#include "i18n.h"
#include "mains.h"
#include "client_connect.h"
#include "closeout.h"
#include "durable.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Print the whole lines in buf[0..*len) and keep the rest. */
static int print_lines(char *buf, size_t *len)
{
	static char clean[NET_LINE_MAX * 2 + 2];
	char *start = buf, *nl;
	while ((nl = memchr(start, '\n', *len - (size_t)(start - buf)))) {
		size_t n = (size_t)(nl - start);
		if (n && start[n - 1] == '\r')
			n--;
		if (n > NET_LINE_MAX * 2)
			n = NET_LINE_MAX * 2;
		netclient_clean(start, n, clean);
		size_t k = strlen(clean);
		clean[k++] = '\n';
		if (write_all(1, clean, k, WRITE_HERE) < 0)
			return -1;
		start = nl + 1;
	}
	*len -= (size_t)(start - buf);
	memmove(buf, start, *len);
	return 0;
}

int client_line_main(const netclient_opts *o)
{
	char name[NET_NAME_MAX + 1], msg[512];
	netclient_info via;
	int fd = netclient_open(o, name, sizeof name, &via, msg, sizeof msg);
	if (fd < 0) {
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	if (via.started)
		fprintf(stderr, _("nonaga: started a server in the background\n"));
	printf("welcome %s\n", name);
	if (fflush(stdout) == EOF) {
		closeout_failed(errno);   /* told by main (close_stdout) */
		close(fd);
		return 1;
	}
	static char in[NET_LINE_MAX * 4], out[NET_LINE_MAX * 4];
	size_t outlen = 0;
	int input_open = 1;
	for (;;) {
		struct pollfd p[2] = { { fd, POLLIN, 0 }, { 0, POLLIN, 0 } };
		if (poll(p, input_open ? 2 : 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (input_open && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) {
			ssize_t r = read(0, in, sizeof in);
			if (r <= 0) {
				input_open = 0;
				write_all(fd, "quit\n", 5, WRITE_SOCKET);
			} else if (write_all(fd, in, (size_t)r, WRITE_SOCKET) < 0) {
				break;
			}
		}
		if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (outlen == sizeof out)
				outlen = 0;   /* a line longer than any the server sends */
			ssize_t r = read(fd, out + outlen, sizeof out - outlen);
			if (r <= 0)
				break;
			outlen += (size_t)r;
			if (print_lines(out, &outlen) < 0) {
				write_error(errno);
				close(fd);
				return 1;
			}
		}
	}
	close(fd);
	if (input_open) {
		fprintf(stderr, "%s", _("nonaga: the server closed the connection\n"));
		return 1;
	}
	return 0;
}
