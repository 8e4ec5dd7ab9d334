#!/bin/sh
# server_fail_test.sh - a server that cannot start says why in one line
# (standard error: nothing else but the log's stamped lines) and exits
# with status 1, never a crash (nonaga(6), EXIT STATUS): a bad key file,
# a read-only state directory, a full one (both as root, on a tmpfs of
# the test's own; skipped with the reason otherwise), an address that
# does not resolve or is taken, a state directory another server uses.
# A start that fails at its address has touched nothing in the state
# directory but its lock, and a full disk loses no game: once there is
# room again, the game is there.  Two clients started at once on a fresh
# runtime directory both start a server: one serves, the other says
# which server uses the state directory, and both clients reach the one.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness server_fail
tmp=$(mktemp -d /tmp/nonaga-server-fail-test-XXXXXX) || exit 1
pids="" mnt=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for m in $mnt; do umount "$m" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
me=$(id -un)

# serve ARGS...: start a server in the background (its log: $tmp/log.N),
# wait until it serves; $spid, $slog, $sport (a TCP port, if any).
n=0
serve() {
	n=$((n + 1)); slog=$tmp/log.$n; : >"$slog"
	"$NONAGA" --serve "$@" 2>"$slog" &
	spid=$!; pids="$pids $spid"; sport=""
	for i in $(seq 200); do
		grep -q ' serving ' "$slog" && break
		kill -0 "$spid" 2>/dev/null || break
		sleep 0.05
	done
	sport=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$slog")
	grep -q ' serving ' "$slog"
}
stop() { kill "$1" 2>/dev/null; wait "$1" 2>/dev/null; }

# fails DESC WANT ARGS...: the server exits with status 1 and the one
# line of standard error that is not the log's (stamped) is WANT, which
# may end in * (then the rest of the line is free).
fails() {
	desc=$1 want=$2; shift 2
	timeout 60 "$NONAGA" --serve "$@" 2>"$tmp/err" </dev/null; s=$?
	said=$(grep -v '^[0-9-]*T[0-9:]*Z nonaga: ' "$tmp/err")
	lines=$(grep -vc '^[0-9-]*T[0-9:]*Z nonaga: ' "$tmp/err")
	want "$desc: the status" "$s" 1
	case $said in
	$want) if [ "$lines" = 1 ]; then ok; else no "$desc: more than one line: [$said]"; fi ;;
	*) no "$desc: said [$said], not [$want]" ;;
	esac
	if grep -q ' stopping: ' "$tmp/err"; then no "$desc: says it is stopping, as if it had run"; else ok; fi
}

# client CMDS SOCKET: the lines of `nonaga --client' at the socket
client() { printf '%s\n' "$1" | "$NONAGA" --client --server "unix:$2" 2>&1; }

# --- a bad key file
mkdir -m 700 "$tmp/k"; printf 'xyz\n' >"$tmp/k/key"; chmod 600 "$tmp/k/key"
fails "a bad key file" \
	"nonaga: refusing the key file $tmp/k/key: it must be 32 hex digits, yours, mode 0600 (remove it to make a new one)" \
	--listen "unix:$tmp/k.sock" --state "$tmp/k"
if [ ! -e "$tmp/k.sock" ]; then ok; else no "the socket of a failed start is left behind"; fi

# --- an address that does not resolve, one that is taken: nothing in
# the state directory but its lock
fails "an unknown host" "nonaga: cannot resolve nosuch.invalid: *" \
	--listen nosuch.invalid:5000 --state "$tmp/a1"
want "an unknown host: the state directory" "$(ls -A "$tmp/a1" | tr '\n' ' ')" "lock "
serve --listen 127.0.0.1:0 --state "$tmp/a2" || no "a TCP server: $(cat "$slog")"
tcp=$spid
fails "a port in use" "nonaga: cannot listen at 127.0.0.1:$sport: Address already in use" \
	--listen "127.0.0.1:$sport" --state "$tmp/a3"
want "a port in use: the state directory" "$(ls -A "$tmp/a3" | tr '\n' ' ')" "lock "

# --- the state directory of another server (same address or another)
fails "a state directory in use" "nonaga: another server (pid $tcp) uses $tmp/a2" \
	--listen "unix:$tmp/a2.sock" --state "$tmp/a2"
if [ ! -e "$tmp/a2.sock" ]; then ok; else no "the second server listened"; fi
fails "in use, at the same address" "nonaga: another server (pid $tcp) uses $tmp/a2" \
	--listen "127.0.0.1:$sport" --state "$tmp/a2"
stop "$tcp"
serve --listen "unix:$tmp/a2.sock" --state "$tmp/a2" &&
	want "the lock goes with its server: a new one starts, its pid in the lock" \
		"$(cat "$tmp/a2/lock")" "$spid"
stop "$spid"

# --- read-only and full state directories (root: a tmpfs of our own)
if [ "$(id -u)" != 0 ]; then
	echo "server_fail: skipped the read-only and full state directories: not root" >&2
elif ! mkdir "$tmp/fs" || ! mount -t tmpfs -o size=512k,mode=700 tmpfs "$tmp/fs"; then
	echo "server_fail: skipped the read-only and full state directories: cannot mount a tmpfs" >&2
else
	mnt=$tmp/fs
	st=$tmp/fs/st
	serve --listen "unix:$tmp/f.sock" --state "$st" || no "a server on the tmpfs: $(cat "$slog")"
	out=$(client "host f1 red" "$tmp/f.sock")
	case $out in *"ok seat red "*) ok ;; *) no "host f1: [$out]" ;; esac
	stop "$spid"
	mount -o remount,ro "$mnt"
	fails "a read-only state directory" \
		"nonaga: cannot lock the state directory $st: Read-only file system" \
		--listen "unix:$tmp/f.sock" --state "$st"
	fails "a read-only place for a new one" \
		"nonaga: cannot use the state directory $tmp/fs/new: Read-only file system" \
		--listen "unix:$tmp/f.sock" --state "$tmp/fs/new"
	mount -o remount,rw "$mnt"
	dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
	fails "a full state directory" \
		"nonaga: cannot write the state directory $st: No space left on device" \
		--listen "unix:$tmp/f.sock" --state "$st"
	rm -f "$mnt/fill"
	serve --listen "unix:$tmp/f.sock" --state "$st" || no "room again: $(cat "$slog")"
	out=$(client games "$tmp/f.sock")
	case $out in *"game f1 standard none $me - 0 open ratings=-:-"*) ok ;;
	*) no "room again: f1 is not there: [$out]" ;; esac
	stop "$spid"
fi

# --- two clients at once, no server yet: one server serves them both
mkdir -m 700 "$tmp/rt"
run() { env XDG_RUNTIME_DIR="$tmp/rt" XDG_STATE_HOME="$tmp/st" LANG=C.UTF-8 "$NONAGA" "$@"; }
printf 'ping\n' | run --client >"$tmp/c1" 2>&1 &
c1=$!
printf 'ping\n' | run --client >"$tmp/c2" 2>&1 &
c2=$!
wait "$c1"; s1=$?
wait "$c2"; s2=$?
slog=$tmp/rt/nonaga/server.log
winner=$(sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p' "$slog")
pids="$pids $winner"
want "the first client" "$s1 $(grep -c '^ok pong$' "$tmp/c1")" "0 1"
want "the second client" "$s2 $(grep -c '^ok pong$' "$tmp/c2")" "0 1"
want "one server serves" "$(grep -c ' serving ' "$slog")" 1
# a second server, if both started one, says whose the directory is
other=$(grep -v '^[0-9-]*T[0-9:]*Z nonaga: ' "$slog")
case $other in
"") ok ;;
"nonaga: another server (pid $winner) uses $tmp/st/nonaga/server") ok ;;
*) no "the second server said [$other]" ;;
esac
kill "$winner" 2>/dev/null
finish
