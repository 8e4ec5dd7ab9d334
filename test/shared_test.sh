#!/bin/sh
# shared_test.sh - the host's shared server found with no --server: two
# users' clients (each with a runtime directory of its own, so that their
# private servers differ) meet on the server at the shared socket
# (NONAGA_SHARED_SOCKET: the path built in, /run/nonaga/server.sock, taken
# the same way); --server, NONAGA_SERVER and the settings' server= beat
# it; a shared socket in a directory others may write to is not trusted;
# with no shared server each gets a private one.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness shared
tmp=$(mktemp -d /tmp/nonaga-shared-test-XXXXXX) || exit 1
pids=""
server_pid() { sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p' "$1" | tail -n 1; }
cleanup() {
	for p in $pids $(server_pid "$tmp/rtA/nonaga/server.log" 2>/dev/null) \
	         $(server_pid "$tmp/rtB/nonaga/server.log" 2>/dev/null); do
		kill "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -m 700 "$tmp/rtA" "$tmp/rtB"
mkdir -m 755 "$tmp/run"
me=$(id -un)
SHARED=$tmp/run/server.sock

# serve NAME SOCKET: a server in the background, up when its socket is
serve() {
	"$NONAGA" --serve --listen "unix:$2" --state "$tmp/state-$1" 2>"$tmp/$1.log" &
	pids="$pids $!"
	eval "pid_$1=\$!"
	for i in $(seq 200); do [ -S "$2" ] && return 0; sleep 0.05; done
	no "the server $1 did not start: $(cat "$tmp/$1.log")"
}
# as A|B ARGS...: a client of user A or B (own runtime, state, settings)
as() {
	who=$1; shift
	env XDG_RUNTIME_DIR="$tmp/rt$who" XDG_STATE_HOME="$tmp/st$who" \
		XDG_CONFIG_HOME="$tmp/cf$who" NONAGA_SHARED_SOCKET="$SHARED" LANG=C.UTF-8 \
		"$NONAGA" "$@"
}
open_game() { printf '%s\n' "game $1 standard none $me - 0 open"; }

# --- a shared server answers: both clients meet there, nothing else starts
serve shared "$SHARED"
out=$(printf 'host meet red\n' | as A --client 2>"$tmp/err"); s=$?
case "$s $out" in "0 welcome $me"*"ok seat "*) ok ;; *) no "A hosts on the shared server: $s [$out]" ;; esac
want "A starts no server" "$(cat "$tmp/err")" ""
out=$(printf 'games\n' | as B --client 2>"$tmp/err")
case $out in *"$(open_game meet)"*) ok ;; *) no "B does not see A's game: [$out]" ;; esac
want "B starts no server" "$(cat "$tmp/err")" ""
if [ ! -e "$tmp/rtA/nonaga/server.sock" ] && [ ! -e "$tmp/rtB/nonaga/server.sock" ]; then ok
else no "a private server was started beside the shared one"; fi

# --- given servers beat it: the settings' server=, NONAGA_SERVER, --server
serve other "$tmp/other.sock"
printf 'host elsewhere red\n' | as A --client --server "unix:$tmp/other.sock" >/dev/null 2>&1
mkdir -p "$tmp/cfB/nonaga"
printf 'level=3\nserver=unix:%s\n' "$tmp/other.sock" > "$tmp/cfB/nonaga/settings"
out=$(printf 'games\n' | as B --client 2>&1)
case $out in *"$(open_game elsewhere)"*) ok ;; *) no "server= in the settings: [$out]" ;; esac
case $out in *"$(open_game meet)"*) no "server= in the settings: the shared server used" ;; *) ok ;; esac
rm "$tmp/cfB/nonaga/settings"
out=$(printf 'games\n' | NONAGA_SERVER="unix:$tmp/other.sock" as B --client 2>&1)
case $out in *"$(open_game elsewhere)"*) ok ;; *) no "NONAGA_SERVER: [$out]" ;; esac
out=$(printf 'games\n' | NONAGA_SERVER="unix:$tmp/other.sock" as B --client --server "unix:$SHARED" 2>&1)
case $out in *"$(open_game meet)"*) ok ;; *) no "--server beats NONAGA_SERVER: [$out]" ;; esac
out=$(NONAGA_SERVER="nowhere" as B --client </dev/null 2>&1); s=$?
case "$s $out" in "1 nonaga: NONAGA_SERVER: bad address 'nowhere'"*) ok ;; *) no "a bad NONAGA_SERVER: $s [$out]" ;; esac
# a bad server= makes the settings file not ours: the shared server is used
printf 'server=nowhere\n' > "$tmp/cfB/nonaga/settings"
out=$(printf 'games\n' | as B --client 2>&1)
case $out in *"$(open_game meet)"*) ok ;; *) no "a bad server= setting: [$out]" ;; esac
rm "$tmp/cfB/nonaga/settings"

# --- a shared socket in a directory anyone may write to is not trusted
chmod 777 "$tmp/run"
out=$(printf 'games\n' | as B --client 2>"$tmp/err")
case $out in *"$(open_game meet)"*) no "a shared socket in a 777 directory was used" ;; *) ok ;; esac
case $(cat "$tmp/err") in *"started a server in the background"*) ok ;; *) no "B: no private server: $(cat "$tmp/err")" ;; esac
chmod 755 "$tmp/run"
kill "$(server_pid "$tmp/rtB/nonaga/server.log" 2>/dev/null)" 2>/dev/null

# --- no shared server: each gets a private one, where the other's game is not
kill "$pid_shared"; wait "$pid_shared" 2>/dev/null
out=$(printf 'host mine red\n' | as A --client 2>"$tmp/err"); s=$?
case "$s $out" in "0 welcome $me"*"ok seat "*) ok ;; *) no "A without a shared server: $s [$out]" ;; esac
case $(cat "$tmp/err") in *"started a server in the background"*) ok ;; *) no "A: no private server: $(cat "$tmp/err")" ;; esac
if [ -S "$tmp/rtA/nonaga/server.sock" ]; then ok; else no "A's private socket is missing"; fi
for i in $(seq 100); do [ -S "$tmp/rtB/nonaga/server.sock" ] || break; sleep 0.05; done
out=$(printf 'games\n' | as B --client 2>/dev/null | tr '\n' '|')
want "B's own server has no game" "$out" "welcome $me|ok 0|ok bye|"
finish
