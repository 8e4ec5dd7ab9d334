/*
 * language.c - the language of the messages, chosen in the title menu or
 * forced to English by a terminal that cannot show the one asked for.
 *
 * Languages offered: the system's default, English, and every language
 * with an installed catalog of our text domain (found in the directory
 * bindtextdomain reports).  Choosing one sets LANGUAGE and flushes
 * gettext's cache, so the next string drawn is in that language.
 */
#include "ui.h"
#include "msgfit.h"
#include <dirent.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LANGS 48

typedef struct lang {
	char code[32];
	const char *name;    /* untranslated native name, or NULL */
} lang;

static lang langs[MAX_LANGS];
static int nlangs, cur_lang;
static char *saved_language;
static int saved_language_set;

static const struct { const char *code, *name, *ascii; } native[] = {
	{ "ca", "Catal\u00e0", "Catala" },
	{ "cs", "\u010ce\u0161tina", "Cestina" },
	{ "da", "Dansk", "Dansk" },
	{ "de", "Deutsch", "Deutsch" },
	{ "en", "English", "English" },
	{ "eo", "Esperanto", "Esperanto" },
	{ "es", "Espa\u00f1ol", "Espanol" },
	{ "fi", "Suomi", "Suomi" },
	{ "fr", "Fran\u00e7ais", "Francais" },
	{ "it", "Italiano", "Italiano" },
	{ "ja", "\u65e5\u672c\u8a9e", "Japanese" },
	{ "nb", "Norsk bokm\u00e5l", "Norsk bokmal" },
	{ "nl", "Nederlands", "Nederlands" },
	{ "pl", "Polski", "Polski" },
	{ "pt", "Portugu\u00eas", "Portugues" },
	{ "pt_BR", "Portugu\u00eas (Brasil)", "Portugues (Brasil)" },
	{ "sv", "Svenska", "Svenska" },
	{ "tr", "T\u00fcrk\u00e7e", "Turkce" },
};

static const char *native_name(const char *code)
{
	for (size_t i = 0; i < sizeof native / sizeof *native; i++)
		if (!strcmp(native[i].code, code))
			return TI.text_utf8 ? native[i].name : native[i].ascii;
	return NULL;
}

static void add_lang(const char *code)
{
	for (int i = 0; i < nlangs; i++)
		if (!strcmp(langs[i].code, code))
			return;
	if (nlangs >= MAX_LANGS || strlen(code) >= sizeof langs[0].code)
		return;
	snprintf(langs[nlangs].code, sizeof langs[nlangs].code, "%s", code);
	langs[nlangs].name = native_name(code);
	nlangs++;
}

static void find_langs(void)
{
	if (nlangs)
		return;
	add_lang("");           /* the system's default */
	add_lang("en");
	const char *domain = textdomain(NULL);
	const char *dir = domain ? bindtextdomain(domain, NULL) : NULL;
	DIR *d = dir ? opendir(dir) : NULL;
	if (!d)
		return;
	struct dirent *e;
	char path[4096];
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir, e->d_name, domain);
		if (access(path, R_OK) == 0)
			add_lang(e->d_name);
	}
	closedir(d);
}

void language_apply(const char *code)
{
	/* under the C locale gettext ignores LANGUAGE: a language chosen is
	 * then asked for as --lang asks (main.c), so that it is shown, or
	 * msgfit() says why it cannot be */
	const char *cur = setlocale(LC_MESSAGES, NULL);
	if (code && *code && cur && (!strcmp(cur, "C") || !strcmp(cur, "POSIX")))
		setlocale(LC_MESSAGES, "C.UTF-8");
	if (!saved_language_set) {
		const char *l = getenv("LANGUAGE");
		saved_language = l ? strdup(l) : NULL;
		saved_language_set = 1;
	}
	if (code && *code)
		setenv("LANGUAGE", code, 1);
	else if (saved_language)
		setenv("LANGUAGE", saved_language, 1);
	else
		unsetenv("LANGUAGE");
	/* textdomain() tells gettext that the catalogs may have changed */
	const char *domain = textdomain(NULL);
	if (domain)
		textdomain(domain);
}

const char *language_current(void)
{
	find_langs();
	return langs[cur_lang].code;
}

void language_shown(const char *code)
{
	find_langs();
	add_lang(code);
	for (int i = 0; i < nlangs; i++)
		if (!strcmp(langs[i].code, code))
			cur_lang = i;
}

int language_count(void)
{
	find_langs();
	return nlangs;
}

int language_index(void)
{
	find_langs();
	return cur_lang;
}

const char *language_label(int i)
{
	find_langs();
	if (i < 0 || i >= nlangs || !langs[i].code[0])
		return _("system default");
	return langs[i].name ? langs[i].name : langs[i].code;
}

const char *language_choose(int i)
{
	find_langs();
	if (i < 0 || i >= nlangs)
		return NULL;
	cur_lang = i;
	language_apply(langs[i].code);
	return msgfit();
}

const char *language_fit(int utf8)
{
	(void)utf8;   /* msgfit() asks the locale, as term_text_utf8() does */
	const char *why = msgfit();
	return why ? why : msgfit_note();   /* (main.c may have given way) */
}
