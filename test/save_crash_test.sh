#!/bin/sh
# save_crash_test.sh - the save survives being killed at any instant.
# test/savetool loop resumes the saved game and plays on, saving after
# every move as fast as it can; it is killed with SIGKILL after a random
# time, SAVE_CRASH_RUNS times (200 by default, 50 in the sanitizer pass,
# which adds little to a test of the file system).  After each kill the save
# must load, and be the state last logged before the kill or the one
# logged before that (old or new, never torn, never older); no file may
# be moved aside and no temporary file may be left but the one that was
# in flight.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness save_crash
if [ "${NONAGA_VARIANT:-plain}" = asan ]; then tool=build/asan/test/savetool; else tool=build/test/savetool; fi
if [ "${NONAGA_VARIANT:-plain}" = asan ]; then runs=${SAVE_CRASH_RUNS:-50}; else runs=${SAVE_CRASH_RUNS:-200}; fi
# On the disk of the build tree, where fsync takes real time (not tmpfs).
mkdir -p build
tmp=$(mktemp -d -p build save-crash.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
dir=$tmp/state log=$tmp/log
mkdir "$dir"

[ -x "$tool" ] || { no "$tool is missing"; finish; }

# Random delays in seconds, from 0.001 to 0.150 (0.300 for the slower
# sanitizer build): early kills hit the start (the load, the first
# save), later ones the loop.
if [ "${NONAGA_VARIANT:-plain}" = asan ]; then most=300; else most=150; fi
# Past $runs kills it goes on (up to four times as many) until one has
# landed in the middle of a save, which is what the test is for: a slow
# machine may give none in 50.
delays=$(awk -v n="$((runs * 4))" -v most="$most" -v seed="$$" 'BEGIN { srand(seed); for (i = 0; i < n; i++) printf "%.3f ", (1 + int(rand() * most)) / 1000 }')

in_flight=0 saves=0 run=0
for delay in $delays; do
	[ "$run" -ge "$runs" ] && [ "$in_flight" -ge 1 ] && break
	run=$((run + 1))
	"$tool" loop "$dir" "$log" 2>>"$tmp/errors" &
	pid=$!
	sleep "$delay"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	# What may be on disk: the last state logged, and the one before it
	# when the last one was not followed by "saved".
	last=$(grep -v '^saved$' "$log" 2>/dev/null | tail -n 1)
	prev=$(grep -v '^saved$' "$log" 2>/dev/null | tail -n 2 | head -n 1)
	done_last=$(tail -n 1 "$log" 2>/dev/null)
	# Files: current.save and at most the temporary one of the killed save.
	others=$(ls -A "$dir" | grep -v -x -e current.save -e current.save.tmp)
	[ -e "$dir/current.save.tmp" ] && in_flight=$((in_flight + 1))
	got=$("$tool" load "$dir" 2>&1)
	status=$?
	state=$(printf '%s\n' "$got" | awk 'NR == 1 && $1 == "ok" { print $2, $3 }')
	if [ -n "$others" ]; then
		no "run $run (${delay}s): stray files: $others"
	elif ! grep -qx saved "$log"; then
		# no save has been completed yet: nothing on disk, or the first
		if [ $status -eq 1 ] || { [ $status -eq 0 ] && [ "$state" = "$last" ]; }; then
			ok
		else
			no "run $run: before the first save: $got"
		fi
	elif [ $status -ne 0 ]; then
		no "run $run (${delay}s): the save does not load: $got"
	elif [ "$state" = "$last" ] || { [ "$done_last" != saved ] && [ "$state" = "$prev" ]; }; then
		ok
	else
		no "run $run (${delay}s): on disk '$state', logged '$prev' then '$last' ($done_last)"
	fi
done
saves=$(grep -c '^saved$' "$log" 2>/dev/null)
# The test proves something only if the kills landed while saving.
if [ "$in_flight" -ge 1 ]; then ok; else no "no kill landed in the middle of a save ($run runs)"; fi
if [ "${saves:-0}" -ge $((runs / 4)) ]; then ok; else no "only ${saves:-0} saves in $runs runs"; fi
if [ ! -s "$tmp/errors" ]; then ok; else no "the saving loop complained: $(head -3 "$tmp/errors")"; fi
echo "save_crash: $run kills, ${saves:-0} saves, $in_flight killed with a save in flight"
finish
