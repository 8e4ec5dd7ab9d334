#!/bin/sh
# tui_hint_test.sh - key t: the computer's move for the player, in
# notation on the message line and marked ! on its cells; a legal move
# from the position shown; the cursor on its first cell; the marks gone
# once a move is played; refused on the computer's turn.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_hint

# The '!' marks on the board (not on the text lines below it).
bangs() {
	screen | head -n -5 | tail -n +2 | tr -cd '!' | wc -c
}
# The hinted move, as the message line says it.
hinted() {
	screen | sed -n 's/.*Hint: \([^ ]*\) (marked !)\..*/\1/p' | head -n 1
}

start -l C --ai=1 --as red --no-animation
check "ready" wait_for "Red (you) to move"
check "no marks before the key" test "$(bangs)" -eq 0
check "the keys line offers the hint" has_text "t hint"
keys t
check "the hint is said" wait_for "Hint: "
move=$(hinted)
check "in notation ($move)" test -n "$move"
# legal from the start: the engine plays it
answer=$(printf 'play %s\n' "$move" | "$NONAGA" --engine | head -n 1)
want "the engine takes the hinted move" "$answer" "="
# the cursor stands on the token to slide; the move's other cells show
# !...! (its four cells, fewer when the disc is taken where the token was)
cells=$(echo "$move" | tr '>/' '\n\n' | grep -v '^-$' | sort -u | wc -l)
n=$(bangs)
check "the move's other cells are marked ($n marks, $cells cells)" \
	test "$n" -eq $(( (cells - 1) * 2 ))
from=${move%%>*}
keys i
check "the cursor is on the hint's token ($from)" wait_for "cursor at $from"
keys i
# a whole turn: the marks go with it
keys Enter Enter Enter Enter
check "the computer replies" wait_for "Last move: # Blue"
check "the marks are gone after the move" test "$(bangs)" -eq 0
# the hint searches with a searcher of its own: taking the move
# back while it looks stops it, and the next t finds a hint again
keys t u
check "undo while looking for a hint" wait_for "Taken back"
check "... no hint marks" test "$(bangs)" -eq 0
keys t
check "... and t gives a hint again" wait_for "Hint: "
quit_anyhow

# u with nothing to take back changes no position: the hint goes on
start -l C --ai=1 --as red --no-animation
check "ready" wait_for "Red (you) to move"
keys t u
check "u at the start" wait_for "There is nothing to undo."
check "... leaves the hint to come" wait_for "Hint: "
quit_anyhow

# on the computer's turn: refused, with the reason (level 10 thinks long)
start -l C --ai=10 --as blue --no-animation
check "the computer thinks" wait_for "is thinking"
keys t
check "a hint only on one's own turn" wait_for "A hint is for your own turn."
before_keys
check "... the computer's reply: the turn is Blue's" wait_for "Blue (you) to move" 20
check "... and the refusal is gone with the computer's turn" lacks_text "A hint is for your own turn."
quit_anyhow

finish
