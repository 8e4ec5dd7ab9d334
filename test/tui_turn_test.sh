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

# typed ahead in one go: animations are cut short, no key is lost
keys Enter Enter Enter Enter
check "four quick Enter presses pass the turn back to Red" wait_for "Red to move"
check "Blue's move is the last move" has_text "Last move: ◼ Blue "

# Esc steps back
keys Enter
wait_for "(◉)"
keys Escape
check "Esc un-chooses the token" wait_gone "(◉)"
keys Enter Enter
wait_for "2. relocate a disc"
keys Escape
check "Esc in phase 2 takes the slide back" wait_for "1. slide a token"
check "... with the token still chosen" has_text "(◉)"

# Tab jumps between legal choices
keys Escape
wait_gone "(◉)"
screen > "$TMUX_DIR/before"
keys Tab
check "Tab moves the cursor" poll 5 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/before'"

keys q
keys y
check "q quits" wait_exit
finish
