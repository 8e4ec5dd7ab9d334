/* main.c - command line of the nonaga program. */
#include "cli.h"
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, _("Usage: nonaga [OPTION]...\n"
	             "Play NONAGA, the game of tokens on moving discs, in a terminal.\n"
	             "\n"));
	fputs(_("  --pvp                two players on this terminal\n"
	        "  --ai[=LEVEL]         play against the computer (level 1-10, default 5)\n"
	        "  --as red|blue        your side against the computer (default: random)\n"
	        "  --rules standard|simple\n"
	        "                       rule set (default: standard)\n"
	        "  --ascii              draw with ASCII only\n"
	        "  --color=auto|always|never\n"
	        "                       use colour (default: auto; NO_COLOR means never)\n"
	        "  --no-animation       do not animate moves\n"
	        "  --engine             speak the engine protocol on stdin/stdout\n"
	        "  --help               show this help and exit\n"
	        "  --version            show the version and exit\n"), f);
	fputs(_("\nWithout options, nonaga opens its title menu.\n"
	        "See nonaga(6) for the rules, the keys and the engine protocol.\n"), f);
}

static int bad(const char *what, const char *arg)
{
	fprintf(stderr, _("nonaga: invalid %s: '%s'\n"), what, arg);
	fprintf(stderr, _("Try 'nonaga --help' for more information.\n"));
	return 2;
}

int main(int argc, char **argv)
{
	enum { OPT_PVP = 256, OPT_AI, OPT_AS, OPT_RULES, OPT_ASCII, OPT_COLOR,
	       OPT_NOANIM, OPT_ENGINE, OPT_HELP, OPT_VERSION };
	static const struct option longopts[] = {
		{ "pvp", no_argument, NULL, OPT_PVP },
		{ "ai", optional_argument, NULL, OPT_AI },
		{ "as", required_argument, NULL, OPT_AS },
		{ "rules", required_argument, NULL, OPT_RULES },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "no-animation", no_argument, NULL, OPT_NOANIM },
		{ "engine", no_argument, NULL, OPT_ENGINE },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	options opt = { MODE_MENU, 5, -1, NG_STANDARD, 0, COLOR_AUTO, 1, NULL, 0 };
	int engine = 0, c;

	setlocale(LC_ALL, "");
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		opt.color = COLOR_NEVER;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_PVP:
			opt.mode = MODE_PVP;
			break;
		case OPT_AI:
			opt.mode = MODE_AI;
			if (optarg) {
				char *end;
				long v = strtol(optarg, &end, 10);
				if (*end || end == optarg || v < NG_LEVEL_MIN || v > NG_LEVEL_MAX)
					return bad(_("level"), optarg);
				opt.level = (int)v;
			}
			break;
		case OPT_AS:
			if (!strcmp(optarg, "red"))
				opt.human_side = NG_RED;
			else if (!strcmp(optarg, "blue"))
				opt.human_side = NG_BLUE;
			else
				return bad(_("side"), optarg);
			break;
		case OPT_RULES:
			if (!strcmp(optarg, "standard"))
				opt.rules = NG_STANDARD;
			else if (!strcmp(optarg, "simple"))
				opt.rules = NG_SIMPLE;
			else
				return bad(_("rule set"), optarg);
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
				return bad(_("colour mode"), optarg);
			break;
		case OPT_NOANIM:
			opt.animation = 0;
			break;
		case OPT_ENGINE:
			engine = 1;
			break;
		case OPT_HELP:
			usage(stdout);
			return 0;
		case OPT_VERSION:
			printf("nonaga %s\n", NG_VERSION);
			return 0;
		default:
			if (optopt >= OPT_PVP || optopt == 0)
				fprintf(stderr, _("nonaga: unknown or incomplete option '%s'\n"),
				        argv[optind - 1]);
			else
				fprintf(stderr, _("nonaga: unknown option '-%c'\n"), optopt);
			fprintf(stderr, _("Try 'nonaga --help' for more information.\n"));
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, _("nonaga: unexpected argument '%s'\n"), argv[optind]);
		fprintf(stderr, _("Try 'nonaga --help' for more information.\n"));
		return 2;
	}
	if (engine)
		return engine_main();
	return tui_main(&opt);
}
