#!/bin/sh
# door_test.sh - the SSH door (nonaga(6), THE SSH DOOR).  Always: the keys
# --door-keys prints back or refuses, --door without a terminal, make
# install-door into a DESTDIR.  With /usr/sbin/sshd, as root: a real sshd
# on 127.0.0.1 at a free port with a private config made from
# contrib/nonaga-door.conf and an account of its own; two fresh keys in
# two tmux sessions choose names, meet in the lobby and play a move each;
# the first key again after a restart of the server is its player without
# asking; the language it chooses is the player's, kept by the server, and
# its next session opens in it; commands (ssh ... id, sh -c id) run no shell; a fourth key may
# not take a taken name; a second key joins a player with a one-time code;
# ssh -t ... watch GAME watches; nobody but the door's account may say who
# a player is.  The name rules themselves (logins, case twins, codes, the
# names of accounts and TCP players) run without root or sshd in
# test/identity_test.c, through --gateway on a Unix socket.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init door
D=$TMUX_DIR
chmod 755 "$D"

# --- --door-keys: sshd's AuthorizedKeysCommand
if command -v ssh-keygen >/dev/null 2>&1; then
	mkdir "$D/keys"
	for k in 1 2 3 4 5; do ssh-keygen -q -t ed25519 -N '' -C "k$k" -f "$D/keys/k$k"; done
	set -- $(cat "$D/keys/k1.pub")
	want "a valid key is printed back, restricted to a terminal" \
		"$("$NONAGA" --door-keys "$1" "$2")" "restrict,pty $1 $2"
	out=$("$NONAGA" --door-keys ssh-rsa "$2" 2>&1); st=$?
	want "a key of another type than it says: status" "$st" 1
	want "... and nothing printed but why" "$out" \
		"nonaga: --door-keys: not an SSH public key the door accepts"
	want "damaged base64 is refused" "$("$NONAGA" --door-keys "$1" "${2}x" 2>/dev/null; echo $?)" 1
fi

# --- --door without a terminal (ssh without -t, or a command) runs nothing
out=$("$NONAGA" --door </dev/null 2>&1); st=$?
want "--door without a terminal: status" "$st" 1
want "... and why" "$out" "nonaga: the door is played on a terminal: connect with ssh -t"

# --- make install-door into a DESTDIR
R=$D/root
mkdir -p "$R/etc/ssh"
echo "Port 22" > "$R/etc/ssh/sshd_config"
out=$(env -u MAKEFLAGS -u MAKELEVEL make -s install-door DESTDIR="$R" 2>&1)
check "install-door refuses an sshd_config without sshd_config.d" \
	test ! -e "$R/etc/ssh/sshd_config.d/nonaga-door.conf"
case $out in
*"add this line at its top"*"Include /etc/ssh/sshd_config.d/*.conf"*) ok ;;
*) no "install-door says what to add: $out" ;;
esac
printf 'Include /etc/ssh/sshd_config.d/*.conf\nPort 22\n' > "$R/etc/ssh/sshd_config"
env -u MAKEFLAGS -u MAKELEVEL make -s install-door DESTDIR="$R" DOOR_USER=guest BINDIR=/opt/bin >/dev/null 2>&1
f=$R/etc/ssh/sshd_config.d/nonaga-door.conf
want "the drop-in is for the door's account" "$(grep '^Match User' "$f" 2>&1)" "Match User guest"
want "... runs only the door" "$(grep ForceCommand "$f" 2>&1 | tr -s '\t ' ' ')" \
	" ForceCommand /opt/bin/nonaga --door --server unix:/run/nonaga/server.sock"
want "... takes keys from --door-keys" "$(grep 'AuthorizedKeysCommand ' "$f" 2>&1 | tr -s '\t ' ' ')" \
	" AuthorizedKeysCommand /opt/bin/nonaga --door-keys %t %k"
env -u MAKEFLAGS -u MAKELEVEL make -s uninstall-door DESTDIR="$R" DOOR_USER=guest >/dev/null 2>&1
check "uninstall-door removes it" test ! -e "$f"

# --- a real sshd
skip=
[ -x /usr/sbin/sshd ] || skip="there is no /usr/sbin/sshd (openssh-server)"
[ -z "$skip" ] && ! command -v ssh-keygen >/dev/null 2>&1 && skip="there is no ssh-keygen"
[ -z "$skip" ] && [ "$(id -u)" != 0 ] && skip="sshd and a test account need root"
[ -z "$skip" ] && ! command -v useradd >/dev/null 2>&1 && skip="there is no useradd"
if [ -n "$skip" ]; then
	skip "the part with sshd: $skip"
	finish
fi

U=nonaga-door-$$   # its own for each run: runs may overlap
S=$D/s.sock
userdel "$U" 2>/dev/null
useradd --system --no-create-home --home-dir / --shell /bin/sh -p '*' "$U"
# sshd runs the AuthorizedKeysCommand only from directories that root
# alone may write, and the door's account must reach the program (the
# tree may be under a directory only root enters): a copy in one of ours
# under /run, with the catalogs beside it as build/ has them
B=$(mktemp -d /run/nonaga-door-test.XXXXXX)
chmod 755 "$B"
cp "$NONAGA" "$B/nonaga"
[ -d "$(dirname "$NONAGA")/locale" ] && cp -R "$(dirname "$NONAGA")/locale" "$B/locale"
chmod -R a+rX "$B"
server= sshd=
# (the account goes once the sessions' processes are gone: userdel
# refuses an account that still runs one)
unused() { ! ps -u "$U" >/dev/null 2>&1; }
door_cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null
	[ -n "$sshd" ] && kill "$sshd" 2>/dev/null
	poll 10 unused
	userdel "$U" 2>/dev/null || userdel -f "$U" 2>/dev/null ||
		echo "door: cannot remove the account $U" >&2
	rm -rf "$B"
}
trap 'door_cleanup; tmux_cleanup' EXIT

server_up() {
	"$NONAGA" --serve --gateway "$U" --listen "unix:$S" --state "$D/srv" \
		2>>"$D/stderr" &
	server=$!
	poll 10 test -S "$S"
}
server_up

mkdir -p /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$D/hostkey"
port=$((20000 + $$ % 20000))
sshd_up() {
	{
		printf 'Port %s\nListenAddress 127.0.0.1\nHostKey %s\nPidFile %s\n' \
			"$port" "$D/hostkey" "$D/sshd.pid"
		printf 'UsePAM no\nStrictModes no\nAuthorizedKeysFile none\n'
		printf 'PasswordAuthentication no\nKbdInteractiveAuthentication no\n'
		printf 'PermitRootLogin no\nLogLevel VERBOSE\n'
		# (as Debian's sshd_config: the guest's locale reaches the door)
		printf 'AcceptEnv LANG LC_*\n'
		sed -e "s|^Match User play\$|Match User $U|" \
		    -e "s|/usr/local/bin/nonaga --door-keys|$B/nonaga --door-keys|" \
		    -e "s|/usr/local/bin/nonaga --door --server unix:/run/nonaga/server.sock|$B/nonaga --door --server unix:$S|" \
		    contrib/nonaga-door.conf
	} > "$D/sshd_config"
	rm -f "$D/sshd.pid"
	/usr/sbin/sshd -f "$D/sshd_config" -E "$D/sshd.log" 2>>"$D/sshd.log"
	poll 5 test -s "$D/sshd.pid"
}
tries=0
until sshd_up; do
	tries=$((tries + 1))
	[ $tries -ge 20 ] && break
	port=$((port + 7))
done
sshd=$(cat "$D/sshd.pid" 2>/dev/null)
check "sshd runs with the contrib block (port $port)" test -n "$sshd"

SSH="ssh -F /dev/null -p $port -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
-o BatchMode=yes -o IdentitiesOnly=yes -o LogLevel=ERROR"
# (the sessions are tmux.sh's clients: scr, shows, see, press, dead)
clients_init "unix:$S"
# visit NAME KEY [COMMAND]: ssh -t with that key in the tmux session NAME
# (utf8=1: from a UTF-8 terminal whose ssh sends LANG, as most do)
utf8=
visit() {
	T kill-session -t "=$1" 2>/dev/null
	env=
	[ -n "$utf8" ] && env="env LANG=C.UTF-8 "
	T new-session -d -s "$1" -x 80 -y 24 \
		"$env$SSH -o SendEnv=LANG -t -i $D/keys/$2 $U@127.0.0.1 $3"
}
fpr() { ssh-keygen -lf "$D/keys/$1.pub" | cut -d' ' -f2; }

# --- two new keys choose names and meet in the lobby
visit a k1
check "a new key is asked for a name" see a "Name:" 20
press a Alba7 Enter
check "... and comes to the lobby under it" see a "Online as Alba7" 20
visit b k2
check "a second new key is asked too" see b "Name:" 20
press b Alba7 Enter
check "a taken name is refused" see b "That name is taken"
press b root Enter
refusals() { [ "$(scr b | grep -c 'That name is taken')" -ge "$1" ]; }
check "a login of the host is refused" poll 10 refusals 2
press b Bruno7 Enter
check "the second key comes to the lobby as Bruno7" see b "Online as Bruno7" 20
# (among those online: Alba7 was on its screen already, as the name taken)
online_has() { seen=$1; scr "$1" | grep -qE "^ *Online \([0-9]+\): .*$2"; }
check "... and sees Alba7 there" poll 10 online_has b Alba7
want "the server keeps each key's fingerprint with its name" \
	"$(cat "$D/srv/door-players" 2>&1)" "$(fpr k1) Alba7
$(fpr k2) Bruno7"

# --- a game: Alba7 hosts, Bruno7 joins, a move each
press a Down
check "Host a new game, under Play now" see a "▸ Host a new game"
press a Enter
check "Host a new game asks for the game's name" see a "Name of the game: Alba7-1"
press a Enter
check "... then for a clock" see a "No clock"
press a Enter
check "Alba7 waits for an opponent" see a "Waiting for an opponent to join Alba7-1"
check "Bruno7's lobby offers the game" see b "Join Alba7-1: Alba7 waits"
press b Down Down Enter
check "Alba7 sees Bruno7 sit down" see a "Bruno7 sits down to play"
# a key at a time, each once the screen has answered the one before (over
# ssh, a key may come while the screen is still being set up: the game
# takes no key before it is ready, so a step unanswered is tried again)
settled() { s0=$(scr "$1"); sleep 0.3; [ "$s0" = "$(scr "$1")" ]; }
enter4() {
	see "$1" "Choose a token that can move" 20 || return 1
	poll 10 settled "$1"
	for text in "Choose where it slides" "Choose a free disc" \
	            "Choose where the disc goes" "Waiting for"; do
		press "$1" Enter
		see "$1" "$text" 5 || { press "$1" Enter; see "$1" "$text" 10; } || return 1
	done
}
# who plays Red (the host's side is drawn): the one whose screen says so
reds() { shows a "Red to move (you)" || shows b "Red to move (you)"; }
check "one of them is told to play Red" poll 20 reds
red=a blue=b
shows b "Red to move (you)" && red=b blue=a
check "Red plays a move, step by step" enter4 $red
check "Red's move reaches Blue" see $blue "Blue to move (you)"
# a move's text: "Last move: " and more (an empty one would be on any screen)
last_move() { scr "$1" | grep -E '^Last move: [^ ]'; }
last=$(last_move $red)
check "... the same move on both screens ($last)" see $blue "${last:-Last move: ?}"
check "Blue plays a move, step by step" enter4 $blue
check "Blue's move reaches Red" see $red "Red to move (you)"
last=$(last_move $blue)
check "... the same move on both screens ($last)" see $red "${last:-Last move: ?}"

# --- the server again: the first key is known without asking
kill "$server"; wait "$server" 2>/dev/null
server_up
utf8=1
visit c k1
check "a known key comes straight to the lobby by its name" see c "Online as Alba7" 20
lacks() { ! scr "$1" | grep -qE -- "$2"; }
check "... without being asked for a name" lacks c 'Name:'
press c Escape
check "Esc: the guest's title menu" see c "Play online"
# (its Play against the computer is the server's: tui_computer_test)
check "... has no local games" lacks c 'Two players|Past games|Resume'
# the language chosen in a session is the player's, kept by the server
press c BTab BTab
check "Shift-Tab twice: Language" see c "▸ Language"
japanese() { shows c "オンライン対戦" || { press c Right; false; }; }
check "language: Japanese" poll 10 japanese
press c q
check "q ends the session" poll 10 dead c
want "the server keeps Alba7's language" \
	"$(grep '^Alba7 setting language=' "$D/srv/players" 2>&1)" "Alba7 setting language=ja"
visit c k1
check "the next session of the key opens in Japanese" see c "Alba7 としてオンライン" 20
press c Escape
check "... its title menu too" see c "オンライン対戦"
press c q
check "q ends it" poll 10 dead c
utf8=

# --- no shell: commands are not run
out=$($SSH -i "$D/keys/k1" "$U@127.0.0.1" id 2>&1 </dev/null)
case $out in
*uid=*) no "ssh ... id printed shell output: $out" ;;
*"played on a terminal"*) ok ;;
*) no "ssh ... id: the door did not answer: $out" ;;
esac
out=$($SSH -i "$D/keys/k1" "$U@127.0.0.1" sh -c id 2>&1 </dev/null)
case $out in
*uid=*) no "ssh ... sh -c id printed shell output: $out" ;;
*"played on a terminal"*) ok ;;
*) no "ssh ... sh -c id: the door did not answer: $out" ;;
esac

# --- a fourth key may not take a name that differs only in case
visit d k4
check "a fourth key is asked for a name" see d "Name:" 20
press d bruno7 Enter
check "a name differing from a taken one only in case is refused" see d "That name is taken"
press d C-c
want "... and nothing is kept for it" "$(grep -c "$(fpr k4)" "$D/srv/door-players")" 0

# --- a second key for Alba7, by a one-time code
visit e k1 code
check "ssh -t ... code shows a one-time code" see e "  code " 20
code=$(scr e | sed -n 's/^  code \([0-9a-f]*\).*/\1/p')
visit f k5
check "the new key is asked for a name" see f "Name:" 20
press f "code $code" Enter
check "... and with the code it is Alba7, in Alba7's language" \
	see f "Alba7 としてオンライン" 20
want "the new key is kept as Alba7's" "$(grep -c "^$(fpr k5) Alba7\$" "$D/srv/door-players")" 1

# --- ssh -t ... watch GAME: the one command the door takes
visit g k3 "watch Alba7-1"
check "a new key watching is asked for a name first" see g "Name:" 20
press g Cara7 Enter
check "... then watches the game named" see g "Watching." 20
check "... the game of Alba7 and Bruno7" see g "online Alba7-1"

# --- nobody but the door's account says who a player is
out=$( (printf 'as %s - name Mallory\n' "$(fpr k3)"; sleep 1) |
	"$NONAGA" --client --server "unix:$S" 2>&1)
case $out in
*"error not-gateway"*) ok ;;
*) no "another account's 'as' is refused: $out" ;;
esac
want "... and nothing is kept for it" "$(grep -c Mallory "$D/srv/door-players")" 0
for s in a b f g; do
	if scr $s | grep -qE 'Sanitizer|runtime error'; then no "sanitizer report in $s"; fi
done
finish
