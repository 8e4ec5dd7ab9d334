#!/bin/sh
# tui_resize_test.sh - a resize redraws the whole layout; below the minimum
# size the screen says how large it must be and the game waits intact.
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
finish
