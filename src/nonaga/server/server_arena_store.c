/*
 * server_arena_store.c - what the store keeps of the arenas: the journal
 * entries (rows of server_entry.c), applied the same way when the server
 * makes them and when a restart replays them,
 *
 *   SEQ arena-new NAME WAIT MINUTES M+I RULES   an arena made
 *   SEQ arena-enter NAME PLAYER                 a player in (or back)
 *   SEQ arena-withdraw NAME PLAYER              a player out
 *   SEQ arena-pair NAME GAME RED BLUE           a game of the arena
 *   SEQ arena-score NAME GAME RESULT            its result counted
 *   SEQ arena-clock NAME T                      its clock ran T seconds
 *
 * and the snapshot of them all, the state directory's file `arenas',
 * written when the store compacts (with the number of the last entry it
 * holds, which replaying skips):
 *
 *   seq SEQ
 *   arena NAME WAIT MINUTES MIN INC RULES T EVENTS
 *   player NAME ENTERED POINTS GAMES WINS STREAK REDS BLUES REACHED SIDE LAST GAME
 *
 * (LAST and GAME "-" when there is none.)  The scoring is lichess's:
 * 2 for a win, 1 for a draw, 0 for a loss, doubled while the player is
 * on a streak of two wins or more.
 */
#include "server_arena.h"
#include "server_entry.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENAS_FILE "arenas"

static struct arenas *all(server *s)
{
	if (!s->arenas)
		s->arenas = calloc(1, sizeof *s->arenas);
	return s->arenas;
}

arena *arena_find(server *s, const char *name)
{
	for (arena *a = s->arenas ? s->arenas->list : NULL; a; a = a->next)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

arena_player *arena_player_of(arena *a, const char *name)
{
	for (int i = 0; i < a->np; i++)
		if (!strcmp(a->p[i].name, name))
			return &a->p[i];
	return NULL;
}

int arena_started(const arena *a)
{
	return a->t >= a->wait;
}

long arena_left(const arena *a)
{
	long end = a->wait + 60L * a->minutes;
	return a->t < end ? end - a->t : 0;
}

int arena_over(const arena *a)
{
	return arena_left(a) == 0;
}

static int rank_cmp(const void *x, const void *y)
{
	const arena_player *a = *(arena_player *const *)x, *b = *(arena_player *const *)y;
	if (a->points != b->points)
		return b->points - a->points;
	if (a->wins != b->wins)
		return b->wins - a->wins;
	if (a->reached != b->reached)
		return a->reached < b->reached ? -1 : 1;
	return strcmp(a->name, b->name);
}

arena_player **arena_ranking(const arena *a)
{
	arena_player **v = malloc(((size_t)a->np + 1) * sizeof *v);
	if (!v)
		return NULL;
	for (int i = 0; i < a->np; i++)
		v[i] = &a->p[i];
	qsort(v, (size_t)a->np, sizeof *v, rank_cmp);
	return v;
}

void arena_winner(const arena *a, char *out, size_t size)
{
	arena_player **v = arena_ranking(a);
	snprintf(out, size, "%s", v && a->np && v[0]->games ? v[0]->name : "-");
	free(v);
}

static void arena_drop(server *s, arena *a)
{
	for (arena **p = &s->arenas->list; *p; p = &(*p)->next)
		if (*p == a) {
			*p = a->next;
			break;
		}
	arena_stop(a);
	free(a->p);
	free(a);
}

void arenas_free(server *s)
{
	while (s->arenas && s->arenas->list)
		arena_drop(s, s->arenas->list);
	free(s->arenas);
	s->arenas = NULL;
}

/* --------------------------------------------------------------- entries */

/* The arena entry seq changes, or NULL: unknown, or held by the snapshot. */
static arena *of(store *st, unsigned long long seq, const char *name)
{
	server *s = store_server(st);
	if (!all(s) || seq <= s->arenas->seq)
		return NULL;
	return arena_find(s, name);
}

static arena *add(server *s, const char *name)
{
	arena *a = calloc(1, sizeof *a), **p = &s->arenas->list;
	if (!a)
		return NULL;
	a->srv = s;
	snprintf(a->name, sizeof a->name, "%.*s", NET_NAME_MAX, name);
	while (*p)
		p = &(*p)->next;
	*p = a;
	return a;
}

static arena_player *join(arena *a, const char *name)
{
	arena_player *p = arena_player_of(a, name);
	if (p || a->np >= ARENA_PLAYERS_MAX)
		return p;
	if (a->np == a->cap) {
		int cap = a->cap ? 2 * a->cap : 8;
		arena_player *v = realloc(a->p, (size_t)cap * sizeof *v);
		if (!v)
			return NULL;
		a->p = v, a->cap = cap;
	}
	p = &a->p[a->np++];
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%.*s", NET_NAME_MAX, name);
	p->reached = ++a->events;
	return p;
}

int apply_arena_new(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	server *s = store_server(st);
	int min, inc, days;
	ng_rules rules;
	(void)r, (void)n;
	if (!net_name_ok(w[2]) || game_parse_clock(w[5], &min, &inc, &days) < 0 || days ||
	    !min || ng_rules_from_name(w[6], &rules) != NG_OK || atoi(w[4]) < 1)
		return -1;
	if (!all(s))
		return -1;
	if (seq <= s->arenas->seq || arena_find(s, w[2]))
		return 0;   /* the snapshot holds it */
	arena *a = add(s, w[2]);
	if (!a)
		return -1;
	a->wait = atoi(w[3]);
	a->minutes = atoi(w[4]);
	a->min = min, a->inc = inc, a->rules = rules;
	return 0;
}

int apply_arena_enter(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	arena *a = of(st, seq, w[2]);
	(void)r, (void)n;
	if (!a)
		return 0;
	arena_player *p = join(a, w[3]);
	if (!p)
		return -1;
	p->entered = 1;
	return 0;
}

int apply_arena_withdraw(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	arena *a = of(st, seq, w[2]);
	(void)r, (void)n;
	arena_player *p = a ? arena_player_of(a, w[3]) : NULL;
	if (!p)
		return 0;
	if (p->games || p->game[0]) {
		p->entered = 0;   /* its score stays in the standings */
		return 0;
	}
	*p = a->p[--a->np];   /* (the order of the array is not the ranking's) */
	return 0;
}

int apply_arena_pair(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	arena *a = of(st, seq, w[2]);
	(void)r, (void)n;
	if (!a)
		return 0;
	arena_player *p[2] = { arena_player_of(a, w[4]), arena_player_of(a, w[5]) };
	if (!p[0] || !p[1] || !net_name_ok(w[3]))
		return -1;
	for (int side = 0; side < 2; side++) {
		snprintf(p[side]->game, sizeof p[side]->game, "%s", w[3]);
		p[side]->side = side;
		*(side ? &p[side]->blues : &p[side]->reds) += 1;
	}
	return 0;
}

/* A result for one player: won, drew (or lost). */
static void score(arena *a, arena_player *p, const arena_player *o, int pts)
{
	int doubled = p->streak >= 2;
	p->points += doubled ? 2 * pts : pts;
	p->games++;
	if (pts == 2)
		p->wins++, p->streak++;
	else
		p->streak = 0;
	if (pts)
		p->reached = a->events;
	p->game[0] = 0;
	snprintf(p->last, sizeof p->last, "%s", o->name);
}

int apply_arena_score(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	arena *a = of(st, seq, w[2]);
	ng_result res;
	(void)r, (void)n;
	if (!a)
		return 0;
	arena_player *p[2] = { NULL, NULL };
	for (int i = 0; i < a->np; i++)
		if (!strcmp(a->p[i].game, w[3]))
			p[a->p[i].side & 1] = &a->p[i];
	if (!p[0] || !p[1] || ng_result_from_name(w[4], &res) != NG_OK || res == NG_NONE)
		return -1;
	a->events++;
	score(a, p[0], p[1], res == NG_RED_WINS ? 2 : res == NG_DRAW ? 1 : 0);
	score(a, p[1], p[0], res == NG_BLUE_WINS ? 2 : res == NG_DRAW ? 1 : 0);
	return 0;
}

/* The arenas over beyond the ARENAS_KEPT last are forgotten, the oldest
 * first, but never the one that just ended (its clock's caller goes on
 * with it). */
static void prune(server *s, const arena *ended)
{
	int over = 0;
	for (arena *a = s->arenas->list; a; a = a->next)
		over += arena_over(a);
	for (arena *a = s->arenas->list, *next; a && over > ARENAS_KEPT; a = next) {
		next = a->next;
		if (arena_over(a) && a != ended)
			arena_drop(s, a), over--;
	}
}

int apply_arena_clock(store *st, srec *r, unsigned long long seq, char **w, int n)
{
	arena *a = of(st, seq, w[2]);
	(void)r, (void)n;
	if (!a)
		return 0;
	long t = atol(w[3]);
	if (t < a->t)
		return -1;
	a->t = t;
	if (arena_over(a))
		prune(store_server(st), a);
	return 0;
}

/* -------------------------------------------------------------- snapshot */

int arenas_save(server *s, unsigned long long seq)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/%s", s->state, ARENAS_FILE);
	size_t cap = 64, len = 0;
	for (arena *a = s->arenas ? s->arenas->list : NULL; a; a = a->next)
		cap += 160 + (size_t)a->np * 200;
	char *text = malloc(cap);
	if (!text || !all(s))
		return free(text), -1;
	len = (size_t)snprintf(text, cap, "seq %llu\n", seq);
	for (arena *a = s->arenas->list; a; a = a->next) {
		len += (size_t)snprintf(text + len, cap - len, "arena %s %d %d %d %d %s %ld %lu\n",
		                        a->name, a->wait, a->minutes, a->min, a->inc,
		                        ng_rules_name(a->rules), a->t, a->events);
		for (int i = 0; i < a->np; i++) {
			const arena_player *p = &a->p[i];
			len += (size_t)snprintf(text + len, cap - len,
			                        "player %s %d %d %d %d %d %d %d %lu %d %s %s\n", p->name,
			                        p->entered, p->points, p->games, p->wins, p->streak,
			                        p->reds, p->blues, p->reached, p->side,
			                        p->last[0] ? p->last : "-", p->game[0] ? p->game : "-");
		}
	}
	int r = durable_write(s->state, ARENAS_FILE, text, len, DURABLE_REPLACE);
	free(text);
	if (r == 0)
		s->arenas->seq = seq;
	return r;
}

static int load_player(arena *a, const char *line)
{
	char name[64], last[64], game[64];
	arena_player q;
	int k = 0;
	memset(&q, 0, sizeof q);
	if (!a || sscanf(line, "player %63s %d %d %d %d %d %d %d %lu %d %63s %63s%n", name,
	                 &q.entered, &q.points, &q.games, &q.wins, &q.streak, &q.reds, &q.blues,
	                 &q.reached, &q.side, last, game, &k) != 12 || line[k] != '\n' ||
	    !net_name_ok(name) || arena_player_of(a, name))
		return -1;
	arena_player *p = join(a, name);
	if (!p)
		return -1;
	snprintf(q.name, sizeof q.name, "%.*s", NET_NAME_MAX, name);
	snprintf(q.last, sizeof q.last, "%.*s", NET_NAME_MAX, strcmp(last, "-") && net_name_ok(last) ? last : "");
	snprintf(q.game, sizeof q.game, "%.*s", NET_NAME_MAX, strcmp(game, "-") && net_name_ok(game) ? game : "");
	*p = q;
	return 0;
}

int arenas_load(server *s, char *msg, size_t size)
{
	char path[PATH_MAX + 16], line[512], name[64], rules[16];
	if (!all(s))
		return snprintf(msg, size, "out of memory"), -1;
	snprintf(path, sizeof path, "%s/%s", s->state, ARENAS_FILE);
	FILE *f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? 0 : (snprintf(msg, size, "cannot read %s: %s", path,
		                                       strerror(errno)), -1);
	arena *a = NULL;
	int no = 0, bad = 0;
	while (fgets(line, sizeof line, f)) {
		arena q;
		int k = 0;
		no++;
		if (no == 1 && sscanf(line, "seq %llu%n", &s->arenas->seq, &k) == 1 && line[k] == '\n')
			continue;
		if (!strncmp(line, "player ", 7)) {
			if (load_player(a, line) < 0) {
				server_log("%s: line %d is not an arena's player: skipped", path, no);
				bad++;
			}
			continue;
		}
		memset(&q, 0, sizeof q);
		a = NULL;
		if (sscanf(line, "arena %63s %d %d %d %d %15s %ld %lu%n", name, &q.wait, &q.minutes,
		           &q.min, &q.inc, rules, &q.t, &q.events, &k) != 8 || line[k] != '\n' ||
		    !net_name_ok(name) || arena_find(s, name) ||
		    ng_rules_from_name(rules, &q.rules) != NG_OK || q.minutes < 1 || q.min < 1) {
			server_log("%s: line %d is not an arena: skipped", path, no);
			bad++;
			continue;
		}
		if (!(a = add(s, name))) {
			fclose(f);
			return snprintf(msg, size, "out of memory"), -1;
		}
		a->wait = q.wait, a->minutes = q.minutes, a->min = q.min, a->inc = q.inc;
		a->rules = q.rules, a->t = q.t, a->events = q.events;
	}
	fclose(f);
	if (bad)
		damage_keep_snapshot(path, bad);
	return 0;
}
