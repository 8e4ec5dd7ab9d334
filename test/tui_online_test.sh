#!/bin/sh
# tui_online_test.sh - online games in the curses game, several clients in
# tmux panes against one `nonaga --serve': host and join, four Enter
# presses reach the other screen, a watcher sees every move, chat, a
# client killed with -9 joins again, a server killed with -9 and started
# again is found again by itself, a game played to a win (and kept in the
# records), resigning, the lobby, and lying servers (garbage, escape
# sequences, silence) that never hang the client nor reach the terminal.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_online
me=$(id -un)
S=$TMUX_DIR/s.sock
SRV=$TMUX_DIR/srv

server_up() {
	"$NONAGA" --serve --listen "unix:$S" --listen 127.0.0.1:0 --state "$SRV" --grace 3 \
		2>>"$TMUX_DIR/server.log" &
	server=$!
	poll 10 test -S "$S"
}

# A game where Red, to move, wins with its first choices (Enter Enter):
# loaded by the server from its state directory as the game "win".
mkdir -p "$SRV/games"
chmod 700 "$SRV" "$SRV/games"
{
	printf '# nonaga record 1\nDate: 2026-11-25T08:00:00Z\nRed: %s\nBlue: %s\n' "$me" "$me"
	printf 'Rules: standard\nResult: none\nMode: online\nGame: win\nMoves: 22\n\n'
	cat <<'EOF'
0,2>0,-1/-2,1>1,2
-2,2>1,2/1,-2>-1,-2
2,-2>2,-1/-2,2>3,-2
2,0>0,2/-1,1>2,1
2,-1>3,-2/2,-2>0,-3
0,-2>0,-3/2,0>2,-2
0,-1>-1,-1/-1,-2>-2,1
1,2>1,-1/2,-1>2,0
-2,0>2,0/-2,1>3,0
1,-1>1,2/-1,0>3,1
2,0>1,1/0,0>-1,3
0,2>-1,3/3,1>-1,1
-1,-1>1,-1/2,0>1,-2
-1,3>0,2/-1,2>2,-3
1,1>-1,1/3,0>-1,0
1,2>1,0/-2,0>-2,1
3,-2>0,-2/-1,3>-1,-2
0,-3>-1,-2/3,-2>0,3
0,-2>-1,-1/2,1>0,0
-1,-2>0,-3/0,3>2,1
1,-1>0,0/2,-3>2,0
0,2>1,2/-1,-2>2,-1
EOF
} > "$SRV/games/win.rec"
chmod 600 "$SRV/games/win.rec"
server_up

clients_init "unix:$S"

# --- host, join, four Enter presses
launch a --host g1 --as red
check "the host waits for an opponent" see a "Waiting for an opponent to join g1"
check "... its header names the game and the host" shows a "online g1"
launch b --join g1
check "the host sees the opponent sit down" see a "sits down to play Blue"
check "the joiner plays Blue and waits for Red" see b "Red to move ($me)"
press a Enter Enter Enter Enter
check "four Enter presses by Red: Blue to move on Red's screen" see a "Blue to move"
check "... and on Blue's" see b "Blue to move (you)"
last=$(scr a | grep '^Last move:')
check "both show the same last move" see b "$last"

# --- a watcher
launch w --watch g1
check "the watcher sees the game" see w "$last"
check "... as a watcher" see w "Watching."
# (the bytes Red's terminal gets for the opponent's move, animated)
bytes=$TMUX_DIR/bytes
size() { wc -c < "$bytes" | tr -d ' '; }
settled() { n0=$(size); sleep 0.3; [ "$n0" = "$(size)" ]; }
record() { : > "$bytes"; T pipe-pane -t "=$1:" -o "cat >> '$bytes'"; }
stop() { poll 10 settled; T pipe-pane -t "=$1:"; size; }
record a
press b Enter Enter Enter Enter
check "Blue's turn reaches Red" see a "Red to move (you)"
n=$(stop a)
echo "bytes [online]: the opponent's move, animated: $n"
check "the opponent's move costs at most 3000 bytes ($n)" test "$n" -le 3000
last=$(scr b | grep '^Last move:')
check "... and the watcher, move by move" see w "$last"
check "... with the opponent's move shown on Red's screen" see a "$last"
# the server keeps an online game: no game in progress is saved here
check "two moves played, neither side saves a game in progress" \
	test ! -e "$TMUX_DIR/state-a/nonaga/current.save" -a ! -e "$TMUX_DIR/state-b/nonaga/current.save"
no_save_said() { ! { scr a; scr b; } | grep -q 'Cannot save'; }
check "... nor tries to (no \"Cannot save\" on either screen)" no_save_said

# --- no hints online (key t), even on one's own turn
press a t
check "t gives no hint in an online game" see a "There are no hints in online games."

# --- chat, made safe
press a c
check "c opens the chat line" see a "Say:"
T send-keys -t "=a:" -l "hello, 日本"
press a Enter
check "chat reaches the opponent" see b "$me: hello, 日本"
check "... and the watcher" see w "$me: hello, 日本"

# --- a client killed with -9 comes back with --join
before=$(scr a | grep '^Last move:')
kill -9 "$(pid_of b)"
check "Red is told that Blue is away" see a "(away)"
launch b --join g1
check "Blue joins again: the same position" see b "$before"
check "... the same side to move" see b "Red to move ($me)"
check "Red sees Blue back" see a "is back"

# --- the server killed with -9 and started again
kill -9 "$server"
wait "$server" 2>/dev/null
check "a lost server is told, with a countdown" see a "trying again ("
check "... to Blue too" see b "trying again ("
server_up
check "Red connects again by itself" see a "Connected again." 15
# (Blue's status line kept "Red to move" all along: wait for the news.
# Both clients reconnect at about the same time, so Red's return, which
# only a connected client hears, may already have replaced Blue's
# "Connected again." on its one message line.)
back() { seen=$1; scr "$1" | grep -qE 'Connected again\.|is back\.'; }
check "... so does Blue" poll 15 back b
check "... to Red's turn" shows b "Red to move ($me)"
check "... and Red has its turn back" see a "Red to move (you)"
press a Enter Enter Enter Enter
check "the game goes on after the restart" see b "Blue to move (you)"

# --- resigning, with a question
press b f
check "f asks before resigning" see b "Resign this game? (y/n)"
press b y
check "Blue resigns: Red wins, on Red's screen" see a "Blue resigned: Red wins."
check "... and on the watcher's" see w "Blue resigned: Red wins."

# --- a game played to a win
launch r --join win
check "the first join of the loaded game takes Red" see r "Red to move (you)"
launch s --join win
check "the second takes Blue" see s "Red to move ($me)"
press r Enter
check "..." see r "Choose where it slides"
press r Enter
check "Red's winning slide: Red wins, on Red's screen" see r "Red wins!"
check "... and Blue's" see s "Red wins!"
records() { ls "$TMUX_DIR/state-r/nonaga/records/"*.nonaga >/dev/null 2>&1 &&
	grep -q '^Mode: online' "$TMUX_DIR/state-r/nonaga/records/"*.nonaga; }
check "the finished game is kept in the records, as online" poll 5 records
press r q
check "q after the end leaves at once" poll 5 dead r

# --- the lobby, from the title menu; a game of ours left open in it
launch h --host g2 --as blue
see h "Waiting for an opponent to join g2"
kill -9 "$(pid_of h)"
launch l
check "the title menu offers online play" see l "Play online"
press l Down Down Down Down
check "..." see l "▸ Play online"
press l Enter
check "the lobby" see l "Online as $me"
check "... offers to host" see l "Host a new game"
check "... lists your unfinished games to resume" see l "Resume g2: you play Blue, waiting for an opponent"
check "... and who is online" see l "Online ("
# (the bytes of the lobby: nothing changes, then a game appears)
poll 10 settled
record l
sleep 4.5
n=$(stop l)
echo "bytes [online]: the lobby for two refreshes, nothing new: $n"
check "a lobby refresh that changes nothing writes nothing ($n)" test "$n" -eq 0
record l
launch h --host g3 --as red
check "a game hosted elsewhere appears in the lobby (Red held there: Blue to join)" \
	see l "Join g3: $me waits; you play Blue"
n=$(stop l)
echo "bytes [online]: the lobby, a game more: $n"
check "... for at most 600 bytes ($n)" test "$n" -le 600
press l Enter
check "hosting asks for a clock" see l "A clock for each player?"
press l Down Enter
check "a hosted game with a clock waits" see l "Waiting for an opponent to join $me-"
check "... and shows the clocks" see l "3:00"
press l m y
check "m leaves the game for the lobby" see l "Host a new game"
press l Escape
check "Esc leaves the lobby for the title menu" see l "Play against the computer"

# --- over TCP a seat comes back by the token the client kept
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$TMUX_DIR/server.log" | tail -n 1)
tcp_launch() {
	name=$1; shift
	cat > "$TMUX_DIR/$name.sh" <<EOF
exec env LANG=C.UTF-8 LANGUAGE=en XDG_STATE_HOME="$TMUX_DIR/state-$name" \\
	XDG_CONFIG_HOME="$TMUX_DIR/config" "$NONAGA" --server 127.0.0.1:$port \\
	--key-file "$SRV/key" "\$@" 2>>"$TMUX_DIR/stderr"
EOF
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $TMUX_DIR/$name.sh $*"
}
tcp_launch ta --host t1 --as red
check "TCP: the host waits" see ta "Waiting for an opponent to join t1"
tcp_launch tb --join t1
check "TCP: the joiner plays Blue" see tb "Red to move ($me)"
check "TCP: the host sees it" see ta "Red to move (you)"
press ta Enter Enter Enter Enter
check "TCP: a move goes across" see tb "Blue to move (you)"
kill -9 "$(pid_of tb)"
check "TCP: the joiner is away" see ta "(away)"
tcp_launch tb --join t1
check "TCP: --join gives the seat back by the kept token" see tb "Blue to move (you)"
check "... the token is kept privately" test -n "$(find "$TMUX_DIR/state-tb/nonaga/tokens" -type f -perm 600)"

# --- lying servers
F=$TMUX_DIR/fake.sock
printf 'HTTP/1.1 400 Bad Request\r\n\r\n' > "$TMUX_DIR/garbage"
build/test/fakeserver "$F" "$TMUX_DIR/garbage" &
poll 5 test -S "$F"
out=$(LANG=C.UTF-8 "$NONAGA" --server "unix:$F" --join g1 2>&1 </dev/null); st=$?
check "a server that is not one: refused before the screen ($st: $out)" \
	test "$st" = 1 -a "$out" = "nonaga: not a nonaga server (or one of another protocol version)"
{
	printf 'hello nonaga-online 1 nonaga 9\nwelcome %s\nok seat red 0123456789abcdef0123456789abcdef\n' "$me"
	printf 'sync g1 rules=standard clock=none red=%s blue=eve moves=0 result=none how=- you=red\n' "$me"
	printf 'chat eve \033[2J\033]0;owned\007\302\23331mHELLO\n'
	head -c 20000 /dev/zero | tr '\0' x; printf '\n'
	printf 'moved 1 garbage\nover purple nonsense\n'
} > "$TMUX_DIR/lies"
build/test/fakeserver "$F" "$TMUX_DIR/lies" hold &
poll 5 test -S "$F"
cat > "$TMUX_DIR/f.sh" <<EOF
exec env LANG=C.UTF-8 LANGUAGE=en XDG_STATE_HOME="$TMUX_DIR/state-f" "$NONAGA" --server "unix:$F" --join g1
EOF
T new-session -d -s f -x 80 -y 24 "sh $TMUX_DIR/f.sh"
check "a lying server: the game opens" see f "online g1"
check "... its chat is shown with the escapes as ?, the board not cleared" \
	see f "eve: ?[2J?]0;owned??31mHELLO"
check "... while the board is still there" shows f "Last move: none yet."
press f c
see f "Say:"
T send-keys -t "=f:" -l "anyone there?"
press f Enter
check "... a server that stops answering is found out" see f "trying again (" 20
press f q
check "... and q still leaves" poll 10 dead f

kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
T kill-server 2>/dev/null
finish
