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

finish
