/*
 * closeout.h - the end of what goes to standard output when it is not
 * the screen (--help, --version, --engine, --client): a write that failed,
 * as on a full disk or /dev/full, is told and makes the exit status 1, as
 * GNU programs do (gnulib's close_stdout).
 */
#ifndef NONAGA_CLOSEOUT_H
#define NONAGA_CLOSEOUT_H

/* "nonaga: write error: " and strerror(err), on standard error. */
void write_error(int err);

/* A write to standard output failed with err: the stream drops what it
 * could not write and may not tell any more, so close_stdout is told
 * here.  The first reason counts. */
void closeout_failed(int err);

/* Flush and close standard output; a write that failed (now or before:
 * closeout_failed) is told, and then status becomes 1 if it was 0. */
int close_stdout(int status);

#endif
