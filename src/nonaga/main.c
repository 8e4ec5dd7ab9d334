/* main.c - command line of the nonaga program. */
#include "analysis.h"
#include "cli.h"
#include "client_connect.h"
#include "closeout.h"
#include "server.h"
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
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

/* ------------------------------------------------------------ options */

enum { OPT_PVP = 256, OPT_AI, OPT_AS, OPT_RULES, OPT_ASCII, OPT_COLOR,
       OPT_NOANIM, OPT_ENGINE, OPT_LANG, OPT_WIDE, OPT_RESUME, OPT_REPLAY, OPT_HELP, OPT_VERSION,
       OPT_WARN, OPT_SERVE, OPT_LISTEN, OPT_STATE, OPT_GRACE, OPT_MAX_CLIENTS, OPT_IDLE, OPT_CLIENT, OPT_SERVER,
       OPT_KEY_FILE, OPT_HOST, OPT_JOIN, OPT_WATCH, OPT_CLOCK, OPT_THREADS, OPT_ANALYZE,
       OPT_ANALYZE_DEPTH, OPT_ANALYZE_OUT };

static const struct option longopts[] = {
	{ "pvp", no_argument, NULL, OPT_PVP },
	{ "ai", optional_argument, NULL, OPT_AI },
	{ "threads", required_argument, NULL, OPT_THREADS },
	{ "as", required_argument, NULL, OPT_AS },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "colour", required_argument, NULL, OPT_COLOR },
	{ "no-animation", no_argument, NULL, OPT_NOANIM },
	{ "warn", required_argument, NULL, OPT_WARN },
	{ "engine", no_argument, NULL, OPT_ENGINE },
	{ "serve", no_argument, NULL, OPT_SERVE },
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "state", required_argument, NULL, OPT_STATE },
	{ "grace", required_argument, NULL, OPT_GRACE },
	{ "max-clients", required_argument, NULL, OPT_MAX_CLIENTS },
	{ "idle", required_argument, NULL, OPT_IDLE },
	{ "client", no_argument, NULL, OPT_CLIENT },
	{ "server", required_argument, NULL, OPT_SERVER },
	{ "key-file", required_argument, NULL, OPT_KEY_FILE },
	{ "host", required_argument, NULL, OPT_HOST },
	{ "join", required_argument, NULL, OPT_JOIN },
	{ "watch", required_argument, NULL, OPT_WATCH },
	{ "clock", required_argument, NULL, OPT_CLOCK },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "wide-ambiguous", no_argument, NULL, OPT_WIDE },
	{ "resume", no_argument, NULL, OPT_RESUME },
	{ "replay", required_argument, NULL, OPT_REPLAY },
	{ "analyze", required_argument, NULL, OPT_ANALYZE },
	{ "analyze-depth", required_argument, NULL, OPT_ANALYZE_DEPTH },
	{ "analyze-out", required_argument, NULL, OPT_ANALYZE_OUT },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *f)
{
	/* TRANSLATORS: the --help text.  Keep the option names and their
	   arguments as they are, and keep the descriptions lined up. */
	fputs(_("Usage: nonaga [OPTION]...\n"
	        "Play NONAGA, the game of tokens on moving discs, in a terminal.\n"
	        "\n"), f);
	fputs(_("  --pvp                two players on this terminal\n"
	        "  --ai[=LEVEL]         play against the computer (level 1-10, default 5)\n"
	        "  --as red|blue        your side against the computer (default: random)\n"
	        "  --rules standard|simple\n"
	        "                       rule set (default: standard)\n"
	        "  --threads N          threads for level 10 and hints (default: one per core)\n"), f);
	fputs(_("  --ascii              draw with ASCII only\n"
	        "  --color=auto|always|never\n"
	        "                       use colour (default: auto; NO_COLOR means never)\n"
	        "  --no-animation       do not animate moves\n"
	        "  --warn=auto|always|never\n"
	        "                       say when the opponent can win with its next\n"
	        "                       slide (auto: against levels 1-3)\n"
	        "  --wide-ambiguous     for terminals that draw East Asian ambiguous-width\n"
	        "                       characters two columns wide\n"
	        "  --lang ja|en         language of the messages (default: from the locale)\n"), f);
	fputs(_("  --resume             continue the saved game (saved after every turn)\n"
	        "  --replay FILE        step through a recorded game with the arrow keys\n"), f);
	fputs(_("  --analyze FILE       judge every move of a recorded game: the engine's\n"
	        "                       best move and a mark for a missed win (W), an\n"
	        "                       allowed forced win (L) or a mistake (?)\n"
	        "  --analyze-depth N    with --analyze: search depth, 2-6 (default: 3)\n"
	        "  --analyze-out FILE   with --analyze: also write the record with the\n"
	        "                       marks in its header (Analysis:)\n"), f);
	fputs(_("  --engine             speak the engine protocol on stdin/stdout\n"), f);
	fputs(_("  --serve              run the online game server (see ONLINE in nonaga(6))\n"
	        "  --listen ADDR        with --serve: listen at unix:PATH or HOST:PORT\n"
	        "                       (may be repeated; default: a private Unix socket)\n"
	        "  --state DIR          with --serve: keep games and the key in DIR\n"
	        "  --grace SECONDS      with --serve: how long a player may be away before\n"
	        "                       the opponent may claim the win, or a challenge\n"
	        "                       nobody joined is cancelled (default: 120)\n"
	        "  --max-clients N      with --serve: connections at most\n"
	        "  --idle SECONDS       with --serve: close a client silent this long\n"
	        "                       (default: 900)\n"), f);
	fputs(_("  --host GAME          host an online game and wait for an opponent\n"
	        "                       (with --as, --rules and --clock MIN+INC)\n"
	        "  --join GAME          take the free seat of an online game, or your own\n"
	        "                       seat back\n"
	        "  --watch GAME         watch an online game\n"
	        "  --server ADDR        the server to play on (default: your own, started\n"
	        "                       when none runs)\n"
	        "  --key-file FILE      the key of a TCP server (or NONAGA_KEY)\n"
	        "  --client             speak the online protocol on stdin/stdout\n"), f);
	fputs(_("  -h, --help           show this help and exit\n"
	        "  --version            show the version and exit\n"), f);
	fputs(_("\nWithout options, nonaga opens its title menu.\n"
	        "See nonaga(6) for the rules, the keys and the engine protocol.\n"), f);
}

static void try_help(void)
{
	fputs(_("Try 'nonaga --help' for more information.\n"), stderr);
}

/* A bad option argument: the message (a format), then the usual hint. */
__attribute__((format(printf, 1, 2)))
static int bad(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	try_help();
	return 2;
}

/* --lang's value, or NULL when it is not one we have. */
static const char *lang_value(const char *arg)
{
	static const char *const langs[] = { "ja", "en" };
	for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++)
		if (!strcmp(arg, langs[i]))
			return langs[i];
	return NULL;
}

/* The --lang option, looked for before anything is said, so that even
 * errors about earlier options come in that language.  The last valid one
 * counts; invalid ones are reported by the real parse. */
static const char *prescan_lang(int argc, char **argv)
{
	const char *lang = NULL;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1)
		if (c == OPT_LANG && lang_value(optarg))
			lang = lang_value(optarg);
	optind = 0;   /* glibc: start the next scan afresh */
	return lang;
}

/* "--ai 3": the level must be joined with '=' (an optional argument), so
 * the 3 would be taken for a stray argument; say what was meant.  Looked
 * for before getopt_long, which moves arguments around. */
static int level_apart(int argc, char **argv)
{
	for (int i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return 0;
		const char *n = argv[i + 1];
		if (strcmp(argv[i], "--ai") || !*n || strspn(n, "0123456789") != strlen(n))
			continue;
		return bad(_("nonaga: the level goes after an equals sign: did you "
		             "mean --ai=%s?\n"), n);
	}
	return 0;
}

/* The long options that begin with what was typed (--NAME or --NAME=...),
 * into list; how many.  Spellings of one option (color, colour) count
 * once. */
static int candidates(const char *arg, char *list, size_t size)
{
	const char *name = arg + 2;
	size_t len = strcspn(name, "=");
	int n = 0, last = -1;
	list[0] = 0;
	for (int i = 0; longopts[i].name; i++)
		if (strlen(longopts[i].name) == len &&
		    !strncmp(longopts[i].name, name, len))
			return 1;   /* exactly one of ours */
	for (int i = 0; longopts[i].name; i++) {
		if (strncmp(longopts[i].name, name, len) || longopts[i].val == last)
			continue;
		last = longopts[i].val;
		size_t used = strlen(list);
		snprintf(list + used, size - used, "%s--%s", n ? ", " : "",
		         longopts[i].name);
		n++;
	}
	return n;
}

/* What getopt_long refused, said plainly. */
static int bad_option(char **argv)
{
	const char *arg = argv[optind - 1];
	char list[256];
	if (optopt == 'h' || (optopt > 0 && optopt < OPT_PVP))
		return bad(_("nonaga: unknown option '-%c'\n"), optopt);
	if (!strncmp(arg, "--", 2) && candidates(arg, list, sizeof list) > 1)
		/* TRANSLATORS: %s is what was typed, then the options it could
		   be the beginning of. */
		return bad(_("nonaga: option '%s' is ambiguous: it could be %s\n"),
		           arg, list);
	if (optopt == OPT_ANALYZE)
		return bad("%s", _("nonaga: --analyze needs the file of a game: "
		                   "--analyze FILE\n"));
	if (optopt == OPT_REPLAY)
		return bad("%s", _("nonaga: --replay needs the file of a game: "
		                   "--replay FILE\n"));
	if (optopt >= OPT_PVP)
		return bad(_("nonaga: option '%s' needs an argument\n"), arg);
	return bad(_("nonaga: unknown or incomplete option '%s'\n"), arg);
}

int main(int argc, char **argv)
{
	options opt;
	memset(&opt, 0, sizeof opt);
	opt.who.mode = MODE_MENU;
	opt.who.level = 5;
	opt.who.human = -1;
	opt.who.rules = NG_STANDARD;
	opt.color = COLOR_AUTO;
	opt.animation = 1;
	opt.warn = WARN_AUTO;
	int engine = 0, c;

	opt.lang = prescan_lang(argc, argv);
	setup_messages(opt.lang);
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		opt.color = COLOR_NEVER;
	int apart = level_apart(argc, argv);
	if (apart)
		return apart;
	int pvp = 0, ai = 0, serve = 0, server_only = 0;
	server_opts so;
	memset(&so, 0, sizeof so);
	netclient_opts co = { NULL, NULL };
	int client = 0;
	const char *analyze = NULL, *analyze_out = NULL;
	int analyze_depth = 0;
	net_addr scratch;   /* --server, checked early */
	char msg[512];
	opterr = 0;
	/* ':' first: a missing argument is told apart from an unknown option */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_PVP:
			opt.who.mode = MODE_PVP;
			pvp = 1;
			break;
		case OPT_AI:
			opt.who.mode = MODE_AI;
			ai = 1;
			if (optarg) {
				char *end;
				long v = strtol(optarg, &end, 10);
				if (*end || end == optarg || v < NG_LEVEL_MIN || v > NG_LEVEL_MAX)
					return bad(_("nonaga: invalid level '%s' (choose %d to %d)\n"),
					           optarg, NG_LEVEL_MIN, NG_LEVEL_MAX);
				opt.who.level = (int)v;
				opt.level_given = 1;
			}
			break;
		case OPT_THREADS: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 1 || v > NG_THREADS_MAX)
				return bad(_("nonaga: invalid number of threads '%s' (choose 1 to %d)\n"),
				           optarg, NG_THREADS_MAX);
			opt.threads = (int)v;
			break;
		}
		case OPT_AS:
			opt.side_given = 1;
			if (!strcmp(optarg, "red"))
				opt.who.human = NG_RED;
			else if (!strcmp(optarg, "blue"))
				opt.who.human = NG_BLUE;
			else
				return bad(_("nonaga: invalid side '%s' (choose red or blue)\n"),
				           optarg);
			break;
		case OPT_RULES:
			opt.rules_given = 1;
			if (ng_rules_from_name(optarg, &opt.who.rules) != NG_OK)
				return bad(_("nonaga: invalid rule set '%s' (choose standard or simple)\n"),
				           optarg);
			break;
		case OPT_ASCII:
			opt.ascii = 1;
			break;
		case OPT_COLOR:
			if (!strcmp(optarg, "auto"))
				;  /* keep NO_COLOR's word */
			else if (!strcmp(optarg, "always"))
				opt.color = COLOR_ALWAYS;
			else if (!strcmp(optarg, "never"))
				opt.color = COLOR_NEVER;
			else
				return bad(_("nonaga: invalid colour mode '%s' (choose auto, always or never)\n"),
				           optarg);
			break;
		case OPT_NOANIM:
			opt.animation = 0;
			break;
		case OPT_WARN:
			if (!strcmp(optarg, "auto"))
				opt.warn = WARN_AUTO;
			else if (!strcmp(optarg, "always"))
				opt.warn = WARN_ALWAYS;
			else if (!strcmp(optarg, "never"))
				opt.warn = WARN_NEVER;
			else
				return bad(_("nonaga: invalid warning mode '%s' (choose auto, always or never)\n"),
				           optarg);
			break;
		case OPT_ENGINE:
			engine = 1;
			break;
		case OPT_SERVE:
			serve = 1;
			break;
		case OPT_CLIENT:
			client = 1;
			break;
		case OPT_HOST: case OPT_JOIN: case OPT_WATCH:
			if (!net_name_ok(optarg))
				return bad(_("nonaga: invalid game name '%s' (1 to 32 of A-Z, a-z, "
				             "0-9, _, . and -, not beginning with . or -)\n"), optarg);
			if (opt.host || opt.join || opt.watch)
				return bad("%s", _("nonaga: one of --host, --join and --watch at a time\n"));
			*(c == OPT_HOST ? &opt.host : c == OPT_JOIN ? &opt.join : &opt.watch) = optarg;
			break;
		case OPT_CLOCK: {
			char *end;
			long m = strtol(optarg, &end, 10), i = -1;
			if (*end == '+')
				i = strtol(end + 1, &end, 10);
			if (*end || m < 1 || m > 180 || i < 0 || i > 180)
				return bad(_("nonaga: invalid clock '%s' (MIN+INC: 1-180 minutes, "
				             "0-180 seconds a move, as 5+3)\n"), optarg);
			opt.clock_min = (int)m;
			opt.clock_inc = (int)i;
			break;
		}
		case OPT_SERVER:
			co.server = opt.server = optarg;
			if (net_parse_addr(optarg, &scratch, msg, sizeof msg) < 0)
				return bad(_("nonaga: --server: %s\n"), msg);
			break;
		case OPT_KEY_FILE:
			co.key_file = opt.key_file = optarg;
			break;
		case OPT_LISTEN:
			server_only = 1;
			if (so.nlisten == SERVER_LISTEN_MAX)
				return bad(_("nonaga: at most %d --listen addresses\n"), SERVER_LISTEN_MAX);
			if (net_parse_addr(optarg, &so.listen[so.nlisten], msg, sizeof msg) < 0)
				return bad(_("nonaga: --listen: %s\n"), msg);
			so.nlisten++;
			break;
		case OPT_STATE:
			server_only = 1;
			so.state = optarg;
			break;
		case OPT_GRACE:
		case OPT_IDLE:
		case OPT_MAX_CLIENTS: {
			char *end;
			long v = strtol(optarg, &end, 10);
			server_only = 1;
			if (*end || end == optarg || v < 1 || v > 1000000)
				return bad(_("nonaga: invalid number '%s' for %s (1 to 1000000)\n"),
				           optarg, c == OPT_GRACE ? "--grace" :
				           c == OPT_IDLE ? "--idle" : "--max-clients");
			*(c == OPT_GRACE ? &so.grace : c == OPT_IDLE ? &so.idle
			                                            : &so.max_clients) = (int)v;
			break;
		}
		case OPT_LANG:
			if (!lang_value(optarg))
				return bad(_("nonaga: invalid language '%s' (choose ja or en)\n"),
				           optarg);
			break;   /* already in effect: see prescan_lang */
		case OPT_WIDE:
			opt.wide_ambiguous = 1;
			break;
		case OPT_RESUME:
			opt.resume = 1;
			break;
		case OPT_REPLAY:
			opt.replay = optarg;
			break;
		case OPT_ANALYZE:
			analyze = optarg;
			break;
		case OPT_ANALYZE_DEPTH: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < AN_DEPTH_MIN || v > AN_DEPTH_MAX)
				return bad(_("nonaga: invalid depth '%s' (choose %d to %d)\n"),
				           optarg, AN_DEPTH_MIN, AN_DEPTH_MAX);
			analyze_depth = (int)v;
			break;
		}
		case OPT_ANALYZE_OUT:
			analyze_out = optarg;
			break;
		case OPT_HELP: case 'h':
			usage(stdout);
			return close_stdout(0);
		case OPT_VERSION:
			printf("nonaga %s\n", NG_VERSION);
			return close_stdout(0);
		default:
			return bad_option(argv);
		}
	}
	if (pvp && ai)
		return bad("%s", _("nonaga: --pvp and --ai do not go together: two "
		                   "players, or one against the computer\n"));
	if (optind < argc) {
		fprintf(stderr, _("nonaga: unexpected argument '%s'\n"), argv[optind]);
		try_help();
		return 2;
	}
	if (server_only && !serve)
		return bad("%s", _("nonaga: --listen, --state, --grace, --idle and "
		                   "--max-clients go with --serve\n"));
	if (serve && (engine || pvp || ai || opt.resume || opt.replay))
		return bad("%s", _("nonaga: --serve runs the server only: it takes no "
		                   "game options\n"));
	int online = opt.host || opt.join || opt.watch;
	if ((opt.server || opt.key_file) && (serve || engine))
		return bad("%s", _("nonaga: --server and --key-file are for playing "
		                   "online, not for --serve or --engine\n"));
	if (opt.clock_min && !opt.host)
		return bad("%s", _("nonaga: --clock goes with --host\n"));
	if (online && (serve || engine || pvp || ai || opt.resume || opt.replay || client))
		return bad("%s", _("nonaga: --host, --join and --watch play online: they "
		                   "do not go with --pvp, --ai, --resume, --replay, "
		                   "--engine, --serve or --client\n"));
	if (online && !opt.host && (opt.side_given || opt.rules_given))
		return bad("%s", _("nonaga: --as and --rules go with --host: the game "
		                   "joined or watched has its own\n"));
	if (client && (serve || engine || pvp || ai || opt.resume || opt.replay))
		return bad("%s", _("nonaga: --client speaks the online protocol only: it "
		                   "takes no game options\n"));
	if ((analyze_depth || analyze_out) && !analyze)
		return bad("%s", _("nonaga: --analyze-depth and --analyze-out go with "
		                   "--analyze\n"));
	if (analyze && (serve || engine || pvp || ai || opt.resume || opt.replay ||
	                client || online || opt.server || opt.key_file))
		return bad("%s", _("nonaga: --analyze only analyses a record: it takes no "
		                   "game options\n"));
	if (analyze)
		return analyze_main(analyze, analyze_depth ? analyze_depth
		                                           : AN_DEPTH_DEFAULT, analyze_out);
	if (client)
		return close_stdout(client_line_main(&co));
	if (serve)
		return server_main(&so);
	if (engine)
		return close_stdout(engine_main());
	return tui_main(&opt);
}
