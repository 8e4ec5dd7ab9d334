/*
 * config.c - the title menu's settings kept between runs, in
 * $XDG_CONFIG_HOME/nonaga/settings (~/.config/nonaga/settings when
 * XDG_CONFIG_HOME is not an absolute path):
 *
 *   level=1..10
 *   side=random|red|blue
 *   rules=standard|simple
 *   language=CODE          (empty: the system's default)
 *   clock=M+I|Dd           the online lobby's Play now clock chosen last
 *   playnow-rules=standard|simple
 *   playnow-rated=rated|casual
 *                          Play now's rules and rating chosen last (written
 *                          when not standard and rated)
 *   server=ADDR            the online server, as --server takes it (set by
 *                          hand; kept when the menu saves)
 *
 * Lines starting with # and empty lines are ignored.  A file with any
 * other line is not used (the defaults are, and the player is told which
 * line is wrong); it is replaced when the settings are next saved.
 * Writing goes to a temporary file renamed over the old one.  No curses.
 */
#include "config.h"
#include "i18n.h"
#include "net.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE_MAX_CFG 256

/* The directory into dir (PATH_MAX); 0 when there is no home. */
static int config_dir(char *dir)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	int n;
	if (xdg && xdg[0] == '/') {
		n = snprintf(dir, PATH_MAX, "%s/nonaga", xdg);
	} else {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/')
			return 0;
		n = snprintf(dir, PATH_MAX, "%s/.config/nonaga", home);
	}
	return n > 0 && n < PATH_MAX - 32;
}

static int parse_line(config *c, char *line)
{
	char *eq = strchr(line, '=');
	if (!eq)
		return 0;
	*eq = 0;
	const char *k = line, *v = eq + 1;
	if (!strcmp(k, "level")) {
		char *end;
		long l = strtol(v, &end, 10);
		if (!*v || *end || l < NG_LEVEL_MIN || l > NG_LEVEL_MAX)
			return 0;
		c->who.level = (int)l;
		c->have_level = 1;
	} else if (!strcmp(k, "side")) {
		if (!strcmp(v, "random"))
			c->who.human = -1;
		else if (!strcmp(v, "red"))
			c->who.human = NG_RED;
		else if (!strcmp(v, "blue"))
			c->who.human = NG_BLUE;
		else
			return 0;
		c->have_side = 1;
	} else if (!strcmp(k, "rules")) {
		if (ng_rules_from_name(v, &c->who.rules) != NG_OK)
			return 0;
		c->have_rules = 1;
	} else if (!strcmp(k, "language")) {
		if (strlen(v) >= sizeof c->lang || strspn(v, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ_@.-0123456789") != strlen(v))
			return 0;
		snprintf(c->lang, sizeof c->lang, "%s", v);
		c->have_lang = 1;
	} else if (!strcmp(k, "clock")) {
		int a, b, used = -1;
		if (sscanf(v, "%d+%d%n", &a, &b, &used) == 2 && used == (int)strlen(v) && a >= 0 &&
		    a <= 999 && b >= 0 && b <= 999 && a + b > 0 && isdigit((unsigned char)*v))
			;
		else if (sscanf(v, "%dd%n", &a, &used) == 1 && used == (int)strlen(v) && a >= 1 &&
		         a <= NET_DAYS_MAX && isdigit((unsigned char)*v))
			;
		else
			return 0;
		snprintf(c->clock, sizeof c->clock, "%s", v);
		c->have_clock = 1;
	} else if (!strcmp(k, "playnow-rules")) {
		if (ng_rules_from_name(v, &c->seek_rules) != NG_OK)
			return 0;
		c->have_seek_rules = 1;
	} else if (!strcmp(k, "playnow-rated")) {
		if (strcmp(v, "rated") && strcmp(v, "casual"))
			return 0;
		c->seek_casual = !strcmp(v, "casual");
		c->have_seek_rated = 1;
	} else if (!strcmp(k, "server")) {
		net_addr a;
		char why[200];
		if (strlen(v) >= sizeof c->server ||
		    (*v && net_parse_addr(v, &a, why, sizeof why) < 0))
			return 0;
		snprintf(c->server, sizeof c->server, "%s", v);
	} else {
		return 0;
	}
	return 1;
}

int config_check(const char *key, const char *value)
{
	char line[LINE_MAX_CFG];
	config scratch = { 0 };
	size_t k = strlen(key), v = strlen(value);
	if (k + v + 2 > sizeof line || strchr(key, '='))
		return 0;
	for (const char *p = value; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return 0;
	memcpy(line, key, k);
	line[k] = '=';
	memcpy(line + k + 1, value, v + 1);
	return parse_line(&scratch, line);
}

void config_words(const config *c, int all, char sep, char *out, size_t size)
{
	size_t n = 0;
	out[0] = 0;
	if (all || c->have_level)
		n += (size_t)snprintf(out + n, size - n, "level=%d%c", c->who.level, sep);
	if ((all || c->have_side) && n < size)
		n += (size_t)snprintf(out + n, size - n, "side=%s%c", c->who.human < 0 ?
		                      "random" : c->who.human == NG_RED ? "red" : "blue", sep);
	if ((all || c->have_rules) && n < size)
		n += (size_t)snprintf(out + n, size - n, "rules=%s%c",
		                      ng_rules_name(c->who.rules), sep);
	if ((all || c->have_lang) && n < size)
		n += (size_t)snprintf(out + n, size - n, "language=%s%c", c->lang, sep);
	if ((c->have_clock || (all && c->clock[0])) && n < size)
		n += (size_t)snprintf(out + n, size - n, "clock=%s%c", c->clock, sep);
	int seek = all && (c->seek_rules != NG_STANDARD || c->seek_casual);
	if ((c->have_seek_rules || seek) && n < size)
		n += (size_t)snprintf(out + n, size - n, "playnow-rules=%s%c",
		                      ng_rules_name(c->seek_rules), sep);
	if ((c->have_seek_rated || seek) && n < size)
		n += (size_t)snprintf(out + n, size - n, "playnow-rated=%s%c",
		                      c->seek_casual ? "casual" : "rated", sep);
	if (n > 0 && n < size && sep == ' ')
		out[n - 1] = 0;   /* no space at the end */
}

int config_load(config *c, char *msg, size_t size)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	memset(c, 0, sizeof *c);
	msg[0] = 0;
	if (!config_dir(dir))
		return 0;
	snprintf(path, sizeof path, "%s/settings", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[LINE_MAX_CFG];
	int n = 0, ok = 1;
	while (ok && fgets(line, sizeof line, f)) {
		n++;
		size_t len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = 0;
		else if (!feof(f))
			ok = 0;   /* a line too long to be ours */
		if (ok && len && line[0] != '#')
			ok = parse_line(c, line);
	}
	fclose(f);
	if (!ok) {
		memset(c, 0, sizeof *c);
		/* TRANSLATORS: the settings file and the line number. */
		snprintf(msg, size, _("%s, line %d, is not a setting: the defaults "
		                      "are used."), path, n);
		return -1;
	}
	return 0;
}

int config_save(const config *c, char *msg, size_t size)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], tmp[PATH_MAX + 48];
	msg[0] = 0;
	if (!config_dir(dir))
		return 0;
	/* mkdir -p, mode 0700 for what is made */
	for (char *p = dir + 1;; p++) {
		if (*p && *p != '/')
			continue;
		char ch = *p;
		*p = 0;
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			snprintf(msg, size, _("Cannot create the directory %s: %s"), dir,
			         strerror(errno));
			return -1;
		}
		*p = ch;
		if (!ch)
			break;
	}
	snprintf(path, sizeof path, "%s/settings", dir);
	snprintf(tmp, sizeof tmp, "%s/.settings.%ld.tmp", dir, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(msg, size, _("Cannot save %s: %s"), path, strerror(errno));
		return -1;
	}
	char words[LINE_MAX_CFG];
	config_words(c, 1, '\n', words, sizeof words);
	fprintf(f, "# nonaga settings, written by the title menu\n%s", words);
	if (c->server[0])
		fprintf(f, "server=%s\n", c->server);
	int bad = ferror(f);
	bad |= fflush(f) != 0 || fsync(fileno(f)) != 0;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path) != 0) {
		int err = errno;
		unlink(tmp);
		snprintf(msg, size, _("Cannot save %s: %s"), path, strerror(err));
		return -1;
	}
	return 0;
}
