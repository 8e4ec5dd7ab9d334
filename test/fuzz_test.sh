#!/bin/sh
# fuzz_test.sh - the libFuzzer targets of `make fuzz' (test/fuzz.c,
# test/fuzz_client.c, test/fuzz_server.c) still build and run each input
# of their kept corpora (test/fuzz-corpus, test/fuzz-corpus-client,
# test/fuzz-corpus-server) clean: a regression run of seconds, no new
# fuzzing.  make check builds the targets when clang and libclang-rt are
# there (Makefile, FUZZ_DEPS), so a target that stops building fails
# here; without them the test says it skipped and why.  The targets are
# ASan + UBSan builds already: the asan pass runs nothing more.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness fuzz

skip=
[ "${NONAGA_VARIANT:-plain}" = asan ] &&
	skip="the asan pass: the targets are built with ASan and UBSan already"
[ -z "$skip" ] && ! [ -x /usr/bin/clang ] && skip="there is no /usr/bin/clang (clang)"
if [ -z "$skip" ]; then
	set -- /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a
	[ -e "$1" ] || skip="there is no libFuzzer runtime (libclang-rt-dev)"
fi
if [ -n "$skip" ]; then
	echo "fuzz: skipped: $skip"
	finish
fi

D=$(mktemp -d /tmp/nonaga-fuzz-test-XXXXXX) || exit 1
for pair in fuzz:test/fuzz-corpus fuzz_client:test/fuzz-corpus-client \
            fuzz_server:test/fuzz-corpus-server; do
	t=build/${pair%%:*} corpus=${pair#*:}
	if ! [ -x "$t" ]; then
		no "$t is not built (make check builds it when clang and libclang-rt are there)"
		continue
	fi
	n=$(ls "$corpus" | wc -l)
	# each file of the corpus run once; libFuzzer stops at the first crash
	"$t" "$corpus"/* > "$D/out" 2>&1; st=$?
	want "$t over $corpus: status" "$st" 0
	want "$t over $corpus: inputs run" "$(grep -c '^Executed ' "$D/out")" "$n"
	check "$corpus has inputs" test "$n" -gt 0
	[ "$st" = 0 ] || sed 's/^/  /' "$D/out" | tail -n 20 >&2
done
rm -rf "$D"
finish
