#!/bin/sh
# engine_stop_test.sh - `nonaga --engine' keeps reading while it searches:
# `stop' makes the pending genmove answer at once with a legal move (also
# when the stop comes before that search has started), `quit' ends a
# search and the program, other commands wait their turn and are answered
# in order, and absurd limits are refused.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness engine_stop
tmp=$(mktemp -d) || exit 1
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	exec 3>&- 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# open: an engine reading from a pipe we hold open on fd 3
open_engine() {
	rm -f "$tmp/in" "$tmp/out"
	mkfifo "$tmp/in"
	"$NONAGA" --engine < "$tmp/in" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	exec 3> "$tmp/in"
}
send() { printf '%s\n' "$@" >&3; }
# answers N [SECONDS]: wait until N answers (each ends with an empty line)
# have come; 1 when they have, 0 on time-out
answers() {
	n=$1 limit=$(( $(now_ms) + ${2:-10} * 1000 ))
	while [ "$(grep -c '^$' "$tmp/out" 2>/dev/null)" -lt "$n" ]; do
		[ "$(now_ms)" -ge "$limit" ] && return 1
		sleep 0.02
	done
	return 0
}
close_engine() {
	exec 3>&-
	t=0
	while kill -0 "$pid" 2>/dev/null && [ $t -lt 200 ]; do sleep 0.05; t=$((t + 1)); done
	if kill -0 "$pid" 2>/dev/null; then
		no "the engine did not end"; kill "$pid"
	fi
	wait "$pid"; status=$?
	pid=
	return $status
}
# legal MOVE: is MOVE legal in the start position?
legal() { printf 'play %s\n' "$1" | "$NONAGA" --engine | grep -q '^= *$'; }

# --- stop during a ten-minute search: a legal move at once
open_engine
send "genmove movetime 600000"
sleep 0.3
t0=$(now_ms)
send stop
if answers 2 10; then
	t=$(( $(now_ms) - t0 ))
	# generous: a search that ignored the stop would take ten minutes
	if [ $t -lt 5000 ]; then ok; else no "stop took $t ms"; fi
else
	no "no answer to genmove and stop within 10 s"
fi
move=$(sed -n '1s/^= //p' "$tmp/out")
want "genmove answered first, then stop" "$(sed -n '3p' "$tmp/out")" "="
if [ -n "$move" ] && legal "$move"; then ok; else no "stopped genmove gave [$move]"; fi
close_engine || no "exit status $status after stop"

# --- a stop that arrives before its search starts is not lost
open_engine
send "perft 3" "1 genmove movetime 600000" stop
if answers 3 10; then ok; else no "stop before the search started was lost"; fi
want "ids kept" "$(grep -c '^=1 ' "$tmp/out")" 1
close_engine

# --- commands during a search wait and are answered in order
open_engine
send "genmove depth 1" "7 position" "8 name"
answers 3 10 || no "no answers"
want "answers in order" "$(grep -o '^=[0-9]*' "$tmp/out" | tr '\n' ' ')" "= =7 =8 "
close_engine

# --- quit during a search ends it and the program
open_engine
send "genmove movetime 600000"
sleep 0.3
t0=$(now_ms)
send quit
if answers 2 10; then ok; else no "quit did not end the search"; fi
close_engine && ok || no "exit status $status after quit"
want "quit is answered last" "$(tail -n 2 "$tmp/out" | head -n 1)" "="

# --- stop with nothing to stop, and its refusals
out=$(printf 'stop\n4 stop\nstop now\nposition\n' | "$NONAGA" --engine)
want "stop when idle" "$(printf '%s\n' "$out" | sed -n '1p;3p')" "$(printf '=\n=4')"
want "stop takes no argument" "$(printf '%s\n' "$out" | sed -n 5p)" "? too many arguments"
want "known_command stop" "$(printf 'known_command stop\n' | "$NONAGA" --engine | head -n 1)" "= true"

# --- absurd limits are refused, and a refusal changes nothing
out=$(printf 'genmove movetime 3600001\ngenmove nodes 10000000001\ngenmove movetime 86400000\nposition\n' | "$NONAGA" --engine)
want "movetime cap" "$(printf '%s\n' "$out" | sed -n 1p)" "? movetime must be 1 to 3600000 milliseconds (one hour)"
want "nodes cap" "$(printf '%s\n' "$out" | sed -n 3p)" "? nodes must be a number from 1 to 10000000000"
want "old maximum refused" "$(printf '%s\n' "$out" | sed -n 5p)" "? movetime must be 1 to 3600000 milliseconds (one hour)"
start=$(printf 'position\n' | "$NONAGA" --engine | head -n 1)
want "position unchanged" "$(printf '%s\n' "$out" | sed -n 7p)" "$start"

finish
