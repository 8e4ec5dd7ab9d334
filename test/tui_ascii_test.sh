#!/bin/sh
# tui_ascii_test.sh - with a non-UTF-8 locale or --ascii the whole screen is
# ASCII, and monochrome still tells everything apart.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_ascii

ascii_only() {
	screen > "$TMUX_DIR/scr"
	[ -s "$TMUX_DIR/scr" ] && ! LC_ALL=C grep -q '[^ -~]' "$TMUX_DIR/scr"
}

for how in "-l C --pvp" "-l POSIX --ai=1 --as red" "--ascii --pvp" "-l C"; do
	start $how
	case $how in
	*--pvp|*--ai*) check "[$how] ready" wait_for "NONAGA" ;;
	*) check "[$how] ready" wait_for "N O N A G A" ;;
	esac
	check "[$how] only ASCII on the screen" ascii_only
	case $how in
	*--pvp|*--ai*)
		check "[$how] the board" has_text "o"
		check "[$how] red and blue tokens differ in shape" sh -c \
			"tmux -L $TMUX_SOCK capture-pane -p | grep -q '@' &&
			 tmux -L $TMUX_SOCK capture-pane -p | grep -q '#'"
		keys Enter Enter Enter
		check "[$how] phase 2, a disc chosen" wait_for "+"
		check "[$how] still only ASCII" ascii_only
		keys Enter
		;;
	*)
		check "[$how] the title menu" wait_for "Play against the computer"
		keys Down Down Down Enter
		check "[$how] a two-player game from the menu" wait_for "Red to move"
		check "[$how] still only ASCII" ascii_only
		keys '?'
		check "[$how] help" wait_for "NONAGA: keys"
		check "[$how] help in ASCII" ascii_only
		keys q
		;;
	esac
	check "[$how] quit" quit_anyhow
done

# the board's symbols and the language are independent: --ascii keeps
# Japanese on a UTF-8 terminal ...
start -e LANGUAGE=ja --ascii --lang ja --pvp
check "--ascii --lang ja: Japanese" wait_for "赤の番"
check "... with ASCII tokens" sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -q '@' &&
	! tmux -L $TMUX_SOCK capture-pane -p | grep -q '◉'"
keys q
wait_exit
# ... and a locale without UTF-8 gets English, with the reason, whole at
# 80 columns (its useful part first)
why="Japanese needs a UTF-8 locale (LANG=C.UTF-8, say): English is used."
start -l C --lang ja --pvp
check "LANG=C --lang ja: English" wait_for "Red to move"
check "... and why, whole" wait_for "$why"
check "... all in ASCII" ascii_only
keys q
wait_exit
start -l C --lang ja
check "... said on the title menu too" wait_for "$why"
check "... in ASCII" ascii_only
keys q
wait_exit
# Japanese kept from the last run's title menu: the same reason, and the
# menu does not claim Japanese
mkdir -p "$TMUX_DIR/config-$((tmux_runs + 1))/nonaga"
echo language=ja > "$TMUX_DIR/config-$((tmux_runs + 1))/nonaga/settings"
start -l C
check "Japanese from the settings, LANG=C: why English is used" wait_for "$why"
lang_row() { screen | grep -q "Language  *< $1 >"; }
check "... the language shown is the one used" lang_row "system default"
check "... in ASCII" ascii_only
keys q
wait_exit
# Japanese chosen in the title menu under LANG=C: said at once
start -l C
check "LANG=C: the title menu" wait_for "N O N A G A"
keys BTab Up
check "the Language row" wait_for "> Language"
keys Right Right
check "choosing Japanese says why English stays" wait_for "$why"
check "... the menu stays English and ASCII" ascii_only
keys q
wait_exit

# --color=never and NO_COLOR: no colour escapes reach the terminal
start --color=never --pvp
wait_for "Red to move"
check "--color=never: no colours" sh -c "! tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '\[3[0-7]m\|;3[0-7]m\|\[3[0-7];'"
keys q
wait_exit
start -e NO_COLOR=1 --pvp
wait_for "Red to move"
check "NO_COLOR: no colours" sh -c "! tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '\[3[0-7]m\|;3[0-7]m\|\[3[0-7];'"
keys q
wait_exit
start -e NO_COLOR=1 --color=always --pvp
wait_for "Red to move"
check "--color=always beats NO_COLOR" sh -c "tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '\[3[0-7]m\|;3[0-7]m\|\[3[0-7];'"
keys q
wait_exit
start --pvp
wait_for "Red to move"
check "colours by default" sh -c "tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '\[3[0-7]m\|;3[0-7]m\|\[3[0-7];'"
keys q
wait_exit

finish
