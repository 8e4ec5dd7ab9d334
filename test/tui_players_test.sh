#!/bin/sh
# tui_players_test.sh - what players tripped over online (issue 38): a
# game won by resignation is kept with its result (Past games and the
# replay say who won, and when the game began); a lapsed draw offer
# leaves the screen; a seat taken by another terminal is told; a byte that
# is not UTF-8 in chat is replaced visibly.
# Every client has the same login; a seat is judged by the header's "(you)".
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_players
me=$(id -un)
S=$TMUX_DIR/s.sock
SRV=$TMUX_DIR/srv
mkdir -p "$SRV"
chmod 700 "$SRV"
"$NONAGA" --serve --listen "unix:$S" --state "$SRV" --grace 3 \
	2>>"$TMUX_DIR/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; tmux_cleanup' EXIT
poll 10 test -S "$S" || no "the server did not start"
clients_init "unix:$S"
# key NAME KEY: the value of KEY in the one record of client NAME
key() { sed -n "s/^$2: //p" "$TMUX_DIR/state-$1/nonaga/records/"*.nonaga; }
lacks() { ! shows "$@"; }
recorded() { ls "$TMUX_DIR/state-$1/nonaga/records/"*.nonaga >/dev/null 2>&1; }
# secs ISO: seconds since the epoch of "2026-11-27T12:30:01Z"
secs() { date -u -d "$(echo "$1" | tr T ' ' | tr -d Z)" +%s; }

# --- a game won by resignation: the record carries the outcome
launch a --host g1 --as red
check "the host waits" see a "Waiting for an opponent to join g1"
launch b --join g1
check "b sits down" see b "Waiting for $me's move."
sleep 2   # (time passes between the start and the end of the game)
press a Enter Enter Enter Enter
check "a turn by Red" see b "Blue to move (you)"
press b f
check "b is asked" see b "Resign this game? (y/n)"
press b y
check "Blue resigns" see a "Blue resigned: Red wins."
check "Red's record is kept" poll 5 recorded a
want "... how the game ended, as the server says" "$(key a How)" resign
want "... who won" "$(key a Winner)" red
want "... the rules' result stays the rules'" "$(key a Result)" none
name=$(basename "$(ls "$TMUX_DIR/state-a/nonaga/records/"*.nonaga)" .nonaga)
kept=$(date -u -d "$(echo "$name" | sed 's/^\(....\)\(..\)\(..\)-\(..\)\(..\)\(..\).*/\1-\2-\3 \4:\5:\6/')" +%s)
began=$(secs "$(key a Date)")
check "... dated when the game began, not when it ended" test $((kept - began)) -ge 2
press a q
check "a leaves" poll 5 dead a
launch a
check "a: the title menu" see a "N O N A G A"
poll 10 down_to a "▸ Past games"
press a Enter
check "Past games: the resigned game is won" see a "you won ∙ 1 move"
check "... not unfinished" lacks a "not finished"
press a Enter
check "the replay's header says Red won" see a "Red won ∙"
press a q

# --- a draw offer lapses with the offerer's move, and leaves the screen
launch a --host g2 --as red
check "g2: the host waits" see a "Waiting for an opponent to join g2"
launch b --join g2
check "g2: b sits down" see b "Waiting for $me's move."
press a Enter Enter Enter Enter
check "g2: Red has moved" see b "Blue to move (you)"
press b d
check "Blue offers a draw" see b "You offer a draw."
check "... which Red is told" see a "offers a draw: d accepts it."
press b Enter Enter Enter Enter
check "Blue moves instead: Red to move" see a "Red to move (you)"
check "... and the lapsed offer is gone from Red's screen" lacks a "offers a draw"
press a d
check "d then offers a draw anew, and says so" see a "You offer a draw."
check "... it accepted nothing" lacks a "You accept the draw."

# --- a seat taken by another terminal of the same login: the first one,
# back in the lobby, says what happened
launch a --host g3 --as red
check "g3: the host waits" see a "Waiting for an opponent to join g3"
launch b --join g3
check "g3: b sits down" see b "Waiting for $me's move."
launch c --join g3
check "c takes a seat of ours, held by a or b" see c "(you)"
told() { shows a "$1" || shows b "$1"; }
check "the terminal that lost its seat says so, in the lobby" \
	poll 10 told "Another terminal of yours took your seat in g3: it plays there now."

# --- chat: a byte that is not UTF-8 shows as U+FFFD in its place, and the
# rest of the line is kept; characters of several bytes are whole
press c c
check "c: the chat line" see c "Say:"
press c -l 'caf'
press c -H e9
press c -l ' ok お茶'
check "the bad byte shows as one U+FFFD, the rest follows" see c "Say: caf� ok お茶"
press c Enter
check "... and that is what is said" see c "$me: caf� ok お茶"

finish
