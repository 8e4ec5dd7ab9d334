/*
 * input.c - keys and mouse clicks as actions.
 *
 * Waiting never blocks for longer than a tenth of a second, so a quitting
 * signal is noticed even if the read was restarted; a given-back event
 * (after a key cut an animation short) comes first.
 */
#include "ui.h"
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static event pending;
static int have_pending;

long long input_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void input_init(void)
{
	have_pending = 0;
}

void input_unget(const event *ev)
{
	pending = *ev;
	have_pending = 1;
}

/* Is the terminal gone?  Called when getch failed at once: a hang-up or
 * an error on the input, or input that is readable but gave nothing (the
 * end of the file). */
static int terminal_gone(void)
{
	struct pollfd pf = { .fd = STDIN_FILENO, .events = POLLIN };
	if (poll(&pf, 1, 0) < 0)
		return 0;
	if (pf.revents & (POLLHUP | POLLERR | POLLNVAL))
		return 1;
	return (pf.revents & POLLIN) && !isatty(STDIN_FILENO);
}

static action map_key(int ch)
{
	switch (ch) {
	case KEY_UP: case 'k': case 'K':
		return ACT_UP;
	case KEY_DOWN: case 'j': case 'J':
		return ACT_DOWN;
	case KEY_LEFT: case 'h': case 'H':
		return ACT_LEFT;
	case KEY_RIGHT: case 'l': case 'L':
		return ACT_RIGHT;
	case '\r': case '\n': case KEY_ENTER: case ' ':
		return ACT_SELECT;
	case 27: case KEY_BACKSPACE: case 127: case 8:
		return ACT_BACK;
	case '\t':
		return ACT_NEXT;
	case KEY_BTAB:
		return ACT_PREV;
	case 'u': case 'U':
		return ACT_UNDO;
	case 'r': case 'R': case 18:
		return ACT_REDO;
	case 'n': case 'N':
		return ACT_NEW;
	case '?': case KEY_F(1):
		return ACT_HELP;
	case 'q': case 'Q':
		return ACT_QUIT;
	case 'm': case 'M':
		return ACT_MENU;
	case 'x': case 'X':
		return ACT_EXPORT;
	case 'i': case 'I':
		return ACT_COORDS;
	case 't': case 'T':
		return ACT_HINT;
	case 12:
		return ACT_REDRAW;
	case KEY_RESIZE:
		return ACT_RESIZE;
	case KEY_PPAGE:
		return ACT_PAGEUP;
	case KEY_NPAGE:
		return ACT_PAGEDOWN;
	case KEY_HOME: case 'g':
		return ACT_HOME;
	case KEY_END: case 'G':
		return ACT_END;
	default:
		return ACT_OTHER;
	}
}

void input_get(event *ev, int timeout_ms)
{
	if (have_pending) {
		*ev = pending;
		have_pending = 0;
		return;
	}
	long long deadline = timeout_ms >= 0 ? input_now_ms() + timeout_ms : -1;
	memset(ev, 0, sizeof *ev);
	for (;;) {
		if (term_signal) {
			ev->act = ACT_SIGNAL;
			return;
		}
		int wait = 100;
		if (deadline >= 0) {
			long long left = deadline - input_now_ms();
			if (left <= 0) {
				ev->act = ACT_TIMEOUT;
				return;
			}
			if (left < wait)
				wait = (int)left;
		}
		timeout(wait);
		long long before = input_now_ms();
		int ch = getch();
		if (ch == ERR) {
			/* An ERR long before the timeout: the read failed or met
			 * the end of the input.  When the terminal is gone (the
			 * connection dropped without a SIGHUP reaching us), do as
			 * for a hangup instead of spinning. */
			if (wait >= 20 && input_now_ms() - before < wait / 2 &&
			    terminal_gone())
				term_signal = SIGHUP;
			continue;
		}
		ev->key = ch;
		if (ch == KEY_MOUSE) {
			MEVENT me;
			if (getmouse(&me) != OK ||
			    !(me.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
				continue;
			ev->act = ACT_CLICK;
			ev->y = me.y;
			ev->x = me.x;
			return;
		}
		ev->act = map_key(ch);
		return;
	}
}

void input_get_sized(event *ev, int timeout_ms)
{
	for (;;) {
		input_get(ev, timeout_ms);
		switch (ev->act) {
		case ACT_RESIZE: case ACT_REDRAW: case ACT_QUIT:
		case ACT_SIGNAL: case ACT_TIMEOUT:
			return;
		default:
			if (!term_too_small())
				return;
		}
	}
}

int input_is_yes(int key)
{
	if (key == 'y' || key == 'Y')
		return 1;
	/* TRANSLATORS: letters that answer "yes" to a question like "Quit
	   this game?", besides y and Y; keep them ASCII. */
	const char *yes = _("yY");
	return key > 0 && key < 128 && strchr(yes, key) != NULL;
}
