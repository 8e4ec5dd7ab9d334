/*
 * server_journal.c - the store's append-only journal: entries framed as
 *
 *   length   4 bytes, little-endian: the bytes of the text (1 to 4096)
 *   check    4 bytes, little-endian: CRC-32C of the length and the text
 *   text     the entry (server_store.c says what it holds)
 *
 * Entries are gathered in memory during a turn of the event loop and
 * written at its end with one write(2) and, in the durable mode, one
 * fdatasync(2) for the whole batch (group commit); the server releases
 * the turn's answers only after that.  A crash mid-write leaves at most a
 * torn last entry: its length or its check does not match, and reading
 * stops there (everything before it is whole).  A frame that does not
 * hold with a whole frame somewhere after it is damage (a disk error, a
 * bad copy), not a tear: reading skips the bytes up to the next whole
 * frame (each offset tried: a damaged length says nothing) and goes on.
 *
 * A write that fails (a full disk, an I/O error) leaves no torn frame
 * behind which later ones would be written: the file is cut back to its
 * last good end, the batch is kept whole in memory, and the next commit
 * writes it again from there.  The room for what is to come is reserved
 * beforehand (journal_reserve: fallocate(2) past the end, the file's size
 * unchanged), so that the server can refuse a change the disk has no
 * room for before it makes it.
 */
#define _GNU_SOURCE     /* fallocate, FALLOC_FL_KEEP_SIZE */
#include "server_journal.h"
#include "durable.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct journal {
	int fd;
	int sync;                 /* SERVER_SYNC_* */
	char dir[PATH_MAX], name[NAME_MAX + 1];   /* the journal's path */
	char *batch;              /* entries not yet written */
	size_t len, cap;
	off_t size;               /* bytes in the file */
	off_t room;               /* bytes allocated for it (journal_reserve) */
	int no_reserve;           /* the file system cannot reserve room */
	unsigned long syncs;      /* fdatasync calls */
};

/* CRC-32C (Castagnoli), bit by bit: entries are short. */
static uint32_t crc32c(uint32_t crc, const unsigned char *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = crc >> 1 ^ (0x82F63B78u & (0u - (crc & 1)));
	}
	return ~crc;
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16), p[3] = (unsigned char)(v >> 24);
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* The frame of text into out (JOURNAL_HEAD + len bytes). */
static void frame(unsigned char *out, const char *text, size_t len)
{
	put32(out, (uint32_t)len);
	memcpy(out + JOURNAL_HEAD, text, len);
	put32(out + 4, crc32c(crc32c(0, out, 4), out + JOURNAL_HEAD, len));
}

/* Room for bytes at offset at of fd, the file's size unchanged: 0 or an
 * errno (EOPNOTSUPP where the file system cannot). */
static int reserve_room(int fd, off_t at, off_t bytes)
{
	int r;
	do
		r = fallocate(fd, FALLOC_FL_KEEP_SIZE, at, bytes);
	while (r < 0 && errno == EINTR);
	return r < 0 ? errno : 0;
}

journal *journal_open(const char *path, int sync, const char *first, size_t len)
{
	journal *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	j->fd = -1;
	j->sync = sync;
	const char *slash = strrchr(path, '/');
	size_t dlen = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
	if (dlen >= sizeof j->dir || strlen(slash ? slash + 1 : path) >= sizeof j->name) {
		free(j);
		return errno = ENAMETOOLONG, NULL;
	}
	snprintf(j->dir, sizeof j->dir, "%.*s", (int)dlen, slash ? path : ".");
	snprintf(j->name, sizeof j->name, "%s", slash ? slash + 1 : path);
	if (journal_reset(j, first, len) < 0) {
		free(j);
		return NULL;
	}
	return j;
}

int journal_reset(journal *j, const char *first, size_t len)
{
	unsigned char buf[JOURNAL_HEAD + JOURNAL_ENTRY_MAX];
	if (len < 1 || len > JOURNAL_ENTRY_MAX)
		return errno = EINVAL, -1;
	frame(buf, first, len);
	/* the new file's descriptor, now the journal, appends from here */
	int fd = durable_write(j->dir, j->name, buf, JOURNAL_HEAD + len, DURABLE_KEEP);
	if (fd < 0)
		return -1;
	if (j->fd >= 0)
		close(j->fd);
	j->fd = fd;
	j->size = j->room = (off_t)(JOURNAL_HEAD + len);
	j->syncs += 2;
	return 0;
}

int journal_add(journal *j, const char *text, size_t len)
{
	if (len < 1 || len > JOURNAL_ENTRY_MAX)
		return errno = EINVAL, -1;
	if (j->len + JOURNAL_HEAD + len > j->cap) {
		size_t cap = j->cap ? j->cap : 4096;
		while (cap < j->len + JOURNAL_HEAD + len)
			cap *= 2;
		char *b = realloc(j->batch, cap);
		if (!b)
			return -1;
		j->batch = b;
		j->cap = cap;
	}
	frame((unsigned char *)j->batch + j->len, text, len);
	j->len += JOURNAL_HEAD + len;
	if (j->sync == SERVER_SYNC_ALWAYS)
		journal_commit(j);   /* (failing, the batch waits for the next commit) */
	return 0;
}

int journal_reserve(journal *j, off_t bytes)
{
	off_t end = j->size + (off_t)j->len;
	if (j->no_reserve || end + bytes <= j->room)
		return 0;
	/* twice what is asked, so that the next few turns need no call */
	int e = reserve_room(j->fd, end, 2 * bytes);
	if (e == EOPNOTSUPP || e == ENOSYS || e == EINVAL) {
		j->no_reserve = 1;   /* journal_commit finds out, and keeps the batch */
		return 0;
	}
	if (e)
		return errno = e, -1;
	j->room = end + 2 * bytes;
	return 0;
}

int journal_pending(const journal *j)
{
	return j->len > 0;
}

int journal_commit(journal *j)
{
	if (!j->len)
		return 0;
	if (write_all(j->fd, j->batch, j->len, j->size) < 0 ||
	    (j->sync != SERVER_SYNC_NONE && (j->syncs++, fdatasync(j->fd) < 0))) {
		/* nothing of the batch stays: no torn frame, and no frame whose
		 * durability a failed fdatasync leaves in doubt; the batch is
		 * written again from the last good end */
		int e = errno;
		if (ftruncate(j->fd, j->size) < 0)
			e = errno;
		j->room = j->size;   /* (cutting frees what was reserved past it) */
		return errno = e, -1;
	}
	j->size += (off_t)j->len;
	if (j->room < j->size)
		j->room = j->size;
	j->len = 0;
	return 0;
}

off_t journal_size(const journal *j)
{
	return j->size;
}

unsigned long journal_syncs(const journal *j)
{
	return j->syncs;
}

void journal_close(journal *j)
{
	if (!j)
		return;
	if (j->fd >= 0)
		close(j->fd);
	free(j->batch);
	free(j);
}

/* ---------------------------------------------------------------- reading */

/* Is there a whole frame at at (its length in range, all of it in the
 * buffer, its check right)? */
static int frame_ok(const unsigned char *buf, size_t at, size_t have)
{
	if (at + JOURNAL_HEAD > have)
		return 0;
	uint32_t len = get32(buf + at);
	return len >= 1 && len <= JOURNAL_ENTRY_MAX && at + JOURNAL_HEAD + len <= have &&
	       get32(buf + at + 4) == crc32c(crc32c(0, buf + at, 4), buf + at + JOURNAL_HEAD, len);
}

/* The file at path into *buf (NULL when empty): its size, or -1. */
static ssize_t slurp(const char *path, unsigned char **buf)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	*buf = NULL;
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return errno = EINVAL, -1;
	}
	*buf = st.st_size ? malloc((size_t)st.st_size) : NULL;
	size_t have = 0;
	while (*buf && have < (size_t)st.st_size) {
		ssize_t r = read(fd, *buf + have, (size_t)st.st_size - have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		have += (size_t)r;
	}
	close(fd);
	if (st.st_size && !*buf)
		return -1;
	return (ssize_t)have;
}

long journal_read(const char *path, const journal_reader *rd, off_t *whole, off_t *size)
{
	unsigned char *buf;
	ssize_t got = slurp(path, &buf);
	*whole = *size = 0;
	if (got < 0)
		return -1;
	size_t have = (size_t)got, at = 0, end = 0;
	long n = 0;
	char text[JOURNAL_ENTRY_MAX + 1];
	while (at + JOURNAL_HEAD <= have) {
		if (!frame_ok(buf, at, have)) {
			/* a crash tears only the last frame: a whole frame further
			 * on means damage here, skipped up to that frame */
			size_t next = at + 1;
			while (next + JOURNAL_HEAD <= have && !frame_ok(buf, next, have))
				next++;
			if (next + JOURNAL_HEAD > have)
				break;   /* nothing whole after it: a torn end */
			if (rd->damage)
				rd->damage(rd->arg, (off_t)at, buf + at, next - at);
			at = next;
		}
		uint32_t len = get32(buf + at);
		memcpy(text, buf + at + JOURNAL_HEAD, len);
		text[len] = 0;
		rd->entry(rd->arg, text, len);
		at += JOURNAL_HEAD + len;
		end = at;
		n++;
	}
	free(buf);
	*whole = (off_t)end;
	*size = (off_t)have;
	return n;
}
