/*
 * server_journal.h - the store's append-only journal (server_journal.c):
 * framed entries (length, CRC-32C, text), written once per turn of the
 * event loop and made durable with one fdatasync for the whole batch.
 */
#ifndef NONAGA_SERVER_JOURNAL_H
#define NONAGA_SERVER_JOURNAL_H

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

/* --sync: when the journal reaches the disk */
enum {
	SERVER_SYNC_BATCH,    /* one fdatasync per turn of the loop (default) */
	SERVER_SYNC_ALWAYS,   /* one fdatasync per entry */
	SERVER_SYNC_NONE      /* written, never synced: the kernel decides */
};

#define JOURNAL_HEAD 8
#define JOURNAL_ENTRY_MAX 4096

typedef struct journal journal;
typedef void (*journal_fn)(void *arg, char *text, size_t len);

/* A new journal at path holding the one entry first (durable_write:
 * a temporary file, synced, renamed over path, the directory synced).
 * NULL with errno on failure. */
journal *journal_open(const char *path, int sync, const char *first, size_t len);
/* The journal replaced, the same way, by one holding only first. */
int journal_reset(journal *j, const char *first, size_t len);
/* An entry for the batch (in SERVER_SYNC_ALWAYS, written and synced at
 * once: failing that, it waits in the batch for journal_commit).  -1
 * with errno when it cannot be kept (too long, out of memory). */
int journal_add(journal *j, const char *text, size_t len);
int journal_pending(const journal *j);
/* Room on the disk for the batch and bytes more, allocated beyond the
 * journal's end unless it is already: 0, or -1 with errno (ENOSPC).  A
 * file system that cannot reserve room gives 0 (then only the write
 * finds out). */
int journal_reserve(journal *j, off_t bytes);
/* The batch written and, unless SERVER_SYNC_NONE, fdatasync'ed.  On
 * failure (-1, errno) the file is cut back to its last good end and the
 * batch kept, to be written whole by the next call. */
int journal_commit(journal *j);
off_t journal_size(const journal *j);
unsigned long journal_syncs(const journal *j);
void journal_close(journal *j);
/* What journal_read tells: each whole entry, in order, and before an
 * entry that follows damage, the damaged bytes (from offset at, len of
 * them) that were skipped to reach it (damage may be NULL). */
typedef struct journal_reader {
	journal_fn entry;
	void (*damage)(void *arg, off_t at, const unsigned char *bytes, size_t len);
	void *arg;
} journal_reader;
/* Every whole entry of the journal at path to rd, in order: their
 * number, 0 when there is no journal, -1 with errno when it cannot be
 * read.  *whole: where the last whole entry ends; *size: the file's
 * bytes (more when its end is torn: damage with no whole entry after
 * it). */
long journal_read(const char *path, const journal_reader *rd, off_t *whole, off_t *size);

/* server_damage.c: what damage in the middle of the journal cost, for
 * the log, while the store replays it. */
#define DAMAGE_GAMES 32
typedef struct jdamage {
	const char *path;             /* the journal */
	/* game id in words into out: "g1 (id 7)" */
	void (*describe)(void *arg, unsigned long long id, char *out, size_t size);
	void *arg;
	unsigned long long last;      /* the last entry read (the store sets it) */
	int regions;                  /* damaged parts skipped */
	int pending;                  /* one skipped, reported at the next entry */
	off_t at;                     /* the last one: where, how long */
	size_t len;
	char guess[400];              /* entries its bytes seem to hold */
	struct {
		unsigned long long id;
		int damaged, later;       /* entries in it, after it not applying */
	} games[DAMAGE_GAMES];
	int ngames;
} jdamage;
/* Damaged bytes skipped after entry d->last. */
void damage_seen(jdamage *d, off_t at, const unsigned char *bytes, size_t len);
/* Entry seq read: the first after damage says what was lost. */
void damage_next(jdamage *d, unsigned long long seq);
/* An entry of game id after the damage did not apply. */
void damage_lost(jdamage *d, unsigned long long id);
/* Each game that lost entries, to the log. */
void damage_report(jdamage *d);
/* The damaged journal kept as it is, as PATH.damaged-DATE[.N] (named in
 * kept): 0, or -1 with errno. */
int damage_keep(const jdamage *d, char *kept, size_t size);

#endif
