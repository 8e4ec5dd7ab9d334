/*
 * options_set.c - the setters of nonaga's options: each checks its
 * argument and puts it where options.h says (options.c's table names
 * which option each sets).
 */
#include "options_set.h"
#include "i18n.h"
#include "analysis.h"
#include "server_schedule.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A bad option argument: the message (a format), then the usual hint. */
int options_bad(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(_("Try 'nonaga --help' for more information.\n"), stderr);
	return 2;
}

/* A number in [lo, hi]: 1 and *v, else 0. */
int options_number(const char *arg, long lo, long hi, long *v)
{
	char *end;
	*v = strtol(arg, &end, 10);
	return !*end && end != arg && *v >= lo && *v <= hi;
}

int set_pvp(cmdline *c, int id, const char *arg)
{
	(void)id, (void)arg;
	c->opt.who.mode = MODE_PVP;
	return GO_ON;
}

int set_ai(cmdline *c, int id, const char *arg)
{
	long v;
	(void)id;
	c->opt.who.mode = MODE_AI;
	if (!arg)
		return GO_ON;
	if (!options_number(arg, NG_LEVEL_MIN, NG_LEVEL_MAX, &v))
		return options_bad(_("nonaga: invalid level '%s' (choose %d to %d)\n"),
		           arg, NG_LEVEL_MIN, NG_LEVEL_MAX);
	c->opt.who.level = (int)v;
	c->opt.level_given = 1;
	return GO_ON;
}

int set_threads(cmdline *c, int id, const char *arg)
{
	long v;
	(void)id;
	if (!options_number(arg, 1, NG_THREADS_MAX, &v))
		return options_bad(_("nonaga: invalid number of threads '%s' (choose 1 to %d)\n"),
		           arg, NG_THREADS_MAX);
	c->opt.threads = (int)v;
	return GO_ON;
}

int set_as(cmdline *c, int id, const char *arg)
{
	(void)id;
	c->opt.side_given = 1;
	if (!strcmp(arg, "red"))
		c->opt.who.human = NG_RED;
	else if (!strcmp(arg, "blue"))
		c->opt.who.human = NG_BLUE;
	else
		return options_bad(_("nonaga: invalid side '%s' (choose red or blue)\n"), arg);
	return GO_ON;
}

int set_rules(cmdline *c, int id, const char *arg)
{
	(void)id;
	c->opt.rules_given = 1;
	if (ng_rules_from_name(arg, &c->opt.who.rules) != NG_OK)
		return options_bad(_("nonaga: invalid rule set '%s' (choose standard or simple)\n"),
		           arg);
	return GO_ON;
}

/* --color and --warn: auto, always or never */
int set_auto_always_never(cmdline *c, int id, const char *arg)
{
	static const color_mode color[] = { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };
	static const warn_mode warn[] = { WARN_AUTO, WARN_ALWAYS, WARN_NEVER };
	int k = !strcmp(arg, "auto") ? 0 : !strcmp(arg, "always") ? 1
	      : !strcmp(arg, "never") ? 2 : -1;
	if (k < 0)
		return options_bad(id == O_COLOR
		           ? _("nonaga: invalid colour mode '%s' (choose auto, always or never)\n")
		           : _("nonaga: invalid warning mode '%s' (choose auto, always or never)\n"),
		           arg);
	if (id == O_WARN)
		c->opt.warn = warn[k];
	else if (k > 0)   /* auto keeps NO_COLOR's word */
		c->opt.color = color[k];
	return GO_ON;
}

/* --ascii, --no-animation, --wide-ambiguous, --resume */
int set_flag(cmdline *c, int id, const char *arg)
{
	(void)arg;
	switch (id) {
	case O_ASCII: c->opt.ascii = 1; break;
	case O_NOANIM: c->opt.animation = 0; break;
	case O_WIDE: c->opt.wide_ambiguous = 1; break;
	default: c->opt.resume = 1; break;
	}
	return GO_ON;
}

/* --host, --join, --watch GAME */
int set_game(cmdline *c, int id, const char *arg)
{
	if (!net_name_ok(arg))
		return options_bad(_("nonaga: invalid game name '%s' (1 to 32 of A-Z, a-z, "
		             "0-9, _, . and -, not beginning with . or -)\n"), arg);
	*(id == O_HOST ? &c->opt.host : id == O_JOIN ? &c->opt.join
	                                             : &c->opt.watch) = arg;
	return GO_ON;
}

int set_clock(cmdline *c, int id, const char *arg)
{
	char *end;
	long m = strtol(arg, &end, 10), i = -1;
	(void)id;
	if (end != arg && !strcmp(end, "d") && m >= 1 && m <= NET_DAYS_MAX) {
		c->opt.clock_days = (int)m;   /* days a move */
		c->opt.clock_min = c->opt.clock_inc = 0;
		return GO_ON;
	}
	if (*end == '+')
		i = strtol(end + 1, &end, 10);
	if (*end || m < 1 || m > 180 || i < 0 || i > 180)
		return options_bad(_("nonaga: invalid clock '%s' (MIN+INC: 1-180 minutes, "
		             "0-180 seconds a move, as 5+3; or DAYSd: 1-%d days a "
		             "move, as 2d)\n"), arg, NET_DAYS_MAX);
	c->opt.clock_min = (int)m;
	c->opt.clock_inc = (int)i;
	c->opt.clock_days = 0;
	return GO_ON;
}

int set_for(cmdline *c, int id, const char *arg)
{
	(void)id;
	if (!net_name_ok(arg))
		return options_bad(_("nonaga: invalid login '%s' for --for (1 to 32 of A-Z, a-z, "
		             "0-9, _, . and -, not beginning with . or -)\n"), arg);
	c->opt.invite = arg;
	return GO_ON;
}

int set_server(cmdline *c, int id, const char *arg)
{
	net_addr scratch;   /* checked now, used when connecting */
	char log[512], msg[512];
	int code;
	(void)id;
	c->co.server = c->opt.server = arg;
	if ((code = net_parse_addr(arg, &scratch, log, sizeof log)) < 0) {
		netclient_addr_error(code, arg, msg, sizeof msg);   /* the player's words */
		return options_bad(_("nonaga: --server: %s\n"), msg);
	}
	return GO_ON;
}

int set_key_file(cmdline *c, int id, const char *arg)
{
	(void)id;
	c->co.key_file = c->opt.key_file = arg;
	return GO_ON;
}

int set_listen(cmdline *c, int id, const char *arg)
{
	server_opts *so = &c->so;
	char msg[512];
	(void)id;
	if (so->nlisten == SERVER_LISTEN_MAX)
		return options_bad(_("nonaga: at most %d --listen addresses\n"), SERVER_LISTEN_MAX);
	if (net_parse_addr(arg, &so->listen[so->nlisten], msg, sizeof msg) < 0)
		return options_bad(_("nonaga: --listen: %s\n"), msg);
	so->nlisten++;
	return GO_ON;
}

int set_state(cmdline *c, int id, const char *arg)
{
	(void)id;
	c->so.state = arg;
	return GO_ON;
}

int set_gateway(cmdline *c, int id, const char *arg)
{
	(void)id;
	if (!net_name_ok(arg))
		return options_bad(_("nonaga: invalid login '%s' for --gateway\n"), arg);
	c->so.gateway = arg;
	return GO_ON;
}

/* --door-keys TYPE (the KEY is the argument after the options) */
int set_door_type(cmdline *c, int id, const char *arg)
{
	(void)id;
	c->door_type = arg;
	return GO_ON;
}

/* --grace, --idle, --max-clients, --max-games, --door-per-address N */
int set_server_number(cmdline *c, int id, const char *arg)
{
	long v;
	if (!options_number(arg, 1, 1000000, &v))
		return options_bad(_("nonaga: invalid number '%s' for %s (1 to 1000000)\n"),
		           arg, id == O_GRACE ? "--grace" :
		           id == O_IDLE ? "--idle" : id == O_MAX_GAMES ? "--max-games" :
		           id == O_DOOR_PER_ADDR ? "--door-per-address" : "--max-clients");
	*(id == O_GRACE ? &c->so.grace : id == O_IDLE ? &c->so.idle
	  : id == O_MAX_GAMES ? &c->so.max_games
	  : id == O_DOOR_PER_ADDR ? &c->so.door_per_addr : &c->so.max_clients) = (int)v;
	return GO_ON;
}

/* --arena-schedule SPEC (server_schedule.h) */
int set_arena_schedule(cmdline *c, int id, const char *arg)
{
	arena_slot slots[SCHEDULE_MAX];
	(void)id;
	if (schedule_parse(arg, slots) < 0)
		return options_bad(_("nonaga: invalid schedule '%s' for --arena-schedule "
		                     "(HH:MM/MINUTES/M+I[/standard|simple], UTC, with commas "
		                     "between, 8 at most: 18:00/60/3+2)\n"), arg);
	c->so.arena_schedule = arg;
	return GO_ON;
}

/* --computers LEVELS (1,4,7,10), --computer-jobs K, --pair-wait SECONDS,
 * --computer-matches N, --computer-match-clock MIN+INC */
int set_computers(cmdline *c, int id, const char *arg)
{
	long v;
	if (id == O_COMPUTER_MATCHES) {
		if (!options_number(arg, 0, NG_LEVEL_MAX / 2, &v))
			return options_bad(_("nonaga: invalid number '%s' for %s (0 to 5)\n"), arg,
			           "--computer-matches");
		c->so.computer_matches = (int)v;
		return GO_ON;
	}
	if (id == O_MATCH_CLOCK) {
		char *end;
		long m = strtol(arg, &end, 10), i = -1;
		if (end != arg && *end == '+')
			i = strtol(end + 1, &end, 10);
		if (*end || m < 1 || m > 180 || i < 0 || i > 180)
			return options_bad(_("nonaga: invalid clock '%s' for --computer-match-clock "
			             "(MIN+INC: 1-180 minutes, 0-180 seconds a move, as 1+1)\n"), arg);
		c->so.match_min = (int)m;
		c->so.match_inc = (int)i;
		return GO_ON;
	}
	if (id == O_COMPUTER_JOBS) {
		if (!options_number(arg, 1, NG_THREADS_MAX, &v))
			return options_bad(_("nonaga: invalid number '%s' for %s (1 to 64)\n"), arg,
			           "--computer-jobs");
		c->so.computer_jobs = (int)v;
		return GO_ON;
	}
	if (id == O_PAIR_WAIT) {
		if (!options_number(arg, 0, 86400, &v))
			return options_bad(_("nonaga: invalid number '%s' for %s (0 to 86400)\n"), arg,
			           "--pair-wait");
		c->so.pair_wait = (int)v;
		return GO_ON;
	}
	char buf[64];
	snprintf(buf, sizeof buf, "%s", arg);
	unsigned levels = 0;
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!options_number(tok, NG_LEVEL_MIN, NG_LEVEL_MAX, &v))
			return options_bad(_("nonaga: invalid levels '%s' for --computers (levels 1 to 10, "
			             "with commas between: 1,4,7,10)\n"), arg);
		levels |= 1u << v;
	}
	if (!levels || strlen(arg) >= sizeof buf || arg[0] == ',' || strstr(arg, ",,") ||
	    arg[strlen(arg) - 1] == ',')
		return options_bad(_("nonaga: invalid levels '%s' for --computers (levels 1 to 10, "
		             "with commas between: 1,4,7,10)\n"), arg);
	c->so.computers = levels;
	return GO_ON;
}

int set_sync(cmdline *c, int id, const char *arg)
{
	static const struct { const char *name; int mode; } syncs[] = {
		{ "batch", SERVER_SYNC_BATCH }, { "always", SERVER_SYNC_ALWAYS },
		{ "none", SERVER_SYNC_NONE },
	};
	(void)id;
	for (size_t i = 0; i < sizeof syncs / sizeof syncs[0]; i++)
		if (!strcmp(arg, syncs[i].name)) {
			c->so.sync = syncs[i].mode;
			return GO_ON;
		}
	return options_bad(_("nonaga: invalid --sync mode '%s' (choose batch, always or none)\n"), arg);
}

/* --lang's value, or NULL when it is not one we have. */
const char *options_lang(const char *arg)
{
	static const char *const langs[] = { "ja", "en" };
	for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++)
		if (!strcmp(arg, langs[i]))
			return langs[i];
	return NULL;
}

int set_lang(cmdline *c, int id, const char *arg)
{
	(void)c, (void)id;
	if (!options_lang(arg))
		return options_bad(_("nonaga: invalid language '%s' (choose ja or en)\n"), arg);
	return GO_ON;   /* already in effect: see cmdline_lang */
}

/* --replay, --analyze, --analyze-out FILE */
int set_file(cmdline *c, int id, const char *arg)
{
	*(id == O_REPLAY ? &c->opt.replay : id == O_ANALYZE ? &c->analyze
	                                                   : &c->analyze_out) = arg;
	return GO_ON;
}

int set_analyze_depth(cmdline *c, int id, const char *arg)
{
	long v;
	(void)id;
	if (!options_number(arg, AN_DEPTH_MIN, AN_DEPTH_MAX, &v))
		return options_bad(_("nonaga: invalid depth '%s' (choose %d to %d)\n"),
		           arg, AN_DEPTH_MIN, AN_DEPTH_MAX);
	c->analyze_depth = (int)v;
	return GO_ON;
}

/* --engine-cmd CMD, --level N, --games K */
int set_bot(cmdline *c, int id, const char *arg)
{
	long v;
	if (id == O_ENGINE_CMD) {
		if (!*arg)
			return options_bad("%s", _("nonaga: --engine-cmd needs a command\n"));
		c->bot.engine_cmd = arg;
	} else if (id == O_LEVEL) {
		if (!options_number(arg, NG_LEVEL_MIN, NG_LEVEL_MAX, &v))
			return options_bad(_("nonaga: invalid level '%s' (choose %d to %d)\n"),
			           arg, NG_LEVEL_MIN, NG_LEVEL_MAX);
		c->bot.level = (int)v;
	} else {
		if (!options_number(arg, 1, 32, &v))
			return options_bad(_("nonaga: invalid number of games '%s' (choose 1 to 32)\n"), arg);
		c->bot.games = (int)v;
	}
	return GO_ON;
}
