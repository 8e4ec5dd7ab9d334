/*
 * server_dir.c - the server's state directory itself: made with mode 0700
 * where missing, refused unless it is a directory of ours (not a symbolic
 * link), locked for one server (state_lock), and its TCP key (32 hex
 * digits, mode 0600), read or made.  What the directory holds is
 * theirs, each file written durably by durable.c.
 */
#include "server.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* mkdir -p with mode 0700 for what it creates. */
static int make_dirs(const char *path)
{
	char buf[PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0700) < 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(buf, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

int state_own_dir(const char *dir, char *msg, size_t size)
{
	struct stat st;
	if (make_dirs(dir) < 0 || lstat(dir, &st) < 0) {
		snprintf(msg, size, "cannot use the state directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(msg, size, "refusing the state directory %s: %s", dir,
		         S_ISDIR(st.st_mode) ? "it belongs to another user"
		                             : "it is not a directory (or is a symbolic link)");
		return -1;
	}
	return 0;
}

/* The pid the lock file of another server holds: it writes it just
 * after it takes the lock, so an empty file is waited for a moment. */
static long lock_holder(int fd)
{
	for (int tries = 0; tries < 50; tries++) {
		char buf[32];
		ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
		buf[n > 0 ? n : 0] = 0;
		long pid = atol(buf);
		if (pid > 0)
			return pid;
		struct timespec ts = { 0, 20 * 1000000L };
		nanosleep(&ts, NULL);
	}
	return 0;
}

int state_lock(const char *dir, char *msg, size_t size)
{
	char path[PATH_MAX + 16];
	struct stat st;
	snprintf(path, sizeof path, "%s/lock", dir);
	/* (an existing lock file is opened as it is: a server that loses
	 * changes no byte of the directory) */
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(msg, size, "cannot lock the state directory %s: %s", dir,
		         fd < 0 ? strerror(errno) : "its file lock is not a regular file");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;
		long pid = e == EWOULDBLOCK ? lock_holder(fd) : 0;
		if (e != EWOULDBLOCK)
			snprintf(msg, size, "cannot lock the state directory %s: %s", dir,
			         strerror(e));
		else if (pid)
			snprintf(msg, size, "another server (pid %ld) uses %s", pid, dir);
		else
			snprintf(msg, size, "another server uses %s", dir);
		close(fd);
		return -1;
	}
	/* who holds it, for the next one (best effort: a full disk takes
	 * nothing from the lock, and the start then says what it cannot
	 * write) */
	char line[32];
	int n = snprintf(line, sizeof line, "%ld\n", (long)getpid());
	int wrote = ftruncate(fd, 0) == 0 && pwrite(fd, line, (size_t)n, 0) == n;
	(void)wrote;
	return fd;
}

static int read_key(server *s, const char *path, char *msg, size_t size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	char buf[NET_KEY_HEX + 2];
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
	int bad = fd < 0 || fstat(fd, &st) < 0 || (st.st_mode & 077) ||
	          st.st_uid != geteuid() || n < NET_KEY_HEX ||
	          strspn(buf, "0123456789abcdef") != NET_KEY_HEX;
	if (fd >= 0)
		close(fd);
	if (bad) {
		snprintf(msg, size, "refusing the key file %s: it must be 32 hex digits, "
		         "yours, mode 0600 (remove it to make a new one)", path);
		return -1;
	}
	memcpy(s->key, buf, NET_KEY_HEX);
	s->key[NET_KEY_HEX] = 0;
	return 0;
}

static int make_key(server *s, const char *path, char *msg, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST)
		return read_key(s, path, msg, size);
	char line[NET_KEY_HEX + 2];
	if (fd < 0 || net_random_hex(s->key) < 0) {
		snprintf(msg, size, "cannot make the key %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	snprintf(line, sizeof line, "%s\n", s->key);
	if (write(fd, line, strlen(line)) != (ssize_t)strlen(line) || close(fd) < 0) {
		snprintf(msg, size, "cannot write the key %s: %s", path, strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

int state_key(server *s, const char *path, char *msg, size_t size)
{
	return access(path, F_OK) == 0 ? read_key(s, path, msg, size)
	                               : make_key(s, path, msg, size);
}
