#!/bin/sh
# tui_keys_test.sh - the keys line offers what acts: at 80 columns every
# key of a turn (x and i too), in English and Japanese; while the computer
# thinks, only the keys that act then (no choosing, no hint).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_keys

# the keys line: the screen's last line, without the blanks after it
keys_line() { screen | tail -n 1 | sed 's/ *$//'; }
keys_are() { [ "$(keys_line)" = "$1" ]; }

start --pvp
check "ready" wait_for "Red to move"
check "80x24: every key of a turn on the keys line" \
	poll 5 keys_are "arrows, Enter, Esc, u undo, r redo, t hint, x export, i coords, ? help, q quit"
quit_anyhow

start -e LANGUAGE=ja --pvp
check "ja: ready" wait_for "赤の番"
check "ja 80x24: every key of a turn on the keys line" \
	poll 5 keys_are "矢印 Enter Esc、u 取消、r やり直し、t ヒント、x 書出し、i 座標、? ヘルプ、q 終了"
quit_anyhow

# level 10 thinks long: the keys line is read while it does
start --ai=10 --as blue --no-animation
check "the computer thinks first" wait_for "Red (computer) is thinking"
check "while it thinks (nothing to take back): no choosing, no hint" \
	poll 5 keys_are "x export, i coordinates, m menu, ? help, q quit"
check "its reply: the turn's keys again" wait_for "Blue (you) to move" 30
check "... every key of the turn" \
	poll 5 keys_are "arrows, Enter, Esc, u undo, r redo, t hint, x export, i coords, ? help, q quit"
quit_anyhow

# thinking again, after a move of the player's: with animations on, the
# thinking shows for 400 ms at least (a reply found at once, a forced
# win, would otherwise come before any look); the words and the keys
# line are read from one screen
thinking_with() {
	s=$(screen)
	case $s in *"Red (computer) is thinking"*) ;; *) return 1 ;; esac
	[ "$(printf '%s\n' "$s" | tail -n 1 | sed 's/ *$//')" = "$1" ]
}
start --ai=10 --as blue
check "again: the computer thinks first" wait_for "Red (computer) is thinking"
check "again: its reply" wait_for "Blue (you) to move" 30
keys Enter Enter Enter Enter
check "while it thinks again, u takes the move back" \
	poll 15 thinking_with "u take back, x export, i coordinates, m menu, ? help, q quit"
quit_anyhow

start -e LANGUAGE=ja --ai=10 --as blue --no-animation
check "ja: the computer thinks first" wait_for "考え中"
check "ja: while it thinks, the keys that act then" \
	poll 5 keys_are "x 書出し、i 座標、m メニュー、? ヘルプ、q 終了"
quit_anyhow

finish
