#!/bin/sh
# tui_door_test.sh - the SSH door's screens without sshd: nonaga --door in
# tmux with $SSH_USER_AUTH as sshd gives it, against a server whose
# --gateway is this account (test/door_test.sh has the real sshd).  A
# terminal this host does not know is drawn as one it does, and the
# lobby says so.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_door
D=$TMUX_DIR
if ! command -v ssh-keygen >/dev/null 2>&1; then
	echo "tui_door: skipped: there is no ssh-keygen"
	for s in a b c e r; do
	if scr $s | grep -qE 'Sanitizer|runtime error'; then no "sanitizer report in $s"; fi
done
[ -n "$KEEP" ] && { echo "$D"; sleep 1000; }
finish
fi
S=$D/s.sock
# two players rated before (the snapshot of the ratings' table)
mkdir -m 700 "$D/srv"
printf 'seq 0\nBruno7 1338.00 290.00 0.06 1\nZoe7 1662.00 290.00 0.06 1\n' > "$D/srv/ratings"
"$NONAGA" --serve --gateway "$(id -un)" --listen "unix:$S" --state "$D/srv" \
	2>>"$D/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; tmux_cleanup' EXIT
poll 10 test -S "$S"
mkdir "$D/keys"
for k in 1 2 3; do
	ssh-keygen -q -t ed25519 -N '' -C "k$k" -f "$D/keys/k$k"
	echo "publickey $(cut -d' ' -f1,2 "$D/keys/k$k.pub")" > "$D/keys/auth$k"
done
clients_init "unix:$S"
# door NAME KEY [VAR=VALUE...]: the door for that key in the session NAME
# (80x24, English, as sshd runs it: $SSH_ORIGINAL_COMMAND from $cmd, the
# server's socket $srv)
door() {
	name=$1 key=$2; shift 2
	rm -f "$D/$name.status"
	# (the pane's shell outlives the door, as sshd does, to keep its
	# status; a moment more, so that tmux reads all it wrote)
	cat > "$D/$name.sh" <<EOS
trap : INT QUIT
env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	SSH_USER_AUTH="$D/keys/auth$key" SSH_CONNECTION="127.0.0.1 5000 127.0.0.1 22" \\
	SSH_ORIGINAL_COMMAND="$cmd" $* \\
	"$NONAGA" --door --server "unix:$srv" $dargs
echo \$? > "$D/$name.status"
sleep 0.2
EOS
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $D/$name.sh"
}
cmd= srv=$S
lacks() { ! scr "$1" | grep -qF -- "$2"; }
status_of() { cat "$D/$1.status" 2>/dev/null; }

# --- a terminal this host's terminfo lacks is drawn as xterm-256color
door a 1 TERM=xterm-nosuch
check "a new key is asked for a name" see a "Name:" 20
press a Alba7 Enter
check "the unknown terminal is drawn: the lobby" see a "Online as Alba7" 20
check "... and says how it is drawn" \
	see a "Terminal xterm-nosuch is unknown here: drawn as xterm-256color."
# --- x (export) at the door: not available, said so
# (a key that comes while the screen is still being set up is not taken:
# the first is tried again when unanswered)
press a Down
check "Host a new game, under Play now" \
	eval 'see a "▸ Host a new game" 5 || { press a Down; see a "▸ Host a new game"; }'
press a Enter
check "Host a new game asks for the game's name" see a "Name of the game: Alba7-1"
press a Enter
check "... then for a clock" see a "No clock"
press a Enter
check "Alba7 waits for an opponent" see a "Waiting for an opponent to join Alba7-1"
press a x
check "x: exporting is not available at the door" \
	see a "Exporting to a file is not available at the SSH door."
check "... and no 'Cannot save'" lacks a "Cannot save"
press a m
check "m asks to leave" see a "Leave the game?"
press a y
check "y: back to the lobby" see a "Online as Alba7"

# --- the ratings table, as nonaga --ratings prints it, in the lobby
down_to() { shows "$1" "$2" || { press "$1" Down; false; }; }
check "the lobby offers the ratings table" poll 10 down_to a "▸ Ratings"
press a Enter
check "... which shows it, with its heading" \
	see a "player                            rating  deviation  games"
want "... the best first, each row as --ratings prints it" \
	"$(scr a | grep -E '^ (Zoe7|Bruno7) ')" \
	" Zoe7                                1662        290      1
 Bruno7                              1338        290      1"
press a Escape
check "Esc: back to the lobby" see a "Online as Alba7"

# the language chosen is the player's, kept by the server
press a Escape
check "Esc: the guest's title menu" see a "Play online"
press a BTab BTab
check "Shift-Tab twice: Language" see a "▸ Language"
japanese() { shows a "オンライン対戦" || { press a Right; false; }; }
check "language: Japanese" poll 10 japanese
press a q
check "q ends the session" poll 10 dead a

# --- ssh -t ... code speaks the player's language
cmd=code door e 1
check "the one-time code is said in the player's language" \
	see e "別の SSH 鍵で Alba7 として遊ぶには" 20
check "... with the code" shows e "  code "
cmd=

# --- ssh -t ... ratings: the table, as nonaga --ratings prints it
cmd=ratings door r 1
check "ssh -t ... ratings prints the ratings table" \
	see r "player                            rating  deviation  games" 20
want "... its rows" "$(scr r | grep -E '^(Zoe7|Bruno7) ')" \
	"Zoe7                                1662        290      1
Bruno7                              1338        290      1"
cmd=

# --- Ctrl-C or Ctrl-\ at the name prompt: said, status 1, nothing kept
for k in C-c 'C-\'; do
	door b 2
	check "a new key is asked for a name ($k)" see b "Name:" 20
	press b "$k"
	check "$k at the name prompt ends the visit" poll 10 dead b
	want "... with a word" "$(scr b | grep -c 'nonaga: no name was chosen; come back when you have one in mind')" 1
	want "... and status 1 (ssh then exits 1, not 255)" "$(status_of b)" 1
done
fpr() { ssh-keygen -lf "$D/keys/$1.pub" | cut -d' ' -f2; }
want "... and nothing is kept for the key" "$(grep -c "$(fpr k2)" "$D/srv/door-players")" 0

# --- a server that does not run: the visitor is told to come back later
srv=$D/none.sock door c 1
check "no server: the visitor is told so" \
	see c "nonaga: the game server is not running; try again later" 20
check "... without the socket's address" lacks c "none.sock"
srv=$S

# --- the door's own searches run on one thread, even when the door's
# command says --threads 4: a puzzle's hint (the top level, about 1 s) is
# watched in the game's threads (/proc/PID/task: the game and its search
# thread, no helpers)
dargs="--threads 4" door t 3
dargs=
check "a new key is asked for a name (t)" see t "Name:" 20
press t Cato7 Enter
check "the lobby" see t "Online as Cato7" 20
press t Escape
check "Esc: the guest's title menu" see t "Play online"
check "... down to the puzzles" poll 10 down_to t "▸ Puzzles"
press t Enter
check "a puzzle" see t "Puzzle 1"
pane=$(T display-message -p -t "=t:" '#{pane_pid}')
game=$(pgrep -P "$(pgrep -P "$pane" | head -n 1)" | head -n 1)
most=0
threads() {
	n=$(ls "/proc/$game/task" 2>/dev/null | wc -l)
	[ "$n" -gt "$most" ] && most=$n
	shows t "Hint: "
}
press t t
check "t: a hint is found (the game's threads watched meanwhile)" poll 20 threads
want "... on one search thread: the game's threads at most 2 (its own and the search's)" \
	"$most" 2

for s in a b c e r t; do
	if scr $s | grep -qE 'Sanitizer|runtime error'; then no "sanitizer report in $s"; fi
done
[ -n "$KEEP" ] && { echo "$D"; sleep 1000; }
finish
