#!/bin/sh
# tui_resize_test.sh - a resize redraws the whole layout; below the minimum
# size the screen says how large it must be and the game waits intact, and
# so do the title menu and the lists: only a resize and q act then.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_resize

start --pvp
check "ready" wait_for "Red to move"
keys Enter Enter Enter Enter
check "a turn is played" wait_for "Blue to move"
keys Enter
check "Blue chooses a token" wait_for "(◼)"
screen > "$TMUX_DIR/before"

T resize-window -x 40 -y 12
check "too small: says how large it must be" wait_for "48x14"
check "too small: says its size" has_text "The terminal is 40x12"
keys Enter Enter
T resize-window -x 80 -y 24
check "back to 80x24: the game is back" wait_for "Blue to move"
check "the same screen as before (keys were ignored while too small)" \
	same_screen "$TMUX_DIR/before"

T resize-window -x 60 -y 16
# (tmux keeps the old text until the program redraws: wait for the new
# layout, the panel to the right of the board)
check "60x16: the panel goes right of the board" wait_for "                              NONAGA"
check "60x16: the chosen token is still chosen" wait_for "(◼)"
keys Enter Enter Enter
check "60x16: the turn goes on" wait_for "Red to move"

T resize-window -x 120 -y 40
check "120x40: a big screen" wait_for "Red to move"
T resize-window -x 80 -y 24
wait_for "Red to move"
keys u
check "undo after resizing: Blue's turn again" wait_for "Blue to move"

# q works while the game waits for a larger screen, and asks first
T resize-window -x 40 -y 12
wait_for "48x14"
keys q
check "q asks on the too-small screen" wait_for "Quit? The game stays saved. (y/n)"
keys y
check "quit" wait_exit
# --- small screens: the help key is never cut off, and the text stays
# where it is (beside the board or below it) for the whole game
where() { # where TEXT: "ROW COL" of TEXT on the screen (byte columns)
	screen | awk -v t="$1" '{ i = index($0, t); if (i) { print NR, i; exit } }'
}
for size in "48 14" "60 16"; do
	set -- $size
	for lg in en ja; do
		if [ $lg = en ]; then help="? help"; red="Red to move"; blue="Blue to move"
		else help="? ヘルプ"; red="赤の番"; blue="青の番"; fi
		# --ascii: the board left of the text is ASCII, so byte columns are
		# screen columns
		start -x "$1" -y "$2" -e LANGUAGE=$lg --lang $lg --ascii --pvp
		check "$1x$2 $lg: ready" wait_for "$red"
		check "$1x$2 $lg: the help key shows" has_text "$help"
		at=$(where "$red")
		keys Enter Enter Enter Enter
		check "$1x$2 $lg: a turn" wait_for "$blue"
		check "$1x$2 $lg: the help key still shows" has_text "$help"
		check "$1x$2 $lg: the turn line has not moved" test "$(where "$blue")" = "$at"
		keys q y
		wait_exit
	done
done

# --- behind the notice nothing but a resize and q acts (issue 38): not on
# the title menu, nor in the lobby or a list
start -x 40 -y 12
check "the title menu, too small: the notice" wait_for "48x14"
keys Down Enter Enter
T resize-window -x 80 -y 24
check "the title menu comes back" wait_for "N O N A G A"
check "... no game was started behind the notice" lacks_text "to move"
check "... and the first item is still the one chosen" has_text "▸ Play against the computer"
before_keys
T resize-window -x 40 -y 12
wait_for "48x14"
keys q
check "q still quits from behind the notice" wait_exit

finish
