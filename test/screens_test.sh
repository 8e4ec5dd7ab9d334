#!/bin/sh
# screens_test.sh - doc/screens.md is what the program draws now: the page
# is written again by test/screens.sh (as `make screens' does) into a
# temporary file and compared with the committed one, screen by screen.
# When the game's look changes on purpose, `make screens' and commit.  The
# README's one screen must be the page's too.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness screens
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

if ! NONAGA=$NONAGA sh test/screens.sh "$tmp/screens.md" 2>"$tmp/err"; then
	no "test/screens.sh could not draw the screens: $(tail -40 "$tmp/err")"
	finish
fi
ok
# split PAGE DIR: the text before the first screen as DIR/0, screen N
# (from its "## " heading on) as DIR/N
split() { mkdir -p "$2" && awk -v d="$2" '/^## / { n++ } { print > (d "/" n + 0) }' "$1"; }
split doc/screens.md "$tmp/doc"
split "$tmp/screens.md" "$tmp/now"
want "the screens, by their headings" \
	"$(grep '^## ' doc/screens.md | tr '\n' '|')" "$(grep '^## ' "$tmp/screens.md" | tr '\n' '|')"
for f in "$tmp/now"/*; do
	n=${f##*/}
	if cmp -s "$tmp/doc/$n" "$f"; then
		ok
	else
		no "doc/screens.md differs from the program's screen (make screens):" \
			"$(diff -u "$tmp/doc/$n" "$f" | head -40)"
	fi
done
# The README's one screen is doc/screens.md's "Against the computer, after
# its reply", indented by four: line for line, within the README.
awk '/^## Against the computer, after its reply$/ { on = 1 }
	on && /^```$/ { if (++n == 2) exit; next }
	on && n == 1 { print ($0 == "" ? "" : "    " $0) }' doc/screens.md > "$tmp/shown"
if [ "$(wc -l < "$tmp/shown")" -ge 20 ] && awk '
	NR == FNR { want[++n] = $0; next }
	{ line[++m] = $0 }
	END { for (i = 1; i + n - 1 <= m; i++) {
		for (j = 1; j <= n && line[i + j - 1] == want[j]; j++) ;
		if (j > n) exit 0 }
	      exit 1 }' "$tmp/shown" README; then
	ok
else
	no "the README's screen is not doc/screens.md's \"Against the computer, after its reply\""
fi
finish
