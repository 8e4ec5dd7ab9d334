# tmux.sh - drive the curses game in a private tmux server; sourced by
# test/tui_*_test.sh.  It sources test/harness.sh (ok, no, want, check,
# finish, $FIXTURES).
#
#   . test/tmux.sh
#   tmux_init NAME              private sockets nonaga-NAME-PID-N, temp dir;
#                               NAME is the test's name for the harness
#   start [-x W] [-y H] [-l LANG] [-e VAR=VALUE] [ARG...]
#                               run $NONAGA ARG... in a fresh pane (default
#                               80x24, LANG=C.UTF-8, LANGUAGE=en, games
#                               saved in a fresh $TMUX_DIR/state-N,
#                               settings in $TMUX_DIR/config-N, the
#                               runtime directory $TMUX_DIR/rt-N); its
#                               stderr, exit status and tty modes after exit
#                               are kept in $TMUX_DIR
#   keys KEY...                 tmux send-keys, after keeping the screen
#                               as it was (see wait_for)
#   wait_for TEXT [SECONDS]     poll the screen until TEXT is on it; fail at
#                               once if TEXT was on it already when the
#                               last keys (or click) were sent: a wait must
#                               see what they changed, or it cannot fail
#   wait_gone TEXT [SECONDS]    poll until TEXT is gone; fail at once if it
#                               was not there when the last keys were sent
#   before_keys                 keep the screen now (with clients_init:
#                               every client's, for see) as the one the next
#                               waits compare with, as keys does: before a
#                               raw send-keys, or to wait for what comes
#                               without a key (the computer's reply)
#   wait_exit [SECONDS]         poll until the program has exited
#   page_to TEXT                Page Down until TEXT shows (count in $pages)
#   exit_status, status_is N    its exit status; is it N?
#   quit_anyhow                 q, then y if asked; wait_exit
#   screen                      the screen as text
#   click ROW COL               a mouse click (left button, X10 encoding)
#                               on a screen cell, both counted from 0
#   locate CHAR [N]             "ROW COL" of the Nth (default first) CHAR
#                               on the board (not on the first line nor on
#                               the last five); byte columns, so use it on
#                               ASCII screens
#   same_screen FILE [SECONDS]  poll until the screen equals FILE; fail at
#                               once if it did before the last keys
#   check DESC CMD...           count CMD's success as a pass, else a fail
#                               (and show the screen)
#   finish                      fail on sanitizer reports, print
#                               "NAME: N passed, M failed", exit
#
# Several clients at once against one online server, each in a session
# of the one tmux server (tui_online_test.sh, tui_seats_test.sh):
#   clients_init ADDR           an idle session; the clients connect to ADDR
#                               (--server), and a failing check shows the
#                               screen of the client last looked at
#   launch NAME ARG...          run $NONAGA --server ADDR ARG... in the
#                               session NAME (80x24, English, its own
#                               $TMUX_DIR/state-NAME), replacing any before
#   scr NAME                    its screen
#   shows NAME TEXT             is TEXT on it now?
#   see NAME TEXT [SECONDS]     poll until it is; fail at once if TEXT was
#                               on its screen when the last keys were sent
#                               to any client (or at the last before_keys),
#                               as wait_for does: see must see what changed
#                               (a session launched since starts afresh)
#   press NAME KEY...           send keys to it, after keeping every
#                               client's screen as it was (see)
#   tape NAME                   keep all that its program writes to the
#                               terminal from now on (tmux pipe-pane)
#   never_shown NAME TEXT       end the recording: true if TEXT was never
#                               written in it (the terminal's escapes taken
#                               out), false if it was or nothing was kept;
#                               for "never asked": wait first for what came
#                               after, the recording is the whole story
#   to_lobby NAME               from its title menu into the lobby (Down
#                               to Play online, wherever it is)
#   pid_of NAME, dead NAME      its pane's pid; has its program exited?
#
# The tmux server is killed on every exit.  Waits poll every 50 ms and
# give up after 10 s unless told otherwise (never more than 20 s).

. test/harness.sh

TMUX_NAME=tui
TMUX_SOCK=
TMUX_DIR=
tmux_runs=0

T() {
	tmux -L "$TMUX_SOCK" -f /dev/null "$@"
}

# The socket file of the current server (tmux leaves it behind).
tmux_socket_file() {
	echo "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TMUX_SOCK"
}

tmux_kill() {
	[ -n "$TMUX_SOCK" ] || return 0
	T kill-server >/dev/null 2>&1
	rm -f "$(tmux_socket_file)"
}

tmux_cleanup() {
	tmux_kill
	[ -n "$TMUX_DIR" ] && rm -rf "$TMUX_DIR"
}

tmux_init() {
	TMUX_NAME=$1
	harness "$1"
	TMUX_SOCK="nonaga-$1-$$"
	TMUX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/nonaga-$1.XXXXXX") || exit 1
	trap 'tmux_cleanup' EXIT
	trap 'exit 1' INT TERM HUP
	case $NONAGA in
	/*) ;;
	*) NONAGA=$(pwd)/$NONAGA ;;
	esac
	if ! command -v tmux >/dev/null 2>&1; then
		no "tmux is missing"
		finish
	fi
}

# pvp_state START DATE: a two-player game saved from the set position
# START (Red or Blue to move as START says, no moves yet) in
# $TMUX_DIR/state0, the state a test copies to $ST before each start
# (fresh_state).
pvp_state() {
	mkdir -p "$TMUX_DIR/state0/nonaga"
	printf '# nonaga record 1\nDate: %s\nRed: human\nBlue: human\nRules: standard\nStart: %s\nResult: none\nMode: pvp\nMoves: 0\n\n' \
		"$2" "$1" > "$TMUX_DIR/state0/nonaga/current.save"
	chmod 600 "$TMUX_DIR/state0/nonaga/current.save"
}
fresh_state() { rm -rf "$ST"; cp -r "$TMUX_DIR/state0" "$ST"; }

start() {
	w=80 h=24 lang=C.UTF-8 extra=
	while [ $# -gt 0 ]; do
		case $1 in
		-e) extra="$extra $2"; shift 2 ;;
		-x) w=$2; shift 2 ;;
		-y) h=$2; shift 2 ;;
		-l) lang=$2; shift 2 ;;
		*) break ;;
		esac
	done
	# a fresh server (and socket) for every program run
	tmux_kill
	tmux_runs=$((tmux_runs + 1))
	TMUX_SOCK="nonaga-$TMUX_NAME-$$-$tmux_runs"
	rm -f "$TMUX_DIR/status" "$TMUX_DIR/stty" "$TMUX_DIR/pid" "$TMUX_DIR/before-keys"
	touch "$TMUX_DIR/stderr"
	# The pane records the program's pid, its exit status and the tty
	# modes after it exits, then waits so that the screen can be read.
	# a runtime directory of its own: no private server of the user's
	# (nor its games) is found by the program under test
	mkdir -m 700 -p "$TMUX_DIR/rt-$tmux_runs"
	cat > "$TMUX_DIR/run.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=$lang LANGUAGE=en \\
	XDG_RUNTIME_DIR="$TMUX_DIR/rt-$tmux_runs" \\
	XDG_STATE_HOME="$TMUX_DIR/state-$tmux_runs" \\
	XDG_CONFIG_HOME="$TMUX_DIR/config-$tmux_runs" $extra \\
	sh "$TMUX_DIR/after.sh" "$NONAGA" "\$@"
EOF
	cat > "$TMUX_DIR/after.sh" <<EOF
trap : INT HUP TERM QUIT
sh -c 'echo \$\$ > "$TMUX_DIR/pid"; exec "\$@"' sh "\$@" 2>>"$TMUX_DIR/stderr"
echo \$? > "$TMUX_DIR/status.tmp"
stty -a > "$TMUX_DIR/stty" 2>&1
mv "$TMUX_DIR/status.tmp" "$TMUX_DIR/status"
echo "[program exited]"
exec cat >/dev/null
EOF
	T new-session -d -x "$w" -y "$h" "sh $TMUX_DIR/run.sh $*"
}

# The screen before the keys, for wait_for and wait_gone.
before_keys() {
	screen > "$TMUX_DIR/before-keys" 2>/dev/null
}

keys() {
	before_keys
	T send-keys "$@"
}

screen() {
	T capture-pane -p
}

click() {
	# ESC [ M, button+32, column+33, row+33: press (0) then release (3)
	xy=$(printf "\\$(printf %o $(($2 + 33)))\\$(printf %o $(($1 + 33)))")
	before_keys
	T send-keys -l "$(printf '\033[M ')$xy"
	T send-keys -l "$(printf '\033[M#')$xy"
}

locate() {
	screen | awk -v c="$1" -v n="${2:-1}" '
		{ row[NR] = $0 }
		END { for (r = 2; r <= NR - 5; r++) {
			line = row[r]; off = 0
			while ((i = index(line, c)) > 0) {
				if (--n == 0) { print r - 1, off + i - 1; exit }
				off += i; line = substr(line, i + 1) } } }'
}

# poll CMD... until it succeeds or SECONDS (default 10) pass
poll() {
	secs=$1; shift
	[ "$secs" -gt 20 ] && secs=20
	tries=$((secs * 20))
	while [ $tries -gt 0 ]; do
		"$@" && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	return 1
}

has_text() { screen | grep -qF -- "$1"; }
lacks_text() { ! screen | grep -qF -- "$1"; }
has_exited() { [ -f "$TMUX_DIR/status" ]; }
equals_file() { screen > "$TMUX_DIR/now" && cmp -s "$TMUX_DIR/now" "$1"; }

# had_text TEXT: was TEXT on the screen before the last keys?
had_text() { [ -f "$TMUX_DIR/before-keys" ] && grep -qF -- "$1" "$TMUX_DIR/before-keys"; }

wait_for() {
	if had_text "$1"; then
		echo "$TMUX_NAME: wait_for: \"$1\" was on the screen before the keys" >&2
		return 1
	fi
	poll "${2:-10}" has_text "$1"
}
wait_gone() {
	if [ -f "$TMUX_DIR/before-keys" ] && ! had_text "$1"; then
		echo "$TMUX_NAME: wait_gone: \"$1\" was not on the screen before the keys" >&2
		return 1
	fi
	poll "${2:-10}" lacks_text "$1"
}
wait_exit() { poll "${1:-10}" has_exited; }
# page_to TEXT: Page Down (at most eight times) until TEXT shows; the
# pages pressed in $pages.  Fails if it never shows.
page_to() {
	pages=0
	while ! has_text "$1" && [ $pages -lt 8 ]; do
		keys NPage
		poll 2 has_text "$1"
		pages=$((pages + 1))
	done
	has_text "$1"
}
same_screen() {
	if [ -f "$TMUX_DIR/before-keys" ] && cmp -s "$TMUX_DIR/before-keys" "$1"; then
		echo "$TMUX_NAME: same_screen: the screen was $1 before the keys" >&2
		return 1
	fi
	poll "${2:-10}" equals_file "$1"
}

# check's hook: show the screen of a failure.
harness_on_fail() {
	echo "--- screen:" >&2
	screen >&2 2>/dev/null
	echo "---" >&2
}

# quit_anyhow: q, and y if the program asks (a game in progress, in any
# language); true once it has exited.
asked_or_exited() { has_exited || has_text "(y/n)"; }
quit_anyhow() {
	keys q
	poll 10 asked_or_exited
	has_exited || keys y
	wait_exit
}

# The program's exit status (after wait_exit), and a check of it.
exit_status() { cat "$TMUX_DIR/status" 2>/dev/null; }
status_is() { [ "$(exit_status)" = "$1" ]; }

# finish's hook: a sanitizer report is a failure; the server goes.
harness_on_finish() {
	if grep -qE 'Sanitizer|runtime error|LeakSanitizer' "$TMUX_DIR/stderr" 2>/dev/null; then
		no "sanitizer report:"
		cat "$TMUX_DIR/stderr" >&2
	fi
	tmux_cleanup
	TMUX_SOCK=
	TMUX_DIR=
}

# ------------------------------------------------- several online clients

clients_init() {
	CLIENTS_SERVER=$1
	T new-session -d -s idle -x 80 -y 24 "exec cat >/dev/null"
	T set-option -g remain-on-exit on
	# the screen of a failing check: the client last looked at
	screen() { scr "${seen:-idle}"; }
	# what see compares with: every client's screen
	before_keys() { clients_before; }
}

launch() {
	name=$1; shift
	cat > "$TMUX_DIR/$name.sh" <<EOF
exec env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \\
	XDG_STATE_HOME="$TMUX_DIR/state-$name" XDG_CONFIG_HOME="$TMUX_DIR/config" \\
	"$NONAGA" --server "$CLIENTS_SERVER" "\$@" 2>>"$TMUX_DIR/stderr"
EOF
	T kill-session -t "=$name" 2>/dev/null
	T new-session -d -s "$name" -x 80 -y 24 "sh $TMUX_DIR/$name.sh $*"
}
# "=NAME:" names the session exactly (a bare NAME may be taken for a
# window of the current session)
scr() { T capture-pane -p -t "=$1:"; }
shows() { seen=$1; scr "$1" | grep -qF -- "$2"; }
# Every client's screen before keys, with its pane's id (a session
# launched again has another): $TMUX_DIR/before-c.NAME.
pane_of() { T display-message -p -t "=$1:" '#{pane_id}' 2>/dev/null; }
clients_before() {
	rm -f "$TMUX_DIR"/before-c.*
	for c in $(T list-sessions -F '#{session_name}' 2>/dev/null); do
		[ "$c" = idle ] || { pane_of "$c"; scr "$c"; } > "$TMUX_DIR/before-c.$c" 2>/dev/null
	done
}
# had_shown NAME TEXT: was TEXT on NAME's screen (the same pane) before?
had_shown() {
	[ -f "$TMUX_DIR/before-c.$1" ] &&
		[ "$(head -n 1 "$TMUX_DIR/before-c.$1")" = "$(pane_of "$1")" ] &&
		tail -n +2 "$TMUX_DIR/before-c.$1" | grep -qF -- "$2"
}
see() {
	if had_shown "$1" "$2"; then
		seen=$1
		echo "$TMUX_NAME: see $1: \"$2\" was on its screen before the keys" >&2
		return 1
	fi
	poll "${3:-10}" shows "$1" "$2"
}
press() { who=$1; shift; clients_before; T send-keys -t "=$who:" "$@"; }
tape() {
	rm -f "$TMUX_DIR/out-$1" "$TMUX_DIR/out-$1.done"
	T pipe-pane -O -t "=$1:" \
		"cat >> '$TMUX_DIR/out-$1'; touch '$TMUX_DIR/out-$1.done'"
}
never_shown() {
	T pipe-pane -t "=$1:"   # (cat writes what the pipe still holds, then ends)
	poll 5 test -f "$TMUX_DIR/out-$1.done" && test -s "$TMUX_DIR/out-$1" || return 1
	! sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1b[()][0-9A-Za-z]//g; s/\x1b[=>]//g' \
		"$TMUX_DIR/out-$1" | grep -qF -- "$2"
}
# to_lobby WHO: from the title menu into the lobby, Down to Play online
# wherever it is (a game waiting for your move or Resume may come first)
down_to() { shows "$1" "$2" || { press "$1" Down; false; }; }
to_lobby() { poll 10 down_to "$1" "▸ Play online" && press "$1" Enter; }
pid_of() { T display-message -p -t "=$1:" '#{pane_pid}'; }
dead() { T list-panes -t "=$1:" -F '#{pane_dead}' | grep -q 1; }

# srv_up DIR OPTION...: `nonaga --serve' with its state in DIR, on
# DIR.sock and on a TCP port of loopback ($port, once both are there),
# its log DIR.log, its pid $server; srv_down stops it
srv_up() {
	dir=$1; shift
	"$NONAGA" --serve --listen "unix:$dir.sock" --listen 127.0.0.1:0 --state "$dir" \
		--grace 3 "$@" 2>>"$dir.log" &
	server=$!
	port=
	for i in $(seq 200); do
		port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$dir.log")
		[ -n "$port" ] && test -S "$dir.sock" && break
		sleep 0.05
	done
}
srv_down() {
	kill "$server"
	wait "$server" 2>/dev/null
}
# down_one NAME TEXT: TEXT chosen (its line marked ▸), or Down pressed and
# its effect waited for (a slow screen is not pressed past what it seeks)
chosen() { scr "$1" | grep '▸'; }
moved() { [ "$(chosen "$1")" != "$was" ]; }
down_one() {
	shows "$1" "$2" && return 0
	was=$(chosen "$1")
	press "$1" Down
	poll 5 moved "$1"
	false
}
# level_rating N: level N's rating in src/lib/level_ratings.c (make
# calibrate) rounded to tens as the screens show it, or "" if not measured
level_rating() {
	sed -n "s/^	\[$1\] = { \([0-9-]*\), .*/\1/p" src/lib/level_ratings.c |
		awk '{ printf "%d", int(($1 + 5) / 10) * 10 }'
}
