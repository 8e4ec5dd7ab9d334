#!/bin/sh
# tui_steady_test.sh - the board stands still between the steps of a turn
# (issue 38, item 19: "the board shifts up a row between 'take a disc' and
# 'place it'").  At 48x14 a board ten rows tall scrolls; the disc taken
# sits on the board's bottom line, and the place nearest to it is on the
# row below, off the screen: the place step's first cursor went there
# and the board scrolled up a row.  Now the first cursor of a step goes
# to a choice on the screen, and every piece keeps its line and columns
# from taking to placing, compared exactly, in English, in ASCII
# (LANG=C) and in Japanese.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_steady
export LC_ALL=C.UTF-8   # for sed and grep on the UTF-8 screens

# Red to move; the discs span rows -3 to 4, so with the empty cells
# around them the board needs 10 lines, and 48x14 gives it 8.
ST=$TMUX_DIR/state
pvp_state "1,-3;2,-3;-1,-2;0,-2;1,-2;-1,-1;0,-1;0,0;2,0;0,1;1,1;2,1;-1,2;0,2;1,2;2,2;0,3;1,3;0,4/1,-2;2,0;0,4/1,1;-1,2;1,2/r/2,2" 2026-11-27T21:00:00Z

W=48 H=14
# the board's lines: below the header, above the five lines of text
board() { screen | sed -n "2,$((H - 5))p"; }
# each line with a piece (disc, lock or token): its number and the
# pieces' columns (anything else as _)
pieces() { board | sed "s/[^$PIECES]/_/g; s/_*\$//" | grep -n "[$PIECES]"; }

# steady NAME START-ARGS...: one turn to the place step; the pieces at
# the take step and at the place step, compared
steady() {
	name=$1; shift
	fresh_state
	start -x $W -y $H "$@" -e XDG_STATE_HOME="$ST" --resume --no-animation
	check "$name: ready" wait_for "$T_TOKEN"
	keys Enter
	check "$name: the token chosen" wait_for "$T_SLIDE"
	keys Enter
	check "$name: slid, a disc to take" wait_for "$T_TAKE"
	# the third free disc in reading order is on the board's bottom
	# line, with more of the board below it
	keys Tab Tab
	check "$name: the cursor on the disc at the bottom edge" \
		poll 5 eval 'board | tail -n 1 | grep -qF "$CURSOR_DISC"'
	check "$name: more of the board below" eval 'board | tail -n 1 | grep -qF "$MORE_DOWN"'
	pieces > "$TMUX_DIR/take"
	keys Enter
	check "$name: the place step" wait_for "$T_PLACE"
	pieces > "$TMUX_DIR/place"
	check "$name: no piece moved between taking and placing" \
		cmp "$TMUX_DIR/take" "$TMUX_DIR/place"
	check "$name: the pieces of eight lines seen" \
		test "$(wc -l < "$TMUX_DIR/take")" -eq 7
	check "$name: the first place cursor on the screen" \
		eval 'board | grep -qF "$CURSOR_PLACE"'
	quit_anyhow
}

T_TOKEN="Choose a token" T_SLIDE="Choose where it slides"
T_TAKE="disc to take" T_PLACE="Choose where the disc goes"
PIECES='⬡⊘◉◼' CURSOR_DISC='[⬡]' CURSOR_PLACE='[◦]' MORE_DOWN='▾'
steady "48x14 English"
T_TOKEN="動かせるコマ" T_SLIDE="滑らせる先"
T_TAKE="動かす自由な" T_PLACE="置き場所"
steady "48x14 Japanese" -e LANGUAGE=ja
T_TOKEN="Choose a token" T_SLIDE="Choose where it slides"
T_TAKE="disc to take" T_PLACE="Choose where the disc goes"
PIECES='ox@#' CURSOR_DISC='[o]' CURSOR_PLACE='[+]' MORE_DOWN='v'
steady "48x14 ASCII" -l C
finish
