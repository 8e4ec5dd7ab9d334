#!/bin/sh
# tui_settings_test.sh - the title menu remembers level, side, rules and
# language between runs (the command line beats them for its run) and
# keeps a server= written by hand, a
# settings file that is not ours is named and ignored, Esc does not quit
# at once, the level wraps round, and each level says what it is like.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_settings
CONF=$TMUX_DIR/conf
settings=$CONF/nonaga/settings

# menu ARGS: the title menu with the test's settings directory
menu() { start -e XDG_CONFIG_HOME="$CONF" "$@"; wait_for "Play against the computer"; }

menu
check "level 5 by default" has_text "◂ 5 "
keys Down
check "the level's line tells what it is like" wait_for "Level 5 looks two moves ahead"
keys Left Left Left Left Left
check "Left from 1 wraps round to 10" wait_for "◂ 10 "
check "... which thinks seconds" wait_for "Level 10 thinks up to 5 s a move"
keys Right
check "Right from 10 wraps round to 1" wait_for "◂ 1 "
keys Right Right Right Right Right Right
wait_for "◂ 7 "
keys Down Right
check "side: Red" wait_for "◂ Red ▸"
keys Down Down Down Down Right
check "rules: simple" wait_for "◂ simple ▸"
keys Escape
check "Esc does not quit" sh -c "sleep 0.3; ! test -f '$TMUX_DIR/status'"
check "... it goes to Quit" wait_for "▸ Quit"
keys Enter
check "... where Enter quits" wait_exit
check "the settings are written" grep -qx "level=7" "$settings"
check "... all of them" sh -c "grep -qx 'side=red' '$settings' && grep -qx 'rules=simple' '$settings'"

menu
check "the next run remembers the level" has_text "◂ 7 "
check "... the side" has_text "◂ Red ▸"
check "... and the rules" has_text "◂ simple ▸"
keys q
wait_exit

start -e XDG_CONFIG_HOME="$CONF" --ai=3 --rules standard
check "--ai=3 beats the remembered level" wait_for "level 3"
check "... --rules the remembered rules" has_text "standard rules"
keys q y
wait_exit
check "... for that run only" grep -qx "level=7" "$settings"

# the language: chosen in the menu, remembered
menu
keys BTab BTab   # (Shift-Tab goes round; Up stops at the top)
wait_for "▸ Language"
# system default, English, Japanese (in the order of the catalogs found)
japanese() { has_text "コンピュータと対戦" || { keys Right; false; }; }
check "language: Japanese" poll 5 japanese
keys q
wait_exit
check "the language is written" grep -qx "language=ja" "$settings"
start -e XDG_CONFIG_HOME="$CONF"
check "the next run speaks Japanese" wait_for "コンピュータと対戦"
keys q
wait_exit

# server=, written by hand: kept when the menu saves the rest
printf 'level=4\nserver=unix:/nowhere/server.sock\n' > "$settings"
menu
check "a settings file with server= is ours" has_text "◂ 4 "
keys Down Right
wait_for "◂ 5 "
keys q
wait_exit
check "... the menu saves the level" grep -qx "level=5" "$settings"
check "... and keeps server=" grep -qx "server=unix:/nowhere/server.sock" "$settings"

# a file that is not ours: named, ignored, replaced when saving
printf 'level=7\nspeed=fast\n' > "$settings"
menu
check "a bad settings file is named with its line" wait_for "settings, line 2, is not a"
check "... and the defaults are used" has_text "◂ 5 "
keys q
wait_exit
check "... and it is replaced by good settings" grep -qx "level=5" "$settings"

finish
