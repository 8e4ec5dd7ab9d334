#!/bin/sh
# fuzz_test.sh - the libFuzzer targets of `make fuzz' (test/fuzz.c,
# test/fuzz_client.c, test/fuzz_server.c) still build and run each input
# of their kept corpora (test/fuzz-corpus, test/fuzz-corpus-client,
# test/fuzz-corpus-server) clean: a regression run of seconds, no new
# fuzzing.  make check builds the targets with the Makefile's CLANG
# (default clang, from PATH) when test/fuzz_rt.sh finds its libFuzzer
# runtime, so a target that stops building fails here; without them the
# test skips and says why.  The targets are ASan + UBSan builds already:
# test/run.sh runs this once, in its plain pass.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness fuzz

clang=${CLANG:-clang}
if ! command -v "$clang" >/dev/null 2>&1; then
	skip "no $clang (clang)"
	finish
fi
if [ -z "$(CLANG=$clang sh test/fuzz_rt.sh)" ]; then
	skip "no libFuzzer runtime for $clang (libclang-rt-dev)"
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
