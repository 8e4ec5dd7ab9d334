#!/bin/sh
# tui_playnow_test.sh - the lobby's Play now, its computers and bots, and
# challenges (issue 39; nonaga(6), ONLINE: seek, unseek, paired, challenge,
# challenged, accept), in English and in Japanese, with real servers:
# the lobby marks a computer and a bot among those online; Play now on two
# terminals pairs them (both screens show the game, the sides and the
# opponents, compared whole; the one who waited plays Red) while the wait
# counts the seconds; the clock chosen comes first the next time and is
# kept in the settings; Esc while waiting unseeks (a second seeker is not
# paired with the first); after the clock come the rules and whether the
# game is rated (standard and rated first; simple and casual chosen, a
# lone seeker's `seek' says so in the server's log, and the choice comes
# first the next time and is kept in the settings); a challenge from the
# lobby's Challenge...
# accepted in the other terminal starts the game on both; and with
# --computers 1 --pair-wait 1 a lone seeker plays computer-1, whose first
# move arrives.  One player is this login over the Unix socket, the other
# the TCP players' $me.tcp (nonaga(6), Who is who).
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_playnow
me=$(id -un)
clients_init none   # (the sessions; each player says its server)

# player NAME unix|tcp: the game in the language $L, against the server
# of $dir, with its own settings and state
player() {
	name=$1
	if [ "$2" = tcp ]; then
		where="--server 127.0.0.1:$port --key-file $dir/key"
	else
		where="--server unix:$dir.sock"
	fi
	cat > "$TMUX_DIR/$name.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$L \\
	XDG_STATE_HOME="$TMUX_DIR/state-$name" XDG_CONFIG_HOME="$TMUX_DIR/config-$name" \\
	"$NONAGA" $where 2>>"$TMUX_DIR/stderr"
EOF
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $TMUX_DIR/$name.sh"
}
lobby() {
	see "$1" "▸ " 15 && poll 15 down_one "$1" "▸ $ONLINE" && press "$1" Enter &&
		see "$1" "$PLAYNOW"
}
# its first line, the clocks' times as M:SS (they run)
first() { scr "$1" | head -n 1 | sed -E 's/[0-9]+:[0-9]{2}/M:SS/g'; }
# line_is NAME PATTERN: a line of its screen is exactly PATTERN (grep -x)
line_is() { seen=$1; scr "$1" | grep -qxF -- "$2"; }
bob_got() { grep -q -- "$1" "$TMUX_DIR/bob.out"; }
switches() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$1/status"; }

run() {
	L=$1
	R1=$(level_rating 1)   # computer-1's level, as make calibrate measured it
	if [ "$L" = ja ]; then
		ONLINE="オンライン対戦" PLAYNOW="今すぐ対局" LOOKING="対戦相手を探しています" STOPPED="対戦相手探しをやめました。"
		ONLINE_LIST="オンライン (3): bob (ボット), computer-1 ∙ レベル 1${R1:+ ∙ 約$R1}, $me"
		CLOCK_32="3+2" CHALLENGE="対局を申し込む..."
		SENT="$me.tcp に対局を申し込みました (3+2)。返事を待っています。"
		TOLD="$me から対局の申し込み: 3+2、標準ルール、レート戦。a で受ける、d で断る。"
		TOLD_BOB="bob から対局の申し込み: 5+3、標準ルール、レート戦。a で受ける、d で断る。"
		TOLD_IN_GAME="bob から対局の申し込み: m でロビーに戻り、a で受けます。"
		QUEUED="computer-1 は探索の順番待ちです (前に 2 件)。"
		STD_RATED="標準ルール、レート戦" SIMPLE_CASUAL="簡易ルール、カジュアル (レーティングなし)"
		ONLINE_HDR="オンライン" YOU=" (あなた)" RED_TURN="赤の番 (あなた)" BLUE_TURN="青の番 (あなた)" LAST="直前の手:"
	else
		ONLINE="Play online" PLAYNOW="Play now" LOOKING="Looking for an opponent" STOPPED="You stopped looking for an opponent."
		ONLINE_LIST="Online (3): bob (bot), computer-1 ∙ level 1${R1:+ ∙ about $R1}, $me"
		CLOCK_32="3+2" CHALLENGE="Challenge..."
		SENT="You challenge $me.tcp (3+2): waiting for the answer."
		TOLD="$me challenges you: 3+2, standard rules, rated. a accepts, d declines."
		TOLD_BOB="bob challenges you: 5+3, standard rules, rated. a accepts, d declines."
		TOLD_IN_GAME="bob challenges you: m goes to the lobby, where a accepts it."
		QUEUED="computer-1 waits for a search thread: 2 before it."
		STD_RATED="Standard rules, rated" SIMPLE_CASUAL="Simple rules, casual (not rated)"
		ONLINE_HDR="online" YOU=" (you)" RED_TURN="Red to move (you)" BLUE_TURN="Blue to move (you)" LAST="Last move:"
	fi
	YRE=$(printf '%s' "$YOU" | sed 's/[()]/\\&/g')   # (as an ERE)
	rm -rf "$TMUX_DIR"/state-* "$TMUX_DIR"/config-*
	srv_up "$TMUX_DIR/s1-$L" --computers 1 --pair-wait 0
	# bob: a bot over TCP, its lines from the fifo, the server's in bob.out
	rm -f "$TMUX_DIR/bob.in"
	mkfifo "$TMUX_DIR/bob.in"
	PORT=$port B=$TMUX_DIR bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
		cat <&3 > "$B/bob.out" & cat "$B/bob.in" >&3' &
	bob=$!
	exec 4> "$TMUX_DIR/bob.in"
	printf 'login %s bob\nbot\n' "$(cat "$dir/key")" >&4
	check "$L: bob becomes a bot" poll 10 bob_got "^ok"

	player a unix
	check "$L: the lobby opens on Play now, first and selected" lobby a
	check "$L: ... Play now selected" line_is a "  ▸ $PLAYNOW"
	check "$L: the lobby marks the computer and the bot" poll 10 line_is a "  $ONLINE_LIST"

	# --- Play now on two terminals
	press a Enter
	check "$L: Enter on Play now asks for a clock, 1+0 first" see a "▸ 1+0"
	press a Down Enter
	check "$L: then the rules and rating, standard and rated first" see a "▸ $STD_RATED"
	press a Enter
	check "$L: then waits, saying so" see a "$LOOKING"
	check "$L: ... counting the seconds" see a "$LOOKING ∙ 0:02"
	player b tcp
	check "$L: a second terminal's lobby" lobby b
	press b Enter
	check "$L: its clock chooser" see b "▸ 1+0"
	press b Down Enter Enter
	check "$L: the first sees the game" see a "$RED_TURN"
	check "$L: ... as Red, against the second (header)" poll 10 eval \
		'first a | grep -qxF "NONAGA ∙ $ONLINE_HDR play-1 ∙ ◉ $me$YOU M:SS ∙ ◼ $me.tcp M:SS"'
	check "$L: the second sees it, as Blue against the first (header)" poll 10 eval \
		'first b | grep -qxF "NONAGA ∙ $ONLINE_HDR play-1 ∙ ◉ $me M:SS ∙ ◼ $me.tcp$YOU M:SS"'
	check "$L: the TCP seat's token is kept for play-1" \
		test -s "$(ls "$TMUX_DIR"/state-b/nonaga/tokens/*-play-1 2>/dev/null | head -n 1)"
	press a Enter Enter Enter Enter
	check "$L: a move goes across" see b "$BLUE_TURN"
	press a m y
	check "$L: the first back in the lobby" see a "$PLAYNOW"
	press b m y
	check "$L: the second back in the lobby" see b "$PLAYNOW"

	# --- the clock chosen comes first; Esc while waiting unseeks
	press a Enter
	check "$L: the clock chosen last comes first" see a "▸ $CLOCK_32"
	press a Enter Enter
	check "$L: waiting again" see a "$LOOKING"
	press a Escape
	check "$L: Esc stops waiting, back in the lobby" see a "$STOPPED"
	press b Enter Enter Enter
	check "$L: the second seeks the same clock and waits 2 s" see b "$LOOKING ∙ 0:02"
	check "$L: ... not paired with the first, who unsought" line_is a "  $STOPPED"
	# the wait wakes once a second for its counter, no more (doc/design.md)
	if [ "$NONAGA_VARIANT" != asan ]; then
		pid=$(pid_of b)
		n0=$(switches "$pid")
		sleep 3
		n=$(($(switches "$pid") - n0))
		check "$L: the wait wakes once a second: $n wake-ups in 3 s (at most 5)" test "$n" -le 5
	fi
	press b Escape
	check "$L: the second stops too" see b "$STOPPED"

	# --- a challenge from the lobby, accepted in the other terminal
	check "$L: Challenge... in the lobby" poll 10 down_one a "▸ $CHALLENGE"
	press a Enter
	check "$L: the players to challenge, marked" see a "▸ bob ($([ "$L" = ja ] && echo ボット || echo bot))"
	check "$L: the other player chosen" poll 10 down_one a "▸ $me.tcp"
	press a Enter
	check "$L: a clock for the challenge, the last first" see a "▸ $CLOCK_32"
	press a Enter
	check "$L: the challenger is told it waits" poll 10 line_is a "  $SENT"
	check "$L: the one challenged is told, with the keys" poll 10 line_is b "  $TOLD"
	press b a
	check "$L: accepted: the challenged sees the game" see b "$ONLINE_HDR c1 ∙"
	check "$L: ... and the challenger" see a "$ONLINE_HDR c1 ∙"
	both() {
		first a | grep -qE "^NONAGA ∙ $ONLINE_HDR c1 ∙ (◉ $me$YRE M:SS ∙ ◼ $me.tcp M:SS|◉ $me.tcp M:SS ∙ ◼ $me$YRE M:SS)\$" &&
		first b | grep -qE "^NONAGA ∙ $ONLINE_HDR c1 ∙ (◉ $me M:SS ∙ ◼ $me.tcp$YRE M:SS|◉ $me.tcp$YRE M:SS ∙ ◼ $me M:SS)\$" &&
		[ "$(first a | sed 's/ (you)//; s/ (あなた)//')" = "$(first b | sed 's/ (you)//; s/ (あなた)//')" ]
	}
	check "$L: ... one game, each in a seat against the other" poll 10 both
	# a challenge told during a game, answered in the lobby
	before_keys
	printf 'challenge %s 5+3\n' "$me" >&4
	check "$L: a challenge during a game is told there" see a "$TOLD_IN_GAME"
	press a m y
	check "$L: back in the lobby, the challenge said there" \
		poll 10 line_is a "  $TOLD_BOB"
	press a d
	check "$L: d declines it: the challenger is told" poll 10 bob_got "^declined [0-9]* $me\$"
	press a q
	check "$L: q in the lobby quits" poll 10 dead a
	check "$L: ... the clock chosen kept in the settings" \
		grep -qx 'clock=3+2' "$TMUX_DIR/config-a/nonaga/settings"
	exec 4>&-
	kill "$bob" 2>/dev/null
	T kill-session -t "=a"
	T kill-session -t "=b"
	srv_down

	# --- the wait, then a computer
	srv_up "$TMUX_DIR/s2-$L" --computers 1 --pair-wait 1
	player a unix   # (its settings: the clock chosen before)
	check "$L: a lobby on a server with a computer" lobby a
	press a Enter
	check "$L: the clock chooser, the clock kept in the settings first" see a "▸ $CLOCK_32"
	press a Enter
	check "$L: the rules and rating" see a "▸ $STD_RATED"
	press a Down Down Down
	check "$L: simple and casual chosen" see a "▸ $SIMPLE_CASUAL"
	press a Enter
	check "$L: the seek says so" poll 10 grep -qx ".*nonaga: $me seeks 3+2 simple casual" \
		"$TMUX_DIR/s2-$L.log"
	check "$L: nobody comes: the computer plays" poll 15 eval \
		'first a | grep -qE "^NONAGA ∙ $ONLINE_HDR play-1 ∙ (◉ computer-1 M:SS ∙ ◼ $me$YRE M:SS|◉ $me$YRE M:SS ∙ ◼ computer-1 M:SS)\$"'
	if first a | grep -qF "◉ $me$YOU"; then
		press a Enter Enter Enter Enter
		check "$L: our move played, the computer's first arrives" see a "$LAST ◼" 15
	else   # (not there when the clock was chosen, the last keys)
		check "$L: the computer's first move arrives" see a "$LAST ◉" 15
	fi
	press a m y
	check "$L: back in the lobby" see a "$PLAYNOW"
	press a Enter Enter
	check "$L: the rules and rating chosen last come first" see a "▸ $SIMPLE_CASUAL"
	press a Escape
	check "$L: (Esc: the lobby)" poll 10 line_is a "  ▸ $PLAYNOW"
	press a q
	check "$L: q quits" poll 10 dead a
	check "$L: ... Play now's rules and rating kept in the settings" eval \
		'grep -x "playnow-r.*" "$TMUX_DIR/config-a/nonaga/settings" | tr "\n" " " |
			grep -qx "playnow-rules=simple playnow-rated=casual "'
	player a unix   # (the settings just kept)
	check "$L: started again, the lobby" lobby a
	press a Enter Enter
	check "$L: ... Play now's rules and rating from the settings first" see a "▸ $SIMPLE_CASUAL"
	T kill-session -t "=a" 2>/dev/null
	srv_down

	# --- `queued': the computer waits for a search thread, and says so
	# (a server's lines played back by test/fakeserver)
	F=$TMUX_DIR/fake-$L.sock
	{
		printf 'hello nonaga-online 1 nonaga 9\nwelcome %s\n' "$me"
		printf 'ok seat red 0123456789abcdef0123456789abcdef\n'
		printf 'sync g1 rules=standard clock=1+0 red=%s blue=computer-1 moves=0 result=none how=- you=red\n' "$me"
		printf 'queued 2 computer-1\n'
	} > "$TMUX_DIR/queued"
	build/test/fakeserver "$F" "$TMUX_DIR/queued" hold &
	fake=$!
	poll 5 test -S "$F"
	cat > "$TMUX_DIR/q.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$L \\
	XDG_STATE_HOME="$TMUX_DIR/state-q" "$NONAGA" --server "unix:$F" --join g1
EOF
	T new-session -d -s q -x 80 -y 24 "sh $TMUX_DIR/q.sh"
	check "$L: queued: the computer's wait for a search thread is said" see q "$QUEUED"
	T kill-session -t "=q"
	kill "$fake" 2>/dev/null
	wait "$fake" 2>/dev/null
}

run en
[ -n "$ONLY_EN" ] || run ja
finish
