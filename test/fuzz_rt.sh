#!/bin/sh
# fuzz_rt.sh - the libFuzzer runtime of ${CLANG:-clang} (the Makefile's
# CLANG): its file name, or nothing when that clang or its runtime
# (libclang-rt-dev) is missing.  The Makefile builds the fuzz targets in
# make check when this names one, and test/fuzz_test.sh skips when it
# names none: the two decide the same way.
c=${CLANG:-clang}
command -v "$c" >/dev/null 2>&1 || exit 0
# (the runtime's name before LLVM 15's per-target directories, and after)
for n in "libclang_rt.fuzzer-$(uname -m).a" libclang_rt.fuzzer.a; do
	f=$("$c" -print-file-name="$n" 2>/dev/null)
	case $f in
	/*) [ -e "$f" ] && { echo "$f"; exit 0; } ;;
	esac
done
exit 0
