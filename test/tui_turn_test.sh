#!/bin/sh
# tui_turn_test.sh - the first screen, and four Enter presses play a turn.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_turn

start --pvp
check "first screen: Red to move" wait_for "Red to move"
check "first screen: phase 1" has_text "1. slide a token"
check "first screen: the board (discs)" has_text "⬡"
check "first screen: red tokens" has_text "◉"
check "first screen: blue tokens" has_text "◼"
check "first screen: rule set" has_text "standard rules"
check "first screen: no move yet" has_text "Last move: none yet."
check "first screen: cursor on a token" sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -qF '[◉]'"

keys Enter
check "Enter chooses a token" wait_for "(◉)"
keys Enter
check "Enter slides: phase 2" wait_for "2. relocate a disc"
keys Enter
check "Enter takes a disc: targets shown" wait_for "◦"
keys Enter
check "fourth Enter passes the turn to Blue" wait_for "Blue to move"
check "Blue starts with phase 1" has_text "1. slide a token"
check "the last move is shown" has_text "Last move: ◉ Red "
check "the moved disc is locked" has_text "⊘"
check "the standard rules' header shows the lock" has_text "⊘ lock"

# typed ahead in one go: animations are cut short, no key is lost
keys Enter Enter Enter Enter
check "four quick Enter presses pass the turn back to Red" wait_for "Red to move"
check "Blue's move is the last move" has_text "Last move: ◼ Blue "

# Esc steps back, and is answered quickly (ESCDELAY is short)
keys Enter
wait_for "(◉)"
t0=$(date +%s%N)
keys Escape
check "Esc un-chooses the token" wait_gone "(◉)"
ms=$((($(date +%s%N) - t0) / 1000000))
echo "Esc answered in $ms ms"
# (curses waits a whole second by default; polling adds about 0.2 s)
check "Esc is answered within 900 ms ($ms ms)" test "$ms" -lt 900
keys Enter Enter
wait_for "2. relocate a disc"
keys Escape
check "Esc in phase 2 takes the slide back" wait_for "1. slide a token"
check "... with the token still chosen" has_text "(◉)"

# vi keys move the cursor like the arrows
screen > "$TMUX_DIR/before"
keys l
check "l moves the cursor" poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/before'"
screen > "$TMUX_DIR/after_l"
keys h
check "h moves the cursor back" poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/after_l'"
keys Right
check "l went where Right goes" same_screen "$TMUX_DIR/after_l"
keys Left

# Tab jumps between legal choices
keys Escape
wait_gone "(◉)"
screen > "$TMUX_DIR/before"
keys Tab
check "Tab moves the cursor" poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/before'"
screen > "$TMUX_DIR/tab1"
keys BTab
check "Shift-Tab goes back" same_screen "$TMUX_DIR/before"
# Red has three tokens to choose from: three Tabs, or three Shift-Tabs,
# come round to the first (each passes the last or the first choice)
keys Tab Tab
check "two Tabs move on" poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/tab1'"
keys Tab
check "the third Tab wraps round to the first" same_screen "$TMUX_DIR/before"
keys BTab
check "Shift-Tab from the first wraps round to the last" \
	poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/before'"
keys BTab BTab
check "... and two more come back to the first" same_screen "$TMUX_DIR/before"

keys q
keys y
check "q quits" wait_exit
# --- the board stays still: Blue's tokens do not move during Red's turn,
# neither when the relocation targets appear nor after the turn (ASCII,
# so that locate's columns are screen columns)
blues() { echo "$(locate '#' 1) $(locate '#' 2) $(locate '#' 3)"; }
start -l C --pvp
wait_for "Red to move"
before=$(blues)
keys Enter Enter
check "phase 2: targets shown" wait_for "2. relocate a disc"
check "... and Blue's tokens have not moved" test "$(blues)" = "$before"
keys Enter Enter
check "the turn is played" wait_for "Blue to move"
check "... and Blue's tokens are where they were" test "$(blues)" = "$before"
keys q y
wait_exit

finish
