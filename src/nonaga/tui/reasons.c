/*
 * reasons.c - translated sentences for the engine's refusals.
 *
 * The engine gives English sentences (ng_strerror); they are translated
 * here at run time with gettext.  xgettext does not read the engine, so
 * this table repeats the sentences with N_() for the catalogs;
 * test/reasons_test.c checks that it matches ng_strerror word for word.
 */
#include "ui.h"

const char *const reason_msgids[NG_ERR_COUNT] = {
	[NG_OK] = N_("no error"),
	[NG_ERR_SYNTAX] = N_("not in the notation"),
	[NG_ERR_RANGE] = N_("number out of range"),
	[NG_ERR_TOO_LONG] = N_("input too long"),
	[NG_ERR_DISC_COUNT] = N_("a position has exactly 19 discs"),
	[NG_ERR_DISC_DUP] = N_("a disc is listed twice"),
	[NG_ERR_DISCONNECTED] = N_("the discs do not form one group"),
	[NG_ERR_TOKEN_COUNT] = N_("each side has exactly 3 tokens"),
	[NG_ERR_TOKEN_OFF_DISC] = N_("a token is not on a disc"),
	[NG_ERR_TOKEN_DUP] = N_("two tokens share a disc"),
	[NG_ERR_LOCK_OFF_DISC] = N_("the lock is not a disc"),
	[NG_ERR_BOTH_WON] = N_("both sides show a winning shape"),
	[NG_ERR_GAME_OVER] = N_("the game is over"),
	[NG_ERR_NOT_YOUR_TOKEN] = N_("no token of the side to move there"),
	[NG_ERR_NOT_A_SLIDE] = N_("a token slides in a straight line"),
	[NG_ERR_SLIDE_BLOCKED] = N_("the token cannot slide there"),
	[NG_ERR_SLIDE_SHORT] = N_("a token slides as far as it can"),
	[NG_ERR_MUST_SLIDE] = N_("a slide is possible, so it cannot be skipped"),
	[NG_ERR_NO_DISC] = N_("there is no disc there"),
	[NG_ERR_DISC_HAS_TOKEN] = N_("the disc carries a token"),
	[NG_ERR_DISC_NOT_FREE] = N_("the disc cannot be slid out of the board"),
	[NG_ERR_DISC_LOCKED] = N_("the opponent just moved that disc"),
	[NG_ERR_DISC_SPLITS] = N_("taking that disc would split the board"),
	[NG_ERR_TARGET_TAKEN] = N_("that cell already holds a disc"),
	[NG_ERR_TARGET_SAME] = N_("the disc must move to another cell"),
	[NG_ERR_TARGET_CONTACT] = N_("the target touches fewer than two discs"),
	[NG_ERR_MUST_RELOCATE] = N_("a disc can be moved, so the relocation cannot be skipped"),
	[NG_ERR_WIN_ENDS_TURN] = N_("a winning slide ends the turn"),
	[NG_ERR_NO_MOVE] = N_("no legal move matches"),
	[NG_ERR_NO_HISTORY] = N_("nothing to undo"),
	[NG_ERR_NOMEM] = N_("out of memory"),
	[NG_ERR_BAD_ARG] = N_("invalid argument"),
	/* why a save or a record cannot be read (savefile.c) */
	[NG_ERR_EMPTY] = N_("the record is empty"),
	[NG_ERR_NOT_RECORD] = N_("not a nonaga record (it does not begin with \"# nonaga record 1\")"),
	[NG_ERR_RECORD_VERSION] = N_("a record of a later version of nonaga"),
	[NG_ERR_LINE_TOO_LONG] = N_("line too long"),
	[NG_ERR_CONTROL_CHAR] = N_("a NUL byte or another control character"),
	[NG_ERR_BAD_UTF8] = N_("not valid UTF-8"),
	[NG_ERR_TRUNCATED] = N_("the last line is cut off (the record is truncated)"),
	[NG_ERR_HEADER_SYNTAX] = N_("not a header line (Key: value)"),
	[NG_ERR_HEADER_DUP] = N_("this header was given before"),
	[NG_ERR_HEADER_VALUE] = N_("not a valid value for this header"),
	[NG_ERR_HEADER_MISSING] = N_("the header lacks Rules or Moves"),
	[NG_ERR_HEADER_FULL] = N_("too many header lines"),
	[NG_ERR_EMPTY_LINE] = N_("an empty line among the moves"),
	[NG_ERR_MOVE_COUNT] = N_("the number of moves differs from the Moves header"),
	[NG_ERR_RESULT_MISMATCH] = N_("the Result header does not match the moves"),
	[NG_ERR_UNCALIBRATED] = N_("the level has no rating yet (make calibrate)"),
};

const char *reason_text(ng_err e)
{
	/* The engine's own sentence is the msgid, so a changed sentence is
	 * still shown (in English) even before the table catches up. */
	return _(ng_strerror(e));
}
