#!/bin/sh
# tui_arena_test.sh - the lobby's Arenas (issue 39; nonaga(6), ONLINE:
# arena, enter, standings, arenas, arena-over; Playing online), in English
# and in Japanese, with a real server whose arena seconds last 200 ms
# (NONAGA_TEST_ARENA_MS): an arena made through the protocol by bob is
# listed with its clock, rules, time left and players (bob, a bot, and
# cid, who entered and play each other); s shows its standings (bob
# marked a bot); they show bob's withdrawal, and then cid's two points as
# soon as bob resigns, each without a key; Enter enters this terminal's
# player, which `standings' on the server then lists (rank, points, games);
# paired with cid (the only one waiting), the game opens; resigning it
# gives cid a streak, marked x2 in the standings the lobby comes back to;
# at the arena's end the notice names cid, its winner; New arena... makes
# one the server then lists with the minutes and clock chosen; with 18 more
# players in it, its standings are longer than the screen: this player's
# row is kept in view, a line says which rows are shown, and Home, End
# and Up scroll them.  bob and cid are
# TCP players whose lines come from fifos.  Then a lying server's
# arena-over with names that break the rules, told during a game: the
# notice shows ?, nothing of those names reaches the screen.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_arena
me=$(id -un)
clients_init none
# arenas' seconds of 200 ms (server_arena.c), for the servers srv_up starts
export NONAGA_TEST_ARENA_MS=200

# tcp NAME FD: a TCP player NAME, its lines written to fd FD, the
# server's in $TMUX_DIR/NAME.out
tcp() {
	rm -f "$TMUX_DIR/$1.in" "$TMUX_DIR/$1.out"
	mkfifo "$TMUX_DIR/$1.in"
	PORT=$port B=$TMUX_DIR N=$1 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
		cat <&3 > "$B/$N.out" & cat "$B/$N.in" >&3' &
	eval "pid_$1=\$!"
}
got() { grep -q -- "$2" "$TMUX_DIR/$1.out"; }
# ask CMD: the server's answer to CMD (its lines before ok or error), on
# a connection of its own (the login is answered by welcome)
ask() {
	PORT=$port K=$(cat "$dir/key") C=$1 timeout 5 bash -c '
		exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
		printf "login %s obs\n%s\n" "$K" "$C" >&3
		while read -r l <&3; do
			case $l in
			ok*|error*) exit 0 ;;
			hello*|welcome*) ;;
			*) echo "$l" ;;
			esac
		done'
}
player() {
	cat > "$TMUX_DIR/a.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$L \\
	XDG_STATE_HOME="$TMUX_DIR/state-a" XDG_CONFIG_HOME="$TMUX_DIR/config-a" \\
	"$NONAGA" --server "unix:$dir.sock" 2>>"$TMUX_DIR/stderr"
EOF
	T kill-session -t "=a" 2>/dev/null
	T new-session -d -s a -x 80 -y 24 "sh $TMUX_DIR/a.sh"
}
# line_re NAME ERE: a line of its screen matches ERE whole
line_re() { seen=$1; scr "$1" | grep -qxE -- "$2"; }
first() { scr "$1" | head -n 1 | sed -E 's/[0-9]+:[0-9]{2}/M:SS/g'; }
standing_is() { ask "standings cup" | grep -qxF -- "$1"; }

run() {
	L=$1
	if [ "$L" = ja ]; then
		ONLINE="オンライン対戦" PLAYNOW="今すぐ対局" ARENAS="アリーナ" STD="標準ルール"
		LEFT="残り" PLAYERS1="1 人" PLAYERS2="2 人" PLAYERS3="3 人" IN="参加中"
		OVER="アリーナ cup が終了しました: cid の優勝です。" ONLINE_HDR="オンライン"
		NEWARENA="新しいアリーナ..." NAMEQ="アリーナの名前: " MIN30="30 分"
		MADE="アリーナ $me-arena を作りました: Enter で参加します。"
		BOT="\\(ボット\\)" OVER_LIE="アリーナ cup が終了しました: ? の優勝です。"
		ROWS_END="7〜19 人目 (全 19 人)。矢印キー、PgUp、PgDn、Home、End でスクロールします。"
		ROWS_HOME="1〜13 人目 (全 19 人)。矢印キー、PgUp、PgDn、Home、End でスクロールします。"
		ROWS_UP="6〜18 人目 (全 19 人)。矢印キー、PgUp、PgDn、Home、End でスクロールします。"
	else
		ONLINE="Play online" PLAYNOW="Play now" ARENAS="Arenas" STD="standard rules"
		LEFT="left" PLAYERS1="1 player" PLAYERS2="2 players" PLAYERS3="3 players" IN="you are in"
		OVER="Arena cup is over: cid wins." ONLINE_HDR="online" BOT="\\(bot\\)"
		OVER_LIE="Arena cup is over: ? wins."
		NEWARENA="New arena..." NAMEQ="Name of the arena: " MIN30="30 minutes"
		MADE="Arena $me-arena is made: Enter enters it."
		ROWS_END="Players 7-19 of 19. Arrows, PgUp, PgDn, Home and End scroll."
		ROWS_HOME="Players 1-13 of 19. Arrows, PgUp, PgDn, Home and End scroll."
		ROWS_UP="Players 6-18 of 19. Arrows, PgUp, PgDn, Home and End scroll."
	fi
	rm -rf "$TMUX_DIR"/state-* "$TMUX_DIR"/config-*
	srv_up "$TMUX_DIR/s-$L"
	tcp bob; exec 4> "$TMUX_DIR/bob.in"
	tcp cid; exec 5> "$TMUX_DIR/cid.in"
	printf 'login %s bob\nbot\narena cup 4 3+2\nenter cup\n' "$(cat "$dir/key")" >&4
	check "$L: bob, a bot, makes arena cup and enters" poll 10 eval \
		'[ "$(grep -c "^ok$" "$TMUX_DIR/bob.out")" = 3 ]'
	printf 'login %s cid\nenter cup\n' "$(cat "$dir/key")" >&5
	check "$L: cid enters: bob and cid are paired" poll 10 got cid '^paired play-1 '

	player
	check "$L: the title menu, Play online chosen" eval \
		'see a "▸ " 15 && poll 15 down_one a "▸ $ONLINE"'
	press a Enter
	check "$L: ... opens" see a "$PLAYNOW"
	check "$L: Arenas in the lobby" poll 10 down_one a "▸ $ARENAS"
	press a Enter
	# "cup ∙ 3+2 ∙ standard rules ∙ M:SS left ∙ 2 players"
	if [ "$L" = ja ]; then
		want="    cup ∙ 3\\+2 ∙ $STD ∙ $LEFT [0-9]:[0-9]{2} ∙ $PLAYERS2"
	else
		want="    cup ∙ 3\\+2 ∙ $STD ∙ [0-9]:[0-9]{2} $LEFT ∙ $PLAYERS2"
	fi
	check "$L: the list shows cup: its clock, rules, time left, 2 players" \
		poll 10 line_re a "$want"
	check "$L: cup chosen" poll 10 down_one a "▸ cup"
	press a s
	check "$L: s shows its standings: bob (a bot, marked), then cid" \
		poll 10 line_re a "     1       0      0          bob $BOT"
	check "$L: ... cid second" line_re a "     2       0      0          cid"

	# bob withdraws, then resigns: each shows without a key
	before_keys
	printf 'withdraw cup\n' >&4
	check "$L: bob withdrew: 1 player in cup, no key pressed" see a "$PLAYERS1"
	printf 'resign\n' >&4
	check "$L: bob resigned: cid first with 2 points, 1 game, no key pressed" \
		poll 10 line_re a "     1       2      1          cid"
	check "$L: ... bob second, 0 points, 1 game" line_re a "     2       0      1          bob $BOT"

	# Enter enters: the server lists this player; paired with cid, the
	# game opens
	press a Enter
	check "$L: Enter enters: the server's standings list this player, third" \
		poll 10 standing_is "standing 3 $me 0 0 streak=0 kind=human"
	check "$L: paired with cid, the game opens" poll 10 eval \
		'first a | grep -qE "^NONAGA ∙ $ONLINE_HDR play-[0-9]+ ∙ (◉ cid M:SS ∙ ◼ $me.*|◉ $me.* ∙ ◼ cid M:SS)\$"'
	printf 'withdraw cup\n' >&5
	press a f
	poll 5 eval 'scr a | grep -q "(y/n)"'
	press a y
	check "$L: resigned: the server counts cid's second win in a row" \
		poll 10 standing_is "standing 1 cid 4 2 streak=2 kind=human"
	press a m
	poll 5 eval 'scr a | grep -q "(y/n)"' && press a y
	check "$L: back to the standings: cid's streak marked x2" \
		poll 10 line_re a "     1       4      2  x2      cid"
	check "$L: ... this player's lost game counted" \
		line_re a "     3       0      1          $me"

	# the end: told, naming the winner
	check "$L: the arena's end names cid" eval \
		'see a "$OVER" 20 || see a "$OVER" 20 || see a "$OVER" 20'

	# New arena...: a name (its default), 30 minutes (chosen first), a
	# clock (1+0, the first): the server has it
	press a Escape
	check "$L: Esc: the list again" see a "▸ cup"
	press a Up
	check "$L: New arena... first" see a "▸ $NEWARENA"
	press a Enter
	check "$L: ... asks a name, $me-arena to begin with" see a "$NAMEQ$me-arena"
	press a Enter
	check "$L: ... then the length, 30 minutes first" see a "▸ $MIN30"
	press a Enter
	check "$L: ... then the clock" see a "▸ 1+0"
	press a Enter
	check "$L: ... made, and said so" see a "$MADE"
	check "$L: ... the server lists it: 30 minutes of 1+0, nobody in" eval \
		'ask arenas | grep -qxE "arena $me-arena running [0-9]+ 30 1\\+0 standard 0 - games=0 you=out"'

	# standings longer than the screen: 18 players enter $me-arena (and
	# play each other), then this terminal's player, nineteenth: the rows
	# shown keep its own in view and say which they are; Home, End and Up
	# scroll them
	crowd=
	for i in $(seq -w 1 18); do
		PORT=$port K=$(cat "$dir/key") N=p$i A=$me-arena timeout 60 bash -c '
			exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 1
			printf "login %s %s\nenter %s\n" "$K" "$N" "$A" >&3
			cat <&3 >/dev/null' &
		crowd="$crowd $!"
	done
	check "$L: 18 players in $me-arena" poll 10 eval \
		'[ "$(ask "standings $me-arena" | grep -c "^standing ")" = 18 ]'
	check "$L: $me-arena chosen" poll 10 down_one a "▸ $me-arena"
	press a Enter
	check "$L: Enter enters it, nineteenth: its standings, with this player's row in view" \
		poll 10 line_re a " +[0-9]+ +0 +0 +$me"
	check "$L: ... the rows shown end with this player's: 7 to 19 of 19" see a "$ROWS_END"
	press a Home
	check "$L: Home: the first rows" see a "$ROWS_HOME"
	check "$L: ... rank 1 shown, this player not" eval \
		'line_re a " +1 +0 +0 +p[0-9]+" && ! line_re a " +[0-9]+ +0 +0 +$me"'
	press a End
	check "$L: End: the last rows" see a "$ROWS_END"
	press a Up
	check "$L: Up: one row up" see a "$ROWS_UP"
	kill $crowd 2>/dev/null
	exec 4>&- 5>&-
	kill "$pid_bob" "$pid_cid" 2>/dev/null
	T kill-session -t "=a"
	srv_down

	# a lying server's arena-over, during a game: names that break the
	# rules never reach the screen as they came (the winner told as ?;
	# the line with a bad arena's name, which comes last, dropped: the
	# notice before it stays)
	F=$TMUX_DIR/fake-$L.sock
	{
		printf 'hello nonaga-online 1 nonaga 9\nwelcome %s\n' "$me"
		printf 'ok seat red 0123456789abcdef0123456789abcdef\n'
		printf 'sync g1 rules=standard clock=none red=%s blue=eve moves=0 result=none how=- you=red\n' "$me"
		printf 'arena-over cup \033[2Jevil\narena-over \033]0;evil\007 eve\n'
	} > "$TMUX_DIR/lies"
	build/test/fakeserver "$F" "$TMUX_DIR/lies" hold &
	fake=$!
	poll 5 test -S "$F"
	cat > "$TMUX_DIR/f.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$L \\
	XDG_STATE_HOME="$TMUX_DIR/state-f" "$NONAGA" --server "unix:$F" --join g1
EOF
	T kill-session -t "=f" 2>/dev/null
	# (the client starts once the tape runs, so that it records every byte)
	rm -f "$TMUX_DIR/f.go"
	T new-session -d -s f -x 80 -y 24 \
		"while [ ! -f '$TMUX_DIR/f.go' ]; do sleep 0.05; done; exec sh $TMUX_DIR/f.sh"
	tape f
	touch "$TMUX_DIR/f.go"
	check "$L: a lying server's arena-over in a game: the winner as ?" see f "$OVER_LIE"
	check "$L: ... no name as it came ever shown" never_shown f evil
	T kill-session -t "=f"
	kill "$fake" 2>/dev/null
	wait "$fake" 2>/dev/null
}

[ -n "$ONLY_JA" ] || run en
[ -n "$ONLY_EN" ] || run ja
finish
