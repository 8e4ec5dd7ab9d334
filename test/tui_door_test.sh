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
	finish
fi
S=$D/s.sock
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
# (80x24, English, as sshd runs it: $SSH_ORIGINAL_COMMAND from $cmd)
door() {
	name=$1 key=$2; shift 2
	cat > "$D/$name.sh" <<EOS
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	SSH_USER_AUTH="$D/keys/auth$key" SSH_CONNECTION="127.0.0.1 5000 127.0.0.1 22" \\
	SSH_ORIGINAL_COMMAND="$cmd" $* \\
	"$NONAGA" --door --server "unix:$S" 2>>"$D/stderr-$name"
EOS
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $D/$name.sh"
}
cmd=

# --- a terminal this host's terminfo lacks is drawn as xterm-256color
door a 1 TERM=xterm-nosuch
check "a new key is asked for a name" see a "Name:" 20
press a Alba7 Enter
check "the unknown terminal is drawn: the lobby" see a "Online as Alba7" 20
check "... and says how it is drawn" \
	see a "Terminal xterm-nosuch is unknown here: drawn as xterm-256color."
press a q
check "q ends the session" poll 10 dead a

finish
