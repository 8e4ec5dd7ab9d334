/* errors.c - English sentences for error codes (the front end translates). */
#include "nonaga.h"

static const char *const messages[NG_ERR_COUNT] = {
	[NG_OK] = "no error",
	[NG_ERR_SYNTAX] = "not in the notation",
	[NG_ERR_RANGE] = "number out of range",
	[NG_ERR_TOO_LONG] = "input too long",
	[NG_ERR_DISC_COUNT] = "a position has exactly 19 discs",
	[NG_ERR_DISC_DUP] = "a disc is listed twice",
	[NG_ERR_DISCONNECTED] = "the discs do not form one group",
	[NG_ERR_TOKEN_COUNT] = "each side has exactly 3 tokens",
	[NG_ERR_TOKEN_OFF_DISC] = "a token is not on a disc",
	[NG_ERR_TOKEN_DUP] = "two tokens share a disc",
	[NG_ERR_LOCK_OFF_DISC] = "the lock is not a disc",
	[NG_ERR_BOTH_WON] = "both sides show a winning shape",
	[NG_ERR_GAME_OVER] = "the game is over",
	[NG_ERR_NOT_YOUR_TOKEN] = "no token of the side to move there",
	[NG_ERR_NOT_A_SLIDE] = "a token slides in a straight line",
	[NG_ERR_SLIDE_BLOCKED] = "the token cannot slide there",
	[NG_ERR_SLIDE_SHORT] = "a token slides as far as it can",
	[NG_ERR_MUST_SLIDE] = "a slide is possible, so it cannot be skipped",
	[NG_ERR_NO_DISC] = "there is no disc there",
	[NG_ERR_DISC_HAS_TOKEN] = "the disc carries a token",
	[NG_ERR_DISC_NOT_FREE] = "the disc cannot be slid out of the board",
	[NG_ERR_DISC_LOCKED] = "the opponent just moved that disc",
	[NG_ERR_DISC_SPLITS] = "taking that disc would split the board",
	[NG_ERR_TARGET_TAKEN] = "that cell already holds a disc",
	[NG_ERR_TARGET_SAME] = "the disc must move to another cell",
	[NG_ERR_TARGET_CONTACT] = "the target touches fewer than two discs",
	[NG_ERR_MUST_RELOCATE] = "a disc can be moved, so the relocation cannot be skipped",
	[NG_ERR_WIN_ENDS_TURN] = "a winning slide ends the turn",
	[NG_ERR_NO_MOVE] = "no legal move matches",
	[NG_ERR_NO_HISTORY] = "nothing to undo",
	[NG_ERR_NOMEM] = "out of memory",
	[NG_ERR_BAD_ARG] = "invalid argument",
	[NG_ERR_EMPTY] = "the record is empty",
	[NG_ERR_NOT_RECORD] = "not a nonaga record (it does not begin with \"# nonaga record 1\")",
	[NG_ERR_RECORD_VERSION] = "a record of a later version of nonaga",
	[NG_ERR_LINE_TOO_LONG] = "line too long",
	[NG_ERR_CONTROL_CHAR] = "a NUL byte or another control character",
	[NG_ERR_BAD_UTF8] = "not valid UTF-8",
	[NG_ERR_TRUNCATED] = "the last line is cut off (the record is truncated)",
	[NG_ERR_HEADER_SYNTAX] = "not a header line (Key: value)",
	[NG_ERR_HEADER_DUP] = "this header was given before",
	[NG_ERR_HEADER_VALUE] = "not a valid value for this header",
	[NG_ERR_HEADER_MISSING] = "the header lacks Rules or Moves",
	[NG_ERR_HEADER_FULL] = "too many header lines",
	[NG_ERR_EMPTY_LINE] = "an empty line among the moves",
	[NG_ERR_MOVE_COUNT] = "the number of moves differs from the Moves header",
	[NG_ERR_RESULT_MISMATCH] = "the Result header does not match the moves",
	[NG_ERR_UNCALIBRATED] = "the level has no rating yet (make calibrate)",
};

const char *ng_strerror(ng_err err)
{
	if ((unsigned)err >= NG_ERR_COUNT || !messages[err])
		return "unknown error";
	return messages[err];
}
