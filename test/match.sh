#!/bin/sh
# match.sh - `make match': the strength table in doc/engine.md.
#   each level against the one below, level 1 against random play, and the
#   top level at 1 s per move against level 1.
# GAMES (default 100) sets the games per pairing up to level 9 against 8
# (minutes each), SLOW_GAMES (default 100) those of level 10, which thinks
# 5 s a move, against level 9 (about 40 minutes on two cores), TOP_GAMES
# (default 200) the last pairing.  JOBS (default 2) games run at once.
cd "$(dirname "$0")/.." || exit 1
M=build/match
G=${GAMES:-100}
J=${JOBS:-2}
$M -j "$J" -n "$G" level=1 random 2>/dev/null
for l in 2 3 4 5 6 7 8 9 10; do
	n=$G
	[ "$l" -eq 10 ] && n=${SLOW_GAMES:-100}
	$M -j "$J" -n "$n" "level=$l" "level=$((l - 1))" 2>/dev/null
done
$M -j "$J" -n "${TOP_GAMES:-200}" level=10,movetime=1000 level=1 2>/dev/null
