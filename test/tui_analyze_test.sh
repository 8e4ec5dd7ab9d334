#!/bin/sh
# tui_analyze_test.sh - the coach in --replay: a analyses the moves in a
# thread (the screen says how far it is and stays live), then the last-move
# line carries the mark and the engine's best move, the best move of the
# position shown is marked on the board, on a wide screen the move list
# shows the marks, and the evaluation graph shows who was ahead; help
# with ?.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_analyze

REC=$TMUX_DIR/missed.nonaga
# Blue to move wins with the slide 1,-1>1,0 but plays something else.
cat > "$REC" <<'R'
# nonaga record 1
Rules: standard
Start: 2,-3;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;-2,0;-1,0;0,0;1,0;2,0;3,0;-1,1;0,1;2,1;-2,2;0,2/3,-2;0,-1;0,1/1,-1;0,0;2,0/b/2,-3
Moves: 3

0,0>-2,0/-1,-1>-1,2
0,1>0,0/3,0>0,-2
1,-1>1,-2/-2,2>1,-3
R

start --replay "$REC"
check "the replay starts" wait_for "Replay: move 0 of 3"
check "the keys line names a and ?" has_text "a analyse, p play on, ? help, q quit"
check "no best move before the analysis" lacks_text "best:"
board() { screen | sed -n '2,18p'; }
board > "$TMUX_DIR/board.before"
keys a
check "a analyses the moves" wait_for "Analysed: 1 W (missed a win), 0 L"
# (two slides win: the best move may be either, as the search orders them)
check "the best move of the position shown" \
	sh -c "tmux -L $TMUX_SOCK capture-pane -p | grep -Eq 'Blue to move .* best: (1,-1>1,0|0,0>1,0) *\$'"
board > "$TMUX_DIR/board.after"
check "... is marked on the board" sh -c "! cmp -s '$TMUX_DIR/board.before' '$TMUX_DIR/board.after'"
keys Right
check "the missed win on the last-move line" wait_for "W missed a win (best: "
keys Right
check "the next move has no mark" wait_for "Replay: move 2 of 3"
check "... none on the screen" lacks_text "missed a win"
keys Left
check "back to the mark" wait_for "W missed a win"
keys a
check "a again says it is done" wait_for "The moves are analysed"
keys '?'
check "? shows the help" wait_for "NONAGA: keys"
check "... with the replay's a, pages down" page_to "analyse the moves"
keys q
check "back in the replay" wait_for "Replay: move 1 of 3"
keys q
check "q leaves" wait_exit

# a loss allowed: the move is shown with the answer that refutes it
ALLOWED=$TMUX_DIR/allowed.nonaga
cat > "$ALLOWED" <<'R'
# nonaga record 1
Rules: standard
Start: 0,-2;1,-2;2,-2;3,-2;-1,-1;0,-1;1,-1;2,-1;3,-1;-2,0;-1,0;0,0;1,0;2,0;-2,1;-1,1;0,1;-2,2;0,2/1,-2;0,-1;-2,0/0,-2;1,-1;2,0/b/-1,-1
Moves: 2

1,-1>-2,2/-2,1>-1,-2
-2,0>-1,-1
R
start --replay "$ALLOWED"
check "allowed: the replay" wait_for "Replay: move 0 of 2"
keys a
check "allowed: analysed" wait_for "Analysed: 0 W (missed a win), 1 L (allowed a forced win), 0 ? (mistake)."
keys Right
check "the loss allowed, with red's winning answer" wait_for "L allowed a forced win (best:"
check "... the line that refutes it" has_text "Answered by -2,0>-1,-1."
keys q
wait_exit

# a wide screen: the marks in the move list's last column
start -x 120 -y 40 --replay "$REC"
check "wide: the replay with its move list" wait_for "Replay: move 0 of 3"
mark_line() { screen | grep -Eq "$1"; }
check "... no mark before the analysis" \
	mark_line '1\. . 0,0>-2,0/-1,-1>-1,2 *$'
keys a
check "... a analyses" wait_for "Analysed: 1 W (missed a win), 0 L"
check "... the missed win marked W beside move 1" \
	mark_line '1\. . 0,0>-2,0/-1,-1>-1,2 +W *$'
check "... and move 2 unmarked" mark_line '2\. . 0,1>0,0/3,0>0,-2 *$'
# the list is made again when the move shown changes: the arrow follows
check "... no move has the arrow at the start" sh -c "! tmux -L $TMUX_SOCK capture-pane -p | grep -q '▸ *[0-9]'"
keys Right Right
check "... two steps on" wait_for "Replay: move 2 of 3"
check "... the arrow on move 2" mark_line '▸ *2\. . 0,1>0,0/3,0>0,-2 *$'
check "... move 3 is still listed" mark_line '3\. . 1,-1>1,-2/-2,2>1,-3 *$'
keys q
check "wide: q leaves" wait_exit

# q quits at once while the analysis runs: the thread is stopped and
# joined (a game of 10 moves from the start takes over half a second)
GAME=$TMUX_DIR/game.nonaga
{ printf '# nonaga record 1\nRules: standard\nResult: blue\nMoves: 10\n\n'
  printf '%s\n' 0,2\>0,-1/-1,2\>3,-2 -2,2\>1,-1/-1,-1\>3,-1 2,-2\>1,-2/1,1\>-1,-1 \
    0,-2\>-1,-1/-2,1\>3,0 -2,0\>1,0/-2,0\>2,-3 -1,-1\>-1,1/0,-2\>-2,0 \
    1,0\>0,1/3,-1\>1,-3 -1,1\>0,0/2,-3\>2,1 1,-2\>3,-2/1,-3\>2,-3 0,0\>1,0; } > "$GAME"
start --replay "$GAME"
wait_for "Replay: move 0 of 10"
keys a
check "the analysis shows how far it is" wait_for "Analysing the moves: "
keys Right
check "the keys work meanwhile" wait_for "Replay: move 1 of 10"
keys q
check "q while analysing leaves at once" wait_exit 3

# the evaluation graph under the panel once analysed: Red's lead after
# each move in the first line, Blue's in the second, in eighths of a line
# (a forced result full: after Red's moves 5 and 6 Red wins by force,
# Red misses it at move 7, W, and Blue wins), the move shown marked under
# it (on the W, the W is reversed instead).  The values are the
# analysis's at depth 3, the same on every machine.
graph() { screen | tail -3; }
want_graph() { [ "$(graph)" = "$(printf '%s\n%s\n%s' "$1" "$2" "$3")" ]; }
start --replay "$GAME"
wait_for "Replay: move 0 of 10"
check "graph: none before the analysis" lacks_text '◉ ▃▁▄▃██'
keys a
check "graph: a analyses" wait_for "Analysed: 1 W (missed a win), 0 L" 60
check "graph: the values, the W, no move shown at the start" \
	want_graph '◉ ▃▁▄▃██' '◼       ████' '        W'
check "graph: the keys line stays above it" \
	sh -c "tmux -L $TMUX_SOCK capture-pane -p | sed -n 21p | grep -q '? help, q quit'"
keys Right Right
check "graph: move 2" wait_for "Replay: move 2 of 10"
check "graph: ... marked under its column" \
	want_graph '◉ ▃▁▄▃██' '◼       ████' '   ▴    W'
keys End
check "graph: the last move" wait_for "Replay: move 10 of 10"
check "graph: ... the mark follows" \
	want_graph '◉ ▃▁▄▃██' '◼       ████' '        W  ▴'
keys Left Left Left
check "graph: move 7, the W" wait_for "Replay: move 7 of 10"
check "graph: ... the W alone (reversed)" \
	want_graph '◉ ▃▁▄▃██' '◼       ████' '        W'
keys q
wait_exit
start -l C --replay "$GAME"
wait_for "Replay: move 0 of 10"
keys a
check "graph, ASCII: a analyses" wait_for "Analysed: 1 W (missed a win), 0 L" 60
keys End
check "graph, ASCII: the last move" wait_for "Replay: move 10 of 10"
check "graph, ASCII: the same values in ASCII" \
	want_graph '@ -_--XX' '#       XXXX' '        W  ^'
keys q
wait_exit
finish
