#!/bin/sh
# tui_board_test.sh - the board at 80x24, 120x40 and 200x60, in UTF-8 and
# ASCII: larger cells on larger screens, everything in view, a turn by four
# Enter presses, the last move's cells marked after the computer's reply,
# the coordinates (i), the move list, the win (its shape, the pulse, still
# with --no-animation), colours (256, 8, NO_COLOR) and resizing.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_board
export LC_ALL=C.UTF-8   # for grep and awk on the UTF-8 screens

# the board's lines: below the header, above the five lines of text
board() { screen | sed -n "2,$((H - 6))p"; }
# how many times a pattern (grep -E) is on the board
count() { board | grep -oE -- "$1" | wc -l | tr -d ' '; }
# columns between the first two discs of the row with the most discs
spacing() {
	board | sed "s/$1/O/g; s/[^ -~]/?/g" | awk -v d=O '
		{ n = 0; line = $0; off = 0; first = -1; second = -1
		  while ((i = index(line, " " d " ")) > 0) {
			pos = off + i
			if (first < 0) first = pos; else if (second < 0) second = pos
			off += i; line = substr(line, i + 1); n++ }
		  if (n > best && second > 0) { best = n; sp = second - first } }
		END { print sp + 0 }'
}
is() { [ "$1" = "$2" ]; }
# the screen stays the same for a fifth of a second
still() { screen > "$TMUX_DIR/a"; sleep 0.2; screen | cmp -s - "$TMUX_DIR/a"; }
settle() { poll 5 still; }
more() { [ "$1" -gt "$2" ]; }
board_has() { board | grep -qF -- "$1"; }
board_lacks() { ! board | grep -qF -- "$1"; }
# the cells of the last move (as the last-move line writes it), distinct
last_cells() {
	screen | sed -n "s/.*Last move: $1 [A-Za-z]* \([^ ]*\).*/\1/p" | tr '>/' '\n\n' | sort -u | wc -l | tr -d ' '
}
# screen with attributes: is a reversed cell on the board?
reversed() { T capture-pane -p -e | sed -n "2,$((H - 6))p" | grep -qE '\[([0-9]+;)*7(;[0-9]+)*m'; }
not_reversed_for() { # seconds
	n=$(($1 * 10))
	while [ $n -gt 0 ]; do reversed && return 1; sleep 0.1; n=$((n - 1)); done
	return 0
}

prev=0
for lang in C.UTF-8 C; do
	if [ $lang = C ]; then
		disc=o red=@ blue=# marks='\.[o@#x_]\.' outline='/---\' arrow='>'
	else
		disc=⬡ red=◉ blue=◼ marks='\.[⬡◉◼⊘⬚]\.' outline='⟋⎺⎺⎺⟍' arrow='▸'
	fi
	prev=0
	for size in 80x24 120x40 200x60; do
		W=${size%x*} H=${size#*x}
		tag="[$size $lang]"
		start -x "$W" -y "$H" -l $lang --ai=1 --as red
		check "$tag ready" wait_for "Red (you) to move"
		sp=$(spacing "$disc")
		if [ "$W" = 80 ]; then
			check "$tag 4 columns a cell, as always ($sp)" is "$sp" 4
			small=$sp
			check "$tag no outlines" board_lacks "$outline"
			check "$tag the keys line has x and i" has_text "t hint, x export, i coords, ? help, q quit"
		else
			check "$tag larger cells than at 80x24 ($sp > $small)" more "$sp" "$small"
			check "$tag ... and not smaller than on the smaller screen ($sp >= $prev)" \
				more "$((sp + 1))" "$prev"
			check "$tag discs outlined" board_has "$outline"
			check "$tag the keys line has i" has_text "i coordinates, ? help, q quit"
			check "$tag the move list beside the board" board_has "Moves"
		fi
		prev=$sp
		check "$tag three Red tokens in view" is "$(count "$red")" 3
		check "$tag three Blue tokens in view" is "$(count "$blue")" 3
		check "$tag the header" has_text "NONAGA"
		check "$tag no marks before a move" is "$(count "$marks")" 0

		keys Enter Enter Enter Enter
		check "$tag four Enter presses play a turn; the computer replies" \
			wait_for "Last move: $blue Blue"
		settle
		n=$(last_cells "$blue")
		check "$tag the computer's move: its $n cells marked" is "$(count "$marks")" "$n"
		if [ "$W" = 80 ]; then
			keys u
			check "$tag u takes both moves back" wait_for "Taken back"
			check "$tag ... no last move, no marks" is "$(count "$marks")" 0
			keys r
			check "$tag r plays them again" wait_for "Played again"
			check "$tag ... the computer's move marked again" is "$(count "$marks")" "$n"
		fi
		if [ "$W" != 80 ]; then
			mv=$(screen | sed -n "s/.*Last move: $blue Blue \([^ ]*\).*/\1/p")
			check "$tag the move list: the computer's move" board_has "2. $blue $mv"
			check "$tag ... and mine" sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -qE '   1\\. [$red] '"
		fi

		keys i
		check "$tag i: the cursor's cell named" wait_for "cursor at "
		cur=$(screen | sed -n 's/.*cursor at \([-0-9]*,[-0-9]*\).*/\1/p')
		check "$tag ... and labelled on the board ($cur)" board_has "$cur"
		if [ "$W" != 80 ]; then
			check "$tag ... every cell labelled: 0,0" board_has " 0,0 "
		fi
		keys i
		check "$tag i again: no labels" wait_gone "cursor at "
		check "$tag ... not on the board either ($cur)" board_lacks " $cur "
		keys q y
		wait_exit
	done
done

# --- the win: the shape said, the three pulse (and not with --no-animation)
H=24
ST=$TMUX_DIR/st
mkdir -p "$ST/nonaga"
won_save() {
	cat > "$ST/nonaga/current.save" <<'REC'
# nonaga record 1
Mode: ai
Human: blue
Level: 3
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/0,-2;2,0;-2,2/r/-
Moves: 0

REC
}
for size in 80x24 120x40; do
	W=${size%x*} H=${size#*x}
	won_save
	start -x "$W" -y "$H" -e XDG_STATE_HOME="$ST" --resume
	check "[$size] the computer's winning slide: the three pulse" poll 10 reversed
	check "[$size] the message says how" wait_for "The computer wins. (three in a triangle)"
	check "[$size] ... and the pulse ends" poll 5 not_reversed_for 1
	check "[$size] the winning three marked" is "$(count '\*◉\*')" 3
	keys q
	wait_exit
done

H=24
won_save
start -e XDG_STATE_HOME="$ST" --no-animation --resume
check "--no-animation: the win" wait_for "three in a triangle"
check "... without a pulse" not_reversed_for 2
keys q
wait_exit

# --- a replay: the move shown is marked in the move list
cat > "$TMUX_DIR/won.nonaga" <<'REC'
# nonaga record 1
Red: human
Blue: computer level 7
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,-2;0,0;1,0/0,-2;2,0;-2,2/r/-
Result: red
Moves: 1

2,-2>2,-1
REC
W=120 H=40
start -x 120 -y 40 --replay "$TMUX_DIR/won.nonaga"
check "replay: the move list lists the record" wait_for "1. ◉ 2,-2>2,-1"
check "... no move marked at the start" lacks_text "▸  1."
keys Right
check "replay: the move shown marked" wait_for "▸  1. ◉ 2,-2>2,-1"
check "... its cells marked" is "$(count '\.⬡\.')" 1
check "... the shape said" has_text "Red wins! (three in a V)"
keys Left
check "replay: back at the start, no mark" wait_gone "▸  1."
check "... and no last move" is "$(count '\.⬡\.')" 0
keys q
wait_exit

# --- colours: a colour of their own for the discs with 256 colours only;
# NO_COLOR: no colour at all, the marks still there
H=24
start -e TERM=xterm-256color --pvp
check "256 colours: ready" wait_for "Red to move"
check "256 colours: discs in colour 144" sh -c "tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '38;5;144m⬡'"
keys q
wait_exit
start -e TERM=screen --pvp
check "8 colours: ready" wait_for "Red to move"
check "8 colours: the discs as always" sh -c "! tmux -L $TMUX_SOCK capture-pane -p -e | grep -q '38;5;'"
keys q
wait_exit
start -e NO_COLOR=1 --pvp
check "NO_COLOR: ready" wait_for "Red to move"
keys Enter Enter Enter Enter
check "NO_COLOR: a turn" wait_for "Blue to move"
settle
check "NO_COLOR: no colour" sh -c "! tmux -L $TMUX_SOCK capture-pane -p -e | grep -qE '\[([0-9]+;)*(3[0-7]|38;5;[0-9]+)(;[0-9]+)*m'"
n=$(last_cells "◉")
check "NO_COLOR: the move's $n cells marked" is "$(count '\.[⬡◉◼⊘⬚]\.')" "$n"
keys q y
wait_exit

# --- resizing picks the size again
start --pvp
check "80x24: ready" wait_for "Red to move"
T resize-window -x 120 -y 40
H=40
check "resized to 120x40: larger cells" poll 10 board_has "⟋⎺⎺⎺⟍"
keys Enter Enter Enter Enter
check "120x40: a turn" wait_for "Blue to move"
settle
T resize-window -x 80 -y 24
H=24
check "back to 80x24: the classic board" poll 10 board_lacks "⟋⎺⎺⎺⟍"
check "... the move's cells still marked" is "$(count '\.[⬡◉◼⊘⬚]\.')" "$(last_cells "◉")"
keys q y
wait_exit

finish
