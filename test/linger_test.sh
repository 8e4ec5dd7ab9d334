#!/bin/sh
# linger_test.sh - a private server (the one at the default address, which
# a client starts when none runs) stops by itself once it has been alone
# (no clients, no game in play) for NONAGA_LINGER seconds (default 600),
# exit status 0, its socket gone; a client connected or a game in play
# keeps it; a server given --listen (the host's shared one) and
# NONAGA_LINGER=0 never stop by themselves; a bad NONAGA_LINGER is refused.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness linger
tmp=$(mktemp -d /tmp/nonaga-linger-test-XXXXXX) || exit 1
pids=""
cleanup() { for p in $pids; do kill "$p" 2>/dev/null; done; [ -n "$KEEP" ] || rm -rf "$tmp"; }
trap cleanup EXIT
me=$(id -un)

# private NAME [ARG...]: a server at the default address of the runtime
# directory rt-NAME, its state in st-NAME, in the background (pid in $pid)
private() {
	n=$1; shift
	mkdir -m 700 -p "$tmp/rt-$n"
	XDG_RUNTIME_DIR="$tmp/rt-$n" "$NONAGA" --serve --state "$tmp/st-$n" "$@" \
		2>"$tmp/$n.log" &
	pid=$!
	pids="$pids $pid"
}
up() { for i in $(seq 200); do [ -S "$1" ] && return 0; sleep 0.05; done; return 1; }
# stopped NAME: the server whose log is NAME.log stops, alone (its
# word said; a pid may be a zombie, and waiting must not hang)
stopped() { grep -q 'alone for [0-9]* s (no clients, no game in play): stopping' "$tmp/$1.log"; }
running() { [ -S "$1" ] && ! grep -q 'stopping' "$2"; }
# poll SECONDS CMD...
poll() { t=$(($1 * 20)); shift; while [ $t -gt 0 ]; do "$@" && return 0; sleep 0.05; t=$((t - 1)); done; return 1; }

# --- alone from the start: it stops after its time, status 0, socket
# gone; a --listen server and a private one with NONAGA_LINGER=0, up
# before it (alone longer), are still there when it has gone
NONAGA_LINGER=1 "$NONAGA" --serve --listen "unix:$tmp/shared.sock" --state "$tmp/st-s" \
	2>"$tmp/s.log" &
pids="$pids $!"
NONAGA_LINGER=0 private z
up "$tmp/shared.sock" || no "the --listen server did not start: $(cat "$tmp/s.log")"
up "$tmp/rt-z/nonaga/server.sock" || no "the NONAGA_LINGER=0 server did not start"
NONAGA_LINGER=1 private a
p_a=$pid
up "$tmp/rt-a/nonaga/server.sock" || no "the private server did not start: $(cat "$tmp/a.log")"
if poll 15 stopped a; then
	ok
	wait "$p_a"
	want "... its exit status" $? 0
else
	no "a private server alone for 1 s did not stop"
fi
if [ ! -e "$tmp/rt-a/nonaga/server.sock" ]; then ok; else no "its socket was left behind"; fi
want "... its log says why" "$(grep -c 'alone for 1 s (no clients, no game in play): stopping' "$tmp/a.log")" 1
want "... and said at its start when it would stop" \
	"$(grep -c 'a private server: it stops when alone (no clients, no game in play) for 1 s' "$tmp/a.log")" 1
if running "$tmp/shared.sock" "$tmp/s.log"; then ok; else no "the --listen server stopped by itself: $(cat "$tmp/s.log")"; fi
want "... and says nothing of stopping when alone" "$(grep -c 'stops when alone' "$tmp/s.log")" 0
if running "$tmp/rt-z/nonaga/server.sock" "$tmp/z.log"; then ok; else no "NONAGA_LINGER=0: the server stopped: $(cat "$tmp/z.log")"; fi
want "... and says nothing of stopping when alone" "$(grep -c 'stops when alone' "$tmp/z.log")" 0

# --- a client connected keeps it: alive when the client leaves after 3 s
NONAGA_LINGER=1 private c
p_c=$pid
up "$tmp/rt-c/nonaga/server.sock" || no "the private server c did not start"
(printf 'games\n'; sleep 3) |
	XDG_RUNTIME_DIR="$tmp/rt-c" "$NONAGA" --client >"$tmp/c.out" 2>&1
if running "$tmp/rt-c/nonaga/server.sock" "$tmp/c.log"; then ok
else no "a private server with a client stopped: $(cat "$tmp/c.log")"; fi
if poll 15 stopped c; then
	ok
	wait "$p_c"
	want "... status 0" $? 0
else
	no "... and did not stop once the client left"
fi

# --- a game in play keeps it: an open challenge whose host left lives
# --grace seconds (with a clock); the server stops only after it was cancelled
NONAGA_LINGER=1 private g --grace 2
up "$tmp/rt-g/nonaga/server.sock" || no "the private server g did not start"
out=$(printf 'host g1 red standard clock 5+0\n' | XDG_RUNTIME_DIR="$tmp/rt-g" "$NONAGA" --client 2>&1)
case $out in *"ok seat "*) ok ;; *) no "hosting g1: [$out]" ;; esac
if poll 20 stopped g; then ok; else no "the private server g did not stop"; fi
order=$(sed -n 's/.*\(game g1 cancelled\).*/\1/p; s/.*\(alone for 1 s\).*/\1/p' "$tmp/g.log" | tr '\n' ,)
want "the challenge is cancelled first, then the server stops" "$order" "game g1 cancelled,alone for 1 s,"

# --- the private server a client starts lingers as NONAGA_LINGER says
mkdir -m 700 "$tmp/rt-d"
out=$(printf 'games\n' | NONAGA_LINGER=1 XDG_RUNTIME_DIR="$tmp/rt-d" XDG_STATE_HOME="$tmp/st-d" \
	"$NONAGA" --client 2>&1)
case $out in *"started a server in the background"*"welcome $me"*) ok ;; *) no "a client started no server: [$out]" ;; esac
p_d=$(sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p' "$tmp/rt-d/nonaga/server.log")
pids="$pids $p_d"
d_stopped() { grep -q 'alone for [0-9]* s (no clients, no game in play): stopping' "$tmp/rt-d/nonaga/server.log"; }
if poll 15 d_stopped; then ok; else no "the server the client started did not stop: $(cat "$tmp/rt-d/nonaga/server.log")"; fi
want "... alone for the time the client's environment gave it" \
	"$(grep -c 'alone for 1 s (no clients, no game in play): stopping' "$tmp/rt-d/nonaga/server.log")" 1

# --- a bad NONAGA_LINGER: one clear line, status 1, nothing listens
for bad in abc -1 1x ""; do
	mkdir -m 700 -p "$tmp/rt-b"
	out=$(NONAGA_LINGER=$bad XDG_RUNTIME_DIR="$tmp/rt-b" "$NONAGA" --serve --state "$tmp/st-b" 2>&1); s=$?
	want "NONAGA_LINGER=$bad" "$s $out" \
		"1 nonaga: NONAGA_LINGER=$bad is not a number of seconds (0 to 1000000)"
	if [ ! -e "$tmp/rt-b/nonaga/server.sock" ]; then ok; else no "NONAGA_LINGER=$bad: a socket was made"; fi
done

# (under ASan: a stop of its own leaks nothing)
want "no sanitizer report in the servers' logs" \
	"$(cat "$tmp"/*.log "$tmp"/rt-*/nonaga/server.log | grep -cE 'Sanitizer|runtime error')" 0

finish
