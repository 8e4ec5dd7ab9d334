#!/bin/sh
# bench_door.sh - `make bench-door': the SSH door under load, through a
# real OpenSSH on 127.0.0.1 (as test/door_test.sh starts one: a private
# sshd_config made from contrib/nonaga-door.conf, an account of its own,
# the host's server with --gateway).  test/bench_door.py drives N
# sessions, each a pty with its own key and name, and prints the login
# times at the arrival rate, the memory of a session, the machine's CPU
# while all sit in the lobby, and a move's round trip for pairs that play.
# Needs root, sshd, ssh-keygen, useradd and python3; says skipped else.
#   make bench-door [BENCH_N=20] [BENCH_RATE=5] [BENCH_PAIRS=2]
#                   [BENCH_IDLE=10] [BENCH_PAM=no]
# BENCH_PAM=yes runs the sessions through the host's PAM (pam_motd and
# all), as a stock sshd does.  Never on a machine others are measuring on.
cd "$(dirname "$0")/.." || exit 1
NONAGA=${NONAGA:-build/nonaga}
N=${BENCH_N:-20} RATE=${BENCH_RATE:-5} PAIRS=${BENCH_PAIRS:-2}
IDLE=${BENCH_IDLE:-10} PAM=${BENCH_PAM:-no}
skip=
[ -x /usr/sbin/sshd ] || skip="there is no /usr/sbin/sshd (openssh-server)"
for t in ssh ssh-keygen useradd python3; do
	[ -z "$skip" ] && ! command -v $t >/dev/null 2>&1 && skip="there is no $t"
done
[ -z "$skip" ] && [ "$(id -u)" != 0 ] && skip="sshd and a bench account need root"
if [ -n "$skip" ]; then
	echo "bench-door: skipped: $skip"
	exit 0
fi

D=$(mktemp -d /tmp/nonaga-bench-door.XXXXXX)
chmod 755 "$D"
U=nonaga-bench-$$
S=$D/s.sock
useradd --system --no-create-home --home-dir / --shell /bin/sh -p '*' "$U"
# sshd runs the AuthorizedKeysCommand only from a directory only root may
# write: a copy of the program under /run, the catalogs beside it
B=$(mktemp -d /run/nonaga-bench-door.XXXXXX)
chmod 755 "$B"
cp "$NONAGA" "$B/nonaga"
[ -d "$(dirname "$NONAGA")/locale" ] && cp -R "$(dirname "$NONAGA")/locale" "$B/locale"
chmod -R a+rX "$B"
# (every session comes from 127.0.0.1: the limit per address is lifted)
server= sshd=
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null
	[ -n "$sshd" ] && kill "$sshd" 2>/dev/null
	for i in 1 2 3 4 5 6 7 8 9 10; do
		ps -u "$U" >/dev/null 2>&1 || break
		sleep 0.5
	done
	pkill -KILL -u "$U" 2>/dev/null
	userdel "$U" 2>/dev/null || userdel -f "$U" 2>/dev/null
	rm -rf "$B" "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

"$NONAGA" --serve --gateway "$U" --listen "unix:$S" --state "$D/srv" \
	--max-clients $((N * 4 + 64)) --door-per-address $((N + 10)) 2>>"$D/server.log" &
server=$!
i=0
while [ ! -S "$S" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done

mkdir -p /run/sshd "$D/keys"
ssh-keygen -q -t ed25519 -N '' -f "$D/hostkey"
k=0
while [ $k -lt "$N" ]; do
	ssh-keygen -q -t ed25519 -N '' -C "k$k" -f "$D/keys/k$k"
	k=$((k + 1))
done
port=$((20000 + $$ % 20000))
tries=0
while :; do
	{
		printf 'Port %s\nListenAddress 127.0.0.1\nHostKey %s\nPidFile %s\n' \
			"$port" "$D/hostkey" "$D/sshd.pid"
		printf 'UsePAM %s\nStrictModes no\nAuthorizedKeysFile none\n' "$PAM"
		printf 'PasswordAuthentication no\nKbdInteractiveAuthentication no\n'
		printf 'PermitRootLogin no\nMaxStartups %s\nAcceptEnv LANG LC_*\n' $((N + 10))
		sed -e "s|^Match User play\$|Match User $U|" \
		    -e "s|/usr/local/bin/nonaga --door-keys|$B/nonaga --door-keys|" \
		    -e "s|/usr/local/bin/nonaga --door --server unix:/run/nonaga/server.sock|$B/nonaga --door --server unix:$S|" \
		    contrib/nonaga-door.conf
	} > "$D/sshd_config"
	rm -f "$D/sshd.pid"
	/usr/sbin/sshd -f "$D/sshd_config" -E "$D/sshd.log" 2>>"$D/sshd.log"
	i=0
	while [ ! -s "$D/sshd.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	[ -s "$D/sshd.pid" ] && break
	tries=$((tries + 1))
	[ $tries -ge 20 ] && { echo "bench-door: sshd does not start: $(tail -n 3 "$D/sshd.log")"; exit 1; }
	port=$((port + 7))
done
sshd=$(cat "$D/sshd.pid")

echo "bench-door: $N sessions at $RATE/s, $PAIRS pairs playing, UsePAM $PAM," \
	"$(nproc) cores, $("$NONAGA" --version | head -n 1)"
BENCH_SERVER=$server python3 test/bench_door.py ssh -F /dev/null -p "$port" -o StrictHostKeyChecking=no \
	-o UserKnownHostsFile=/dev/null -o BatchMode=yes -o IdentitiesOnly=yes \
	-o LogLevel=ERROR -- "$U" "$D/keys" "$N" "$RATE" "$PAIRS" "$IDLE"
st=$?
grep -c "too many door connections" "$D/server.log" | sed 's/^/refusals in the server log: /'
exit $st
