/*
 * server_schedule.c - --arena-schedule's SPEC read (server_schedule.h).
 */
#include "server.h"
#include "server_schedule.h"
#include <stdio.h>
#include <string.h>

static int slot(const char *text, arena_slot *s)
{
	int hh, mm, k = 0, min, inc, days;
	char clock[16] = "", rules[16] = "standard";
	memset(s, 0, sizeof *s);
	if (sscanf(text, "%2d:%2d/%d/%15[0-9+]%n", &hh, &mm, &s->minutes, clock, &k) != 4 ||
	    text[2] != ':' || (text[k] && (text[k] != '/' || sscanf(text + k + 1, "%15s", rules) != 1 ||
	                                   strlen(text + k + 1) != strlen(rules))))
		return -1;
	if (hh < 0 || hh > 23 || mm < 0 || mm > 59 || s->minutes < 1 || s->minutes > 720 ||
	    game_parse_clock(clock, &min, &inc, &days) < 0 || days || !min ||
	    (strcmp(rules, "standard") && strcmp(rules, "simple")))
		return -1;
	s->at = hh * 60 + mm;
	s->simple = rules[1] == 'i';
	snprintf(s->clock, sizeof s->clock, "%s", clock);
	return 0;
}

int schedule_parse(const char *spec, arena_slot *out)
{
	char buf[512];
	int n = 0;
	if (!spec[0] || strlen(spec) >= sizeof buf || spec[0] == ',' || strstr(spec, ",,") ||
	    spec[strlen(spec) - 1] == ',')
		return -1;
	snprintf(buf, sizeof buf, "%s", spec);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		if (n >= SCHEDULE_MAX || slot(tok, &out[n++]) < 0)
			return -1;
	return n;
}
