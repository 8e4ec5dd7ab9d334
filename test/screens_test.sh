#!/bin/sh
# screens_test.sh - doc/screens.md is what the program draws now: the page
# is written again by test/screens.sh (as `make screens' does) into a
# temporary file and compared with the committed one, screen by screen.
# When the game's look changes on purpose, `make screens' and commit.
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
finish
