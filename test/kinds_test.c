/*
 * kinds_test.c - the kinds of opponent (src/nonaga/kinds.c): each kind's
 * word is the one saved games have always had (old saves load), a word is
 * taken only whole, each kind names its players as its records do, and a
 * lineup is checked as its kind needs.
 */
#include "tap.h"
#include "kinds.c"

static void words(void)
{
	static const struct { start_mode mode; const char *word; kind_players players; } want[] = {
		{ MODE_PVP, "pvp", KIND_HUMANS },
		{ MODE_AI, "ai", KIND_COMPUTER },
		{ MODE_ONLINE, "online", KIND_NAMED },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const opponent_kind *k = kind_of(want[i].mode);
		CHECK(k && !strcmp(k->word, want[i].word), "mode %d's word: %s, want %s",
		      want[i].mode, k ? k->word : "(none)", want[i].word);
		CHECK(k && k->players == want[i].players, "mode %d's players: %d, want %d",
		      want[i].mode, k ? (int)k->players : -1, (int)want[i].players);
		CHECK(kind_by_word(want[i].word) == want[i].mode, "the word %s: mode %d, want %d",
		      want[i].word, kind_by_word(want[i].word), want[i].mode);
	}
	CHECK(MODE_COUNT == 4, "%d kinds and the menu's none, want 4", MODE_COUNT);
	CHECK(!kind_of(MODE_MENU) && !kind_of(MODE_COUNT), "MODE_MENU and MODE_COUNT are no kind");
	/* only a whole word, as it is written */
	static const char *const no[] = { "", "a", "p", "ai ", " ai", "AI", "aiai", "pv",
	                                  "onlin", "online2", "menu" };
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		CHECK(kind_by_word(no[i]) == MODE_MENU, "the word [%s]: mode %d, want none",
		      no[i], kind_by_word(no[i]));
}

static void labels(void)
{
	/* the title menu's items (translated in po/ja.po under these) */
	CHECK(!strcmp(kind_of(MODE_PVP)->label, "Two players on this terminal"), "pvp's label");
	CHECK(!strcmp(kind_of(MODE_AI)->label, "Play against the computer"), "ai's label");
	CHECK(!strcmp(kind_of(MODE_ONLINE)->label, "Play online"), "online's label");
}

static int check(start_mode mode, int human, int level)
{
	lineup who = { mode, human, level, NG_STANDARD };
	return kind_check(&who);
}

static void checks(void)
{
	CHECK(check(MODE_AI, NG_RED, NG_LEVEL_MIN) && check(MODE_AI, NG_BLUE, NG_LEVEL_MAX),
	      "the computer: a side and a level from 1 to 10");
	CHECK(!check(MODE_AI, -1, 5), "the computer with no side drawn yet is refused");
	CHECK(!check(MODE_AI, 2, 5), "the computer with side 2 is refused");
	CHECK(!check(MODE_AI, NG_RED, NG_LEVEL_MIN - 1), "the computer at level 0 is refused");
	CHECK(!check(MODE_AI, NG_RED, NG_LEVEL_MAX + 1), "the computer at level 11 is refused");
	CHECK(check(MODE_PVP, -1, 0), "two players: no side or level to check");
	CHECK(check(MODE_ONLINE, -1, 0), "online, watching: no seat, no level");
	CHECK(!check(MODE_MENU, NG_RED, 5) && !check(MODE_COUNT, NG_RED, 5),
	      "no kind is refused");
}

int main(void)
{
	words();
	labels();
	checks();
	return tests_done("kinds");
}
