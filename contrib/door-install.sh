#!/bin/sh
# door-install.sh install|uninstall - the SSH door's account and sshd
# drop-in (contrib/nonaga-door.conf), for `make install-door' and `make
# uninstall-door'.  From the environment: DESTDIR (then no account is made
# or removed), BINDIR (where nonaga is), SSHD_DIR (/etc/ssh), DOOR_USER
# (play), DOOR_SOCKET (the shared server's socket).
set -e
: "${BINDIR:=/usr/local/bin}" "${SSHD_DIR:=/etc/ssh}" "${DOOR_USER:=play}"
: "${DOOR_SOCKET:=/run/nonaga/server.sock}"
conf=$DESTDIR$SSHD_DIR/sshd_config
dropin=$DESTDIR$SSHD_DIR/sshd_config.d/nonaga-door.conf
say() { echo "nonaga: $*"; }

case $DOOR_USER in
''|-*|*[!a-z0-9_-]*) say "DOOR_USER must be a login name (a-z, 0-9, _ and -)" >&2; exit 1 ;;
esac
if [ -z "$DESTDIR" ] && [ "$(id -u)" != 0 ]; then
	say "the door is installed as root (it makes an account and configures sshd)" >&2
	exit 1
fi

case $1 in
install)
	if ! grep -Eq '^[[:space:]]*Include[[:space:]]+.*sshd_config\.d' "$conf" 2>/dev/null; then
		say "$conf does not read $SSHD_DIR/sshd_config.d, so the door's settings would" >&2
		say "not count: add this line at its top, then run make install-door again:" >&2
		say "  Include $SSHD_DIR/sshd_config.d/*.conf" >&2
		exit 1
	fi
	mkdir -p "$(dirname "$dropin")"
	sed -e "s|^Match User play\$|Match User $DOOR_USER|" \
	    -e "s|/usr/local/bin/nonaga|$BINDIR/nonaga|g" \
	    -e "s|/run/nonaga/server.sock|$DOOR_SOCKET|g" \
	    -e "s|with --gateway play|with --gateway $DOOR_USER|" \
	    contrib/nonaga-door.conf > "$dropin.new"
	chmod 644 "$dropin.new"
	mv "$dropin.new" "$dropin"
	say "installed $dropin (the door is the account $DOOR_USER)"
	if [ -n "$DESTDIR" ]; then
		say "DESTDIR is set: the account $DOOR_USER is not made"
	elif getent passwd "$DOOR_USER" >/dev/null; then
		say "the account $DOOR_USER exists already: kept as it is"
	else
		# a shell for ForceCommand; '*': no password, but not locked
		useradd --system --no-create-home --home-dir / --shell /bin/sh \
		        -p '*' "$DOOR_USER"
		say "made the account $DOOR_USER (no password, no home; its only program is nonaga --door)"
	fi
	say "now run the server with --gateway $DOOR_USER --listen unix:$DOOR_SOCKET,"
	say "and reload sshd (systemctl reload ssh); players connect with ssh -t $DOOR_USER@HOST"
	;;
uninstall)
	rm -f "$dropin"
	say "removed $dropin"
	if [ -z "$DESTDIR" ] && getent passwd "$DOOR_USER" >/dev/null; then
		userdel "$DOOR_USER"
		say "removed the account $DOOR_USER"
	fi
	say "reload sshd (systemctl reload ssh)"
	;;
*)
	echo "usage: door-install.sh install|uninstall" >&2
	exit 2
	;;
esac
