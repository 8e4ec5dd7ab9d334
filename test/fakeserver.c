/*
 * fakeserver.c - a server that lies, for test/tui_online_test.sh: it
 * listens on the Unix socket SOCKET, takes one client, sends it the bytes
 * of FILE, and then, with "hold", keeps the connection open without
 * reading or answering for a minute (a server that stopped answering);
 * else closes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: fakeserver SOCKET FILE [hold]\n");
		return 2;
	}
	struct sockaddr_un sun;
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	if (strlen(argv[1]) >= sizeof sun.sun_path)
		return 2;
	memcpy(sun.sun_path, argv[1], strlen(argv[1]));
	unlink(argv[1]);
	int ls = socket(AF_UNIX, SOCK_STREAM, 0);
	if (ls < 0 || bind(ls, (struct sockaddr *)&sun, sizeof sun) < 0 || listen(ls, 4) < 0) {
		perror("fakeserver");
		return 1;
	}
	FILE *f = fopen(argv[2], "rb");
	static char buf[1 << 20];
	size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
	if (f)
		fclose(f);
	int c = accept(ls, NULL, NULL);
	if (c < 0)
		return 1;
	for (size_t done = 0; done < n;) {
		ssize_t w = write(c, buf + done, n - done);
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	struct timespec ts = { argc > 3 && !strcmp(argv[3], "hold") ? 60 : 1, 0 };
	nanosleep(&ts, NULL);
	close(c);
	close(ls);
	unlink(argv[1]);
	return 0;
}
