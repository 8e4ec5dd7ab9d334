#!/bin/sh
# run.sh - run every test, plainly and under ASan + UBSan, and print the
# total.  Each test prints its own count line "NAME: N passed, M failed"
# (the shell tests through test/harness.sh, the C tests through
# test/tap.h), and a line "NAME: skipped: REASON" for each part it skips.
# A test is
#   ok    all its checks passed, none skipped;
#   skip  its checks passed but it skipped some or all: the reasons are
#         listed before the total;
#   FAIL  a check failed, it exited with a failure, it printed no count
#         line (a crash), or it counted nothing and said no skip (a test
#         that ran no check cannot fail).
# The last line is "N passed, M failed, K skipped" (K the skip lines); the
# status is 0 when nothing failed.  With NONAGA_NO_SKIPS=1 (CI, which
# installs everything the tests need) a skip fails the run.
cd "$(dirname "$0")/.." || exit 1
total_pass=0 total_fail=0 total_skip=0 skipped=
log=build/test-log
mkdir -p build; : > "$log"

run() { # run LABEL COMMAND...
	label=$1; shift
	v=${label%% *}
	out=$("$@" 2>>"$log"); status=$?
	echo "$out" >> "$log"
	line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	# "NAME: skipped: REASON" -> "VARIANT NAME (REASON)", one a line
	skips=$(printf '%s\n' "$out" |
		sed -n "s/^\([^:]*\): skipped: \(.*\)/$v \1 (\2)/p")
	s=0
	[ -n "$skips" ] && s=$(printf '%s\n' "$skips" | wc -l)
	if [ -z "$line" ]; then
		p=0; f=1; echo "FAIL $label (no result, status $status)"
	else
		p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\1/')
		f=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\2/')
		[ "$status" -ne 0 ] && [ "$f" -eq 0 ] && f=1
		if [ "$f" -ne 0 ]; then
			echo "FAIL $label ($p passed, $f failed)"
		elif [ "$s" -gt 0 ]; then
			echo "skip $label ($p passed; skipped: $(printf '%s\n' "$skips" |
				sed 's/^[^(]*(//; s/)$//' | paste -sd ';' - | sed 's/;/; /g'))"
		elif [ "$p" -eq 0 ]; then
			f=1; echo "FAIL $label (no check ran, and it said no skip)"
		else
			echo "ok   $label ($p)"
		fi
	fi
	total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
	total_skip=$((total_skip + s))
	[ "$s" -gt 0 ] && skipped="$skipped$skips
"
}

for variant in plain asan; do
	if [ $variant = plain ]; then dir=build; else dir=build/asan; fi
	export NONAGA="$dir/nonaga" NONAGA_VARIANT=$variant
	for t in $dir/test/*_test; do
		[ -x "$t" ] && run "$variant $(basename "$t")" "$t"
	done
	for t in test/*_test.sh; do
		# the fuzz targets are ASan + UBSan builds already: once is enough
		[ $variant = asan ] && [ "$t" = test/fuzz_test.sh ] && continue
		[ -f "$t" ] && run "$variant $(basename "$t")" sh "$t"
	done
done
# the threaded search under ThreadSanitizer (Makefile: build/tsan)
[ -x build/tsan/test/threads_test ] && run "tsan threads_test" build/tsan/test/threads_test
echo "(details in $log)"
if [ "$total_skip" -gt 0 ]; then
	# the reasons on the line before the total, which stays alone on its line
	echo "skipped: $(printf '%s' "$skipped" | paste -sd ';' - | sed 's/;/, /g')"
	if [ "${NONAGA_NO_SKIPS:-}" = 1 ]; then
		echo "FAIL nothing may be skipped here (NONAGA_NO_SKIPS=1)"
		total_fail=$((total_fail + total_skip))
	fi
fi
echo "$total_pass passed, $total_fail failed, $total_skip skipped"
[ "$total_fail" -eq 0 ]
