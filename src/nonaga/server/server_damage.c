/*
 * server_damage.c - a journal damaged in the middle (a disk error, a bad
 * copy: server_journal.c tells it from a crash's torn last entry and
 * reads on after it): what the damage cost, said in the log as far as it
 * can be known, and the journal's bytes kept as they were, beside it,
 * before the start's compaction replaces it; so too a snapshot file
 * (ratings, arenas, players) whose damaged lines were skipped.
 *
 * What is known: the entries' numbers run on by one, so the last entry
 * before the damage and the first after it say how many were lost; the
 * damaged bytes may still hold the text of some ("SEQ WORD ID ...": which
 * game they were of); and a game's entries after the damage that no
 * longer apply (a move after a lost move) name it too.
 */
#include "server.h"
#include "server_journal.h"
#include "durable.h"
#include <libgen.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Game id's line in the table (a new one if need be), or -1 when full. */
static int game_line(jdamage *d, unsigned long long id)
{
	for (int i = 0; i < d->ngames; i++)
		if (d->games[i].id == id)
			return i;
	if (d->ngames == DAMAGE_GAMES)
		return -1;
	memset(&d->games[d->ngames], 0, sizeof d->games[0]);
	d->games[d->ngames].id = id;
	return d->ngames++;
}

/* An entry's text at p ("SEQ WORD ID..."): its number, word (index in
 * words) and game; 0 if p holds none numbered after d->last. */
static unsigned long long read_entry(const jdamage *d, const unsigned char *p, size_t n,
                                     int *word, unsigned long long *id)
{
	static const char *const words[] = { "new", "seat", "move", "undo", "clock",
	                                     "over", "drop", "offer" };
	unsigned long long seq = 0, game = 0;
	size_t k = 0;
	while (k < n && k < 20 && p[k] >= '0' && p[k] <= '9')
		seq = seq * 10 + (unsigned)(p[k++] - '0');
	if (!k || k == n || p[k++] != ' ' || seq <= d->last)
		return 0;
	for (*word = 0; *word < 8; ++*word) {
		size_t w = strlen(words[*word]);
		if (k + w < n && !memcmp(p + k, words[*word], w) && p[k + w] == ' ')
			break;
	}
	if (*word == 8)
		return 0;
	k += strlen(words[*word]) + 1;
	size_t digits = k;
	while (k < n && k - digits < 20 && p[k] >= '0' && p[k] <= '9')
		game = game * 10 + (unsigned)(p[k++] - '0');
	*id = *word == 0 ? seq : game;   /* a game's ID is its "new"'s number */
	return *word == 0 || k > digits ? seq : 0;
}

void damage_seen(jdamage *d, off_t at, const unsigned char *bytes, size_t len)
{
	static const char *const what[] = { "the start", "a seat", "a move", "a take-back",
	                                    "the clocks", "the end", "the cancelling",
	                                    "the offers" };
	d->regions++;
	d->pending = 1;
	d->at = at;
	d->len = len;
	d->guess[0] = 0;
	for (size_t p = 0; p < len; p++) {
		int word;
		unsigned long long id, seq;
		if ((p && bytes[p - 1] >= '0' && bytes[p - 1] <= '9') ||
		    !(seq = read_entry(d, bytes + p, len - p, &word, &id)))
			continue;
		int i = game_line(d, id);
		if (i >= 0)
			d->games[i].damaged++;
		char game[NET_NAME_MAX + 48];
		d->describe(d->arg, id, game, sizeof game);
		size_t k = strlen(d->guess);
		snprintf(d->guess + k, sizeof d->guess - k, "%s%llu: %s of game %s",
		         k ? ", " : "", seq, what[word], game);
	}
}

void damage_next(jdamage *d, unsigned long long seq)
{
	if (!d->pending)
		return;
	d->pending = 0;
	char lost[64];
	if (!d->last)
		snprintf(lost, sizeof lost, "the entries before %llu", seq);
	else if (seq <= d->last + 1)
		snprintf(lost, sizeof lost, "no entry");
	else if (seq == d->last + 2)
		snprintf(lost, sizeof lost, "entry %llu", d->last + 1);
	else
		snprintf(lost, sizeof lost, "entries %llu to %llu", d->last + 1, seq - 1);
	server_log("journal %s: damaged at byte %lld (%zu bytes), not a crash's torn end: "
	           "%s lost%s%s; read on from entry %llu", d->path, (long long)d->at, d->len,
	           lost, d->guess[0] ? "; the damaged bytes still show " : "", d->guess, seq);
}

void damage_lost(jdamage *d, unsigned long long id)
{
	int i = game_line(d, id);
	if (i >= 0)
		d->games[i].later++;
}

void damage_report(jdamage *d)
{
	for (int i = 0; i < d->ngames; i++) {
		char game[NET_NAME_MAX + 48];
		d->describe(d->arg, d->games[i].id, game, sizeof game);
		server_log("journal %s: game %s lost entries to the damage: %d in the damaged "
		           "bytes, %d later that no longer apply", d->path, game,
		           d->games[i].damaged, d->games[i].later);
	}
	if (d->ngames == DAMAGE_GAMES)
		server_log("journal %s: (more games may have lost entries)", d->path);
}

int damage_keep(const jdamage *d, char *kept, size_t size)
{
	/* the compaction renames a new journal over the name, never writes
	 * the old one */
	return durable_keep(d->path, kept, size);
}

void damage_keep_snapshot(const char *path, int bad)
{
	char kept[PATH_MAX + 64];
	if (durable_keep(path, kept, sizeof kept) < 0)
		server_log("%s: %d line%s not read, and the file's bytes cannot be kept aside: %s", path,
		           bad, bad == 1 ? "" : "s", strerror(errno));
	else
		server_log("%s: %d line%s not read: the file's bytes are kept as they were in %s", path,
		           bad, bad == 1 ? "" : "s", kept);
}
