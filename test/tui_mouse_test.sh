#!/bin/sh
# tui_mouse_test.sh - a mouse click acts like Enter on the cell clicked and
# never blocks the game: clicks during an animation and while the computer
# thinks, in the old (X10) and the SGR mouse encodings, leave the slide
# running and the computer's reply coming.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_mouse

# sgr_click ROW COL: press and release, SGR (1006) encoding, both from 0
sgr_click() {
	before_keys
	T send-keys -l "$(printf '\033[<0;%d;%dM' $(($2 + 1)) $(($1 + 1)))"
	T send-keys -l "$(printf '\033[<0;%d;%dm' $(($2 + 1)) $(($1 + 1)))"
}

for enc in x10 sgr; do
	if [ $enc = sgr ]; then term=xterm-256color; else term=screen; fi
	# ASCII, so that locate's byte columns are screen columns
	start -e "TERM=$term" --ai=1 --as red --ascii
	check "$enc: ready" wait_for "Red (you) to move"
	# a click on a token chooses it, as Enter would
	set -- $(locate @)
	if [ $enc = sgr ]; then sgr_click "$1" "$2"; else click "$1" "$2"; fi
	check "$enc: a click on a token chooses it" wait_for "Choose where it slides"
	keys Escape
	wait_gone "Choose where it slides"
	# the turn's last Enter starts the animation; a click right after it
	# (on the title line, not a choice) must not stop the game
	keys Enter Enter Enter Enter
	if [ $enc = sgr ]; then sgr_click 0 0; else click 0 0; fi
	check "$enc: clicked during the animation, the computer still answers" \
		wait_for "Last move: # Blue" 20
	check "$enc: ... and it is Red's turn again" has_text "Red (you) to move"
	keys q y
	wait_exit

	# while the computer thinks (level 10 thinks for seconds)
	start -e "TERM=$term" --ai=10 --as red --no-animation --ascii
	wait_for "Red (you) to move"
	keys Enter Enter Enter Enter
	check "$enc: the computer thinks" wait_for "is thinking"
	if [ $enc = sgr ]; then sgr_click 0 0; else click 0 0; fi
	check "$enc: clicked while it thinks, it still answers" \
		wait_for "Last move: # Blue" 20
	keys q y
	wait_exit
done
finish
