/* msgfit.c - the messages in a language the terminal can show; see msgfit.h. */
#include "msgfit.h"
#include "i18n.h"
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

int msgfit_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && !strcmp(cs, "UTF-8");
}

static const char *told;   /* the reason of the last fallback, or NULL */

const char *msgfit_note(void)
{
	return told;
}

const char *msgfit(void)
{
	/* Without UTF-8 the catalogs are transliterated, so every string
	 * printed is ASCII; otherwise they are read as UTF-8. */
	const char *domain = textdomain(NULL);
	int utf8 = msgfit_utf8();
	if (domain)
		bind_textdomain_codeset(domain, utf8 ? "UTF-8" : "ASCII//TRANSLIT");
	if (utf8)
		return NULL;
	const char *probe = _("Red");
	if (!strcmp(probe, "Red") || !strchr(probe, '?'))
		return NULL;
	setenv("LANGUAGE", "en", 1);
	if (domain)
		textdomain(domain);   /* gettext's cache is stale */
	/* the useful part first: the line may be cut on a narrow screen */
	told = _("Japanese needs a UTF-8 locale (LANG=C.UTF-8, say): English "
	         "is used.");
	return told;
}
