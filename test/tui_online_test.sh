#!/bin/sh
# tui_online_test.sh - online games in the curses game, several clients in
# tmux panes against one `nonaga --serve': host and join, four Enter
# presses reach the other screen, a watcher sees every move, chat, a
# client killed with -9 joins again, a server killed with -9 and started
# again is found again by itself, a game played to a win (and kept in the
# records), resigning, the lobby (a rating beside a name), and lying
# servers (garbage, escape sequences, silence) that never hang the client
# nor reach the terminal.
# Every client has the same login, so a seat is judged by the header's
# "(you)", a position by the board itself; the server must stop cleanly.
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
# our rating, 1623 with a deviation of 80 (not provisional): beside our
# name in the lobby and the header (the games against ourselves here are
# not rated)
printf '%s 1623.4 80.2 0.06 5\n' "$me" > "$SRV/ratings"
rated="$me (1623)"   # our name as the header shows it
server_up

clients_init "unix:$S"
# header_is NAME TEXT: the first line says exactly "NONAGA ∙ TEXT": the
# game, each seat's player and "(you)" on the seat this client holds
# (every client here has the same login: the seat shows only there)
header_is() { seen=$1; [ "$(scr "$1" | head -n 1)" = "NONAGA ∙ $2" ]; }
# line_is NAME TEXT: a line of the screen is TEXT, spaces around aside
line_is() { seen=$1; scr "$1" | sed 's/^ *//; s/ *$//' | grep -qxF -- "$2"; }
# the "Last move:" line; is_move: one that names a move
last_move() { scr "$1" | grep '^Last move:'; }
is_move() { case $1 in "Last move: none yet."|"") false ;; "Last move: "*) true ;; *) false ;; esac; }
# the board (the lines between the header and the panel), without the
# marks (‹ › [ ]) that only the player to move sees, nor where each
# screen placed it (blank lines, the indentation all its lines share);
# same_board A B
board() {
	scr "$1" | sed -n '2,18p' | sed 's/‹/ /g; s/›/ /g; s/\[/ /g; s/\]/ /g; s/ *$//; /^$/d' |
	awk '{ line[NR] = $0; match($0, /^ */); if (NR == 1 || RLENGTH < min) min = RLENGTH }
	     END { for (i = 1; i <= NR; i++) print substr(line[i], min + 1) }'
}
same_board() { seen=$1; [ "$(board "$1")" = "$(board "$2")" ]; }
# kill -9 a client, never the number of a pane whose program has exited:
# the machine may have given it to another process since
kill_client() { dead "$1" || kill -9 "$(pid_of "$1")"; }

# --- host, join, four Enter presses
launch a --host g1 --as red
check "the host waits for an opponent" see a "Waiting for an opponent to join g1"
# keys_is NAME TEXT: the screen's last line (the keys) is exactly TEXT
keys_is() { seen=$1; [ "$(scr "$1" | sed 's/ *$//' | grep -v '^$' | tail -n 1 | sed 's/^ *//')" = "$2" ]; }
check "... its keys: nothing to take back, offer or resign yet" \
	poll 10 keys_is a "c chat, ? help, q leave"
check "... its header names the game and the host" shows a "online g1"
launch b --join g1
check "the host sees the opponent sit down" see a "sits down to play Blue"
check "the joiner waits for Red" see b "Waiting for $me's move."
check "... its keys: no choosing on the opponent's turn" \
	poll 10 keys_is b "u take back, d draw, f resign, c chat, ? help, q leave"
check "... holding the Blue seat" poll 10 header_is b "online g1 ∙ ◉ $rated ∙ ◼ $rated (you)"
check "... and the host the Red seat" poll 10 header_is a "online g1 ∙ ◉ $rated (you) ∙ ◼ $rated"
press a Enter Enter Enter Enter
check "four Enter presses by Red: Blue to move on Red's screen" see a "Blue to move"
check "... whose keys are Blue's turn's" \
	poll 10 keys_is b "arrows, Enter, Esc back, u take back, d draw, f resign, c chat, ? help, q leave"
check "... and on Blue's" see b "Blue to move (you)"
last=$(last_move a)
check "Red's screen names the move ($last)" is_move "$last"
check "Blue's shows the same last move" see b "$last"
check "... on the same board" poll 10 same_board b a

# --- a watcher
launch w --watch g1
check "the watcher sees the game" see w "$last"
check "... as a watcher" see w "Watching."
check "... in no seat" poll 10 header_is w "online g1 ∙ ◉ $rated ∙ ◼ $rated"
check "... on the same board" poll 10 same_board w a
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
check "the opponent's move costs 100 to 3000 bytes ($n)" test "$n" -ge 100 -a "$n" -le 3000
last=$(last_move b)
check "Blue's screen names its move ($last)" is_move "$last"
check "... and the watcher, move by move" see w "$last"
check "... with the opponent's move shown on Red's screen" see a "$last"
check "... on the same board" poll 10 same_board a b
check "... as the watcher's" poll 10 same_board w b
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
before=$(last_move a)
kill_client b
check "Red is told that Blue is away" see a "(away)"
launch b --join g1
check "Blue joins again: the same last move ($before)" see b "$before"
check "... the same board" poll 10 same_board b a
check "... the same side to move" see b "Waiting for $me's move."
check "... in the Blue seat" poll 10 header_is b "online g1 ∙ ◉ $rated ∙ ◼ $rated (you)"
check "Red sees Blue back" see a "is back"

# --- the server killed with -9 and started again
kill -9 "$server"
wait "$server" 2>/dev/null
check "a lost server is told, with a countdown" see a "trying again ("
check "... to Blue too" see b "trying again ("
server_up
# (Both clients reconnect at about the same time, so the other's return,
# which only a connected client hears, may already have replaced
# "Connected again." on its one message line; Blue's status line kept
# "Red to move" all along: wait for the news.)
back() { seen=$1; scr "$1" | grep -qE 'Connected again\.|is back\.'; }
check "Red connects again by itself" poll 15 back a
check "... so does Blue" poll 15 back b
lost() { seen=$1; scr "$1" | grep -qF "trying again ("; }
check "... whose screen no longer says the connection is lost" poll 15 eval '! lost b'
check "... back at Red's turn, in its seat" see b "Waiting for $me's move."
check "... on the same board as before" poll 10 same_board b a
# (Red's status line kept it all along: now it is the synced game's)
check "... and Red has its turn back" shows a "Red to move (you)"
press a Enter Enter Enter Enter
check "the game goes on after the restart" see b "Blue to move (you)"

# --- the opponent to move goes away: w claims, once the grace is over
# (poll waits 20 s at most; the untimed grace here is 30 s after the
# away notice)
poll_60() { poll 20 "$@" || poll 20 "$@" || poll 20 "$@"; }
kill_client b
check "Blue, to move, goes away: after the grace Red's keys offer w" \
	poll_60 keys_is a "w claim the win, u take back, d draw, f resign, c chat, ? help, q leave"
launch b --join g1
check "Blue is back: Red's keys lose w" \
	poll 10 keys_is a "u take back, d draw, f resign, c chat, ? help, q leave"
check "... and Blue has its turn" see b "Blue to move (you)"

# --- resigning, with a question
press b f
check "f asks before resigning" see b "Resign this game? (y/n)"
press b y
check "Blue resigns: Red wins, on Red's screen, beside Blue's token" see a "◼ Blue resigned: Red wins."
check "... whose keys are a finished game's (no take back, draw or resign)" \
	see a "c chat, ? help, m lobby, q leave"
check "... and on the watcher's" see w "◼ Blue resigned: Red wins."

# --- a game played to a win
launch r --join win
check "the first join of the loaded game takes Red" see r "Red to move (you)"
check "... its seat" poll 10 header_is r "online win ∙ ◉ $rated (you) ∙ ◼ $rated (away)"
launch s --join win
check "the second takes Blue" poll 10 header_is s "online win ∙ ◉ $rated ∙ ◼ $rated (you)"
check "... and waits" see s "Waiting for $me's move."
press r Enter
check "..." see r "Choose where it slides"
press r Enter
check "Red's winning slide: Red wins, on Red's screen" see r "Red wins!"
check "... and Blue's" see s "Red wins!"
check "... the keys a finished game's on both" see r "c chat, ? help, m lobby, q leave"
check "... (and Blue's)" see s "c chat, ? help, m lobby, q leave"
records() { ls "$TMUX_DIR/state-r/nonaga/records/"*.nonaga >/dev/null 2>&1 &&
	grep -q '^Mode: online' "$TMUX_DIR/state-r/nonaga/records/"*.nonaga &&
	grep -q '^Result: red' "$TMUX_DIR/state-r/nonaga/records/"*.nonaga &&
	grep -q '^Moves: 23' "$TMUX_DIR/state-r/nonaga/records/"*.nonaga; }
check "the finished game is kept in the records, as online, won by Red in 23 moves" poll 5 records
press r q
check "q after the end leaves at once" poll 5 dead r

# --- the lobby, from the title menu; a game of ours left open in it
launch h --host g2 --as blue
see h "Waiting for an opponent to join g2"
kill_client h
launch l
check "the title menu offers online play" see l "Play online"
press l Down Down Down Down
check "..." see l "▸ Play online"
press l Enter
check "the lobby" see l "Online as $me"
check "... offers to host" see l "Host a new game"
check "... lists your unfinished games to resume" see l "Resume g2: you play Blue, waiting for an opponent"
check "... and who is online: one login" poll 10 line_is l "Online (1): $me"
# (the bytes of the lobby: nothing changes for two refreshes, 2 s apart,
# then a game appears; one pipe for both, so that a pipe that recorded
# nothing cannot pass)
check "the lobby has settled" poll 10 settled
record l
sleep 4.5
n=$(size)
echo "bytes [online]: the lobby for two refreshes, nothing new: $n"
check "a lobby refresh that changes nothing writes nothing ($n)" test "$n" -eq 0
launch h --host g3 --as red
check "a game hosted elsewhere appears in the lobby (Red held there: Blue to join), with its host's rating" \
	see l "Join g3: $me (1623) waits; you play Blue"
n=$(stop l)
echo "bytes [online]: the lobby, a game more: $n"
check "... for 1 to 600 bytes ($n)" test "$n" -ge 1 -a "$n" -le 600
press l Down
check "Host a new game, under Play now" see l "▸ Host a new game"
press l Enter
check "hosting asks for the game's name, LOGIN-N to begin with" see l "Name of the game: $me-1"
press l Enter
check "hosting asks for a clock" see l "A clock for each player?"
press l Down Enter
check "a hosted game with a clock waits" see l "Waiting for an opponent to join $me-"
# (the lobby hosts on a random seat; the other is an "open seat")
clocks() {
	seen=l
	scr l | head -n 1 | grep -qE "^NONAGA ∙ online $me-[0-9]+ ∙ (◉ $me \(1623\) \(you\) 3:00 ∙ ◼ open seat 3:00|◉ open seat 3:00 ∙ ◼ $me \(1623\) \(you\) 3:00)\$"
}
check "... and shows both clocks, 3 minutes each, the host in a seat" poll 10 clocks
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
# (the client gives our login, a login of this host: over TCP it is $me.tcp,
# a name of the TCP players, not rated yet; nonaga(6), Who is who)
check "TCP: the joiner plays Blue, as $me.tcp" poll 10 header_is tb "online t1 ∙ ◉ $me.tcp ∙ ◼ $me.tcp (you)"
check "TCP: the host sees it" see ta "Red to move (you)"
press ta Enter Enter Enter Enter
check "TCP: a move goes across" see tb "Blue to move (you)"
kill_client tb
check "TCP: the joiner is away" see ta "(away)"
tcp_launch tb --join t1
check "TCP: --join gives the seat back by the kept token" see tb "Blue to move (you)"
check "... the token is kept privately" test -n "$(find "$TMUX_DIR/state-tb/nonaga/tokens" -type f -perm 600)"

# --- lying servers
# (each its own socket, and the first gone before the second starts)
F=$TMUX_DIR/fake1.sock
printf 'HTTP/1.1 400 Bad Request\r\n\r\n' > "$TMUX_DIR/garbage"
build/test/fakeserver "$F" "$TMUX_DIR/garbage" &
fake=$!
poll 5 test -S "$F"
out=$(LANG=C.UTF-8 "$NONAGA" --server "unix:$F" --join g1 2>&1 </dev/null); st=$?
check "a server that is not one: refused before the screen ($st: $out)" \
	test "$st" = 1 -a "$out" = "nonaga: not a nonaga server (or one of another protocol version)"
wait "$fake"
F=$TMUX_DIR/fake2.sock
{
	printf 'hello nonaga-online 1 nonaga 9\nwelcome %s\nok seat red 0123456789abcdef0123456789abcdef\n' "$me"
	printf 'sync g1 rules=standard clock=none red=%s blue=eve moves=0 result=none how=- you=red\n' "$me"
	printf 'chat eve \033[2J\033]0;owned\007\302\23331mHELLO\n'
	head -c 20000 /dev/zero | tr '\0' x; printf '\n'
	printf 'moved 1 garbage\nover purple nonsense\n'
} > "$TMUX_DIR/lies"
build/test/fakeserver "$F" "$TMUX_DIR/lies" hold &
fake=$!
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

kill "$fake"
kill "$server"
wait "$server"; st=$?
check "the server stops cleanly at SIGTERM ($st)" test "$st" = 0
sanitized() { ! grep -qE 'Sanitizer|runtime error' "$TMUX_DIR/server.log"; }
check "... with no sanitizer report in its log" sanitized
T kill-server 2>/dev/null
finish
