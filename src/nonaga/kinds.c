/* kinds.c - the kinds of opponent, as kinds.h lists them. */
#include "kinds.h"
#include "lineup.h"
#include "i18n.h"
#include <string.h>

static const opponent_kind kinds[MODE_COUNT] = {
#define KIND_ROW(name, word, label, players, side, menu) \
	[MODE_##name] = { word, label, players },
	NONAGA_KINDS(KIND_ROW)
#undef KIND_ROW
};

const opponent_kind *kind_of(start_mode mode)
{
	return mode > MODE_MENU && mode < MODE_COUNT ? &kinds[mode] : NULL;
}

start_mode kind_by_word(const char *w)
{
	for (int m = MODE_MENU + 1; m < MODE_COUNT; m++)
		if (!strcmp(kinds[m].word, w))
			return (start_mode)m;
	return MODE_MENU;
}

int kind_check(const lineup *who)
{
	const opponent_kind *k = kind_of(who->mode);
	if (!k)
		return 0;
	if (k->players == KIND_COMPUTER)
		return (who->human == NG_RED || who->human == NG_BLUE) &&
		       who->level >= NG_LEVEL_MIN && who->level <= NG_LEVEL_MAX;
	return 1;
}
