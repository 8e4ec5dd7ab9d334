#!/bin/sh
# tune.sh - `make tune': a coordinate search over the evaluation's weights
# (NG_WEIGHTS in src/lib/search.c: pair, spread, threat, mobility, tempo,
# pass, stuck; eval.c says what each term is).
# Each round tries every weight STEP percent up and down (at least 1)
# from the best so far; a candidate is an engine built with those weights
# (only search.c is compiled again, into build/tune/W1_W2_..., the rest of
# build/obj is linked), and plays GAMES games against the best from paired
# openings (test/match.c) at SET, the top level to a fixed depth by
# default, so that a game takes a second or two.  A candidate that scores
# more than 50% + MARGIN becomes the best.  Prints every trial and the
# weights found; nothing in the tree changes: put them in search.c, then
# measure them at the real time control (make match-old, make match).
#   WEIGHTS (default: search.c's), STEP (25), GAMES (200), MARGIN (4),
#   ROUNDS (1), SET (level=10,depth=2), JOBS (2)
cd "$(dirname "$0")/.." || exit 1
W=${WEIGHTS:-$(sed -n 's/^#define NG_WEIGHTS \(.*\)$/\1/p' src/lib/search.c | tr -d ' ')}
N=$(echo "$W" | awk -F, '{ print NF }')
STEP=${STEP:-25} GAMES=${GAMES:-200} MARGIN=${MARGIN:-4} ROUNDS=${ROUNDS:-1}
SET=${SET:-level=10,depth=2} JOBS=${JOBS:-2}
objs=$(ls build/obj/nonaga/*.o build/obj/lib/*.o | grep -v '/lib/search\.o$')

# the library's sources: a variant built from other sources is stale
src=$(cat src/lib/*.c src/lib/*.h include/*.h | cksum | cut -d' ' -f1)
# variant W: the path of an engine with the weights W (built if need be)
variant() {
	d=build/tune/$src/$(echo "$1" | tr , _)
	if [ ! -x "$d/nonaga" ]; then
		mkdir -p "$d" &&
		${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 -O2 -Iinclude -Isrc/lib \
			"-DNG_WEIGHTS=$1" -c src/lib/search.c -o "$d/search.o" &&
		${CC:-cc} -o "$d/nonaga" $objs "$d/search.o" -lncursesw -lunistring -levent -lpthread ||
		{ echo "tune: cannot build $d" >&2; exit 1; }
	fi
	echo "$d/nonaga"
}

# the weights W with weight I (1-N) moved by SIGN (+ or -) STEP percent
moved() {
	echo "$1" | awk -F, -v i="$2" -v s="$3" -v p="$STEP" 'BEGIN { OFS = "," } {
		d = int($i * p / 100); if (d < 1) d = 1
		$i = s == "+" ? $i + d : ($i - d < 0 ? 0 : $i - d); print }'
}

best=$W
echo "tune: from $best, $GAMES games a trial at $SET"
r=0
while [ $r -lt "$ROUNDS" ]; do
	r=$((r + 1))
	for i in $(seq "$N"); do
		for sign in + -; do
			cand=$(moved "$best" $i $sign)
			[ "$cand" = "$best" ] && continue
			# built here, not inside $(...), so that a failed build stops
			ec=$(variant "$cand") && eb=$(variant "$best") || exit 1
			line=$(build/match -j "$JOBS" -n "$GAMES" "$SET,engine=$ec" \
				"$SET,engine=$eb" 2>/dev/null | grep '^games')
			score=$(echo "$line" | sed -n 's/.*score \([0-9.]*\)%.*/\1/p')
			echo "round $r: $cand against $best: $line"
			if [ -n "$score" ] && awk -v s="$score" -v m="$MARGIN" 'BEGIN { exit !(s > 50 + m) }'; then
				best=$cand
				echo "  -> $best"
			fi
		done
	done
done
echo "tune: best weights $best"
