/*
 * cli_door.c - the SSH door (nonaga(6), THE SSH DOOR).
 *
 * nonaga --door-keys TYPE KEY is sshd's AuthorizedKeysCommand: any valid
 * key may log in to the door's account, and is printed back with the
 * options restrict,pty (no forwarding of any kind, a terminal).
 *
 * nonaga --door is that account's ForceCommand.  The key the session was
 * opened with ($SSH_USER_AUTH, sshd's ExposeAuthInfo) is the player: its
 * fingerprint is said to the host's shared server (which believes it only
 * from the account named by its --gateway), and on the first visit the
 * player chooses a name here, on the plain terminal, before the screen
 * opens.  Then the curses game opens on the online lobby; its title menu
 * offers only what a guest may do.  Nothing is named from input: the
 * settings and any file the game writes go to a directory of this
 * session, removed at its end; $SSH_ORIGINAL_COMMAND is ignored but for
 * "watch GAME", "code" (a one-time code to add another key) and "ratings"
 * (the server's ratings table, as nonaga --ratings prints it).
 *
 * The game's own searches (a puzzle's hint, the top level) run on one
 * thread whatever --threads says, so that many visitors at once cannot
 * each take every core of the host.
 *
 * The settings are the player's, kept by the server ("settings"): they
 * are written into the session's settings file before the game opens,
 * and what the game saved there is sent back ("settings set") when it
 * ends, however it ends: this process outlives it and ignores the
 * terminal's signals.  Only a change is sent, so a session that changed
 * nothing does not undo another session's change.
 */
#define _DEFAULT_SOURCE   /* mkdtemp, nftw's FTW_PHYS */
#include "i18n.h"
#include "mains.h"
#include "client_connect.h"
#include "config.h"
#include "sshkey.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

/* The host's shared server (contrib/nonaga-server.service). */
#define DOOR_SERVER "unix:/run/nonaga/server.sock"

int door_keys_main(const char *type, const char *key)
{
	if (!sshkey_ok(type, key)) {
		fprintf(stderr, "%s", _("nonaga: --door-keys: not an SSH public key "
		                        "the door accepts\n"));
		return 1;
	}
	printf("restrict,pty %s %s\n", type, key);
	return 0;
}

/* The session's key's fingerprint into fpr: 0, or -1 (said). */
static int session_key(char fpr[SSHKEY_FPR_LEN + 1])
{
	const char *path = getenv("SSH_USER_AUTH");
	static char text[65536];
	int fd = path && path[0] == '/' ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
	if (fd >= 0)
		close(fd);
	text[n > 0 ? n : 0] = 0;
	if (n > 0 && sshkey_from_auth(text, fpr) == 0)
		return 0;
	fprintf(stderr, "%s", _("nonaga: --door cannot tell which SSH key opened "
	                        "the session: sshd must give it ($SSH_USER_AUTH, "
	                        "ExposeAuthInfo yes) and it must be a public key\n"));
	return -1;
}

/* The SSH client's address, from $SSH_CONNECTION, into addr ("-" when
 * there is none). */
static void session_addr(char *addr, size_t size)
{
	const char *c = getenv("SSH_CONNECTION");
	size_t n = c ? strcspn(c, " ") : 0;
	if (n == 0 || n >= size || n >= 48 ||
	    strspn(c, "0123456789abcdefABCDEF.:") < n)
		snprintf(addr, size, "-");
	else
		snprintf(addr, size, "%.*s", (int)n, c);
}

/* (A signal only interrupts the read: no SA_RESTART.) */
static void on_prompt_signal(int sig)
{
	(void)sig;
}

/* One line typed, without its newline, into buf: 1, or 0 at the end (or
 * when a signal interrupted it). */
static int typed(char *buf, size_t size)
{
	if (!fgets(buf, (int)size, stdin))
		return 0;
	size_t n = strcspn(buf, "\r\n");
	if (!buf[n]) {   /* too long: the rest is dropped */
		int ch;
		while ((ch = getchar()) != EOF && ch != '\n')
			;
		buf[0] = 0;
		return 1;
	}
	buf[n] = 0;
	return 1;
}

/* Why a connection failed, for the player: a server that does not run is
 * the administrator's to know about (its address, into the system's
 * log), the visitor's only to come back later. */
static void cannot_play(const netclient_info *via, const char *msg)
{
	if (!via->down) {
		fprintf(stderr, "nonaga: %s\n", msg);
		return;
	}
	syslog(LOG_WARNING, "door: %s", msg);
	fprintf(stderr, "%s", _("nonaga: the game server is not running; try again "
	                        "later\n"));
}

/* What the server's refusal (its code) means for the player. */
static const char *refusal_text(const char *code)
{
	if (!strcmp(code, "name-taken"))
		return _("That name is taken, or is the login of an account here, or "
		         "differs from a taken one only in case. Choose another.");
	if (!strcmp(code, "bad-argument"))
		return _("A name is 1 to 32 of A-Z, a-z, 0-9, _, . and -, not "
		         "beginning with . or -.");
	return NULL;
}

/*
 * Make sure the server knows the key: a known key is its player at once;
 * a new one chooses a name (or types a code).  0, or -1 (said).
 */
static int identify(netclient_opts *o, const char *fpr, const char *addr)
{
	char as[NET_LINE_MAX], name[NET_NAME_MAX + 1], msg[1024];
	char code[NETCLIENT_CODE] = "", line[256];
	netclient_info via;
	o->refusal = code;
	snprintf(as, sizeof as, "%s %s", fpr, addr);
	for (int tries = 0; tries < 20; tries++) {
		o->as = as;
		code[0] = 0;
		int fd = netclient_open(o, name, sizeof name, &via, msg, sizeof msg);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
		const char *why = refusal_text(code);
		if (!strcmp(code, "too-many")) {   /* before any name is asked */
			fprintf(stderr, "%s", _("nonaga: too many players are connected from "
			                        "your address (or with your SSH key) right "
			                        "now; please come back later.\n"));
			return -1;
		}
		if (strcmp(code, "need-name") && !why) {
			cannot_play(&via, msg);
			return -1;
		}
		if (why)
			printf("%s\n", why);
		else
			printf("%s\n", _("Welcome to NONAGA. This SSH key is new here: "
			                 "choose the name you will play under (1 to 32 of "
			                 "A-Z, a-z, 0-9, _, . and -). If you play here with "
			                 "another key already, type code and the code that "
			                 "'ssh -t ... code' shows there."));
		printf("%s", _("Name: "));
		fflush(stdout);
		if (!typed(line, sizeof line))
			break;   /* Ctrl-D, Ctrl-C or Ctrl-\ */
		if (!strncmp(line, "code ", 5) && strlen(line + 5) == NET_KEY_HEX &&
		    strspn(line + 5, "0123456789abcdef") == NET_KEY_HEX)
			snprintf(as, sizeof as, "%s %s code %s", fpr, addr, line + 5);
		else if (net_name_ok(line))
			snprintf(as, sizeof as, "%s %s name %s", fpr, addr, line);
		else
			snprintf(as, sizeof as, "%s %s name -", fpr, addr);   /* told why */
	}
	fprintf(stderr, "\n%s", _("nonaga: no name was chosen; come back when you "
	                          "have one in mind\n"));
	return -1;
}

/* A connection as the player (the name into name), or NULL (said). */
static FILE *as_player(netclient_opts *o, char name[NET_NAME_MAX + 1])
{
	char msg[1024];
	netclient_info via;
	int fd = netclient_open(o, name, NET_NAME_MAX + 1, &via, msg, sizeof msg);
	struct timeval wait = { .tv_sec = 10 };   /* a server that answers nothing */
	if (fd >= 0)
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
	FILE *f = fd >= 0 ? fdopen(fd, "r+") : NULL;
	if (!f && fd >= 0) {
		close(fd);
		snprintf(msg, sizeof msg, "%s", strerror(errno));
	}
	if (!f && fd >= 0)
		fprintf(stderr, "nonaga: %s\n", msg);
	else if (!f)
		cannot_play(&via, msg);
	return f;
}

/* The player's language (their setting, kept by the server) for what is
 * said here on the plain terminal, as the game's screen would speak it:
 * only on a terminal whose locale takes UTF-8. */
static void speak_theirs(FILE *f)
{
	char line[NET_LINE_MAX + 2], lang[32] = "";
	if (fputs("settings\n", f) < 0 || fflush(f) != 0)
		return;
	while (fgets(line, sizeof line, f) && strncmp(line, "ok", 2) &&
	       strncmp(line, "error", 5))
		if (!strncmp(line, "setting language=", 17))
			snprintf(lang, sizeof lang, "%.*s",
			         (int)strcspn(line + 17, "\r\n"), line + 17);
	const char *cs = nl_langinfo(CODESET);
	if (!lang[0] || !config_check("language", lang) || !cs || strcmp(cs, "UTF-8"))
		return;
	setenv("LANGUAGE", lang, 1);
	const char *cur = setlocale(LC_MESSAGES, NULL);
	if (!cur || !strcmp(cur, "C") || !strcmp(cur, "POSIX"))
		setlocale(LC_MESSAGES, "C.UTF-8");
	textdomain(textdomain(NULL));   /* the catalogs may have changed */
}

/* ssh -t ... code: a one-time code for another key of this player. */
static int show_code(netclient_opts *o)
{
	char name[NET_NAME_MAX + 1], line[256];
	FILE *f = as_player(o, name);
	if (!f)
		return 1;
	speak_theirs(f);
	fputs("code\n", f);
	fflush(f);
	int ok = fgets(line, sizeof line, f) && !strncmp(line, "ok code ", 8) &&
	         strspn(line + 8, "0123456789abcdef") == NET_KEY_HEX;
	fclose(f);
	if (!ok) {
		fprintf(stderr, "%s", _("nonaga: the server gives no code\n"));
		return 1;
	}
	/* TRANSLATORS: %s is the player's name, then the code (hexadecimal). */
	printf(_("To play as %s with another SSH key, type this at that key's "
	         "first visit, within ten minutes:\n  code %.32s\n"), name, line + 8);
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

/* The player's settings from the server into the session's settings
 * file (dir/nonaga/settings, each line checked as config.c reads it);
 * what the game will find there into kept, as config_words gives it. */
static void settings_fetch(netclient_opts *o, const char *dir, char *kept, size_t size)
{
	char name[NET_NAME_MAX + 1], line[NET_LINE_MAX + 2], path[PATH_MAX];
	config c;
	kept[0] = 0;
	FILE *f = as_player(o, name), *out = NULL;
	snprintf(path, sizeof path, "%s/nonaga", dir);
	if (f && mkdir(path, 0700) == 0) {
		snprintf(path, sizeof path, "%s/nonaga/settings", dir);
		out = fopen(path, "w");
	}
	if (out && fputs("settings\n", f) >= 0 && fflush(f) == 0)
		while (fgets(line, sizeof line, f) && strncmp(line, "ok", 2) &&
		       strncmp(line, "error", 5)) {
			char *eq = strchr(line, '=');
			line[strcspn(line, "\r\n")] = 0;
			if (strncmp(line, "setting ", 8) || !eq)
				continue;   /* (an event) */
			*eq = 0;
			if (strcmp(line + 8, "server") && config_check(line + 8, eq + 1))
				fprintf(out, "%s=%s\n", line + 8, eq + 1);
		}
	if (out)
		fclose(out);
	if (f)
		fclose(f);
	if (config_load(&c, line, sizeof line) == 0)
		config_words(&c, 0, ' ', kept, size);
}

/* What the game saved in the session's settings file, to the server
 * when it differs from kept (what the session began with). */
static void settings_send(netclient_opts *o, const char *kept)
{
	char name[NET_NAME_MAX + 1], now[NET_LINE_MAX], line[NET_LINE_MAX + 2];
	config c;
	if (config_load(&c, line, sizeof line) != 0)
		return;
	config_words(&c, 0, ' ', now, sizeof now);
	if (!now[0] || !strcmp(now, kept))
		return;
	FILE *f = as_player(o, name);
	if (!f)
		return;
	int ok = fprintf(f, "settings set %s\n", now) > 0 && fflush(f) == 0;
	while (ok && (ok = fgets(line, sizeof line, f) != NULL) &&
	       strncmp(line, "ok", 2) && strncmp(line, "error", 5))
		;   /* (events) */
	fclose(f);
	if (!ok || strncmp(line, "ok", 2))
		fprintf(stderr, "%s", _("nonaga: the server did not keep your "
		                        "settings this time\n"));
}

/* The curses game in a child, with a directory of the session's own for
 * what it writes, removed when the child ends however it ends; the
 * player's settings come from the server and go back to it. */
static int play_in_scratch(options *opt, netclient_opts *o)
{
	char dir[] = "/tmp/nonaga-door-XXXXXX", kept[NET_LINE_MAX];
	if (!mkdtemp(dir)) {
		fprintf(stderr, "nonaga: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1);
	settings_fetch(o, dir, kept, sizeof kept);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0)
		_exit(tui_main(opt));
	int st = 0;
	if (pid > 0) {
		/* the terminal's signals are for the game: it saves nothing
		 * and ends; this process waits for it and cleans up */
		signal(SIGINT, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGQUIT, SIG_IGN);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		settings_send(o, kept);
	}
	nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
	return pid < 0 ? 1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int door_main(options *opt)
{
	char fpr[SSHKEY_FPR_LEN + 1], addr[48], as[128];
	if (!isatty(0) || !isatty(1)) {
		fprintf(stderr, "%s", _("nonaga: the door is played on a terminal: "
		                        "connect with ssh -t\n"));
		return 1;
	}
	if (session_key(fpr) < 0)
		return 1;
	session_addr(addr, sizeof addr);
	if (!opt->server)
		opt->server = DOOR_SERVER;
	if (strncmp(opt->server, "unix:", 5)) {
		fprintf(stderr, "%s", _("nonaga: --door plays on the host's own "
		                        "server: --server unix:PATH\n"));
		return 1;
	}
	netclient_opts o = { .server = opt->server, .no_start = 1 };
	openlog("nonaga", LOG_PID, LOG_USER);
	/* Ctrl-C or Ctrl-\ at the name prompt ends the prompt, said */
	struct sigaction quit = { .sa_handler = on_prompt_signal }, dfl = { .sa_handler = SIG_DFL };
	sigaction(SIGINT, &quit, NULL);
	sigaction(SIGQUIT, &quit, NULL);
	int known = identify(&o, fpr, addr);
	sigaction(SIGINT, &dfl, NULL);
	sigaction(SIGQUIT, &dfl, NULL);
	if (known < 0)
		return 1;
	snprintf(as, sizeof as, "%s %s", fpr, addr);
	opt->door = 1;
	opt->door_as = as;
	opt->threads = 1;   /* (one search thread a visitor: the header says why) */
	opt->key_file = NULL;
	/* what the ssh command line asked: only these */
	const char *cmd = getenv("SSH_ORIGINAL_COMMAND");
	o.as = as;
	o.refusal = NULL;
	if (cmd && !strcmp(cmd, "code"))
		return show_code(&o);
	if (cmd && !strcmp(cmd, "ratings"))
		return ratings_main(&o, 1);
	if (cmd && !strncmp(cmd, "watch ", 6) && net_name_ok(cmd + 6))
		opt->watch = cmd + 6;
	return play_in_scratch(opt, &o);
}
