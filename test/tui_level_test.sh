#!/bin/sh
# tui_level_test.sh - the title menu's level chooser says where each level
# stands on the server's scale (make calibrate's table, ng_level_rating):
# "◂ 7 ∙ about 1740 ▸", in Japanese "◂ 7 ∙ 約1740 ▸"; a level not
# measured shows its number alone.  The numbers come from
# src/lib/level_ratings.c.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_level

# The chooser's value for level N in language L (en, ja).
shown() {
	r=$(level_rating "$1")
	if [ -z "$r" ]; then
		echo "◂ $1 ▸"
	elif [ "$2" = ja ]; then
		echo "◂ $1 ∙ 約$r ▸"
	else
		echo "◂ $1 ∙ about $r ▸"
	fi
}

for L in en ja; do
	start -e LANGUAGE=$L
	if [ $L = ja ]; then
		check "$L: the menu" wait_for "コンピュータと対戦"
	else
		check "$L: the menu" wait_for "Play against the computer"
	fi
	check "$L: level 5 by default: $(shown 5 $L)" has_text "$(shown 5 $L)"
	keys Down Right Right
	check "$L: Right twice: $(shown 7 $L)" wait_for "$(shown 7 $L)"
	keys Right Right Right
	check "$L: level 10: $(shown 10 $L)" wait_for "$(shown 10 $L)"
	keys Right
	check "$L: then level 1: $(shown 1 $L)" wait_for "$(shown 1 $L)"
	check "$L: quit" quit_anyhow
done
finish
