#!/bin/sh
# tui_fit_test.sh - texts that were cut at 80 columns (issue 38, item 17)
# are whole on an 80x24 screen: where a finished game was kept (the path
# relative to the home directory), a line of Past games (the result and
# the number of moves before who played), the message of a wrong answer
# to a puzzle.  (The lobby's line on a shared server: tui_shared_test.sh.)
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_fit

# a game against the computer at level 10, Red (the player) to move; Enter
# Tab Enter Enter Enter does not win and leaves Blue its winning slide
# (in HOME_DIR's state directory)
game() {
ST=$HOME_DIR/.local/state
mkdir -p "$ST/nonaga"
cat > "$ST/nonaga/current.save" <<'REC'
# nonaga record 1
Date: 2026-11-22T10:15:59Z
Red: human
Blue: computer level 10
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/-2,0;-1,1;-2,2/r/-
Result: none
Mode: ai
Human: red
Level: 10
Moves: 0

REC
chmod 600 "$ST/nonaga/current.save"
}
run() { start -e HOME="$HOME_DIR" -e XDG_STATE_HOME="$ST" -e TZ=Asia/Tokyo "$@"; }
# line_is TEXT (line_re REGEX): a line of the screen is TEXT (matches
# REGEX), with only spaces around it
line_is() { screen | sed 's/^ *//; s/ *$//' | grep -qxF -- "$1"; }
line_re() { screen | sed 's/^ *//; s/ *$//' | grep -qxE -- "$1"; }

# --- the record's path, from the home directory; in Japanese too
HOME_DIR=$TMUX_DIR/home-ja
game
run -e LANGUAGE=ja --lang ja --resume --no-animation
check "kept ja: ready" wait_for "赤 (あなた) の番"
keys Enter Tab Enter Enter Enter
check "kept ja: lost" wait_for "コンピュータの勝ちです。"
name=$(ls "$ST/nonaga/records")
check "kept ja: the path from ~, whole on a line" \
	poll 5 line_is "棋譜を ~/.local/state/nonaga/records/$name に保存しました。"
quit_anyhow
HOME_DIR=$TMUX_DIR/home
game
run --resume --no-animation
check "kept: ready" wait_for "Red (you) to move"
keys Enter Tab Enter Enter Enter
check "kept: lost" wait_for "The computer wins."
name=$(ls "$ST/nonaga/records")
check "kept: one record ($name)" test "$(echo "$name" | wc -w)" = 1
check "kept: the path from ~, whole on a line" \
	poll 5 line_is "The game was kept as ~/.local/state/nonaga/records/$name."
quit_anyhow

# --- Past games: the date, the result, the moves, then who played: an
# opponent's long name online is what is cut, not the result
sed 's/^Date: .*/Date: 2026-11-21T10:15:00Z/; s/^Mode: ai/Mode: online/
	s/^Blue: .*/Blue: a-login-name-of-thirty-two-chars/' \
	"$ST/nonaga/records/$name" > "$ST/nonaga/records/20261121-101500.nonaga"
run
wait_for "N O N A G A"
keys BTab Up Up Enter
check "Past games" wait_for "Finished games, the newest first"
check "Past games: the line whole at 80 columns" \
	line_is "▸ 2026-11-22 19:15 ∙ you lost ∙ 2 moves ∙ as Red vs computer level 10"
check "Past games online: the result and the moves before a long name" \
	has_text "2026-11-21 19:15 ∙ you lost ∙ 2 moves ∙ as Red vs a-login-name"
quit_anyhow

# --- a wrong answer to a puzzle: why, and what r and n do, on one line
# below the task.  The first move that Enter finds in puzzle 3 (a win in
# two) is wrong: after the reply no slide wins.
start --no-animation
wait_for "N O N A G A"
keys Down Down Down Down Down Enter
check "puzzles" wait_for "Puzzle 1 of"
keys n n
check "puzzle 3" wait_for "Puzzle 3 of"
keys Enter Enter Enter Enter
check "puzzle: a wrong move" wait_for "Not solved."
check "puzzle: why and what next, whole on a line" \
	poll 5 line_re "Not this move: (after (Red|Blue)'s reply, no slide wins|(Red|Blue) wins with a slide)\. r tries again, n goes on\."
quit_anyhow

finish
