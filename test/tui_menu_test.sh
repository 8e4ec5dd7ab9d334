#!/bin/sh
# tui_menu_test.sh - the title menu: its items, settings, the rules page,
# starting games from it and coming back to it.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_menu

start
check "title" wait_for "N O N A G A"
for item in "Play against the computer" "Level" "Your side" \
	"Two players on this terminal" "Rule set" "How to play" "Language" "Quit"; do
	check "menu item: $item" has_text "$item"
done
check "default level 5" has_text "5"
check "side random by default" has_text "random"

keys Down Right Right
check "Right raises the level" wait_for "7"
keys Down Right
check "Right changes the side" wait_for "Red"
keys Down Down Down Down Right
check "Right changes the rule set" wait_for "simple"
keys Down Enter
check "How to play shows the rules" wait_for "NONAGA: the rules"
check "the rules speak of sliding" has_text "Slide one of your tokens"
check "... that a token stops before a hole" has_text "of a hole (a cell"
keys NPage
check "Page Down shows the rest: the three winning shapes" wait_for "triangle or a V"
# the pictures: a line, a triangle (the third token under the gap between
# the two) and a V (under and beside the second one)
pictures() {
	screen | grep -A2 -F "a line      a triangle  a V" | tail -n 2 > "$TMUX_DIR/shapes"
	printf '     ◉ ◉ ◉       ◉ ◉         ◉ ◉\n      ⬡ ⬡         ◉ ⬡         ⬡ ◉\n' |
		cmp -s - "$TMUX_DIR/shapes"
}
check "... and drawn" pictures
keys PPage
check "Page Up goes back to the top" wait_for "NONAGA: the rules"
keys Escape
check "Esc closes the rules" wait_for "Play against the computer"

keys Up Up Up Up Up Up Up Enter
check "the computer game starts with the settings" wait_for "Red (you) to move" 20
check "level 7" has_text "level 7"
check "simple rules" has_text "simple rules"
check "... whose header has no lock" lacks_text "⊘"
keys Enter Enter
check "... nor asks for a free disc" wait_for "Choose an empty disc to take"
keys Escape
check "(Esc takes the slide back)" wait_for "Choose where it slides"
keys Escape
wait_for "Choose a token that can move"
keys m
check "m leads back to the menu" wait_for "Play against the computer"
check "the settings are kept" has_text "simple"

keys Down Down Down Enter
check "a two-player game" wait_for "Red to move"
keys Enter Enter Enter Enter
wait_for "Blue to move"
keys m
check "m during a game asks" wait_for "Leave this game for the title menu? (y/n)"
keys y
check "y leads to the menu" wait_for "Play against the computer"

# a game left in progress with m: the menu stands on Resume
check "... on Resume the saved game" has_text "▸ Resume the saved game"
# Up at the top stays there (it never wraps round to Quit)
# (Up then Down: from Resume to the next item, not from Quit round to Resume)
keys Up Down
check "Up at the top stays on Resume" wait_for "▸ Play against the computer"
# the menu keeps its place after a screen of its own (Past games), even
# with a saved game to resume (Resume is chosen only after a game)
keys Down Down Down Down Down Down Down Down Enter
check "Past games from the menu" wait_for "No finished game has been kept yet."
keys Escape
check "... and back on Past games, not on Resume" wait_for "▸ Past games"
keys Up Up Up Up Up Up Up Up
wait_for "▸ Play against the computer"
# below it: Level, Your side, Two players, Play online, Puzzles, Rule
# set, How to play, Past games, then Language
keys Down Down Down Down Down Down Down Down Down Enter
check "Language cycles (system default, English, ...)" wait_for "English"
keys Down Enter
check "Quit quits" wait_exit
check "exit status 0" test "$(exit_status)" = 0
# --- the line under the menu says what Enter does on each setting, and
# Enter does it: on Level and Your side it plays against the computer, on
# Rule set (whose line says what simple means) it changes the setting
start
wait_for "N O N A G A"
check "the line under the menu" has_text "Enter starts,"
keys '?'
check "? shows the title menu's keys" wait_for "NONAGA: the title menu's keys"
check "... what Enter does on a setting" has_text "on Level and Your"
check "... and not the game's keys" lacks_text "undo"
keys Escape
check "Esc closes them" wait_for "Play against the computer"
keys Down
check "on Level: Enter plays" wait_for "the level; Enter plays against the computer."
keys Down
check "on Your side: Enter plays" wait_for "choose your side (random, Red or Blue"
keys Down Down Down Down
check "on Rule set: what simple means" wait_for "Simple rules: any empty disc may be taken."
check "... and that Enter changes it" has_text "or Enter change the rule set."
keys Enter
check "Enter on Rule set changes it" wait_for "simple ▸"
keys Down Down Down
check "on Language: Enter changes it" wait_for "Left, right or Enter change the language."
keys Up Up Up Up Up Up Up Up Left Left
check "Left on Level" wait_for "◂ 3 "
keys Enter
check "Enter on Level starts the game against the computer" wait_for "level 3" 20
check "... with the rule set chosen" has_text "simple rules"
quit_anyhow

# --- the smallest screen, 48x14, with Resume: every item is on it, in
# English and Japanese, Up from the top shows Quit selected, and nothing
# is drawn over anything else
small=$TMUX_DIR/small
mkdir -p "$small/nonaga"
printf '# nonaga record 1\nRed: human\nBlue: human\nRules: standard\nResult: none\nMode: pvp\nMoves: 1\n\n2,-2>-1,1/-1,-1>-3,1\n' \
	> "$small/nonaga/current.save"
chmod 600 "$small/nonaga/current.save"
for lg in en ja; do
	if [ $lg = en ]; then items="Resume|Play against|Level|Your side|Two players|Play online|Puzzles|Rule set|How to play|Past games|Language|Quit"
	else items="再開|コンピュータと対戦|レベル|あなたの色|二人対戦|オンライン対戦|パズル|ルール|遊び方|過去のゲーム|言語|終了"; fi
	start -x 48 -y 14 -e LANGUAGE=$lg -e XDG_STATE_HOME="$small" --lang $lg
	wait_for "N O N A G A"
	all_items() {
		screen > "$TMUX_DIR/menu48"
		echo "$items" | tr '|' '\n' | while read -r it; do
			grep -qF -- "$it" "$TMUX_DIR/menu48" || exit 1
		done
	}
	check "48x14 $lang: every item, Resume to Quit" all_items
	check "48x14 $lang: the version is not over a setting" \
		sh -c "! grep -E '(▸|standard|標準).*0\.1' '$TMUX_DIR/menu48'"
	keys Up Down
	check "48x14 $lang: Up from the top stays on Resume" \
		poll 5 sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -q '▸ \(Play against\|コンピュータと対戦\)'"
	keys BTab BTab
	check "48x14 $lang: Shift-Tab from the top selects Quit, on the screen" \
		poll 5 sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -q '▸ \(Quit\|終了\)'"
	keys q
	wait_exit
done

finish
