# harness.sh - the counting every shell test shares; sourced by
# test/*_test.sh (by the curses tests through test/tmux.sh).
#
#   cd "$(dirname "$0")/.." || exit 1
#   . test/harness.sh
#   harness NAME            the name in the messages and the count line;
#                           NONAGA defaults to build/nonaga; no shared
#                           server (NONAGA_SHARED_SOCKET empty), no
#                           NONAGA_SERVER
#   ok                      count a pass
#   no MESSAGE...           count a failure and say MESSAGE on stderr
#   want DESC GOT WANT      a pass if GOT is WANT, else a failure showing both
#   check DESC CMD...       a pass if CMD succeeds, else a failure (and the
#                           hook harness_on_fail, which tmux.sh sets)
#   skip REASON...          say that a part (or all) of the test does not
#                           run here and why: the line "NAME: skipped:
#                           REASON" that test/run.sh counts as a skip (a
#                           test that skips is not a pass); then go on with
#                           what can run, or finish
#   finish                  the hook harness_on_finish, then print
#                           "NAME: N passed, M failed" (the line test/run.sh
#                           reads) and exit, with status 0 only if no
#                           check failed
#   $FIXTURES               test/fixtures, the data several tests share
#                           (an absolute name: good after a cd)

HARNESS_NAME=${HARNESS_NAME:-test}
harness_pass=0
harness_fail=0

harness() {
	HARNESS_NAME=$1
	: "${NONAGA:=build/nonaga}"
	FIXTURES=$PWD/test/fixtures
	# no test reaches a server of the host's or of the user's by itself
	NONAGA_SHARED_SOCKET=; export NONAGA_SHARED_SOCKET
	unset NONAGA_SERVER
}

harness_on_fail() { :; }
harness_on_finish() { :; }

ok() { harness_pass=$((harness_pass + 1)); }
no() { harness_fail=$((harness_fail + 1)); echo "$HARNESS_NAME: FAIL: $*" >&2; }
skip() { echo "$HARNESS_NAME: skipped: $*"; }
want() { if [ "$2" = "$3" ]; then ok; else no "$1: got [$2], want [$3]"; fi; }

check() {
	desc=$1; shift
	if "$@"; then
		ok
	else
		no "$desc"
		harness_on_fail
	fi
}

finish() {
	harness_on_finish
	echo "$HARNESS_NAME: $harness_pass passed, $harness_fail failed"
	[ "$harness_fail" -eq 0 ]
	exit $?
}
