/*
 * term.c - the terminal: curses set-up, colours, and putting everything
 * back on every way out (normal exit, exit(), quitting signals, crashes).
 *
 * Quitting signals (INT, TERM, HUP, QUIT) only set term_signal and wake
 * the input's wait (input.c) through its pipe; the loop leaves through the
 * normal path (endwin), then the signal is raised again with its default
 * action.  The resize signal wakes it the same way, after curses' own
 * handler has noted the new size.
 * Crash signals cannot do that: their handler writes the terminal's reset
 * strings, prepared in advance, and the saved tty modes back with
 * async-signal-safe calls, then dies of the same signal.
 */
#include "ui.h"
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

term_info TI;
volatile sig_atomic_t term_signal;

static SCREEN *screen;
static int active;
static struct termios saved_tio;
static int have_tio;
static char reset_seq[512];
static size_t reset_len;
static attr_t roles[R_COUNT];

static struct sigaction curses_winch;

static void on_quit_signal(int sig)
{
	term_signal = sig;
	wake_signal();
}

static void on_winch(int sig)
{
	if (curses_winch.sa_handler != SIG_DFL && curses_winch.sa_handler != SIG_IGN &&
	    !(curses_winch.sa_flags & SA_SIGINFO))
		curses_winch.sa_handler(sig);
	wake_signal();
}

/* After newterm, which set curses' handler of SIGWINCH: ours calls it,
 * then wakes the wait, so that a resize is drawn at once. */
static void chain_winch(void)
{
	struct sigaction sa;
	if (sigaction(SIGWINCH, NULL, &curses_winch) != 0)
		return;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = on_winch;
	sigaction(SIGWINCH, &sa, NULL);
}

static void on_crash_signal(int sig)
{
	if (active) {
		ssize_t r = write(STDOUT_FILENO, reset_seq, reset_len);
		(void)r;
		if (have_tio)
			tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tio);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void add_reset(const char *cap)
{
	char *s = tigetstr((char *)cap);
	if (!s || s == (char *)-1)
		return;
	size_t n = strlen(s);
	/* padding specifications ($<..>) are harmless to send as they are */
	if (reset_len + n < sizeof reset_seq) {
		memcpy(reset_seq + reset_len, s, n);
		reset_len += n;
	}
}

static void install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a blocked read returns, and the loop looks at once */
	sa.sa_handler = on_quit_signal;
	static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	for (size_t i = 0; i < sizeof quit_sigs / sizeof *quit_sigs; i++)
		sigaction(quit_sigs[i], &sa, NULL);
	sa.sa_handler = on_crash_signal;
	sa.sa_flags = SA_RESETHAND;
	static const int crash_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	for (size_t i = 0; i < sizeof crash_sigs / sizeof *crash_sigs; i++)
		sigaction(crash_sigs[i], &sa, NULL);
}

/*
 * Every key belongs to the game: with flow control on, Ctrl-S (also in a
 * paste) froze the screen until Ctrl-Q.  cbreak() keeps the signal keys,
 * so Ctrl-C still saves and quits and Ctrl-Z still suspends (curses
 * restores the terminal and redraws on fg); Ctrl-S and Ctrl-Q now reach
 * the game, which ignores them.  def_prog_mode() makes curses restore
 * these modes, not cbreak()'s, after a suspension.
 */
static void no_flow_control(void)
{
	struct termios t;
	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
		tcsetattr(STDIN_FILENO, TCSADRAIN, &t);
	}
	def_prog_mode();
}

#define DISC_COLOR_256 144   /* xterm-256 #afaf87 */

static void setup_colors(const options *opt)
{
	int use = opt->color != COLOR_NEVER && has_colors() && start_color() == OK;
	TI.color = use;
	if (use) {
		short bg = COLOR_BLACK;
		if (use_default_colors() == OK)
			bg = -1;
		init_pair(1, COLOR_RED, bg);
		init_pair(2, COLOR_BLUE, bg);
		init_pair(3, COLOR_GREEN, bg);
		init_pair(4, COLOR_MAGENTA, bg);
		init_pair(5, COLOR_YELLOW, bg);
		init_pair(6, COLOR_CYAN, bg);
		roles[R_NORMAL] = A_NORMAL;
		roles[R_RED] = COLOR_PAIR(1) | A_BOLD;
		roles[R_BLUE] = COLOR_PAIR(2) | A_BOLD;
		roles[R_DISC] = A_NORMAL;
		/* With 256 colours the discs (and their outlines) get a quiet
		 * colour of their own, khaki, so that the tokens stand out; with
		 * 8 they keep the terminal's own colour. */
		if (COLORS >= 256 && COLOR_PAIRS > 7 && init_pair(7, DISC_COLOR_256, bg) == OK)
			roles[R_DISC] = COLOR_PAIR(7);
		roles[R_SEL] = COLOR_PAIR(3) | A_BOLD;
		roles[R_TARGET] = COLOR_PAIR(3) | A_BOLD;
		roles[R_LOCK] = COLOR_PAIR(4) | A_BOLD;
		roles[R_MSG] = COLOR_PAIR(5) | A_BOLD;
		roles[R_WIN] = COLOR_PAIR(5) | A_BOLD;
		roles[R_TITLE] = COLOR_PAIR(6) | A_BOLD;
		roles[R_DIM] = A_DIM;
		roles[R_CURSOR] = A_REVERSE;
	} else {
		roles[R_NORMAL] = A_NORMAL;
		roles[R_RED] = A_BOLD;
		roles[R_BLUE] = A_BOLD;
		roles[R_DISC] = A_NORMAL;
		roles[R_SEL] = A_BOLD;
		roles[R_TARGET] = A_BOLD;
		roles[R_LOCK] = A_NORMAL;
		roles[R_MSG] = A_BOLD;
		roles[R_WIN] = A_BOLD | A_UNDERLINE;
		roles[R_TITLE] = A_BOLD;
		roles[R_DIM] = A_NORMAL;
		roles[R_CURSOR] = A_REVERSE;
	}
}

attr_t term_attr(int role)
{
	return role >= 0 && role < R_COUNT ? roles[role] : A_NORMAL;
}

int term_text_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && !strcmp(cs, "UTF-8");
}

/* A terminal this host's terminfo lacks (xterm-kitty, foot, wezterm,
 * xterm-ghostty are newer than Debian's) is drawn as the first of these
 * it has; TI.term_asked and TI.term_used then say so. */
static SCREEN *newterm_known(void)
{
	static const char *const known[] = { "xterm-256color", "xterm", "vt100" };
	const char *asked = getenv("TERM");
	if (!asked || !asked[0])
		return NULL;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		SCREEN *sc = newterm(known[i], stdout, stdin);
		if (sc) {
			snprintf(TI.term_asked, sizeof TI.term_asked, "%s", asked);
			TI.term_used = known[i];
			return sc;
		}
	}
	return NULL;
}

int term_open(const options *opt)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs(_("nonaga: the game needs a terminal (or use --engine)\n"), stderr);
		return -1;
	}
	/* Two independent things: whether the terminal takes UTF-8 text (the
	 * locale says so), and whether the board is drawn with Unicode
	 * glyphs (not with --ascii).  --ascii keeps Japanese on a UTF-8
	 * terminal; a terminal without UTF-8 gets ASCII for both. */
	TI.text_utf8 = term_text_utf8();
	TI.utf8 = TI.text_utf8 && !opt->ascii;

	have_tio = tcgetattr(STDIN_FILENO, &saved_tio) == 0;
	wake_open();   /* (without it the wait looks ten times a second) */
	install_signals();
	screen = newterm(NULL, stdout, stdin);
	if (!screen)
		screen = newterm_known();
	if (!screen) {
		fputs(_("nonaga: cannot use this terminal (is TERM set?)\n"), stderr);
		return -1;
	}
	set_term(screen);
	chain_winch();
	char *cup = tigetstr((char *)"cup");
	if (!cup || cup == (char *)-1) {
		endwin();
		fputs(_("nonaga: this terminal cannot move the cursor (check TERM)\n"), stderr);
		return -1;
	}
	active = 1;
	atexit(term_close);
	/* Escape alone must answer quickly; a user's ESCDELAY wins. */
	if (!getenv("ESCDELAY"))
		set_escdelay(50);
	cbreak();
	no_flow_control();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	curs_set(0);
	leaveok(stdscr, TRUE);
	setup_colors(opt);
	/* Releases too: a release curses was not asked for is swallowed inside
	 * getch(), which then waits past its timeout for the next key, and
	 * animations and the computer's reply stop until then. */
	TI.mouse = mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED,
	                     NULL) != 0;
	mouseinterval(0);

	reset_len = 0;
	if (TI.mouse) {
		static const char off[] = "\033[?1000l\033[?1006l";
		memcpy(reset_seq, off, sizeof off - 1);
		reset_len = sizeof off - 1;
	}
	add_reset("sgr0");
	add_reset("cnorm");
	add_reset("rmkx");
	add_reset("rmcup");
	return 0;
}

void term_close(void)
{
	if (!active)
		return;
	active = 0;
	if (!isendwin())
		endwin();
	fflush(stdout);
}

int term_too_small(void)
{
	return COLS < MIN_COLS || LINES < MIN_LINES;
}

int term_draw_too_small(const char *question)
{
	if (!term_too_small())
		return 0;
	erase();
	char buf[512];
	snprintf(buf, sizeof buf,
	         /* TRANSLATORS: sizes are columns x lines. */
	         _("The terminal is %dx%d; NONAGA needs at least %dx%d. "
	           "Please enlarge the window: the game waits."),
	         COLS, LINES, MIN_COLS, MIN_LINES);
	int y = LINES / 2 - 2;
	y = y < 0 ? 0 : y;
	y += text_block(y, 0, COLS, LINES - y, buf, term_attr(R_MSG));
	if (question && y + 1 < LINES)
		text_block(y + 1, 0, COLS, LINES - y - 1, question, A_BOLD);
	refresh();
	return 1;
}
