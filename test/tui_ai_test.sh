#!/bin/sh
# tui_ai_test.sh - games against the computer: it answers, in either
# colour; undo takes back a move and its reply; a random side is drawn
# (both sides seen).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_ai

start --ai=1 --as red
check "human plays Red" wait_for "Red (you) to move"
check "the header names the players" has_text "you: ◉ Red ∙ computer: ◼ Blue, level 1"
screen > "$TMUX_DIR/s0"
keys Enter Enter Enter Enter
check "the computer is seen thinking" wait_for "◼ Blue (computer) is thinking"
check "the computer answers" wait_for "Last move: ◼ Blue" 20
check "and it is Red's turn again" has_text "Red (you) to move"
keys u
said_undo() {
	screen > "$TMUX_DIR/now" &&
	grep -qF "Taken back: your move and the computer's reply" "$TMUX_DIR/now" &&
	sed "s/^.*Taken back: your move.*\$//" "$TMUX_DIR/now" | cmp -s - "$TMUX_DIR/s0"
}
check "undo takes back the reply and the move, and says so" poll 5 said_undo
keys r
check "redo brings both back" wait_for "Last move: ◼ Blue"
check "... and it is Red's turn" has_text "Red (you) to move"
keys q
check "q asks during a game" wait_for "Quit? The game stays saved. (y/n)"
keys y
check "y quits" wait_exit

start --ai=2 --as blue
check "the computer plays Red and moves first" wait_for "Last move: ◉ Red" 20
check "then the human" wait_for "Blue (you) to move"
keys u
check "nothing of the human's to undo" wait_for "There is nothing to undo."
keys Enter Enter Enter Enter
check "the computer answers Blue" wait_for "Last move: ◼ Blue" 20
before_keys
check "... and replies" wait_for "Last move: ◉ Red" 20
check "Blue to move again" has_text "Blue (you) to move"
keys q y
check "quit" wait_exit

# a random side: played again until both sides have been drawn (at most
# 16 games: a fixed side fails; a fair draw fails once in 2^15 runs), each
# game starting as its side says
drawn() {
	if has_text "You play Red and move first."; then side=red
	elif has_text "You play Blue; the computer moves first."; then side=blue
	else return 1; fi
}
red_seen=0 blue_seen=0 games=0 agree=1
while [ $games -lt 16 ] && { [ $red_seen = 0 ] || [ $blue_seen = 0 ]; }; do
	start --ai
	games=$((games + 1))
	side=
	if poll 20 drawn; then
		if [ $side = red ]; then
			red_seen=1
			wait_for "Red (you) to move" 20 || agree=0
		else
			blue_seen=1
			wait_for "Last move: ◉ Red" 20 && wait_for "Blue (you) to move" 20 || agree=0
		fi
	else
		agree=0
	fi
	# the computer may have moved first: then q asks
	quit_anyhow || agree=0
done
check "a random side is drawn: both seen in $games games (red $red_seen, blue $blue_seen)" \
	test $red_seen = 1 -a $blue_seen = 1
check "... and each game began as its side was said to" test $agree = 1

# before the human has moved there is nothing of theirs to take back, and
# the waiting line does not offer it
start --ai=10 --as blue
check "the computer thinks first" wait_for "is thinking"
check "... and u is not offered yet" has_text "Please wait. q quits."
keys q y
wait_exit

# --warn: against levels 1-3 the player is told when the opponent can win
# with its next slide (here Blue's -2,2>2,-2); never with --warn=never
threat=$TMUX_DIR/threat
mkdir -p "$threat/nonaga"
cat > "$threat/nonaga/current.save" <<'REC'
# nonaga record 1
Red: human
Blue: computer level 2
Rules: standard
Start: 0,-2;1,-2;2,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;1,1;-2,2;-1,2;0,2/2,0;-1,2;-2,1/0,-2;1,-2;-2,2/r/-
Result: none
Mode: ai
Human: red
Level: 2
Moves: 0

REC
chmod 600 "$threat/nonaga/current.save"
cp -r "$threat" "$threat-2"
start -e XDG_STATE_HOME="$threat" --resume
check "--warn=auto at level 2: the threat is told" \
	wait_for "Careful: Blue can win with its next slide. Stop it!"
keys q
wait_exit
start -e XDG_STATE_HOME="$threat-2" --resume --warn=never
check "--warn=never: the game, silent" wait_for "Red (you) to move"
check "... no warning" lacks_text "Careful"
keys q
wait_exit

finish
