#!/bin/sh
# setup_test.sh - the set-up scripts run again, as administrators do.
# make install-server (into a DESTDIR): GATEWAY=LOGIN puts --gateway in
# the unit's ExecStart and in the command for hosts without systemd; a
# re-run without GATEWAY keeps the installed unit's, GATEWAY= drops it, a
# bad one is refused; the unit keeps its runtime directory.  make
# install-door (with fake account commands on PATH, so that no account
# of the machine's is touched): an account it did not make is refused
# and nothing changes, DOOR_ADOPT=1 takes it and uninstall-door keeps it,
# an account it made is recorded, kept on a re-run, and removed by
# uninstall-door.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness setup
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory "$@"; }
# the PREFIX the tree was built for: no rebuild
[ -r build/.localedir ] || mk all >/dev/null 2>&1
prefix=$(sed 's|/share/locale$||' build/.localedir)

# --- install-server's GATEWAY
D=$tmp/dest
unit=$D/etc/systemd/system/nonaga-server.service
exec_start() { sed -n 's/^ExecStart=//p' "$unit"; }
base="$prefix/bin/nonaga --serve --listen unix:/run/nonaga/server.sock --state /var/lib/nonaga"
mk install-server DESTDIR="$D" PREFIX="$prefix" GATEWAY=play >"$tmp/log" 2>&1
want "GATEWAY=play: the unit's ExecStart" "$(exec_start)" "$base --gateway play"
case $(cat "$tmp/log") in
*"runuser -u nonaga -- $base --gateway play </dev/null"*) ok ;;
*) no "GATEWAY=play: the command without systemd: $(cat "$tmp/log")" ;;
esac
want "the unit keeps its runtime directory" "$(grep -c '^RuntimeDirectoryPreserve=yes$' "$unit")" 1
mk install-server DESTDIR="$D" PREFIX="$prefix" >"$tmp/log" 2>&1
want "a re-run without GATEWAY keeps the installed unit's" "$(exec_start)" "$base --gateway play"
want "... and says so" "$(grep -c 'kept --gateway play of the installed unit (GATEWAY= drops it)' "$tmp/log")" 1
case $(cat "$tmp/log") in
*"$base --gateway play </dev/null"*) ok ;;
*) no "a re-run: the command without systemd: $(cat "$tmp/log")" ;;
esac
mk install-server DESTDIR="$D" PREFIX="$prefix" GATEWAY='a b' >"$tmp/log" 2>&1; s=$?
want "a bad GATEWAY is refused" "$s $(grep -c 'GATEWAY (a b) must be a login name' "$tmp/log")" "2 1"
want "... and the unit is as it was" "$(exec_start)" "$base --gateway play"
mk install-server DESTDIR="$D" PREFIX="$prefix" GATEWAY= >"$tmp/log" 2>&1
want "GATEWAY= drops it" "$(exec_start)" "$base"
mk install-server DESTDIR="$D" PREFIX="$prefix" >"$tmp/log" 2>&1
want "... for the re-runs after it too" "$(exec_start)" "$base"

# --- install-door: fake account commands (a passwd file of our own)
B=$tmp/bin
mkdir "$B"
FAKE_PASSWD=$tmp/passwd FAKE_LOG=$tmp/calls
export FAKE_PASSWD FAKE_LOG
cat > "$B/id" <<'EOS'
#!/bin/sh
if [ "$1" = -u ] && [ $# = 1 ]; then echo 0; else exec /usr/bin/id "$@"; fi
EOS
cat > "$B/getent" <<'EOS'
#!/bin/sh
[ "$1" = passwd ] && grep "^$2:" "$FAKE_PASSWD"
EOS
cat > "$B/useradd" <<'EOS'
#!/bin/sh
for a; do :; done
echo "useradd $a" >> "$FAKE_LOG"
echo "$a:x:999:999::/:/bin/sh" >> "$FAKE_PASSWD"
EOS
cat > "$B/userdel" <<'EOS'
#!/bin/sh
echo "userdel $1" >> "$FAKE_LOG"
grep -v "^$1:" "$FAKE_PASSWD" > "$FAKE_PASSWD.new"; mv "$FAKE_PASSWD.new" "$FAKE_PASSWD"
EOS
chmod 755 "$B"/*
S=$tmp/ssh
mkdir -p "$S"
printf 'Include %s/sshd_config.d/*.conf\n' "$S" > "$S/sshd_config"
dropin=$S/sshd_config.d/nonaga-door.conf
door() { PATH="$B:$PATH" mk "$@" SSHD_DIR="$S" BINDIR=/opt/bin >"$tmp/log" 2>&1; }
calls() { cat "$FAKE_LOG" 2>/dev/null | tr '\n' ,; }
users() { cut -d: -f1 "$FAKE_PASSWD" | tr '\n' ,; }
made_line="# made by make install-door: the account play"

# an account of the host's named play: refused, nothing changed
echo "play:x:1001:1001::/home/play:/bin/bash" > "$FAKE_PASSWD"
door install-door; s=$?
want "install-door, play exists already: status" "$s" 2
want "... why, and what to do" "$(grep -c 'the account play exists already and make install-door did not make it' "$tmp/log") $(grep -c 'DOOR_ADOPT=1' "$tmp/log")" "1 1"
check "... no drop-in" test ! -e "$dropin"
want "... no account command" "$(calls)" ""

# DOOR_ADOPT=1: it is the door; uninstall-door keeps it
door install-door DOOR_ADOPT=1; s=$?
want "DOOR_ADOPT=1: status" "$s" 0
want "... the drop-in for play" "$(grep '^Match User' "$dropin" 2>&1)" "Match User play"
want "... recorded as not made" "$(grep -c "^# made by" "$dropin")" 0
want "... no account made" "$(calls)" ""
door uninstall-door
check "uninstall-door removes the drop-in" test ! -e "$dropin"
want "... and keeps the account it did not make" "$(calls) $(users)" " play,"
want "... saying so" "$(grep -c 'kept the account play: make install-door did not make it' "$tmp/log")" 1

# no account: made, recorded, kept by a re-run, removed by uninstall-door
: > "$FAKE_PASSWD"
door install-door
want "install-door makes the account" "$(calls) $(users)" "useradd play, play,"
want "... and records it in the drop-in" "$(grep -cxF "$made_line" "$dropin")" 1
door install-door; s=$?
want "a re-run makes no other" "$s $(calls)" "0 useradd play,"
want "... keeps the record (once)" "$(grep -cxF "$made_line" "$dropin")" 1
want "... and says the account is its own" "$(grep -c 'the account play, made by make install-door before, is kept' "$tmp/log")" 1
door uninstall-door
want "uninstall-door removes the account it made" "$(calls) $(users)" "useradd play,userdel play, "
check "... and the drop-in" test ! -e "$dropin"
finish
