/* closeout.c - telling a failed write to standard output; see closeout.h. */
#include "closeout.h"
#include "i18n.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Why a write to standard output failed, if one did; 0 if none. */
static int stdout_errno;

void write_error(int err)
{
	/* TRANSLATORS: %s is the system's reason, as "No space left on device". */
	fprintf(stderr, _("nonaga: write error: %s\n"), strerror(err));
}

void closeout_failed(int err)
{
	if (!stdout_errno)
		stdout_errno = err ? err : EIO;
}

int close_stdout(int status)
{
	int failed = ferror(stdout) || stdout_errno;
	errno = 0;
	if (fclose(stdout) != 0)
		failed = 1;
	if (!failed)
		return status;
	write_error(stdout_errno ? stdout_errno : errno ? errno : EIO);
	return status ? status : 1;
}
