#!/bin/sh
# tui_slowgame_test.sh - a game of days a move in the curses game:
# `--host slow --clock 2d' shows each side's 2 days as "2d 00:00"; the
# running clock counts down ("1d 23:59"); a move gives the mover its 2
# days back; an opponent who left is not shown away (the server's grace
# period is 1 s, long past when looked, after the move's answer); the
# lobby offers days a move.  (--clock's refusals are in cli_test.sh.)
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_slowgame
S=$TMUX_DIR/s.sock
# header_is PATTERN: the header (the first line) matches it
header_is() { screen | head -n 1 | sed 's/ *$//' | grep -q -- "$1"; }

"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" --grace 1 2>>"$TMUX_DIR/server.log" &
server=$!
trap 'kill $server 2>/dev/null; tmux_cleanup' EXIT
poll 10 test -S "$S"

start -x 100 --host slow --as red --clock 2d --server "unix:$S"
check "the host waits with 2 days a side" wait_for "Waiting for an opponent to join slow"
check "... shown as 2d 00:00" poll 5 header_is "(you) 2d 00:00 .* 2d 00:00$"

# an opponent joins and leaves at once (the end of its input)
before_keys
out=$(printf 'join slow\n' | "$NONAGA" --client --server "unix:$S" 2>&1)
case $out in *"ok seat blue "*"clock=2d"*) ok ;; *) no "the opponent's join: [$out]" ;; esac
check "Red's clock runs: 1d 23:59" wait_for "1d 23:59" 5
check "... Red is to move" has_text "Red to move"
# (the opponent's --client read until the server closed its connection,
# which the server does once it has told the game of the leaving); then
# past the grace period of a game with a clock
sleep 1.5

# a move: Red's 2 days come back, Blue's run
keys Enter Enter Enter Enter
check "Red moves: Blue to move" wait_for "Blue to move"
check "... Red has 2 days again, Blue's run" poll 5 header_is "(you) 2d 00:00 .* 1d 23:59$"
# Red's chat comes back from the server after all it told the game
# before: whatever it said of the opponent's leaving has been shown then
keys c
check "c: Red says something" wait_for "Say:"
keys later Enter
check "... which comes back from the server" wait_for "$(id -un): later"
check "the opponent who left is not shown away" lacks_text "away"
quit_anyhow

# the lobby's clock list has days a move
start -x 100 --server "unix:$S"
check "the title menu offers the game where it is your move first" \
	wait_for "▸ Online: your move against $(id -un) (slow)"
to_online() { has_text "▸ Play online" || { keys Down; false; }; }
check "... and Play online" poll 10 to_online
keys Enter
check "the lobby" wait_for "Host a new game"
keys Down
wait_for "▸ Host a new game"
keys Enter
check "the game's name is asked for" wait_for "Name of the game: $(id -un)-"
keys Enter
check "a clock is asked for, days a move among them" wait_for "3 days a move"
keys Down Down Down Down Down Down Enter
check "a game of 3 days a move is hosted" wait_for "3d 00:00"
out=$(printf 'games\n' | "$NONAGA" --client --server "unix:$S" 2>&1)
case $out in *"game $(id -un)-"*" standard 3d $(id -un) - 0 open"*|*"game $(id -un)-"*" standard 3d - $(id -un) 0 open"*) ok ;;
	*) no "the lobby's game in the list: [$out]" ;; esac
kill "$server"
quit_anyhow
finish
