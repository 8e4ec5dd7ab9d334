#!/bin/sh
# tui_seats_test.sh - online games go by seat, not by login (issue 25,
# items 2, 3 and 9): one login in several terminals against one server.
# A draw offered by Red is not offered to Red itself and is accepted from
# Blue's terminal; a take-back asked by Red is answered from Blue's; the
# ends read as sentences; the lobby resumes the seat it names (Blue as
# Blue) and offers Watch to a third terminal whose seats are all held;
# leaving with q says how to come back; a finished game does not keep its
# name (--host and the lobby's "Host a new game" after it); --join of a
# missing game and --host of a game that is on say why, naming the game;
# the server logs what happened.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_seats
me=$(id -un)
S=$TMUX_DIR/s.sock
SRV=$TMUX_DIR/srv
LOG=$TMUX_DIR/server.log

"$NONAGA" --serve --listen "unix:$S" --state "$SRV" --grace 3 2>>"$LOG" &
server=$!
poll 10 test -S "$S"

clients_init "unix:$S"
lacks() { seen=$1; ! scr "$1" | grep -qF -- "$2"; }
# the header's text for a side: "online GAME ∙ ◉ NAME ... ∙ ◼ NAME ..."
header() { scr "$1" | sed -n 1p; }
blue_is_you() { seen=$1; header "$1" | grep -q "$me (you)\$"; }
logged() { grep -qF -- "$1" "$LOG"; }

# --- one login, two terminals: a, Red; b, Blue
launch a --host s1 --as red
check "the host waits for an opponent" see a "Waiting for an opponent to join s1"
check "... the free seat is an open seat, not '?' or '-'" shows a "open seat"
launch b --join s1
check "the second terminal takes Blue" see b "Red to move ($me)"
check "... its header marks Blue as you" poll 5 blue_is_you b
check "Red is told" see a "sits down to play Blue"
check "... and has the move" shows a "Red to move (you)"
check "the server logs the join" poll 5 logged "$me joins s1 as blue"

# Red moves (the first choices), then asks to take it back
press a Enter Enter Enter Enter
check "Red's move reaches Blue" see b "Blue to move (you)"
# (all that Red's screen shows from now on is kept: the question would come
# before the take-back, and be gone with it)
tape a
press a u
check "u: Red asks" see a "You asked $me to let you take your last move back."
check "Blue is asked" see b "$me asks to take back their last move: u agrees."
press b u
check "Blue agrees: the move is taken back on Red's screen" see a "Red to move (you)"
check "... and on Blue's" see b "Red to move ($me)"
check "... both are told" shows a "Moves taken back, as both players agreed."
check "... the asker was never asked its own question" never_shown a "u agrees"
check "the server logs the asking and the answer" \
	poll 5 sh -c "grep -qF '$me asks to take back in s1 as red' '$LOG' && grep -qF \"$me agrees to red's take-back in s1 as blue\" '$LOG'"

# Red offers a draw; Blue, the other seat of the same login, accepts
tape a
press a d
check "d: Red offers" see a "You offer a draw."
check "Blue is offered the draw" see b "$me offers a draw: d accepts it."
press b d
check "Blue accepts: drawn on Blue's screen" see b "Drawn by agreement."
check "... and on Red's" see a "Drawn by agreement."
check "... Red was never offered its own draw" never_shown a "d accepts it"
check "... where \"You accept the draw.\" is gone with the game" lacks b "You accept the draw."
check "... as is \"You offer a draw.\"" lacks a "You offer a draw."
check "the server logs the offer, the acceptance and the end" \
	poll 5 sh -c "grep -qF '$me offers a draw in s1 as red' '$LOG' && grep -qF '$me accepts a draw in s1 as blue' '$LOG' && grep -qF 'game s1 over: draw (agreement)' '$LOG'"

# --- a finished game does not keep its name: a and b still look at it
launch c --host s1 --as blue
check "--host of a finished game's name hosts a new game" see c "Waiting for an opponent to join s1"
check "... as Blue" shows c "$me (you)"
launch d --host s1
check "--host of a game that is on says why, naming the game" \
	see d "Cannot host s1: a game named s1 is on; choose another name"
check "... in the lobby it returns to" see d "Host a new game"
press d q
poll 5 dead d
launch e --join nosuchgame
check "--join of a missing game says so, naming it" \
	see e "Cannot join nosuchgame: there is no game named nosuchgame"
check "... in a lobby with nothing left of the screen before" see e "Host a new game"
lobby_clean() { seen=$1; scr "$1" | grep -q '^  Online ([1-9]): '; }
check "... (no fragment of 'Waiting for the server...' before 'Online')" poll 5 lobby_clean e
press e q
poll 5 dead e

# --- resigning reads as a sentence on both sides; c plays itself
launch b --join s1
check "s1 again, the other seat" see b "Red to move (you)"
press c f
see c "Resign this game? (y/n)"
press c y
check "Blue resigns: Blue's screen says so" see c "Blue resigned: Red wins."
check "... and Red's" see b "Blue resigned: Red wins."
check "the server logs the resignation" poll 5 logged "$me resigns s1 as blue"

# --- the lobby hosts LOGIN-1 after a finished LOGIN-1
launch a --host "$me-1" --as red
see a "Waiting for an opponent to join $me-1"
launch b --join "$me-1"
see b "Red to move ($me)"
press b f
see b "Resign this game? (y/n)"
press b y
check "a finished $me-1" see a "Blue resigned: Red wins."
launch l
see l "Play online"
to_lobby l
check "the lobby" see l "▸ Play now"
press l Down
see l "▸ Host a new game"
press l Enter
check "Host a new game asks for a name: $me-1 again" see l "Name of the game: $me-1"
press l Enter
check "... then a clock" see l "A clock for each player?"
press l Enter
check "... and hosts $me-1 again, though a finished $me-1 is still looked at" \
	see l "Waiting for an opponent to join $me-1"
press l m
see l "(y/n)"
press l y
check "m goes back to the lobby" see l "Host a new game"
check "... saying how to come back" shows l "The game $me-1 is kept: nonaga --join $me-1"
check "... and lists the game to resume, with no '-' for the empty seat" \
	see l "Resume $me-1: you play"
check "... 'waiting for an opponent'" shows l "waiting for an opponent"
press l Escape
see l "Play against the computer"
press l q
poll 5 dead l

# --- the lobby resumes the seat it names: one login in both seats of g;
# Blue's terminal leaves with q
launch a --host g --as red
see a "Waiting for an opponent to join g"
launch b --join g
see b "Red to move ($me)"
press b q
check "q asks before leaving a game on" see b "(y/n)"
press b y
said() { seen=$1; T capture-pane -p -J -S -100 -t "=$1:" | grep -qF -- "$2"; }
check "leaving with q says how to come back" \
	poll 10 said b "nonaga: The game g is kept: nonaga --join g, or Resume in the lobby."
check "the server logs a quit, not a lost connection" poll 5 logged "quits"
check "... never 'Broken pipe'" sh -c "! grep -q 'Broken pipe' '$LOG'"
launch l
see l "Play online"
to_lobby l
check "the lobby names the free seat: Blue" see l "Resume g: you play Blue against $me, move 1"
check "... and not Red, which the first terminal holds" lacks l "Resume g: you play Red"
# choose it: the entries are Play now, Host, then the game to resume
press l Down Down
see l "▸ Resume g: you play Blue"
press l Enter
check "Resume as Blue seats the player as Blue" see l "Red to move ($me)"
check "... its header marks Blue as you" poll 5 blue_is_you l
check "Red is told Blue is back" see a "is back."
# a third terminal: both seats held elsewhere
launch w
see w "Play online"
to_lobby w
check "a third terminal is offered Watch" see w "Watch g: $me against $me"
check "... and no Resume" lacks w "Resume g:"

# --- both screens agree on the clocks from the start: Red's runs from
# Blue's arrival, not from the hosting (3 s before).  Each reading of Red's
# clock is taken between two times (ms): since Blue was launched, it may
# have run no more than the time since (and a second for the rounding);
# from the hosting it would have run 3 s more.  Two readings show it
# running at the pace of that time, however slow the machine.
now_ms() { date +%s%3N; }
secs() { echo "$1" | awk -F: '{ print $1 * 60 + $2 }'; }
launch a --host k --as red --clock 3+2
see a "Waiting for an opponent to join k"
sleep 3
t0=$(now_ms)
launch b --join k
see b "Red to move ($me)"
# the clocks of a header: "M:SS M:SS"
clocks() { header "$1" | grep -oE '[0-9]+:[0-9]{2}' | tr '\n' ' '; }
agree() { seen=a; ca=$(clocks a); [ -n "$ca" ] && [ "$ca" = "$(clocks b)" ]; }
check "both screens show the same clocks" poll 5 agree
# read_red: Red's clock in s ($red) on a's screen, read between $ta and $tb
read_red() { seen=a; ta=$(now_ms); set -- $(clocks a); tb=$(now_ms); red=$(secs "$1"); blue=$2; }
read_red
r1=$red t1a=$ta t1b=$tb
want "... Blue's clock waits at 3:00" "$blue" 3:00
check "... Red's not charged for the wait before Blue came ($((180 - r1)) s run after $((t1b - t0)) ms)" \
	test $(((180 - r1) * 1000)) -le $((t1b - t0 + 1000))
ticked() { read_red; [ "$red" -le $((r1 - 2)) ]; }
check "Red's clock runs" poll 10 ticked
check "... at the pace of time ($((r1 - red)) s in $((ta - t1b)) to $((tb - t1a)) ms)" \
	test $(((r1 - red) * 1000)) -le $((tb - t1a + 1000)) -a \
	     $(((r1 - red) * 1000)) -ge $((ta - t1b - 1000))

kill "$server" 2>/dev/null
wait "$server"
st=$?
check "the server stops cleanly at TERM ($st)" test "$st" -eq 0
check "no sanitizer report from the server" sh -c "! grep -qE 'Sanitizer|runtime error' '$LOG'"
T kill-server 2>/dev/null
finish
