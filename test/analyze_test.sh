#!/bin/sh
# analyze_test.sh - nonaga --analyze FILE: one line a move with the best
# move, the marks on the moves where they belong and nowhere else, the same
# answer every time, nothing on stderr when it is not a terminal; bad files
# and failed writes give a message, status 1 and nothing on stdout;
# --analyze-out writes a record that the record parser and save_read read.
cd "$(dirname "$0")/.." || exit 1
NONAGA=${NONAGA:-build/nonaga}
if [ "${NONAGA_VARIANT:-plain}" = asan ]; then tool=build/asan/test/savetool; else tool=build/test/savetool; fi
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
want() { if [ "$2" = "$3" ]; then ok; else no "$1: got [$2], want [$3]"; fi; }
run() { env -i LANG=C.UTF-8 "$NONAGA" "$@"; }

# record FILE START MOVE...: a record from a set position
record() {
	f=$1 start=$2; shift 2
	{ printf '# nonaga record 1\nRules: standard\nMode: pvp\nOther-Program: kept\n'
	  printf 'Start: %s\nMoves: %d\n\n' "$start" $#
	  for m in "$@"; do echo "$m"; done; } > "$f"
}

# Blue to move wins with the slide 1,-1>1,0 but plays something else; then
# both sides play the engine's best moves.
record "$tmp/missed.nonaga" \
	"2,-3;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;3,0;-1,1;0,1;2,1;-2,2;0,2/3,-2;0,-1;0,1/1,-1;0,0;2,0/b/2,-3" \
	"0,0>-2,0/-1,-1>-1,2" "0,1>0,0/3,0>0,-2" "1,-1>1,-2/-2,2>1,-3"
# Blue to move is not lost, but lets red win at once; red does.
record "$tmp/allowed.nonaga" \
	"0,-2;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;3,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;-2,2;0,2/1,-2;0,-1;-2,0/0,-2;1,-1;2,0/b/-1,-1" \
	"1,-1>-2,2/-2,1>-1,-2" "-2,0>-1,-1"

out=$(run --analyze "$tmp/missed.nonaga" 2>"$tmp/err"); s=$?
want "missed: status" "$s" 0
want "missed: stderr (not a terminal)" "$(cat "$tmp/err")" ""
want "missed: lines, and the summary the replay shows" "$(printf '%s\n' "$out" | wc -l)" 4
want "missed: the summary" "$(printf '%s\n' "$out" | sed -n 4p)" \
	"Analysed: 1 W (missed a win), 0 L (allowed a forced win), 0 ? (mistake)."
# (two slides win: the best move may be either, as the search orders them)
case $(printf '%s\n' "$out" | sed -n 1p) in
"  1 Blue  0,0>-2,0/-1,-1>-1,2     best 1,-1>1,0                W missed a win" |\
"  1 Blue  0,0>-2,0/-1,-1>-1,2     best 0,0>1,0                 W missed a win") ok ;;
*) no "missed: line 1 [$out]" ;;
esac
case $(printf '%s\n' "$out" | sed -n 2p) in
"  2 Red   0,1>0,0/3,0>0,-2        best "*[0-9]) ok ;;
*) no "missed: line 2 [$out]" ;;
esac
case $(printf '%s\n' "$out" | sed -n 3p) in
"  3 Blue  1,-1>1,-2/-2,2>1,-3     best "*[0-9]) ok ;;
*) no "missed: line 3 [$out]" ;;
esac

out=$(run --analyze "$tmp/allowed.nonaga" 2>"$tmp/err"); s=$?
want "allowed: status" "$s" 0
want "allowed: stderr" "$(cat "$tmp/err")" ""
# (with the answer that wins: red's slide)
want "allowed: marks" "$(printf '%s\n' "$out" | sed 's/^.* best [^ ]* *//')" \
	"$(printf 'L allowed a forced win (answered by -2,0>-1,-1)\n\nAnalysed: 0 W (missed a win), 1 L (allowed a forced win), 0 ? (mistake).')"
case $(printf '%s\n' "$out" | sed -n 1p) in
"  1 Blue  1,-1>-2,2/-2,1>-1,-2    best "*" L allowed a forced win (answered by -2,0>-1,-1)") ok ;;
*) no "allowed: line 1 [$out]" ;;
esac
case $(printf '%s\n' "$out" | sed -n 2p) in
"  2 Red   -2,0>-1,-1              best "*[0-9]) ok ;;
*) no "allowed: line 2 [$out]" ;;
esac

# A mistake: red's third move is worth about 200 less than the best one
# (two pairs are worth 80): the only move marked.
{ printf '# nonaga record 1\nRules: standard\nMoves: 3\n\n'
  printf '%s\n' 2,-2\>-1,1/2,-2\>-1,-2 0,-2\>0,1/0,-2\>3,-1 -2,0\>-2,1/-1,2\>-3,1; } > "$tmp/mistake.nonaga"
out=$(run --analyze "$tmp/mistake.nonaga"); s=$?
want "mistake: status" "$s" 0
# (judged again at AN_DEPTH_CONFIRM, and shown with the line that
# refutes it: the opponent's answer and what follows)
want "mistake: marks" "$(printf '%s\n' "$out" | sed 's/^.* best [^ ]* *//')" \
	"$(printf '\n\n? mistake (answered by 2,0>1,1/-2,0>2,1 -2,1>1,-2/2,-1>0,-2 1,1>1,-1/-3,1>-3,2)\nAnalysed: 0 W (missed a win), 0 L (allowed a forced win), 1 ? (mistake).')"

# A loss allowed at depth 3 that a search as deep as the hint's finds no
# worse than the best move (both lose): no mark (issue 38, the coach that
# called the hint's moves mistakes)
{ printf '# nonaga record 1\nRules: standard\n'
  printf 'Start: 2,-3;0,-2;1,-2;2,-2;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;3,0;-2,1;-1,1;0,1;-2,2;-1,2;-1,3/1,-1;-1,0;1,0/0,0;2,0;0,1/b/-2,1\n'
  printf 'Moves: 1\n\n2,0>3,0/2,-2>3,-1\n'; } > "$tmp/deeper.nonaga"
out=$(run --analyze "$tmp/deeper.nonaga"); s=$?
want "deeper: status" "$s" 0
want "deeper: no mark" "$(printf '%s\n' "$out" | sed 's/^.* best [^ ]* *//')" \
	"$(printf '\nAnalysed: 0 W (missed a win), 0 L (allowed a forced win), 0 ? (mistake).')"

# on a terminal, a progress bar on stderr, none in the output
if command -v script > /dev/null 2>&1; then
	script -qec "env -i LANG=C.UTF-8 $NONAGA --analyze $tmp/missed.nonaga > $tmp/tty.out" \
		"$tmp/tty.log" > /dev/null 2>&1 < /dev/null
	case $(cat "$tmp/tty.log") in *"Analysing ["*"] 3/3"*) ok ;; *) no "no progress bar on a terminal" ;; esac
	want "terminal: the lines" "$(cat "$tmp/tty.out")" "$(run --analyze "$tmp/missed.nonaga")"
fi

# the same every time, at each depth
for d in 2 3; do
	a=$(run --analyze "$tmp/allowed.nonaga" --analyze-depth $d)
	b=$(run --analyze-depth=$d --analyze "$tmp/allowed.nonaga")
	want "depth $d twice" "$a" "$b"
	case $a in *"L allowed a forced win"*) ok ;; *) no "depth $d: [$a]" ;; esac
done

# a whole game from the start: one line a move, sides in turn
{ printf '# nonaga record 1\nRules: standard\nResult: blue\nMoves: 10\n\n'
  printf '%s\n' 0,2\>0,-1/-1,2\>3,-2 -2,2\>1,-1/-1,-1\>3,-1 2,-2\>1,-2/1,1\>-1,-1 \
    0,-2\>-1,-1/-2,1\>3,0 -2,0\>1,0/-2,0\>2,-3 -1,-1\>-1,1/0,-2\>-2,0 \
    1,0\>0,1/3,-1\>1,-3 -1,1\>0,0/2,-3\>2,1 1,-2\>3,-2/1,-3\>2,-3 0,0\>1,0; } > "$tmp/game.nonaga"
out=$(run --analyze "$tmp/game.nonaga"); s=$?
want "game: status" "$s" 0
want "game: numbers and sides" "$(printf '%s\n' "$out" | sed '$d' | awk '{printf "%s%s ", $1, $2}')" \
	"1Red 2Blue 3Red 4Blue 5Red 6Blue 7Red 8Blue 9Red 10Blue "
want "game: the missed win of move 7" "$(printf '%s\n' "$out" | grep -c ' W missed a win$')" 1
case $(printf '%s\n' "$out" | sed -n 7p) in *" W missed a win") ok ;; *) no "game: move 7 [$out]" ;; esac
# a game without moves: no lines
printf '# nonaga record 1\nRules: standard\nMoves: 0\n\n' > "$tmp/empty.nonaga"
out=$(run --analyze "$tmp/empty.nonaga"); s=$?
want "no moves" "$s:$out" "0:"

# --analyze-out: the same lines, and a record with the marks that older
# readers read, every key of the original kept
out=$(run --analyze "$tmp/missed.nonaga" --analyze-out "$tmp/out.nonaga"); s=$?
want "out: status" "$s" 0
want "out: the lines" "$out" "$(run --analyze "$tmp/missed.nonaga")"
want "out: the key" "$(grep '^Analysis:' "$tmp/out.nonaga")" "Analysis: depth 3 1W"
want "out: other keys kept" "$(grep -c '^Mode: pvp$\|^Other-Program: kept$' "$tmp/out.nonaga")" 2
want "out: the moves" "$(tail -n 3 "$tmp/out.nonaga")" "$(tail -n 3 "$tmp/missed.nonaga")"
if [ -x "$tool" ]; then
	got=$("$tool" read "$tmp/out.nonaga"); s=$?
	want "out: save_read" "$s" 0
else
	no "$tool is missing"
fi
got=$(printf 'loadrecord %s\nrecord\nquit\n' "$tmp/out.nonaga" | "$NONAGA" --engine)
case $got in *"?"*) no "out: loadrecord [$got]" ;; *"Moves: 3"*) ok ;; *) no "out: loadrecord [$got]" ;; esac
run --analyze "$tmp/out.nonaga" --analyze-out "$tmp/out.nonaga" > /dev/null
want "out: in place, once" "$(grep -c '^Analysis:' "$tmp/out.nonaga")" 1

# bad input: a message naming the file, status 1, nothing on stdout
bad() { # bad NAME WANT-IN-MESSAGE ARGS...
	name=$1 what=$2; shift 2
	out=$(run "$@" 2>"$tmp/err"); s=$?
	err=$(cat "$tmp/err")
	if [ $s -eq 1 ] && [ -z "$out" ]; then
		case $err in *"$what"*) ok ;; *) no "$name: stderr [$err]" ;; esac
	else
		no "$name: status $s, stdout [$out], stderr [$err]"
	fi
}
bad "missing file" "$tmp/none.nonaga" --analyze "$tmp/none.nonaga"
bad "a directory" "$tmp" --analyze "$tmp"
printf '# nonaga record 1\nRules: standard\nMoves: 2\n\n0,2>0,-1/-1,2>3,-2\n9,9>9,9\n' > "$tmp/corrupt.nonaga"
bad "corrupt" "$tmp/corrupt.nonaga, line 6:" --analyze "$tmp/corrupt.nonaga"
printf 'not a record\n' > "$tmp/text.nonaga"
bad "not a record" "$tmp/text.nonaga" --analyze "$tmp/text.nonaga"
bad "out: no such directory" "Cannot save $tmp/no/out.nonaga" \
	--analyze "$tmp/missed.nonaga" --analyze-out "$tmp/no/out.nonaga"
[ -e "$tmp/no" ] && no "out: a directory was made" || ok
if [ -w /dev/full ]; then
	run --analyze "$tmp/missed.nonaga" > /dev/full 2>"$tmp/err"; s=$?
	want "stdout full: status" "$s" 1
	[ -s "$tmp/err" ] && ok || no "stdout full: no message"
fi

echo "analyze: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
