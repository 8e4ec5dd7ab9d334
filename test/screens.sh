#!/bin/sh
# screens.sh - doc/screens.md: the program's screens, drawn by the program
# itself in tmux (through test/tmux.sh) from fixed positions, so that the
# captures cannot drift from what users see.
#
#   sh test/screens.sh OUT      write the page to OUT (exit 1, and no OUT,
#                               if a screen never came)
#
# `make screens' writes doc/screens.md; test/screens_test.sh (make check)
# writes it again into a temporary file and compares.  Everything that
# would differ from run to run is fixed or masked: the computer plays
# level 4 (no randomness), sides are given, animations are off, games
# online have no clock, the login name shows as "alice" (in the online
# header, the lobby's Online lines and its Join entries) and the name of
# a kept record as YYYYMMDD-HHMMSS.
cd "$(dirname "$0")/.." || exit 1
out=${1:?usage: sh test/screens.sh OUT}
. test/tmux.sh
tmux_init screens
me=$(id -un)
page=$TMUX_DIR/page.md
short=$(mktemp -d /tmp/ng.XXXXXX) || exit 1
# On the way out the program saves into $TMUX_DIR: let it finish first.
gone() { ! kill -0 "$(cat "$TMUX_DIR/pid" 2>/dev/null)" 2>/dev/null; }
cleanup() {
	[ -n "$client" ] && kill "$client" 2>/dev/null
	[ -n "$server" ] && kill "$server" 2>/dev/null
	tmux_kill
	poll 5 gone
	tmux_cleanup
	rm -rf "$short"
}
trap cleanup EXIT

die() {
	echo "screens: $*" >&2
	echo "--- screen:" >&2
	screen >&2 2>/dev/null
	exit 1
}
# need TEXT [SECONDS]: wait for TEXT after the last keys, or give up
need() { wait_for "$@" || die "\"$1\" never showed"; }
# settle: until the screen stays the same for 0.3 s
unchanged() {
	screen > "$TMUX_DIR/s1"; sleep 0.3; screen > "$TMUX_DIR/s2"
	cmp -s "$TMUX_DIR/s1" "$TMUX_DIR/s2"
}
settle() { poll 10 unchanged || die "the screen never settled"; }
# menu_to ITEM: Down in the title menu until the cursor is on ITEM
menu_to() {
	n=0
	while ! has_text "▸ $1" && [ $n -lt 15 ]; do
		keys Down; poll 2 has_text "▸ $1"; n=$((n + 1))
	done
	has_text "▸ $1" || die "no menu item $1"
}

# turn: play a turn with Enter, one step at a time (the cursor starts
# on a legal choice at every step), up to the relocation
turn() {
	keys Enter Enter
	need "Choose a free disc to take"
	keys Enter
	need "Choose where the disc goes"
	keys Enter
}

# shot TITLE CAPTION: the settled screen under a heading, its trailing
# blanks cut, the masks applied (the login's twice: a match takes the
# blank after the name, which a name right after it needs)
shot() {
	settle
	{
		printf '\n## %s\n\n%s\n\n```\n' "$1" "$2"
		screen | sed -e 's/[[:space:]]*$//' \
			-e "/^NONAGA ∙ online \\|^ *Online \\|^ *Join /s/\\([ ◉◼:]\\)$me\\( \\|\$\\)/\\1alice\\2/g" \
			-e "/^NONAGA ∙ online \\|^ *Online \\|^ *Join /s/\\([ ◉◼:]\\)$me\\( \\|\$\\)/\\1alice\\2/g" \
			-e 's|\(The game was kept as \).*|\1~/.local/state/nonaga/records/YYYYMMDD-HHMMSS.nonaga.|'
		printf '```\n'
	} >> "$page"
}

cat > "$page" <<'EOF'
# Screens

The program's screens as tmux shows them, 80x24 unless said otherwise.
This page is written by `make screens` (test/screens.sh), which plays
each of them in tmux from fixed positions, and `make check`
(test/screens_test.sh) fails when it differs from what the program draws
now: after changing what the game shows, run `make screens` and commit
the page with the change.

Markers: [ ] the cursor, ‹ › (ASCII < >) a legal choice, ( ) the piece
chosen, * * the winning three, . . beside a cell the last move's cells
and the dotted square (ASCII _) where it took a disc from.  In Unicode a
hexagon is a disc, the fisheye a Red token, the square a Blue token, the
circled slash the locked disc and the small circle a cell the disc may go
to; in ASCII o, @, #, x.
EOF

# ---------------------------------------------------------------- local
start
need "Play against the computer"
shot "The title menu" "\`nonaga\` without options."

start --pvp
need "Red to move"
shot "Two players: the first screen" "\`nonaga --pvp\`: Red's tokens that can move are marked, the cursor on one of them."

keys Enter Enter
need "Choose a free disc to take"
shot "The discs that may be taken" "After the slide (two Enter presses): the free discs are marked; any of them may be taken."

keys Enter
need "Choose where the disc goes"
shot "Where the disc may go" "A disc chosen (in brackets), the cells it may go to."

keys '?'
need "NONAGA: keys"
shot "Help" "? in a game; the arrows scroll."

start -l C --pvp
need "Red to move"
turn
need "Blue to move"
keys Enter Enter
need "Choose a free disc to take"
shot "ASCII (LANG=C), Blue's relocation" "Without a UTF-8 locale the whole screen is ASCII; x is the locked disc."

start -x 60 -y 16 --pvp
need "to move"
turn
need "Blue to move"
shot "60x16: the text beside the board" "A short terminal: the text goes right of the board."

start -x 40 -y 12 --pvp
need "Please enlarge"
shot "40x12: too small" "Below 48x14 the game waits for a larger window."

# ----------------------------------------------------- the computer
start --no-animation --ai=4 --as red
need "Red (you) to move"
turn
need "Last move: ◼ Blue" 20
shot "Against the computer, after its reply" "\`nonaga --ai=4 --as red\`, four Enter presses, then the computer's move: its cells stay marked."

start -x 120 -y 40 --no-animation --ai=4 --as red
need "Red (you) to move"
turn
need "Last move: ◼ Blue" 20
turn
need "4. ◼" 20
shot "120x40: larger cells and the move list" "The same game two turns on, on a larger terminal: 8 columns a cell and, from 100 columns, the moves beside the board."

start -l C -x 200 -y 60 --no-animation --ai=4 --as red
need "Red (you) to move"
turn
need "Last move: # Blue" 20
keys i
need "cursor at"
shot "200x60, ASCII, with the coordinates (i)" "i labels every cell with its q,r, as in the notation."

# The computer (Red, level 4) to move with a winning slide.
mkdir -p "$short/nonaga"
cat > "$short/nonaga/current.save" <<'EOF'
# nonaga record 1
Red: computer level 4
Blue: human
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/0,-2;2,0;-2,2/r/-
Result: none
Mode: ai
Human: blue
Level: 4
Moves: 0

EOF
chmod 700 "$short" "$short/nonaga"
chmod 600 "$short/nonaga/current.save"
start -e XDG_STATE_HOME="$short" --no-animation --resume
need "The computer wins" 20
shot "Game over" "The computer's winning slide: the three marked, the game kept in the records."

start
need "Play against the computer"
menu_to "Puzzles"
keys Enter
need "Puzzle 1 of"
shot "A puzzle" "Puzzles in the title menu: the first one, where Red must stop Blue's winning slide."

# ---------------------------------------------------------------- online
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --state "$TMUX_DIR/srv" 2>>"$TMUX_DIR/server.log" &
server=$!
poll 10 test -S "$S" || die "the server did not start"
# Red: a script on the protocol that hosts g1, then plays once Blue is in
mkfifo "$TMUX_DIR/red.in"
"$NONAGA" --client --server "unix:$S" < "$TMUX_DIR/red.in" > "$TMUX_DIR/red.out" 2>&1 &
client=$!
exec 3> "$TMUX_DIR/red.in"
echo "host g1 red" >&3
red_seated() { grep -q '^ok seat red' "$TMUX_DIR/red.out"; }
poll 10 red_seated || die "Red could not host: $(cat "$TMUX_DIR/red.out")"

start --no-animation --server "unix:$S"
need "Play against the computer"
menu_to "Play online"
keys Enter
need "g1"
shot "The lobby" "Play online: Play now first, a game to join, and who is online."

keys Down Down
keys Enter
need "Waiting for"
before_keys
echo "move 2,-2>1,-2/2,-2>1,-3" >&3
need "Last move: ◉ Red" 20
# Whether the board was placed afresh since the join depends on the order
# the server's events came in: a resize places it afresh, as it would be
# on the screen of a player who comes back to the game.
settle
T resize-window -x 81 -y 24
poll 5 has_text "◼ Blue to move" || die "no screen after a resize"
settle
T resize-window -x 80 -y 24
settle
shot "Online, Blue's screen after Red's move" "\`nonaga --join g1\` (or the lobby): the game named in the header, the online keys below."

exec 3>&-
mv "$page" "$out"
