/*
 * i18n.h - the program's messages through gettext: _() translates a
 * string where it is used, N_() marks one for translation where it is
 * defined (a table), to be translated with _() where it is shown.  The
 * catalogs are po/LL.po (doc/hacking.md, Translation).
 */
#ifndef NONAGA_I18N_H
#define NONAGA_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
