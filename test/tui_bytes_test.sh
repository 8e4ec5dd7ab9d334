#!/bin/sh
# tui_bytes_test.sh - over SSH every byte counts: measure what the program
# writes (tmux pipe-pane) for one cursor move and for whole turns, and keep
# them under generous ceilings.  The figures are printed (see
# build/test-log); doc/design.md (Bytes written to the terminal) quotes them.
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
changed() { ! screen | cmp -s - "$TMUX_DIR/s0"; }

for how in "--pvp" "--pvp --no-animation" "-l C --pvp"; do
	start $how
	wait_for "to move"
	poll 10 settled
	screen > "$TMUX_DIR/s0"
	record
	keys Right
	check "[$how] Right moves the cursor" poll 10 changed
	move=$(stop)
	echo "bytes [$how]: one cursor move: $move"
	check "[$how] a cursor move costs at most 100 bytes ($move)" under "$move" 100

	keys Tab
	poll 10 settled
	record
	keys Enter Enter Enter Enter
	check "[$how] four Enter presses play a turn" wait_for "Blue to move"
	turn=$(stop)
	echo "bytes [$how]: one turn, four Enter presses typed ahead: $turn"
	check "[$how] a turn typed ahead costs at most 3000 bytes ($turn)" under "$turn" 3000

	record
	for i in 1 2 3 4; do
		keys Enter
		poll 10 settled
	done
	check "[$how] ... and four more, one at a time" wait_for "Red to move"
	turn=$(stop)
	echo "bytes [$how]: one turn, one Enter at a time: $turn"
	check "[$how] a turn key by key costs at most 4000 bytes ($turn)" under "$turn" 4000

	record
	keys z
	poll 5 settled
	nothing=$(stop)
	check "[$how] a key that changes nothing writes nothing ($nothing)" under "$nothing" 0
	keys q y
	wait_exit
done

# larger screens, larger cells: a cursor move still rewrites only the two
# cells (the outlines stay), and a turn costs about as much as at 80x24
for size in 120x40 200x60; do
	start -x "${size%x*}" -y "${size#*x}" --pvp
	wait_for "to move"
	poll 10 settled
	screen > "$TMUX_DIR/s0"
	record
	keys Right
	poll 10 changed
	move=$(stop)
	echo "bytes [$size --pvp]: one cursor move: $move"
	check "[$size] a cursor move costs at most 100 bytes ($move)" under "$move" 100
	keys Tab
	poll 10 settled
	record
	for i in 1 2 3 4; do
		keys Enter
		poll 10 settled
	done
	wait_for "Blue to move"
	turn=$(stop)
	echo "bytes [$size --pvp]: one turn, one Enter at a time: $turn"
	check "[$size] a turn key by key costs at most 6000 bytes ($turn)" under "$turn" 6000
	keys q y
	wait_exit
done

# a whole screen (Ctrl-L draws everything again), and a turn against the
# computer with its reply
start --ai=1 --as red
wait_for "to move"
poll 10 settled
record
keys C-l
poll 10 settled
full=$(stop)
echo "bytes [--ai]: the whole screen drawn again (Ctrl-L): $full"
check "[--ai] Ctrl-L draws the whole screen ($full)" under 400 "$full"
record
for i in 1 2 3 4; do
	keys Enter
	poll 10 settled
done
check "[--ai] the computer replies" wait_for "Last move: ◼ Blue"
poll 10 settled
turn=$(stop)
echo "bytes [--ai]: a turn key by key and the computer's reply: $turn"
check "[--ai] a turn and the reply cost at most 6000 bytes ($turn)" under "$turn" 6000
keys q y
wait_exit
finish
