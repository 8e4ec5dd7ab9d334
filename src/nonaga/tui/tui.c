/*
 * tui.c - the curses game: from the title menu to games and back, and out;
 * nonaga --resume and nonaga --replay FILE.
 */
#include "ui.h"
#include "savefile.h"
#include "saveslot.h"
#include "config.h"
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
 * (term.c is the bottom layer: it sets up none of these itself.) */
static int screen_open(const options *opt)
{
	language_fit(term_text_utf8());
	if (term_open(opt) != 0)
		return -1;
	glyphs_init(TI.utf8);
	text_init(!TI.text_utf8);
	input_init();
	return 0;
}

/* --replay FILE; *on is a game to play on with (the screen then stays
 * open), or NULL. */
static int replay(const options *opt, ng_game **on)
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
	if (screen_open(opt) != 0)
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
	static char msg[SAVE_MSG];
	ng_game *g = NULL;
	save_info si;
	if (save_load(dir, slot, &g, &si, msg) != SAVE_OK) {
		snprintf(buf, size, "%s", _("a saved game that cannot be read"));
		return;
	}
	char when[32], who[160];
	/* "2026-11-25T03:40:00Z" shown as "11-25 03:40 UTC" */
	snprintf(when, sizeof when, "%.5s %.5s UTC",
	         strlen(si.date) > 5 ? si.date + 5 : "",
	         strlen(si.date) > 11 ? si.date + 11 : "");
	if (si.who.mode == MODE_AI)
		/* TRANSLATORS: the human's side, then the computer's level. */
		snprintf(who, sizeof who, _("you (%s) against level %d"),
		         si.who.human == NG_RED ? _("Red") : _("Blue"), si.who.level);
	else
		snprintf(who, sizeof who, "%s", _("two players"));
	char turn[64];
	snprintf(turn, sizeof turn, _("turn %d"), ng_game_ply(g) / 2 + 1);
	int n = snprintf(buf, size, "%s%s%s%s%s", turn, G->sep, who, G->sep,
	                 when);
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
	static char lines[SAVE_SLOTS][400];
	const char *items[SAVE_SLOTS];
	for (int i = 0; i < n; i++) {
		describe_slot(dir, slots[i], lines[i], sizeof lines[i]);
		items[i] = lines[i];
	}
	int c = choose_run(_("Resume a game"),
	                   _("These games are not finished. Which one?"),
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

/* Where a new game goes: slot 1, unless it holds an unfinished game that
 * nobody plays; that one is kept for Resume and the new game takes a free
 * slot (0 when there is none; msg says so).  When another terminal plays
 * slot 1, claim() asks what to do. */
static int new_game_slot(const char *dir, char *msg)
{
	save_holder h;
	if (!slot_has_game(dir, 1) || slot_busy(dir, 1, &h))
		return 1;
	int slot = slot_free(dir);
	if (!slot)
		snprintf(msg, SAVE_MSG, "%s", full_message());
	return slot;
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

static int can_resume(int have_dir, const char *dir)
{
	int slots[SAVE_SLOTS];
	return have_dir && slot_list(dir, slots) > 0;
}

/* Keep the title menu's settings for the next run (config.c).  A failure
 * costs only the memory of them: it is not worth a message. */
static void remember(const lineup *s)
{
	config c = { .who = *s };
	snprintf(c.lang, sizeof c.lang, "%s", language_current());
	char msg[PATH_MAX + 200];
	config_save(&c, msg, sizeof msg);
}

int tui_main(const options *opt)
{
	ng_game *on = NULL;   /* a game to play on with, from a replay */
	if (opt->replay) {
		int status = replay(opt, &on);
		if (!on)
			return status;
	}
	char dir[PATH_MAX];
	static char msg[SAVE_MSG];
	int have_dir = get_dir(dir, msg);
	ng_game *resume = NULL;
	save_info si;
	int resume_slot = 0, quit_saved = 0;
	if (opt->resume) {
		if (!have_dir) {
			fprintf(stderr, "nonaga: %s\n", msg);
			return 1;
		}
		resume_slot = resume_at_start(dir, &resume, &si, msg);
		if (resume_slot < 0)
			return 1;
	}
	/* the settings of the last run, beaten by the command line */
	static config cfg;
	static char cfg_msg[PATH_MAX + 200];
	config_load(&cfg, cfg_msg, sizeof cfg_msg);
	if (!opt->lang && cfg.have_lang && !on)
		language_apply(cfg.lang);   /* before the screen decides */
	if ((opt->host || opt->join || opt->watch) && online_open(opt, msg, SAVE_MSG) < 0) {
		/* before the screen opens, so that the reason stays in view */
		fprintf(stderr, "nonaga: %s\n", msg);
		return 1;
	}
	if (!on && screen_open(opt) != 0) {
		ng_game_free(resume);
		return 1;
	}
	if (opt->lang)
		language_shown(opt->lang);
	else if (cfg.have_lang && cfg.lang[0] && !language_note)
		language_shown(cfg.lang);
	lineup s = {
		.mode = opt->who.mode == MODE_PVP ? MODE_PVP : MODE_AI,
		.level = opt->level_given || !cfg.have_level ? opt->who.level : cfg.who.level,
		.human = opt->side_given || !cfg.have_side ? opt->who.human : cfg.who.human,
		.rules = opt->rules_given || !cfg.have_rules ? opt->who.rules : cfg.who.rules,
	};
	if (cfg_msg[0] && !language_note)
		language_note = cfg_msg;   /* a settings file that is not ours */
	const char *notice = NULL;
	int online = opt->host || opt->join || opt->watch;
	int choice = online ? MENU_ONLINE : on ? MENU_PLAY_ON : opt->resume ? MENU_RESUME
	           : opt->who.mode == MODE_MENU
	           ? menu_run(&s, can_resume(have_dir, dir), language_note)
	           : MENU_PLAY;
	if (opt->who.mode == MODE_MENU && !opt->resume) {
		language_note = NULL;   /* told */
		remember(&s);
	}
	static char online_msg[1024];
	int online_started = 0;
	while (choice != MENU_QUIT && !term_signal) {
		if (choice == MENU_ONLINE) {
			online_msg[0] = 0;
			choice = online_play(opt, &s, online && !online_started, online_msg,
			                     sizeof online_msg);
			online_started = 1;
			if (choice != MENU_QUIT) {
				choice = menu_run(&s, can_resume(have_dir, dir),
				                  online_msg[0] ? online_msg : NULL);
				remember(&s);
			}
			continue;
		}
		if (choice == MENU_PUZZLES) {
			if (puzzle_run(opt) == PLAY_QUIT)
				break;
			choice = menu_run(&s, can_resume(have_dir, dir), NULL);
			remember(&s);
			continue;
		}
		if (choice == MENU_PAST) {
			if (have_dir && (on = history_run(dir, opt)) != NULL) {
				choice = MENU_PLAY_ON;
				continue;
			}
			choice = menu_run(&s, can_resume(have_dir, dir), have_dir ? NULL : msg);
			remember(&s);
			continue;
		}
		if (choice == MENU_PLAY_ON) {
			/* a replayed position, played on by two players, in a
			 * slot of its own like any new game */
			ng_game_free(resume);
			resume = on;
			on = NULL;
			lineup two = { MODE_PVP, NG_RED, s.level,
			               ng_pos_rules(ng_game_pos_at(resume, 0)) };
			save_info_new(&si, &two);
		}
		int slot = 1, what = CLAIM_BACK;
		msg[0] = 0;
		if (!have_dir)
			what = choice == MENU_RESUME ? CLAIM_BACK : CLAIM_NEW;
		else if ((slot = choice != MENU_RESUME ? new_game_slot(dir, msg)
		                 : resume_slot ? resume_slot : pick_slot(dir, msg)))
			what = claim(dir, &slot, choice == MENU_RESUME, msg);
		resume_slot = 0;
		if (what == CLAIM_TAKEN) {
			/* what was read before is older than what the other
			 * terminal has just saved */
			ng_game_free(resume);
			resume = NULL;
			what = CLAIM_RESUME;
		}
		if (what == CLAIM_RESUME && !resume) {
			save_status st = save_load(dir, slot, &resume, &si, msg);
			if (st == SAVE_NONE)
				snprintf(msg, SAVE_MSG, "%s",
				         _("There is no saved game any more."));
			if (st != SAVE_OK)
				what = CLAIM_BACK;   /* a bad save was moved aside: say so */
		}
		if (what == CLAIM_NEW && choice == MENU_PLAY_ON && resume)
			what = CLAIM_RESUME;   /* play on with the replayed game */
		if (what != CLAIM_RESUME) {
			ng_game_free(resume);
			resume = NULL;
		}
		if (what == CLAIM_BACK) {
			slot_release();
			if (term_signal)
				break;
			notice = msg[0] ? msg : NULL;
			choice = menu_run(&s, can_resume(have_dir, dir), notice);
			remember(&s);
			continue;
		}
		int r = play_run(&s, opt, resume, &si, slot);
		resume = NULL;
		slot_release();
		if (r == PLAY_QUIT_SAVED)
			quit_saved = 1;
		if (r == PLAY_QUIT || r == PLAY_QUIT_SAVED)
			break;
		choice = menu_run(&s, can_resume(have_dir, dir), NULL);
		remember(&s);
	}
	ng_game_free(resume);
	term_close();
	if (quit_saved && !term_signal)
		puts(_("nonaga: the game is saved; nonaga --resume goes on with it."));
	int sig = term_signal;
	if (sig) {
		/* die of the signal, as the shell expects, now that the
		 * terminal is back to normal (the game has been saved) */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return 0;
}
