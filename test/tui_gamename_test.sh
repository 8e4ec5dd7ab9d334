#!/bin/sh
# tui_gamename_test.sh - the lobby's "Host a new game" asks for the game's
# name on its bottom line, LOGIN-N to begin with (issue 27, loose ends):
# a name against the server's rules is refused with the reason and stays
# there to edit; a good one is hosted under that name and is what another
# client's lobby offers to join; Esc gives up and hosts nothing.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_gamename
me=$(id -un)
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" 2>>"$TMUX_DIR/server.log" &
server=$!
trap 'kill $server 2>/dev/null; tmux_cleanup' EXIT
poll 10 test -S "$S"
clients_init "unix:$S"
lacks() { seen=$1; ! scr "$1" | grep -qF -- "$2"; }
# the server's list of games, names only, one a line
games() { printf 'games\n' | "$NONAGA" --client --server "unix:$S" 2>&1 |
	sed -n 's/^game \([^ ]*\) .*/\1/p' | sort | tr '\n' ' '; }
# BSpace N times
erase() { n=$2; while [ "$n" -gt 0 ]; do press "$1" BSpace; n=$((n - 1)); done; }

launch a
see a "Play online"
to_lobby a
check "the lobby" see a "▸ Play now"
press a Down
see a "▸ Host a new game"
press a Enter
check "Host a new game asks for the name, $me-1 to begin with" see a "Name of the game: $me-1"
# a character the server refuses: the reason, and the name still there
erase a 2
press a '!x' Enter
check "a bad name is refused with the reason" \
	see a "A game's name is 1 to 32 of A-Z a-z 0-9 _ . - and does not begin with . or -."
check "... and stays there to edit" shows a "Name of the game: $me!x"
check "... nothing is hosted" test "$(games)" = ""
# asked afresh (Esc, then Enter), so that the reason is not on the screen
# already; a y typed after Enter shows that Enter was handled and the name
# is still being edited
press a Escape
check "Esc: the question goes" poll 10 lacks a "Name of the game:"
press a Enter
check "asked again" see a "Name of the game: $me-1"
check "... without a reason" lacks a "does not begin with . or -."
erase a $((${#me} + 2))
press a '.x' Enter y
check "a name beginning with . is refused too, and stays there to edit" \
	see a "Name of the game: .xy"
check "... with the reason" shows a "and does not begin with . or -."
erase a 3
press a 'Spring.match_1' Enter
check "a good name goes on to the clock" see a "A clock for each player?"
press a Enter
check "the game waits under its name" see a "Waiting for an opponent to join Spring.match_1"
check "... the server has it under that name" test "$(games)" = "Spring.match_1 "

launch b
see b "Play online"
to_lobby b
check "another client's lobby offers it under that name" \
	see b "Join Spring.match_1: $me waits; you play"
press b Down Down
see b "▸ Join Spring.match_1"
press b Enter
check "... and joins it" see b "online Spring.match_1"
press b m
see b "(y/n)"
press b y
check "back in the lobby" see b "Resume Spring.match_1"
up_to_host() { shows b "▸ Host a new game" || { press b Up; false; }; }
poll 10 up_to_host
press b Enter
check "b's Host a new game asks too" see b "Name of the game: $me-1"
press b Escape
check "Esc gives up: the lobby again" poll 10 lacks b "Name of the game:"
check "... on Host a new game" shows b "▸ Host a new game"
check "... and nothing more is hosted" test "$(games)" = "Spring.match_1 "
finish
