/*
 * wake.c - the wake-up pipe of the program's one wait (input.c): written
 * by a signal's handler (term.c) or a thread (input_wake), read by the
 * wait's poll.  Below both term.c and input.c, so that neither calls the
 * other for it.
 */
#include "ui.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int wake_fd[2] = { -1, -1 };

int wake_open(void)
{
	if (wake_fd[0] >= 0)
		return 0;
	if (pipe(wake_fd) != 0) {
		wake_fd[0] = wake_fd[1] = -1;
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(wake_fd[i], F_SETFL, fcntl(wake_fd[i], F_GETFL) | O_NONBLOCK);
		fcntl(wake_fd[i], F_SETFD, FD_CLOEXEC);
	}
	return 0;
}

/* Async-signal-safe: a signal's handler calls it (errno is kept). */
void wake_signal(void)
{
	if (wake_fd[1] >= 0) {
		int saved = errno;
		ssize_t r = write(wake_fd[1], "s", 1);
		(void)r;
		errno = saved;
	}
}

int wake_read_fd(void)
{
	return wake_fd[0];
}

void wake_drain(void)
{
	char buf[64];
	while (read(wake_fd[0], buf, sizeof buf) > 0)
		;
}
