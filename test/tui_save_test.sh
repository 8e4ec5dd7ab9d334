#!/bin/sh
# tui_save_test.sh - the game is saved after every turn and when a
# quitting signal arrives (between turns, while the computer thinks, during
# an animation); --resume and the menu's Resume continue it exactly; a
# corrupt save is named and moved aside; --replay steps through a record;
# x exports the game.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_save

STATE=$TMUX_DIR/state
SAVE=$STATE/nonaga/current.save
WORK=$TMUX_DIR/work
mkdir -p "$WORK"

# run the program with the state directory of the test, in $WORK (where
# x exports)
TOP=$(pwd)
play() { cd "$WORK" && start -e XDG_STATE_HOME="$STATE" "$@"; cd "$TOP" || exit 1; }
pid() { cat "$TMUX_DIR/pid"; }
# the board area of the screen: the lines between the header and the
# five lines of the panel (80x24)
# A board is compared wherever it stands: the game keeps its board still
# while it fits, and a resumed game centres it afresh, so the rows (less
# blank ones and the indentation they share) are what must be the same.
board() { screen | sed -n '2,19p' | flush_left; }
flush_left() {
	awk 'NF { row[++n] = $0; match($0, /^ */); if (min == "" || RLENGTH < min) min = RLENGTH }
	     END { for (i = 1; i <= n; i++) print substr(row[i], min + 1) }'
}
same_board() { board > "$TMUX_DIR/board.now" && cmp -s "$TMUX_DIR/board.now" "$1"; }
# the whole screen: the same board, and the same text below it
same_game() {
	screen > "$TMUX_DIR/game.now" || return 1
	for f in "$1" "$TMUX_DIR/game.now"; do
		{ sed -n '2,19p' "$f" | flush_left; sed -n '1p;20,$p' "$f"; } > "$f.norm"
	done
	cmp -s "$1.norm" "$TMUX_DIR/game.now.norm"
}
exists() { [ -e "$1" ]; }
missing() { [ ! -e "$1" ]; }
stderr_has() { grep -qF -- "$1" "$TMUX_DIR/stderr"; }
changed() { ! equals_file "$1"; }
# q during a game asks first
quit_game() { keys q; wait_for "Quit? The game stays saved. (y/n)"; keys y; wait_exit; }

# --- a turn, SIGHUP between turns, --resume
play --pvp
wait_for "Red to move"
keys Enter Enter Enter Enter
check "a turn is played" wait_for "Blue to move"
check "it is saved" poll 5 grep -qx "Moves: 1" "$SAVE"
screen > "$TMUX_DIR/after-turn"
board > "$TMUX_DIR/board-turn"
kill -HUP "$(pid)"
check "SIGHUP ends the game" wait_exit
check "... dying of SIGHUP" status_is 129
check "... and the save is there" exists "$SAVE"
play --resume
check "--resume: Blue to move" wait_for "Blue to move"
check "--resume: the same screen" poll 5 same_game "$TMUX_DIR/after-turn"
keys u
check "u undoes the resumed turn" wait_for "Red to move"
check "... back to the start" wait_for "Last move: none yet."
keys r
check "r redoes it" wait_for "Blue to move"
check "... the same board" poll 5 same_board "$TMUX_DIR/board-turn"

# --- x exports the game to the current directory
keys x
check "x says where the game went" wait_for "Game exported to $WORK/nonaga-"
exported=$(ls "$WORK"/nonaga-*.nonaga 2>/dev/null | head -n 1)
check "... and the file is there" test -n "$exported"
check "... a record of the game" grep -qx "Moves: 1" "$exported"
# x again while the name of this second (and the next ten) is taken: the
# export goes to NAME-2 and nothing is replaced
for k in 0 1 2 3 4 5 6 7 8 9 10; do
	echo taken > "$WORK/$(date -d "+$k sec" +nonaga-%Y%m%d-%H%M%S).nonaga"
done
keys x
# (15 s: an export syncs the file and its directory, which took more
# than 5 s once while the other tests wrote)
check "x with the name taken exports to NAME-2" \
	poll 15 sh -c "ls '$WORK'/nonaga-*-2.nonaga >/dev/null 2>&1"
check "... a record of the game" grep -qx "Moves: 1" "$WORK"/nonaga-*-2.nonaga
check "... and the files there are as they were" \
	test "$(grep -lx taken "$WORK"/nonaga-*.nonaga | wc -l)" = 11
keys q
wait_for "Quit? The game stays saved. (y/n)"
keys y
check "y quits" wait_exit
check "... exit status 0" status_is 0
check "... and the game stays saved" exists "$SAVE"

# --- SIGTERM saves too
play --resume
wait_for "Blue to move"
keys Enter Enter Enter Enter
check "a second turn" wait_for "Red to move"
check "... saved after it" poll 5 grep -qx "Moves: 2" "$SAVE"
board > "$TMUX_DIR/board-two"
kill -TERM "$(pid)"
check "SIGTERM ends the game" wait_exit
check "... dying of SIGTERM" status_is 143
play --resume
check "resumed after SIGTERM: Red to move" wait_for "Red to move"
check "... the same board" poll 5 same_board "$TMUX_DIR/board-two"
kill -INT "$(pid)"
check "SIGINT ends the game" wait_exit
check "... dying of SIGINT" status_is 130
check "... still saved with both turns" grep -qx "Moves: 2" "$SAVE"

# --- SIGHUP while the computer thinks
rm -f "$SAVE"
play --ai=10 --as red
wait_for "Red (you) to move"
keys Enter Enter Enter Enter
check "the computer thinks" wait_for "Blue (computer) is thinking"
board > "$TMUX_DIR/board-think"
kill -HUP "$(pid)"
check "SIGHUP during the thinking ends the game at once" wait_exit 3
check "... dying of SIGHUP" status_is 129
check "... with the human's turn saved" grep -qx "Moves: 1" "$SAVE"
check "... against the computer at level 10" grep -qx "Level: 10" "$SAVE"
play --resume
check "resumed: the computer thinks again" wait_for "Blue (computer) is thinking"
check "... on the same board" poll 5 same_board "$TMUX_DIR/board-think"
check "... at level 10, you red" has_text "you: ◉ Red"
kill -HUP "$(pid)"
wait_exit 3

# --- SIGHUP during the animation of the turn's last step
rm -f "$SAVE"
play --pvp
wait_for "Red to move"
keys Enter Enter Enter
wait_for "2. relocate a disc"
screen > "$TMUX_DIR/before"
keys Enter
# the key has been read when the screen changes: the animation has begun
check "the disc flies" poll 5 changed "$TMUX_DIR/before"
kill -HUP "$(pid)"
check "SIGHUP during an animation ends the game" wait_exit
check "... dying of SIGHUP" status_is 129
check "... with the turn saved" grep -qx "Moves: 1" "$SAVE"
play --resume
check "resumed after the animation: Blue to move" wait_for "Blue to move"
check "... the same position as after the turn" poll 5 same_board "$TMUX_DIR/board-turn"
quit_game

# --- the title menu's Resume
play
check "the menu offers Resume" wait_for "Resume the saved game"
keys Enter
check "Resume continues the game" wait_for "Blue to move"
check "... the same board" poll 5 same_board "$TMUX_DIR/board-turn"
quit_game

# --- no save, a corrupt save
rm -f "$SAVE"
play
wait_for "Play against the computer"
check "no save, no Resume" lacks_text "Resume the saved game"
keys q
wait_exit
: > "$TMUX_DIR/stderr"
play --resume
check "--resume without a save exits" wait_exit
check "... with status 1" status_is 1
check "... saying so" stderr_has "no saved game to resume"

printf '# nonaga record 1\nRules: standard\nMoves: 2\n\n2,-2>1,-2/2,-2>1,-3\n9,9>9,9/0,0>0,0\n' > "$SAVE"
: > "$TMUX_DIR/stderr"
play --resume
check "--resume with a corrupt save exits" wait_exit
check "... with status 1" status_is 1
check "... naming the file and line" stderr_has "$SAVE, line 6:"
check "... moved aside" exists "$SAVE.bad"
check "... not left in place" missing "$SAVE"

head -c 30 "$TMUX_DIR/after-turn" > "$SAVE"
play
check "a bad save: the menu still offers Resume" wait_for "Resume the saved game"
keys Enter
check "Resume names the bad file" wait_for "current.save"
check "... and where it went" wait_for "moved aside"
check "... Resume is gone" lacks_text "Resume the saved game"
check "... moved to .bad.1" exists "$SAVE.bad.1"
keys q
wait_exit

# --- --replay of a finished game
cp "$FIXTURES/won.nonaga" "$WORK/won.nonaga"
play -e TZ=JST-9 --replay "$WORK/won.nonaga"
check "--replay starts at the start" wait_for "Replay: move 0 of 1"
check "... shows the players" has_text "Blue: computer level 7"
check "... the result" has_text "Red won"
check "... the date, in local time (UTC+9 here)" has_text "2026-11-22 19:15"
keys Right
check "Right steps forward" wait_for "Replay: move 1 of 1"
check "... to the win" wait_for "Red wins!"
check "... with the move" has_text "2,-2>2,-1"
check "... and the winning three marked" \
	sh -c "test \"\$(tmux -L $TMUX_SOCK capture-pane -p | sed -n '2,18p' | grep -o '\*[^ ]\*' | wc -l)\" = 3"
keys Left
check "Left steps back" wait_for "Replay: move 0 of 1"
keys End
check "End goes to the end" wait_for "Replay: move 1 of 1"
keys Home
check "Home goes to the start" wait_for "Replay: move 0 of 1"
keys l
check "l steps forward" wait_for "Replay: move 1 of 1"
keys p
check "p at the end of a finished game says why not" wait_for "The game is over here"
keys q
check "q leaves the replay" wait_exit
check "... with status 0" status_is 0

# p plays on from the position shown, two players, saved like a new game
rm -f "$STATE/nonaga/current"*.save
play --replay "$WORK/won.nonaga"
wait_for "Replay: move 0 of 1"
keys p
check "p plays on from the replayed position" wait_gone "Replay: move 0 of 1"
check "... Red to move" has_text "Red to move"
check "... two players" has_text "two players"
keys Enter Enter Enter Enter
check "... a turn is played" wait_for "Blue to move"
check "... and saved" poll 5 exists "$STATE/nonaga/current.save"
keys q y
wait_exit

play -e LANGUAGE=ja --lang ja --replay "$WORK/won.nonaga"
check "a replay in Japanese names the players in Japanese" wait_for "コンピュータ レベル 7"
check "... both of them" has_text "赤: 人間"
keys q
wait_exit

printf '# nonaga record 1\nRules: standard\nMoves: 1\n\nrubbish\n' > "$WORK/bad.nonaga"
: > "$TMUX_DIR/stderr"
play --replay "$WORK/bad.nonaga"
check "--replay of a bad file exits" wait_exit
check "... with status 1" status_is 1
check "... naming the file and line" stderr_has "$WORK/bad.nonaga, line 5:"
check "... a file of the user's is left where it is" exists "$WORK/bad.nonaga"

mkdir -p "$STATE/nonaga/records"
cp "$WORK/bad.nonaga" "$STATE/nonaga/records/bad.nonaga"
play --replay "$STATE/nonaga/records/bad.nonaga"
check "--replay of a bad record of ours exits" wait_exit
check "... with status 1" status_is 1
check "... moves it aside" exists "$STATE/nonaga/records/bad.nonaga.bad"

# --- a win undone and redone is finished like any other: no save left
# behind, one record.  The save stands before Red's winning slide, which
# can be redone.
rm -rf "$STATE/nonaga"; mkdir -p "$STATE/nonaga"
# (the won game of the fixture, between two players, saved at Ply 0)
sed -e 's/^Blue: .*/Blue: human/' -e 's/^Moves:/Mode: pvp\nPly: 0\n&/' \
	"$FIXTURES/won.nonaga" > "$SAVE"
chmod 600 "$SAVE"
play --resume
check "resumed before the win" wait_for "Red to move"
keys r
check "redo wins" wait_for "Red wins"
check "... the game is kept as a record" poll 5 test "$(ls "$STATE/nonaga/records" | wc -l)" = 1
check "... and is no longer in progress" poll 5 missing "$SAVE"
keys u
check "undo takes the win back" wait_for "Red to move"
check "... and the game is in progress again" poll 5 exists "$SAVE"
keys r
check "redo wins again" wait_for "Red wins"
check "... the save is gone again" poll 5 missing "$SAVE"
check "... and there is still one record" test "$(ls "$STATE/nonaga/records" | wc -l)" = 1
keys q
wait_exit

# --- Past games in the title menu: the kept games, to replay
play
wait_for "Play against the computer"
keys Down Down Down Down Down Down Down Down
check "the menu offers the past games" wait_for "▸ Past games"
keys Enter
check "the list of past games" wait_for "Finished games, the newest first"
check "... says who played, how it ended and how long" \
	has_text "Red won ∙ 1 move ∙ human against human"
keys Enter
check "Enter replays it" wait_for "Replay: move 0 of 1"
keys q
check "q goes back to the list" wait_for "Finished games, the newest first"
keys Enter
wait_for "Replay: move 0 of 1"
keys p
check "p in a past game's replay plays on from there" wait_gone "Replay: move 0 of 1"
check "... Red to move" has_text "Red to move"
check "... two players" has_text "two players"
keys m
check "... and m leads back to the menu" wait_for "Play against the computer"
check "... where the selection is still on Past games" wait_for "▸ Past games"
keys Enter
wait_for "Finished games, the newest first"
keys Escape
check "Esc goes back to the menu" wait_for "Play against the computer"
keys q
wait_exit

# --- x where the current directory cannot be written to (here: removed
# under the game): the game goes to the home directory, and the path shows
mkdir -p "$WORK/gone" "$TMUX_DIR/home"
cd "$WORK/gone" && start -e XDG_STATE_HOME="$STATE" -e HOME="$TMUX_DIR/home" --pvp
cd "$TOP" || exit 1
wait_for "Red to move"
rmdir "$WORK/gone"
keys x
check "x without a current directory: exported home" \
	wait_for "cannot be written to: game exported to"
check "... and the file is there" sh -c "ls '$TMUX_DIR'/home/nonaga-*.nonaga >/dev/null"
keys q
wait_exit

finish
