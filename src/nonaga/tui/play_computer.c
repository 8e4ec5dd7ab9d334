/*
 * play_computer.c - the computer as the other side (game_screen.h): it
 * thinks in a thread of its own (ai_thread.c) while the screen stays live,
 * plays its move animated, and is taken back with the player's move.  When no
 * side was chosen, it draws who plays which at each new game.
 */
#include "game_screen.h"
#include <stdio.h>
#include <stdlib.h>

/* The first k (0 to 3) of the three dots that come and go after "is
 * thinking", in the language's own (Japanese has no ASCII period), then
 * blanks as wide as the rest, so that the line keeps its width. */
static void thinking_dots(int k, char *out, size_t size)
{
	/* TRANSLATORS: three dots that appear one by one while the
	   computer thinks: three characters of your script's own. */
	const char *all = _("...");
	size_t cut = 0;
	for (int n = 0; all[cut] && n < k; n++)
		do
			cut++;
		while (((unsigned char)all[cut] & 0xC0) == 0x80);
	char shown[32];
	snprintf(shown, sizeof shown, "%.*s", (int)(cut < sizeof shown ? cut : 0), all);
	int pad = text_width(all) - text_width(shown);
	snprintf(out, size, "%s%*s", shown, pad > 0 && pad < 16 ? pad : 0, "");
}

/* With animations, the "thinking" line shows for a moment even when the
 * answer is instant, so the reply does not look like part of the
 * player's own move. */
#define MIN_SHOW_MS 400
#define DOTS_MS 400   /* the dots of "thinking" change so often */

typedef struct computer {
	ai *ai;
	int failed;           /* the search failed: do not start it again */
	long long since;      /* when the search started (ms) */
	int draw_side;        /* draw the sides for each new game */
} computer;

static void their_turn(play *p, void *self)
{
	computer *c = self;
	if (c->failed)
		return;
	c->since = input_now_ms();
	if (ai_start(c->ai, p->g, p->who.level) != 0) {
		c->failed = 1;
		play_say(p, R_MSG, _("The computer cannot think: %s."), reason_text(NG_ERR_NOMEM));
	}
}

static int poll(play *p, void *self, int *wait_ms)
{
	computer *c = self;
	if (p->ph != PH_THEIRS || !ai_busy(c->ai))
		return -1;
	int shown = !p->opt->animation || input_now_ms() - c->since >= MIN_SHOW_MS;
	ng_move m;
	ng_err e;
	if (!shown || term_too_small() || !ai_poll(c->ai, &m, &e)) {
		/* the dots of "thinking" move every DOTS_MS; the search's end
		 * wakes the wait (ai_thread.c) */
		long long now = input_now_ms();
		*wait_ms = (int)(DOTS_MS - now % DOTS_MS);
		if (!shown && c->since + MIN_SHOW_MS - now < *wait_ms)
			*wait_ms = (int)(c->since + MIN_SHOW_MS - now);
		if (*wait_ms < 0)
			*wait_ms = 0;
		return -1;
	}
	if (e == NG_OK && p->msg_refusal)
		play_quiet(p);   /* a refusal while it thought: the turn is yours now */
	if (e == NG_OK)
		e = play_show_move(p, m, 0);
	if (e != NG_OK) {
		c->failed = 1;
		play_say(p, R_MSG, _("The computer cannot move: %s."), reason_text(e));
	}
	return -1;
}

static int allows(const play *p, void *self)
{
	(void)self;
	return OK_SAVE | OK_ASK | (p->who.level <= 3 ? OK_WARN : 0);
}

static void stop(play *p, void *self)
{
	computer *c = self;
	(void)p;
	if (ai_busy(c->ai))
		ai_cancel(c->ai);
	c->failed = 0;
}

/* The last ply before which it was the player's turn, or -1. */
static int own_ply(const play *p)
{
	for (int i = ng_game_ply(p->g) - 1; i >= 0; i--)
		if ((int)ng_pos_side(ng_game_pos_at(p->g, i)) == p->who.human)
			return i;
	return -1;
}

/* Back to the last position where it was the player's turn. */
static void undo(play *p, void *self)
{
	stop(p, self);
	int to = own_ply(p);
	/* your move alone when the computer had no reply yet: it won, or the
	 * computer was still thinking */
	if (play_take_back(p, to, to == ng_game_ply(p->g) - 1
	                  ? _("Move taken back (r plays it again).")
	                  : _("Taken back: your move and the computer's "
	                      "reply (r plays them again).")) < 0 &&
	    p->ph == PH_THEIRS)
		their_turn(p, self);   /* nothing taken back: think on */
}

static int new_game(play *p, void *self, int animate)
{
	computer *c = self;
	if (!c->draw_side)
		return -1;
	int human = rand() & 1;
	anim_draw_sides(human, animate && p->opt->animation);
	play_say(p, R_NORMAL, human == NG_RED ? _("You play Red and move first.")
	                                      : _("You play Blue; the computer moves first."));
	return human;
}

static void panel(const play *p, void *self, panel_text *t)
{
	const computer *c = self;
	int me = p->who.human, side = to_move(p);
	char who[200];
	/* TRANSLATORS: the header against the computer: your token's
	   symbol and colour, a separator, the computer's symbol and
	   colour, its level. */
	snprintf(who, sizeof who, _("you: %s %s%scomputer: %s %s, level %d"),
	         G->token[me], play_side_name(me), G->sep,
	         G->token[!me], play_side_name(!me), p->who.level);
	play_header(p, who, t);
	if (p->ph == PH_OVER) {
		const char *won = _("You win!"), *lost = _("The computer wins.");
		play_over_line(p, t, me == NG_RED ? won : lost, me == NG_RED ? lost : won);
	} else if (p->ph == PH_THEIRS) {
		char dots[64];   /* (32 + 16) */
		thinking_dots((int)(input_now_ms() / DOTS_MS % 4), dots, sizeof dots);
		snprintf(t->turn, sizeof t->turn, side == NG_RED
		         /* TRANSLATORS: the token's symbol, then up to three
		            dots that come and go while the computer thinks. */
		         ? _("%s Red (computer) is thinking%s")
		         /* TRANSLATORS: the same for Blue. */
		         : _("%s Blue (computer) is thinking%s"),
		         G->token[side], c->failed ? "" : dots);
		snprintf(t->hint, sizeof t->hint, "%s", own_ply(p) >= 0
		         ? _("Please wait. u takes your last move back, q quits.")
		         : _("Please wait. q quits."));
		/* only the keys that act while it thinks (no choosing, no
		 * hint) */
		if (own_ply(p) >= 0)
			play_set_keys(t, _("u take back, x export, i coordinates, m menu, "
			                   "? help, q quit"),
			              _("u take back, ? help, q quit"), _("? help, q quit"));
		else
			play_set_keys(t, _("x export, i coordinates, m menu, ? help, q quit"),
			              _("? help, q quit"), _("? help, q quit"));
	} else {
		snprintf(t->turn, sizeof t->turn, "%s %s%s%s", G->token[side],
		         side == NG_RED ? _("Red (you) to move") : _("Blue (you) to move"),
		         G->sep, play_step_name(p));
	}
}

static void free_computer(void *self)
{
	computer *c = self;
	ai_free(c->ai);
	free(c);
}

static const other_ops computer_ops = {
	.their_turn = their_turn,
	.poll = poll,
	.allows = allows,
	.undo = undo,
	.stop = stop,
	.new_game = new_game,
	.panel = panel,
	.free = free_computer,
};

int computer_new(other_side *o, const options *opt, int draw_side)
{
	computer *c = calloc(1, sizeof *c);
	if (!c)
		return -1;
	c->ai = ai_new(opt->threads);
	if (!c->ai) {
		free(c);
		return -1;
	}
	c->draw_side = draw_side;
	o->ops = &computer_ops;
	o->self = c;
	return 0;
}
