/* saveslot.c - one game per save; see saveslot.h. */
#include "saveslot.h"
#include "i18n.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int held_fd = -1;   /* the lock file of the slot this process plays */
static int held_slot;

static int lock_path(char *out, size_t size, const char *dir, int slot)
{
	char name[32];
	save_slot_file(slot, name, sizeof name);
	int n = snprintf(out, size, "%s/%s.lock", dir, name);
	return n >= 0 && (size_t)n < size;
}

static void read_holder(int fd, save_holder *h)
{
	char buf[128];
	memset(h, 0, sizeof *h);
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return;
	buf[n] = 0;
	char tty[64] = "";
	long pid = 0;
	if (sscanf(buf, "%ld %63s", &pid, tty) >= 1 && pid > 0) {
		h->pid = pid;
		if (strcmp(tty, "-"))
			snprintf(h->tty, sizeof h->tty, "%s", tty);
	}
}

/* "pid tty" of h (or of this process when h is NULL) into the lock file. */
static void write_holder(int fd, const save_holder *h)
{
	char buf[128];
	const char *tty = h ? h->tty : ttyname(STDIN_FILENO);
	int n = snprintf(buf, sizeof buf, "%ld %s\n", h ? h->pid : (long)getpid(),
	                 tty && tty[0] && !strchr(tty, ' ') ? tty : "-");
	if (ftruncate(fd, 0) == 0 && n > 0) {
		ssize_t w = pwrite(fd, buf, (size_t)n, 0);
		(void)w;   /* only informative: the flock is the lock */
	}
}

/* Try the lock of slot: an fd holding it, -1 with *busy set when another
 * process holds it, -1 with errno otherwise. */
static int try_lock(const char *dir, int slot, int create, int *busy,
                    save_holder *h)
{
	char path[PATH_MAX];
	*busy = 0;
	if (!lock_path(path, sizeof path, dir, slot)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd;
	int flags = O_RDWR | O_NOFOLLOW | O_CLOEXEC | (create ? O_CREAT : 0);
	while ((fd = open(path, flags, 0600)) < 0 && errno == EINTR)
		;
	if (fd < 0)
		return -1;
	int r;
	while ((r = flock(fd, LOCK_EX | LOCK_NB)) < 0 && errno == EINTR)
		;
	if (r < 0) {
		int err = errno;
		if (err == EWOULDBLOCK) {
			*busy = 1;
			if (h)
				read_holder(fd, h);
		}
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

save_status slot_hold(const char *dir, int slot, save_holder *h, char *msg)
{
	if (held_fd >= 0 && held_slot == slot)
		return SAVE_OK;
	int busy;
	int fd = try_lock(dir, slot, 1, &busy, h);
	if (fd < 0) {
		if (busy)
			return SAVE_NONE;
		char path[PATH_MAX];
		int err = errno;
		lock_path(path, sizeof path, dir, slot);
		snprintf(msg, SAVE_MSG, _("Cannot save %s: %s"), path, strerror(err));
		return SAVE_ERROR;
	}
	slot_release();
	write_holder(fd, NULL);
	held_fd = fd;
	held_slot = slot;
	return SAVE_OK;
}

void slot_release(void)
{
	if (held_fd < 0)
		return;
	/* The pid is left in the file: it is read only while the lock is
	 * held, and the lock goes with the descriptor. */
	close(held_fd);
	held_fd = -1;
	held_slot = 0;
}

save_status slot_take_over(const char *dir, int slot, const save_holder *h,
                           char *msg)
{
	/* the lock file names the taker first, so that the holder can say
	 * who took its game (slot_taken) */
	char path[PATH_MAX];
	int fd = lock_path(path, sizeof path, dir, slot)
	         ? open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC) : -1;
	if (fd >= 0)
		write_holder(fd, NULL);
	if (h->pid > 0)
		kill((pid_t)h->pid, SIGHUP);
	save_holder now;
	for (int i = 0; i < 100; i++) {   /* five seconds */
		save_status st = slot_hold(dir, slot, &now, msg);
		if (st != SAVE_NONE) {
			if (fd >= 0)
				close(fd);
			return st;
		}
		struct timespec ts = { 0, 50 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	if (fd >= 0) {   /* it plays on: the file names it again */
		write_holder(fd, h);
		close(fd);
	}
	snprintf(msg, SAVE_MSG,
	         _("The game in the other terminal (process %ld) did not stop; "
	           "it is still playing there."), h->pid);
	return SAVE_ERROR;
}

int slot_taken(save_holder *by)
{
	if (held_fd < 0)
		return 0;
	read_holder(held_fd, by);
	return by->pid > 0 && by->pid != (long)getpid();
}

int slot_busy(const char *dir, int slot, save_holder *h)
{
	if (held_fd >= 0 && held_slot == slot)
		return 0;
	int busy;
	int fd = try_lock(dir, slot, 0, &busy, h);
	if (fd >= 0)
		close(fd);   /* nobody had it */
	return busy;   /* 0 also when there is no lock file */
}

/* When slot's save was last written (its mtime, in nanoseconds since
 * the epoch); -1 when it has none. */
static long long save_mtime(const char *dir, int slot)
{
	char name[32], path[PATH_MAX];
	struct stat st;
	save_slot_file(slot, name, sizeof name);
	int n = snprintf(path, sizeof path, "%s/%s", dir, name);
	if (n < 0 || (size_t)n >= sizeof path || lstat(path, &st) != 0)
		return -1;
	return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

int slot_has_game(const char *dir, int slot)
{
	return save_mtime(dir, slot) >= 0;
}

time_t slot_time(const char *dir, int slot)
{
	long long t = save_mtime(dir, slot);
	return t < 0 ? 0 : (time_t)(t / 1000000000LL);
}

int slot_free(const char *dir)
{
	save_holder h;
	for (int k = 1; k <= SAVE_SLOTS; k++)
		if (!slot_has_game(dir, k) && !slot_busy(dir, k, &h))
			return k;
	return 0;
}

int slot_list(const char *dir, int out[SAVE_SLOTS])
{
	long long when[SAVE_SLOTS];
	int n = 0;
	for (int k = 1; k <= SAVE_SLOTS; k++) {
		long long t = save_mtime(dir, k);
		if (t < 0)
			continue;
		/* the last played first (insertion; a tie keeps slot order) */
		int i = n++;
		for (; i > 0 && when[i - 1] < t; i--) {
			when[i] = when[i - 1];
			out[i] = out[i - 1];
		}
		when[i] = t;
		out[i] = k;
	}
	return n;
}
