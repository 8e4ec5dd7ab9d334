/*
 * play_base.c - what every file of the game screen uses: the message
 * line, the sides' names, whose turn it is and what the other side
 * allows (game_screen.h).
 */
#include "game_screen.h"
#include <stdarg.h>
#include <stdio.h>

void play_say(play *p, int role, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	p->msg_role = role;
	p->msg_refusal = 0;
}

void play_quiet(play *p)
{
	p->msg[0] = 0;
	p->msg_refusal = 0;
}

const char *play_side_name(int side)
{
	return side == NG_RED ? _("Red") : _("Blue");
}

int play_human_turn(const play *p)
{
	const other_side *o = &p->them;
	if (!o->ops)   /* two players: each turn is a player's */
		return 1;
	return p->who.human >= 0 && to_move(p) == p->who.human &&
	       (!o->ops->ready || o->ops->ready(p, o->self));
}

int play_choosing(const play *p)
{
	return p->ph == PH_TURN && turn_choosing(&p->t);
}

int play_allows(const play *p)
{
	const other_side *o = &p->them;
	if (!o->ops || !o->ops->allows)
		return OK_SAVE | OK_ASK;
	return o->ops->allows(p, o->self);
}

int play_allows_nothing(const play *p, void *self)
{
	(void)p;
	(void)self;
	return 0;
}
