#!/bin/sh
# tui_refuse_test.sh - a refused choice says why, in the status line; the
# cells are clicked with the mouse (ASCII screen, so columns are bytes).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_refuse

# In ASCII: o disc, @ Red, # Blue, x locked disc, + where a disc may go.
# The start position's middle row is @ o o o # (cells 4 columns apart).
middle_row() {
	screen | awk 'NR > 1 && /@[^o#]*o +o +o +#/ { print NR - 1; exit }'
}
# column of the Nth cell glyph (@ o # x) in a screen row
cell_col() {
	screen | awk -v r="$1" -v n="$2" 'NR - 1 == r {
		for (i = 1; i <= length($0); i++)
			if (index("@o#x", substr($0, i, 1)) && --n == 0) { print i - 1; exit } }'
}

start -l C --pvp
check "ready" wait_for "Red to move"
row=$(middle_row)
check "the middle row is found" test -n "$row"
centre=$(cell_col "$row" 3)
left=$(cell_col "$row" 1)

set -- $(locate "#")
click "$1" "$2"
check "a Blue token is not Red's, and it says whose it is" \
	wait_for "That is Blue's token: choose one of Red's."
click "$row" "$centre"
check "an empty disc has no token (a message the click changed)" \
	wait_for "Not allowed: no token of the side to move there."
keys Left
check "the refusal goes when the cursor moves on" wait_gone "Not allowed"

# Tab: back onto a legal choice (the Red token below the centre)
keys Tab Enter
wait_for "(@)"
click "$row" "$centre"
check "a token cannot stop short" wait_for "Not allowed: a token slides as far as it can."
keys Escape
wait_gone "(@)"

keys Enter Enter
check "phase 2" wait_for "2. relocate a disc"
set -- $(locate "#")
click "$1" "$2"
check "a disc with a token cannot be taken" wait_for "Not allowed: the disc carries a token."
click "$row" "$centre"
check "the middle disc is not free" wait_for "Not allowed: the disc cannot be slid out of the board."

keys Tab Enter
check "a disc is chosen: targets shown" wait_for "+"
click "$row" "$centre"
check "a disc cannot go onto a disc" wait_for "Not allowed: that cell already holds a disc."
click "$row" $((left - 4))
check "a target must touch two discs" wait_for "Not allowed: the target touches fewer than two discs."

keys Tab Enter
check "Blue to move" wait_for "Blue to move"
check "the moved disc is marked locked" sh -c "tmux -L $TMUX_SOCK capture-pane -p | sed -n '2,18p' | grep -q x"
# Blue's token in the bottom row keeps off the locked disc when it slides
set -- $(locate "#" 3)
click "$1" "$2"
wait_for "(#)"
keys Enter
check "Blue in phase 2" wait_for "2. relocate a disc"
set -- $(locate "x")
click "$1" "$2"
check "the disc the opponent just moved is locked" wait_for "Not allowed: the opponent just moved that disc."

finish
