#!/bin/sh
# protocol_test.sh - the engine protocol, answer by answer.
#
# Each test/protocol/NAME.in is fed to `$NONAGA --engine' and the output
# must equal test/protocol/NAME.out byte for byte.  Inputs that cannot live
# in a text file (NUL and other control bytes, CRLF, bytes that are not
# UTF-8, megabyte lines, no final newline) are made by the gen_NAME
# functions below and compared with NAME.out the same way.  After every
# refusal the inputs ask for `position', so the expected outputs show that
# a refused command changed nothing.
#
# search.in is the golden transcript of the computer's choices: genmove
# and hint with a fixed seed and depth (no time limits, and no timing in
# their answers), so that any change to what the search chooses fails
# here.  When such a change is meant, look at the difference, then write
# the new search.out with the command below.
#
# To look at a difference:  build/nonaga --engine < test/protocol/NAME.in
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness protocol
dir=test/protocol
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# run NAME INPUT-FILE: compare the engine's answers with NAME.out
run() {
	name=$1 input=$2
	timeout 30 "$NONAGA" --engine < "$input" > "$tmp/out" 2> "$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		no "$name: exit status $status"; head -n 20 "$tmp/err" >&2
	elif [ -s "$tmp/err" ]; then
		no "$name: wrote to stderr"; head -n 20 "$tmp/err" >&2
	elif ! cmp -s "$dir/$name.out" "$tmp/out"; then
		no "$name: output differs"
		diff "$dir/$name.out" "$tmp/out" | head -n 40 >&2
	else
		ok
	fi
}

START='0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;-2,0;0,2/0,-2;2,0;-2,2/r/-'

# Control bytes: NUL, ESC, DEL, BEL, a lone CR inside a line, form feed,
# each in a line that would otherwise be a good command.
gen_control() {
	printf 'play 2,-2>2,-1/1,-2>3,-1\n'
	printf 'posi\000tion\n'
	printf '\000\n'
	printf '\033[2Jposition\n'
	printf 'position\033\n'
	printf 'pos\177ition\n'
	printf '1 name\007\n'
	printf 'undo\rposition\n'
	printf '\014name\n'
	printf 'play 0,-2>0,1/-1,2\0001,-2\n'
	printf 'position\n'
}

# Lines ending in CRLF are read as if the CR were not there; a CR alone
# before other text is a control byte.
gen_crlf() {
	printf 'protocol_version\r\n'
	printf '1 name\r\n'
	printf 'play 2,-2>2,-1/1,-2>3,-1\r\n'
	printf 'position\r\n'
	printf '\r\n'
	printf '# comment\r\n'
	printf 'position\r\r\n'
	printf 'undo\r\n'
	printf 'position\r\n'
}

# Bytes that are not UTF-8 (and UTF-8 that is not ASCII) are not commands,
# not ids, not numbers.
gen_bytes() {
	printf '\377\376name\n'
	printf 'name\377\n'
	printf '\303\251 name\n'
	printf '1\303\251 name\n'
	printf 'play 2,-2>2,-1/1,-2>3,\3001\n'
	printf 'setposition %s\351\n' "$START"
	printf 'known_command \342\200\224\n'
	printf 'position\n'
}

# Overlong lines: 4096 bytes are accepted, 4097 and 1 MB are refused as a
# whole (the rest of the line is not read as a new command), with a CR at
# the cut too.  Lines full of spaces or of one long word.
gen_long() {
	printf 'position'; head -c 4088 /dev/zero | tr '\0' ' '; printf '\n'
	printf 'position'; head -c 4089 /dev/zero | tr '\0' ' '; printf '\n'
	printf '#'; head -c 4095 /dev/zero | tr '\0' x; printf '\n'
	printf '#'; head -c 4096 /dev/zero | tr '\0' x; printf '\n'
	printf '1 name '; head -c 1048576 /dev/zero | tr '\0' x; printf '\n'
	printf 'play '; head -c 4091 /dev/zero | tr '\0' '1'; printf '\r\n'
	printf 'play '; head -c 4092 /dev/zero | tr '\0' '1'; printf '\r\n'
	printf 'setposition '
	i=0; while [ $i -lt 600 ]; do printf '%d,0;' $i; i=$((i + 1)); done
	printf '0,1/0,0/1,0/r/-\n'
	head -c 1048576 /dev/zero | tr '\0' '\n'
	head -c 5000 /dev/zero; printf '\n'
	printf 'name '; head -c 4000 /dev/zero | tr '\0' ' '; printf 'x\n'
	printf 'position\n'
}

# Numbers that overflow: ids, coordinates, depths.
gen_numbers() {
	printf '99999999999999999999 name\n'
	printf '9999999999999999999 name\n'
	printf '18446744073709551616 name\n'
	printf '1000000000000000000 name\n'
	printf '999999999999999999 name\n'
	printf '0 name\n'
	printf '00000000000000000000000042 name\n'
	printf 'perft 99999999999999999999\n'
	printf 'perft 18446744073709551617\n'
	printf 'perft 4294967297\n'
	printf 'perft -99999999999999999999\n'
	printf 'perft 0000000000000000000000001\n'
	printf 'play 2147483648,0>1,-1/-\n'
	printf 'play -2147483649,0>1,-1/-\n'
	printf 'play 2147483647,-2147483647>1,-1/-\n'
	printf 'play 2,-2>2,-1/1,-2>4294967299,-2\n'
	printf 'setposition 4294967296,0;1,0/0,0/0,0/r/-\n'
	printf 'position\n'
}

# The last line has no newline: it is still answered.
gen_eof() {
	printf 'play 2,-2>2,-1/1,-2>3,-1\n'
	printf 'position'
}

# An id before every kind of answer; quit with an argument is refused and
# does not quit; quit with an id quits: nothing after it is read.
gen_quit() {
	printf '12 position\n'
	printf '13 play x\n'
	printf 'quit now\n'
	printf '15 quit 1\n'
	printf '14 quit\n'
	printf 'name\n'
}

for f in "$dir"/*.in; do
	name=$(basename "$f" .in)
	run "$name" "$f"
done
for gen in control crlf bytes long numbers eof quit; do
	"gen_$gen" > "$tmp/$gen.in"
	run "$gen" "$tmp/$gen.in"
done

# list_commands names the basic commands (nonaga(6), ENGINE PROTOCOL,
# Commands, has these and more), and known_command agrees with it; version
# is the library's.
printf 'list_commands\nversion\n' | "$NONAGA" --engine > "$tmp/list"
for c in protocol_version name version list_commands known_command quit \
         rules newgame setposition position play undo legal_moves perft \
         result showboard; do
	if grep -qx "=\{0,1\} \{0,1\}$c" "$tmp/list" &&
	   [ "$(printf 'known_command %s\n' "$c" | "$NONAGA" --engine)" = "= true" ]
	then ok; else no "list_commands/known_command: $c"; fi
done
v=$(sed -n 's/^#define NG_VERSION "\(.*\)"/\1/p' include/nonaga.h)
if grep -qx "= $v" "$tmp/list"; then ok; else no "version is not $v"; fi

# Every line of an answer stream is framed: "=[id] ..." or "?[id] ..."
# starts each answer, and each ends with an empty line.
cat "$dir"/*.in > "$tmp/all.in"
"$NONAGA" --engine < "$tmp/all.in" > "$tmp/all.out" 2>&1
if awk 'BEGIN { start = 1 }
	start && !/^[=?][0-9]*( |$)/ { print "bad start: " $0; bad = 1 }
	{ start = ($0 == "") }
	END { exit bad || !start }' "$tmp/all.out" >&2
then ok; else no "answers are not framed"; fi

finish
