/*
 * saveslot.h - one game per save.  A game that runs holds its slot's lock
 * (DIR/current.save.lock, or current-N.save.lock for slot N) for as long
 * as it runs: an flock, released by the system when the process ends
 * however it ends, so a lock is never stale.  The lock file holds the
 * holder's pid and terminal, to tell a second terminal who plays there.
 *
 * A second instance that wants a held slot asks the player: take the
 * game over (the holder is sent SIGHUP, saves and exits as it does when
 * its connection drops; then the lock is free and the saved game is
 * resumed here), play a new game in a free slot, or leave it.  A new game
 * never takes another over: it goes to a free slot.  A finished game lets
 * go of its slot; it holds one again before it is saved again.  Nothing
 * is written to a slot without holding its lock.  No curses here.
 */
#ifndef NONAGA_SAVESLOT_H
#define NONAGA_SAVESLOT_H

#include "savefile.h"
#include <time.h>

typedef struct save_holder {
	long pid;        /* 0 when the lock file does not say */
	char tty[64];    /* "" when not known */
} save_holder;

/*
 * Hold slot's lock from now on, letting go of any slot held before (the
 * game is then saved in that slot: save_game).  SAVE_OK; SAVE_NONE when
 * another process holds it (who it is in *h); SAVE_ERROR with msg said.
 */
save_status slot_hold(const char *dir, int slot, save_holder *h, char *msg);

/* Let go of the slot held (at the end of a game). */
void slot_release(void);

/*
 * Ask the holder of slot to save and leave (SIGHUP), then hold the slot:
 * SAVE_OK, or SAVE_ERROR with msg said when it has not let go within a few
 * seconds.
 */
save_status slot_take_over(const char *dir, int slot, const save_holder *h,
                           char *msg);

/* Has another process taken the slot held over (slot_take_over names it
 * in the lock file before its SIGHUP)?  Who, in *by. */
int slot_taken(save_holder *by);

/* The first slot with no game in it that nobody holds; 0 when all are in
 * use. */
int slot_free(const char *dir);

/* Is there a saved game in slot? */
int slot_has_game(const char *dir, int slot);

/* When slot's game was last saved (0 when there is none). */
time_t slot_time(const char *dir, int slot);

/* Is slot held by another process?  Who, in *h. */
int slot_busy(const char *dir, int slot, save_holder *h);

/* The slots that have a saved game, the last played first (the one
 * written last), into out (at most SAVE_SLOTS); returns how many. */
int slot_list(const char *dir, int out[SAVE_SLOTS]);

#endif
