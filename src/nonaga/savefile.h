/*
 * savefile.h - games on disk: the game in progress, finished games and
 * exported games, all as game records (nonaga.h, nonaga(6) FILES).  No
 * curses here; the game screen calls these.
 *
 * The state directory is $XDG_STATE_HOME/nonaga when XDG_STATE_HOME is
 * an absolute path, else $HOME/.local/state/nonaga; it holds
 *
 *   current.save                     the game in progress
 *   current-N.save                   another terminal's game (slot N)
 *   current.save.lock, current-N.save.lock
 *                                    held by the process playing it
 *   records/YYYYMMDD-HHMMSS.nonaga   finished games (UTC; -2, -3... when
 *                                    the name is taken)
 *   puzzles                          the puzzles solved (play_puzzle.c)
 *   NAME.bad, NAME.bad.N             files that could not be read, moved
 *                                    aside; nothing is ever deleted
 *
 * Writing is atomic: the record goes to a temporary file in the same
 * directory (current.save.tmp, records/.record.tmp, or .NAME.PID.tmp
 * beside an export; created with O_EXCL after a stale one from a crash is
 * removed, and an flock on the directory keeps two nonaga processes from
 * sharing it), is flushed with fsync, renamed over NAME (or linked to it
 * where nothing may be replaced), and the directory is flushed.  A crash
 * or a power cut at any instant leaves the old file or the new one,
 * whole.  Before anything is written, the record is read back as
 * save_load would: what is saved can be loaded.
 *
 * Signals: do not call these from a signal handler (they allocate, lock
 * and write).  The game screen's SIGHUP, SIGTERM and SIGINT handlers only
 * set a `volatile sig_atomic_t' flag; the main loop sees it, calls
 * save_game(), restores the terminal and exits.  System calls interrupted
 * by a signal are restarted here, so a signal that arrives in the middle
 * of a save does not make it fail.
 *
 * Messages: what can fail fills msg (SAVE_MSG bytes) with translated
 * sentences ready to show, naming the file (and the line: "FILE, line N:
 * reason") and, for a bad file, where it was moved.
 */
#ifndef NONAGA_SAVEFILE_H
#define NONAGA_SAVEFILE_H

#include <stddef.h>
#include "lineup.h"

#define SAVE_MSG 9000   /* two paths and a sentence */

typedef enum save_status {
	SAVE_OK = 0,   /* done */
	SAVE_NONE,     /* save_load: there is no game in progress */
	SAVE_BAD,      /* the file is not a good save or record (moved aside,
	                * see each function) */
	SAVE_ERROR     /* could not be done (no home, disk full, ...) */
} save_status;

/* What a saved game holds besides the game: the record's Date and the
 * front end's keys Mode (pvp|ai|online), Human (red|blue) and Level
 * (1-10).  An online game (kept only when it is over) names its players
 * in Red and Blue; it is not resumed as a local game. */
typedef struct save_info {
	lineup who;                   /* mode: a kind of kinds.h, as the
	                               * key Mode says its word; human and
	                               * level as the keys say;
	                               * rules those of the game */
	char date[NG_RECORD_VALUE];   /* when the game began, ISO 8601 UTC */
	char red[64], blue[64];       /* KIND_NAMED: the players */
	char how[32];                 /* KIND_NAMED, over: how the server says
	                               * it ended ("resign", "agree", "time",
	                               * "rules"...), kept as the key How, with
	                               * winner as Winner; "" while it goes on */
	ng_result winner;
	char kept[32];                /* the record (a name in records/) this
	                               * game was kept as when it ended, kept
	                               * in current.save as the key Kept once
	                               * it is taken back from its end: when
	                               * it ends again, that record is
	                               * replaced (save_archive); "" if none */
} save_info;

/*
 * The slot of a game in progress: slot 1 is current.save, slot N
 * current-N.save (2 <= N <= SAVE_SLOTS), so that two terminals can each
 * play a game of their own (saveslot.h).  save_game, save_load,
 * save_discard and save_exists are given the slot; save_slot_file names
 * a slot's file.  (Below, current.save stands for the slot's file.)
 */
#define SAVE_SLOTS 9
void save_slot_file(int slot, char *name, size_t size);

/* How a record's game ended: its rules' result, or else the outcome its
 * How and Winner keys give (an online game resigned, agreed drawn, lost
 * on time): what the player is shown. */
ng_result save_outcome(const ng_record_info *info);

/* A new game's information, dated now. */
void save_info_new(save_info *si, const lineup *who);

/*
 * The state directory: its path into dir (size bytes, PATH_MAX is
 * enough), created with the missing directories above it (mode 0700).
 */
save_status save_dir(char *dir, size_t size, char *msg);

/* Save the game in progress (its whole line and ply) as DIR/current.save. */
save_status save_game(const char *dir, int slot, const ng_game *g,
                      const save_info *si, char *msg);

/* Whether DIR/current.save exists; it is not read. */
int save_exists(const char *dir, int slot);

/*
 * Read DIR/current.save: SAVE_OK with a new game in *g (to free with
 * ng_game_free; it stands where it was saved, undo and redo work) and its
 * information in *si; SAVE_NONE when there is no save; SAVE_BAD when it is
 * not a good save (truncated, corrupt, hostile, unreadable, a directory,
 * ...): it has been moved aside and msg says why and where to.  A missing
 * Mode is taken for pvp, a missing Human for red and a missing Level for
 * 5; a wrong one makes the save bad.
 */
save_status save_load(const char *dir, int slot, ng_game **g, save_info *si,
                      char *msg);

/* Remove DIR/current.save, the game being over and kept (save_archive) or
 * abandoned.  SAVE_OK also when there was none. */
save_status save_discard(const char *dir, int slot, char *msg);

/*
 * Keep a game as DIR/records/YYYYMMDD-HHMMSS.nonaga, named by the time now
 * (UTC); an existing record is never replaced, but for the game's own:
 * when si->kept names the record this game was kept as before it was
 * taken back from its end, that record is replaced, so that a game
 * leaves one record, with its last result.  The name written goes to
 * path (size bytes) when path is not NULL.
 */
save_status save_archive(const char *dir, const ng_game *g,
                         const save_info *si, char *path, size_t size,
                         char *msg);

/* Write text as DIR/NAME atomically (DIR/NAME.tmp, fsync, rename over
 * NAME), for small files of the front end's own (the puzzles solved). */
save_status save_text(const char *dir, const char *name, const char *text,
                      char *msg);

/* Move a bad file of the state directory aside to PATH.bad (or .bad.N),
 * adding to msg where it went (or why it could not be moved). */
void save_move_aside(const char *path, char *msg);

/* Write the game as a record DIR/STEM.nonaga, atomically; when that
 * exists, DIR/STEM-2.nonaga, -3... (never replaced).  The path written
 * goes to path (size bytes). */
save_status save_export_new(const char *dir, const char *stem,
                            const ng_game *g, const save_info *si, char *path,
                            size_t size, char *msg);

/* Write the game as a record to a file of the user's choice, atomically.
 * An existing file is replaced only when replace is set. */
save_status save_export(const char *path, const ng_game *g,
                        const save_info *si, int replace, char *msg);

/* Write a game with the given header (its front-end keys included) as a
 * record to a file of the user's choice, atomically, replacing it (nonaga
 * --analyze-out).  What is written is read back first. */
save_status save_write_record(const char *path, const ng_game *g,
                              const ng_record_info *info, char *msg);

/*
 * Read a record file (nonaga --replay FILE, or one of DIR/records): a new
 * game in *g standing where the record's Ply says, and its header in
 * *info.  A bad file gives SAVE_BAD and, when quarantine is set, is moved
 * aside as well (do so for the files in the state directory).
 */
save_status save_read(const char *path, int quarantine, ng_game **g,
                      ng_record_info *info, char *msg);

#endif
