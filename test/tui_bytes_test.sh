#!/bin/sh
# tui_bytes_test.sh - over SSH every byte counts: measure what the program
# writes (tmux pipe-pane) for one cursor move and for whole turns, and keep
# them under generous ceilings.  The figures are printed (see build/test-log).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_bytes

out="$TMUX_DIR/bytes"
: > "$out"
size() { wc -c < "$out" | tr -d ' '; }
# wait until nothing more is written for a quarter second
settled() {
	a=$(size); sleep 0.25; [ "$a" = "$(size)" ]
}
record() { : > "$out"; T pipe-pane -o "cat >> '$out'"; }
stop() { poll 10 settled; T pipe-pane; size; }
under() { [ "$1" -le "$2" ]; }

for how in "--pvp" "--pvp --no-animation" "-l C --pvp"; do
	start $how
	wait_for "to move"
	poll 10 settled
	screen > "$TMUX_DIR/s0"
	record
	keys Right
	poll 10 sh -c "! tmux -L $TMUX_SOCK capture-pane -p | cmp -s - '$TMUX_DIR/s0'"
	move=$(stop)
	echo "bytes [$how]: one cursor move: $move"
	check "[$how] a cursor move costs at most 120 bytes ($move)" under "$move" 120
	keys Tab
	poll 10 settled
	record
	keys Enter Enter Enter Enter
	wait_for "Blue to move"
	turn=$(stop)
	echo "bytes [$how]: one full turn (four Enter presses): $turn"
	check "[$how] a full turn costs at most 4000 bytes ($turn)" under "$turn" 4000
	record
	keys x
	poll 5 settled
	nothing=$(stop)
	check "[$how] a key that changes nothing writes nothing ($nothing)" under "$nothing" 0
	keys q y
	wait_exit
done
finish
