/*
 * reasons_test.c - the N_() copies of the engine's sentences in
 * src/nonaga/tui/reasons.c, which the catalogs are made from, match
 * ng_strerror word for word, so every refusal can be translated.
 */
#include "tap.h"
#include "reasons.c"
#include <string.h>

int main(void)
{
	for (int e = 0; e < NG_ERR_COUNT; e++) {
		const char *copy = reason_msgids[e];
		CHECK(copy && !strcmp(copy, ng_strerror((ng_err)e)),
		      "code %d: engine says \"%s\", table says \"%s\"", e,
		      ng_strerror((ng_err)e), copy ? copy : "(none)");
	}
	/* untranslated (no catalog in the C locale), the text is the engine's */
	CHECK(!strcmp(reason_text(NG_ERR_DISC_HAS_TOKEN), "the disc carries a token"),
	      "reason_text gives the sentence");
	return tests_done("reasons_test");
}
