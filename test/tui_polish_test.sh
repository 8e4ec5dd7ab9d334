#!/bin/sh
# tui_polish_test.sh - what a new player tripped over (issue 25): the help
# legend a symbol a line; the keys and messages once a game is over; one
# record for a game taken back from its end and ended again, the Past
# games line; the hint's text, cursor and marks through the turn; the
# puzzle screen at 80x24; coordinates at 80x24; the side panel's wrapping.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_polish

# --- item 12: the help's legend, one symbol and its meaning a line
# legend_line MEANING SYMBOL: the line of MEANING is SYMBOL, then spaces,
# then MEANING, and nothing else
legend_line() {
	screen | grep -F -- "$1" | grep -qxE "^ +$2 +$1\$"
}
for lg in en ja; do
	start -e LANGUAGE=$lg --lang $lg --pvp --no-animation
	keys '?'
	if [ $lg = en ]; then
		check "help: the legend is there" page_to "the hint's cells (key t)"
		check "help: a Red token alone" legend_line "a Red token" "◉"
		check "help: the cursor alone" legend_line "the cursor" "\[ \]"
		check "help: a legal choice alone" legend_line "a legal choice" "‹ ›"
		check "help: the winning three alone" legend_line "the winning three" "\* \*"
		check "help: where the disc was taken from alone" \
			legend_line "where the disc was taken from" "⬚"
	else
		check "help ja: the legend is there" page_to "ヒントの手のマス"
		check "help ja: a Red token alone" legend_line "赤のコマ" "◉"
		check "help ja: the cursor alone" legend_line "カーソル" "\[ \]"
		check "help ja: the winning three alone" legend_line "勝ちの形の 3 つのコマ" "\* \*"
	fi
	keys Escape q
	wait_exit
done

# --- item 4: a game lost, taken back and won leaves one record, with
# the last result; Past games says the colour played, and the time the
# replay's header says.  Red (the player) and Blue can each win with a
# slide: Enter Tab Enter Enter Enter does not win and leaves Blue its
# win; Enter Enter Enter Enter wins.
race() { # race DIR: a game against the computer at level 1, Red to move
	mkdir -p "$1/nonaga"
	cat > "$1/nonaga/current.save" <<'REC'
# nonaga record 1
Date: 2026-11-22T10:15:59Z
Red: human
Blue: computer level 1
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/-2,0;-1,1;-2,2/r/-
Result: none
Mode: ai
Human: red
Level: 1
Moves: 0

REC
	chmod 600 "$1/nonaga/current.save"
}
records() { ls "$1/nonaga/records" 2>/dev/null | wc -l; }
result_of() { sed -n 's/^Result: //p' "$1"/nonaga/records/*.nonaga; }
for how in undo resume; do
	st=$TMUX_DIR/race-$how
	race "$st"
	start -e XDG_STATE_HOME="$st" -e TZ=Asia/Tokyo --resume --no-animation
	check "[$how] ready" wait_for "Red (you) to move"
	keys Enter Tab Enter Enter Enter
	check "[$how] lost" wait_for "The computer wins."
	want "[$how] one record" "$(records "$st")" 1
	want "[$how] ... of the loss" "$(result_of "$st")" blue
	keys u
	check "[$how] taken back" wait_for "Red (you) to move"
	if [ $how = resume ]; then
		quit_anyhow
		start -e XDG_STATE_HOME="$st" -e TZ=Asia/Tokyo --resume --no-animation
		check "[$how] resumed" wait_for "Red (you) to move"
	fi
	keys Enter Enter Enter Enter
	check "[$how] won" wait_for "You win!"
	if [ $how = undo ]; then
		# --- item 8: a finished game's keys line offers what works
		check "over: the keys line offers what a finished game has" \
			has_text "n new game, u undo, x export, i coordinates, m menu, ? help, q quit"
		check "... no hint, no redo, no choosing" lacks_text "t hint"
		keys t
		check "t says the game is over" \
			wait_for "The game is over: there is no move to hint."
	fi
	want "[$how] still one record" "$(records "$st")" 1
	want "[$how] ... of the win" "$(result_of "$st")" red
	check "[$how] ... which says nothing of where it is kept" \
		sh -c "! grep -q '^Kept:' '$st'/nonaga/records/*.nonaga"
	quit_anyhow
done
# the list: the colour played, the result for the player, the time the
# replay's header shows (the Date, in local time: 19:15 in Tokyo)
start -e XDG_STATE_HOME="$st" -e TZ=Asia/Tokyo
wait_for "N O N A G A"
keys BTab Up Up Enter
check "Past games" wait_for "Finished games, the newest first"
check "... the local time, the result, the colour, the opponent" \
	has_text "2026-11-22 19:15 ∙ you won ∙ 1 move ∙ as Red vs computer level 1"
keys Enter
check "the replay's header has the same time" \
	wait_for "Red: human ∙ Blue: computer level 1 ∙ Red won ∙ 2026-11-22 19:15"
quit_anyhow

# --- item 5: the hint through the turn.  Its text stays until the turn
# is played, the cursor goes to its cell at each step, a hinted choice
# keeps its choice mark, and cells already chosen lose their !.
bangs() { screen | head -n -5 | tail -n +2 | tr -cd '!' | wc -c; }
hinted() { screen | sed -n 's/.*Hint: \([^ ]*\) (marked !)\..*/\1/p' | head -n 1; }
start --ai=1 --as red --no-animation
check "hint: ready" wait_for "Red (you) to move"
keys t
check "hint: said" wait_for "Hint: "
move=$(hinted)
sf=${move%%>*}; rest=${move#*>}; st=${rest%%/*}; rel=${move#*/}
rf=${rel%%>*}; rt=${rel#*>}
# Tab takes the cursor off the hinted token: it shows ! and the choice's ›
keys Tab
check "hint: a hinted choice keeps its choice mark (!◉›)" poll 5 has_text "!◉›"
keys BTab
check "hint: back on the token" poll 5 has_text "[◉]"
keys i Enter
check "hint: step 2 of the slide" wait_for "Choose where it slides"
check "hint: the text stays after the first Enter" has_text "Hint: $move (marked !)."
check "hint: the cursor goes to where the hint slides ($st)" has_text "cursor at $st"
keys Enter
check "hint: the disc to take" wait_for "Choose a free disc to take"
check "hint: ... the text still there" has_text "Hint: $move (marked !)."
check "hint: ... the cursor on the hint's disc ($rf)" has_text "cursor at $rf"
# the cursor is on the disc: only the place it goes is marked ! (not the
# slide's start, nor the token that slid)
want "hint: only the disc's place is marked" "$(bangs)" 2
keys Enter
check "hint: where the disc goes" wait_for "Choose where the disc goes"
check "hint: ... the cursor on the hint's place ($rt)" has_text "cursor at $rt"
want "hint: ... nothing else marked" "$(bangs)" 0
keys Enter
check "hint: played, the computer replies" wait_for "Last move: ◼ Blue"
check "hint: ... and the hint's text is gone" lacks_text "Hint: "
quit_anyhow

# --- item 6: the puzzles at 80x24: the task wrapped, not cut; the keys
# line names t; a win in two among the first puzzles
start --no-animation
wait_for "N O N A G A"
keys Down Down Down Down Down Enter
check "puzzles: the first" wait_for "Puzzle 1 of"
check "puzzles: the keys line names the hint" has_text "n next, p prev, r retry, t hint, ? help, q quit"
keys n n
check "puzzles: the third is a win in two" \
	wait_for "Puzzle 3 of $(grep -cv '^#' src/nonaga/puzzles.txt) ∙ win in two"
check "puzzles: the task's first line" \
	has_text "to win in two: find the move after which every reply of"
check "puzzles: ... and its end on the next" has_text "with a slide."
check "puzzles: ... nothing cut" lacks_text "⋯"
keys r
check "puzzles: with a message too" wait_for "Again from the start."
check "puzzles: ... the task still whole" has_text "with a slide."
quit_anyhow

# --- item 7: coordinates (i) at 80x24: the cursor's cell and every cell
# of the last move labelled, no label touching another
board_words() { screen | head -n -5 | tail -n +2 | tr -s ' ' '\n' | grep ,; }
labels_ok() { # every word with a comma on the board is one label
	board_words | grep -qvxE -- '-?[0-9]+,-?[0-9]+' && return 1
	last=$(screen | sed -n 's/.*Last move: [^ ]* [A-Za-z]* \([^ ]*\).*/\1/p')
	for c in $(echo "$last" | tr '>/' '  '); do
		[ "$c" = - ] && continue
		board_words | grep -qx -- "$c" || return 1
	done
	cur=$(screen | sed -n 's/.*cursor at \([^ ]*\).*/\1/p')
	board_words | grep -qx -- "$cur"
}
start --pvp --no-animation
check "coords: ready" wait_for "Red to move"
keys i
check "coords: on" wait_for "cursor at"
for turn in 1 2 3 4 5 6; do
	keys Enter Enter Enter Enter
	if [ $((turn % 2)) = 1 ]; then side=Red; else side=Blue; fi
	check "coords: turn $turn played" wait_for "Last move: $(printf '%s' "$side" | sed 's/Red/◉ Red/; s/Blue/◼ Blue/')"
	check "coords: turn $turn: every cell of the last move and the cursor's labelled, none touching" labels_ok
	keys Tab
done
quit_anyhow

# --- item 10: the side panel wraps between phrases, never inside one
# tall BOARD-LIST: a saved game against the computer on a board of the
# shape given, Red to move (its discs, then the tokens)
tall() {
	mkdir -p "$1/nonaga"
	printf '# nonaga record 1\nDate: 2026-11-22T10:15:00Z\nRed: human\nBlue: computer level 3\nRules: standard\nStart: %s/r/-\nResult: none\nMode: ai\nHuman: red\nLevel: 3\nMoves: 0\n\n' \
		"$2" > "$1/nonaga/current.save"
	chmod 600 "$1/nonaga/current.save"
}
no_line_ends() { ! screen | grep -qE -- "$1\$"; }
# a zigzag column of 19 discs (u = 2q + r is 0 or 1), too tall for 60x20
# at any scale, narrow enough for the side panel beside it
line=$(for r in $(seq -9 9); do
	if [ $((r % 2)) = 0 ]; then q=$((-r / 2)); else q=$(((1 - r) / 2)); fi
	printf '%d,%d;' "$q" "$r"; done | sed 's/;$//')
tall "$TMUX_DIR/line" "$line/5,-9;0,0;-4,9/2,-4;-2,4;-3,6"
# a board of 7 rows, 3 discs wide: the side panel and the move list at 120x40
wide=$( (for r in $(seq -3 3); do printf '0,%d;' "$r"; done
	for r in $(seq -2 3); do printf -- '-1,%d;' "$r"; done
	for r in $(seq -3 1); do printf -- '1,%d;' "$r"; done; printf '2,-3') )
tall "$TMUX_DIR/wide" "$wide/0,-3;0,0;0,3/-1,-2;-1,2;1,-3"
for size in 60x20:line 120x40:wide; do
	w=${size%%x*}; rest=${size#*x}; h=${rest%%:*}; board=${size#*:}
	for lg in en ja; do
		start -x "$w" -y "$h" -e XDG_STATE_HOME="$TMUX_DIR/$board" -e LANGUAGE=$lg \
			--lang $lg --resume --no-animation
		check "panel $w x $h $lg: the side panel" wait_for "NONAGA"
		if [ $lg = en ]; then
			check "panel $w x $h: the step whole" has_text "1. slide a token"
			check "panel $w x $h: ... no line ends in its number" no_line_ends "∙ 1\\."
			check "panel $w x $h: the lock's legend whole" has_text "⊘ lock"
			check "panel $w x $h: ... no line ends in the lock" no_line_ends "∙ ⊘"
			check "panel $w x $h: the keys whole" has_text "i coords, ? help,"
			check "panel $w x $h: ... to the last key" has_text "q quit"
			check "panel $w x $h: ... no line ends in a key" no_line_ends ", [a-z?]"
		else
			check "panel $w x $h ja: the step whole" has_text "1. コマのスライド"
			check "panel $w x $h ja: the lock's legend whole" has_text "⊘ ロック中"
			check "panel $w x $h ja: the keys whole" has_text "? ヘルプ"
			check "panel $w x $h ja: ... no line ends in a key" no_line_ends "、[a-z?]"
		fi
		quit_anyhow
	done
done

finish
