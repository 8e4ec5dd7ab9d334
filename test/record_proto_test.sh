#!/bin/sh
# record_proto_test.sh - the engine protocol's record commands: record
# answers the game as a record, loadrecord reads one back (the two round
# trip), and every bad file is refused with its name and line, changing
# nothing.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness record_proto
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# engine LINE...: the answers to those lines, one session
engine() { printf '%s\n' "$@" | "$NONAGA" --engine 2>&1; }
# want WHAT GOT EXPECTED

start=$(engine position | sed -n 's/^= //p')

# --- the commands are there
got=$(engine list_commands | grep -cx 'loadrecord\|record')
want "list_commands" "$got" 2
want "known_command" "$(engine 'known_command loadrecord' 'known_command record' | tr -d '\n')" "= true= true"

# --- record answers the game, without the empty line after the header
cat > "$tmp/game" <<'EOF'
# nonaga record 1
Rules: simple
Result: none
Ply: 1
Moves: 2

2,-2>-1,1/-1,-1>-3,1
0,-2>0,1/2,-2>-1,-1
EOF
engine "loadrecord $tmp/game" record > "$tmp/out"
{ printf '=\n\n=\n'; grep -v '^$' "$tmp/game"; printf '\n'; } > "$tmp/expect"
if cmp -s "$tmp/out" "$tmp/expect"; then ok; else no "loadrecord + record: $(cat "$tmp/out")"; fi
# It stands at Ply 1 under the simple rules, the second move can be made
# again, and a new game keeps the record's rules.
got=$(engine "loadrecord $tmp/game" rules position 'play 0,-2>0,1/2,-2>-1,-1' |
	sed -n 's/^= //p;s/^=$/=/p' | tr '\n' '|')
pos1=$(engine 'rules simple' 'play 2,-2>-1,1/-1,-1>-3,1' position | sed -n 's/^= \(.*\/.*\)/\1/p')
want "loadrecord: rules, ply" "$got" "=|simple|$pos1|=|"
got=$(engine "loadrecord $tmp/game" newgame rules | sed -n 's/^= //p')
want "newgame after loadrecord" "$got" simple

# --- record, then loadrecord of the answer: the same game (the empty
# line may be left out), played on from there
engine 'play 2,-2>-1,1/-1,-1>-3,1' 'play 0,-2>0,1/2,-2>-1,-1' \
	'play -1,1>-1,-1/-1,2>-1,-2' undo record |
	awk 'seen >= 4 && $0 != "=" && $0 != "" { print } /^=/ { seen++ }' > "$tmp/answer"
if head -1 "$tmp/answer" | grep -qx '# nonaga record 1' && grep -qx 'Ply: 2' "$tmp/answer" &&
   grep -qx 'Moves: 3' "$tmp/answer"; then ok; else no "record answer: $(cat "$tmp/answer")"; fi
a=$(engine 'play 2,-2>-1,1/-1,-1>-3,1' 'play 0,-2>0,1/2,-2>-1,-1' position result |
	sed -n 's/^= //p')
b=$(engine "loadrecord $tmp/answer" position result | sed -n 's/^= //p')
want "round trip through the protocol" "$b" "$a"
c=$(engine "loadrecord $tmp/answer" record | sed 1,2d)
d=$(cat "$tmp/answer")
want "record of the loaded record" "$(printf '%s' "$c" | sed '1s/^=$//' | grep -v '^$')" "$d"

# --- a finished game
got=$(engine "loadrecord $FIXTURES/won.nonaga" result legal_moves undo result | sed -n 's/^= *//p' | tr '\n' '|')
want "a finished game" "$got" "|red|||none|"

# --- refusals: the file's name and line; the game stays as it was
# refused NAME EXPECTED-ANSWER: after one move, loadrecord FILE is
# refused with that answer and the position is unchanged
refused() {
	name=$1 expect=$2
	out=$(engine 'play 2,-2>-1,1/-1,-1>-3,1' position "loadrecord $file" position rules)
	before=$(printf '%s\n' "$out" | sed -n 3p)
	answer=$(printf '%s\n' "$out" | sed -n 5p)
	after=$(printf '%s\n' "$out" | sed -n 7p)
	rules=$(printf '%s\n' "$out" | sed -n 9p)
	want "$name: answer" "$answer" "$expect"
	if [ -n "$before" ] && [ "$before" = "$after" ] && [ "$rules" = "= standard" ]; then
		ok
	else
		no "$name: the game changed: [$before] -> [$after], [$rules]"
	fi
}

file=$tmp/none;     refused "missing file" "? $file: No such file or directory"
file=$tmp;          refused "directory" "? $file: a directory, not a record"
file=/dev/null;     refused "device" "? $file: not a regular file"
mkfifo "$tmp/fifo" && { file=$tmp/fifo; refused "FIFO" "? $file: not a regular file"; }
file=$tmp/empty; : > "$file"
refused "empty file" "? $file: the record is empty"
file=$tmp/binary; printf '\177ELF\2\1\1\0\0\0\0\0\0\0\0\0\3\0>\0' > "$file"
refused "binary garbage" "? $file:1: not a nonaga record (it does not begin with \"# nonaga record 1\")"
file=$tmp/v2; sed '1s/1$/2/' "$tmp/game" > "$file"
refused "version 2" "? $file:1: a record of a later version of nonaga"
file=$tmp/cut; head -c -5 "$tmp/game" > "$file"
refused "truncated in a line" "? $file:8: the last line is cut off (the record is truncated)"
file=$tmp/cut2; head -n 7 "$tmp/game" > "$file"
refused "truncated at a line" "? $file:5: the number of moves differs from the Moves header"
file=$tmp/cut3; head -n 3 "$tmp/game" > "$file"
refused "truncated in the header" "? $file:4: the header lacks Rules or Moves"
file=$tmp/illegal; sed '8s/.*/0,-2>0,1\/-3,1>-3,0/' "$tmp/game" | sed '2s/simple/standard/' > "$file"
refused "illegal move" "? $file:8: the opponent just moved that disc"
file=$tmp/nul; sed '3s/none/no\x00ne/' "$tmp/game" > "$file"
refused "NUL byte" "? $file:3: a NUL byte or another control character"
file=$tmp/huge; { head -n 2 "$tmp/game"; printf 'Red: '; head -c 5000 /dev/zero | tr '\0' x; printf '\n'; sed 1,2d "$tmp/game"; } > "$file"
refused "huge line" "? $file:3: line too long"
file=$tmp/dup; sed '3s/.*/Rules: standard/' "$tmp/game" > "$file"
refused "duplicate header" "? $file:3: this header was given before"
file=$tmp/badhdr; sed '3s/.*/Result none: x/' "$tmp/game" > "$file"
refused "malformed header" "? $file:3: not a header line (Key: value)"
file=$tmp/result; sed '3s/none/blue/' "$tmp/game" > "$file"
refused "wrong result" "? $file:3: the Result header does not match the moves"
file=$tmp/after; { sed 's/Moves: 1/Moves: 2/' "$FIXTURES/won.nonaga"; echo '0,-2>0,1/-1,2>1,-2'; } > "$file"
refused "a move after the end" "? $file:11: the game is over"
file=$tmp/big; { cat "$tmp/game"; head -c 1100000 /dev/zero | tr '\0' '\n'; } > "$file"
refused "too large" "? $file: larger than a record can be"
file=$tmp/noread; cp "$tmp/game" "$file"; chmod 000 "$file"
if [ "$(id -u)" -ne 0 ]; then
	refused "unreadable" "? $file: Permission denied"
elif command -v setpriv >/dev/null 2>&1; then
	# root reads anything: drop the capability that lets it
	got=$(printf 'loadrecord %s\n' "$file" |
		setpriv --bounding-set=-dac_override,-dac_read_search "$NONAGA" --engine 2>&1 | head -1)
	want "unreadable (as root without CAP_DAC_*)" "$got" "? $file: Permission denied"
fi
chmod 644 "$file"

# --- the example in the manuals is a good record
for page in man/nonaga.6 man/ja/nonaga.6; do
	awk '/^\.EX/ { ex = 1; next } /^\.EE/ { if (on) exit; ex = 0 }
		ex && /^# nonaga record 1$/ { on = 1 } on { print }' "$page" |
		sed 's/\\-/-/g' > "$tmp/example"
	got=$(engine "loadrecord $tmp/example" 'known_command x' result | sed -n 1p)
	if grep -qx 'Moves: 2' "$tmp/example" && [ "$got" = "=" ]; then
		ok
	else
		no "$page: the example record: $got"
	fi
done

# --- arguments
want "no file" "$(engine loadrecord | head -1)" "? missing argument"
want "two files" "$(engine "loadrecord $tmp/game $tmp/game" | head -1)" "? too many arguments"
want "record with an argument" "$(engine 'record x' | head -1)" "? too many arguments"

# A file name longer than a message could hold still gets an answer.
long=$(head -c 4000 /dev/zero | tr '\0' a)
got=$(engine "loadrecord $tmp/$long" | head -c 2)
want "a very long name" "$got" "? "

finish
