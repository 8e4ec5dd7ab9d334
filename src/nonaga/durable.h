/*
 * durable.h - files written so that a crash leaves each whole, the old
 * or the new (durable.c): all of a buffer (write_all, for the server and
 * the client alike), a file of a directory with one writer replaced or
 * made whole (durable_write), a directory's entries made durable
 * (durable_sync_dir), a damaged file kept aside (durable_keep).  Nothing is printed: -1 and errno say what failed,
 * and the caller says it.
 */
#ifndef NONAGA_DURABLE_H
#define NONAGA_DURABLE_H

#include <sys/types.h>

#define WRITE_HERE ((off_t)-1)     /* write_all: where the file is */
#define WRITE_SOCKET ((off_t)-2)   /* write_all: to a socket, without SIGPIPE */

/* All of buf (len bytes) to fd: at offset at (pwrite(2)), at WRITE_HERE
 * (write(2)), or to a socket with WRITE_SOCKET (send(2): a peer gone is
 * EPIPE, not a signal), restarted when a signal interrupts it.  0, or -1
 * with errno (ENOSPC when the file takes no more). */
int write_all(int fd, const void *buf, size_t len, off_t at);

/* durable_write's how, or'ed */
enum {
	DURABLE_REPLACE = 0,     /* renamed over folder/name */
	DURABLE_NEW = 1,         /* linked to folder/name: never replaces a file
	                          * (EEXIST) */
	DURABLE_DIR_LATER = 2,   /* the folder not fsync'ed: the caller does,
	                          * once for several files (durable_sync_dir) */
	DURABLE_KEEP = 4         /* the new file's descriptor returned, open for
	                          * writing, at its end: the caller's to close */
};

/* len bytes of buf into folder/name durably: written to
 * folder/.name.tmp (mode 0600), fsync'ed, renamed (or linked) to
 * folder/name, the folder fsync'ed.  0 (with DURABLE_KEEP the descriptor), or -1 with errno; no
 * temporary file stays behind. */
int durable_write(const char *folder, const char *name, const void *buf, size_t len, int how);
/* fsync of the directory folder: what it names made durable. */
int durable_sync_dir(const char *folder);
/* The file at path kept as it is, beside it, as PATH.damaged-YYYYMMDDTHHMMSSZ
 * (.2, .3... if taken): a hard link, so that the next durable_write of
 * the file, a rename over its name, leaves these bytes alone; the folder
 * fsync'ed.  0 and the name in kept, or -1 with errno. */
int durable_keep(const char *path, char *kept, size_t size);

#endif
