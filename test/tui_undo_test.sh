#!/bin/sh
# tui_undo_test.sh - undo and redo give back the very same screens.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_undo

start --pvp
check "ready" wait_for "Red to move"
screen > "$TMUX_DIR/s0"
keys u
check "nothing to undo at the start" wait_for "There is nothing to undo."
keys Escape
check "the message goes" wait_gone "There is nothing to undo."
check "... and the first screen is back" same_screen "$TMUX_DIR/s0"

keys Enter Enter Enter Enter
check "a turn is played" wait_for "Blue to move"
screen > "$TMUX_DIR/s1"
keys Enter Enter Enter Enter
check "a second turn is played" wait_for "Last move: ◼ Blue"
screen > "$TMUX_DIR/s2"

# the screen as FILE, but for the line saying what undo or redo did
said() { grep -qF -- "$1" "$TMUX_DIR/now"; }
same_but_said() { # same_but_said FILE MESSAGE
	screen > "$TMUX_DIR/now" && said "$2" &&
	sed "s/^.*$2.*\$//" "$TMUX_DIR/now" | cmp -s - "$1"
}
keys u
check "undo: Blue to move again" wait_for "Blue to move"
check "undo restores the screen after the first turn, and says so" \
	poll 5 same_but_said "$TMUX_DIR/s1" "Move taken back (r plays it again)."
keys u
check "undo again: Red to move" wait_for "Red to move"
check "undo restores the first screen" \
	poll 5 same_but_said "$TMUX_DIR/s0" "Move taken back (r plays it again)."
keys r
check "redo restores the screen after the first turn, and says so" \
	poll 5 same_but_said "$TMUX_DIR/s1" "Played again."
keys r
wait_for "Last move: ◼ Blue"
check "redo restores the screen after the second turn" \
	poll 5 same_but_said "$TMUX_DIR/s2" "Played again."
keys r
check "nothing more to redo" wait_for "There is nothing to redo."

# a new move after undo drops the moves undone
keys u
wait_for "Blue to move"
keys Tab Enter Enter Enter Enter
check "another move" wait_for "Red to move"
keys r
check "redo has nothing left" wait_for "There is nothing to redo."

# undo in the middle of a turn drops the half-made move
keys Enter Enter
wait_for "2. relocate a disc"
keys u
check "undo mid-turn takes back the last whole move" wait_for "Blue to move"
check "... in phase 1" has_text "1. slide a token"

# undo after a win against the computer takes back the winning move
# alone, and says so (issue 38)
mkdir -p "$TMUX_DIR/won/nonaga"
sed -e 's/^Blue: .*/Blue: computer level 1/' \
	-e 's/^Moves:/Mode: ai\nHuman: red\nLevel: 1\nPly: 0\n&/' \
	"$FIXTURES/won.nonaga" > "$TMUX_DIR/won/nonaga/current.save"
chmod 600 "$TMUX_DIR/won/nonaga/current.save"
start -e "XDG_STATE_HOME=$TMUX_DIR/won" --resume
check "against the computer, before the win" wait_for "Red (you) to move"
keys r
check "the win" wait_for "You win!"
keys u
check "undo after the win: Red to move again" wait_for "Red (you) to move"
check "... the winning move alone is taken back, and so it says" \
	has_text "Move taken back (r plays it again)."
check "... not the computer's reply too" lacks_text "the computer's reply"
check "... one move left to redo" test "$(sed -n 's/^Ply: //p' "$TMUX_DIR/won/nonaga/current.save")" = 0

finish
