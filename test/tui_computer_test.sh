#!/bin/sh
# tui_computer_test.sh - Play the computer on the server (issue 39;
# nonaga(6), ONLINE: challenge to computer-N), in English and in Japanese,
# with a real server offering computer-1 and computer-7 (computer-7 rated
# 1843 in the state's ratings snapshot): the title menu asks where to play
# the computer (this computer, unrated, or the server, rated or casual) and the
# server's way lists the computers with their levels and ratings; the
# lobby's entry does the same, computer-7 and 5+3 are chosen, and the game
# begins against computer-7 with that clock (the header compared whole)
# after the rules and rating (simple and casual chosen: the server's
# journal keeps the game so);
# with a server without computers the server's way says it has none, and
# with no server configured Enter on the title menu's item starts the game
# on this computer at once, as before; at the
# SSH door, where there is no computer of the guest's, the item goes
# straight to the server's.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_computer
me=$(id -un)
clients_init none   # (the sessions; each player says its server)

# computers_up DIR OPTION...: srv_up, computer-7 rated 1843 in its state
computers_up() {
	mkdir -p "$1"
	printf 'seq 0\ncomputer-7 1843.2 60.0 0.06 40\n' > "$1/ratings"
	srv_up "$@"
}

# player NAME [SOCKET]: the game in the language $L against the server at
# SOCKET (none configured without it), with its own settings and state
player() {
	srv=${2:+--server unix:$2}
	cat > "$TMUX_DIR/$1.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$L \\
	XDG_STATE_HOME="$TMUX_DIR/state-$1" XDG_CONFIG_HOME="$TMUX_DIR/config-$1" \\
	"$NONAGA" $srv 2>>"$TMUX_DIR/stderr"
EOF
	T kill-session -t "=$1" 2>/dev/null
	T new-session -d -s "$1" -x 80 -y 24 "sh $TMUX_DIR/$1.sh"
}
line_is() { seen=$1; scr "$1" | grep -qxF -- "$2"; }
first() { scr "$1" | head -n 1; }

run() {
	L=$1
	if [ "$L" = ja ]; then
		AI="コンピュータと対戦" HERE="この端末で (レーティングなし)" THERE="サーバーで (レート戦またはカジュアル)"
		COMPUTER="コンピュータと対局" LEVEL="レベル" UNRATED="レーティングなし"
		PLAYNOW="今すぐ対局" ONLINE_HDR="オンライン" YRE=" \\(あなた\\)" LOCAL="コンピュータ: "
		NONE="このサーバーにはコンピュータのプレイヤーがいません。"
		STD_RATED="標準ルール、レート戦" SIMPLE_CASUAL="簡易ルール、カジュアル (レーティングなし)"
	else
		AI="Play against the computer" HERE="On this computer (unrated)"
		THERE="On the server (rated or casual)" COMPUTER="Play the computer" LEVEL="level"
		UNRATED="not rated yet" PLAYNOW="Play now" ONLINE_HDR="online" YRE=" \\(you\\)"
		LOCAL="computer: "
		NONE="This server offers no computer players."
		STD_RATED="Standard rules, rated" SIMPLE_CASUAL="Simple rules, casual (not rated)"
	fi
	rm -rf "$TMUX_DIR"/state-* "$TMUX_DIR"/config-*
	computers_up "$TMUX_DIR/s1-$L" --computers 1,7 --pair-wait 0

	# --- the title menu: where to play the computer
	player a "$dir.sock"
	check "$L: the title menu, on Play against the computer" see a "▸ $AI" 15
	press a Enter
	check "$L: Enter asks where: this computer first" see a "▸ $HERE"
	check "$L: ... or the server" line_is a "    $THERE"
	press a Down Enter
	check "$L: the server's computers, by level" see a "▸ computer-1 ∙ $LEVEL 1 ∙ $UNRATED" 15
	check "$L: ... with computer-7's rating" line_is a "    computer-7 ∙ $LEVEL 7 ∙ 1843"
	press a Escape
	check "$L: Esc: the lobby" see a "$PLAYNOW"

	# --- the lobby's Play the computer: computer-7, 5+3
	check "$L: the lobby's Play the computer" poll 10 down_one a "▸ $COMPUTER"
	press a Enter
	check "$L: its list" see a "▸ computer-1 ∙ $LEVEL 1 ∙ $UNRATED" 15
	press a Down
	check "$L: computer-7 chosen" see a "▸ computer-7 ∙ $LEVEL 7 ∙ 1843"
	press a Enter
	check "$L: then Play now's clocks" see a "▸ 1+0"
	press a Down Down
	check "$L: 5+3 chosen" see a "▸ 5+3"
	press a Enter
	check "$L: then Play now's rules and rating, standard and rated first" see a "▸ $STD_RATED"
	press a Down Down Down
	check "$L: simple and casual chosen" see a "▸ $SIMPLE_CASUAL"
	press a Enter
	T5='(4:5[0-9]|5:0[0-9])'   # (5+3: 5:00 less what ran, plus 3 a move)
	check "$L: the game begins against computer-7, 5+3 on both clocks" poll 15 eval \
		'first a | grep -qE "^NONAGA ∙ $ONLINE_HDR c1 ∙ (◉ computer-7 \(1843\) $T5 ∙ ◼ $me$YRE $T5|◉ $me$YRE $T5 ∙ ◼ computer-7 \(1843\) $T5)\$"'
	check "$L: ... under the simple rules, casual, as the server keeps it" eval \
		'strings "$TMUX_DIR/s1-$L/journal" | grep -q " new c1 [^ ]* simple 5 3 0 - casual"'
	T kill-session -t "=a"
	srv_down

	# --- a server without computers: it says so; none: the computer here
	computers_up "$TMUX_DIR/s2-$L"
	player b "$dir.sock"
	check "$L: a server without computers: the title menu" see b "▸ $AI" 15
	press b Enter
	check "$L: ... Enter asks where" see b "▸ $HERE"
	press b Down Enter
	check "$L: ... on the server: the lobby says it has no computers" \
		poll 15 line_is b "  $NONE"
	T kill-session -t "=b"
	srv_down
	player c
	check "$L: no server: the title menu" see c "▸ $AI" 15
	press c Enter
	check "$L: ... Enter plays on this computer at once" see c "$LOCAL" 15
	T kill-session -t "=c"
}

# door: the SSH door for a new key, against a server whose --gateway is
# this account (as test/tui_door_test.sh): no computer on the guest's side,
# the title menu's item goes straight to the server's computers
door() {
	if ! command -v ssh-keygen >/dev/null 2>&1; then
		echo "tui_computer: skipped: there is no ssh-keygen (the door's part)"
		return
	fi
	D=$TMUX_DIR/door
	mkdir -p -m 700 "$D/srv"
	"$NONAGA" --serve --gateway "$me" --listen "unix:$D/s.sock" --state "$D/srv" \
		--computers 7 2>>"$D/server.log" &
	server=$!
	poll 10 test -S "$D/s.sock"
	ssh-keygen -q -t ed25519 -N '' -C k1 -f "$D/k1"
	echo "publickey $(cut -d' ' -f1,2 "$D/k1.pub")" > "$D/auth1"
	cat > "$D/d.sh" <<EOS
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	SSH_USER_AUTH="$D/auth1" SSH_CONNECTION="127.0.0.1 5000 127.0.0.1 22" \\
	SSH_ORIGINAL_COMMAND= "$NONAGA" --door --server "unix:$D/s.sock"
EOS
	T new-session -d -s d -x 80 -y 24 "sh $D/d.sh"
	check "door: a new key is asked for a name" see d "Name:" 20
	press d Alba7 Enter
	check "door: the lobby" see d "Online as Alba7" 20
	press d Escape
	check "door: Esc: the title menu offers Play against the computer" \
		see d "▸ Play against the computer" 15
	press d Enter
	check "door: Enter: straight to the server's computers" \
		see d "▸ computer-7 ∙ level 7 ∙ not rated yet" 15
	T kill-session -t "=d"
	srv_down
}

run en
[ -n "$ONLY_EN" ] || run ja
door
finish
