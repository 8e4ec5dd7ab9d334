/*
 * input.c - keys and mouse clicks as actions, and the one wait of the
 * program: on the terminal, a wake-up pipe and the caller's socket at
 * once, with a timeout only for what is due, so that an idle screen
 * sleeps.  The pipe (wake.c) is written by the quitting signals' handler
 * and the resize signal's (term.c) and by a computer's search thread that
 * has a move (ai_thread.c, through input_wake); a given-back event (after
 * a key cut an animation short) comes first.
 */
#include "ui.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static event pending;
static int have_pending;
static atomic_int woken;   /* by a thread, not by a signal */

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

void input_wake(void)
{
	atomic_store(&woken, 1);
	wake_signal();
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

/* A key ready now, without waiting (curses may hold keys read already):
 * 1 with *ev filled, 0 when there is none. */
static int key_now(event *ev)
{
	timeout(0);
	int ch = getch();
	if (ch == ERR)
		return 0;
	ev->key = ch;
	if (ch == KEY_MOUSE) {
		MEVENT me;
		if (getmouse(&me) != OK ||
		    !(me.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
			ev->act = ACT_NONE;   /* swallowed: look again */
			return 1;
		}
		ev->act = ACT_CLICK;
		ev->y = me.y;
		ev->x = me.x;
		return 1;
	}
	ev->act = map_key(ch);
	return 1;
}

/* wakes: a thread's wake-up ends the wait too (else it is kept for the
 * next input_wait). */
static void wait_event(event *ev, int timeout_ms, int fd, int wakes)
{
	if (have_pending) {
		*ev = pending;
		have_pending = 0;
		return;
	}
	long long deadline = timeout_ms >= 0 ? input_now_ms() + timeout_ms : -1;
	int readable = 0;   /* the terminal was, the last time */
	memset(ev, 0, sizeof *ev);
	for (;;) {
		if (term_signal) {
			ev->act = ACT_SIGNAL;
			return;
		}
		if (key_now(ev)) {
			if (ev->act != ACT_NONE)
				return;
			memset(ev, 0, sizeof *ev);
			continue;
		}
		/* The terminal said it had input and gave nothing: a hang-up,
		 * an error, or the end of the input (the connection dropped
		 * without a SIGHUP reaching us): do as for a hangup instead
		 * of spinning. */
		if (readable && terminal_gone()) {
			term_signal = SIGHUP;
			continue;
		}
		if (wakes && atomic_exchange(&woken, 0)) {
			ev->act = ACT_TIMEOUT;
			return;
		}
		int wait = -1;
		if (deadline >= 0) {
			long long left = deadline - input_now_ms();
			if (left <= 0) {
				ev->act = ACT_TIMEOUT;
				return;
			}
			wait = left > 60000 ? 60000 : (int)left;
		}
		if (wake_read_fd() < 0 && (wait < 0 || wait > 100))
			wait = 100;   /* no pipe: a signal is seen within 0.1 s */
		struct pollfd pf[3] = {
			{ STDIN_FILENO, POLLIN, 0 }, { wake_read_fd(), POLLIN, 0 }, { fd, POLLIN, 0 }
		};
		int n = poll(pf, fd >= 0 ? 3 : 2, wait);
		if (n < 0) {
			readable = 0;
			continue;   /* a signal: its news is looked at above */
		}
		if (pf[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			term_signal = SIGHUP;
		readable = (pf[0].revents & POLLIN) != 0;
		if (pf[1].revents & POLLIN)
			wake_drain();
		if (fd >= 0 && (pf[2].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL))) {
			/* a key that came at the same time goes first */
			if (key_now(ev) && ev->act != ACT_NONE)
				return;
			memset(ev, 0, sizeof *ev);
			ev->act = ACT_TIMEOUT;
			return;
		}
	}
}

void input_wait(event *ev, int timeout_ms, int fd)
{
	wait_event(ev, timeout_ms, fd, 1);
}

void input_get(event *ev, int timeout_ms)
{
	wait_event(ev, timeout_ms, -1, 0);
}

void input_get_sized(event *ev, int timeout_ms, int fd)
{
	for (;;) {
		if (fd >= 0)
			input_wait(ev, timeout_ms, fd);
		else
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
