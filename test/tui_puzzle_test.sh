#!/bin/sh
# tui_puzzle_test.sh - the puzzles: from the title menu, a right answer
# (parry, and a win in two finished with a slide), a wrong one refuted on
# the board, retry, next and previous, the puzzles solved kept across runs,
# and a bad progress file moved aside with a message.  The answers come
# from the shipped set (build/test/puzzles_test --show); cells are clicked
# on an ASCII screen, where they are found from the tokens ('@' Red, '#'
# Blue) of the position shown.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_puzzle

SHOW=build/test/puzzles_test
[ -x "$SHOW" ] || SHOW=build/asan/test/puzzles_test
TOTAL=$(grep -cv '^#' src/nonaga/puzzles.txt)
KEEP=$TMUX_DIR/keep

# shown PUZZLE: its number in the file.  The screen shows the file's
# order (easy to hard), but within a difficulty the two kinds mixed in
# proportion, parry first: next the kind whose share shown so far is the
# smaller, counting each one half way (play_puzzle.c, mix_kinds).
shown() {
	awk -v want="$1" '
	!/^#/ { n++; kind[n] = $1; diff[n] = $2 }
	END {
		from = 1; shown = 0
		while (from <= n) {
			to = from; c0 = c1 = 0
			while (to <= n && diff[to] == diff[from]) {
				if (kind[to] == "win2") c0++; else c1++
				to++
			}
			t0 = t1 = 0; a0 = a1 = from
			for (i = from; i < to; i++) {
				if (c0 == t0) k = 1
				else if (c1 == t1) k = 0
				else k = (2 * t1 + 1) * c0 <= (2 * t0 + 1) * c1
				if (k) { while (kind[a1] == "win2") a1++; at = a1++; t1++ }
				else { while (kind[a0] != "win2") a0++; at = a0++; t0++ }
				if (++shown == want) { print at; exit }
			}
			from = to
		}
	}' src/nonaga/puzzles.txt
}

field() { # field NAME PUZZLE [MOVE...]: a line of puzzles_test --show
	name=$1; shift
	file_n=$(shown "$1"); shift
	"$SHOW" --show "$file_n" "$@" | sed -n "s/^$name //p"
}

# calibrate POSITION: where cells are on the screen, from the tokens.  The
# tokens of each colour sorted by (r, 2q + r) are those on the screen
# sorted by (row, column); the screen is row = ay + by * r and
# column = ax + bx * (2q + r).
calibrate() {
	CAL=$(screen | awk -v red="$(echo "$1" | cut -d/ -f2)" \
	                   -v blue="$(echo "$1" | cut -d/ -f3)" '
	function cells(list, ch,   i, n, a, xy) {
		n = split(list, a, ";")
		for (i = 1; i <= n; i++) {
			split(a[i], xy, ",")
			k++; cu[k] = 2 * xy[1] + xy[2]; cv[k] = xy[2]; cc[k] = ch
		}
	}
	function sorted(ch, kind,   i, j, m, t, idx) {
		m = 0
		for (i = 1; i <= (kind == "c" ? k : s); i++)
			if ((kind == "c" ? cc[i] : sch[i]) == ch) idx[++m] = i
		for (i = 2; i <= m; i++)
			for (j = i; j > 1; j--) {
				if (kind == "c" && (cv[idx[j]] < cv[idx[j-1]] || (cv[idx[j]] == cv[idx[j-1]] && cu[idx[j]] < cu[idx[j-1]]))) {
					t = idx[j]; idx[j] = idx[j-1]; idx[j-1] = t
				} else if (kind == "s" && (sr[idx[j]] < sr[idx[j-1]] || (sr[idx[j]] == sr[idx[j-1]] && sc[idx[j]] < sc[idx[j-1]]))) {
					t = idx[j]; idx[j] = idx[j-1]; idx[j-1] = t
				}
			}
		for (i = 1; i <= m; i++) order[kind ch i] = idx[i]
		return m
	}
	{ row[NR] = $0 }
	END {
		k = 0; s = 0
		cells(red, "@"); cells(blue, "#")
		# the move list right of the board shows tokens too: stop at
		# its title'"'"'s column
		lim = 0
		for (r = 1; r <= 3 && !lim; r++)
			lim = index(row[r], "Moves")
		for (r = 2; r <= NR - 5; r++)
			for (c = 1; c <= (lim ? lim - 1 : length(row[r])); c++) {
				ch = substr(row[r], c, 1)
				if (ch == "@" || ch == "#") { s++; sr[s] = r - 1; sc[s] = c - 1; sch[s] = ch }
			}
		if (sorted("@", "c") != 3 || sorted("@", "s") != 3 ||
		    sorted("#", "c") != 3 || sorted("#", "s") != 3)
			exit 1
		n = 0
		for (t = 1; t <= 2; t++)
			for (i = 1; i <= 3; i++) {
				ch = t == 1 ? "@" : "#"; n++
				U[n] = cu[order["c" ch i]]; V[n] = cv[order["c" ch i]]
				R[n] = sr[order["s" ch i]]; C[n] = sc[order["s" ch i]]
			}
		bx = by = 0
		for (i = 1; i <= 6; i++)
			for (j = 1; j <= 6; j++) {
				if (U[i] != U[j] && !bx) bx = (C[i] - C[j]) / (U[i] - U[j])
				if (V[i] != V[j] && !by) by = (R[i] - R[j]) / (V[i] - V[j])
			}
		if (!bx || !by) exit 1
		print C[1] - bx * U[1], bx, R[1] - by * V[1], by
	}')
	[ -n "$CAL" ]
}

# click_cell Q,R: a click on the cell
click_cell() {
	set -- $(echo "$1" | tr ',' ' ') $CAL
	click $(( $5 + $6 * $2 )) $(( $3 + $4 * (2 * $1 + $2) ))
}

# play_move PUZZLE MOVES-BEFORE... -- MOVE: click the move's cells, each
# click waited for by what it changes (the last one by the caller)
play_move() {
	n=$1; shift
	before=
	while [ "$1" != -- ]; do before="$before $1"; shift; done
	move=$2
	calibrate "$(field pos "$n" $before)" || return 1
	slide=${move%%/*} reloc=-
	case $move in */*) reloc=${move#*/} ;; esac
	click_cell "${slide%%>*}"
	wait_for "Choose where it slides" || return 1
	click_cell "${slide#*>}"
	[ "$reloc" = - ] && return 0
	wait_for "Choose a free disc to take" || return 1
	click_cell "${reloc%%>*}"
	wait_for "Choose where the disc goes" || return 1
	click_cell "${reloc#*>}"
}

to_puzzles() { # from the top of the title menu
	keys Down Down Down Down Down
	wait_for "> Puzzles ($1/$TOTAL solved)" || return 1
	keys Enter
}

start -x 120 -y 40 -e "XDG_STATE_HOME=$KEEP" --ascii
check "the menu offers the puzzles, none solved" wait_for "Puzzles (0/$TOTAL solved)"
to_puzzles 0
check "Enter shows the first puzzle" wait_for "Puzzle 1 of $TOTAL"
check "... what to do" has_text "threatens to win with its next slide"
check "... and the puzzle keys" has_text "n next, p prev, r retry"

# puzzle 1 (a parry): the right answer
right=$(field right 1)
check "puzzle 1: the right move's clicks" play_move 1 -- "$right"
check "the right move solves it" wait_for "Solved! n goes to the next puzzle."
check "... said in the turn line" has_text "Solved!"
check "... and marked solved" has_text "| solved"
check "the puzzles solved are kept" grep -qx "$(field pos 1)" "$KEEP/nonaga/puzzles"

# puzzle 2: a wrong answer, refuted on the board
keys n
check "n: the next puzzle" wait_for "Puzzle 2 of $TOTAL"
# the kinds are mixed: a win in two among the first puzzles
keys n
check "... the third is a win in two" wait_for "Puzzle 3 of $TOTAL | win in two"
keys p
check "p: back to the second" wait_for "Puzzle 2 of $TOTAL"
check "... not solved yet" lacks_text "| solved"
wrong=$(field wrong 2)
check "puzzle 2: the wrong move's clicks" play_move 2 -- "$wrong"
check "a wrong move is refuted: Blue wins with a slide" \
	wait_for "Not this move: Blue wins with a slide."
check "... shown on the board as Blue's move" has_text "Last move: # Blue"
check "... and not solved" has_text "Not solved."
keys r
check "r: the puzzle again" wait_for "Again from the start."
check "... from its position" has_text "threatens to win with its next slide"
keys m
check "m: the menu counts one solved" wait_for "Puzzles (1/$TOTAL solved)"
keys q
check "q quits from the menu" wait_exit

# a new run: the count is remembered and the first unsolved puzzle shows
start -x 120 -y 40 -e "XDG_STATE_HOME=$KEEP" --ascii
check "a new run remembers the puzzles solved" wait_for "Puzzles (1/$TOTAL solved)"
to_puzzles 1
check "... and starts at the first one not solved" wait_for "Puzzle 2 of $TOTAL"
keys t
check "t: a hint in a puzzle" wait_for "Hint: "
right=$(field right 2)
check "puzzle 2 with a hint: the right move's clicks" play_move 2 -- "$right"
check "... is right but not counted" \
	wait_for "Right, with a hint: not counted as solved."
check "... the status agrees" has_text "Right with a hint: not counted as solved."
check "... never saying solved" lacks_text "Solved"
check "... and not marked solved" lacks_text "| solved"
keys p
check "p: the previous puzzle, solved" wait_for "Puzzle 1 of $TOTAL"
check "... marked so" has_text "| solved"
keys p
check "p from the first: the last one, a win in two" wait_for "Puzzle $TOTAL of $TOTAL"
check "... of that kind" has_text "win in two"
right=$(field right "$TOTAL")
check "win in two: the right first move's clicks" play_move "$TOTAL" -- "$right"
check "... the computer replies" wait_for "replied; now win with a slide."
reply=$(screen | sed -n 's/.*Last move: [@#] [A-Za-z]* \([^ ]*\).*/\1/p')
win=$(field win "$TOTAL" "$right" "$reply")
check "... after the reply a slide wins ($reply, $win)" test -n "$win"
check "the winning slide's clicks" play_move "$TOTAL" "$right" "$reply" -- "$win"
check "the winning slide solves it" wait_for "Solved! n goes to the next puzzle."
keys u
check "u: the puzzle again too" wait_for "Again from the start."
wrong=$(field wrong "$TOTAL")
check "win in two: a wrong first move's clicks" play_move "$TOTAL" -- "$wrong"
# the refutation: the opponent's winning slide if it has one, else a reply
case $(field pos "$TOTAL") in */b/*) other=Red tok=@ ;; *) other=Blue tok="#" ;; esac
if [ -n "$(field win "$TOTAL" "$wrong")" ]; then
	refuted="Not this move: $other wins with a slide."
else
	refuted="Not this move: after $other's reply, no slide wins."
fi
check "... is refuted on the board: $refuted" wait_for "$refuted"
check "... and not solved" has_text "Not solved."
keys r
check "r: again" wait_for "Again from the start."
quiet=$(field quiet "$TOTAL")
check "win in two: a wrong first move that threatens nothing" test -n "$quiet"
check "... its clicks" play_move "$TOTAL" -- "$quiet"
check "... is refuted by a reply after which no slide wins" \
	wait_for "Not this move: after $other's reply, no slide wins."
check "... the reply shown on the board" has_text "Last move: $tok $other"
keys m
check "two solved" wait_for "Puzzles (2/$TOTAL solved)"
keys q
wait_exit
check "the file: a header and two positions" test "$(wc -l < "$KEEP/nonaga/puzzles")" = 3

# a bad progress file: moved aside, said, the count starts again
printf 'not a list\n\001\n' > "$KEEP/nonaga/puzzles"
start -x 120 -y 40 -e "XDG_STATE_HOME=$KEEP" --ascii
check "a bad file counts none solved" wait_for "Puzzles (0/$TOTAL solved)"
to_puzzles 0
check "... and says so on the puzzle screen" wait_for "not a list of puzzles solved"
check "... having moved it aside" test -f "$KEEP/nonaga/puzzles.bad"
# the first eight in the order the manual gives (nonaga(6), Puzzles)
kinds=
for i in 1 2 3 4 5 6 7 8; do
	[ $i -gt 1 ] && { keys n; wait_for "Puzzle $i of $TOTAL" || break; }
	if has_text "Puzzle $i of $TOTAL | win in two"; then kinds="$kinds win2"
	elif has_text "Puzzle $i of $TOTAL | parry"; then kinds="$kinds parry"
	else kinds="$kinds ?"; fi
done
want "the first eight puzzles, as nonaga(6) says" "$kinds" \
	" parry parry win2 parry parry parry win2 parry"
keys q
check "q quits from a puzzle" wait_exit
check "exit status 0" test "$(exit_status)" = 0

# a progress file that cannot be opened (here a symbolic link, which the
# game does not follow): moved aside as well, so that the next puzzle
# solved does not write over it
echo "# kept" > "$KEEP/elsewhere"
ln -s "$KEEP/elsewhere" "$KEEP/nonaga/puzzles"
start -x 120 -y 40 -e "XDG_STATE_HOME=$KEEP" --ascii
check "an unreadable file counts none solved" wait_for "Puzzles (0/$TOTAL solved)"
to_puzzles 0
check "... says so" wait_for "The puzzles solved cannot be read"
check "... and moves it aside" test ! -L "$KEEP/nonaga/puzzles"
check "... where it stays" test -L "$KEEP/nonaga/puzzles.bad.1"
check "... (what it pointed to untouched)" test "$(cat "$KEEP/elsewhere")" = "# kept"
keys q
check "q quits" wait_exit
finish
