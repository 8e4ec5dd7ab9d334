#!/bin/sh
# server-setup.sh install|uninstall - the shared server's set-up, run by
# `make install-server' and `make uninstall-server' (which pass, in the
# environment: DESTDIR, BINDIR, UNITDIR, UNIT (the unit made from
# contrib/nonaga-server.service for BINDIR and SHARED_SOCKET),
# SHARED_SOCKET, SERVER_USER, STATEDIR, SYSTEMD_DIR, GATEWAY and
# GATEWAY_GIVEN (1 when GATEWAY was given, even empty)).
#
# install: the unit into DESTDIR/UNITDIR, with --gateway GATEWAY (the SSH
# door's account) when GATEWAY is given, else with the --gateway the unit
# installed there has, if any (so that a re-run keeps the door working;
# GATEWAY= drops it), and the state directory (mode 0700); then, unless DESTDIR is set (a staged install for a package,
# whose own scripts do the rest), the system user and, when systemd runs,
# the service enabled and started; without systemd, the command that runs
# the server.  uninstall: the service stopped and disabled, the unit and
# the user removed; the games in STATEDIR are kept.  Each step is said.
say() { echo "nonaga: $*"; }
die() { echo "nonaga: $*" >&2; exit 1; }
unit=$DESTDIR$UNITDIR/nonaga-server.service
rundir=$(dirname "$SHARED_SOCKET")
systemd() { [ -z "$DESTDIR" ] && [ -d "$SYSTEMD_DIR" ]; }
# the server's command without systemd (after every boot)
by_hand() {
	echo "  install -d -o $SERVER_USER -g $SERVER_USER -m 755 $rundir && runuser -u $SERVER_USER -- $BINDIR/nonaga --serve --listen unix:$SHARED_SOCKET --state $STATEDIR${GATEWAY:+ --gateway $GATEWAY} </dev/null 2>>$STATEDIR/server.log &"
}

if [ -z "$DESTDIR" ] && [ "$(id -u)" != 0 ]; then
	die "make $1-server makes a system user and a service: run it as root (sudo make $1-server)"
fi

case $1 in
install)
	case $rundir in
	/run/?*) ;;
	*) die "SHARED_SOCKET ($SHARED_SOCKET) is not under /run: the unit's runtime directory cannot hold it" ;;
	esac
	case $STATEDIR in
	/var/lib/?*) ;;
	*) die "STATEDIR ($STATEDIR) is not under /var/lib: the unit's state directory cannot be it" ;;
	esac
	if [ -z "$GATEWAY_GIVEN" ] && [ -f "$unit" ]; then
		GATEWAY=$(sed -n 's/^ExecStart=.* --gateway \([^ ]*\).*/\1/p' "$unit")
		[ -n "$GATEWAY" ] && say "kept --gateway $GATEWAY of the installed unit (GATEWAY= drops it)"
	fi
	case $GATEWAY in
	-*|*[!a-z0-9_-]*) die "GATEWAY ($GATEWAY) must be a login name (a-z, 0-9, _ and -)" ;;
	esac
	install -d "$DESTDIR$UNITDIR" &&
		sed "/^ExecStart=/s|\$|${GATEWAY:+ --gateway $GATEWAY}|" "$UNIT" > "$unit.new" &&
		chmod 644 "$unit.new" && mv "$unit.new" "$unit" || exit 1
	say "installed $unit ($(sed -n 's/^ExecStart=//p' "$unit"))"
	install -d -m 700 "$DESTDIR$STATEDIR" || exit 1
	say "made $DESTDIR$STATEDIR (mode 0700), where the server keeps its games"
	if [ -n "$DESTDIR" ]; then
		say "DESTDIR is set: no user is made and nothing is started; on the host, as root:"
		echo "  useradd --system --user-group --no-create-home --home-dir $STATEDIR --shell /usr/sbin/nologin $SERVER_USER"
		echo "  chown $SERVER_USER:$SERVER_USER $STATEDIR && systemctl daemon-reload && systemctl enable --now nonaga-server"
		say "or, on a host without systemd, start the server (after every boot) with"
		by_hand
		exit 0
	fi
	if id -u "$SERVER_USER" >/dev/null 2>&1; then
		say "the user $SERVER_USER exists already"
	else
		useradd --system --user-group --no-create-home --home-dir "$STATEDIR" \
			--shell /usr/sbin/nologin "$SERVER_USER" || exit 1
		say "made the system user $SERVER_USER"
	fi
	chown "$SERVER_USER:$SERVER_USER" "$STATEDIR" || exit 1
	if systemd; then
		# restarted: a re-run's unit (another --gateway) counts at once;
		# its clients wait the seconds it takes
		systemctl daemon-reload && systemctl enable nonaga-server.service &&
			systemctl restart nonaga-server.service || exit 1
		say "enabled and (re)started nonaga-server: everyone on this host now plays on"
		say "unix:$SHARED_SOCKET with no option (its log: journalctl -u nonaga-server)"
	else
		say "systemd does not run here: start the server (after every boot) with"
		by_hand
	fi
	;;
uninstall)
	if systemd && [ -f "$unit" ]; then
		systemctl disable --now nonaga-server.service && say "stopped and disabled nonaga-server"
	fi
	rm -f "$unit" && say "removed $unit"
	systemd && systemctl daemon-reload
	if [ -z "$DESTDIR" ] && id -u "$SERVER_USER" >/dev/null 2>&1; then
		userdel "$SERVER_USER" && say "removed the user $SERVER_USER"
	fi
	say "kept $DESTDIR$STATEDIR (the server's games): remove it by hand if they may go"
	;;
*)
	die "usage: server-setup.sh install|uninstall"
	;;
esac
