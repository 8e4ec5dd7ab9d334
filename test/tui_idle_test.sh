#!/bin/sh
# tui_idle_test.sh - an idle screen sleeps: the program wakes only for
# what is due (issue 42).  A wake-up is a voluntary context switch of the
# program's main thread (/proc/PID/status), counted over IDLE_S seconds
# of a screen nobody touches: the title menu, the lobby, a hosted game
# waiting for an opponent, an online game without a clock during the
# opponent's turn (none of which shows a clock that runs), and a game
# with a running clock on screen, which wakes once a second.  Before,
# each woke 10 to 30 times a second.  The screens still answer at once
# afterwards (a key, a resize, the opponent's move).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_idle
IDLE_S=4
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" 2>>"$TMUX_DIR/server.log" &
server=$!
poll 10 test -S "$S"
clients_init "unix:$S"
me=$(id -un)

switches() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$1/status"; }
# wakes NAME: the wake-ups of NAME's program over IDLE_S seconds
wakes() {
	pid=$(pid_of "$1")
	n0=$(switches "$pid")
	sleep "$IDLE_S"
	echo $(($(switches "$pid") - n0))
}
# a second without a wake-up: what came before (the lists a lobby asks
# for on coming, the news of its own arrival a second later) is over
settled() { pid=$(pid_of "$1"); n0=$(switches "$pid"); sleep 1; [ "$(switches "$pid")" = "$n0" ]; }
# idle NAME WHAT MAX: NAME's screen (WHAT) woke at most MAX times
idle() {
	[ "$3" -le 1 ] && poll 10 settled "$1"
	n=$(wakes "$1")
	echo "wake-ups [idle]: $2: $n in $IDLE_S s"
	seen=$1
	check "$2 sleeps: $n wake-ups in $IDLE_S s (at most $3)" test "$n" -le "$3"
}
# (a sanitizer's own threads and timers make the count meaningless)
[ "$NONAGA_VARIANT" = asan ] && asan=1 || asan=

launch a
check "the title menu shows" see a "▸ Play against the computer" 15
[ -z "$asan" ] && idle a "the title menu" 1
press a Down
check "... and answers a key at once" see a "▸ Level" 1

launch a
check "the title menu again" see a "▸ Play against the computer" 15
to_lobby a
check "the lobby shows" see a "Host a new game"
[ -z "$asan" ] && idle a "the lobby" 1
# a game hosted: the sleeping lobby is told, without asking every 2 s
launch c --host g1 --as red
check "a game hosted by another shows in the idle lobby" see a "g1" 3
[ -z "$asan" ] && idle c "a hosted game waiting for an opponent" 1
launch b --join g1
check "the opponent joins" see c "sits down to play Blue"
check "Blue waits for Red's move" see b "Waiting for"
[ -z "$asan" ] && idle b "an online game without a clock, the opponent's turn" 1
check "the sleeping lobby sees the game begin" see a "Watch g1: $me against $me, move 1" 3
press c Enter Enter Enter Enter
check "... and sees Red's move at once" see b "Blue to move (you)" 3
check "the sleeping lobby is told of the move too" see a "Watch g1: $me against $me, move 2" 3

# a running clock on screen: once a second, not ten times
launch d --host g2 --as red --clock 5+3
check "a game with a clock is hosted" see d "Waiting for an opponent to join g2"
launch e --join g2
check "... and joined: Red's clock runs" see e "Waiting for"
[ -z "$asan" ] && idle e "the opponent's running clock" $((IDLE_S + 2))

kill "$server"
wait "$server" 2>/dev/null
finish
