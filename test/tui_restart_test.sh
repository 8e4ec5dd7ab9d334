#!/bin/sh
# tui_restart_test.sh - the host's shared server restarted under two
# players in a game (SIGTERM, its socket's directory removed as the
# unit's RuntimeDirectory does, a few seconds, started again): each
# client says it waits for the shared server, starts no private server
# (none of their games would be there), and once the server is back the
# game goes on from the same moves.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_restart
me=$(id -un)
RUN=$TMUX_DIR/run
SHARED=$RUN/server.sock
SRV=$TMUX_DIR/srv
server=
# a private server, should one be started after all, goes at the end
private_pids() { cat "$TMUX_DIR"/rt-*/nonaga/server.log 2>/dev/null | sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p'; }
trap 'kill $server $(private_pids) 2>/dev/null; tmux_cleanup' EXIT

server_up() {
	mkdir -m 755 "$RUN"
	"$NONAGA" --serve --listen "unix:$SHARED" --state "$SRV" 2>>"$TMUX_DIR/server.log" &
	server=$!
	poll 10 test -S "$SHARED"
}

# shared NAME ARG...: nonaga ARG... in the session NAME, with no server
# given: it finds the shared one (each client has a runtime directory of
# its own, where its private server would be)
shared() {
	name=$1; shift
	mkdir -m 700 -p "$TMUX_DIR/rt-$name"
	cat > "$TMUX_DIR/$name.sh" <<EOS
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	XDG_RUNTIME_DIR="$TMUX_DIR/rt-$name" NONAGA_SHARED_SOCKET="$SHARED" \\
	XDG_STATE_HOME="$TMUX_DIR/state-$name" XDG_CONFIG_HOME="$TMUX_DIR/config-$name" \\
	"$NONAGA" "\$@" 2>>"$TMUX_DIR/stderr"
EOS
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $TMUX_DIR/$name.sh $*"
}
last_move() { scr "$1" | grep '^Last move:'; }
board() {
	scr "$1" | sed -n '2,18p' | sed 's/‹/ /g; s/›/ /g; s/\[/ /g; s/\]/ /g; s/ *$//; /^$/d' |
	awk '{ line[NR] = $0; match($0, /^ */); if (NR == 1 || RLENGTH < min) min = RLENGTH }
	     END { for (i = 1; i <= NR; i++) print substr(line[i], min + 1) }'
}
board_is() { seen=$1; [ "$(board "$1")" = "$2" ]; }
no_private() { ! ls "$TMUX_DIR"/rt-*/nonaga/server.* >/dev/null 2>&1; }

server_up
clients_init "unix:$SHARED"   # (only for its idle session and screens)
shared a --host g1 --as red
check "the host waits on the shared server" see a "Waiting for an opponent to join g1"
shared b --join g1
check "the opponent sits down" see a "sits down to play Blue"
press a Enter Enter Enter Enter
check "Red moves: Blue to move (you)" see b "Blue to move (you)"
press b Enter Enter Enter Enter
check "Blue moves: Red to move (you)" see a "Red to move (you)"
last=$(last_move b)
check "both screens name the same last move ($last)" see a "$last"
before=$(board a)

# --- the server stops; its directory goes with it, as the unit's does
kill "$server"
wait "$server"
rm -rf "$RUN"
wait_msg="Waiting for this host's shared server to come back"
check "Red's screen says it waits for the shared server" see a "$wait_msg"
check "... so does Blue's" see b "$wait_msg"
# a few seconds gone: tries every 2 s, none of them for a private server
# waited NAME: its screen says it has waited 4 s or more
waited() { seen=$1; n=$(scr "$1" | sed -n 's/.*come back (\([0-9]*\) s).*/\1/p'); [ "${n:-0}" -ge 4 ]; }
check "... still waiting 4 s later" poll 15 waited a
check "... Blue too" poll 15 waited b
check "no private server was started" no_private
check "... the message, not the lost connection's countdown" eval '! shows a "trying again ("'

# --- the server back: the game goes on from the same moves
server_up
# a connected client says "Connected again.", or already that the other
# player "is back." (the second message replaces the first)
back() { seen=$1; scr "$1" | grep -qE 'Connected again\.|is back\.'; }
check "Red connects again by itself" poll 15 back a
check "... so does Blue" poll 15 back b
check "Red has its turn back" see a "Red to move (you)"
check "... with the same last move" see a "$last"
check "... on the same board" poll 10 board_is a "$before"
check "Blue's screen has the same board" poll 10 board_is b "$before"
check "still no private server" no_private
press a Enter Enter Enter Enter
check "the game goes on: Blue to move (you)" see b "Blue to move (you)"
# (the end of the input says quit: a quit of ours could race its answer)
out=$(printf 'watch g1\n' | "$NONAGA" --client --server "unix:$SHARED" 2>&1)
moves=$(echo "$out" | grep -c '^moved ')
[ "$moves" = 3 ] || echo "$out" >&2
want "the server holds the three moves" "$moves" 3

# --- from the lobby: a lost connection goes back to the title menu, and
# Play online, while the shared server is away, says so and starts none
press a m
check "Red leaves the game for the lobby" see a "Leave the game?"
press a y
check "... the lobby, on this host's server" see a "Online as $me, on this host's server"
kill "$server"
wait "$server"
rm -rf "$RUN"
check "the lobby's connection lost: the title menu says so" \
	see a "The connection to the server is lost."
to_lobby a
check "Play online, the shared server away: it says so" \
	see a "this host's shared server does not answer (it may be restarting)"
check "... and starts no private server" no_private
server_up
# (the title menu asks for the games where it is your move only when it
# opens: leave it for the lobby and come back)
to_lobby a
check "the shared server back: the lobby is on it again" see a "Online as $me, on this host's server"
check "... with the game to resume" see a "Resume g1"
check "still no private server" no_private
T kill-server 2>/dev/null
kill "$server"
wait "$server"
want "the server stops cleanly" $? 0
want "... with no sanitizer report" "$(grep -cE 'Sanitizer|runtime error' "$TMUX_DIR/server.log")" 0
kill $(private_pids) 2>/dev/null   # (before finish takes the directory)
finish
