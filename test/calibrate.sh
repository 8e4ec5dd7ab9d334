#!/bin/sh
# calibrate.sh - `make calibrate': the computer levels' ratings on the
# server's scale (doc/engine.md, Levels).  A private server in a
# temporary state directory offers computer-1 to computer-10 and keeps
# CAL_MATCHES rated games between them going (--computer-matches, on
# CAL_CLOCK); every minute the ladder is read: each level's rating,
# deviation and rated games (the protocol's `ratings'), and for each step
# from level n to n+1 the games the two played each other (the finished
# records).  A step clears when level n+1's score against level n, s over
# m games (a draw a half), is above one half with its whole 95 % interval
# (Wilson's, z = 1.96, which a few games all won do not pass), and level
# n+1's rating is above level n's (so that the ladder the players see
# rises at every step too):
#
#     (s + z^2/2m - z * sqrt(s(1 - s)/m + z^2/4m^2)) / (1 + z^2/m) > 0.5
#
# (the ratings' own deviations do not shrink below about 60 with one game
# a rating period, so the test on them, r[n+1] - r[n] > 1.96 *
# sqrt(rd[n]^2 + rd[n+1]^2), is printed too but cannot decide steps under
# about 170).  The run stops when every step clears or after CAL_MINUTES,
# prints the ladder and writes CAL_OUT (src/lib/level_ratings.c).
#
# The scale: the pool is closed and every level starts at 1500 (deviation
# 350), not at the table's old values, so the ladder is centred on 1500
# with no anchor outside it.
#
# Environment: NONAGA (build/nonaga), CAL_MINUTES (60), CAL_MATCHES (3
# games at once, as many search threads), CAL_CLOCK (1+1), CAL_OUT.
set -u
NONAGA=${NONAGA:-build/nonaga}
MINUTES=${CAL_MINUTES:-60}
K=${CAL_MATCHES:-3}
CLOCK=${CAL_CLOCK:-1+1}
OUT=${CAL_OUT:-src/lib/level_ratings.c}
dir=$(mktemp -d /tmp/nonaga-calibrate-XXXXXX) || exit 1
mkdir -m 700 "$dir/state"
{
	echo "seq 0"
	for n in 1 2 3 4 5 6 7 8 9 10; do echo "computer-$n 1500 350 0.06 0"; done
} >"$dir/state/ratings"
start=$(date -u +%Y-%m-%dT%H:%MZ)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
"$NONAGA" --serve --listen "unix:$dir/s.sock" --state "$dir/state" \
	--computers 1,2,3,4,5,6,7,8,9,10 --computer-matches "$K" --computer-jobs "$K" \
	--computer-match-clock "$CLOCK" --pair-wait 0 >"$dir/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; exit 1' INT TERM
echo "calibrate: $dir (server pid $pid), $K games at once on $CLOCK, $MINUTES minutes at most"

# The ladder, from `nonaga --ratings' ($dir/ratings) and the records:
# "level rating rd games step rd-test h2h-score h2h-games clears" lines,
# then "all N" (N steps cleared, of 9).
ladder() {
	for f in "$dir"/state/finished/*.rec; do
		[ -f "$f" ] || continue
		sed -n 's/^Red: computer-//p; s/^Blue: computer-//p; s/^Winner: //p' "$f" | tr '\n' ' '
		echo
	done | awk -v ratings="$dir/ratings" '
	BEGIN {
		while ((getline line < ratings) > 0) {
			split(line, f, " ")
			if (f[1] ~ /^computer-[0-9]+$/) {
				n = substr(f[1], 10) + 0
				r[n] = f[2]; rd[n] = f[3]; g[n] = f[4]
			}
		}
	}
	NF == 3 {   # red blue winner: the score of the higher level of the two
		a = $1 + 0; b = $2 + 0
		if (a - b != 1 && b - a != 1) next
		hi = a > b ? a : b
		s = $3 == "draw" ? 0.5 : ($3 == "red") == (a == hi) ? 1 : 0
		m[hi]++; w[hi] += s
	}
	END {
		cleared = 0
		for (n = 1; n <= 10; n++) {
			step = n > 1 && (n in r) && ((n - 1) in r) ? r[n] - r[n - 1] : 0
			rdt = n > 1 && step > 1.96 * sqrt(rd[n] ^ 2 + rd[n - 1] ^ 2) ? "yes" : "no"
			sc = m[n] ? w[n] / m[n] : 0
			z = 1.96
			ok = m[n] && step > 0 &&
			     (sc + z * z / (2 * m[n]) - z * sqrt(sc * (1 - sc) / m[n] + z * z / (4 * m[n] ^ 2))) / (1 + z * z / m[n]) > 0.5
			cleared += n > 1 && ok
			if (n == 1)
				printf "%d %d %d %d - - - - -\n", n, r[n], rd[n], g[n]
			else
				printf "%d %d %d %d %+d %s %.1f%% %d %s\n", n, r[n], rd[n], g[n], step,
				       rdt, 100 * sc, m[n], ok ? "yes" : "no"
		}
		print "all", cleared
	}'
}

read_ratings() {
	LC_ALL=C LANGUAGE= "$NONAGA" --ratings --server "unix:$dir/s.sock" >"$dir/ratings.new" 2>/dev/null &&
		mv "$dir/ratings.new" "$dir/ratings"
}

# The table as src/lib/level_ratings.c into $1, from $dir/ladder.
write_c() {
	{
		echo "/* level_ratings.c - the computer levels' ratings (ng_level_rating), made"
		echo " * by \`make calibrate' (test/calibrate.sh): $games games in $minutes minutes"
		echo " * from $start, $K at once on $CLOCK; $status."
		echo " * Generated: do not edit. */"
		echo '#include "nonaga.h"'
		echo
		echo "/* rating, deviation and rated games of each level; games 0: not measured */"
		echo "static const struct { int rating, rd, games; } ladder[NG_LEVEL_MAX + 1] = {"
		awk '$1 != "all" && $4 > 0 { printf "\t[%d] = { %d, %d, %d },\n", $1, $2, $3, $4 }' "$dir/ladder"
		echo "};"
		cat <<'EOF'

ng_err ng_level_rating(int level, int *rating, int *rd)
{
	if (level < NG_LEVEL_MIN || level > NG_LEVEL_MAX)
		return NG_ERR_RANGE;
	if (!ladder[level].games)
		return NG_ERR_UNCALIBRATED;
	*rating = ladder[level].rating;
	*rd = ladder[level].rd;
	return NG_OK;
}
EOF
	} >"$1.tmp" && mv "$1.tmp" "$1"
}

# "every step clears" or "N of 9 steps clear"
status_of() {
	if [ "$1" = 9 ]; then echo "every step clears"; else echo "$1 of 9 steps clear"; fi
}

t0=$(date +%s)
cleared=0
while :; do
	sleep 60
	if ! kill -0 $pid 2>/dev/null; then
		echo "calibrate: the server stopped (see $dir/log)" >&2
		break
	fi
	read_ratings
	ladder >"$dir/ladder"
	cleared=$(sed -n 's/^all //p' "$dir/ladder")
	minutes=$((($(date +%s) - t0) / 60))
	games=$(ls "$dir"/state/finished 2>/dev/null | wc -l)
	status=$(status_of "$cleared")
	echo "calibrate: $minutes min, $games games, $status"
	write_c "$dir/level_ratings.c"   # (so far: for a run cut short)
	[ "$cleared" = 9 ] && break
	[ "$minutes" -ge "$MINUTES" ] && break
done
kill $pid 2>/dev/null
wait $pid 2>/dev/null
minutes=$((($(date +%s) - t0) / 60))
games=$(ls "$dir"/state/finished 2>/dev/null | wc -l)
load1=$(cut -d' ' -f1-3 /proc/loadavg)
[ -f "$dir/ladder" ] || { echo "calibrate: no ladder was read" >&2; exit 1; }

echo
echo "level  rating   RD  games   step  step>1.96*RDs  vs level below    clears"
awk '$1 != "all" {
	if ($5 == "-") printf "%5d %7d %4d %6d\n", $1, $2, $3, $4
	else printf "%5d %7d %4d %6d %6s  %-13s  %6s of %4d  %s\n", $1, $2, $3, $4, $5, $6, $7, $8, $9
}' "$dir/ladder"
status=$(status_of "$cleared")
echo "$games games in $minutes minutes ($start, $K at once, $CLOCK; load $load0 at the start, $load1 at the end): $status"
write_c "$OUT"
echo "calibrate: wrote $OUT (the run's state stays in $dir)"
