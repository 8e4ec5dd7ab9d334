/*
 * names.c - the library's version and the names of rule sets and results,
 * as the notation, the records and the engine protocol write them.
 */
#include "internal.h"

static const char *const RULES_NAME[] = { "standard", "simple" };
static const char *const RESULT_NAME[] = { "none", "red", "blue", "draw" };

const char *ng_version(void) { return NG_VERSION; }

const char *ng_rules_name(ng_rules rules)
{
	return (unsigned)rules < 2 ? RULES_NAME[rules] : NULL;
}

ng_err ng_rules_from_name(const char *name, ng_rules *rules)
{
	for (int i = 0; i < 2; i++)
		if (name && !strcmp(name, RULES_NAME[i])) {
			*rules = (ng_rules)i;
			return NG_OK;
		}
	return NG_ERR_SYNTAX;
}

const char *ng_result_name(ng_result result)
{
	return (unsigned)result < 4 ? RESULT_NAME[result] : NULL;
}

ng_err ng_result_from_name(const char *name, ng_result *result)
{
	for (int i = 0; i < 4; i++)
		if (name && !strcmp(name, RESULT_NAME[i])) {
			*result = (ng_result)i;
			return NG_OK;
		}
	return NG_ERR_SYNTAX;
}
