/*
 * msgfit.h - the messages in a language the terminal can show.  A locale
 * whose character set is not UTF-8 (LANG=C, say) gets the catalogs
 * transliterated to ASCII; a language that transliteration cannot write
 * (all question marks: Japanese) is replaced by English, and the reason
 * is kept to be said: on stderr by the command-line modes (--help,
 * --analyze...), on the first screen by the curses game.
 */
#ifndef NONAGA_MSGFIT_H
#define NONAGA_MSGFIT_H

/* Is the locale's character set UTF-8? */
int msgfit_utf8(void);

/* Make the language of the messages one the terminal can show: NULL when
 * it is, else why English is used instead (in English; the same string
 * until English is given up). */
const char *msgfit(void);

/* The reason of the last time msgfit() gave way to English, or NULL. */
const char *msgfit_note(void);

#endif
