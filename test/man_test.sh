#!/bin/sh
# man_test.sh - the manual pages: groff finds nothing to warn about, man
# renders them, they have their sections, they document exactly the
# options of options.c and every engine command, the two editions stay in
# step, the examples show what the program really answers, and the README
# names only targets, options and sections that exist.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness man
EN=man/nonaga.6 JA=man/ja/nonaga.6
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# groff -ww: all warnings; the Japanese page through preconv (-k).
for args in "$EN" "-Tutf8 -k $JA"; do
	if groff -mandoc -ww -z $args >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ]; then
		ok
	else
		no "groff -mandoc -ww -z $args: $(head -5 "$tmp/out")"
	fi
done

# man -l renders each page (in UTF-8), without complaints.
for page in "$EN:NAME:nonaga - the board game" "$JA:名前:端末で遊ぶボードゲーム"; do
	file=${page%%:*} rest=${page#*:}; head=${rest%%:*} text=${rest#*:}
	env -i PATH="$PATH" LANG=C.UTF-8 MANWIDTH=80 MANPAGER=cat \
		man -l "$file" >"$tmp/page" 2>"$tmp/err"
	if [ $? -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "^$head" "$tmp/page" &&
	   grep -qF -- "$text" "$tmp/page"; then
		ok
	else
		no "man -l $file: $(head -3 "$tmp/err")"
	fi
done

# Installed under .../ja/man6, man-db renders the page as Japanese text
# (groff's Japanese line breaking), where a long run without spaces
# cannot be broken: render it from such a place too.
mkdir -p "$tmp/share/man/ja/man6" && cp "$JA" "$tmp/share/man/ja/man6/nonaga.6"
env -i PATH="$PATH" LANG=C.UTF-8 MANWIDTH=80 MANPAGER=cat \
	man -l "$tmp/share/man/ja/man6/nonaga.6" >"$tmp/page" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -s "$tmp/err" ]; then ok; else no "man -l .../ja/man6/nonaga.6: $(head -3 "$tmp/err")"; fi

# The sections.
sections() { grep '^\.SH' "$1" | sed 's/^\.SH *//; s/"//g'; }
want_en='NAME SYNOPSIS DESCRIPTION RULES KEYS OPTIONS ENGINE_PROTOCOL ONLINE ENVIRONMENT FILES EXIT_STATUS EXAMPLES SEE_ALSO'
want_ja='名前 書式 説明 ルール キー操作 オプション エンジンプロトコル オンライン対戦 環境変数 ファイル 終了ステータス 例 関連項目'
got=$(sections $EN | tr ' ' _ | tr '\n' ' ' | sed 's/ $//')
if [ "$got" = "$want_en" ]; then ok; else no "$EN sections: $got"; fi
got=$(sections $JA | tr '\n' ' ' | sed 's/ $//')
if [ "$got" = "$want_ja" ]; then ok; else no "$JA sections: $got"; fi
# The two editions in step: the same outline of sections, subsections
# and tagged paragraphs.
for m in SH SS TP EX; do
	a=$(grep -c "^\.$m\b" $EN) b=$(grep -c "^\.$m\b" $JA)
	if [ "$a" = "$b" ]; then ok; else no ".$m: $a in $EN, $b in $JA"; fi
done

# Options: the long options of options.c's table, the aliases (another
# spelling of an option) marked.
sed -nE 's/^[[:space:]]*\{ O_[A-Z_]*, "([a-z-]*)", (NULL|"([a-z-]*)"),.*/\1 \3/p' \
	src/nonaga/options.c | awk '{ print $1, "main"; if ($2 != "") print $2, "alias" }' > "$tmp/opts"
if [ "$(wc -l < "$tmp/opts")" -ge 10 ]; then ok; else no "cannot read the options of options.c"; fi
env -i LANG=C.UTF-8 "$NONAGA" --help > "$tmp/help.en" 2>&1
env -i LANG=C.UTF-8 "$NONAGA" --lang ja --help > "$tmp/help.ja" 2>&1
# documented PAGE: the options a page names (\-\-name), one per line
documented() {
	grep -oE '\\-\\-[a-z]([a-z]|\\-)*' "$1" | sed 's/\\-/-/g; s/^--//' | sort -u
}
documented $EN > "$tmp/doc.en"
documented $JA > "$tmp/doc.ja"
while read -r opt kind; do
	for l in en ja; do
		if grep -qx -- "$opt" "$tmp/doc.$l"; then ok; else no "--$opt is not in the $l manual"; fi
	done
	[ "$kind" = alias ] && continue
	for l in en ja; do
		if grep -q -- "--$opt\\b" "$tmp/help.$l"; then ok; else no "--$opt is not in --help ($l)"; fi
	done
done < "$tmp/opts"
# ... and no option that options.c does not have, in the manuals or in
# --help (an option's text naming another, as --host's names --clock).
for l in en ja; do
	for opt in $(cat "$tmp/doc.$l"); do
		if grep -q "^$opt " "$tmp/opts"; then ok; else no "the $l manual documents --$opt, which options.c lacks"; fi
	done
	grep -oE -- '--[a-z][a-z-]*' "$tmp/help.$l" | sed 's/^--//' | sort -u > "$tmp/helped"
	if [ "$(wc -l < "$tmp/helped")" -ge 35 ]; then ok; else no "--help ($l): the options: $(cat "$tmp/helped")"; fi
	for opt in $(cat "$tmp/helped"); do
		if grep -q "^$opt main" "$tmp/opts"; then ok; else no "--help ($l) names --$opt, which options.c lacks"; fi
	done
done

# Every engine command has its entry in both pages.
printf 'list_commands\n' | "$NONAGA" --engine | sed -n 's/^= //p; /^[a-z_]*$/p' > "$tmp/cmds"
if [ "$(wc -l < "$tmp/cmds")" -ge 10 ]; then ok; else no "list_commands: $(cat "$tmp/cmds")"; fi
while read -r cmd; do
	for page in $EN $JA; do
		if grep -Eq "^\\.B[IR]? \"?$cmd( |\"|\$)" $page; then ok; else no "command $cmd has no entry in $page"; fi
	done
done < "$tmp/cmds"

# Every command of the online server (a row of server_cmds.c's table)
# has its entry in the ONLINE section of both pages.
sed -n 's/^	{ "\([a-z]*\)", [0-9].*/\1/p' src/nonaga/server/server_cmds.c | sort -u > "$tmp/scmds"
if [ "$(wc -l < "$tmp/scmds")" -ge 12 ]; then ok; else no "server commands: $(cat "$tmp/scmds")"; fi
for page in $EN $JA; do
	awk '/^\.SH (ONLINE|オンライン対戦)/ { on = 1; next } /^\.SH/ { on = 0 } on' $page > "$tmp/online"
	while read -r cmd; do
		if grep -Eq "^\.B[IR]? \"?$cmd( |\"|\$)" "$tmp/online"; then ok; else no "server command $cmd has no entry in $page"; fi
	done < "$tmp/scmds"
done

# No control character in the sources (a "\f" turned into a form feed
# by a script once hid the font changes of a Japanese paragraph).
for page in $EN $JA; do
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" $page; then
		no "$page has a control character"
	else ok; fi
done

# The start position in the Notation section is the engine's.
for page in $EN $JA; do
	doc=$(awk '/^\.EX/ { ex = 1; next } /^\.EE/ { ex = 0 } ex && /^0,\\-2;1,\\-2/ { on = 1 }
		on && ex { printf "%s", $0 } on && !ex { exit }' $page | sed 's/\\-/-/g')
	real=$(printf 'position\n' | "$NONAGA" --engine | sed -n 's/^= //p')
	if [ -n "$doc" ] && [ "$doc" = "$real" ]; then ok; else no "$page: start position '$doc', engine '$real'"; fi
done

# The engine session in EXAMPLES, replayed: each command's answer must be
# the one shown (a line with "..." stands for its beginning and end).
for page in $EN $JA; do
	awk '/^\$ nonaga \\-\\-engine/ { on = 1; next } on && /^\.EE/ { exit } on' $page |
		sed 's/\\-/-/g' > "$tmp/session"
	awk 'NR == 1 || prev == "" { print } { prev = $0 }' "$tmp/session" > "$tmp/commands"
	"$NONAGA" --engine < "$tmp/commands" > "$tmp/answers" 2>&1
	# Put the commands back in front of their answers, as shown.
	awk 'NR == FNR { cmd[++n] = $0; next }
		start { print cmd[++k]; start = 0 } { print } $0 == "" { start = 1 }
		BEGIN { start = 1 }' "$tmp/commands" "$tmp/answers" | sed '$d' > "$tmp/replay"
	if [ "$(wc -l < "$tmp/commands")" -ge 5 ] && awk '
		NR == FNR { want[++n] = $0; next }
		{ got[++m] = $0 }
		END {
			if (n != m) { print "lines: " n " shown, " m " real"; exit 1 }
			for (i = 1; i <= n; i++) {
				w = want[i]; g = got[i]; p = index(w, "...")
				if (p) {
					a = substr(w, 1, p - 1); b = substr(w, p + 3)
					ok = index(g, a) == 1 && length(g) >= length(a) + length(b) &&
					     substr(g, length(g) - length(b) + 1) == b
				} else ok = w == g
				if (!ok) { print "line " i ": shown \"" w "\", real \"" g "\""; exit 1 }
			}
		}' "$tmp/session" "$tmp/replay" > "$tmp/diff"; then
		ok
	else
		no "$page: the engine session differs: $(cat "$tmp/diff")"
	fi
done

# The README: short (the rest is this manual's and doc/'s), and true for
# the program: the make targets, options, manual sections and doc/ pages
# it names exist.
lines=$(wc -l < README)
if [ "$lines" -le 300 ]; then ok; else no "README: $lines lines, more than 300"; fi
grep -oE '(^    |; )make [a-z][a-z-]*' README | sed 's/.*make //' | sort -u > "$tmp/targets"
if [ "$(wc -l < "$tmp/targets")" -ge 10 ]; then ok; else no "README: the make targets: $(cat "$tmp/targets")"; fi
while read -r t; do
	if grep -q "^$t:" Makefile; then ok; else no "the README names make $t, which the Makefile lacks"; fi
done < "$tmp/targets"
grep -v 'pkg-config' README | grep -oE -- '--[a-z][a-z-]*' | sed 's/^--//' | sort -u > "$tmp/readme-opts"
if [ "$(wc -l < "$tmp/readme-opts")" -ge 10 ]; then ok; else no "README: the options: $(cat "$tmp/readme-opts")"; fi
while read -r opt; do
	if grep -q "^$opt " "$tmp/opts"; then ok; else no "the README names --$opt, which options.c lacks"; fi
done < "$tmp/readme-opts"
grep -oE 'section [A-Z]+( [A-Z]+)*' README | sed 's/^section //' | sort -u > "$tmp/readme-sections"
if [ -s "$tmp/readme-sections" ]; then ok; else no "README: no manual section named"; fi
while read -r sec; do
	if grep -Eq "^\\.SH \"?$sec\"?\$" $EN; then ok; else no "the README sends readers to section $sec, which $EN lacks"; fi
done < "$tmp/readme-sections"
for f in $(grep -oE 'doc/[a-z]+\.md' README | sort -u) $(sed -n 's/^    doc\/ *//p' README | grep -oE '[a-z]+\.md' | sed 's|^|doc/|'); do
	if [ -f "$f" ]; then ok; else no "the README names $f, which is missing"; fi
done

finish
