/*
 * play_puzzle.c - the puzzles: positions from src/nonaga/puzzles.txt (made by
 * `make puzzles', test/puzzlegen.c; compiled in), played on play.c's
 * screen with the same board and keys as a game, this file being the
 * other side (game_screen.h) that judges and answers the player's moves;
 * and the puzzles solved kept in the state directory.
 *
 * Two kinds (test/puzzle_check.h proves each one):
 *   win2   win in two: the player's move must leave every reply a winning
 *          slide.  A right move is answered by the computer with the reply
 *          that leaves the fewest winning slides, and the player then wins
 *          with a slide: that solves it.
 *   parry  the opponent threatens to win with its next slide: the player's
 *          move must leave it none.  A right move solves it.
 * A wrong move is refuted on the board: the opponent's winning slide, or
 * (win2) a reply after which no slide of the player's wins.  Then n goes
 * to the next puzzle, p to the previous one and r (or u) tries again.
 *
 * The puzzles solved: DIR/puzzles, a line "# nonaga puzzles solved 1"
 * then the position of each puzzle solved, in the engine's notation; it is
 * written atomically (savefile.c).  A file that cannot be read is moved
 * aside and the count starts again, with a message on the puzzle screen.
 */
#include "game_screen.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { K_WIN2, K_PARRY };

/* the set, one string: "KIND DIFFICULTY MOVES POSITION SOLUTION...\n"... */
static const char set_text[] =
#include "puzzles.inc"
	;

#define PZ_MAXSOL 64
#define PROGRESS_FILE "puzzles"
#define PROGRESS_HEAD "# nonaga puzzles solved 1"

typedef struct puzzle {
	int kind, diff, moves;
	ng_pos pos;
	const char *sol;      /* the solutions in set_text, up to the newline */
	int solved;
} puzzle;

static puzzle *set;
static int nset;
static int progress_read;
static char note[SAVE_MSG];   /* why the progress could not be read */

/* What the screen is at: the puzzle shown and how far it got. */
enum { ST_FIRST, ST_FINISH, ST_DONE };
typedef struct pzrun {
	int i;
	int stage;
	int solved_now;        /* ST_DONE: solved (else failed) */
	int hinted;            /* a hint was shown in this try */
	int nsol;
	ng_move sol[PZ_MAXSOL];
} pzrun;

/* ------------------------------------------------------------- the set */

/* The order shown: the file's (easy to hard), but within a difficulty the
 * two kinds mixed evenly, parry first, each in the file's order: the next
 * puzzle is of the kind whose share shown so far is the smaller, counting
 * each one half way ((taken + 1/2) / count, parry on a tie).  So win in
 * two comes early, not after every parry. */
static void mix_kinds(void)
{
	puzzle *out = calloc((size_t)nset + 1, sizeof *out);
	if (!out)
		return;   /* (the file's order, then) */
	int n = 0;
	for (int from = 0; from < nset;) {
		int to = from, count[2] = { 0, 0 }, taken[2] = { 0, 0 }, at[2];
		while (to < nset && set[to].diff == set[from].diff)
			count[set[to++].kind == K_WIN2 ? 0 : 1]++;
		at[0] = at[1] = from;
		for (int i = from; i < to; i++) {
			/* k: 1 parry, 0 win2; (2t + 1) / 2c compared across */
			int k = count[0] == taken[0] ? 1 : count[1] == taken[1] ? 0
			      : (long)(2 * taken[1] + 1) * count[0] <= (long)(2 * taken[0] + 1) * count[1];
			while ((set[at[k]].kind == K_WIN2) != !k)
				at[k]++;
			out[n++] = set[at[k]++];
			taken[k]++;
		}
		from = to;
	}
	memcpy(set, out, sizeof *set * (size_t)nset);
	free(out);
}

static void load_set(void)
{
	if (set)
		return;
	int lines = 0;
	for (const char *s = set_text; *s; s++)
		lines += *s == '\n';
	set = calloc((size_t)lines + 1, sizeof *set);
	if (!set)
		return;
	for (const char *s = set_text; *s;) {
		const char *end = strchr(s, '\n');
		if (!end)
			break;
		char kind[8], pos[NG_POS_TEXT];
		int diff, moves, used = 0;
		puzzle *pz = &set[nset];
		if (sscanf(s, "%7s %d %d %511s %n", kind, &diff, &moves, pos, &used) == 4 &&
		    ng_pos_parse(&pz->pos, pos, NG_STANDARD) == NG_OK && used > 0 &&
		    s + used <= end) {
			pz->kind = !strcmp(kind, "win2") ? K_WIN2 : K_PARRY;
			pz->diff = diff;
			pz->moves = moves;
			pz->sol = s + used;
			nset++;
		}
		s = end + 1;
	}
	mix_kinds();
}

/* ------------------------------------------------------------ progress */

static int state_dir(char *dir, char *msg)
{
	return save_dir(dir, PATH_MAX, msg) == SAVE_OK;
}

static int find(const ng_pos *pos)
{
	for (int i = 0; i < nset; i++)
		if (ng_pos_same(&set[i].pos, pos))
			return i;
	return -1;
}

/* Read DIR/puzzles once: the puzzles solved.  A bad file, or one that
 * cannot be opened (no permission, a symbolic link), is moved aside and
 * said in note: the next puzzle solved writes a new one, and the old
 * stays for the player to look at. */
static void load_progress(void)
{
	if (progress_read || !set)
		return;
	progress_read = 1;
	char dir[PATH_MAX], path[PATH_MAX + 16], msg[SAVE_MSG];
	if (!state_dir(dir, msg))
		return;
	snprintf(path, sizeof path, "%s/%s", dir, PROGRESS_FILE);
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
	if (fd < 0) {
		int err = errno;
		if (err != ENOENT)
			snprintf(note, sizeof note, _("The puzzles solved cannot be read from %s: %s."),
			         path, strerror(err));
		/* lasting reasons only: a full file table or an interrupted
		 * call says nothing against the file */
		if (err == ELOOP || err == EACCES || err == EPERM)
			save_move_aside(path, note);
		return;
	}
	char *text = NULL;
	size_t len = 0;
	ng_err r = ng_record_read_fd(fd, &text, &len);
	int err = errno;
	close(fd);
	if (r != NG_OK) {
		snprintf(note, sizeof note, _("The puzzles solved cannot be read from %s: %s."),
		         path, strerror(err));
		save_move_aside(path, note);
		return;
	}
	/* the header, then positions; anything else makes the file bad */
	int bad = 0, lineno = 0;
	unsigned char *solved = calloc((size_t)nset + 1, 1);
	if (!solved) {
		free(text);
		progress_read = 0;   /* (out of memory: try again later) */
		return;
	}
	size_t at = 0;
	while (at < len && !bad) {
		size_t e = at;
		while (e < len && text[e] != '\n')
			e++;
		lineno++;
		char line[NG_POS_TEXT];
		size_t l = e - at;
		if (e == len || l >= sizeof line || memchr(text + at, 0, l)) {
			bad = lineno;   /* no newline, too long, a NUL byte */
			break;
		}
		memcpy(line, text + at, l);
		line[l] = 0;
		at = e + 1;
		if (lineno == 1) {
			bad = strcmp(line, PROGRESS_HEAD) ? 1 : 0;
			continue;
		}
		ng_pos pos;
		if (ng_pos_parse(&pos, line, NG_STANDARD) != NG_OK) {
			bad = lineno;
			break;
		}
		int i = find(&pos);   /* a puzzle no longer in the set is forgotten */
		if (i >= 0)
			solved[i] = 1;
	}
	if (lineno == 0)
		bad = 1;
	free(text);
	if (bad) {
		snprintf(note, sizeof note,
		         _("%s, line %d: not a list of puzzles solved; the count starts again."),
		         path, bad);
		save_move_aside(path, note);
	} else {
		for (int i = 0; i < nset; i++)
			set[i].solved |= solved[i];
	}
	free(solved);
}

/* Write DIR/puzzles: 0, or -1 with msg said. */
static int save_progress(char *msg)
{
	char dir[PATH_MAX];
	if (!state_dir(dir, msg))
		return -1;
	size_t size = sizeof PROGRESS_HEAD + 1 + (size_t)nset * NG_POS_TEXT, len;
	char *text = malloc(size);
	if (!text) {
		snprintf(msg, SAVE_MSG, "%s", reason_text(NG_ERR_NOMEM));
		return -1;
	}
	len = (size_t)snprintf(text, size, "%s\n", PROGRESS_HEAD);
	for (int i = 0; i < nset; i++)
		if (set[i].solved) {
			char pt[NG_POS_TEXT];
			ng_pos_format(&set[i].pos, pt);
			len += (size_t)snprintf(text + len, size - len, "%s\n", pt);
		}
	save_status st = save_text(dir, PROGRESS_FILE, text, msg);
	free(text);
	return st == SAVE_OK ? 0 : -1;
}

void puzzle_progress(int *solved, int *total)
{
	load_set();
	load_progress();
	*solved = 0;
	for (int i = 0; i < nset; i++)
		*solved += set[i].solved;
	*total = nset;
}

/* ---------------------------------------------------------- the screen */

static int is_solution(const pzrun *r, ng_move m)
{
	for (int i = 0; i < r->nsol; i++)
		if (ng_move_equal(r->sol[i], m))
			return 1;
	return 0;
}

/* Set puzzle r->i up on the board. */
static void show(play *p, pzrun *r)
{
	const puzzle *pz = &set[r->i];
	r->stage = ST_FIRST;
	r->solved_now = 0;
	r->hinted = 0;
	r->nsol = 0;
	for (const char *s = pz->sol; *s && *s != '\n' && r->nsol < PZ_MAXSOL;) {
		char mt[NG_MOVE_TEXT];
		size_t l = strcspn(s, " \n");
		if (l > 0 && l < sizeof mt) {
			memcpy(mt, s, l);
			mt[l] = 0;
			if (ng_move_parse(&pz->pos, mt, &r->sol[r->nsol]) == NG_OK)
				r->nsol++;
		}
		s += l;
		while (*s == ' ')
			s++;
	}
	ng_game_set(p->g, &pz->pos);
	play_quiet(p);
	play_restart(p, ng_pos_side(&pz->pos));
}

static void finish(play *p, pzrun *r, int solved)
{
	r->stage = ST_DONE;
	r->solved_now = solved;
	play_over(p);
	if (!solved)
		return;
	if (r->hinted) {
		/* A hint gives the answer away: the right move is
		 * acknowledged, but the puzzle is not marked solved. */
		play_say(p, R_NORMAL, "%s",
		         _("Right, with a hint: not counted as solved. r tries again, n goes on."));
		return;
	}
	play_say(p, R_NORMAL, "%s", _("Solved! n goes to the next puzzle."));
	if (!set[r->i].solved) {
		set[r->i].solved = 1;
		char msg[SAVE_MSG];
		if (save_progress(msg) != 0)
			play_say(p, R_MSG, "%s", msg);
	}
}

/* A winning slide for the side to move, if it has one. */
static int winning_slide(const ng_pos *pos, ng_move *out)
{
	if (!ng_pos_threats(pos, ng_pos_side(pos)))
		return 0;
	ng_movelist *l = malloc(sizeof *l);
	int found = 0;
	if (!l)
		return 0;
	ng_generate(pos, l);
	for (int i = 0; i < l->n && !found; i++) {
		ng_pos a = *pos;
		ng_undo u;
		ng_make(&a, l->m[i], &u);
		if (ng_pos_winner(&a) != NG_NONE) {
			*out = l->m[i];
			found = 1;
		}
	}
	free(l);
	return found;
}

/* The reply to a win2 move: the one that leaves the mover (me) the fewest
 * winning slides; with none, a refutation.  0 when there is no reply. */
static int reply(const ng_pos *pos, ng_side me, ng_move *out)
{
	ng_movelist *l = malloc(sizeof *l);
	int best = -1;
	if (!l)
		return 0;
	ng_generate(pos, l);
	for (int i = 0; i < l->n; i++) {
		ng_pos a = *pos;
		ng_undo u;
		ng_make(&a, l->m[i], &u);
		if (ng_pos_winner(&a) != NG_NONE)
			continue;
		int t = ng_pos_threats(&a, me);
		if (best < 0 || t < best) {
			best = t;
			*out = l->m[i];
		}
		if (t == 0)
			break;
	}
	free(l);
	return best >= 0;
}

/* The player's move was played: judge it and answer; what follows is
 * the puzzle's.  (Sentences name each side whole, so that they
 * translate.) */
static int moved(play *p, void *self, ng_move played)
{
	pzrun *r = self;
	int ply = ng_game_ply(p->g);
	if (p->hinted)   /* this try no longer counts as solving it */
		r->hinted = 1;
	if (r->stage == ST_DONE || ply == 0)
		return 1;
	const ng_pos *before = ng_game_pos_at(p->g, ply - 1);
	ng_move m = played;
	int me = ng_pos_side(before);
	int other = !me;
	if (r->stage == ST_FINISH) {
		int won = ng_game_result(p->g) == (me == NG_RED ? NG_RED_WINS : NG_BLUE_WINS);
		if (!won)
			play_say(p, R_MSG, "%s", _("That does not win: one of your slides "
			                           "wins here. r tries again."));
		finish(p, r, won);
		return 1;
	}
	if (is_solution(r, m)) {
		if (set[r->i].kind == K_PARRY) {
			finish(p, r, 1);
			return 1;
		}
		ng_move a;
		if (!reply(cur_pos(p), (ng_side)me, &a) || play_show_move(p, a, 0) != NG_OK) {
			finish(p, r, 1);   /* no reply: nothing left to prove */
			return 1;
		}
		r->stage = ST_FINISH;
		play_say(p, R_NORMAL, "%s", other == NG_RED
		         ? _("Right! Red replied; now win with a slide.")
		         : _("Right! Blue replied; now win with a slide."));
		return 1;
	}
	/* wrong: the refutation, on the board */
	ng_move a = { NG_NOCELL, NG_NOCELL, NG_NOCELL, NG_NOCELL };
	const char *why;
	if (winning_slide(cur_pos(p), &a)) {
		why = other == NG_RED ? _("Not this move: Red wins with a slide.")
		                      : _("Not this move: Blue wins with a slide.");
	} else if (set[r->i].kind == K_WIN2 && reply(cur_pos(p), (ng_side)me, &a)) {
		why = other == NG_RED
		    ? _("Not this move: after Red's reply, no slide wins.")
		    : _("Not this move: after Blue's reply, no slide wins.");
	} else {
		why = _("Not this move.");
	}
	if (a.sf != NG_NOCELL || a.rf != NG_NOCELL)
		play_show_move(p, a, 0);
	finish(p, r, 0);
	/* one line at 80 columns, below the puzzle's task (two lines) */
	play_say(p, R_MSG, "%s %s", why, _("r tries again, n goes on."));
	return 1;
}

static void go(play *p, pzrun *r, int i)
{
	r->i = (i + nset) % nset;
	show(p, r);
}

/* The puzzle screen's keys: next, previous, retry (u and r). */
static int key(play *p, void *self, const event *ev, int *leave)
{
	pzrun *r = self;
	(void)leave;
	switch (ev->act) {
	case ACT_NEW:
		go(p, r, r->i + 1);
		return 1;
	case ACT_REDO: case ACT_UNDO:
		go(p, r, r->i);
		play_say(p, R_NORMAL, "%s", _("Again from the start."));
		return 1;
	case ACT_EXPORT:
		return 1;
	case ACT_OTHER:
		if (ev->key == 'p' || ev->key == 'P') {
			go(p, r, r->i - 1);
			return 1;
		}
		return 0;
	default:
		return 0;
	}
}

/* The panel's lines of a puzzle; the rest are the game's. */
static void panel(const play *p, void *self, panel_text *t)
{
	const pzrun *r = self;
	const puzzle *pz = &set[r->i];
	int me = ng_pos_side(&pz->pos);
	char diff[64];
	snprintf(diff, sizeof diff, _("difficulty %d of 3"), pz->diff);
	/* TRANSLATORS: the puzzle's number and how many there are. */
	int n = snprintf(t->header, sizeof t->header, _("Puzzle %d of %d"), r->i + 1, nset);
	if (n > 0 && (size_t)n < sizeof t->header)
		snprintf(t->header + n, sizeof t->header - (size_t)n, "%s%s%s%s%s%s",
		         G->sep, pz->kind == K_WIN2 ? _("win in two") : _("parry the threat"),
		         G->sep, diff, pz->solved ? G->sep : "", pz->solved ? _("solved") : "");
	if (r->stage == ST_DONE) {
		/* a right answer after a hint is not a solve: the status
		 * says so as the message does */
		snprintf(t->turn, sizeof t->turn, "%s %s", G->token[me],
		         !r->solved_now ? _("Not solved.") :
		         r->hinted ? _("Right with a hint: not counted as solved.")
		         : _("Solved!"));
		t->turn_role = r->solved_now && !r->hinted ? R_WIN : R_MSG;
		snprintf(t->hint, sizeof t->hint, "%s",
		         _("n: next puzzle, p: previous, r: try again, m: menu, q: quit."));
	}
	if (ng_game_ply(p->g) == 0) {   /* later: the last move */
		const char *task;
		if (pz->kind == K_WIN2)
			task = me == NG_RED
			    ? _("Red to win in two: find the move after which every reply of Blue's lets you win with a slide.")
			    : _("Blue to win in two: find the move after which every reply of Red's lets you win with a slide.");
		else
			task = me == NG_RED
			    ? _("Blue threatens to win with its next slide: find a move of Red's that stops it.")
			    : _("Red threatens to win with its next slide: find a move of Blue's that stops it.");
		snprintf(t->last, sizeof t->last, "%s", task);
	}
	/* (the puzzle keys stay on a narrow screen: m is in the help) */
	snprintf(t->keys, sizeof t->keys, "%s",
	         _("arrows, Enter, Esc back, n next, p prev, r retry, t hint, "
	           "? help, q quit"));
	snprintf(t->keys_short, sizeof t->keys_short, "%s",
	         _("n next, p prev, r retry, t hint, ? help, q quit"));
}

static const other_ops puzzle_ops = {
	.moved = moved,
	.key = key,
	.allows = play_allows_nothing,
	.panel = panel,
};

/* The puzzles on the screen, from r->i, with a message to show first (or
 * NULL): PLAY_QUIT or PLAY_MENU. */
static int play_puzzles(const options *opt, pzrun *r, const char *first)
{
	lineup who = { 0 };
	who.mode = MODE_PVP;   /* no computer: the puzzle answers */
	who.rules = NG_STANDARD;
	ng_game *g = ng_game_new(NG_STANDARD);
	if (!g)
		return PLAY_QUIT;
	play P;
	play *p = &P;
	play_init(p, opt, &who, g, (other_side){ &puzzle_ops, r });
	show(p, r);
	if (first)
		play_say(p, R_MSG, "%s", first);
	int result = play_run_screen(p);
	ng_game_free(g);
	return result;
}

int puzzle_run(const options *opt)
{
	load_set();
	load_progress();
	if (nset == 0)
		return PLAY_MENU;
	pzrun r;
	memset(&r, 0, sizeof r);
	while (r.i < nset && set[r.i].solved)
		r.i++;   /* the first one not solved yet */
	if (r.i == nset)
		r.i = 0;   /* all solved: from the start */
	int result = play_puzzles(opt, &r, note[0] ? note : NULL);
	note[0] = 0;   /* told */
	return result;
}
