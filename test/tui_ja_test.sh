#!/bin/sh
# tui_ja_test.sh - the game in Japanese at 80x24: LANGUAGE=ja under C.UTF-8
# and LANG=ja_JP.UTF-8 (a locale this machine does not have) speak
# Japanese, LANGUAGE=en speaks no Japanese, no screen line is wider than
# the window (Japanese characters take two columns) and nothing is cut
# short, and the rules page scrolls to its end.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_ja

# A helper built with libunistring, as the program measures:
#   jawidth width   the widest line of standard input, in columns
#   jawidth cjk     how many CJK characters (kana, kanji, CJK and
#                   full-width punctuation) standard input holds
cat > "$TMUX_DIR/jawidth.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <unistr.h>
#include <uniwidth.h>

int main(int argc, char **argv)
{
	char line[8192];
	int widest = 0, cjk = 0;
	while (fgets(line, sizeof line, stdin)) {
		size_t n = strcspn(line, "\n");
		const uint8_t *s = (const uint8_t *)line;
		int w = u8_width(s, n, "UTF-8");
		if (w > widest)
			widest = w;
		for (size_t i = 0; i < n;) {
			ucs4_t uc;
			int len = u8_mbtouc(&uc, s + i, n - i);
			if ((uc >= 0x3000 && uc <= 0x9fff) || (uc >= 0xf900 && uc <= 0xfaff) ||
			    (uc >= 0xff00 && uc <= 0xffef))
				cjk++;
			i += len > 0 ? (size_t)len : 1;
		}
	}
	printf("%d\n", argc > 1 && !strcmp(argv[1], "cjk") ? cjk : widest);
	return 0;
}
EOF
JAWIDTH=$TMUX_DIR/jawidth
if ! ${CC:-cc} -o "$JAWIDTH" "$TMUX_DIR/jawidth.c" -lunistring 2>"$TMUX_DIR/cc.err"; then
	no "cannot build the width helper: $(cat "$TMUX_DIR/cc.err")"
	finish
fi
# the helper counts a Japanese character as two columns
check "the helper measures 日本語 as 6 columns" \
	test "$(printf '日本語\n' | "$JAWIDTH")" = 6
check "the helper measures ⬡ ◉ as 3 columns" \
	test "$(printf '⬡ ◉\n' | "$JAWIDTH")" = 3

# fits WIDTH NAME: no line of the screen is wider than WIDTH columns and
# no text is cut with the ellipsis; the screen is kept for the log
fits() {
	screen > "$TMUX_DIR/scr"
	[ -s "$TMUX_DIR/scr" ] || return 1
	w=$("$JAWIDTH" < "$TMUX_DIR/scr")
	echo "tui_ja: $2: widest line $w columns"
	[ "$w" -le "$1" ] && ! grep -qF '⋯' "$TMUX_DIR/scr"
}
no_japanese() {
	screen > "$TMUX_DIR/scr"
	[ -s "$TMUX_DIR/scr" ] && [ "$("$JAWIDTH" cjk < "$TMUX_DIR/scr")" -eq 0 ]
}

# LANGUAGE=ja with LANG=C.UTF-8
start -e LANGUAGE=ja --pvp
check "LANGUAGE=ja: Japanese on the game screen" wait_for "赤の番"
check "LANGUAGE=ja: the phase" has_text "1. コマのスライド"
check "LANGUAGE=ja: the keys" has_text "? ヘルプ"
check "LANGUAGE=ja: no English" lacks_text "Red to move"
check "first screen fits 80 columns" fits 80 "first screen"
# a refusal in the message line: Enter on a disc without a token
keys Down Enter
check "a refusal says why" wait_for "選べません: "
check "the refusal fits" fits 80 "refusal"
keys Tab Enter
check "a token chosen" wait_for "(◉)"
check "choosing where it slides fits" fits 80 "slide"
keys Enter
check "phase 2" wait_for "2. タイルの移動"
check "choosing a disc fits" fits 80 "take"
keys Enter
check "a disc chosen" wait_for "◦"
check "choosing where it goes fits" fits 80 "place"
keys Enter
check "the turn passes" wait_for "青の番"
check "the last move" has_text "直前の手: ◉ 赤 "
keys m
check "the longest question" wait_for "タイトルメニューに戻りますか？ (y/n)"
check "the question fits" fits 80 "question"
keys n
keys '?'
check "help" wait_for "NONAGA: キー操作"
check "help fits" fits 80 "help"
keys End
check "help, its end" wait_for "nonaga(6)"
check "help, its end fits" fits 80 "help end"
keys q
wait_gone "nonaga(6)"
T resize-window -x 40 -y 12
check "too small, in Japanese" wait_for "48x14"
check "too small: says its size" has_text "40x12"
check "too small fits 40 columns" fits 40 "too small"
T resize-window -x 80 -y 24
check "back to 80x24" wait_for "青の番"
check "LANGUAGE=ja: quit" quit_anyhow

# the title menu and the rules page
start -e LANGUAGE=ja
check "menu in Japanese" wait_for "コンピュータと対戦"
check "menu fits" fits 80 "menu"
keys Down Down Down Down Down Down Down Enter
check "the rules" wait_for "NONAGA: ルール"
check "the rules fit" fits 80 "rules"
# the last sentence of the rules, without blanks (a line may break at one)
rules_end() {
	screen | tr -d ' \n' | grep -qF "同じ局面が3回目に現れたら引き分けです。"
}
ended=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	if poll 1 rules_end; then
		ended=1
		break
	fi
	keys Down
done
check "the rules scroll to their last line" test "$ended" = 1
check "the rules' end fits" fits 80 "rules end"
keys q
check "back to the menu" wait_for "コンピュータと対戦"
keys q
check "menu: quit" wait_exit

# against the computer at level 10: the longest header
start -e LANGUAGE=ja --ai=10 --as blue --no-animation
# (the dots that come and go while it thinks are Japanese ones, not ".")
check "the computer thinks, with Japanese dots" poll 20 has_text "赤 (コンピュータ) が考え中・"
check "... no ASCII period" lacks_text "考え中."
check "against the computer, in Japanese" wait_for "青 (あなた) の番" 20
check "the header names the level" has_text "(レベル 10)"
check "the computer's game fits" fits 80 "computer"
check "--ai: quit" quit_anyhow

# LANG of a Japanese locale that is not installed
start -l ja_JP.UTF-8 -e LANGUAGE= --pvp
check "LANG=ja_JP.UTF-8: Japanese on the game screen" wait_for "赤の番"
check "LANG=ja_JP.UTF-8: fits" fits 80 "ja_JP.UTF-8"
check "LANG=ja_JP.UTF-8: quit" quit_anyhow

# LANGUAGE=en: no Japanese at all
start -e LANGUAGE=en --pvp
check "LANGUAGE=en: English" wait_for "Red to move"
check "LANGUAGE=en: no Japanese on the game screen" no_japanese
keys '?'
check "LANGUAGE=en: help" wait_for "NONAGA: keys"
check "LANGUAGE=en: no Japanese in the help" no_japanese
keys q
check "LANGUAGE=en: quit" quit_anyhow

# the side panel of a narrow screen wraps between words, never inside a
# katakana word (コ / ンピュータ was cut in two)
start -x 60 -y 16 -l C.UTF-8 -e LANGUAGE=ja --lang ja --ai=5 --as red
check "60x16: the side panel" wait_for "あなた"
check "60x16: コンピュータ stays whole" has_text "コンピュータ: ◼ 青"
keys q
wait_exit

# a bracket that fits on a line is not wrapped inside ("(!" / "の付いたマス)"
# in the side panel at 60x18)
start -x 60 -y 18 -l C.UTF-8 -e LANGUAGE=ja --lang ja --pvp
check "60x18: a two-player game" wait_for "赤"
keys t
check "60x18: the hint" wait_for "ヒント:"
# (the hint differs from run to run: some leave room for the bracket, some
# do not; whichever, no line ends inside it)
split() { screen | grep -qE '\((!|! の付いたマス)$'; }
check "... no line ends inside its bracket" eval '! split'
quit_anyhow

finish
