/*
 * server_entry.h - the kinds of the store's journal entries as a table
 * (server_entry.c): each kind is one row, its word, how many words it
 * has and how it applies to what the store holds.  A new kind (a seek,
 * an arena) is a new row, its apply function in a file of its own.
 */
#ifndef NONAGA_SERVER_ENTRY_H
#define NONAGA_SERVER_ENTRY_H

#include "server.h"

/* What an entry is applied to */
enum {
	ENTRY_STORE,   /* the store itself (r is NULL) */
	ENTRY_GAME     /* the copy of the game whose ID is its third word (r):
	                * not applied (0) when the game is filed already or its
	                * record holds the entry (its Seq) */
};

typedef struct entry_kind {
	const char *word;      /* the entry's second word, after SEQ */
	int fewest, most;      /* its words, SEQ and the word included */
	int of;                /* ENTRY_STORE or ENTRY_GAME */
	int from0;             /* SEQ may be 0 (a fresh store's "0 base") */
	/* The entry (w[0..n), its number seq) applied: 0, or -1 when its
	 * words do not make one (the store logs it, a replay skips it). */
	int (*apply)(store *st, srec *r, unsigned long long seq, char **w, int n);
} entry_kind;

/* The kind whose word is word, or NULL. */
const entry_kind *entry_kind_of(const char *word);

/* server_store.c: what an apply function may do to the store. */
server *store_server(store *st);
/* An entry made (its SEQ first) and applied, as the store makes its own. */
__attribute__((format(printf, 2, 3)))
void store_put(server *s, const char *fmt, ...);
/* The copy of game id, or NULL. */
srec *store_find(store *st, unsigned long long id);
/* A new copy (id 0: set by the caller), or NULL: out of memory. */
srec *store_add(store *st, const char *name, ng_rules rules);
/* The copy over or cancelled: it leaves the store at the next commit. */
void store_retire(store *st, srec *r);
/* The copy of the game whose ID is w[2] that entry seq changes (marked
 * changed), or NULL: a game filed already, or whose record holds it. */
srec *store_entry_game(store *st, unsigned long long seq, char **w);

#endif
