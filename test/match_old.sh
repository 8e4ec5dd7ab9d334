#!/bin/sh
# match_old.sh - `make match-old': today's top level against the top level
# of an older build (OLD, default 229b3ab, the engine before threads), each
# at MOVETIME ms a move (default 1000), GAMES games (default 200) from
# paired openings, one game at a time so that each side has the whole
# machine while it thinks: today's engine on THREADS threads (default one
# a core), the old one on its single thread, or on OLD_THREADS (a build
# from before threads knows no `set threads'); SEED (default 1) chooses
# the openings; EVAL (hand or net) sets today's engine's evaluation
# (`set eval', doc/engine.md, Learned evaluation).  Prints the score and the Elo
# difference with its 95% interval (test/match.c).  Takes GAMES x about
# 8 s: plan half an hour for 200 games, with nothing else running.
cd "$(dirname "$0")/.." || exit 1
OLD=${OLD:-229b3ab}
dir=build/old-$OLD
if [ ! -x "$dir/build/nonaga" ]; then
	rm -rf "$dir" && mkdir -p "$dir" || exit 1
	git archive "$OLD" | tar -x -C "$dir" || exit 1
	make -C "$dir" build/nonaga >/dev/null || exit 1
fi
threads=${THREADS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
mt=${MOVETIME:-1000}
build/match -j 1 -n "${GAMES:-200}" -s "${SEED:-1}" "level=10,movetime=$mt,threads=$threads${EVAL:+,eval=$EVAL}" \
	"level=10,movetime=$mt,engine=$dir/build/nonaga${OLD_THREADS:+,threads=$OLD_THREADS}" \
	2>/dev/null
