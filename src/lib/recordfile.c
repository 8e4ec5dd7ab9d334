/*
 * recordfile.c - reading a record file into memory, bounded: one loop for
 * the engine's `loadrecord' and the game's save files.
 */
#include "internal.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

ng_err ng_record_read_fd(int fd, char **text, size_t *len)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return NG_ERR_BAD_ARG;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return NG_ERR_BAD_ARG;
	}
	if (!S_ISREG(st.st_mode)) {
		errno = ENODEV;
		return NG_ERR_BAD_ARG;
	}
	if (st.st_size > (off_t)NG_RECORD_MAX_BYTES) {
		errno = EFBIG;
		return NG_ERR_TOO_LONG;
	}
	/* one byte more than allowed, to see a file that grew meanwhile */
	size_t cap = NG_RECORD_MAX_BYTES + 1, n = 0;
	char *p = malloc(cap);
	if (!p) {
		errno = ENOMEM;
		return NG_ERR_NOMEM;
	}
	while (n < cap) {
		ssize_t r = read(fd, p + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = errno;
			free(p);
			errno = err;
			return NG_ERR_BAD_ARG;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (n == cap) {
		free(p);
		errno = EFBIG;
		return NG_ERR_TOO_LONG;
	}
	*text = p;
	*len = n;
	return NG_OK;
}
