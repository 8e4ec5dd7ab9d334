#!/bin/sh
# tui_diskfull_test.sh - the curses client shows the server's refusal of a
# change it cannot keep (error disk-full, error disk-error: issue 36, item
# 5) in the player's language: a fake server (test/fakeserver.c) seats
# the client in g1 and then refuses with each word; the client says why
# in Japanese (LANGUAGE=ja), and in English (LANGUAGE=en), and the game
# screen stays.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_diskfull
me=$(id -un)
T new-session -d -s idle -x 80 -y 24 "exec cat >/dev/null"
T set-option -g remain-on-exit on
screen() { scr "${seen:-idle}"; }

# fake LANG WORD: a client in language LANG against a server that answers
# its join, then says "error WORD ..." (English, as a server does)
fake() {
	F=$TMUX_DIR/$1-$2.sock
	{
		printf 'hello nonaga-online 1 nonaga 9\nwelcome %s\n' "$me"
		printf 'ok seat red 0123456789abcdef0123456789abcdef\n'
		printf 'sync g1 rules=standard clock=none red=%s blue=eve moves=0 result=none how=- you=red\n' "$me"
		printf 'error %s the server says this in English\n' "$2"
	} > "$TMUX_DIR/$1-$2"
	build/test/fakeserver "$F" "$TMUX_DIR/$1-$2" hold &
	fake=$!
	poll 5 test -S "$F"
	cat > "$TMUX_DIR/$1-$2.sh" <<EOS
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=$1 \\
	XDG_STATE_HOME="$TMUX_DIR/state" XDG_CONFIG_HOME="$TMUX_DIR/config" \\
	"$NONAGA" --server "unix:$F" --join g1 2>>"$TMUX_DIR/stderr"
EOS
	T new-session -d -s "$1$2" -x 80 -y 24 "sh $TMUX_DIR/$1-$2.sh"
}

done_with() {
	press "$1" q
	poll 10 dead "$1"
	kill "$fake" 2>/dev/null
	wait "$fake" 2>/dev/null
}

fake ja disk-full
check "Japanese: a full disk is said in Japanese" \
	see jadisk-full "サーバーの応答: ディスクが満杯で記録できません。後でやり直してください。"
no_english() { ! shows "$1" "in English"; }
check "... not the server's English" no_english jadisk-full
check "... on the game screen" shows jadisk-full "g1"
done_with jadisk-full

fake ja disk-error
check "Japanese: a disk that cannot be written is said in Japanese" \
	see jadisk-error "サーバーの応答: ディスクに書き込めず記録できません。後でやり直してください。"
done_with jadisk-error

fake en disk-full
check "English: the server's disk is full, and what to do" \
	see endisk-full "The server says: the server's disk is full: nothing was changed; try later."
done_with endisk-full

T kill-server 2>/dev/null
finish
