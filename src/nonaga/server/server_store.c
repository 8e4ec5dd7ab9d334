/*
 * server_store.c - the server's state directory, like a database's:
 *
 *   lock            one server at a time: flock'ed, its pid (server_dir.c)
 *   key             the TCP key (server_dir.c)
 *   journal         what happened since the records were written: one
 *                   entry per event, appended (server_journal.c)
 *   games/NAME.rec  every game on, as of the last compaction (one that
 *                   does not load: moved aside to NAME.rec.bad[.N])
 *   finished/       every game over, as DATE-ID-NAME.rec
 *
 * The store keeps its own copy of every game on (an srec), changed only
 * by journal entries: the same function applies an entry when the server
 * makes it and when a restart replays the journal, so what a restart
 * finds is what the server had.  The entries' kinds, what each holds and
 * how it applies, are a table (server_entry.c): a new kind is a row.
 *
 * Records (the record format of nonaga(6) with the server's keys,
 * server_record.c; Seq is the last entry a record holds) are compacted
 * from the journal
 * at start, when it passes COMPACT_BYTES or COMPACT_MS, and, for a game
 * that ends, at once into finished/: each written to a temporary file,
 * fsync'ed, renamed (finished/: linked, which like O_EXCL never replaces
 * a file) and the directory fsync'ed; only then is the journal reset.
 * Replaying skips what a record already holds (its Seq), so a crash
 * between the steps loses nothing and files nothing twice.  A compaction
 * first writes the ratings' snapshot (server_rating.c), with the last
 * entry's number, then resets the journal.  Restoring the
 * live games from the records is server_game.c's (game_restore).
 */
#include "server.h"
#include "server_entry.h"
#include "server_arena.h"
#include "server_journal.h"
#include <dirent.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#ifndef COMPACT_BYTES             /* (test/journal_test.c makes it small) */
#define COMPACT_BYTES (8 << 20)     /* a journal this long is compacted */
#endif
#define COMPACT_MS (10 * 60 * 1000) /* and one this old */
/* A change is refused (store_room) when the state directory's file
 * system has less than this free, or this much cannot be reserved past
 * the journal's end: what is reserved is kept for what the server writes
 * without being asked (a flag that falls, the clocks when it stops). */
#define STORE_ROOM (64 << 10)

struct store {
	server *srv;
	int lock;                   /* the state directory's lock (state_lock), or -1 */
	journal *j;
	char games[PATH_MAX + 16], finished[PATH_MAX + 16], journal[PATH_MAX + 16];
	srec *recs;                 /* the games the store holds */
	srec *last;                 /* the one found last (entries come in runs) */
	unsigned long long seq;     /* the last entry's number */
	unsigned long entries;      /* made since the start */
	int nretire;                /* recs over or dropped, not yet retired */
	int64_t reset_ms;           /* when the journal was last reset */
	int failed;                 /* an entry was lost (out of memory): stop */
	int waiting;                /* a batch failed to be written: kept, and
	                             * written again at each commit */
	int room_known;             /* store_room looked at the disk this turn */
	int room_blind;             /* test only: as a file system that cannot
	                             * tell or reserve its room */
	int sync;                   /* SERVER_SYNC_* */
	jdamage dmg;                /* damage met while replaying */
};

/* ------------------------------------------------------------ the copies */

static srec *rec_find(store *st, unsigned long long id)
{
	if (st->last && st->last->id == id)
		return st->last;
	for (srec *r = st->recs; r; r = r->next)
		if (r->id == id)
			return st->last = r;
	return NULL;
}

static srec *rec_new(store *st, const char *name, ng_rules rules)
{
	srec *r = calloc(1, sizeof *r);
	if (!r || !(r->g = ng_game_new(rules))) {
		free(r);
		return NULL;
	}
	snprintf(r->name, sizeof r->name, "%s", name);
	r->next = st->recs;
	st->recs = r;
	return r;
}

static void rec_free(store *st, srec *r)
{
	for (srec **p = &st->recs; *p; p = &(*p)->next)
		if (*p == r) {
			*p = r->next;
			break;
		}
	if (st->last == r)
		st->last = NULL;
	ng_game_free(r->g);
	free(r);
}

static int split(char *text, char **w, int max)
{
	int n = 0;
	for (char *save = NULL, *t = strtok_r(text, " ", &save); t && n < max;
	     t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	return n;
}

/* ----------------------------------------------- for the entries' rows */

server *store_server(store *st)
{
	return st->srv;
}

srec *store_find(store *st, unsigned long long id)
{
	return rec_find(st, id);
}

srec *store_add(store *st, const char *name, ng_rules rules)
{
	return rec_new(st, name, rules);
}

void store_retire(store *st, srec *r)
{
	if (!r->retire++)
		st->nretire++;
}

srec *store_entry_game(store *st, unsigned long long seq, char **w)
{
	srec *r = rec_find(st, strtoull(w[2], NULL, 10));
	if (!r || seq <= r->seq)
		return NULL;   /* a game filed already, or its record holds it */
	r->seq = seq;
	r->dirty = 1;
	return r;
}

/* One entry to the copies (text is cut into words), by its kind's row
 * (server_entry.c). */
static int apply(store *st, char *text)
{
	char *w[12];
	int n = split(text, w, 12);
	unsigned long long seq = n ? strtoull(w[0], NULL, 10) : 0;
	const entry_kind *k = n >= 2 ? entry_kind_of(w[1]) : NULL;
	if (!k || n < k->fewest || n > k->most || (!seq && !k->from0))
		return -1;
	if (seq > st->seq)
		st->seq = seq;
	srec *r = NULL;
	if (k->of == ENTRY_GAME && !(r = store_entry_game(st, seq, w)))
		return 0;
	return k->apply(st, r, seq, w, n);
}

/* ------------------------------------------------------------ the entries */

static void ventry(store *st, const char *fmt, va_list ap)
{
	char text[JOURNAL_ENTRY_MAX + 1], copy[JOURNAL_ENTRY_MAX + 1];
	int k = snprintf(text, sizeof text, "%llu ", st->seq + 1);
	int n = vsnprintf(text + k, sizeof text - (size_t)k, fmt, ap);
	if (st->failed)
		return;
	if (n < 0 || k + n > JOURNAL_ENTRY_MAX) {
		server_log("store: an entry too long for the journal: %.60s...", text);
		return;
	}
	memcpy(copy, text, (size_t)(k + n) + 1);
	if (journal_add(st->j, text, (size_t)(k + n)) < 0) {
		server_log("cannot keep a journal entry: %s", strerror(errno));
		st->failed = 1;
		return;
	}
	st->entries++;
	if (apply(st, copy) < 0)
		server_log("store: entry %s does not apply", text);
}

__attribute__((format(printf, 2, 3)))
static void entry(store *st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ventry(st, fmt, ap);
	va_end(ap);
}

void store_put(server *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ventry(s->store, fmt, ap);
	va_end(ap);
}

void store_seat(sgame *g, int side)
{
	store *st = g->srv->store;
	const seat *t = &g->seat[side];
	if (!g->rec) {
		entry(st, "new %s %s %s %d %d %d %s%s", g->name, g->date,
		      ng_rules_name(ng_pos_rules(ng_game_pos(g->g))), g->clock_min, g->clock_inc,
		      g->clock_days, g->invited[0] ? g->invited : "-", g->casual ? " casual" : "");
		g->rec = rec_find(st, st->seq);
		if (!g->rec)
			return;
		if (g->event[0])
			entry(st, "event %llu %s", g->rec->id, g->event);
	}
	entry(st, "seat %llu %d %s %s", g->rec->id, side, t->name, t->token[0] ? t->token : "-");
}

void store_move(sgame *g)
{
	int ply = ng_game_ply(g->g);
	char mv[NG_MOVE_TEXT];
	if (!g->rec || ply < 1)
		return;
	ng_move_format(ng_game_pos_at(g->g, ply - 1), ng_game_move_at(g->g, ply - 1), mv);
	entry(g->srv->store, "move %llu %d %s %lld %lld", g->rec->id, ply, mv,
	      (long long)g->left_ms[0], (long long)g->left_ms[1]);
}

/* The offers pending now (a draw, a take-back): made or withdrawn. */
void store_offers(sgame *g)
{
	if (g->rec)
		entry(g->srv->store, "offer %llu %s %s", g->rec->id, record_offer_word(g->offer),
		      record_offer_word(g->takeback));
}

void store_undo(sgame *g)
{
	if (g->rec)
		entry(g->srv->store, "undo %llu %d %lld %lld", g->rec->id, ng_game_ply(g->g),
		      (long long)g->left_ms[0], (long long)g->left_ms[1]);
}

void store_clock(sgame *g, int64_t red, int64_t blue)
{
	if (g->rec)
		entry(g->srv->store, "clock %llu %lld %lld", g->rec->id, (long long)red,
		      (long long)blue);
}

/* Test-only (doc/hacking.md): NONAGA_TEST_CRASH=POINT kills the server
 * there, as a power cut would, for test/ratings_crash_test.c. */
static void crash_point(const char *point)
{
	const char *at = getenv("NONAGA_TEST_CRASH");
	if (at && !strcmp(at, point))
		raise(SIGKILL);
}

void store_end(sgame *g)
{
	char rated[2][48] = { "", "" }, after[2][NET_NAME_MAX + 80] = { "", "" };
	for (int side = 0; side < 2 && g->rated; side++) {
		snprintf(rated[side], sizeof rated[side], " %.2f/%.2f>%.2f/%.2f",
		         g->before[side].r, g->before[side].rd, g->after[side].r, g->after[side].rd);
		after[side][0] = ' ';
		ratings_entry_word(g, side, after[side] + 1, sizeof after[side] - 1);
	}
	if (g->rec)
		entry(g->srv->store, "over %llu %s %s %lld %lld%s%s%s%s", g->rec->id,
		      ng_result_name(g->result), g->how, (long long)g->left_ms[0],
		      (long long)g->left_ms[1], rated[0], rated[1], after[0], after[1]);
	g->rec = NULL;   /* the store files it */
	crash_point("over");   /* rated and ended, not yet written */
}

void store_forget(sgame *g)
{
	if (g->rec)
		entry(g->srv->store, "drop %llu", g->rec->id);
	g->rec = NULL;
}

/* -------------------------------------------------------------- records */

static int save_rec(store *st, srec *r)
{
	char name[NET_NAME_MAX + 8];
	char *text = record_text(r);
	snprintf(name, sizeof name, "%s.rec", r->name);
	if (!text || durable_write(st->games, name, text, strlen(text), DURABLE_DIR_LATER) < 0) {
		server_log("cannot save game %s in %s: %s", r->name, st->games,
		           text ? strerror(errno) : "out of memory");
		free(text);
		return -1;
	}
	free(text);
	r->on_disk = 1;
	r->dirty = 0;
	return 0;
}

/* A game over into finished/ (if it is not there from before a crash:
 * its name holds its ID, which no other game has). */
static int file_finished(store *st, srec *r)
{
	char name[NET_NAME_MAX + 64], path[PATH_MAX + 128];
	record_finished_name(r, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s", st->finished, name);
	if (access(path, F_OK) == 0)
		return 0;
	char *text = record_text(r);
	int ok = text && (durable_write(st->finished, name, text, strlen(text),
	                                DURABLE_NEW | DURABLE_DIR_LATER) == 0 || errno == EEXIST) &&
	         durable_sync_dir(st->finished) == 0;
	if (!ok)
		server_log("cannot keep finished game %s in %s: %s", r->name, st->finished,
		           text ? strerror(errno) : "out of memory");
	free(text);
	return ok ? 0 : -1;
}

/* Games over or cancelled leave the store: over ones into finished/ (or,
 * failing that, kept where they were), their records out of games/. */
static void retire(store *st)
{
	int unlinked = 0;
	for (srec *r = st->recs, *next; r; r = next) {
		next = r->next;
		if (!r->retire)
			continue;
		if (!r->dropped && file_finished(st, r) < 0) {
			if (save_rec(st, r) == 0)   /* at least where it was */
				durable_sync_dir(st->games);
			continue;   /* tried again at the next start */
		}
		if (r->on_disk) {
			char path[PATH_MAX + 64];
			snprintf(path, sizeof path, "%s/%s.rec", st->games, r->name);
			unlink(path);
			unlinked = 1;
		}
		rec_free(st, r);
	}
	st->nretire = 0;
	if (unlinked)
		durable_sync_dir(st->games);
}

/* Every changed game into its record, then a fresh journal. */
static int compact(store *st)
{
	char base[64];
	int ok = 1;
	for (srec *r = st->recs; r; r = r->next)
		if (r->dirty && save_rec(st, r) < 0)
			ok = 0;
	if (!ok || durable_sync_dir(st->games) < 0)
		return -1;
	if (ratings_save(st->srv, st->seq) < 0 || arenas_save(st->srv, st->seq) < 0)
		return -1;
	crash_point("snapshot");   /* the snapshot written, the old journal kept */
	snprintf(base, sizeof base, "%llu base", st->seq);
	st->reset_ms = server_now_ms();
	if (st->j)
		return journal_reset(st->j, base, strlen(base));
	st->j = journal_open(st->journal, st->sync, base, strlen(base));
	return st->j ? 0 : -1;
}

int store_room(server *s)
{
	store *st = s->store;
	struct statvfs fs;
	if (st->failed || st->waiting)
		return errno = st->failed ? ENOMEM : st->waiting, -1;
	if (st->room_blind)
		return 0;
	if (!st->room_known) {   /* once a turn: the reservation is per change */
		if (statvfs(s->state, &fs) == 0 &&
		    (unsigned long long)fs.f_bavail * fs.f_frsize < STORE_ROOM)
			return errno = ENOSPC, -1;
		st->room_known = 1;
	}
	return journal_reserve(st->j, STORE_ROOM);
}

int store_commit(server *s)
{
	store *st = s->store;
	st->room_known = 0;
	if (st->failed)
		return -1;
	if (!journal_pending(st->j) && !st->nretire)
		return 0;
	if (journal_commit(st->j) < 0) {
		if (!st->waiting)
			server_log("cannot write the journal %s: %s; what it holds waits, every answer "
			           "with it, and is written again until it can be", st->journal,
			           strerror(errno));
		st->waiting = errno ? errno : EIO;
		return 1;
	}
	if (st->waiting)
		server_log("the journal %s is written again", st->journal);
	st->waiting = 0;
	if (st->nretire)
		retire(st);
	off_t size = journal_size(st->j);
	if (size > COMPACT_BYTES || (size > 4096 && server_now_ms() - st->reset_ms > COMPACT_MS)) {
		if (compact(st) < 0) {
			server_log("cannot compact the journal %s: %s (kept)", st->journal,
			           strerror(errno));
			st->reset_ms = server_now_ms();
		}
	}
	return 0;
}

srec *store_games(server *s)
{
	return s->store->recs;
}

unsigned long store_syncs(server *s)
{
	return s->store && s->store->j ? journal_syncs(s->store->j) : 0;
}

unsigned long store_entries(server *s)
{
	return s->store ? s->store->entries : 0;
}

void store_close(server *s)
{
	store *st = s->store;
	if (!st)
		return;
	journal_close(st->j);
	ratings_free(s);
	arenas_free(s);
	while (st->recs)
		rec_free(st, st->recs);
	if (st->lock >= 0)
		close(st->lock);   /* the lock goes last, with everything written */
	free(st);
	s->store = NULL;
}

/* --------------------------------------------------------------- loading */

/* A record that does not load is kept, out of the way: games/NAME.rec
 * becomes NAME.rec.bad (NAME.rec.bad.2, .3, ... when that is taken),
 * never replacing a file, so that its name is free for a new game and
 * its bytes stay for the administrator. */
static void set_aside(store *st, const char *file, const char *why)
{
	char from[PATH_MAX + 300], to[PATH_MAX + 320];
	snprintf(from, sizeof from, "%s/%s", st->games, file);
	for (int k = 1; k < 1000; k++) {
		if (k == 1)
			snprintf(to, sizeof to, "%s.bad", from);
		else
			snprintf(to, sizeof to, "%s.bad.%d", from, k);
		if (link(from, to) == 0) {
			unlink(from);
			durable_sync_dir(st->games);
			server_log("games/%s does not load: %s; moved aside to %s", file, why, to);
			return;
		}
		if (errno != EEXIST)
			break;
	}
	server_log("games/%s does not load: %s; skipped (cannot move it aside: %s)", file,
	           why, strerror(errno));
}

/* games/NAME.rec into a copy; 1 if it is one. */
static int load_one(store *st, const char *file)
{
	char path[PATH_MAX + 300], name[NET_NAME_MAX + 1];
	size_t flen = strlen(file);
	if (flen < 5 || strcmp(file + flen - 4, ".rec") || flen - 4 > NET_NAME_MAX)
		return 0;
	memcpy(name, file, flen - 4);
	name[flen - 4] = 0;
	if (!net_name_ok(name))
		return 0;
	snprintf(path, sizeof path, "%s/%s", st->games, file);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	char *text = NULL;
	size_t len = 0;
	ng_game *ng = NULL;
	ng_record_info info;
	int line = 0;
	ng_err e = NG_ERR_BAD_ARG;
	if (fd >= 0 && ng_record_read_fd(fd, &text, &len) == NG_OK)
		e = ng_record_parse(text, len, &ng, &info, &line);
	if (fd >= 0)
		close(fd);
	free(text);
	const char *gname = e == NG_OK ? ng_record_get(&info, "Game") : NULL;
	unsigned long long id = e == NG_OK ? record_number(&info, "Id") : 0;
	if (e != NG_OK || !gname || strcmp(gname, name) || (id && rec_find(st, id))) {
		char why[160];
		snprintf(why, sizeof why, "%s (line %d)",
		         e != NG_OK ? ng_strerror(e) : "not a game of the server", line);
		set_aside(st, file, why);
		if (ng)
			ng_game_free(ng);
		return 0;
	}
	srec *r = rec_new(st, name, info.rules);
	if (!r) {
		ng_game_free(ng);
		return 0;
	}
	ng_game_free(r->g);
	r->g = ng;
	r->id = id;           /* 0: a record from before the journal */
	r->on_disk = 1;
	record_fill(r, &info);
	if (r->how[0] && !r->retire++)   /* over, but not filed yet */
		st->nretire++;
	return 1;
}

/* The largest ID in finished/'s names (DATE-ID-NAME.rec): IDs are never
 * used twice, even when the journal and games/ are gone. */
static unsigned long long finished_max(store *st)
{
	unsigned long long max = 0;
	DIR *d = opendir(st->finished);
	struct dirent *de;
	while (d && (de = readdir(d))) {
		const char *p = strchr(de->d_name, '-');
		unsigned long long id = p ? strtoull(p + 1, NULL, 10) : 0;
		if (id > max)
			max = id;
	}
	if (d)
		closedir(d);
	return max;
}

/* Game id in words, for the damage's report. */
static void describe(void *arg, unsigned long long id, char *out, size_t size)
{
	srec *r = rec_find(arg, id);
	if (r)
		snprintf(out, size, "%s (id %llu)", r->name, id);
	else
		snprintf(out, size, "id %llu (its start lost)", id);
}

static void damaged(void *arg, off_t at, const unsigned char *bytes, size_t len)
{
	damage_seen(&((store *)arg)->dmg, at, bytes, len);
}

static void replay(void *arg, char *text, size_t len)
{
	store *st = arg;
	char copy[JOURNAL_ENTRY_MAX + 1], word[8] = "";
	unsigned long long seq = strtoull(text, NULL, 10), id = 0;
	memcpy(copy, text, len + 1);
	sscanf(text, "%*u %7s %llu", word, &id);
	damage_next(&st->dmg, seq);
	st->dmg.last = seq;
	/* after damage, an entry of a game not known lost its start */
	int orphan = st->dmg.regions && strcmp(word, "new") && strcmp(word, "base") &&
	             !rec_find(st, id);
	if (apply(st, text) < 0 || orphan) {
		if (st->dmg.regions)
			damage_lost(&st->dmg, strcmp(word, "new") ? id : seq);
		server_log("journal: entry '%s' does not apply%s: skipped", copy,
		           st->dmg.regions ? " after the damage" : "");
	}
}

/* Records, then the journal over them; then everything compacted. */
static int load(server *s, char *msg, size_t size)
{
	store *st = s->store;
	DIR *d = opendir(st->games);
	struct dirent *de;
	int n = 0;
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			n += load_one(st, de->d_name);
	if (d)
		closedir(d);
	st->seq = finished_max(st);
	for (srec *r = st->recs; r; r = r->next)
		if (r->seq > st->seq || r->id > st->seq)
			st->seq = r->seq > r->id ? r->seq : r->id;
	if (ratings_load(s, msg, size) < 0 || arenas_load(s, msg, size) < 0)
		return -1;
	off_t whole, all;
	journal_reader rd = { replay, damaged, st };
	st->dmg.path = st->journal;
	st->dmg.describe = describe;
	st->dmg.arg = st;
	long k = journal_read(st->journal, &rd, &whole, &all);
	if (k < 0)
		return snprintf(msg, size, "cannot read the journal %s: %s", st->journal,
		                strerror(errno)), -1;
	if (all > whole)
		server_log("journal %s: a torn last entry at byte %lld (%lld bytes) dropped",
		           st->journal, (long long)whole, (long long)(all - whole));
	if (st->dmg.regions) {   /* kept before the compaction replaces it */
		char kept[PATH_MAX + 64];
		damage_report(&st->dmg);
		if (damage_keep(&st->dmg, kept, sizeof kept) < 0)
			return snprintf(msg, size, "cannot keep the damaged journal %s: %s (left as "
			                "it is)", st->journal, strerror(errno)), -1;
		server_log("journal %s: damaged in %d place%s: its bytes are kept as they were "
		           "in %s", st->journal, st->dmg.regions, st->dmg.regions == 1 ? "" : "s",
		           kept);
	}
	if (ratings_seq(s) > st->seq)   /* (a journal lost): new entries count */
		st->seq = ratings_seq(s);
	for (srec *r = st->recs; r; r = r->next)
		if (!r->id)
			r->id = ++st->seq, r->dirty = 1;
	if (st->nretire)
		retire(st);
	if (compact(st) < 0)
		return snprintf(msg, size, "cannot write the state directory %s: %s", s->state,
		                strerror(errno)), -1;
	server_log("store: %d record%s, %ld journal entr%s replayed, sync %s", n,
	           n == 1 ? "" : "s", k, k == 1 ? "y" : "ies",
	           st->sync == SERVER_SYNC_ALWAYS ? "always" :
	           st->sync == SERVER_SYNC_NONE ? "none" : "batch");
	return 0;
}

int store_lock(server *s, char *msg, size_t size)
{
	int n;
	if (s->opt.state) {
		n = snprintf(s->state, sizeof s->state, "%s", s->opt.state);
	} else {
		const char *x = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
		if (x && x[0] == '/')
			n = snprintf(s->state, sizeof s->state, "%s/nonaga/server", x);
		else if (home && home[0] == '/')
			n = snprintf(s->state, sizeof s->state, "%s/.local/state/nonaga/server", home);
		else
			return snprintf(msg, size, "no state directory: set HOME or use --state DIR"), -1;
	}
	if (n < 0 || (size_t)n + 32 > sizeof s->state)
		return snprintf(msg, size, "the state directory's name is too long"), -1;
	store *st = calloc(1, sizeof *st);
	if (!st)
		return snprintf(msg, size, "out of memory"), -1;
	s->store = st;
	st->srv = s;
	st->lock = -1;
	st->sync = s->opt.sync;
	/* Test-only (doc/hacking.md): NONAGA_TEST_BLIND_ROOM makes a full
	 * disk known only when a write fails, for test/diskfull_test.c */
	st->room_blind = getenv("NONAGA_TEST_BLIND_ROOM") != NULL;
	snprintf(st->games, sizeof st->games, "%s/games", s->state);
	snprintf(st->finished, sizeof st->finished, "%s/finished", s->state);
	snprintf(st->journal, sizeof st->journal, "%s/journal", s->state);
	/* the lock before anything in the directory is read or written */
	if (state_own_dir(s->state, msg, size) < 0 ||
	    (st->lock = state_lock(s->state, msg, size)) < 0)
		return -1;
	return 0;
}

int store_open(server *s, char *msg, size_t size)
{
	if (!s->store && store_lock(s, msg, size) < 0)
		return -1;
	store *st = s->store;
	char key[PATH_MAX + 16];
	snprintf(key, sizeof key, "%s/key", s->state);
	if (state_own_dir(st->games, msg, size) < 0 || state_own_dir(st->finished, msg, size) < 0 ||
	    state_key(s, key, msg, size) < 0)
		return -1;
	return load(s, msg, size);
}
