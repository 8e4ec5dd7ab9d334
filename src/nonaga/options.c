/*
 * options.c - nonaga's command line (options.h).
 *
 * One table says everything about an option: its name and argument, what
 * it sets, the modes it belongs to, the mode it chooses, the options it
 * excludes (its group), how it is refused where it does not belong, and
 * what --help says of it.  getopt_long's list and --help are made from
 * it, and the check of the combinations reads it: the mode is the
 * strongest one the options choose (--analyze, then --host, --join and
 * --watch, --client, --serve, --engine, and the game on the screen);
 * every option given must belong to it.  An option refused says its own
 * message (as "--clock goes with --host") where it has one, else the
 * mode's ("--serve runs the server only: ...").
 * Options that mean nothing in a mode but harm nothing there (the
 * display's, --lang, --threads, --as, --rules) belong to every mode, so
 * that an alias with them works for all of nonaga's uses.
 */
#include "options_set.h"
#include "i18n.h"
#include "analysis.h"
#include "closeout.h"
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ modes */

/* The modes, weakest first: when options choose two, the stronger one
 * is the mode and the other's options are refused in its words. */
enum {
	M_TUI = 1 << 0,      /* the game on the screen: menu, --pvp, --ai,
	                      * --resume, --replay */
	M_ENGINE = 1 << 1,
	M_SERVE = 1 << 2,
	M_CLIENT = 1 << 3,
	M_HOST = 1 << 4,     /* --host (also on the screen) */
	M_JOIN = 1 << 5,     /* --join, --watch (also on the screen) */
	M_ANALYZE = 1 << 6,
	M_LIST = 1 << 7,     /* --list */
	M_DOOR = 1 << 8,     /* --door */
	M_DOOR_KEYS = 1 << 9,
	M_RATINGS = 1 << 10, /* --ratings */
	M_BOT = 1 << 11,     /* --bot */
	M_ALL = (1 << 12) - 1
};

#define ONLINE_REFUSES \
	N_("nonaga: --host, --join and --watch play online: they do not go " \
	   "with --pvp, --ai, --resume, --replay, --engine, --serve or " \
	   "--client\n")

static const struct mode {
	unsigned bit;
	run_mode run;
	const char *refuses;   /* an option of another mode given with it */
} modes[] = {
	{ M_TUI, RUN_TUI, NULL },   /* the weakest: never refuses in its
	                             * own words (see optdefs) */
	{ M_ENGINE, RUN_ENGINE,
	  N_("nonaga: --engine speaks the engine protocol only: it takes no "
	     "game options\n") },
	{ M_SERVE, RUN_SERVE,
	  N_("nonaga: --serve runs the server only: it takes no game options\n") },
	{ M_CLIENT, RUN_CLIENT,
	  N_("nonaga: --client speaks the online protocol only: it takes no "
	     "game options\n") },
	{ M_HOST, RUN_TUI, ONLINE_REFUSES },
	{ M_JOIN, RUN_TUI, ONLINE_REFUSES },
	{ M_LIST, RUN_LIST,
	  N_("nonaga: --list lists your online games only: it takes no game "
	     "options\n") },
	{ M_ANALYZE, RUN_ANALYZE,
	  N_("nonaga: --analyze only analyses a record: it takes no game "
	     "options\n") },
	{ M_DOOR, RUN_DOOR,
	  N_("nonaga: --door is the game of an SSH account: it takes only "
	     "--server and the display's options\n") },
	{ M_RATINGS, RUN_RATINGS,
	  N_("nonaga: --ratings prints the server's ratings only: it takes no "
	     "game options\n") },
	{ M_BOT, RUN_BOT,
	  N_("nonaga: --bot plays on a server as a bot: it takes only --engine-cmd, "
	     "--level, --games, --server and --key-file\n") },
	{ M_DOOR_KEYS, RUN_DOOR_KEYS,
	  N_("nonaga: --door-keys TYPE KEY answers sshd: it takes no other "
	     "options\n") },
};
#define NMODES (sizeof modes / sizeof modes[0])

/* Options of one group exclude each other; their message. */
enum { G_NONE, G_OPPONENT, G_ONLINE };
static const char *const group_refuses[] = {
	NULL,
	N_("nonaga: --pvp and --ai do not go together: two players, or one "
	   "against the computer\n"),
	N_("nonaga: one of --host, --join and --watch at a time\n"),
};

/* ------------------------------------------------------------ messages */

/* fputs that keeps why a write to standard output failed: a full disk
 * reported at the end must say "No space left on device", also when the
 * text is longer than stdio's buffer and the failing write is an early
 * one (fclose then fails without an errno). */
static void put(const char *text, FILE *f)
{
	if (fputs(text, f) == EOF && f == stdout)
		closeout_failed(errno);
}

static void try_help(void)
{
	fputs(_("Try 'nonaga --help' for more information.\n"), stderr);
}

static void usage(FILE *f);

static int do_help(cmdline *c, int id, const char *arg)
{
	(void)c, (void)id, (void)arg;
	usage(stdout);
	return close_stdout(0);
}

static int do_version(cmdline *c, int id, const char *arg)
{
	(void)c, (void)id, (void)arg;
	printf("nonaga %s\n", NG_VERSION);
	return close_stdout(0);
}

/* ------------------------------------------------------------ the table */

typedef struct optdef {
	int id;                     /* its O_ number */
	const char *name, *alias;   /* alias: another spelling, or NULL */
	char letter;                /* its short option (-h), or 0 */
	int has_arg;                /* getopt_long's */
	setter *set;                /* NULL: nothing to set */
	unsigned modes;             /* the modes it belongs to */
	unsigned chooses;           /* the mode it chooses, or 0 */
	int group;                  /* it excludes the others of its group */
	const char *refused;        /* its own message where it does not
	                             * belong, or NULL: the mode's */
	unsigned refused_in;        /* the modes where that message is said */
	const char *arg;            /* --help: its argument as written after
	                             * the name (" FILE", "[=LEVEL]"), or NULL */
	const char *help;           /* --help: what it does, in lines (no
	                             * '\n' at the end); NULL: another's help
	                             * tells of it (--clock, --for: --host's) */
} optdef;

/* The columns after `set' for the options of a kind: where they belong,
 * that they choose no mode and exclude nothing, and their refusal. */
#define SERVE_ONLY M_SERVE, 0, G_NONE, \
	/* TRANSLATORS: %s: the option given, a server's (listen, state...). */ \
	N_("nonaga: --%s goes with --serve\n"), M_ALL
#define ANALYZE_ONLY M_ANALYZE, 0, G_NONE, \
	N_("nonaga: --analyze-depth and --analyze-out go with --analyze\n"), M_ALL
#define SIDE_RULES (M_ALL & ~M_JOIN), 0, G_NONE, \
	N_("nonaga: --as and --rules go with --host: the game joined or " \
	   "watched has its own\n"), M_JOIN
#define PLAYING_ONLINE (M_TUI | M_HOST | M_JOIN | M_CLIENT | M_LIST | M_DOOR | M_RATINGS | M_BOT), \
	0, G_NONE, \
	N_("nonaga: --server and --key-file are for playing online, not for " \
	   "--serve or --engine\n"), M_SERVE | M_ENGINE
#define BOT_ONLY M_BOT, 0, G_NONE, \
	N_("nonaga: --engine-cmd, --level and --games go with --bot\n"), M_ALL
#define ANYWHERE M_ALL, 0, G_NONE, NULL, 0
#define ITS_MODE(m, group) m, m, group, NULL, 0   /* it chooses its mode */

/* In the order of --help.  (The O_ numbers' order is the one in which
 * the options are looked at: the first of two refused is told, and an
 * ambiguous abbreviation lists its candidates in it.)  The help's lines
 * stand beside the option's name, from column 24: at most 56 columns. */
static const optdef optdefs[] = {
	{ O_PVP, "pvp", NULL, 0, no_argument, set_pvp, ITS_MODE(M_TUI, G_OPPONENT),
	  /* TRANSLATORS: an option's lines in --help: they begin at column
	     24 of 80 (the option's name is before them).  Keep the names of
	     options as they are. */
	  NULL, N_("two players on this terminal") },
	{ O_AI, "ai", NULL, 0, optional_argument, set_ai, ITS_MODE(M_TUI, G_OPPONENT),
	  "[=LEVEL]", N_("play against the computer (level 1-10, default 5)") },
	{ O_AS, "as", NULL, 0, required_argument, set_as, SIDE_RULES,
	  " red|blue", N_("your side against the computer (default: random)") },
	{ O_RULES, "rules", NULL, 0, required_argument, set_rules, SIDE_RULES,
	  " standard|simple", N_("rule set (default: standard)") },
	{ O_THREADS, "threads", NULL, 0, required_argument, set_threads, ANYWHERE,
	  " N", N_("threads for level 10 and hints (default: one per core)") },
	{ O_ASCII, "ascii", NULL, 0, no_argument, set_flag, ANYWHERE,
	  NULL, N_("draw with ASCII only") },
	{ O_COLOR, "color", "colour", 0, required_argument, set_auto_always_never, ANYWHERE,
	  "=auto|always|never", N_("use colour (default: auto; NO_COLOR means never)") },
	{ O_NOANIM, "no-animation", NULL, 0, no_argument, set_flag, ANYWHERE,
	  NULL, N_("do not animate moves") },
	{ O_WARN, "warn", NULL, 0, required_argument, set_auto_always_never, ANYWHERE,
	  "=auto|always|never", N_("say when the opponent can win with its next\n"
	                           "slide (auto: against levels 1-3)") },
	{ O_WIDE, "wide-ambiguous", NULL, 0, no_argument, set_flag, ANYWHERE,
	  NULL, N_("for terminals that draw East Asian ambiguous-width\n"
	           "characters two columns wide") },
	{ O_LANG, "lang", NULL, 0, required_argument, set_lang, ANYWHERE,
	  " ja|en", N_("language of the messages (default: from the locale)") },
	{ O_RESUME, "resume", NULL, 0, no_argument, set_flag, ITS_MODE(M_TUI, G_NONE),
	  NULL, N_("continue the saved game (saved after every turn)") },
	{ O_REPLAY, "replay", NULL, 0, required_argument, set_file, ITS_MODE(M_TUI, G_NONE),
	  " FILE", N_("step through a recorded game with the arrow keys") },
	{ O_ANALYZE, "analyze", NULL, 0, required_argument, set_file, ITS_MODE(M_ANALYZE, G_NONE),
	  " FILE", N_("judge every move of a recorded game: the engine's\n"
	              "best move and a mark for a missed win (W), an\n"
	              "allowed forced win (L) or a mistake (?)") },
	{ O_ANALYZE_DEPTH, "analyze-depth", NULL, 0, required_argument, set_analyze_depth, ANALYZE_ONLY,
	  " N", N_("with --analyze: search depth, 2-6 (default: 3)") },
	{ O_ANALYZE_OUT, "analyze-out", NULL, 0, required_argument, set_file, ANALYZE_ONLY,
	  " FILE", N_("with --analyze: also write the record with the\n"
	              "marks in its header (Analysis:)") },
	{ O_ENGINE, "engine", NULL, 0, no_argument, NULL, ITS_MODE(M_ENGINE, G_NONE),
	  NULL, N_("speak the engine protocol on stdin/stdout") },
	{ O_SERVE, "serve", NULL, 0, no_argument, NULL, ITS_MODE(M_SERVE, G_NONE),
	  NULL, N_("run the online game server (see ONLINE in nonaga(6))") },
	{ O_LISTEN, "listen", NULL, 0, required_argument, set_listen, SERVE_ONLY,
	  " ADDR", N_("with --serve: listen at unix:PATH or HOST:PORT\n"
	              "(may be repeated; default: a private Unix socket)") },
	{ O_STATE, "state", NULL, 0, required_argument, set_state, SERVE_ONLY,
	  " DIR", N_("with --serve: keep games and the key in DIR") },
	{ O_GRACE, "grace", NULL, 0, required_argument, set_server_number, SERVE_ONLY,
	  " SECONDS", N_("with --serve: how long a player may be away before\n"
	                 "the opponent may claim the win, or a challenge\n"
	                 "nobody joined is cancelled (default: 120)") },
	{ O_MAX_CLIENTS, "max-clients", NULL, 0, required_argument, set_server_number, SERVE_ONLY,
	  " N", N_("with --serve: connections at most") },
	{ O_MAX_GAMES, "max-games", NULL, 0, required_argument, set_server_number, SERVE_ONLY,
	  " N", N_("with --serve: games kept at once (default: 20000)") },
	{ O_IDLE, "idle", NULL, 0, required_argument, set_server_number, SERVE_ONLY,
	  " SECONDS", N_("with --serve: close a client silent this long\n"
	                 "(default: 900)") },
	{ O_SYNC, "sync", NULL, 0, required_argument, set_sync, SERVE_ONLY,
	  " MODE", N_("with --serve: when moves reach the disk before\n"
	              "they are acknowledged: batch (default: one\n"
	              "fdatasync per batch, nothing acknowledged is\n"
	              "lost), always (one per move, slower, the same\n"
	              "promise) or none (no sync: a crash of the\n"
	              "machine may lose acknowledged moves)") },
	{ O_GATEWAY, "gateway", NULL, 0, required_argument, set_gateway, SERVE_ONLY,
	  " LOGIN", N_("with --serve: the account of the SSH door, which\n"
	               "may say which player each of its connections is") },
	{ O_DOOR_PER_ADDR, "door-per-address", NULL, 0, required_argument, set_server_number, SERVE_ONLY,
	  " N", N_("with --serve: the SSH door's connections from one\n"
	           "address at most (default: 100)") },
	{ O_COMPUTERS, "computers", NULL, 0, required_argument, set_computers, SERVE_ONLY,
	  " LEVELS", N_("with --serve: offer computer players of these\n"
	                "levels (e.g. 1,4,7,10), named computer-N, rated") },
	{ O_COMPUTER_JOBS, "computer-jobs", NULL, 0, required_argument, set_computers, SERVE_ONLY,
	  " K", N_("with --serve: computer searches at once (default:\n"
	           "the cores less one, at least 1)") },
	{ O_PAIR_WAIT, "pair-wait", NULL, 0, required_argument, set_computers, SERVE_ONLY,
	  " SECONDS", N_("with --serve: a player who seeks a game and finds\n"
	                 "nobody plays a computer after this long\n"
	                 "(default: 20; 0: never)") },
	{ O_COMPUTER_MATCHES, "computer-matches", NULL, 0, required_argument, set_computers,
	  SERVE_ONLY, " N", N_("with --serve: keep up to N rated games between\n"
	                       "the computers going (default: 0)") },
	{ O_MATCH_CLOCK, "computer-match-clock", NULL, 0, required_argument, set_computers,
	  SERVE_ONLY, " CLOCK", N_("with --serve: the clock of those games, MIN+INC\n"
	                           "(default: 1+1)") },
	{ O_ARENA_SCHEDULE, "arena-schedule", NULL, 0, required_argument, set_arena_schedule,
	  SERVE_ONLY, " SPEC", N_("with --serve: run arenas every day at these times\n"
	                          "(HH:MM/MINUTES/M+I[/RULES][,...], UTC), each\n"
	                          "open to enter 5 minutes before") },
	{ O_DOOR, "door", NULL, 0, no_argument, NULL, ITS_MODE(M_DOOR, G_NONE),
	  NULL, N_("the game of an SSH account's players (its\n"
	           "ForceCommand; see The SSH door in nonaga(6))") },
	{ O_DOOR_KEYS, "door-keys", NULL, 0, required_argument, set_door_type,
	  ITS_MODE(M_DOOR_KEYS, G_NONE),
	  " TYPE KEY", N_("the SSH door's AuthorizedKeysCommand: print the\n"
	                  "key offered back when it is a valid one") },
	{ O_HOST, "host", NULL, 0, required_argument, set_game, ITS_MODE(M_HOST, G_ONLINE),
	  " GAME", N_("host an online game and wait for an opponent\n"
	              "(with --as, --rules and --clock MIN+INC, or\n"
	              "--clock DAYSd for days a move, and --for LOGIN\n"
	              "for one player only)") },
	{ O_CLOCK, "clock", NULL, 0, required_argument, set_clock, M_HOST, 0, G_NONE,
	  N_("nonaga: --clock goes with --host\n"), M_ALL, NULL, NULL },
	{ O_FOR, "for", NULL, 0, required_argument, set_for, M_HOST, 0, G_NONE,
	  N_("nonaga: --for goes with --host\n"), M_ALL, NULL, NULL },
	{ O_JOIN, "join", NULL, 0, required_argument, set_game, ITS_MODE(M_JOIN, G_ONLINE),
	  " GAME", N_("take the free seat of an online game, or your own\n"
	              "seat back") },
	{ O_WATCH, "watch", NULL, 0, required_argument, set_game, ITS_MODE(M_JOIN, G_ONLINE),
	  " GAME", N_("watch an online game") },
	{ O_SERVER, "server", NULL, 0, required_argument, set_server, PLAYING_ONLINE,
	  " ADDR", N_("the server to play on (default: NONAGA_SERVER, the\n"
	              "setting server=, this host's shared server, or\n"
	              "your own, started when none runs)") },
	{ O_KEY_FILE, "key-file", NULL, 0, required_argument, set_key_file, PLAYING_ONLINE,
	  " FILE", N_("the key of a TCP server (or NONAGA_KEY)") },
	{ O_CLIENT, "client", NULL, 0, no_argument, NULL, ITS_MODE(M_CLIENT, G_NONE),
	  NULL, N_("speak the online protocol on stdin/stdout") },
	{ O_LIST, "list", NULL, 0, no_argument, NULL, ITS_MODE(M_LIST, G_NONE),
	  NULL, N_("list your online games not over yet, one a line") },
	{ O_RATINGS, "ratings", NULL, 0, no_argument, NULL, ITS_MODE(M_RATINGS, G_NONE),
	  NULL, N_("print the server's ratings, the best first") },
	{ O_BOT, "bot", NULL, 0, no_argument, NULL, ITS_MODE(M_BOT, G_NONE),
	  NULL, N_("play on a server as a bot: accept the challenges\n"
	           "that fit and play them (see Bots in nonaga(6))") },
	{ O_ENGINE_CMD, "engine-cmd", NULL, 0, required_argument, set_bot, BOT_ONLY,
	  " CMD", N_("with --bot: the engine, a command that speaks the\n"
	             "engine protocol (default: nonaga's own)") },
	{ O_LEVEL, "level", NULL, 0, required_argument, set_bot, BOT_ONLY,
	  " N", N_("with --bot: the level of nonaga's own engine,\n"
	           "1-10 (default: 5)") },
	{ O_GAMES, "games", NULL, 0, required_argument, set_bot, BOT_ONLY,
	  " K", N_("with --bot: games at once at most, 1-32\n"
	           "(default: 1; further challenges are declined)") },
	{ O_HELP, "help", NULL, 'h', no_argument, do_help, ANYWHERE,
	  NULL, N_("show this help and exit") },
	{ O_VERSION, "version", NULL, 0, no_argument, do_version, ANYWHERE,
	  NULL, N_("show the version and exit") },
};
#define NOPTDEFS (sizeof optdefs / sizeof optdefs[0])
_Static_assert(NOPTDEFS == O_COUNT, "one row for each O_ number");

/* Option id's row, or NULL: none (getopt_long's list then lacks the
 * option, which cli_test sees as one that --help shows and nonaga
 * refuses).  Every id that getopt_long answers has one. */
static const optdef *optdef_of(int id)
{
	for (size_t i = 0; i < NOPTDEFS; i++)
		if (optdefs[i].id == id)
			return &optdefs[i];
	return NULL;
}

/* --help: the options in the table's order, each with its name and
 * argument in a column of 20 ("  --listen ADDR") and the lines of its
 * help beside it (or under it, when the name is longer). */
#define HELP_COLUMN 23

static void usage_option(const optdef *o, FILE *f)
{
	char line[1024];
	int n = o->letter ? snprintf(line, sizeof line, "  -%c, --%s", o->letter, o->name)
	                  : snprintf(line, sizeof line, "  --%s", o->name);
	n += snprintf(line + n, sizeof line - n, "%s", o->arg ? o->arg : "");
	if (n >= HELP_COLUMN) {
		put(strcat(line, "\n"), f);
		n = 0;
	}
	for (const char *s = _(o->help); *s; ) {
		int len = (int)strcspn(s, "\n");
		snprintf(line + n, sizeof line - n, "%*s%.*s\n", HELP_COLUMN - n, "", len, s);
		put(line, f);
		n = 0;
		s += len + (s[len] == '\n');
	}
}

static void usage(FILE *f)
{
	put(_("Usage: nonaga [OPTION]...\n"
	        "Play NONAGA, the game of tokens on moving discs, in a terminal.\n"
	        "\n"), f);
	for (size_t i = 0; i < NOPTDEFS; i++)
		if (optdefs[i].help)
			usage_option(&optdefs[i], f);
	put(_("\nWithout options, nonaga opens its title menu.\n"
	        "See nonaga(6) for the rules, the keys and the engine protocol.\n"), f);
}

/* getopt_long's values: OPT_BASE + the option's O_ number (beyond any
 * short option's character). */
#define OPT_BASE 256
typedef struct option longopts[O_COUNT * 2 + 1];

/* getopt_long's list, from the table (in the O_ numbers' order). */
static void build_longopts(longopts lo)
{
	int n = 0;
	memset(lo, 0, sizeof(longopts));
	for (int i = 0; i < O_COUNT; i++) {
		const optdef *o = optdef_of(i);
		for (int k = 0; o && k < 2; k++) {
			const char *name = k ? o->alias : o->name;
			if (name)
				lo[n++] = (struct option){ name, o->has_arg, NULL, OPT_BASE + i };
		}
	}
}

/* ------------------------------------------------------------ parsing */

const char *cmdline_lang(int argc, char **argv)
{
	longopts lo;
	const char *lang = NULL;
	int c;
	build_longopts(lo);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1)
		if (c == OPT_BASE + O_LANG && options_lang(optarg))
			lang = options_lang(optarg);
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
		return options_bad(_("nonaga: the level goes after an equals sign: did you "
		             "mean --ai=%s?\n"), n);
	}
	return 0;
}

/* The long options that begin with what was typed (--NAME or --NAME=...),
 * into list; how many.  Spellings of one option (color, colour) count
 * once. */
static int candidates(const longopts lo, const char *arg, char *list,
                      size_t size)
{
	const char *name = arg + 2;
	size_t len = strcspn(name, "=");
	int n = 0, last = -1;
	list[0] = 0;
	for (int i = 0; lo[i].name; i++)
		if (strlen(lo[i].name) == len && !strncmp(lo[i].name, name, len))
			return 1;   /* exactly one of ours */
	for (int i = 0; lo[i].name; i++) {
		if (strncmp(lo[i].name, name, len) || lo[i].val == last)
			continue;
		last = lo[i].val;
		size_t used = strlen(list);
		snprintf(list + used, size - used, "%s--%s", n ? ", " : "",
		         lo[i].name);
		n++;
	}
	return n;
}

/* What getopt_long refused, said plainly. */
static int bad_option(const longopts lo, char **argv)
{
	const char *arg = argv[optind - 1];
	char list[256];
	if (optopt == 'h' || (optopt > 0 && optopt < OPT_BASE))
		return options_bad(_("nonaga: unknown option '-%c'\n"), optopt);
	if (!strncmp(arg, "--", 2) && candidates(lo, arg, list, sizeof list) > 1)
		/* TRANSLATORS: %s is what was typed, then the options it could
		   be the beginning of. */
		return options_bad(_("nonaga: option '%s' is ambiguous: it could be %s\n"),
		           arg, list);
	if (optopt == OPT_BASE + O_ANALYZE)
		return options_bad("%s", _("nonaga: --analyze needs the file of a game: "
		                   "--analyze FILE\n"));
	if (optopt == OPT_BASE + O_REPLAY)
		return options_bad("%s", _("nonaga: --replay needs the file of a game: "
		                   "--replay FILE\n"));
	if (optopt >= OPT_BASE)
		return options_bad(_("nonaga: option '%s' needs an argument\n"), arg);
	return options_bad(_("nonaga: unknown or incomplete option '%s'\n"), arg);
}

/* Option id, given after the options marked in given: GO_ON, or refused
 * because another of its group was given (a second value of one that
 * takes an argument would silently replace the first). */
static int excluded(const unsigned char *given, int id)
{
	int g = optdef_of(id)->group;
	if (g == G_NONE)
		return GO_ON;
	for (int i = 0; i < O_COUNT; i++)
		if (given[i] && optdef_of(i)->group == g &&
		    (i != id || optdef_of(i)->has_arg == required_argument))
			return options_bad("%s", _(group_refuses[g]));
	return GO_ON;
}

/* The mode the options given choose: the strongest. */
static const struct mode *chosen_mode(const unsigned char *given)
{
	unsigned bits = 0;
	for (int i = 0; i < O_COUNT; i++)
		if (given[i])
			bits |= optdef_of(i)->chooses;
	size_t m = NMODES - 1;
	while (m > 0 && !(bits & modes[m].bit))
		m--;
	return &modes[m];
}

/* Every option given belongs to the mode: GO_ON, or the first that does
 * not is refused (those that choose another mode first: that is the
 * conflict to tell). */
static int refuse_foreign(const unsigned char *given, const struct mode *m)
{
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < O_COUNT; i++) {
			const optdef *o = optdef_of(i);
			if (!given[i] || (o->modes & m->bit) || (o->chooses != 0) != (pass == 0))
				continue;
			/* (the table gives every option refused in M_TUI, the
			 * weakest mode, a message of its own) */
			const char *msg = o->refused && (o->refused_in & m->bit)
			                  ? o->refused : m->refuses;
			msg = msg ? msg : o->refused;
			/* (a message for a kind of options names the one given) */
			return strstr(msg, "%s") ? options_bad(_(msg), o->name)
			                         : options_bad("%s", _(msg));
		}
	return GO_ON;
}

static void defaults(cmdline *c, const char *lang)
{
	memset(c, 0, sizeof *c);
	c->so.pair_wait = -1;   /* (--pair-wait not given: its default) */
	c->opt.who.mode = MODE_MENU;
	c->opt.who.level = 5;
	c->opt.who.human = -1;
	c->opt.who.rules = NG_STANDARD;
	c->opt.color = COLOR_AUTO;
	c->opt.animation = 1;
	c->opt.warn = WARN_AUTO;
	c->opt.lang = lang;
	c->bot.level = 5;
	c->bot.games = 1;
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		c->opt.color = COLOR_NEVER;
}

/* The option that getopt_long answered k for (a short option's letter,
 * or OPT_BASE + its O_ number), or -1: a mistake. */
static int option_id(int k)
{
	if (k >= OPT_BASE && k < OPT_BASE + O_COUNT)
		return k - OPT_BASE;
	for (size_t i = 0; i < NOPTDEFS; i++)
		if (optdefs[i].letter && optdefs[i].letter == k)
			return optdefs[i].id;
	return -1;
}

/* The options one by one: GO_ON, or the exit status. */
static int parse(cmdline *c, unsigned char *given, int argc, char **argv)
{
	longopts lo;
	/* ':' first: a missing argument is told apart from an unknown option */
	char letters[8] = ":";
	int k, r, n = 1;
	build_longopts(lo);
	for (size_t i = 0; i < NOPTDEFS; i++)
		if (optdefs[i].letter && n < (int)sizeof letters - 1)
			letters[n++] = optdefs[i].letter;
	opterr = 0;
	while ((k = getopt_long(argc, argv, letters, lo, NULL)) != -1) {
		int id = option_id(k);
		if (id < 0)
			return bad_option(lo, argv);
		if ((r = excluded(given, id)) != GO_ON)
			return r;
		given[id] = 1;
		const optdef *o = optdef_of(id);
		if (o->set && (r = o->set(c, id, optarg)) != GO_ON)
			return r;
	}
	if (given[O_DOOR_KEYS] && optind == argc - 1)
		c->door_key = argv[optind++];   /* --door-keys TYPE KEY */
	else if (given[O_DOOR_KEYS])
		return options_bad("%s", _("nonaga: --door-keys needs the type and the key "
		                   "of an SSH key: --door-keys TYPE KEY\n"));
	if (optind < argc) {
		fprintf(stderr, _("nonaga: unexpected argument '%s'\n"), argv[optind]);
		try_help();
		return 2;
	}
	return GO_ON;
}

run_mode cmdline_parse(cmdline *c, const char *lang, int argc, char **argv)
{
	unsigned char given[O_COUNT] = { 0 };
	defaults(c, lang);
	c->status = level_apart(argc, argv);
	if (c->status)
		return RUN_EXIT;
	int r = parse(c, given, argc, argv);
	const struct mode *m = chosen_mode(given);
	if (r == GO_ON)
		r = refuse_foreign(given, m);
	if (r == GO_ON && given[O_ENGINE_CMD] && given[O_LEVEL])
		r = options_bad("%s", _("nonaga: --engine-cmd and --level do not go together: the "
		                "level is nonaga's own engine's\n"));
	if (r != GO_ON) {
		c->status = r;
		return RUN_EXIT;
	}
	return m->run;
}
