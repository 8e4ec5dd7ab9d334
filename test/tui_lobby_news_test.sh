#!/bin/sh
# tui_lobby_news_test.sh - the lobby follows the server's news (issue 42;
# nonaga(6), ONLINE, lobby news): a game hosted elsewhere appears, where
# its host sits is told (Join, not Resume), a game that ends disappears,
# and the lobby never asks for the lists (games, who) again: it applies
# what it is told.  With a server older than news (test/lineproxy passes
# `lobby news' on as `lobby': a bare ok, then bare changed), the lobby
# asks for the lists when answered and at each `changed', and shows the
# same.  The proxies write what the clients send.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_lobby_news
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" --grace 1 \
	2>>"$TMUX_DIR/server.log" &
server=$!
build/test/lineproxy "$TMUX_DIR/new.sock" "$S" "$TMUX_DIR/new.log" &
pnew=$!
build/test/lineproxy "$TMUX_DIR/old.sock" "$S" "$TMUX_DIR/old.log" old &
pold=$!
build/test/lineproxy "$TMUX_DIR/mute.sock" "$S" "$TMUX_DIR/mute.log" mute &
pmute=$!
poll 10 test -S "$S" -a -S "$TMUX_DIR/new.sock" -a -S "$TMUX_DIR/old.sock" \
	-a -S "$TMUX_DIR/mute.sock"
me=$(id -un)
clients_init "unix:$TMUX_DIR/new.sock"
kill_client() { dead "$1" || kill -9 "$(pid_of "$1")"; }
sent() { grep -qx "$2" "$TMUX_DIR/$1.log"; }

launch a
check "the title menu shows" see a "▸ Play against the computer" 15
to_lobby a
check "the lobby shows" see a "Host a new game"
check "... with no game" see a "No game to join or watch yet."
check "... and who is online" see a "Online (1): $me"
CLIENTS_SERVER=unix:$S
launch c --host g1 --as red
check "a game hosted elsewhere appears, its host in it: to join" \
	see a "Join g1: $me waits; you play Blue" 5
kill_client c
check "its host gone, the game is one of ours to resume" \
	see a "Resume g1: you play Red, waiting for an opponent" 5
check "the open challenge cancelled, it disappears" see a "No game to join or watch yet." 10
check "the lobby asked for news" sent new "lobby news"
check "... and never for the lists" test -z "$(grep -x -e games -e who "$TMUX_DIR/new.log")"

CLIENTS_SERVER=unix:$TMUX_DIR/old.sock
launch b
check "another title menu" see b "▸ Play against the computer" 15
to_lobby b
check "a lobby on a server without news" see b "Host a new game"
CLIENTS_SERVER=unix:$S
launch c --host g2 --as red
check "a game hosted elsewhere appears there too" see b "Join g2: $me waits; you play Blue" 5
check "... as in the lobby with news" see a "Join g2: $me waits; you play Blue" 5
check "the lobby without news asked for the games" sent old "games"
check "... and who is online" sent old "who"
# (its bare changed kept from it: the lists are those it asked for when
# lobby was answered ok, at once)
CLIENTS_SERVER=unix:$TMUX_DIR/mute.sock
launch m
check "a third title menu" see m "▸ Play against the computer" 15
to_lobby m
check "a lobby on a server without news asks for the lists at once" \
	see m "Join g2: $me waits; you play Blue" 5
kill_client c
kill "$pnew" "$pold" "$pmute" "$server"
wait "$server" 2>/dev/null
finish
