#!/bin/sh
# tui_shared_test.sh - the lobby says which server it is on: this host's
# shared server (found with no option, at NONAGA_SHARED_SOCKET, the same
# way as at /run/nonaga/server.sock) with how many are online, or your own
# server that only you can reach, with a line on how a host gets a shared
# one; a server given with --server keeps the plain title.
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_shared
me=$(id -un)
mkdir -m 700 "$TMUX_DIR/rt"
mkdir -m 755 "$TMUX_DIR/run"
SHARED=$TMUX_DIR/run/s.sock
private_pid() { sed -n 's/.*(pid \([0-9]*\)) serving.*/\1/p' "$TMUX_DIR/rt/nonaga/server.log" 2>/dev/null; }
trap 'kill $(private_pid) $server 2>/dev/null; tmux_cleanup' EXIT
server=
line_is() { screen | grep -qx -- "$1"; }

# lobby ENV...: the title menu's Play online (PLAY, when set, in another
# language), with these variables
lobby() {
	start -x 100 -e XDG_RUNTIME_DIR="$TMUX_DIR/rt" "$@"
	wait_for "${PLAY:-Play online}"
	keys Down Down Down Down
	wait_for "▸ ${PLAY:-Play online}"
	keys Enter
}

# --- no shared server: your own, and how a host gets a shared one
lobby -e NONAGA_SHARED_SOCKET="$SHARED"
check "the lobby is on your own server" wait_for "Online as $me, on your own server: only you can reach it"
check "... and says how a host gets a shared one" has_text "For a server all on this host share: make install-server"
quit_anyhow
# stop_private: the private servers started so far, gone
stop_private() {
	for pp in $(private_pid); do
		kill "$pp" 2>/dev/null
		poll 10 sh -c "! kill -0 $pp 2>/dev/null"
	done
}
stop_private
# ... whole at 80 columns, and in Japanese at 100 (issue 38, item 17)
for lg in en:80 ja:100; do
	PLAY=; [ ${lg%:*} = ja ] && PLAY="オンライン対戦"
	lobby -e NONAGA_SHARED_SOCKET="$SHARED" -e LANGUAGE=${lg%:*} -x ${lg#*:} --lang ${lg%:*}
	PLAY=
	if [ ${lg%:*} = en ]; then
		check "the line on a shared server whole at 80 columns" wait_for \
			"For a server all on this host share: make install-server (nonaga(6), ONLINE)."
	else
		check "the line on a shared server whole in Japanese at 100 columns" wait_for \
			"このホストの共有サーバーは: make install-server (nonaga(6) のオンライン対戦)。"
	fi
	quit_anyhow
	stop_private
done

# --- a shared server: found with no option, with how many are online
"$NONAGA" --serve --listen "unix:$SHARED" --state "$TMUX_DIR/srv" 2>>"$TMUX_DIR/server.log" &
server=$!
poll 10 test -S "$SHARED"
printf 'host meet red\n' | "$NONAGA" --client --server "unix:$SHARED" >/dev/null 2>&1
lobby -e NONAGA_SHARED_SOCKET="$SHARED"
check "the lobby is on this host's server, with who is online" \
	wait_for "Online as $me, on this host's server: 1 online"
check "... where the game hosted there is" has_text "Resume meet: you play Red"
check "... and no word of make install-server" lacks_text "make install-server"
quit_anyhow

# --- a server given: the plain title
start -x 100 --server "unix:$SHARED"
wait_for "Play online"
keys Down Down Down Down
wait_for "▸ Play online"
keys Enter
check "a given server: the plain title" wait_for "Resume meet"
check "... Online as $me, no more" line_is "  Online as $me"
quit_anyhow
finish
