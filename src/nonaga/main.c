/* main.c - the nonaga program: its messages' language, then what the
 * command line (options.c) asks for. */
#include "analysis.h"
#include "closeout.h"
#include "options.h"
#include "mains.h"
#include "i18n.h"
#include "msgfit.h"
#include <stdio.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

/* ------------------------------------------------------------ messages */

static int is_c_locale(const char *name)
{
	return !strcmp(name, "C") || !strcmp(name, "POSIX");
}

/* The locale the environment asks for messages, by POSIX precedence. */
static const char *requested_messages_locale(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return v;
	}
	return "C";
}

/*
 * Where the catalogs are: <directory of the executable>/locale when it
 * holds ours (build/nonaga finds build/locale), else the installed
 * LOCALEDIR.
 */
static const char *catalog_dir(char *buf, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", buf, size);
	if (n <= 0 || (size_t)n >= size)
		return LOCALEDIR;
	buf[n] = 0;
	char *slash = strrchr(buf, '/');
	static const char probe[] = "/ja/LC_MESSAGES/nonaga.mo";
	static const char sub[] = "locale";
	if (!slash || (size_t)(slash + 1 - buf) + sizeof sub + sizeof probe > size)
		return LOCALEDIR;
	memcpy(slash + 1, sub, sizeof sub);
	size_t dirlen = strlen(buf);
	memcpy(buf + dirlen, probe, sizeof probe);
	int found = access(buf, R_OK) == 0;
	buf[dirlen] = 0;
	return found ? buf : LOCALEDIR;
}

/*
 * Set the locale and the message catalog.  lang is --lang ("ja" or "en")
 * or NULL.
 *
 * A locale named in the environment may not exist on this host (over SSH,
 * LANG=ja_JP.UTF-8 often reaches a machine that only has C.UTF-8); then
 * setlocale(LC_ALL, "") fails and everything would stay in "C", ASCII,
 * untranslated.  We fall back to C.UTF-8 and keep the language asked for.
 *
 * The mechanism (glibc, checked with 2.36): gettext() ignores LANGUAGE
 * only when the name of the LC_MESSAGES locale is exactly "C" (or
 * "POSIX"); under "C.UTF-8" it reads LANGUAGE, whose entries need no
 * installed locale: "ja_JP.UTF-8" is tried as ja_JP.UTF-8, ja_JP.utf8,
 * ja_JP, ..., ja in the catalog directory.  So after the fallback we put
 * the requested language into LANGUAGE, following gettext's precedence:
 * a LANGUAGE already set wins unless the requested locale is C or POSIX
 * (then we also set LC_MESSAGES back to "C" so that gettext ignores
 * LANGUAGE as it would have); otherwise the first of LC_ALL, LC_MESSAGES
 * and LANG names the language.  --lang beats everything: it sets LANGUAGE
 * and, if LC_MESSAGES is "C", moves LC_MESSAGES to C.UTF-8 so that
 * LANGUAGE counts.  Catalogs are always delivered in UTF-8.
 */
static void setup_messages(const char *lang)
{
	if (!setlocale(LC_ALL, "")) {
		setlocale(LC_ALL, "C.UTF-8");
		const char *want = requested_messages_locale();
		const char *language = getenv("LANGUAGE");
		if (is_c_locale(want))
			setlocale(LC_MESSAGES, "C");
		else if (!language || !*language)
			setenv("LANGUAGE", want, 1);
	}
	if (lang) {
		setenv("LANGUAGE", lang, 1);
		const char *cur = setlocale(LC_MESSAGES, NULL);
		if (!cur || is_c_locale(cur))
			setlocale(LC_MESSAGES, "C.UTF-8");
		/* The character type stays the locale's: a terminal whose
		 * locale is not UTF-8 gets no UTF-8 from the game (term.c then
		 * shows English and says why). */
	}
	char buf[PATH_MAX + 64];
	bindtextdomain("nonaga", catalog_dir(buf, sizeof buf));
	bind_textdomain_codeset("nonaga", "UTF-8");
	textdomain("nonaga");
}

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
	cmdline c;
	const char *lang = cmdline_lang(argc, argv);
	setup_messages(lang);
	/* a language this locale cannot show gives way to English, before
	 * anything is printed; the command-line modes say why on stderr
	 * (the curses game on its first screen) */
	const char *why = msgfit();
	int run = cmdline_parse(&c, lang, argc, argv);
	if (why && run != RUN_TUI && run != RUN_DOOR)
		fprintf(stderr, "nonaga: %s\n", why);
	switch (run) {
	case RUN_EXIT:
		return c.status;
	case RUN_ANALYZE:
		return analyze_main(c.analyze, c.analyze_depth ? c.analyze_depth
		                                               : AN_DEPTH_DEFAULT,
		                    c.analyze_out);
	case RUN_CLIENT:
		return close_stdout(client_line_main(&c.co));
	case RUN_LIST:
		return close_stdout(list_main(&c.co));
	case RUN_RATINGS:
		return close_stdout(ratings_main(&c.co, 0));
	case RUN_SERVE:
		return server_main(&c.so);
	case RUN_BOT:
		return bot_main(&c.co, &c.bot);
	case RUN_ENGINE:
		return close_stdout(engine_main());
	case RUN_DOOR:
		return door_main(&c.opt);
	case RUN_DOOR_KEYS:
		return close_stdout(door_keys_main(c.door_type, c.door_key));
	case RUN_TUI:
		break;
	}
	return tui_main(&c.opt);
}
