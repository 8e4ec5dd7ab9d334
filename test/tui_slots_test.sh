#!/bin/sh
# tui_slots_test.sh - two terminals on one state directory never overwrite
# each other's game: the second is told that a game runs in another
# terminal and chooses (take it over, or a new game in another save slot);
# taking over makes the first save and leave; Resume lists every
# unfinished game; a lock left by a killed game is no obstacle.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_slots
shared=$TMUX_DIR/shared

# Terminals B, C and D: tmux servers of their own beside start's.
n_other=0
other() { # other NAME ARG...: run the game in terminal NAME
	name=$1; shift
	n_other=$((n_other + 1))
	eval "sock_$name=nonaga-slots-$$-$n_other"
	rm -f "$TMUX_DIR/$name.status"
	tmux -L "$(eval echo \$sock_$name)" -f /dev/null new-session -d -x 80 -y 24 \
		"env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \
		 XDG_STATE_HOME='$shared' XDG_CONFIG_HOME='$TMUX_DIR/config' sh -c 'echo \$\$ > \"$TMUX_DIR/$name.pid\"; \
		 exec \"$NONAGA\" \"\$@\"' sh $* 2>>'$TMUX_DIR/stderr'; \
		 echo \$? > '$TMUX_DIR/$name.status'; echo '[program exited]'; exec cat >/dev/null"
}
on() { name=$1; shift; tmux -L "$(eval echo \$sock_$name)" -f /dev/null "$@"; }
on_has() { on "$1" capture-pane -p | grep -qF -- "$2"; }
not_on() { ! on_has "$@"; }
on_wait() { poll "${3:-10}" on_has "$1" "$2"; }
kill_others() {
	for s in $sock_B $sock_C $sock_D $sock_F; do
		tmux -L "$s" -f /dev/null kill-server 2>/dev/null
		rm -f "$(echo "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$s")"
	done
}
trap 'kill_others; tmux_cleanup' EXIT
ply() { sed -n 's/^Moves: //p' "$shared/nonaga/$1"; }

# --- A plays a turn; its game holds current.save
start -e "XDG_STATE_HOME=$shared" --pvp
check "A: ready" wait_for "Red to move"
keys Enter Enter Enter Enter
check "A: a turn" wait_for "Blue to move"
check "A's game is saved" test "$(ply current.save)" = 1
check "the lock names A" grep -q "^$(cat "$TMUX_DIR/pid") " "$shared/nonaga/current.save.lock"

# --- B starts a new game on the same directory: it goes to another slot
# unasked (a new game never takes another over)
other B --pvp
check "B: a new game" on_wait B "Red to move"
check "... without a question" not_on B 'A game is already running'
on B send-keys Enter Enter Enter Enter
check "B: a turn" on_wait B "Blue to move"
check "B's game is in slot 2" test "$(ply current-2.save)" = 1
keys Enter Enter Enter Enter
check "A: another turn" wait_for "Red to move"
check "A's game goes on in current.save" poll 5 test "$(ply current.save)" = 2
check "B's game is still there" test "$(ply current-2.save)" = 1

# --- C resumes: both games are listed; taking A's over closes A
other C --resume
check "C: the list of unfinished games" on_wait C "Resume a game"
check "... both are being played" \
	test "$(on C capture-pane -p | grep -c 'in another terminal')" = 2
on C send-keys Enter
check "C: asked about A's game" on_wait C "Take the game over here"
on C send-keys Enter
check "A saves and leaves" wait_exit
check "... of the hang-up signal" test "$(exit_status)" = 129
check "... saying which terminal took its game" \
	has_text "This game was taken over by the terminal on $(on C display -p '#{pane_tty}');"
check "C plays A's game at its last turn" on_wait C "Red to move"
check "... which was not lost" test "$(ply current.save)" = 2
on C send-keys Enter Enter Enter Enter
check "C: a turn in it" on_wait C "Blue to move"
check "... saved in A's slot" poll 5 test "$(ply current.save)" = 3

# --- B is killed: its lock is gone with it, and D resumes its game unasked
kill -9 "$(cat "$TMUX_DIR/B.pid")"
other D --resume
check "D: the list" on_wait D "Resume a game"
on D send-keys Down Enter
check "D resumes B's game without a question" on_wait D "Blue to move"
on D send-keys q y
on C send-keys q y
check "D's game is saved as it was" test "$(ply current-2.save)" = 1

# --- a new game never replaces an unfinished one that nobody plays
check "C and D have left" poll 10 test -f "$TMUX_DIR/C.status" -a -f "$TMUX_DIR/D.status"
start -e "XDG_STATE_HOME=$shared" --pvp
check "E: told of the unfinished games nobody plays" wait_for "2 unfinished games are saved"
keys Enter
check "E: a new game, keeping them" wait_for "Red to move"
keys Enter Enter Enter Enter
check "E: a turn" wait_for "Blue to move"
check "E's game went to a free slot" poll 5 test "$(ply current-3.save)" = 1
check "... and the others are as they were" \
	test "$(ply current.save):$(ply current-2.save)" = "3:1"
keys q y
wait_exit

# --- with every slot taken, a new game is refused with the reason
for k in 4 5 6 7 8 9; do cp "$shared/nonaga/current.save" "$shared/nonaga/current-$k.save"; done
start -e "XDG_STATE_HOME=$shared" --pvp
check "all slots taken: the new game may replace the oldest" wait_for "Every save slot holds one."
check "... and no free slot is offered" lacks_text "in a free slot"
keys Escape
check "... else it is said on the title menu" wait_for "Every save slot holds an unfinished game"
check "... where Resume is offered" has_text "Resume"

# --- a finished game holds no slot: a new game elsewhere takes slot 1
# unasked, and the finished game taken back goes on in a free slot
rm -rf "$shared/nonaga"; mkdir -p "$shared/nonaga"
# (the won game of the fixture, between two players, saved at Ply 0)
sed -e 's/^Blue: .*/Blue: human/' -e 's/^Moves:/Mode: pvp\nPly: 0\n&/' \
	"$FIXTURES/won.nonaga" > "$shared/nonaga/current.save"
chmod 600 "$shared/nonaga/current.save"
start -e "XDG_STATE_HOME=$shared" --resume
check "A: resumed before the win" wait_for "Red to move"
keys r
check "A: the game is won" wait_for "Red wins"
check "... and no longer saved" poll 5 test ! -e "$shared/nonaga/current.save"
other F --pvp
check "F: a new game at once" on_wait F "Red to move"
check "... without a question" not_on F 'A game is already running'
on F send-keys Enter Enter Enter Enter
check "F: a turn" on_wait F "Blue to move"
check "F's game is in slot 1" poll 5 test "$(ply current.save)" = 1
check "A is still there, its result on screen" has_text "Red wins"
keys u
check "A takes the win back" wait_for "Red to move"
check "... and its game goes on in slot 2" poll 5 grep -q "2,-2>2,-1" "$shared/nonaga/current-2.save"
check "... F's game is as it was" test "$(ply current.save)" = 1
keys q y
wait_exit

# --- the Resume list: the last played first, when in local time; Home
# and End go to its ends.  A game of the command line offers to take the
# place of the one played longest ago.
rm -rf "$shared/nonaga"; mkdir -p "$shared/nonaga"
game() { # game FILE LEVEL WHEN: a game against the computer, saved at WHEN
	printf '# nonaga record 1\nRed: human\nBlue: computer level %s\nRules: standard\nResult: none\nMode: ai\nHuman: red\nLevel: %s\nMoves: 1\n\n2,-2>-1,1/-1,-1>-3,1\n' \
		"$2" "$2" > "$shared/nonaga/$1"
	chmod 600 "$shared/nonaga/$1"
	touch -d "$3" "$shared/nonaga/$1"
}
game current.save 2 "2026-11-20 03:00:00 UTC"
game current-2.save 4 "2026-11-22 03:00:00 UTC"
game current-3.save 6 "2026-11-21 03:00:00 UTC"
start -e "XDG_STATE_HOME=$shared" -e TZ=JST-9 --resume
check "the Resume list" wait_for "Resume a game"
listed() { screen | sed -n 's/^ *[▸ ] *\(2026[-0-9: ]*\) ∙ turn 1 ∙ you (Red) against level \([0-9]*\).*/\1 \2/p' | tr '\n' '|'; }
check "... the last played first, in local time (UTC+9 here)" \
	test "$(listed)" = "2026-11-22 12:00 4|2026-11-21 12:00 6|2026-11-20 12:00 2|"
check "... no other clock" lacks_text "UTC"
keys End
check "End goes to the last" wait_for "▸ 2026-11-20 12:00"
keys Home
check "Home goes to the first" wait_for "▸ 2026-11-22 12:00"
keys Escape
wait_for "Play against the computer"
keys q
wait_exit
start -e "XDG_STATE_HOME=$shared" -e TZ=JST-9 --ai=3 --as red
check "a game of the command line: how many are saved" wait_for "3 unfinished games are saved"
check "... and which was played longest ago" has_text "2026-11-20 12:00"
keys Down Enter
check "it takes that one's place" wait_for "Red (you) to move" 20
check "... which is gone" poll 5 test ! -e "$shared/nonaga/current.save"
keys Enter Enter Enter Enter
check "... and saved there after a turn" poll 20 grep -q '^Level: 3' "$shared/nonaga/current.save"
check "... the others kept" \
	test "$(grep -h '^Level' "$shared/nonaga/current-2.save" "$shared/nonaga/current-3.save" | tr '\n' ' ')" = "Level: 4 Level: 6 "
check "... and no new slot taken" test ! -e "$shared/nonaga/current-4.save"
quit_anyhow

kill_others
finish
