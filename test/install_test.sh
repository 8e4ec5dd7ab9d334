#!/bin/sh
# install_test.sh - `make install' puts exactly the program, both manual
# pages and both catalogs under DESTDIR/PREFIX, they work from there, and
# `make uninstall' removes exactly them.  A second install into a
# temporary PREFIX proves that the installed program finds its catalogs in
# the LOCALEDIR compiled into it.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness install
tmp=$(mktemp -d) || exit 1

mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory "$@"; }

# The PREFIX the tree was built for (LOCALEDIR = PREFIX/share/locale), so
# that the first install needs no rebuild.
[ -r build/.localedir ] || mk all >/dev/null 2>&1
prefix=$(sed 's|/share/locale$||' build/.localedir)
# Put the program back as it was built, whatever happens below.
trap 'mk all PREFIX="$prefix" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
version=$(sed -n 's/^#define NG_VERSION "\(.*\)"/\1/p' include/nonaga.h)

root=$tmp/dest$prefix
files="bin/nonaga share/man/man6/nonaga.6 share/man/ja/man6/nonaga.6
share/locale/ja/LC_MESSAGES/nonaga.mo share/locale/en/LC_MESSAGES/nonaga.mo"

if mk install DESTDIR="$tmp/dest" PREFIX="$prefix" >"$tmp/log" 2>&1; then
	ok
else
	no "make install DESTDIR=...: $(tail -5 "$tmp/log")"
fi
for f in $files; do
	if [ -f "$root/$f" ]; then ok; else no "not installed: $prefix/$f"; fi
done
# Nothing else (besides directories).
extra=$(cd "$tmp/dest" && find . -type f -o -type l | sed 's|^\./|/|' | grep -v \
	-e "^$prefix/bin/nonaga\$" -e "^$prefix/share/man/man6/nonaga.6\$" \
	-e "^$prefix/share/man/ja/man6/nonaga.6\$" \
	-e "^$prefix/share/locale/[a-z]*/LC_MESSAGES/nonaga.mo\$")
if [ -z "$extra" ]; then ok; else no "installed besides: $extra"; fi
if [ -x "$root/bin/nonaga" ]; then ok; else no "bin/nonaga is not executable"; fi
for l in ja en; do
	if cmp -s "build/locale/$l/LC_MESSAGES/nonaga.mo" "$root/share/locale/$l/LC_MESSAGES/nonaga.mo"; then
		ok
	else
		no "the installed $l catalog differs from the built one"
	fi
done
if cmp -s man/ja/nonaga.6 "$root/share/man/ja/man6/nonaga.6"; then ok; else no "the Japanese page differs"; fi

out=$("$root/bin/nonaga" --version 2>&1)
if [ $? -eq 0 ] && [ "$out" = "nonaga $version" ]; then ok; else no "installed --version: $out"; fi
if grep -aq "$prefix/share/locale" "$root/bin/nonaga"; then
	ok
else
	no "the installed program does not know LOCALEDIR $prefix/share/locale"
fi

# man -l renders both installed pages; man finds them by name, -L ja the
# Japanese one.
mn() { env -i PATH="$PATH" LANG=C.UTF-8 MANWIDTH=80 MANPAGER=cat man "$@"; }
for page in "man6/nonaga.6:NAME" "ja/man6/nonaga.6:名前"; do
	f=${page%%:*} head=${page#*:}
	if mn -l "$root/share/man/$f" >"$tmp/page" 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
	   grep -q "^$head" "$tmp/page" && grep -q "nonaga $version" "$tmp/page"; then
		ok
	else
		no "man -l $f: $(head -3 "$tmp/err")"
	fi
done
# (man-db looks in the language subdirectories of MANPATH, not of -M.)
mp() { env -i PATH="$PATH" LANG=C.UTF-8 MANPATH="$root/share/man" MANPAGER=cat man "$@"; }
if mp nonaga 2>"$tmp/err" | grep -q '^NAME'; then ok; else no "man nonaga: $(cat "$tmp/err")"; fi
if mp -L ja nonaga 2>"$tmp/err" | grep -q '^名前'; then ok; else no "man -L ja nonaga: $(cat "$tmp/err")"; fi

# Uninstall removes exactly what was installed.
mkdir -p "$root/share/man/man6"
: > "$root/share/man/man6/other.6"
if mk uninstall DESTDIR="$tmp/dest" PREFIX="$prefix" >"$tmp/log" 2>&1; then
	ok
else
	no "make uninstall: $(tail -5 "$tmp/log")"
fi
for f in $files; do
	if [ ! -e "$root/$f" ]; then ok; else no "left behind: $prefix/$f"; fi
done
if [ -f "$root/share/man/man6/other.6" ]; then ok; else no "uninstall removed a file it had not installed"; fi

# An install into another PREFIX (no DESTDIR): the program is rebuilt for
# it and finds its catalogs there, not beside itself.
p2=$tmp/prefix
if mk install PREFIX="$p2" >"$tmp/log" 2>&1; then
	ok
else
	no "make install PREFIX=$p2: $(tail -5 "$tmp/log")"
fi
if [ ! -e "$p2/bin/locale" ]; then ok; else no "$p2/bin/locale exists"; fi
out=$(env -i LANG=ja_JP.UTF-8 "$p2/bin/nonaga" --help 2>&1)
case $out in *'使い方: nonaga'*) ok ;; *) no "installed, Japanese locale: $out" ;; esac
out=$(env -i "$p2/bin/nonaga" --lang ja --as purple 2>&1)
case $out in *'は指定できません'*) ok ;; *) no "installed, --lang ja: $out" ;; esac
mk uninstall PREFIX="$p2" >/dev/null 2>&1
left=$(find "$p2" -type f)
if [ -z "$left" ]; then ok; else no "left behind in $p2: $left"; fi

finish
