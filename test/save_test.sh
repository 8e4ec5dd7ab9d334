#!/bin/sh
# save_test.sh - src/nonaga/savefile.c through test/savetool: where the
# state directory is, saving and resuming exactly, finished games kept
# under unique names, exports, and every kind of bad file: a message
# naming the file (and the line), the file moved aside whole, never
# deleted, and no crash.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness save
if [ "${NONAGA_VARIANT:-plain}" = asan ]; then tool=build/asan/test/savetool; else tool=build/test/savetool; fi
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

[ -x "$tool" ] || { no "$tool is missing"; finish; }

# --- the state directory
got=$(env -i XDG_STATE_HOME="$tmp/xdg" HOME="$tmp/home" "$tool" dir)
want "XDG_STATE_HOME" "$got" "$tmp/xdg/nonaga"
want "mode of the directories" "$(stat -c %a "$tmp/xdg" "$tmp/xdg/nonaga" | tr '\n' ' ')" "700 700 "
got=$(env -i HOME="$tmp/home" "$tool" dir)
want "HOME" "$got" "$tmp/home/.local/state/nonaga"
want "mode under HOME" "$(stat -c %a "$tmp/home/.local/state/nonaga")" 700
got=$(env -i XDG_STATE_HOME=relative/path HOME="$tmp/home" "$tool" dir)
want "a relative XDG_STATE_HOME is ignored" "$got" "$tmp/home/.local/state/nonaga"
got=$(env -i XDG_STATE_HOME= HOME="$tmp/home" "$tool" dir)
want "an empty XDG_STATE_HOME is ignored" "$got" "$tmp/home/.local/state/nonaga"
mkdir -p "$tmp/existing/nonaga" && chmod 755 "$tmp/existing/nonaga"
got=$(env -i XDG_STATE_HOME="$tmp/existing" "$tool" dir)
want "an existing directory is used as it is" "$got:$(stat -c %a "$tmp/existing/nonaga")" "$tmp/existing/nonaga:755"
: > "$tmp/afile"
got=$(env -i XDG_STATE_HOME="$tmp/afile" "$tool" dir)
status=$?
case $got in
error*"Cannot create the directory $tmp/afile/nonaga: "*) [ $status -eq 3 ] && ok || no "dir over a file: status $status";;
*) no "dir over a file: $got";;
esac

dir=$tmp/state
mkdir "$dir"

# --- save and resume exactly
want "no save" "$("$tool" exists "$dir"):$("$tool" load "$dir" | head -1)" "no:none"
saved=$("$tool" save "$dir" 40 3 ai blue 7)
loaded=$("$tool" load "$dir")
want "resume: ply, length, mode, side, level, redo, position" "$loaded" "$saved"
case $saved in "ok "*" 37 40 ai blue 7 1 "*) ok;; *) no "the saved state: $saved";; esac
want "exists" "$("$tool" exists "$dir")" yes
want "mode of the save" "$(stat -c %a "$dir/current.save")" 600
if grep -qx 'Mode: ai' "$dir/current.save" && grep -qx 'Human: blue' "$dir/current.save" &&
   grep -qx 'Level: 7' "$dir/current.save" && grep -qx 'Blue: human' "$dir/current.save" &&
   grep -qx 'Red: computer level 7' "$dir/current.save" && grep -qx 'Ply: 37' "$dir/current.save"; then
	ok
else
	no "the save's header: $(head -12 "$dir/current.save")"
fi
saved=$("$tool" save "$dir" 17 0)
want "resume a game between two" "$("$tool" load "$dir")" "$saved"
saved=$("$tool" save "$dir" 0 0)
want "resume a game without moves" "$("$tool" load "$dir")" "$saved"
want "only the save is left" "$(ls -A "$dir")" "current.save"
want "discard" "$("$tool" discard "$dir"; "$tool" exists "$dir"; ls -A "$dir")" "no"
want "discard without a save" "$("$tool" discard "$dir"; echo $?)" 0

# A stale temporary file (from a crash) is replaced, not a problem.
echo junk > "$dir/current.save.tmp"
saved=$("$tool" save "$dir" 5 0)
want "a stale temporary file" "$("$tool" load "$dir"):$(ls -A "$dir" | tr '\n' ' ')" "$saved:current.save "

# --- bad saves: each is refused with the file (and line) named, moved
# aside whole to current.save.bad, and the next save works.
# bad NAME EXPECTED-MESSAGE-START: current.save is in place
bad() {
	name=$1 expect=$2
	rm -rf "$dir"/current.save.bad*
	# Keep a copy of a regular file to compare (never read a link, a
	# FIFO or a device: they may not end).
	if [ -f "$dir/current.save" ] && [ ! -L "$dir/current.save" ]; then
		cp "$dir/current.save" "$tmp/copy"; copy=$tmp/copy
	else
		copy=special
	fi
	out=$("$tool" load "$dir" 2>&1)
	status=$?
	first=$(printf '%s\n' "$out" | sed -n 1p)
	message=$(printf '%s\n' "$out" | sed -n 2p)
	aside=$(printf '%s\n' "$out" | sed -n 3p)
	want "$name: status" "$first:$status" "bad:2"
	case $message in
	"$expect"*) ok;;
	*) no "$name: message [$message], want [$expect...]";;
	esac
	want "$name: where it went" "$aside" "It was moved aside to $dir/current.save.bad."
	if [ ! -e "$dir/current.save" ] && [ -e "$dir/current.save.bad" ]; then ok; else no "$name: not moved aside"; fi
	if [ "$copy" = special ]; then
		[ -e "$dir/current.save.bad" ] || [ -L "$dir/current.save.bad" ] && ok || no "$name: not kept"
	elif cmp -s "$tmp/copy" "$dir/current.save.bad"; then ok; else no "$name: the file moved aside differs"; fi
	want "$name: nothing is loaded after it" "$("$tool" load "$dir" | head -1)" none
	[ -L "$dir/current.save.bad" ] || chmod -R u+rwx "$dir/current.save.bad" 2>/dev/null
}
good() { "$tool" save "$dir" 12 2 ai red 4 > /dev/null; }

save=$dir/current.save
good; head -c -7 "$save" > "$tmp/x"; mv "$tmp/x" "$save"
bad "truncated in a line" "$save, line 24: the last line is cut off"
good; head -n 15 "$save" > "$tmp/x"; mv "$tmp/x" "$save"
bad "truncated at a line" "$save, line 11: the number of moves differs from the Moves header"
good; head -n 6 "$save" > "$tmp/x"; mv "$tmp/x" "$save"
bad "truncated in the header" "$save, line 7: the header lacks Rules or Moves"
good; sed -i '5s/.*/Rules standard/' "$save"
bad "corrupt header (no colon)" "$save, line 5: "
good; sed -i '5s/.*/Rules: chess/' "$save"
bad "corrupt header (value)" "$save, line 5: not a valid value for this header"
good; sed -i '3s/.*/Red: x\nRed: y/' "$save"
bad "duplicate header" "$save, line 4: this header was given before"
good; sed -i '1s/1$/7/' "$save"
bad "newer version" "$save, line 1: a record of a later version of nonaga"
good; sed -i '15s/.*/0,-2>0,-1\/0,0>5,5/' "$save"
bad "illegal move" "$save, line 15: "
good; sed -i '14s/.*/hello/' "$save"
bad "not a move" "$save, line 14: not in the notation"
good; sed -i '4s/computer/com\x00puter/' "$save"
bad "NUL byte" "$save, line 4: a NUL byte or another control character"
good; sed -i '4s/computer/com\x1b[2Jputer/' "$save"
bad "terminal escape" "$save, line 4: a NUL byte or another control character"
good; sed -i '4s/computer/com\xff\xfeputer/' "$save"
bad "not UTF-8" "$save, line 4: not valid UTF-8"
good; { head -n 4 "$save"; printf 'Note: '; head -c 100000 /dev/zero | tr '\0' x; echo; sed 1,4d "$save"; } > "$tmp/x"; mv "$tmp/x" "$save"
bad "huge line" "$save, line 5: line too long"
good; head -c 3000 /dev/urandom > "$save"; printf '\0\1\2' >> "$save"
bad "binary garbage" "$save, line 1: not a nonaga record"
good; printf '\177ELF\2\1\1' > "$save"
bad "an executable" "$save, line 1: not a nonaga record"
: > "$save"
bad "empty file" "$save: the record is empty"
good; head -c 2000000 /dev/zero | tr '\0' '\n' >> "$save"
bad "too large" "$save: it is larger than a game record can be"
good; sed -i 's/^Mode: ai$/Mode: chess/' "$save"
bad "bad Mode" "$save, line 8: Mode must be pvp, ai or online"
good; sed -i 's/^Human: red$/Human: green/' "$save"
bad "bad Human" "$save, line 9: Human must be red or blue"
good; sed -i 's/^Level: 4$/Level: 11/' "$save"
bad "bad Level" "$save, line 10: Level must be a number from 1 to 10"
good; sed -i 's/^Result: none$/Result: red/' "$save"
bad "a result the moves do not give" "$save, line 6: the Result header does not match the moves"
rm -f "$save"; mkdir "$save"; echo keep > "$save/inside"
bad "a directory" "$save: it is a directory, not a game"
[ -f "$dir/current.save.bad/inside" ] && ok || no "the directory's content is kept"
rm -rf "$dir/current.save.bad"
ln -s /dev/zero "$save"
bad "a link to a device" "$save: it is not a regular file"
[ -L "$dir/current.save.bad" ] && ok || no "the link is moved, not its target"
rm -f "$dir/current.save.bad"
mkfifo "$save"
bad "a FIFO" "$save: it is not a regular file"
rm -f "$dir/current.save.bad"
good; chmod 000 "$save"
if [ "$(id -u)" -ne 0 ]; then
	bad "unreadable" "$save: it cannot be read: Permission denied"
elif command -v setpriv >/dev/null 2>&1; then
	# root reads anything: drop the capabilities that let it
	out=$(setpriv --bounding-set=-dac_override,-dac_read_search "$tool" load "$dir" 2>&1)
	want "unreadable: message" "$(printf '%s\n' "$out" | sed -n 1,3p | tr '\n' '|')" \
		"bad|$save: it cannot be read: Permission denied|It was moved aside to $save.bad.|"
	[ -e "$save.bad" ] && [ ! -e "$save" ] && ok || no "unreadable: not moved aside"
	chmod 600 "$save.bad"
fi

# Moved aside again and again: .bad, .bad.1, .bad.2, never replacing one.
rm -rf "$dir"/current.save*
for i in 0 1 2; do
	echo "garbage $i" > "$save"
	"$tool" load "$dir" > "$tmp/out"
done
want "names of files moved aside" "$(ls "$dir" | tr '\n' ' ')" "current.save.bad current.save.bad.1 current.save.bad.2 "
want "their contents" "$(cat "$dir/current.save.bad" "$dir/current.save.bad.1" "$dir/current.save.bad.2" | tr '\n' ' ')" \
	"garbage 0 garbage 1 garbage 2 "
want "the message names the last" "$(sed -n 3p "$tmp/out")" "It was moved aside to $save.bad.2."
# After a bad save, saving again works.
saved=$("$tool" save "$dir" 9 0)
want "a save after bad ones" "$("$tool" load "$dir")" "$saved"

# --- finished games: records/YYYYMMDD-HHMMSS.nonaga, never replaced
a=$("$tool" archive "$dir" 50); b=$("$tool" archive "$dir" 51); c=$("$tool" archive "$dir" 52)
case $a in "$dir/records/"[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9].nonaga) ok;; *) no "record name: $a";; esac
if [ "$a" != "$b" ] && [ "$b" != "$c" ] && [ "$a" != "$c" ] && [ -f "$a" ] && [ -f "$b" ] && [ -f "$c" ]; then
	ok
else
	no "record names are not unique: $a $b $c"
fi
want "records directory mode" "$(stat -c %a "$dir/records")" 700
want "only records in records/" "$(ls -A "$dir/records" | grep -cv '\.nonaga$')" 0
got=$("$tool" read "$a" | cut -d' ' -f1,5)
want "a kept record reads back" "$got" "ok human|human"
grep -q '^Result: ' "$a" && grep -q '^Moves: ' "$a" && ok || no "a kept record's header: $(head -8 "$a")"
want "the game in progress is untouched" "$("$tool" load "$dir")" "$saved"

# --- a records/ or state directory that is a link, or another user's, is
# refused with a message, and nothing is written where it points
linked=$tmp/linked; mkdir -p "$linked/state" "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$linked/state/records"
got=$("$tool" archive "$linked/state" 53); status=$?; got=$(printf %s "$got" | tr "\n" " ")
want "records/ a link: message" "$got" "error Refusing to keep games in $linked/state/records: it is a symbolic link."
want "records/ a link: status and target untouched" "$status:$(ls -A "$tmp/elsewhere" | wc -l)" "3:0"
mkdir -p "$linked/xdg" && ln -s "$tmp/elsewhere" "$linked/xdg/nonaga"
got=$(env -i XDG_STATE_HOME="$linked/xdg" "$tool" dir); status=$?; got=$(printf %s "$got" | tr "\n" " ")
want "state dir a link" "$status:$got" "3:error Refusing to keep games in $linked/xdg/nonaga: it is a symbolic link."
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$linked/theirs/nonaga" "$linked/s2/records"
	chown 65534 "$linked/theirs/nonaga" "$linked/s2/records"
	got=$(env -i XDG_STATE_HOME="$linked/theirs" "$tool" dir); status=$?; got=$(printf %s "$got" | tr "\n" " ")
	want "state dir of another user" "$status:$got" "3:error Refusing to keep games in $linked/theirs/nonaga: it belongs to another user."
	got=$("$tool" archive "$linked/s2" 53); status=$?; got=$(printf %s "$got" | tr "\n" " ")
	want "records/ of another user" "$status:$got:$(ls -A "$linked/s2/records" | wc -l)" "3:error Refusing to keep games in $linked/s2/records: it belongs to another user.:0"
else
	ok; ok   # cannot make another user's directory without root
fi

# --- export: atomic, not over an existing file unless asked
out=$tmp/exported.nonaga
"$tool" export "$out" 20 > /dev/null
want "export" "$("$tool" read "$out" | cut -d' ' -f1,5)" "ok computer"
want "export: blue is the human" "$(sed -n 's/^Blue: //p' "$out")" human
cp "$out" "$tmp/before"
got=$("$tool" export "$out" 30)
status=$?
case $got in "error"*"Cannot save $out: File exists"*) [ $status -eq 3 ] && ok || no "export over a file: status $status";; *) no "export over a file: $got";; esac
cmp -s "$out" "$tmp/before" && ok || no "a refused export changed the file"
"$tool" export "$out" 30 replace > /dev/null && ! cmp -s "$out" "$tmp/before" && ok || no "export with replace"
want "no temporary files beside the export" "$(ls -A "$tmp" | grep -c 'tmp$')" 0
got=$("$tool" export "$tmp/no/such/dir/x.nonaga" 5)
case $got in "error"*"Cannot save $tmp/no/such/dir/x.nonaga: No such file or directory"*) ok;; *) no "export to a missing directory: $got";; esac
(cd "$tmp" && "$OLDPWD/$tool" export here.nonaga 3 > /dev/null) && [ -f "$tmp/here.nonaga" ] && ok || no "export to a relative name"

# --- reading a record given by name (replay): moved aside only if asked
echo "not a record" > "$tmp/r1"
got=$("$tool" read "$tmp/r1" | sed -n 2,3p | tr '\n' '|')
want "read a bad record" "$got" "$tmp/r1, line 1: not a nonaga record (it does not begin with \"# nonaga record 1\")|"
[ -f "$tmp/r1" ] && ok || no "read without quarantine moved the file"
got=$("$tool" read "$tmp/r1" quarantine | sed -n 3p)
want "read with quarantine" "$got" "It was moved aside to $tmp/r1.bad."
got=$("$tool" read "$tmp/none.nonaga" | sed -n 1,2p | tr '\n' '|')
want "read a missing record" "$got" "bad|$tmp/none.nonaga: it cannot be read: No such file or directory|"

# --- saving where it cannot: a message, and the old save stays
if [ "$(id -u)" -ne 0 ]; then
	chmod 500 "$dir"
	got=$("$tool" save "$dir" 3 0)
	chmod 700 "$dir"
	case $got in "error"*"Cannot save $dir/current.save: Permission denied"*) ok;; *) no "save into a read-only directory: $got";; esac
	want "the old save stays" "$("$tool" load "$dir")" "$saved"
fi
got=$("$tool" save "$dir" 3 0 ai red 11)
case $got in "error"*"Cannot save $dir/current.save: invalid argument"*) ok;; *) no "save with level 11: $got";; esac
want "a refused save keeps the old one" "$("$tool" load "$dir")" "$saved"
want "no temporary files are left" "$(ls -A "$dir" "$dir/records" | grep -c 'tmp$')" 0
got=$("$tool" save "$tmp/missing" 3 0)
case $got in "error"*"Cannot save $tmp/missing/current.save: No such file or directory"*) ok;; *) no "save into a missing directory: $got";; esac

finish
