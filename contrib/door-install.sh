#!/bin/sh
# door-install.sh install|uninstall - the SSH door's account and sshd
# drop-in (contrib/nonaga-door.conf), for `make install-door' and `make
# uninstall-door'.  From the environment: DESTDIR (then no account is made
# or removed), BINDIR (where nonaga is), SSHD_DIR (/etc/ssh), DOOR_USER
# (play), DOOR_SOCKET (the shared server's socket), DOOR_ADOPT (1: an
# account of that name that exists already becomes the door).
#
# An account it did not make is refused (anyone with an SSH key would get
# in as it) unless DOOR_ADOPT=1.  The drop-in records the account it made
# (its last line, made_line below): uninstall removes that one, no other.
set -e
: "${BINDIR:=/usr/local/bin}" "${SSHD_DIR:=/etc/ssh}" "${DOOR_USER:=play}"
: "${DOOR_SOCKET:=/run/nonaga/server.sock}"
conf=$DESTDIR$SSHD_DIR/sshd_config
dropin=$DESTDIR$SSHD_DIR/sshd_config.d/nonaga-door.conf
say() { echo "nonaga: $*"; }
made_line="# made by make install-door: the account $DOOR_USER"
made_before() { [ -f "$dropin" ] && grep -qxF "$made_line" "$dropin"; }

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
	made=
	if [ -z "$DESTDIR" ] && getent passwd "$DOOR_USER" >/dev/null; then
		if made_before; then
			made=1
		elif [ "$DOOR_ADOPT" != 1 ]; then
			say "the account $DOOR_USER exists already and make install-door did not make it:" >&2
			say "as the door, anyone with an SSH key would log in as it.  Choose another" >&2
			say "DOOR_USER, or make $DOOR_USER the door with DOOR_ADOPT=1 (uninstall-door" >&2
			say "then keeps the account).  Nothing was changed." >&2
			exit 1
		fi
	fi
	mkdir -p "$(dirname "$dropin")"
	sed -e "s|^Match User play\$|Match User $DOOR_USER|" \
	    -e "s|/usr/local/bin/nonaga|$BINDIR/nonaga|g" \
	    -e "s|/run/nonaga/server.sock|$DOOR_SOCKET|g" \
	    -e "s|--gateway play (make install-server GATEWAY=play)|--gateway $DOOR_USER (make install-server GATEWAY=$DOOR_USER)|" \
	    contrib/nonaga-door.conf > "$dropin.new"
	chmod 644 "$dropin.new"
	if [ -n "$DESTDIR" ]; then
		say "DESTDIR is set: the account $DOOR_USER is not made"
	elif [ -n "$made" ]; then
		say "the account $DOOR_USER, made by make install-door before, is kept"
	elif getent passwd "$DOOR_USER" >/dev/null; then
		say "the account $DOOR_USER exists already: it is the door (DOOR_ADOPT=1); uninstall-door keeps it"
	else
		# a shell for ForceCommand; '*': no password, but not locked
		useradd --system --no-create-home --home-dir / --shell /bin/sh \
		        -p '*' "$DOOR_USER"
		made=1
		say "made the account $DOOR_USER (no password, no home; its only program is nonaga --door)"
	fi
	[ -z "$made" ] || printf '\n%s\n' "$made_line" >> "$dropin.new"
	mv "$dropin.new" "$dropin"
	say "installed $dropin (the door is the account $DOOR_USER)"
	say "now run the server with --gateway $DOOR_USER (make install-server GATEWAY=$DOOR_USER),"
	say "and reload sshd (systemctl reload ssh); players connect with ssh -t $DOOR_USER@HOST"
	;;
uninstall)
	made=
	! made_before || made=1
	rm -f "$dropin"
	say "removed $dropin"
	if [ -z "$DESTDIR" ] && getent passwd "$DOOR_USER" >/dev/null; then
		if [ -n "$made" ]; then
			userdel "$DOOR_USER"
			say "removed the account $DOOR_USER"
		else
			say "kept the account $DOOR_USER: make install-door did not make it"
		fi
	fi
	say "reload sshd (systemctl reload ssh)"
	;;
*)
	echo "usage: door-install.sh install|uninstall" >&2
	exit 2
	;;
esac
