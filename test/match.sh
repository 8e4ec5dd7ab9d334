#!/bin/sh
# match.sh - `make match': the strength table in the README.
#   each level against the one below, level 1 against random play, and the
#   top level at 1 s per move against level 1.
# GAMES (default 100) sets the games per pairing below level 7, SLOW_GAMES
# (default 20) those from level 7 up, which think for seconds per move.
cd "$(dirname "$0")/.." || exit 1
M=build/match
G=${GAMES:-100}
S=${SLOW_GAMES:-20}
$M -n "$G" level=1 random 2>/dev/null
for l in 2 3 4 5 6 7 8 9 10; do
	n=$G
	[ "$l" -ge 7 ] && n=$S
	$M -n "$n" "level=$l" "level=$((l - 1))" 2>/dev/null
done
$M -n "${TOP_GAMES:-200}" level=10,movetime=1000 level=1 2>/dev/null
