#!/bin/sh
# layers_test.sh - the folders keep their layers: curses (and ui.h, which
# brings it) only under src/nonaga/tui/; the library and the server never
# include a file of the curses program; the library prints nothing.
cd "$(dirname "$0")/.." || exit 1
. test/harness.sh
harness layers

curses='#include[[:space:]]*[<"]((n?curses|ncursesw/curses)\.h|ui\.h|game_screen\.h)[>"]'
out=$(grep -rlE "$curses" src | grep -v '^src/nonaga/tui/')
want "curses outside src/nonaga/tui/" "$out" ""
# the check itself sees a curses include where there is one
check "the grep finds tui.c's curses" grep -qE "$curses" src/nonaga/tui/term.c

tui_h=$(cd src/nonaga/tui && ls *.h | tr '\n' '|' | sed 's/|$//')
out=$(grep -rlE "#include \"($tui_h)\"" src/lib src/nonaga/server src/nonaga/*.c src/nonaga/*.h)
want "the library, the server and the flat files include no tui/ header" "$out" ""
out=$(grep -rlE '#include "(server|net)\.h"' src/lib)
want "the library includes no program header" "$out" ""
# the game screen: struct play (game_screen.h) is its files' own, and its
# shared files call the other side (game_screen.h, other_ops) without
# naming one
out=$(grep -rlE '#include "game_screen\.h"' src | grep -vE '^src/nonaga/tui/play(_[a-z]+)?\.[ch]$')
want "game_screen.h only in the game screen's files" "$out" ""
check "the grep finds play.c's game_screen.h" grep -q '#include "game_screen\.h"' src/nonaga/tui/play.c
impl='MODE_AI|MODE_ONLINE|MODE_PVP|netplay|pzrun|computer_|online_|puzzle_|an_job|->(ai|np|pz)\b'
shared="play.c play_base.c play_text.c play_view.c play_hint.c play_save.c"
out=$(cd src/nonaga/tui && grep -nE "$impl" $shared)
want "the game screen's shared files name no other side" "$out" ""
check "the grep finds the other sides' names" grep -qE "$impl" src/nonaga/tui/play_online.c
# the other sides act on the screen through play.c's API (game_screen.h),
# never by writing into struct play
sides="play_computer.c play_online.c play_online_panel.c play_puzzle.c play_replay.c play_local.c"
writes='(^|[^A-Za-z_0-9])p->[][A-Za-z_.0-9]+ *([-+|]?=[^=]|\+\+|--)|memset\(&p->'
out=$(cd src/nonaga/tui && grep -nE "$writes" $sides)
want "the other sides write nothing into struct play" "$out" ""
check "the grep finds play.c's writes" grep -qE "$writes" src/nonaga/tui/play.c
out=$(grep -rnE '\b(printf|fprintf|puts|exit)\(' src/lib | grep -v 'snprintf\|vsnprintf')
want "the library prints nothing and never exits" "$out" ""
finish
