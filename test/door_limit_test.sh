#!/bin/sh
# door_limit_test.sh - the SSH door's limit of connections from one
# address (--door-per-address, issue 42): a player over it is told so in
# words, before any name is asked, and at the right count; another
# address is not counted, and a place freed is taken again.  Without
# root or sshd: the server's --gateway is this test's own account, and
# each session is `nonaga --door' in tmux with what sshd would give it
# ($SSH_USER_AUTH, $SSH_CONNECTION); test/door_test.sh drives the real
# door through sshd.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init door_limit
if ! command -v ssh-keygen >/dev/null 2>&1; then
	echo "door_limit: skipped: no ssh-keygen"
	finish
fi
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" --gateway "$(id -un)" \
	--door-per-address 2 2>>"$TMUX_DIR/server.log" &
server=$!
poll 10 test -S "$S"
clients_init "unix:$S"

# door NAME KEY ADDR: a door session of the key KEY (made once) from ADDR
door() {
	k=$TMUX_DIR/key-$2
	[ -f "$k" ] || ssh-keygen -q -t ed25519 -N '' -f "$k" >/dev/null
	printf 'publickey %s\n' "$(cut -d' ' -f1-2 "$k.pub")" > "$k.auth"
	cat > "$TMUX_DIR/$1.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	SSH_USER_AUTH="$k.auth" SSH_CONNECTION="$3 50000 127.0.0.1 22" \\
	XDG_STATE_HOME="$TMUX_DIR/state-$1" XDG_CONFIG_HOME="$TMUX_DIR/config-$1" \\
	"$NONAGA" --door --server "unix:$S" 2>&1
EOF
	T kill-session -t "=$1" 2>/dev/null
	T new-session -d -s "$1" -x 80 -y 24 "sh $TMUX_DIR/$1.sh"
}
# name NAME PLAYER: the first visit's name typed, then the lobby
name() {
	see "$1" "Name:" || return 1
	press "$1" "$2" Enter
	see "$1" "Host a new game" 15
}
refused="too many players are connected from your address"
# told NAME TEXT: TEXT was on NAME's terminal, its history and wrapped
# lines included (a door that ended may have scrolled)
told() { seen=$1; T capture-pane -p -J -S - -t "=$1:" | grep -qF -- "$2"; }

door p1 1 10.9.8.7
check "the first player from 10.9.8.7 is asked a name and plays" name p1 pone
door p2 2 10.9.8.7
check "the second from there too (the limit is 2)" name p2 ptwo
door p3 3 10.9.8.7
check "the third from the same address is told why" poll 10 told p3 "$refused"
check "... and the door ends" poll 10 dead p3
check "... before any name is asked" eval '! told p3 "Name:"'
grep -q "too many door connections of SHA256:.* from 10.9.8.7" "$TMUX_DIR/server.log"
check "the server's log says which key and address" test $? = 0
door p4 3 10.9.8.6
check "the same key from another address is not counted with them" name p4 pthree
press p1 q
check "the first player leaves" poll 10 dead p1
door p5 4 10.9.8.7
check "then a new player from 10.9.8.7 has a place again" name p5 pfour

kill "$server"
wait "$server" 2>/dev/null
finish
