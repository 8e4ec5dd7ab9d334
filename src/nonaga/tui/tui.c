/*
 * tui.c - the curses game: from the title menu to games and back, and out;
 * nonaga --resume and nonaga --replay FILE.
 */
#include "ui.h"
#include "savefile.h"
#include "saveslot.h"
#include "config.h"
#include "client_mine.h"
#include "mains.h"
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Is the file inside the state directory (a record of ours, to move aside
 * when it is bad) rather than a file of the user's? */
static int in_state_dir(const char *path, const char *dir)
{
	char rp[PATH_MAX], rd[PATH_MAX];
	if (!realpath(path, rp) || !realpath(dir, rd))
		return 0;
	size_t n = strlen(rd);
	return !strncmp(rp, rd, n) && rp[n] == '/';
}

/* The state directory into dir; 0 and the message in msg when none. */
static int get_dir(char *dir, char *msg)
{
	return save_dir(dir, PATH_MAX, msg) == SAVE_OK;
}

/* The screen: the language its locale can show, curses on the terminal,
 * then the glyphs, text widths and input that drawing and screens use.
 * (term.c is the bottom layer: it sets up none of these itself.)  *note:
 * why the language asked for is not shown, or NULL. */
static int screen_open(const options *opt, const char **note)
{
	*note = language_fit(term_text_utf8());
	if (term_open(opt) != 0)
		return -1;
	if (TI.term_used && !*note) {
		static char said[200];
		/* TRANSLATORS: TERM names a terminal this host's terminfo
		   lacks (xterm-kitty...); the game draws for a known one. */
		snprintf(said, sizeof said, _("Terminal %s is unknown here: drawn "
		         "as %s."), TI.term_asked, TI.term_used);
		*note = said;
	}
	glyphs_init(TI.utf8);
	text_init(!TI.text_utf8);
	input_init();
	return 0;
}

/* --replay FILE; *on is a game to play on with (the screen then stays
 * open, *note as screen_open's), or NULL. */
static int replay(const options *opt, ng_game **on, const char **note)
{
	char dir[PATH_MAX], *msg = malloc(SAVE_MSG);
	ng_record_info *info = calloc(1, sizeof *info);
	ng_game *g = NULL;
	int status = 1;
	if (!msg || !info) {
		free(msg);
		free(info);
		return 1;
	}
	msg[0] = 0;
	int ours = get_dir(dir, msg) && in_state_dir(opt->replay, dir);
	if (save_read(opt->replay, ours, &g, info, msg) != SAVE_OK) {
		fprintf(stderr, "nonaga: %s\n", msg);
		goto out;
	}
	if (screen_open(opt, note) != 0)
		goto out;
	*on = NULL;
	if (play_replay(opt->replay, g, info, opt) == PLAY_ON)
		*on = play_on_game(g);
	if (!*on)
		term_close();
	status = 0;
out:
	ng_game_free(g);
	free(info);
	free(msg);
	return status;
}

/* ------------------------------------------------------------ save slots */

/* One line about the game saved in slot, for the list of games to resume. */
static void describe_slot(const char *dir, int slot, char *buf, size_t size)
{
	char msg[SAVE_MSG];
	ng_game *g = NULL;
	save_info si;
	if (save_load(dir, slot, &g, &si, msg) != SAVE_OK) {
		snprintf(buf, size, "%s", _("a saved game that cannot be read"));
		return;
	}
	char when[32], who[160];
	/* when it was last played, in local time as Past games shows it */
	time_t at = slot_time(dir, slot);
	struct tm tm;
	if (!localtime_r(&at, &tm) || !strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm))
		when[0] = 0;
	if (kind_of(si.who.mode)->players == KIND_COMPUTER)
		/* TRANSLATORS: the human's side, then the computer's level. */
		snprintf(who, sizeof who, _("you (%s) against level %d"),
		         si.who.human == NG_RED ? _("Red") : _("Blue"), si.who.level);
	else
		snprintf(who, sizeof who, "%s", _("two players"));
	char turn[64];
	snprintf(turn, sizeof turn, _("turn %d"), ng_game_ply(g) / 2 + 1);
	int n = snprintf(buf, size, "%s%s%s%s%s", when, G->sep, turn, G->sep,
	                 who);
	save_holder h;
	if (n > 0 && (size_t)n < size && slot_busy(dir, slot, &h))
		snprintf(buf + n, size - (size_t)n, "%s%s", G->sep,
		         _("in another terminal"));
	ng_game_free(g);
}

/* Which saved game to resume: its slot, or 0 to go back (msg says why
 * when there is none). */
static int pick_slot(const char *dir, char *msg)
{
	int slots[SAVE_SLOTS];
	int n = slot_list(dir, slots);
	if (n == 0) {
		snprintf(msg, SAVE_MSG, "%s", _("There is no saved game any more."));
		return 0;
	}
	if (n == 1)
		return slots[0];
	char lines[SAVE_SLOTS][400];
	const char *items[SAVE_SLOTS];
	for (int i = 0; i < n; i++) {
		describe_slot(dir, slots[i], lines[i], sizeof lines[i]);
		items[i] = lines[i];
	}
	int c = choose_run(_("Resume a game"),
	                   _("These games are not finished, the last played first "
	                     "(when, in local time). Which one?"),
	                   items, n, 0);
	return c < 0 ? 0 : slots[c];
}

static const char *full_message(void)
{
	return _("Every save slot holds an unfinished game: resume one and "
	         "finish it, or start a new game from it with n.");
}

enum { CLAIM_BACK, CLAIM_RESUME, CLAIM_TAKEN, CLAIM_NEW };

/*
 * Hold the slot of the game about to be played.  When another terminal
 * plays it, ask: take it over (it saves and leaves there, and the game is
 * resumed here), play a new game in a free slot, or go back.  CLAIM_BACK
 * (msg says why when it is not empty), else what to play: CLAIM_TAKEN is
 * a game taken over, to be read again.  *slot: the slot wanted, then the
 * one held (a new game may go to another).
 */
static int claim(const char *dir, int *slot, int resuming, char *msg)
{
	save_holder h;
	msg[0] = 0;
	save_status st = slot_hold(dir, *slot, &h, msg);
	if (st == SAVE_OK)
		return resuming ? CLAIM_RESUME : CLAIM_NEW;
	if (st != SAVE_NONE)
		return CLAIM_BACK;
	char text[600], who[200];
	if (h.pid > 0 && h.tty[0])
		/* TRANSLATORS: a process number, then a terminal such as /dev/pts/3. */
		snprintf(who, sizeof who, _("process %ld on %s"), h.pid, h.tty);
	else if (h.pid > 0)
		snprintf(who, sizeof who, _("process %ld"), h.pid);
	else
		snprintf(who, sizeof who, "%s", _("another process"));
	snprintf(text, sizeof text,
	         _("This game is being played in another terminal (%s). "
	           "Taking it over saves it there and closes the game there."),
	         who);
	const char *items[3] = {
		_("Take the game over here"),
		_("Play a new game in another save slot"),
		_("Go back"),
	};
	switch (choose_run(_("A game is already running"), text, items, 3, 0)) {
	case 0:
		return slot_take_over(dir, *slot, &h, msg) == SAVE_OK
		       ? CLAIM_TAKEN : CLAIM_BACK;
	case 1:
		*slot = slot_free(dir);
		if (!*slot) {
			snprintf(msg, SAVE_MSG, "%s", full_message());
			return CLAIM_BACK;
		}
		return slot_hold(dir, *slot, &h, msg) == SAVE_OK ? CLAIM_NEW : CLAIM_BACK;
	default:
		return CLAIM_BACK;
	}
}

/* Where a new game goes: slot 1, unless it holds an unfinished game or
 * another terminal plays there; that one is kept (for Resume, or for the
 * other terminal) and the new game takes a free slot (0 when there is
 * none; msg says so): a new game never takes another over. */
static int new_game_slot(const char *dir, char *msg)
{
	save_holder h;
	if (!slot_has_game(dir, 1) && !slot_busy(dir, 1, &h))
		return 1;
	int slot = slot_free(dir);
	if (!slot)
		snprintf(msg, SAVE_MSG, "%s", full_message());
	return slot;
}

/*
 * Where a game started from the command line goes when unfinished games
 * that nobody plays are saved: the player is told how many there are and
 * chooses a free slot (they are all kept) or the slot of the one played
 * longest ago (*replace is set: its game is to be discarded, as n does in
 * a game), or the title menu (0, msg saying why when every slot is full).
 */
static int cli_game_slot(const char *dir, int *replace, char *msg)
{
	int slots[SAVE_SLOTS], n = slot_list(dir, slots), oldest = 0;
	save_holder h;
	*replace = 0;
	for (int i = n - 1; i >= 0 && !oldest; i--)
		if (!slot_busy(dir, slots[i], &h))
			oldest = slots[i];
	if (!oldest)
		return new_game_slot(dir, msg);
	char line[400], text[800];
	describe_slot(dir, oldest, line, sizeof line);
	int free_slot = slot_free(dir);
	/* TRANSLATORS: how many unfinished games are saved, then the one
	   played longest ago (when, the turn, who plays). */
	int k = snprintf(text, sizeof text, ngettext(
	        "%d unfinished game is saved (Resume in the title menu and "
	        "nonaga --resume go on with it): %s.",
	        "%d unfinished games are saved (Resume in the title menu and "
	        "nonaga --resume list them); the one played longest ago: %s.",
	        (unsigned long)n), n, line);
	if (!free_slot && k > 0 && (size_t)k < sizeof text)
		snprintf(text + k, sizeof text - (size_t)k, " %s",
		         _("Every save slot holds one."));
	const char *items[3];
	int what[3], m = 0;
	if (free_slot) {
		items[m] = _("Play the new game in a free slot, keeping them all");
		what[m++] = free_slot;
	}
	items[m] = n > 1 ? _("Play it in place of the one played longest ago")
	                 : _("Play it in place of the unfinished game");
	what[m++] = -oldest;
	items[m] = _("Go to the title menu");
	what[m++] = 0;
	int c = choose_run(_("Unfinished games"), text, items, m, 0);
	if (c < 0 || !what[c]) {
		if (!free_slot)
			snprintf(msg, SAVE_MSG, "%s", full_message());
		return 0;
	}
	*replace = what[c] < 0;
	return what[c] < 0 ? -what[c] : what[c];
}

/* The only saved game, loaded before the screen opens so that a bad one is
 * reported on stderr (nonaga --resume); NULL and 0 when there are several
 * (the player chooses on the screen), NULL and -1 on an error. */
static int resume_at_start(const char *dir, ng_game **g, save_info *si,
                           char *msg)
{
	int slots[SAVE_SLOTS];
	int n = slot_list(dir, slots);
	*g = NULL;
	if (n > 1)
		return 0;
	if (n == 0) {
		fprintf(stderr, _("nonaga: there is no saved game to resume in %s\n"),
		        dir);
		return -1;
	}
	switch (save_load(dir, slots[0], g, si, msg)) {
	case SAVE_OK:
		return slots[0];
	case SAVE_NONE:
		fprintf(stderr, _("nonaga: there is no saved game to resume in %s\n"),
		        dir);
		return -1;
	default:
		fprintf(stderr, "nonaga: %s\n", msg);
		return -1;
	}
}

/* ------------------------------------------------------------ screens */

/* The curses game from the title menu to the end: each screen returns
 * the next one (a MENU_ choice, or TITLE for the title menu). */
enum { TITLE = MENU_PUZZLES + 1 };

typedef struct tui {
	const options *opt;
	lineup s;               /* the title menu's settings */
	char dir[PATH_MAX];     /* the state directory, when have_dir */
	int have_dir;
	char dir_msg[SAVE_MSG]; /* why there is none */
	const char *note;       /* told once, by the first screen that can:
	                         * why the language asked for is not shown, or
	                         * a settings file that is not ours; NULL */
	const char *notice;     /* the title menu's next message, or NULL */
	char msg[SAVE_MSG];     /* (a notice's text) */
	char online_msg[1024];  /* (another) */
	ng_game *game;          /* the game read to resume (si says what it
	                         * is), or to play on with; NULL */
	save_info si;
	int resume_slot;        /* --resume's only saved game's, or 0 */
	int cli_game;           /* the game asked for by --pvp or --ai is
	                         * still to start */
	int online_first;       /* --host, --join or --watch is still to do */
	int quit_saved;         /* left with the game saved, to say so */
	char exit_note[1024];   /* left online: how to come back, or "" */
	int taken;              /* exit_note says who took the game over */
	int opened;             /* the screen is open */
	char waiting[NET_NAME_MAX + 1];   /* the online game where it is your
	                         * move, for the title menu, or "" */
	config cfg;             /* the settings of the last run */
	char cfg_msg[PATH_MAX + 200];
} tui;

static int can_resume(const tui *t)
{
	int slots[SAVE_SLOTS];
	return t->have_dir && slot_list(t->dir, slots) > 0;
}

/* The title menu; its settings are kept for the next run (config.c) after
 * each visit, here and nowhere else.  A failure costs only the memory of
 * them: it is not worth a message. */
/* The first online game where it is your move (else the first
 * invitation), into t->waiting, and the title menu's words for it into
 * item: from the server found as for playing, never started
 * (client_mine.c); none when none answers. */
static void find_waiting(tui *t, char *item, size_t size)
{
	static mine_game games[64];
	netclient_opts o = { .server = t->opt->server, .key_file = t->opt->key_file };
	char msg[512];
	int absent, n = client_mine(&o, games, 64, &absent, msg, sizeof msg);
	t->waiting[0] = item[0] = 0;
	for (int i = 0; i < n; i++)
		if (games[i].your_move) {
			snprintf(t->waiting, sizeof t->waiting, "%s", games[i].game);
			/* TRANSLATORS: the title menu's first item: the opponent,
			   the game. */
			snprintf(item, size, _("Online: your move against %s (%s)"),
			         games[i].opponent, games[i].game);
			return;
		}
	for (int i = 0; i < n; i++)
		if (games[i].invited) {
			snprintf(t->waiting, sizeof t->waiting, "%s", games[i].game);
			/* TRANSLATORS: the title menu's first item: who invites
			   you, the game. */
			snprintf(item, size, _("Online: %s invites you (%s)"), games[i].opponent,
			         games[i].game);
			return;
		}
}

/* The settings of the title menu and Play now's clock, for the next run. */
static void save_settings(const tui *t)
{
	config c = { .who = t->s };
	snprintf(c.clock, sizeof c.clock, "%s", online_clock());
	online_seek_terms(&c.seek_rules, &c.seek_casual);
	snprintf(c.lang, sizeof c.lang, "%s", language_current());
	snprintf(c.server, sizeof c.server, "%s", t->cfg.server);   /* set by hand */
	char msg[PATH_MAX + 200];
	config_save(&c, msg, sizeof msg);
}

static int title_screen(tui *t)
{
	const char *notice = t->notice ? t->notice : t->note;
	char item[200] = "";
	if (!t->opt->door)   /* a guest of the door goes to the lobby at once */
		find_waiting(t, item, sizeof item);
	int next = menu_run(&t->s, can_resume(t), item[0] ? item : NULL, t->opt->door,
	                    lobby_server_configured(t->opt), notice);
	if (notice == t->note)
		t->note = NULL;   /* told */
	t->notice = NULL;
	save_settings(t);
	return next;
}

/* (The first screen: the lobby says the note.) */
static int online_screen(tui *t)
{
	t->online_msg[0] = 0;
	if (t->note) {   /* the lobby is the first screen: it says it */
		online_tell(t->note);
		t->note = NULL;
	}
	int next = online_play(t->opt, &t->s, t->online_first, t->online_msg,
	                       sizeof t->online_msg);
	t->online_first = 0;
	/* Play now's clock, rules and rating, chosen in the lobby, are kept
	 * when the program is left from there (the title menu keeps them else) */
	ng_rules rules;
	int casual;
	online_seek_terms(&rules, &casual);
	if (next == MENU_QUIT && (strcmp(online_clock(), t->cfg.clock) ||
	                          rules != t->cfg.seek_rules || casual != t->cfg.seek_casual))
		save_settings(t);
	t->notice = t->online_msg[0] ? t->online_msg : NULL;
	if (next == MENU_QUIT)   /* said after the screen closes */
		snprintf(t->exit_note, sizeof t->exit_note, "%s", t->online_msg);
	return next == MENU_QUIT ? MENU_QUIT : TITLE;
}

/* The game the title menu offered: joined as --join would. */
static int waiting_screen(tui *t)
{
	options o = *t->opt;
	o.host = o.watch = NULL;
	o.join = t->waiting;
	t->online_msg[0] = 0;
	int next = online_play(&o, &t->s, 1, t->online_msg, sizeof t->online_msg);
	t->notice = t->online_msg[0] ? t->online_msg : NULL;
	if (next == MENU_QUIT)   /* said after the screen closes */
		snprintf(t->exit_note, sizeof t->exit_note, "%s", t->online_msg);
	return next == MENU_QUIT ? MENU_QUIT : TITLE;
}

static int puzzles_screen(tui *t)
{
	return puzzle_run(t->opt) == PLAY_QUIT ? MENU_QUIT : TITLE;
}

static int past_screen(tui *t)
{
	if (t->have_dir && (t->game = history_run(t->dir, t->opt)) != NULL)
		return MENU_PLAY_ON;
	t->notice = t->have_dir ? NULL : t->dir_msg;
	return TITLE;
}

/*
 * The slot of the game chosen (MENU_PLAY, MENU_RESUME or MENU_PLAY_ON),
 * held, and the game to resume in t->game when there is one: what to
 * play (CLAIM_RESUME or CLAIM_NEW), or CLAIM_BACK with t->msg saying why
 * when it is not empty.
 */
static int take_slot(tui *t, int choice, int *slot)
{
	int what = CLAIM_BACK, replace = 0, chosen = 0;
	*slot = 1;
	t->msg[0] = 0;
	if (!t->have_dir)
		what = choice == MENU_RESUME ? CLAIM_BACK : CLAIM_NEW;
	else if ((chosen = *slot = choice == MENU_RESUME
	                  ? (t->resume_slot ? t->resume_slot : pick_slot(t->dir, t->msg))
	                  : t->cli_game && choice == MENU_PLAY
	                  ? cli_game_slot(t->dir, &replace, t->msg)
	                  : new_game_slot(t->dir, t->msg)))
		what = claim(t->dir, slot, choice == MENU_RESUME, t->msg);
	t->resume_slot = 0;
	t->cli_game = 0;
	if (what == CLAIM_NEW && replace && *slot == chosen &&
	    save_discard(t->dir, *slot, t->msg) != SAVE_OK)
		what = CLAIM_BACK;
	if (what == CLAIM_TAKEN) {
		/* what was read before is older than what the other terminal
		 * has just saved */
		ng_game_free(t->game);
		t->game = NULL;
		what = CLAIM_RESUME;
	}
	if (what == CLAIM_RESUME && !t->game) {
		save_status st = save_load(t->dir, *slot, &t->game, &t->si, t->msg);
		if (st == SAVE_NONE)
			snprintf(t->msg, SAVE_MSG, "%s",
			         _("There is no saved game any more."));
		if (st != SAVE_OK)
			what = CLAIM_BACK;   /* a bad save was moved aside: say so */
	}
	if (what == CLAIM_NEW && choice == MENU_PLAY_ON && t->game)
		what = CLAIM_RESUME;   /* play on with the replayed game */
	if (what != CLAIM_RESUME) {
		ng_game_free(t->game);
		t->game = NULL;
	}
	return what;
}

/* Left because another terminal took the game over (a SIGHUP from
 * slot_take_over): who, in t->exit_note, said as the screen closes. */
static void taken_note(tui *t)
{
	save_holder by;
	if (term_signal != SIGHUP || !slot_taken(&by))
		return;
	t->taken = 1;
	if (by.tty[0])
		/* TRANSLATORS: said as the game closes; %s is a terminal such
		   as /dev/pts/1. */
		snprintf(t->exit_note, sizeof t->exit_note,
		         _("This game was taken over by the terminal on %s; it is "
		           "saved and goes on there."), by.tty);
	else
		snprintf(t->exit_note, sizeof t->exit_note,
		         _("This game was taken over by process %ld; it is saved "
		           "and goes on there."), by.pid);
}

/* A game: a new one, the saved one, or a replayed position played on. */
static int game_screen(tui *t, int choice)
{
	if (choice == MENU_PLAY_ON) {
		/* a replayed position, played on by two players, in a slot of
		 * its own like any new game */
		lineup two = { .mode = MODE_PVP, .human = NG_RED, .level = t->s.level,
		               .rules = ng_pos_rules(ng_game_pos_at(t->game, 0)) };
		save_info_new(&t->si, &two);
	}
	int slot;
	if (take_slot(t, choice, &slot) == CLAIM_BACK) {
		slot_release();
		t->notice = t->msg[0] ? t->msg : NULL;
		return term_signal ? MENU_QUIT : TITLE;
	}
	int r = play_run(&t->s, t->opt, t->game, &t->si, slot, t->note);
	t->game = NULL;   /* play_run's */
	t->note = NULL;   /* told */
	taken_note(t);
	slot_release();
	if (r == PLAY_QUIT_SAVED)
		t->quit_saved = 1;
	return r == PLAY_QUIT || r == PLAY_QUIT_SAVED ? MENU_QUIT : TITLE;
}

static int run_screen(tui *t, int screen)
{
	switch (screen) {
	case TITLE: return title_screen(t);
	case MENU_ONLINE: return online_screen(t);
	case MENU_COMPUTER: return lobby_computer_ask(), online_screen(t);
	case MENU_WAITING: return waiting_screen(t);
	case MENU_PUZZLES: return puzzles_screen(t);
	case MENU_PAST: return past_screen(t);
	default: return game_screen(t, screen);
	}
}

/* ------------------------------------------------------------ the run */

/* What comes before the screen opens, so that its messages stay in view
 * on the terminal: --replay (then maybe a game to play on with, the
 * screen open), --resume's saved game, the settings, the server of
 * --host, --join or --watch.  The first screen, or -1 to exit with 1
 * (said), or -2 when a replay was all and the screen is closed. */
static int start(tui *t)
{
	const options *opt = t->opt;
	int online = opt->host || opt->join || opt->watch;
	if (opt->replay) {
		int status = replay(opt, &t->game, &t->note);
		if (!t->game)
			return status ? -1 : -2;
		t->opened = 1;
	}
	int playing_on = t->game != NULL;
	t->have_dir = get_dir(t->dir, t->dir_msg);
	if (opt->resume) {
		if (!t->have_dir) {
			fprintf(stderr, "nonaga: %s\n", t->dir_msg);
			return -1;
		}
		ng_game *g = NULL;
		t->resume_slot = resume_at_start(t->dir, &g, &t->si, t->msg);
		if (t->resume_slot < 0)
			return -1;
		if (playing_on) {   /* the replayed game is the one played */
			ng_game_free(g);
			t->resume_slot = 0;
		} else {
			t->game = g;
		}
	}
	/* the settings of the last run, beaten by the command line */
	config_load(&t->cfg, t->cfg_msg, sizeof t->cfg_msg);
	const config *cfg = &t->cfg;
	if (!opt->lang && cfg->have_lang && !playing_on)
		language_apply(cfg->lang);   /* before the screen decides */
	if ((online || opt->door) && online_open(opt, t->msg, sizeof t->msg) < 0) {
		fprintf(stderr, "nonaga: %s\n", t->msg);
		return -1;
	}
	if (!playing_on) {
		if (screen_open(opt, &t->note) != 0)
			return -1;
		t->opened = 1;
	}
	if (opt->lang && !t->note)   /* (else English is shown, and why) */
		language_shown(opt->lang);
	else if (cfg->have_lang && cfg->lang[0] && !t->note)
		language_shown(cfg->lang);
	t->s = (lineup){
		/* the kind the command line gives, else the menu's first */
		.mode = opt->who.mode != MODE_MENU ? opt->who.mode : MODE_AI,
		.level = opt->level_given || !cfg->have_level ? opt->who.level : cfg->who.level,
		.human = opt->side_given || !cfg->have_side ? opt->who.human : cfg->who.human,
		.rules = opt->rules_given || !cfg->have_rules ? opt->who.rules : cfg->who.rules,
	};
	online_clock_set(cfg->clock);
	online_seek_terms_set(cfg->seek_rules, cfg->seek_casual);
	if (t->cfg_msg[0] && !t->note)
		t->note = t->cfg_msg;   /* a settings file that is not ours */
	t->online_first = online;
	t->cli_game = !online && !opt->door && !playing_on && !opt->resume &&
	              opt->who.mode != MODE_MENU;
	return online || opt->door ? MENU_ONLINE : playing_on ? MENU_PLAY_ON
	     : opt->resume ? MENU_RESUME
	     : opt->who.mode == MODE_MENU ? TITLE : MENU_PLAY;
}

int tui_main(const options *opt)
{
	tui *t = calloc(1, sizeof *t);
	if (!t)
		return 1;
	t->opt = opt;
	int screen = start(t);
	if (screen < 0) {
		if (t->opened)
			term_close();
		ng_game_free(t->game);
		free(t);
		return screen == -2 ? 0 : 1;
	}
	while (screen != MENU_QUIT && !term_signal)
		screen = run_screen(t, screen);
	ng_game_free(t->game);
	int quit_saved = t->quit_saved, taken = t->taken;
	char exit_note[sizeof t->exit_note];
	snprintf(exit_note, sizeof exit_note, "%s", t->exit_note);
	free(t);
	term_close();
	if (quit_saved && !term_signal)
		puts(_("nonaga: the game is saved; nonaga --resume goes on with it."));
	if (exit_note[0] && (!term_signal || taken))
		printf("nonaga: %s\n", exit_note);
	int sig = term_signal;
	if (sig) {
		/* die of the signal, as the shell expects, now that the
		 * terminal is back to normal (the game has been saved) */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return 0;
}
