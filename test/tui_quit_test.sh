#!/bin/sh
# tui_quit_test.sh - q quits (asking first during a game) and the terminal
# is restored on every way out: q, Ctrl-C, SIGTERM, SIGHUP, a crash.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_quit

flag() { T display -p "#{$1}"; }
restored() {
	[ "$(flag alternate_on)" = 0 ] && [ "$(flag cursor_flag)" = 1 ] &&
	[ "$(flag mouse_any_flag)" = 0 ] && [ "$(flag keypad_cursor_flag)" = 0 ] &&
	grep -qw icanon "$TMUX_DIR/stty" && grep -qw echo "$TMUX_DIR/stty" &&
	! grep -qw -- -icanon "$TMUX_DIR/stty" && ! grep -qw -- -echo "$TMUX_DIR/stty"
}

start --pvp
check "ready" wait_for "Red to move"
check "the game uses the alternate screen" test "$(flag alternate_on)" = 1
keys q
check "q at the start quits at once" wait_exit
check "exit status 0" status_is 0
check "the terminal is restored" restored
check "the game's screen is gone" poll 5 lacks_text "Red to move"

start --pvp
wait_for "Red to move"
keys Enter Enter Enter Enter
wait_for "Blue to move"
keys q
check "q during a game asks" wait_for "Quit? The game stays saved. (y/n)"
keys n
check "n goes on" wait_gone "Quit? The game stays saved. (y/n)"
check "... with the game as it was" has_text "Blue to move"
keys Enter Enter Enter
check "... and playable" wait_for "2. relocate a disc"
keys q
wait_for "Quit? The game stays saved. (y/n)"
keys y
check "y quits" wait_exit
check "exit status 0 after y" status_is 0
check "restored after y" restored
check "... and it says how to go on" wait_for "nonaga: the game is saved; nonaga --resume goes on with it."

start --pvp
wait_for "Red to move"
keys Enter
keys C-c
check "Ctrl-C quits" wait_exit
check "died of SIGINT" status_is 130
check "restored after Ctrl-C" restored

for s in TERM:15 HUP:1 SEGV:11; do
	sig=${s%:*} num=${s#*:}
	start --ai=1 --as red
	wait_for "Red (you) to move"
	keys Enter
	wait_for "(◉)"
	kill -"$sig" "$(cat "$TMUX_DIR/pid")"
	check "SIG$sig ends the game" wait_exit
	check "SIG$sig: restored" restored
	check "SIG$sig: died of the signal" status_is $((128 + num))
done
# the crash was on purpose: its report is not a finding
: > "$TMUX_DIR/stderr"

start --pvp
wait_for "Red to move"
keys '?'
check "help page" wait_for "NONAGA: keys"
check "... its top, not its end" lacks_text "The rules are in the title menu"
keys NPage
check "Page Down in the help scrolls its title away" wait_gone "NONAGA: keys"
# more pages down, as many as it takes, to its last line
page_to "The rules are in the title menu"
pages=$((pages + 1))
check "... down to its last line ($pages pages)" has_text "The rules are in the title menu (m) and in nonaga(6)."
up=$(i=0; while [ $i -lt $pages ]; do printf 'PPage '; i=$((i + 1)); done)
keys $up
check "Page Up as often brings its title back" wait_for "NONAGA: keys"
check "... and scrolls its last line away" lacks_text "The rules are in the title menu"
keys q
check "q closes the help page" wait_for "Red to move"
keys m
check "m goes to the title menu" wait_for "Play against the computer"
keys q
check "q in the menu quits" wait_exit
check "restored after the menu" restored

finish
