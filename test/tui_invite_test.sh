#!/bin/sh
# tui_invite_test.sh - invitations in the curses game, against bob, a
# script logged in over TCP (bash's /dev/tcp): a game bob hosts for you is
# told at once in the lobby and in a game and is first in the lobby's
# list, where Enter takes its seat; a game for someone else is only
# watched; Invite... chooses among those online and hosts a game for the
# one chosen, who is told, or takes a name typed (not one's own, one by
# the rules) of someone not online; the title menu offers first the game where it
# is your move, else an invitation, and Enter opens it.  --for is refused without --host or with a
# name that is not one.  (A third player cannot take an invited seat:
# invite_test.c.)
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_invite
me=$(id -un)
S=$TMUX_DIR/s.sock
"$NONAGA" --serve --listen "unix:$S" --listen 127.0.0.1:0 --state "$TMUX_DIR/srv" \
	2>>"$TMUX_DIR/server.log" &
server=$!
trap 'exec 4>&-; kill $server $bob 2>/dev/null; tmux_cleanup' EXIT
port=
for i in $(seq 200); do
	port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$TMUX_DIR/server.log")
	[ -n "$port" ] && grep -q ' serving ' "$TMUX_DIR/server.log" && break
	sleep 0.05
done

# bob: lines to the server from the fifo, the server's lines in bob.out
mkfifo "$TMUX_DIR/bob.in"
PORT=$port B=$TMUX_DIR bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
	cat <&3 > "$B/bob.out" & cat "$B/bob.in" >&3' &
bob=$!
exec 4> "$TMUX_DIR/bob.in"
bob_says() { printf '%s\n' "$*" >&4; }
bob_got() { grep -q -- "$1" "$TMUX_DIR/bob.out"; }
bob_says "login $(cat "$TMUX_DIR/srv/key") bob"
check "bob logs in over TCP" poll 10 bob_got "^welcome bob"

err=$("$NONAGA" --for bob 2>&1); s=$?
want "--for without --host" "$s $err" "2 nonaga: --for goes with --host
Try 'nonaga --help' for more information."
err=$("$NONAGA" --host g --for -x 2>&1); s=$?
case "$s $err" in "2 nonaga: invalid login '-x' for --for"*) ok ;; *) no "--for -x: $s [$err]" ;; esac

# line N: the screen's line N is (a pattern)
line_is() { screen | sed -n "$1p" | grep -q -- "$2"; }

bob_says "host inv0 red for carol"
poll 10 bob_got "^ok seat red"
start -x 100 --server "unix:$S"
wait_for "Play online"
keys Down Down Down Down
wait_for "▸ Play online"
keys Enter
check "the lobby, with Invite... last" wait_for "Invite..."
check "a game for someone else is only watched" poll 5 has_text "Watch inv0: bob against -"
check "... not joined" lacks_text "Join inv0"

before_keys
bob_says "host inv1 red for $me"
check "an invitation is told at once, where it is" wait_for "bob invites you to play inv1: it is just below Host a new game."
bob_says "host open1 red"
check "... and is first in the list, before a newer open game" \
	poll 5 line_is 7 "Join open1: bob waits; you play Blue"
check "... (the invitation)" line_is 6 "Join inv1: bob invites you; you play Blue"
check "... just below Host a new game, as told" line_is 5 "Host a new game"
check "... which is below Play now" line_is 4 "Play now"

# Invite...: bob is online; the game hosted for him, and he is told
down_to_invite() { has_text "▸ Invite..." || { keys Down; false; }; }
check "Invite... is reached" poll 10 down_to_invite
keys Enter
check "Invite... asks whom, among those online" wait_for "Whom to invite?"
check "... bob" has_text "bob"
keys Enter
check "... then a name" wait_for "Name of the game: $me-1"
keys Enter
check "... then a clock" wait_for "A clock for each player?"
keys Enter
check "the game for bob waits" wait_for "Waiting for an opponent to join $me-1"
check "... and bob is told" poll 10 bob_got "^invited $me $me-1"
keys m
wait_for "(y/n)"
keys y
check "back in the lobby" wait_for "Host a new game"

# Invite... takes a name not online too, as --for does
poll 10 down_to_invite
keys Enter
check "Invite... offers a name not online, last" wait_for "Someone not online: type the name..."
keys Up
check "... (Up from the first choice: the last)" wait_for "▸ Someone not online"
keys Enter
check "... which asks for the name" wait_for "Invite whom (their name):"
keys "$me" Enter
check "... not one's own" wait_for "That is you: invite someone else."
keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
	BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
	BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace "-x" Enter
check "... nor a name against the rules" wait_for "A name is 1 to 32 of A-Z"
keys BSpace BSpace carol Enter
check "... then the game's name" wait_for "Name of the game: $me-"
keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
	BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
	BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace forcarol Enter
check "... then a clock" wait_for "A clock for each player?"
keys Enter
check "the game for carol waits" wait_for "Waiting for an opponent to join forcarol"
bob_says "games"
check "... hosted for carol, who is not online" poll 10 bob_got "^game forcarol .* for=carol"
keys m
wait_for "(y/n)"
keys y
check "back in the lobby" wait_for "Host a new game"

# Enter on the invitation takes its seat
up_to_host() { has_text "▸ Host a new game" || { keys Up; false; }; }
poll 10 up_to_host
keys Down
check "the invitation is chosen" wait_for "▸ Join inv1"
keys Enter
check "Enter takes its seat" wait_for "Red to move (bob)"

# in a game: told too
before_keys
bob_says "host inv2 red for $me"
check "a player in a game is told" wait_for "bob invites you to play inv2: it waits in the lobby (m)."
quit_anyhow

# the title menu: an invitation (inv2, still open) when no game waits
# for your move; Enter takes its seat
start -x 100 --server "unix:$S"
check "the title menu shows the invitation" wait_for "Online: bob invites you (inv2)"
check "... first, and chosen" has_text "▸ Online: bob invites you (inv2)"
keys Enter
check "Enter takes its seat" wait_for "Red to move (bob)"
check "... in the game inv2" has_text "online inv2"
quit_anyhow

# the title menu: first, the game where it is your move; Enter opens it
bob_says "host wait1 blue"
poll 10 bob_got "ok seat blue"
out=$(printf 'join wait1\n' | "$NONAGA" --client --server "unix:$S" 2>&1)
case $out in *"ok seat red"*) ok ;; *) no "joining wait1: [$out]" ;; esac
start -x 100 --server "unix:$S"
check "the title menu shows the game where it is your move" \
	wait_for "Online: your move against bob (wait1)"
check "... first, and chosen" has_text "▸ Online: your move against bob (wait1)"
keys Enter
check "Enter opens it" wait_for "Red to move (you)"
check "... the game wait1" has_text "online wait1"
quit_anyhow
finish
