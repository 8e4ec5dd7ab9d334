/*
 * syncshim.c - an LD_PRELOAD shim for test/durable_test.c: what the
 * server asks of the kernel, in order, as lines of $NONAGA_SHIM_LOG:
 *
 *   J TEXT    an entry's frame written to the journal (or .journal.tmp)
 *   D         fdatasync or fsync of the journal
 *   N LINE    a line written to a socket (what a client is told)
 *   W LINE    a line written to the players' names (.names.tmp)
 *   F         fsync of .names.tmp
 *   R         .names.tmp renamed to names
 *   S         fsync of a directory
 *
 * so that the test sees that every move was on the disk (written, then
 * synced) before anyone was told of it: a kill cannot show a skipped
 * sync, the kernel keeps what was written.  The file behind a descriptor
 * is found by /proc/self/fd, each time (a descriptor is reused).
 *
 * It is built plainly for both variants (Makefile): under ASan the test
 * preloads the sanitizer's runtime first and this after it, so that the
 * runtime's interceptors come first and call through to these, which
 * call the C library.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static ssize_t (*real_write)(int, const void *, size_t);
static int trace = -2;   /* the log's descriptor; -2 not yet opened */

static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

static void out(const char *kind, const char *text, size_t len)
{
	char line[8192];
	if (!real_write)
		real_write = (ssize_t (*)(int, const void *, size_t))next("write");
	if (trace == -2) {
		const char *path = getenv("NONAGA_SHIM_LOG");
		trace = path ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600) : -1;
	}
	if (trace < 0)
		return;
	if (len > sizeof line - 8)
		len = sizeof line - 8;
	int k = snprintf(line, sizeof line, len ? "%s " : "%s", kind);
	memcpy(line + k, text, len);
	line[k + (int)len] = '\n';
	real_write(trace, line, (size_t)k + len + 1);
}

/* 1 for the journal, 2 for a socket, 3 for the names' temporary file, 4
 * for a directory, 0 for anything else. */
static int what(int fd)
{
	char link[64], path[4096];
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0)
		return 0;
	if (S_ISSOCK(st.st_mode))
		return 2;
	if (S_ISDIR(st.st_mode))
		return 4;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, sizeof path - 1);
	if (n <= 0)
		return 0;
	path[n] = 0;
	size_t l = (size_t)n;
	if (l >= 11 && !strcmp(path + l - 11, "/.names.tmp"))
		return 3;
	return (l >= 8 && !strcmp(path + l - 8, "/journal")) ||
	       (l >= 13 && !strcmp(path + l - 13, "/.journal.tmp"));
}

/* What was written to fd, to the trace. */
static void seen(int fd, const unsigned char *p, size_t n)
{
	int kind = what(fd);
	if (kind == 1) {
		/* frames: length, check, text (writes are whole batches) */
		for (size_t at = 0; at + 8 <= n;) {
			size_t len = (size_t)p[at] | (size_t)p[at + 1] << 8 |
			             (size_t)p[at + 2] << 16 | (size_t)p[at + 3] << 24;
			if (at + 8 + len > n)
				len = n - at - 8;
			out("J", (const char *)p + at + 8, len);
			at += 8 + len;
		}
	} else if (kind == 2 || kind == 3) {
		for (size_t at = 0; at < n;) {
			const unsigned char *nl = memchr(p + at, '\n', n - at);
			size_t len = nl ? (size_t)(nl - p) - at : n - at;
			out(kind == 2 ? "N" : "W", (const char *)p + at, len);
			at += len + 1;
		}
	}
}

ssize_t write(int fd, const void *buf, size_t n)
{
	if (!real_write)
		real_write = (ssize_t (*)(int, const void *, size_t))next("write");
	ssize_t r = real_write(fd, buf, n);
	if (r > 0)
		seen(fd, buf, (size_t)r);
	return r;
}

/* The journal writes its batches at its end with pwrite (a batch whose
 * write failed is written again at the same place). */
ssize_t pwrite(int fd, const void *buf, size_t n, off_t at)
{
	static ssize_t (*real)(int, const void *, size_t, off_t);
	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, off_t))next("pwrite");
	ssize_t r = real(fd, buf, n, at);
	if (r > 0)
		seen(fd, buf, (size_t)r);
	return r;
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t at)
{
	static ssize_t (*real)(int, const void *, size_t, off_t);
	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, off_t))next("pwrite64");
	ssize_t r = real(fd, buf, n, at);
	if (r > 0)
		seen(fd, buf, (size_t)r);
	return r;
}

static void seen_iov(int fd, const struct iovec *iov, int cnt, ssize_t r)
{
	for (int i = 0; i < cnt && r > 0; i++) {
		size_t n = iov[i].iov_len < (size_t)r ? iov[i].iov_len : (size_t)r;
		seen(fd, iov[i].iov_base, n);
		r -= (ssize_t)n;
	}
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
	static ssize_t (*real)(int, const struct iovec *, int);
	if (!real)
		real = (ssize_t (*)(int, const struct iovec *, int))next("writev");
	ssize_t r = real(fd, iov, cnt);
	seen_iov(fd, iov, cnt, r);
	return r;
}

ssize_t send(int fd, const void *buf, size_t n, int flags)
{
	static ssize_t (*real)(int, const void *, size_t, int);
	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, int))next("send");
	ssize_t r = real(fd, buf, n, flags);
	if (r > 0)
		seen(fd, buf, (size_t)r);
	return r;
}

ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
	static ssize_t (*real)(int, const struct msghdr *, int);
	if (!real)
		real = (ssize_t (*)(int, const struct msghdr *, int))next("sendmsg");
	ssize_t r = real(fd, m, flags);
	seen_iov(fd, m->msg_iov, (int)m->msg_iovlen, r);
	return r;
}

/* A sync through *real (found by name): traced when it succeeds. */
static int synced(int (**real)(int), const char *name, int fd)
{
	if (!*real)
		*real = (int (*)(int))next(name);
	int r = (*real)(fd), kind = what(fd);
	if (r == 0 && kind == 1)
		out("D", "", 0);
	else if (r == 0 && kind == 3)
		out("F", "", 0);
	else if (r == 0 && kind == 4)
		out("S", "", 0);
	return r;
}

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	if (!real)
		real = (int (*)(const char *, const char *))next("rename");
	int r = real(from, to);
	size_t l = strlen(to);
	if (r == 0 && l >= 6 && !strcmp(to + l - 6, "/names"))
		out("R", "", 0);
	return r;
}

int fdatasync(int fd)
{
	static int (*real)(int);
	return synced(&real, "fdatasync", fd);
}

int fsync(int fd)
{
	static int (*real)(int);
	return synced(&real, "fsync", fd);
}
