#!/bin/sh
# install_test.sh - `make install' puts exactly the program, both manual
# pages, both catalogs and the library (libnonaga.a, nonaga.h, nonaga.pc)
# under DESTDIR/PREFIX, they work from there, and `make uninstall' removes
# exactly them.  A second install into a temporary PREFIX proves that the
# installed program finds its catalogs in the LOCALEDIR compiled into it,
# and that a program built with `pkg-config --cflags --libs nonaga' against
# the installed library runs.  `make install-server DESTDIR=...' puts the
# program, the systemd unit made for its PREFIX and the state directory
# where they belong, and `make uninstall-server' takes the unit back.
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
share/locale/ja/LC_MESSAGES/nonaga.mo share/locale/en/LC_MESSAGES/nonaga.mo
lib/libnonaga.a include/nonaga.h lib/pkgconfig/nonaga.pc"

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
	-e "^$prefix/share/locale/[a-z]*/LC_MESSAGES/nonaga.mo\$" \
	-e "^$prefix/lib/libnonaga.a\$" -e "^$prefix/include/nonaga.h\$" \
	-e "^$prefix/lib/pkgconfig/nonaga.pc\$")
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
if cmp -s include/nonaga.h "$root/include/nonaga.h"; then ok; else no "the installed header differs"; fi
if cmp -s build/libnonaga.a "$root/lib/libnonaga.a"; then ok; else no "the installed library differs"; fi

# nonaga.pc names PREFIX, not DESTDIR (a staged install is moved there);
# pkg-config finds it in the staging tree with a sysroot.
if grep -qx "prefix=$prefix" "$root/lib/pkgconfig/nonaga.pc" &&
   grep -qx "Version: $version" "$root/lib/pkgconfig/nonaga.pc"; then
	ok
else
	no "nonaga.pc: $(cat "$root/lib/pkgconfig/nonaga.pc")"
fi
out=$(PKG_CONFIG_SYSROOT_DIR="$tmp/dest" PKG_CONFIG_PATH="$root/lib/pkgconfig" \
      pkg-config --cflags --libs nonaga 2>&1)
case " $out " in
*" -I$root/include "*"-L$root/lib "*"-lnonaga "*) ok ;;
*) no "pkg-config with a sysroot: $out" ;;
esac

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

# make install-server with DESTDIR (a staged install: no user is made and
# nothing is started; making the user and systemctl need root on a host
# that runs systemd, which CI is not, so they are not tested here): the
# program, the unit for its PREFIX (another than the build's, so that
# ExecStart must follow it) and the state directory.
d3=$tmp/dest3
if mk install-server DESTDIR="$d3" PREFIX=/opt/ng >"$tmp/log" 2>&1; then
	ok
else
	no "make install-server DESTDIR=...: $(tail -5 "$tmp/log")"
fi
unit=$d3/etc/systemd/system/nonaga-server.service
if [ -x "$d3/opt/ng/bin/nonaga" ]; then ok; else no "install-server: no /opt/ng/bin/nonaga"; fi
want "install-server: the unit's ExecStart" "$(grep '^ExecStart=' "$unit" 2>&1)" \
	"ExecStart=/opt/ng/bin/nonaga --serve --listen unix:/run/nonaga/server.sock --state /var/lib/nonaga"
want "install-server: the unit's user and directories" \
	"$(grep -E '^(User|Group|RuntimeDirectory|StateDirectory)=' "$unit" 2>&1 | tr '\n' ' ')" \
	"User=nonaga Group=nonaga RuntimeDirectory=nonaga StateDirectory=nonaga "
# the rest of the unit is the template's
if diff "$unit" contrib/nonaga-server.service | grep -v '^[<>] ExecStart=' | grep -q '^[<>]'; then
	no "install-server: the unit differs from the template: $(diff "$unit" contrib/nonaga-server.service)"
else
	ok
fi
want "install-server: the state directory" "$(stat -c %a "$d3/var/lib/nonaga" 2>&1)" 700
if grep -q "DESTDIR is set: no user is made and nothing is started" "$tmp/log" &&
   grep -q "useradd --system" "$tmp/log"; then ok; else no "install-server's words: $(cat "$tmp/log")"; fi
if grep -aq "/run/nonaga/server.sock" "$d3/opt/ng/bin/nonaga"; then ok
else no "the installed program does not know the shared socket"; fi
mk install-server DESTDIR="$tmp/d4" PREFIX=/opt/ng SHARED_SOCKET=/tmp/x.sock >"$tmp/log" 2>&1; s=$?
case "$s $(cat "$tmp/log")" in *"SHARED_SOCKET (/tmp/x.sock) is not under /run"*) [ $s -ne 0 ] && ok || no "status 0" ;;
	*) no "install-server, a socket outside /run: $s $(cat "$tmp/log")" ;; esac
if mk uninstall-server DESTDIR="$d3" PREFIX=/opt/ng >"$tmp/log" 2>&1 && [ ! -e "$unit" ] &&
   [ -d "$d3/var/lib/nonaga" ]; then ok
else no "make uninstall-server DESTDIR=...: the unit stays or the games went: $(cat "$tmp/log")"; fi

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
out=$(env -i LANG=C.UTF-8 "$p2/bin/nonaga" --lang ja --as purple 2>&1)
case $out in *'は指定できません'*) ok ;; *) no "installed, --lang ja: $out" ;; esac

# A program of a third party, built against the installed library with
# nothing but pkg-config: the README's example (Using the library), taken
# from the README itself so that the example shown is the one that builds.
awk '/^    #include <nonaga.h>$/ { on = 1 } on { print substr($0, 5) } on && /^    }$/ { exit }' \
	README > "$tmp/hello.c"
if [ "$(wc -l < "$tmp/hello.c")" -ge 15 ] && grep -q 'ng_search_run' "$tmp/hello.c"; then
	ok
else
	no "no example program in the README: $(cat "$tmp/hello.c")"
fi
export PKG_CONFIG_PATH="$p2/lib/pkgconfig"
unset PKG_CONFIG_SYSROOT_DIR
if [ "$(pkg-config --modversion nonaga 2>&1)" = "$version" ]; then
	ok
else
	no "pkg-config --modversion nonaga: $(pkg-config --modversion nonaga 2>&1)"
fi
case " $(pkg-config --static --libs nonaga 2>&1) " in
*" -lnonaga "*"-lpthread "*) ok ;;
*) no "pkg-config --static --libs nonaga: $(pkg-config --static --libs nonaga 2>&1)" ;;
esac
# (word splitting of pkg-config's output is meant)
if ${CC:-cc} -std=c11 -Wall -Werror -o "$tmp/hello" "$tmp/hello.c" \
     $(pkg-config --cflags --libs nonaga) >"$tmp/log" 2>&1; then
	ok
else
	no "cc hello.c \$(pkg-config --cflags --libs nonaga): $(tail -5 "$tmp/log")"
fi
out=$("$tmp/hello" 2>&1)
case $out in
"nonaga $version plays "*">"*": no error") ok ;;
*) no "the program built against the library: $out" ;;
esac
unset PKG_CONFIG_PATH
mk uninstall PREFIX="$p2" >/dev/null 2>&1
left=$(find "$p2" -type f)
if [ -z "$left" ]; then ok; else no "left behind in $p2: $left"; fi

finish
