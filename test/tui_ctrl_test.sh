#!/bin/sh
# tui_ctrl_test.sh - control keys behave as a player expects: Ctrl-S and
# Ctrl-Q (typed, or inside a paste) never freeze the screen, flow control
# is back on after the game, and Ctrl-Z suspends the game to the shell and
# fg brings it back redrawn and playable.  (Ctrl-C: tui_quit_test.sh.)
cd "$(dirname "$0")/.." || exit 1
. test/tmux.sh
tmux_init tui_ctrl

# --- Ctrl-S and Ctrl-Q: the keys after them still work at once
start --pvp
check "ready" wait_for "Red to move"
keys C-s
keys Enter
check "Enter after Ctrl-S chooses a token" wait_for "Choose where it slides"
keys C-q Escape
check "Esc after Ctrl-Q steps back" wait_gone "Choose where it slides"
# a paste with the byte in it
before_keys
T send-keys -l "$(printf '\023\r')"
check "a paste holding Ctrl-S is read through" wait_for "Choose where it slides"
keys Escape q
wait_exit
check "flow control is restored after the game" \
	sh -c "grep -qw ixon '$TMUX_DIR/stty' && ! grep -qw -- -ixon '$TMUX_DIR/stty'"

# --- Ctrl-Z suspends to an interactive shell; fg redraws the game
tmux_kill
TMUX_SOCK="nonaga-$TMUX_NAME-$$-shell"
T new-session -d -x 80 -y 24 "env -u LC_CTYPE -u LC_MESSAGES LC_ALL= LANG=C.UTF-8 LANGUAGE=en \
	XDG_STATE_HOME='$TMUX_DIR/state-shell' XDG_CONFIG_HOME='$TMUX_DIR/config-shell' PS1='sh\$ ' sh -i"
check "the shell is ready" wait_for 'sh$'
keys "'$NONAGA' --pvp 2>>'$TMUX_DIR/stderr'" Enter
check "the game starts from the shell" wait_for "Red to move"
keys Enter
wait_for "Choose where it slides"
keys C-z
check "Ctrl-Z gives the shell back" wait_gone "Red to move"
keys "echo back-at-the-shell" Enter
check "... which takes commands" wait_for "back-at-the-shell"
keys fg Enter
check "fg redraws the game as it was" wait_for "Choose where it slides"
check "... with its board" has_text "Red to move"
keys Escape
check "... and it is playable" wait_gone "Choose where it slides"
keys q
check "q then quits to the shell" wait_gone "Red to move"
keys "echo status=\$?" Enter
check "... with status 0" wait_for "status=0"

finish
