/*
 * savetool.c - drives src/nonaga/savefile.c for the shell tests
 * (test/save_test.sh, test/save_crash_test.sh).  One command per run:
 *
 *   savetool dir                     save_dir: print the state directory
 *   savetool save DIR N BACK [ai red|blue LEVEL]
 *                                    a game of N random moves (seed N), BACK
 *                                    of them undone, saved; prints its state
 *   savetool load DIR                save_load: prints the state, or the
 *                                    status and the message
 *   savetool read FILE [quarantine]  save_read
 *   savetool archive DIR N           save_archive: prints the name
 *   savetool export FILE N [replace] save_export
 *   savetool discard DIR             save_discard
 *   savetool exists DIR              save_exists: prints yes or no
 *   savetool loop DIR LOG            plays and saves forever (until killed),
 *                                    see save_crash_test.sh
 *
 * A state is printed as "ok DATE PLY LENGTH MODE HUMAN LEVEL REDO POSITION".
 * Exit status: 0 ok, 1 none, 2 bad, 3 error, 4 usage.
 */
#include "nonaga.h"
#include "savefile.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

/* A game's information for a mode, the human's side and a level. */
static void info_new(save_info *si, start_mode mode, int human, int level)
{
	lineup who = { mode, human, level, NG_STANDARD };
	save_info_new(si, &who);
}

static uint64_t rng;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void random_move(ng_game *g)
{
	static ng_movelist l;
	int n = ng_generate(ng_game_pos(g), &l);
	if (n > 0)
		ng_game_play(g, l.m[next() % (uint64_t)n]);
}

static ng_game *make_game(int n, int back)
{
	rng = 0x9e3779b97f4a7c15u ^ (uint64_t)n * 0x100000001b3u;
	ng_game *g = ng_game_new(n % 2 ? NG_SIMPLE : NG_STANDARD);
	for (int i = 0; i < n && ng_game_result(g) == NG_NONE; i++)
		random_move(g);
	for (int i = 0; i < back; i++)
		ng_game_undo(g);
	return g;
}

static void print_state(const ng_game *g, const save_info *si)
{
	char pos[NG_POS_TEXT];
	ng_pos_format(ng_game_pos(g), pos);
	printf("ok %s %d %d %s %s %d %d %s\n", si->date[0] ? si->date : "-",
	       ng_game_ply(g), ng_game_length(g), si->who.mode == MODE_AI ? "ai" : "pvp",
	       si->who.human == NG_BLUE ? "blue" : "red", si->who.level,
	       ng_game_can_redo(g), pos);
}

static int report(save_status st, const char *msg)
{
	static const char *const names[] = { "ok", "none", "bad", "error" };
	if (st != SAVE_OK)
		printf("%s\n%s\n", names[st], st == SAVE_NONE ? "" : msg);
	return (int)st;
}

/*
 * The crash test's player: resume DIR/current.save (or start a game), then
 * play random moves for ever, saving the state it found and the state
 * after each move.  Each game is dated 2000-01-01 plus its number in
 * seconds, so that "DATE PLY" names a state.  Before each save it appends
 * that line for the state it is about to write to LOG, and "saved" after
 * it: so what is on disk is the last state logged, or, when no "saved"
 * follows it (killed in between), possibly the one logged before.
 */
static int loop(const char *dir, const char *log)
{
	static char msg[SAVE_MSG];
	int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return 3;
	ng_game *g = NULL;
	save_info si;
	long game = 0;
	save_status st = save_load(dir, 1, &g, &si, msg);
	if (st == SAVE_OK) {
		struct tm tm;
		memset(&tm, 0, sizeof tm);
		if (!strptime(si.date, "%Y-%m-%dT%H:%M:%SZ", &tm))
			return 3;
		game = (tm.tm_mday - 1) * 86400L + tm.tm_hour * 3600L +
		       tm.tm_min * 60L + tm.tm_sec;
	} else if (st != SAVE_NONE) {
		fprintf(stderr, "savetool loop: %s\n", msg);
		return 3;
	}
	rng = 0x9e3779b97f4a7c15u ^ (uint64_t)getpid() << 17;
	for (int first = 1;; first = 0) {
		if (!g || (!first && ng_game_result(g) != NG_NONE)) {
			if (g)
				game++;
			ng_game_free(g);
			g = ng_game_new(game % 2 ? NG_SIMPLE : NG_STANDARD);
			info_new(&si, MODE_AI, game % 3 ? NG_RED : NG_BLUE,
			              1 + (int)(game % 10));
			time_t t = 946684800 + game;
			struct tm tm;
			gmtime_r(&t, &tm);
			strftime(si.date, sizeof si.date, "%Y-%m-%dT%H:%M:%SZ", &tm);
		} else if (!first) {
			random_move(g);
		}
		char line[128];
		int n = snprintf(line, sizeof line, "%s %d\n", si.date, ng_game_ply(g));
		if (write(fd, line, (size_t)n) != n)
			return 3;
		if (save_game(dir, 1, g, &si, msg) != SAVE_OK) {
			fprintf(stderr, "savetool loop: %s\n", msg);
			return 3;
		}
		if (write(fd, "saved\n", 6) != 6)
			return 3;
	}
}

int main(int argc, char **argv)
{
	static char msg[SAVE_MSG];
	char path[PATH_MAX];
	ng_game *g = NULL;
	save_info si;
	save_status st;
	if (argc < 2)
		return 4;
	const char *cmd = argv[1];
	if (!strcmp(cmd, "dir") && argc == 2) {
		st = save_dir(path, sizeof path, msg);
		if (st == SAVE_OK)
			printf("%s\n", path);
		return report(st, msg);
	}
	if (argc < 3)
		return 4;
	const char *arg = argv[2];
	if (!strcmp(cmd, "save") && argc >= 5) {
		g = make_game(atoi(argv[3]), atoi(argv[4]));
		info_new(&si, MODE_PVP, NG_RED, 5);
		if (argc == 8 && !strcmp(argv[5], "ai"))
			info_new(&si, MODE_AI, strcmp(argv[6], "blue") ? NG_RED : NG_BLUE,
			              atoi(argv[7]));
		st = save_game(arg, 1, g, &si, msg);
		if (st == SAVE_OK)
			print_state(g, &si);
	} else if (!strcmp(cmd, "load") && argc == 3) {
		st = save_load(arg, 1, &g, &si, msg);
		if (st == SAVE_OK)
			print_state(g, &si);
	} else if (!strcmp(cmd, "read") && argc <= 4) {
		ng_record_info *info = malloc(sizeof *info);
		st = save_read(arg, argc == 4, &g, info, msg);
		if (st == SAVE_OK) {
			char pos[NG_POS_TEXT];
			ng_pos_format(ng_game_pos(g), pos);
			printf("ok %s %d %d %s|%s %s\n", info->date, ng_game_ply(g),
			       ng_game_length(g), info->red, info->blue, pos);
		}
		free(info);
	} else if (!strcmp(cmd, "archive") && argc == 4) {
		g = make_game(atoi(argv[3]), 0);
		info_new(&si, MODE_PVP, NG_RED, 5);
		st = save_archive(arg, g, &si, path, sizeof path, msg);
		if (st == SAVE_OK)
			printf("%s\n", path);
	} else if (!strcmp(cmd, "export") && argc >= 4) {
		g = make_game(atoi(argv[3]), 0);
		info_new(&si, MODE_AI, NG_BLUE, 3);
		st = save_export(arg, g, &si, argc == 5, msg);
	} else if (!strcmp(cmd, "discard") && argc == 3) {
		st = save_discard(arg, 1, msg);
	} else if (!strcmp(cmd, "exists") && argc == 3) {
		printf("%s\n", save_exists(arg, 1) ? "yes" : "no");
		return 0;
	} else if (!strcmp(cmd, "loop") && argc == 4) {
		return loop(arg, argv[3]);
	} else {
		return 4;
	}
	ng_game_free(g);
	return report(st, msg);
}
