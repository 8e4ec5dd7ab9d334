#!/bin/sh
# client_test.sh - `nonaga --client': with no server at the default
# address it starts one in the background (once: the next client finds
# it), speaks the protocol on stdin/stdout, reaches a TCP server with the
# key from --key-file or NONAGA_KEY and says plainly why it cannot.  What a
# hostile server sends is checked by test/client_safety_test.c.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness client
tmp=$(mktemp -d /tmp/nonaga-client-test-XXXXXX) || exit 1
pids=""
server_pid() { sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p' "$1" | tail -n 1; }
cleanup() {
	for p in $pids $(server_pid "$tmp/rt/nonaga/server.log" 2>/dev/null); do
		kill "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -m 700 "$tmp/rt"
run() { env XDG_RUNTIME_DIR="$tmp/rt" XDG_STATE_HOME="$tmp/st" LANG=C.UTF-8 "$NONAGA" "$@"; }
me=$(id -un)

# --- the default address: started once, then found
out=$(printf 'ping\nhost c1 red\n' | run --client 2>"$tmp/err"); s=$?
first=$(printf '%s\n' "$out" | head -n 2 | tr '\n' '|')
if [ $s -eq 0 ] && [ "$first" = "welcome $me|ok pong|" ]; then ok; else no "first client: $s [$out]"; fi
if grep -q "started a server in the background" "$tmp/err"; then ok; else no "not told of the server: $(cat "$tmp/err")"; fi
if printf '%s\n' "$out" | grep -qE '^ok seat red [0-9a-f]{32}$'; then ok; else no "host c1 red: [$out]"; fi
if [ "$(printf '%s\n' "$out" | tail -n 1)" = "ok bye" ]; then ok; else no "no quit at the end of the input: [$out]"; fi
if [ -S "$tmp/rt/nonaga/server.sock" ] && [ -f "$tmp/rt/nonaga/server.log" ]; then ok; else no "no socket or log in XDG_RUNTIME_DIR/nonaga"; fi
pid=$(server_pid "$tmp/rt/nonaga/server.log")
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then ok; else no "the server does not run on"; fi
out=$(printf 'games\n' | run --client 2>"$tmp/err"); s=$?
case $out in *"game c1 standard none $me - 0 open"*) ok ;; *) no "second client: $s [$out]" ;; esac
if [ ! -s "$tmp/err" ]; then ok; else no "the second client started another server: $(cat "$tmp/err")"; fi
if [ "$(grep -c ' serving ' "$tmp/rt/nonaga/server.log")" = 1 ]; then ok; else no "more than one server started"; fi
kill "$pid"

# --- TCP: the key
"$NONAGA" --serve --listen 127.0.0.1:0 --state "$tmp/st2" 2>"$tmp/log2" &
srv2=$!
pids="$pids $srv2"
port=""
for i in $(seq 100); do
	port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/log2")
	[ -n "$port" ] && grep -q ' serving ' "$tmp/log2" && break
	sleep 0.05
done
if [ -n "$port" ]; then ok; else no "no TCP server"; fi
out=$(printf 'ping\n' | run --client --server "127.0.0.1:$port" --key-file "$tmp/st2/key" 2>&1); s=$?
case "$s $out" in "0 welcome $me"*"ok pong"*) ok ;; *) no "--key-file: $s [$out]" ;; esac
out=$(printf 'ping\n' | NONAGA_KEY=$(cat "$tmp/st2/key") run --client --server "127.0.0.1:$port" 2>&1); s=$?
case "$s $out" in "0 welcome $me"*"ok pong"*) ok ;; *) no "NONAGA_KEY: $s [$out]" ;; esac
out=$(printf 'ping\n' | NONAGA_KEY=0123456789abcdef0123456789abcdef run --client --server "127.0.0.1:$port" 2>&1); s=$?
case "$s $out" in "1 nonaga: the server refused: error key-refused"*) ok ;; *) no "a wrong key: $s [$out]" ;; esac
out=$(run --client --server "127.0.0.1:$port" </dev/null 2>&1); s=$?
case "$s $out" in "1 nonaga: a TCP server needs its key"*) ok ;; *) no "no key: $s [$out]" ;; esac
out=$(NONAGA_KEY=xyz run --client --server "127.0.0.1:$port" </dev/null 2>&1); s=$?
case "$s $out" in "1 nonaga: the key must be 32 hexadecimal digits") ok ;; *) no "a malformed key: $s [$out]" ;; esac
out=$(env NONAGA_KEY=xyz XDG_RUNTIME_DIR="$tmp/rt" XDG_STATE_HOME="$tmp/st" LANG=ja_JP.UTF-8 \
	"$NONAGA" --client --server "127.0.0.1:$port" </dev/null 2>&1); s=$?
case "$s $out" in "1 "*"鍵は 16 進数 32 桁です"*) ok ;; *) no "the reason in Japanese: $s [$out]" ;; esac
out=$(run --client --server unix:"$tmp/none.sock" </dev/null 2>&1); s=$?
case "$s $out" in "1 nonaga: cannot connect to unix:$tmp/none.sock: there is no such socket") ok ;;
	*) no "no server at a given address: $s [$out]" ;; esac
if [ ! -e "$tmp/none.sock" ]; then ok; else no "a server was started at a given address"; fi

# --- the client's connection errors in the player's language (issue 27),
# also a private server's directory that others may use (net.c); the
# server's log stays English
ja() { env XDG_RUNTIME_DIR="$tmp/rt" XDG_STATE_HOME="$tmp/st" LC_ALL= LANGUAGE= \
	LANG=ja_JP.UTF-8 "$NONAGA" "$@" 2>&1 </dev/null; }
out=$(ja --join g --server unix:/nonexistent); s=$?
want "no such socket, in Japanese" "$s $out" \
	"1 nonaga: unix:/nonexistent に接続できません: そのようなソケットはありません"
out=$(run --join g --server unix:/nonexistent 2>&1 </dev/null); s=$?
want "... in English" "$s $out" "1 nonaga: cannot connect to unix:/nonexistent: there is no such socket"
out=$(ja --join g --server 127.0.0.1:99999); s=$?
want "a bad port, in Japanese" "$s $out" "2 nonaga: --server: '127.0.0.1:99999' のポートが不正です (0〜65535)
詳しくは 'nonaga --help' を実行してください。"
out=$(run --join g --server 127.0.0.1:99999 2>&1 </dev/null); s=$?
want "... in English" "$s $out" "2 nonaga: --server: bad port in '127.0.0.1:99999' (0 to 65535)
Try 'nonaga --help' for more information."
out=$(ja --client --server unix:"$tmp/st2/key"); s=$?
want "a file nobody answers at, in Japanese" "$s $out" \
	"1 nonaga: unix:$tmp/st2/key に接続できません: そこで応答するサーバーがありません"
mkdir -p "$tmp/rt3/nonaga" && chmod 755 "$tmp/rt3/nonaga"
out=$(env XDG_RUNTIME_DIR="$tmp/rt3" XDG_STATE_HOME="$tmp/st" LC_ALL= LANGUAGE= \
	LANG=ja_JP.UTF-8 "$NONAGA" --join g 2>&1 </dev/null); s=$?
want "a private directory others may use, in Japanese" "$s $out" \
	"1 nonaga: $tmp/rt3/nonaga はほかのユーザーも使えるので使いません (モード 755。700 でなければなりません)"
out=$(env XDG_RUNTIME_DIR="$tmp/rt3" XDG_STATE_HOME="$tmp/st" LANG=C.UTF-8 "$NONAGA" --join g 2>&1 </dev/null); s=$?
want "... in English" "$s $out" \
	"1 nonaga: refusing $tmp/rt3/nonaga: others may use it (mode 755; it must be 700)"

# --- standard output that cannot be written: said, exit status 1
if [ -w /dev/full ]; then
	err=$(printf 'ping\n' | run --client --server "127.0.0.1:$port" --key-file "$tmp/st2/key" 2>&1 >/dev/full); s=$?
	want "--client >/dev/full" "$s [$err]" "1 [nonaga: write error: No space left on device]"
else
	ok
fi

# --- the server goes away under the client: it says so, exit status 1.
# (The client's input stays open; the server is stopped once the client
# has been answered, and waited for.)
poll() { n=200; while [ $n -gt 0 ]; do "$@" && return 0; sleep 0.05; n=$((n - 1)); done; return 1; }
mkfifo "$tmp/in"
run --client --server "127.0.0.1:$port" --key-file "$tmp/st2/key" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
client=$!
exec 3>"$tmp/in"
printf 'ping\n' >&3
if poll grep -qx 'ok pong' "$tmp/out"; then ok; else no "the client was not answered: [$(cat "$tmp/out")]"; fi
kill "$srv2"
wait "$srv2"
gone() { ! kill -0 "$client" 2>/dev/null; }
if poll gone; then ok; else no "the client did not notice"; kill "$client"; fi
wait "$client"; s=$?
exec 3>&-
want "the server closed the connection" "$s [$(cat "$tmp/err")]" \
	"1 [nonaga: the server closed the connection]"

finish
