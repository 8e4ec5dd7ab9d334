#!/bin/sh
# run.sh - run every test, plainly and under ASan + UBSan, and print the
# total as "N passed, N failed".  Each test prints its own count line
# "name: N passed, N failed" (the shell tests through test/harness.sh); a
# test that crashes or prints no count counts as one failure.
cd "$(dirname "$0")/.." || exit 1
total_pass=0 total_fail=0
log=build/test-log
mkdir -p build; : > "$log"

run() { # run LABEL COMMAND...
	label=$1; shift
	out=$("$@" 2>>"$log"); status=$?
	echo "$out" >> "$log"
	line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	if [ -z "$line" ]; then
		p=0; f=1; echo "FAIL $label (no result, status $status)"
	else
		p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\1/')
		f=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\2/')
		[ "$status" -ne 0 ] && [ "$f" -eq 0 ] && f=1
		if [ "$f" -eq 0 ]; then echo "ok   $label ($p)"; else echo "FAIL $label ($p passed, $f failed)"; fi
	fi
	total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}

for variant in plain asan; do
	if [ $variant = plain ]; then dir=build; else dir=build/asan; fi
	export NONAGA="$dir/nonaga" NONAGA_VARIANT=$variant
	for t in $dir/test/*_test; do
		[ -x "$t" ] && run "$variant $(basename "$t")" "$t"
	done
	for t in test/*_test.sh; do
		[ -f "$t" ] && run "$variant $(basename "$t")" sh "$t"
	done
done
# the threaded search under ThreadSanitizer (Makefile: build/tsan)
[ -x build/tsan/test/threads_test ] && run "tsan threads_test" build/tsan/test/threads_test
echo "(details in $log)"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
