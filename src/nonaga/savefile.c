/* savefile.c - games on disk; see savefile.h for what and why. */
#include "savefile.h"
#include "i18n.h"
#include "durable.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void save_slot_file(int slot, char *name, size_t size)
{
	if (slot <= 1)
		snprintf(name, size, "current.save");
	else
		snprintf(name, size, "current-%d.save", slot);
}

#define RECORDS "records"
#define MAX_ASIDE 1000     /* NAME.bad, NAME.bad.1 ... NAME.bad.999 */

/* ------------------------------------------------------------ messages */

__attribute__((format(printf, 2, 3)))
static void say(char *msg, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, SAVE_MSG, fmt, ap);
	va_end(ap);
}

/* Append a sentence to msg. */
__attribute__((format(printf, 2, 3)))
static void add(char *msg, const char *fmt, ...)
{
	size_t n = strlen(msg);
	if (n + 2 >= SAVE_MSG)
		return;
	if (n)
		msg[n++] = '\n';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg + n, SAVE_MSG - n, fmt, ap);
	va_end(ap);
}

/* The library's English sentence, translated when the catalog has it. */
static const char *reason(ng_err e) { return _(ng_strerror(e)); }

/* ------------------------------------------------------ system calls */

/* open(2) and friends, restarted when a signal interrupts them. */
static int open_at(int dfd, const char *name, int flags, mode_t mode)
{
	int fd;
	do
		fd = openat(dfd, name, flags | O_CLOEXEC | O_NOCTTY, mode);
	while (fd < 0 && errno == EINTR);
	return fd;
}

static int sync_fd(int fd)
{
	int r;
	do
		r = fsync(fd);
	while (r < 0 && errno == EINTR);
	/* Some file systems cannot sync a directory: nothing to be done. */
	return r < 0 && (errno == EINVAL || errno == EROFS) ? 0 : r;
}

/* close(2) reports delayed write errors (NFS); EINTR means it is closed. */
static int close_fd(int fd)
{
	return close(fd) < 0 && errno != EINTR ? -1 : 0;
}

static void lock_dir(int dfd)
{
	/* Best effort: where flock is not supported, go on without it. */
	while (flock(dfd, LOCK_EX) < 0 && errno == EINTR)
		;
}

/* Why a file could not be read, for errno err. */
static const char *read_problem(int err, char *buf, size_t size)
{
	switch (err) {
	case EISDIR:
		return _("it is a directory, not a game");
	case ENODEV: case ENXIO:
		return _("it is not a regular file");
	case EFBIG:
		return _("it is larger than a game record can be");
	default:
		snprintf(buf, size, _("it cannot be read: %s"), strerror(err));
		return buf;
	}
}

/* ------------------------------------------------------------- paths */

static int join(char *out, size_t size, const char *dir, const char *name)
{
	int n = snprintf(out, size, "%s/%s", dir, name);
	return n >= 0 && (size_t)n < size;
}

/* mkdir -p with mode 0700 for what is missing. */
static int make_dirs(char *path)
{
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p)
			continue;
		char c = *p;
		*p = 0;
		int r = mkdir(path, 0700);
		int err = errno;
		*p = c;
		if (r < 0 && err != EEXIST) {
			errno = err;
			return -1;
		}
		if (!c)
			break;
	}
	struct stat st;
	if (stat(path, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

/* Games are kept only in a directory of our own: not a symbolic link
 * (its target could be anywhere) and not another user's.  0, or -1 with
 * msg said. */
static int own_dir(const char *path, char *msg)
{
	struct stat st;
	if (lstat(path, &st) < 0) {
		say(msg, _("Cannot use the directory %s: %s"), path, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		say(msg, _("Refusing to keep games in %s: it is a symbolic link."), path);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		say(msg, _("Refusing to keep games in %s: it belongs to another user."),
		    path);
		return -1;
	}
	return 0;
}

save_status save_dir(char *dir, size_t size, char *msg)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	int n;
	if (xdg && xdg[0] == '/') {
		n = snprintf(dir, size, "%s/nonaga", xdg);
	} else {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/') {
			struct passwd *pw = getpwuid(getuid());
			home = pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
		}
		if (!home) {
			say(msg, _("Cannot find the home directory to save games in."));
			return SAVE_ERROR;
		}
		n = snprintf(dir, size, "%s/.local/state/nonaga", home);
	}
	if (n < 0 || (size_t)n >= size) {
		say(msg, _("The directory to save games in has too long a name."));
		return SAVE_ERROR;
	}
	if (make_dirs(dir) < 0) {
		say(msg, _("Cannot create the directory %s: %s"), dir, strerror(errno));
		return SAVE_ERROR;
	}
	if (own_dir(dir, msg) < 0)
		return SAVE_ERROR;
	return SAVE_OK;
}

/* ------------------------------------------------------------ writing */

static void fill_record_info(ng_record_info *info, const save_info *si)
{
	static const char *const side[] = { "red", "blue" };
	memset(info, 0, sizeof *info);
	if (!si)
		return;
	snprintf(info->date, sizeof info->date, "%s", si->date);
	const opponent_kind *k = kind_of(si->who.mode);   /* record_text checked it */
	ng_record_set(info, "Mode", k->word);
	switch (k->players) {
	case KIND_COMPUTER: {
		char comp[32];
		snprintf(comp, sizeof comp, "computer level %d", si->who.level);
		snprintf(si->who.human == NG_BLUE ? info->blue : info->red,
		         NG_RECORD_VALUE, "human");
		snprintf(si->who.human == NG_BLUE ? info->red : info->blue,
		         NG_RECORD_VALUE, "%s", comp);
		char level[16];
		snprintf(level, sizeof level, "%d", si->who.level);
		ng_record_set(info, "Human", side[si->who.human == NG_BLUE]);
		ng_record_set(info, "Level", level);
		break;
	}
	case KIND_NAMED:
		snprintf(info->red, NG_RECORD_VALUE, "%s", si->red);
		snprintf(info->blue, NG_RECORD_VALUE, "%s", si->blue);
		ng_record_set(info, "Human", side[si->who.human == NG_BLUE]);
		if (si->how[0]) {   /* as the server's own copy has them */
			ng_record_set(info, "How", si->how);
			ng_record_set(info, "Winner", ng_result_name(si->winner));
		}
		break;
	case KIND_HUMANS:
		strcpy(info->red, "human");
		strcpy(info->blue, "human");
		break;
	}
	if (si->kept[0])
		ng_record_set(info, "Kept", si->kept);
}

/* A name save_archive may have given a record (YYYYMMDD-HHMMSS.nonaga,
 * maybe with -N): nothing else is taken from a Kept key. */
static int record_name(const char *v)
{
	size_t n = strlen(v);
	return n > 7 && n < sizeof ((save_info *)0)->kept &&
	       !strcmp(v + n - 7, ".nonaga") && strspn(v, "0123456789-") == n - 7;
}

static int read_info(const ng_record_info *info, save_info *si,
                     const char *path, char *msg);

/* The record for a game, checked by reading it back as save_load would:
 * what is written can always be loaded. */
static char *record_text(const ng_game *g, const save_info *si, char *msg,
                         const char *path)
{
	ng_record_info *info = malloc(sizeof *info);
	char *text = NULL;
	if (!info) {
		say(msg, _("Cannot save %s: %s"), path, strerror(ENOMEM));
		return NULL;
	}
	ng_err e = NG_OK;
	if (si && !kind_check(&si->who))
		e = NG_ERR_BAD_ARG;
	if (!e) {
		fill_record_info(info, si);
		e = ng_record_write(g, info, &text);
	}
	if (!e) {
		ng_game *back = NULL;
		int line;
		save_info check;
		e = ng_record_parse(text, strlen(text), &back, info, &line);
		ng_game_free(back);
		if (!e && !read_info(info, &check, path, msg))
			e = NG_ERR_BAD_ARG;
		if (e) {
			free(text);
			text = NULL;
		}
	}
	free(info);
	if (e)
		say(msg, _("Cannot save %s: %s"), path, reason(e));
	return text;
}

/*
 * Give the file tmp the name final if no file has it (EEXIST otherwise):
 * a hard link, which never replaces anything, then tmp is removed.  File
 * systems without hard links (FAT on a USB stick) get a check and a
 * rename instead.
 */
static int link_new(int dfd, const char *tmp, const char *final)
{
	if (linkat(dfd, tmp, dfd, final, 0) == 0) {
		unlinkat(dfd, tmp, 0);
		return 0;
	}
	if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
		return -1;
	struct stat st;
	if (fstatat(dfd, final, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(dfd, tmp, dfd, final);
}

/* What to do when the file to write exists: replace it, fail (EEXIST),
 * or write NAME-2SUFFIX, NAME-3SUFFIX... instead. */
enum { REPLACE, EXCLUSIVE, UNIQUE };

/*
 * Write text as NAME+SUFFIX in the directory dfd (called dir in the
 * messages), atomically: a temporary file, fsync, rename (or link, which
 * never replaces), fsync of the directory.  own: the directory is ours
 * and this is the name of the temporary file, one left by a crash being
 * removed (so they never pile up); NULL: the name is made unique with the
 * process id and nothing is removed.  name_out (if not NULL) gets the
 * path written.
 */
static save_status write_atomic(int dfd, const char *dir, const char *name,
                                const char *suffix, const char *text, int mode,
                                const char *own, char *name_out,
                                size_t out_size, char *msg)
{
	char tmp[NAME_MAX + 1], target[PATH_MAX], final[NAME_MAX + 1];
	int n = own ? snprintf(tmp, sizeof tmp, "%s", own)
	            : snprintf(tmp, sizeof tmp, ".%s%s.%ld.tmp", name, suffix,
	                       (long)getpid());
	snprintf(final, sizeof final, "%s%s", name, suffix);
	join(target, sizeof target, dir, final);
	if (n < 0 || (size_t)n >= sizeof tmp) {
		say(msg, _("Cannot save %s: %s"), target, strerror(ENAMETOOLONG));
		return SAVE_ERROR;
	}
	lock_dir(dfd);
	if (own)
		unlinkat(dfd, tmp, 0);
	int fd = open_at(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	if (fd < 0)
		goto fail;
	if (write_all(fd, text, strlen(text), WRITE_HERE) < 0 || sync_fd(fd) < 0) {
		int err = errno;
		close(fd);
		errno = err;
		goto fail_tmp;
	}
	if (close_fd(fd) < 0)
		goto fail_tmp;
	if (mode == REPLACE) {
		if (renameat(dfd, tmp, dfd, final) < 0)
			goto fail_tmp;
	} else {
		int i = 1;
		while (link_new(dfd, tmp, final) < 0) {
			if (errno != EEXIST || mode == EXCLUSIVE || ++i > MAX_ASIDE)
				goto fail_tmp;
			snprintf(final, sizeof final, "%s-%d%s", name, i, suffix);
		}
	}
	join(target, sizeof target, dir, final);
	if (sync_fd(dfd) < 0)
		goto fail;
	flock(dfd, LOCK_UN);
	if (name_out)
		snprintf(name_out, out_size, "%s", target);
	return SAVE_OK;
fail_tmp: {
	int err = errno;
	unlinkat(dfd, tmp, 0);
	errno = err;
}
fail:
	say(msg, _("Cannot save %s: %s"), target, strerror(errno));
	flock(dfd, LOCK_UN);
	return SAVE_ERROR;
}

static int open_dir(const char *dir)
{
	return open_at(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY, 0);
}

/* write_atomic in the directory dir, opened here; a directory that cannot
 * be opened is reported as `shown' (the file the user asked for). */
static save_status write_in(const char *dir, const char *shown,
                            const char *name, const char *suffix,
                            const char *text, int mode, const char *own,
                            char *path, size_t size, char *msg)
{
	int dfd = open_dir(dir);
	if (dfd < 0) {
		say(msg, _("Cannot save %s: %s"), shown, strerror(errno));
		return SAVE_ERROR;
	}
	save_status st = write_atomic(dfd, dir, name, suffix, text, mode, own,
	                              path, size, msg);
	close(dfd);
	return st;
}

save_status save_game(const char *dir, int slot, const ng_game *g,
                      const save_info *si, char *msg)
{
	char path[PATH_MAX], name[32], tmp[40];
	save_slot_file(slot, name, sizeof name);
	snprintf(tmp, sizeof tmp, "%s.tmp", name);
	join(path, sizeof path, dir, name);
	char *text = record_text(g, si, msg, path);
	if (!text)
		return SAVE_ERROR;
	save_status st = write_in(dir, path, name, "", text, REPLACE, tmp, NULL,
	                          0, msg);
	free(text);
	return st;
}

save_status save_text(const char *dir, const char *name, const char *text,
                      char *msg)
{
	char path[PATH_MAX], tmp[NAME_MAX + 1];
	join(path, sizeof path, dir, name);
	int n = snprintf(tmp, sizeof tmp, "%s.tmp", name);
	if (n < 0 || (size_t)n >= sizeof tmp) {
		say(msg, _("Cannot save %s: %s"), path, strerror(ENAMETOOLONG));
		return SAVE_ERROR;
	}
	return write_in(dir, path, name, "", text, REPLACE, tmp, NULL, 0, msg);
}

/* The game as a record in DIR, named STEM.nonaga, or STEM-2.nonaga...
 * when that exists; own as for write_atomic. */
static save_status write_unique(const char *dir, const char *stem,
                                const char *own, const ng_game *g,
                                const save_info *si, char *path, size_t size,
                                char *msg)
{
	char *text = record_text(g, si, msg, dir);
	if (!text)
		return SAVE_ERROR;
	save_status st = write_in(dir, dir, stem, ".nonaga", text, UNIQUE, own,
	                          path, size, msg);
	free(text);
	return st;
}

save_status save_export_new(const char *dir, const char *stem,
                            const ng_game *g, const save_info *si, char *path,
                            size_t size, char *msg)
{
	return write_unique(dir, stem, NULL, g, si, path, size, msg);
}

save_status save_archive(const char *dir, const ng_game *g,
                         const save_info *si, char *path, size_t size,
                         char *msg)
{
	char rdir[PATH_MAX], stem[32];
	if (!join(rdir, sizeof rdir, dir, RECORDS)) {
		say(msg, _("Cannot create the directory %s: %s"), dir,
		    strerror(ENAMETOOLONG));
		return SAVE_ERROR;
	}
	if (make_dirs(rdir) < 0) {
		say(msg, _("Cannot create the directory %s: %s"), rdir, strerror(errno));
		return SAVE_ERROR;
	}
	if (own_dir(rdir, msg) < 0)
		return SAVE_ERROR;
	/* the record says nothing of where it is kept */
	save_info plain = *si;
	plain.kept[0] = 0;
	if (record_name(si->kept)) {
		char *text = record_text(g, &plain, msg, rdir);
		if (!text)
			return SAVE_ERROR;
		save_status st = write_in(rdir, rdir, si->kept, "", text, REPLACE,
		                          ".record.tmp", path, size, msg);
		free(text);
		return st;
	}
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stem, sizeof stem, "%Y%m%d-%H%M%S", &tm);
	return write_unique(rdir, stem, ".record.tmp", g, &plain, path, size, msg);
}

/* Write text to path (a file of the user's choice), atomically. */
static save_status export_text(const char *path, const char *text, int replace,
                               char *msg)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (!*base || strlen(base) > NAME_MAX - 24) {
		say(msg, _("Cannot save %s: %s"), path, strerror(*base ? ENAMETOOLONG : EISDIR));
		return SAVE_ERROR;
	}
	if (!slash)
		strcpy(dir, ".");
	else if (slash == path)
		strcpy(dir, "/");
	else if ((size_t)(slash - path) < sizeof dir)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	else {
		say(msg, _("Cannot save %s: %s"), path, strerror(ENAMETOOLONG));
		return SAVE_ERROR;
	}
	return write_in(dir, path, base, "", text, replace ? REPLACE : EXCLUSIVE,
	                NULL, NULL, 0, msg);
}

save_status save_export(const char *path, const ng_game *g,
                        const save_info *si, int replace, char *msg)
{
	char *text = record_text(g, si, msg, path);
	if (!text)
		return SAVE_ERROR;
	save_status st = export_text(path, text, replace, msg);
	free(text);
	return st;
}

save_status save_write_record(const char *path, const ng_game *g,
                              const ng_record_info *info, char *msg)
{
	char *text = NULL;
	ng_err e = ng_record_write(g, info, &text);
	if (!e) {
		ng_game *back = NULL;
		e = ng_record_parse(text, strlen(text), &back, NULL, NULL);
		ng_game_free(back);
	}
	if (e) {
		free(text);
		say(msg, _("Cannot save %s: %s"), path, reason(e));
		return SAVE_ERROR;
	}
	save_status st = export_text(path, text, 1, msg);
	free(text);
	return st;
}

/* DIR/current.save, or current-N.save for slot N, into path. */
static int slot_path(char *path, size_t size, const char *dir, int slot)
{
	char name[32];
	save_slot_file(slot, name, sizeof name);
	return join(path, size, dir, name);
}

save_status save_discard(const char *dir, int slot, char *msg)
{
	char path[PATH_MAX];
	slot_path(path, sizeof path, dir, slot);
	if (unlink(path) < 0 && errno != ENOENT) {
		say(msg, _("Cannot remove %s: %s"), path, strerror(errno));
		return SAVE_ERROR;
	}
	return SAVE_OK;
}

int save_exists(const char *dir, int slot)
{
	char path[PATH_MAX];
	struct stat st;
	return slot_path(path, sizeof path, dir, slot) && lstat(path, &st) == 0;
}

/* ------------------------------------------------------------ reading */

/*
 * Move a bad file aside to PATH.bad, or PATH.bad.N when that is taken,
 * and say so in msg.  A name that exists is never replaced: files are
 * linked to their new name (which fails when it exists) and then
 * unlinked; a directory is renamed, which can only replace an empty one.
 */
static void quarantine(const char *path, char *msg)
{
	char aside[PATH_MAX];
	struct stat st;
	int is_dir = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
	for (int i = 0; i < MAX_ASIDE; i++) {
		int n = i ? snprintf(aside, sizeof aside, "%s.bad.%d", path, i)
		          : snprintf(aside, sizeof aside, "%s.bad", path);
		if (n < 0 || (size_t)n >= sizeof aside) {
			errno = ENAMETOOLONG;
			break;
		}
		if (is_dir) {
			if (lstat(aside, &st) == 0)
				continue;
			if (rename(path, aside) == 0)
				goto moved;
		} else if (link(path, aside) == 0) {
			if (unlink(path) == 0)
				goto moved;
			break;
		} else if (errno != EEXIST) {
			/* no hard links here (some file systems): check, rename */
			if (lstat(aside, &st) == 0)
				continue;
			if (rename(path, aside) == 0)
				goto moved;
		}
		if (errno != EEXIST && errno != ENOTEMPTY)
			break;
	}
	add(msg, _("It could not be moved aside: %s."), strerror(errno));
	return;
moved:
	add(msg, _("It was moved aside to %s."), aside);
}

void save_move_aside(const char *path, char *msg)
{
	quarantine(path, msg);
}

/* Read a record file: SAVE_OK, SAVE_NONE (ENOENT, when none_ok) or
 * SAVE_BAD with msg naming the file and line. */
static save_status read_record(const char *path, int none_ok, ng_game **g,
                               ng_record_info *info, char *msg)
{
	char buf[256];
	int fd = open_at(AT_FDCWD, path, O_RDONLY | O_NONBLOCK, 0);
	if (fd < 0 && errno == ENOENT && none_ok)
		return SAVE_NONE;
	char *text = NULL;
	size_t len = 0;
	if (fd < 0 || ng_record_read_fd(fd, &text, &len) != NG_OK) {
		int err = errno;
		if (fd >= 0)
			close(fd);
		say(msg, "%s: %s", path, read_problem(err, buf, sizeof buf));
		return SAVE_BAD;
	}
	close(fd);
	int line = 0;
	ng_err e = ng_record_parse(text, len, g, info, &line);
	free(text);
	if (e == NG_OK)
		return SAVE_OK;
	if (e == NG_ERR_NOMEM) {
		say(msg, "%s: %s", path, reason(e));
		return SAVE_ERROR;
	}
	if (line)
		/* TRANSLATORS: file name, line number, what is wrong there */
		say(msg, _("%s, line %d: %s"), path, line, reason(e));
	else
		say(msg, "%s: %s", path, reason(e));
	return SAVE_BAD;
}

/* The front end's keys: absent ones take defaults, wrong ones are bad. */
static int read_info(const ng_record_info *info, save_info *si,
                     const char *path, char *msg)
{
	const char *v;
	int line = 0;
	memset(si, 0, sizeof *si);
	si->who.mode = MODE_PVP;
	si->who.human = NG_RED;
	si->who.level = 5;
	snprintf(si->date, sizeof si->date, "%s", info->date);
	for (int i = 0; i < info->nextra; i++) {
		const ng_record_field *f = &info->extra[i];
		v = f->value;
		line = f->line;
		if (!strcmp(f->key, "Mode")) {
			si->who.mode = kind_by_word(v);
			if (si->who.mode == MODE_MENU) {
				/* (the words of kinds.h) */
				say(msg, _("%s, line %d: %s"), path, line,
				    _("Mode must be pvp, ai or online"));
				return 0;
			}
		} else if (!strcmp(f->key, "Human")) {
			if (!strcmp(v, "red"))
				si->who.human = NG_RED;
			else if (!strcmp(v, "blue"))
				si->who.human = NG_BLUE;
			else {
				say(msg, _("%s, line %d: %s"), path, line,
				    _("Human must be red or blue"));
				return 0;
			}
		} else if (!strcmp(f->key, "Level")) {
			size_t n = strlen(v);
			if (n < 1 || n > 2 || strspn(v, "0123456789") != n || v[0] == '0' ||
			    atoi(v) < NG_LEVEL_MIN || atoi(v) > NG_LEVEL_MAX) {
				say(msg, _("%s, line %d: %s"), path, line,
				    _("Level must be a number from 1 to 10"));
				return 0;
			}
			si->who.level = atoi(v);
		} else if (!strcmp(f->key, "Kept") && record_name(v)) {
			/* (another value only costs a second record) */
			memcpy(si->kept, v, strlen(v) + 1);   /* record_name: it fits */
		}
	}
	return 1;
}

save_status save_load(const char *dir, int slot, ng_game **g, save_info *si,
                      char *msg)
{
	char path[PATH_MAX];
	ng_record_info *info = malloc(sizeof *info);
	ng_game *game = NULL;
	if (!info) {
		say(msg, "%s: %s", dir, reason(NG_ERR_NOMEM));
		return SAVE_ERROR;
	}
	slot_path(path, sizeof path, dir, slot);
	save_status st = read_record(path, 1, &game, info, msg);
	if (st == SAVE_OK && !read_info(info, si, path, msg))
		st = SAVE_BAD;
	free(info);
	if (st == SAVE_BAD)
		quarantine(path, msg);
	if (st == SAVE_OK) {
		si->who.rules = ng_pos_rules(ng_game_pos_at(game, 0));
		*g = game;
	}
	else
		ng_game_free(game);
	return st;
}

save_status save_read(const char *path, int do_quarantine, ng_game **g,
                      ng_record_info *info, char *msg)
{
	save_status st = read_record(path, 0, g, info, msg);
	if (st == SAVE_BAD && do_quarantine)
		quarantine(path, msg);
	return st;
}

ng_result save_outcome(const ng_record_info *info)
{
	const char *how = ng_record_get(info, "How"), *w = ng_record_get(info, "Winner");
	ng_result r;
	if (info->result == NG_NONE && how && w && ng_result_from_name(w, &r) == NG_OK)
		return r;
	return info->result;
}

void save_info_new(save_info *si, const lineup *who)
{
	memset(si, 0, sizeof *si);
	si->who = *who;
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(si->date, sizeof si->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
