#!/bin/sh
# tui_marks_test.sh - the board at the smallest screen, 48x14 (issue 38,
# item 19): a board taller than the screen scrolls at the medium scale,
# where every mark stays whole ([ ] the cursor, < > a choice, ( ) the
# chosen piece, . . the last move), each apart from the next cell's
# (at the 2-column scale there was before, "[◉]◼ ⬡" and "‹◉" without
# its "›"); between taking a disc and placing it no piece moves on the
# screen, at 48x14 and at 80x24, exact rows and columns compared; and
# with the coordinates on, on the huge and the large board, each label
# is on a line of the cell it names: an empty cell's on its own line, a
# disc's on its outline's bottom line (no label alone on a line over the
# next row's discs).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_marks
export LC_ALL=C.UTF-8   # for sed and grep on the UTF-8 screens

# A two-player game, Red to move, on a board nine rows tall (with the
# empty cells around it) that scrolls at 48x14.
ST=$TMUX_DIR/state
pvp_state "0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;-2,3;-2,4/2,-2;0,0;-2,4/-2,0;1,1;-1,2/r/-" 2026-11-22T10:15:59Z
run() {
	fresh_state
	start -e XDG_STATE_HOME="$ST" "$@"
}

# the board's lines (below the header, above the five of text), each
# cell's glyph as G, an opening mark as <, a closing one as >
board() { screen | sed -n "2,$((H - 6))p"; }
marks() {
	board | sed 's/[▴▾◂▸]/ /g; s/\.\([⬡◉◼⊘⬚◦]\)\./<\1>/g; s/[⬡◉◼⊘⬚◦]/G/g
		s/[[‹(*!]/</g; s/[]›)*!]/>/g'
}
# every mark whole (< G >) and apart (a space, or the line's end, each side)
whole() {
	m=$(marks)
	opened=$(printf '%s\n' "$m" | grep -o '<' | wc -l)
	closed=$(printf '%s\n' "$m" | grep -o '>' | wc -l)
	full=$(printf '%s\n' "$m" | grep -o '<G>' | wc -l)
	[ "$full" -gt 0 ] && [ "$opened" = "$full" ] && [ "$closed" = "$full" ] &&
		! printf '%s\n' "$m" | grep -qE '[^ ]<|>[^ ]'
}
# the pieces' places on the board: each line with a piece, as its number
# and its columns (anything but a piece as _)
pieces() {
	board | sed 's/[^◉◼]/_/g; s/_*$//' | grep -n '[◉◼]'
}
step() { # WAIT: Enter, then wait for WAIT
	keys Enter
	wait_for "$1"
}

# --- 48x14: the marks of each step, whole and apart
W=48 H=14
run -x $W -y $H --resume --no-animation
check "48x14: ready" wait_for "1. slide a token"
check "48x14 tokens: marks whole and apart" whole
step "Choose where it slides"
check "48x14 slide: marks whole and apart" whole
step "Choose a free disc to take"
check "48x14 take: marks whole and apart" whole
pieces > "$TMUX_DIR/take"
step "Choose where the disc goes"
check "48x14 place: marks whole and apart" whole
pieces > "$TMUX_DIR/place"
check "48x14: no piece moved between taking and placing" \
	cmp "$TMUX_DIR/take" "$TMUX_DIR/place"
check "48x14: the pieces were seen" test "$(wc -l < "$TMUX_DIR/take")" -ge 4
step "◼ Blue to move"
check "48x14 after the move: marks whole and apart" whole
quit_anyhow

# --- 80x24, the same board with Red's third token elsewhere: the disc
# at the bottom (-2,4) taken leaves the board a row shorter, and still
# nothing moves on the screen until the disc is placed
W=80 H=24
sed -i 's#/2,-2;0,0;-2,4/#/2,-2;0,0;-1,-1/#' "$TMUX_DIR/state0/nonaga/current.save"
run -x $W -y $H --resume --no-animation
check "80x24: ready" wait_for "1. slide a token"
step "Choose where it slides"
step "Choose a free disc to take"
keys BTab BTab   # back to the first choice, then round to the last
check "80x24: the cursor on the bottom disc" \
	poll 5 eval 'board | sed -n "$(($(pieces | tail -n 1 | cut -d: -f1) + 4))p" | grep -q "\[⬡\]"'
check "80x24 take: marks whole and apart" whole
pieces > "$TMUX_DIR/take"
step "Choose where the disc goes"
check "80x24 place: marks whole and apart" whole
pieces > "$TMUX_DIR/place"
check "80x24: no piece moved between taking and placing" \
	cmp "$TMUX_DIR/take" "$TMUX_DIR/place"
check "80x24: the pieces were seen" test "$(wc -l < "$TMUX_DIR/take")" -ge 5
quit_anyhow

# --- the coordinates on the huge (100x40) and the large (80x32) board
# every label's line on the board, checked against the rows of the
# pieces of the start (rows -2, 0 and 2 hold both sides'): a disc's
# (|q|, |r|, |q + r| <= 2) on the line under its row, an empty cell's
# on its row's line; prints how many were right, nothing when one is not
labels_on_rows() {
	top=$(board | grep -n '[◉◼]' | head -n 1 | cut -d: -f1)
	bottom=$(board | grep -n '[◉◼]' | tail -n 1 | cut -d: -f1)
	rh=$(((bottom - top) / 4))
	n=0
	for l in $(board | grep -noE -- '-?[0-9]+,-?[0-9]+'); do
		at=${l%%:*} c=${l#*:} q=${c%,*} r=${c#*,}
		want=$((top + (r + 2) * rh))
		s=$((q + r))
		if [ ${q#-} -le 2 ] && [ ${r#-} -le 2 ] && [ ${s#-} -le 2 ]; then
			want=$((want + 1))
		fi
		[ "$at" = "$want" ] || { echo "label $c on line $at, not $want" >&2; return 1; }
		n=$((n + 1))
	done
	echo $n
}
for size in 100x40 80x32; do
	W=${size%x*} H=${size#*x}
	start -x $W -y $H --pvp --no-animation
	check "$size: ready" wait_for "1. slide a token"
	keys i
	check "$size: coordinates on" wait_for "cursor at"
	# the 19 discs and the 18 empty cells around them
	check "$size: each of the 37 labels on its cell's row" \
		test "$(labels_on_rows)" = 37
	quit_anyhow
done

finish
