/*
 * kinds.h - the kinds of opponent of a game on the terminal, in one list
 * (NONAGA_KINDS), a row each; each part of the program takes the columns
 * it needs from it:
 *
 *   name     MODE_NAME, a lineup's mode (lineup.h)
 *   word     a saved game's and a record's Mode key (savefile.c): a word
 *            once written stays, so that old saves load
 *   label    the title menu's item (tui/menu.c; N_(), shown with _())
 *   players  how a record names the two and what a lineup of the kind
 *            holds (kind_check; savefile.c, tui/tui.c, tui/history.c):
 *              KIND_HUMANS    "human" and "human", two at one keyboard
 *              KIND_COMPUTER  the player and "computer level N": the
 *                             player's side and the level, both checked
 *                             and kept (the keys Human and Level)
 *              KIND_NAMED     the players' names as the game gave them
 *                             (save_info.red, .blue) and the player's seat
 *                             (the key Human)
 *   side     what makes the other side of a game on this machine
 *            (tui/play_local.c, game_screen.h's other_side): a function
 *            int F(other_side *, const options *, int draw_side) in a file
 *            of its own under tui/ (play_computer.c), or 0 when there is
 *            none (two players) or play_run does not start the game (the
 *            lobby starts online games)
 *   menu     what the title menu's item does (tui/menu.c, ui.h's menu_run
 *            answers): MENU_PLAY, a game on this machine of the kind (not
 *            at the SSH door), or MENU_ONLINE, the lobby; a KIND_COMPUTER
 *            kind's item has the Level and Your side settings under it
 *
 * The rows are in the title menu's order.  A new kind of opponent is a row
 * here and the file of its other side.  No curses here: the side and menu
 * columns are only names until tui/ expands them.
 */
#ifndef NONAGA_KINDS_H
#define NONAGA_KINDS_H

/*        name    word      label                               players        side          menu */
#define NONAGA_KINDS(X) \
	X(AI,     "ai",     N_("Play against the computer"),    KIND_COMPUTER, computer_new, MENU_PLAY) \
	X(PVP,    "pvp",    N_("Two players on this terminal"), KIND_HUMANS,   0,            MENU_PLAY) \
	X(ONLINE, "online", N_("Play online"),                  KIND_NAMED,    0,            MENU_ONLINE)

/* MODE_MENU: not chosen yet (the command line without --pvp or --ai);
 * then a MODE_ for each kind */
typedef enum {
	MODE_MENU,
#define KIND_MODE(name, word, label, players, side, menu) MODE_##name,
	NONAGA_KINDS(KIND_MODE)
#undef KIND_MODE
	MODE_COUNT
} start_mode;

typedef enum { KIND_HUMANS, KIND_COMPUTER, KIND_NAMED } kind_players;

typedef struct kind {
	const char *word;         /* the Mode key's value */
	const char *label;        /* the title menu's item, untranslated */
	kind_players players;
} opponent_kind;

/* The row of a mode; NULL for MODE_MENU and a value that is no kind. */
const opponent_kind *kind_of(start_mode mode);
/* The mode whose word is w; MODE_MENU when none is. */
start_mode kind_by_word(const char *w);
/* Whether a lineup holds what its kind needs: a kind, and for
 * KIND_COMPUTER the player's side (red or blue) and a level. */
struct lineup;
int kind_check(const struct lineup *who);

#endif
