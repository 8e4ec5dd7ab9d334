#!/bin/sh
# i18n_test.sh - the program speaks the language asked for, by gettext's
# precedence, even when the locale named in the environment is not
# installed (this machine has only C, C.UTF-8 and POSIX), and finds its
# catalogs beside the executable or else in the installed LOCALEDIR.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness i18n
case $NONAGA in /*) ;; *) NONAGA=$PWD/$NONAGA ;; esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# lang_of "ENV..." "ARGS..." [PROGRAM]: run PROGRAM (default $NONAGA) with
# ARGS in exactly that environment, say ja, en or what it printed.
lang_of() {
	out=$(env -i $1 "${3:-$NONAGA}" $2 2>&1)
	case $out in
	*'使い方: nonaga'* | *'は指定できません'* | *'不明か、引数'*) echo ja ;;
	*'Usage: nonaga'* | *'invalid '* | *'unknown or incomplete'*) echo en ;;
	*) echo "?? $out" ;;
	esac
}

# expect WANT DESCRIPTION "ENV..." ["ARGS..."] [PROGRAM]
expect() {
	got=$(lang_of "$3" "${4:---help}" "$5")
	if [ "$got" = "$1" ]; then ok; else no "$2: want $1, got $got"; fi
}

# The locale asked for is missing: C.UTF-8 is used, the language is kept.
expect ja "LANG of a missing locale" "LANG=ja_JP.UTF-8"
expect ja "LC_ALL of a missing locale" "LC_ALL=ja_JP.UTF-8 LANG=C"
expect ja "LC_MESSAGES of a missing locale" "LANG=C.UTF-8 LC_MESSAGES=ja_JP.UTF-8"
expect ja "a bare language name" "LANG=ja"
expect ja "LANGUAGE list, the first without a catalog" "LANG=ja_JP.UTF-8 LANGUAGE=fr:ja"
# Precedence: LC_ALL, then LC_MESSAGES, then LANG.
expect en "LC_ALL=C beats LANG" "LC_ALL=C LANG=ja_JP.UTF-8"
expect en "LC_MESSAGES=C beats LANG" "LC_MESSAGES=C LANG=ja_JP.UTF-8"
expect en "LC_ALL beats LC_MESSAGES" "LC_ALL=en_GB.UTF-8 LC_MESSAGES=ja_JP.UTF-8"
# LANGUAGE beats them all unless the locale is C.
expect en "LANGUAGE beats LANG" "LANGUAGE=en LANG=ja_JP.UTF-8"
expect ja "LANGUAGE under C.UTF-8" "LANGUAGE=ja LANG=C.UTF-8"
expect en "LANGUAGE ignored in the C locale" "LANGUAGE=ja LANG=C"
expect en "LANGUAGE ignored in the C locale, after the fallback" \
	"LANGUAGE=ja LANG=C LC_CTYPE=ja_JP.UTF-8"
expect en "no locale at all" ""
expect en "an English locale" "LANG=en_US.UTF-8"
# --lang beats everything, whatever its place and spelling.
expect ja "--lang ja in C.UTF-8" "LANG=C.UTF-8" "--lang ja --help"
expect ja "--lang=ja with LANGUAGE=en" "LANGUAGE=en LANG=C.UTF-8" "--lang=ja --help"
expect en "--lang en in a Japanese locale" "LANG=ja_JP.UTF-8" "--lang en --help"
expect en "--lang en with LANGUAGE=ja" "LANGUAGE=ja LANG=C.UTF-8" "--lang=en --help"
expect ja "--lan, abbreviated" "LANG=C.UTF-8" "--lan ja --help"
expect ja "--lang after --help" "LANG=C.UTF-8" "--help --lang ja"
expect ja "--lang after a bad option" "LANG=C.UTF-8" "--as purple --lang ja"
expect en "the last --lang counts" "" "--lang ja --lang en --help"
# Japanese asked for where the locale is not UTF-8 (LANG=C, or none): the
# terminal gets English in ASCII, no UTF-8, and stderr says why.
why="nonaga: Japanese needs a UTF-8 locale (LANG=C.UTF-8, say): English is used."
expect en "--lang ja in C: English" "LANG=C" "--lang ja --help"
expect en "--lang ja without a locale: English" "" "--help --lang ja"
out=$(env -i LANG=C "$NONAGA" --lang ja --help 2>"$tmp/err"); s=$?
want "--lang ja --help in C: exit 0" "$s" 0
want "... stdout is ASCII" "$(printf '%s' "$out" | LC_ALL=C tr -d '\000-\177' | wc -c | tr -d ' ')" 0
want "... stderr says why" "$(cat "$tmp/err")" "$why"
cp "$FIXTURES/won.nonaga" "$tmp/won.nonaga"
out=$(env -i LANG=C "$NONAGA" --lang ja --analyze "$tmp/won.nonaga" --analyze-depth 2 2>"$tmp/err"); s=$?
want "--lang ja --analyze in C: exit 0" "$s" 0
want "... stdout is ASCII" "$(printf '%s' "$out" | LC_ALL=C tr -d '\000-\177' | wc -c | tr -d ' ')" 0
want "... and English" "$(printf '%s\n' "$out" | sed -n 1p | awk '{ print $2 }')" Red
want "... stderr says why" "$(cat "$tmp/err")" "$why"
# Errors are translated too.
expect ja "an error in a missing Japanese locale" "LANG=ja_JP.UTF-8" "--as purple"
expect en "an error in English" "LANG=C" "--as purple"

# Exit status: 0 for --help, 2 for a bad --lang (named in the message).
env -i LANG=ja_JP.UTF-8 "$NONAGA" --help >/dev/null 2>&1
if [ $? -eq 0 ]; then ok; else no "--help exits 0"; fi
out=$(env -i "$NONAGA" --lang fr 2>&1)
if [ $? -eq 2 ] && printf '%s' "$out" | grep -q "'fr'"; then ok; else no "--lang fr: $out"; fi
out=$(env -i "$NONAGA" --lang 2>&1)
if [ $? -eq 2 ]; then ok; else no "--lang without a value: $out"; fi

# Catalogs beside the executable: DIR/locale, wherever DIR is and whatever
# the current directory.  Without them, the compiled-in LOCALEDIR is used
# (build/.localedir records it); expect Japanese only if it holds ours.
mkdir -p "$tmp/bin" "$tmp/with"
cp "$NONAGA" "$tmp/bin/nonaga"
cp "$NONAGA" "$tmp/with/nonaga"
cp -R "$(dirname "$NONAGA")/locale" "$tmp/with/locale"
got=$(cd / && lang_of "LANG=ja_JP.UTF-8" "--help" "$tmp/with/nonaga")
if [ "$got" = ja ]; then ok; else no "catalogs beside a copy: got $got"; fi
want=en
if [ -r build/.localedir ] && [ -e "$(cat build/.localedir)/ja/LC_MESSAGES/nonaga.mo" ]; then
	want=ja
fi
got=$(cd / && lang_of "LANG=ja_JP.UTF-8" "--help" "$tmp/bin/nonaga")
if [ "$got" = $want ]; then ok; else no "a copy without catalogs: want $want, got $got"; fi
# A locale directory without our catalog does not count.
mkdir -p "$tmp/bin/locale/ja/LC_MESSAGES"
got=$(cd / && lang_of "LANG=ja_JP.UTF-8" "--help" "$tmp/bin/nonaga")
if [ "$got" = $want ]; then ok; else no "an empty locale directory: want $want, got $got"; fi

finish
