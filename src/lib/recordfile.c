/*
 * recordfile.c - reading a record file into memory, bounded: one loop for
 * the engine's `loadrecord' and the game's save files.
 */
#include "internal.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int ng_record_read_fd(int fd, char **text, size_t *len)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -1;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		errno = ENODEV;
		return -1;
	}
	if (st.st_size > (off_t)NG_RECORD_MAX_BYTES) {
		errno = EFBIG;
		return -1;
	}
	/* one byte more than allowed, to see a file that grew meanwhile */
	size_t cap = NG_RECORD_MAX_BYTES + 1, n = 0;
	char *p = malloc(cap);
	if (!p) {
		errno = ENOMEM;
		return -1;
	}
	while (n < cap) {
		ssize_t r = read(fd, p + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = errno;
			free(p);
			errno = err;
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (n == cap) {
		free(p);
		errno = EFBIG;
		return -1;
	}
	*text = p;
	*len = n;
	return 0;
}
