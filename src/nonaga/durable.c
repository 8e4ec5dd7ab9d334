/*
 * durable.c - files written so that a crash leaves each whole
 * (durable.h): the one write loop of the program (write_all: the
 * server's journal, the player's saved games, --client's lines), and the
 * one way a state file of the server is written (durable_write: a
 * temporary file, fsync, rename or link, fsync of the directory), used by
 * its store's records, ratings, players, names, door players and the
 * journal's resets.  Its temporary file has one name per file: the state
 * directory's lock makes the server its only writer.
 */
#include "durable.h"
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int write_all(int fd, const void *buf, size_t len, off_t at)
{
	const char *p = buf;
	while (len) {
		ssize_t w = at == WRITE_SOCKET ? send(fd, p, len, MSG_NOSIGNAL)
		            : at == WRITE_HERE ? write(fd, p, len)
		                               : pwrite(fd, p, len, at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			return -1;
		}
		p += w;
		len -= (size_t)w;
		if (at >= 0)
			at += w;
	}
	return 0;
}

int durable_sync_dir(const char *folder)
{
	int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int r = fd < 0 ? -1 : fsync(fd);
	if (fd >= 0) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return r;
}

int durable_write(const char *folder, const char *name, const void *buf, size_t len, int how)
{
	char tmp[PATH_MAX + 64], path[PATH_MAX + 64];
	int n = snprintf(tmp, sizeof tmp, "%s/.%s.tmp", folder, name);
	int m = snprintf(path, sizeof path, "%s/%s", folder, name);
	if (n < 0 || m < 0 || (size_t)n >= sizeof tmp || (size_t)m >= sizeof path)
		return errno = ENAMETOOLONG, -1;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	int ok = write_all(fd, buf, len, WRITE_HERE) == 0 && fsync(fd) == 0;
	int e = errno;
	if (!(how & DURABLE_KEEP)) {
		if (close(fd) < 0 && ok)
			ok = 0, e = errno;
		fd = -1;
	}
	if (ok && ((how & DURABLE_NEW) ? link(tmp, path) : rename(tmp, path)) < 0)
		ok = 0, e = errno;
	if (!ok || (how & DURABLE_NEW))
		unlink(tmp);   /* (after link: the temporary name) */
	if (ok && !(how & DURABLE_DIR_LATER) && durable_sync_dir(folder) < 0)
		ok = 0, e = errno;
	if (!ok) {
		if (fd >= 0)
			close(fd);
		return errno = e, -1;
	}
	return how & DURABLE_KEEP ? fd : 0;
}

int durable_keep(const char *path, char *kept, size_t size)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	/* a link keeps the very bytes: the files kept this way are replaced
	 * by a rename over their name (durable_write), never written in
	 * place; link never replaces */
	for (int k = 1; k < 100; k++) {
		int n = k == 1 ? snprintf(kept, size, "%s.damaged-%s", path, stamp)
		               : snprintf(kept, size, "%s.damaged-%s.%d", path, stamp, k);
		if (n < 0 || (size_t)n >= size)
			return errno = ENAMETOOLONG, -1;
		if (link(path, kept) == 0) {
			char folder[PATH_MAX];
			snprintf(folder, sizeof folder, "%s", path);
			return durable_sync_dir(dirname(folder));
		}
		if (errno != EEXIST)
			return -1;
	}
	return errno = EEXIST, -1;
}
