/*
 * server_record.c - a game as the store keeps it (an srec) and its record,
 * both ways: the text of games/NAME.rec and finished/ (the record format of
 * nonaga(6) with the server's keys: Mode: online, Game, Event (an arena's game), Clock, Red-time,
 * Blue-time, For, Red-token, Blue-token, How, Winner, Draw-offer and
 * Takeback-offer, Red-rating and Blue-rating, Rated (no: a casual game; without it,
 * as in older records, rated), Id and Seq), and a parsed
 * record's keys back into a copy.  The store (server_store.c) reads and
 * writes the files; this file only converts.
 */
#include "server.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *record_offer_word(int side)
{
	return side == NG_RED ? "red" : side == NG_BLUE ? "blue" : "-";
}

/* "red", "blue" or "-" into *side (NG_RED/NG_BLUE + 1, or 0): 0, or -1. */
int record_offer_from(int *side, const char *word)
{
	*side = !strcmp(word, "red") ? NG_RED + 1 : !strcmp(word, "blue") ? NG_BLUE + 1 : 0;
	return *side || !strcmp(word, "-") ? 0 : -1;
}

static void set(ng_record_info *info, const char *key, const char *value)
{
	if (value[0])
		ng_record_set(info, key, value);
}

char *record_text(const srec *r)
{
	ng_record_info info;
	char buf[64];
	memset(&info, 0, sizeof info);
	snprintf(info.date, sizeof info.date, "%s", r->date);
	snprintf(info.red, sizeof info.red, "%s", r->player[0]);
	snprintf(info.blue, sizeof info.blue, "%s", r->player[1]);
	set(&info, "Mode", "online");
	set(&info, "Game", r->name);
	if (r->clock_min) {
		game_clock_word(r->clock_min, r->clock_inc, r->clock_days, buf, sizeof buf);
		set(&info, "Clock", buf);
		snprintf(buf, sizeof buf, "%lld", (long long)r->left_ms[0]);
		set(&info, "Red-time", buf);
		snprintf(buf, sizeof buf, "%lld", (long long)r->left_ms[1]);
		set(&info, "Blue-time", buf);
	}
	set(&info, "Event", r->event);
	set(&info, "For", r->invited);
	set(&info, "Red-token", r->token[0]);
	set(&info, "Blue-token", r->token[1]);
	set(&info, "How", r->how);
	if (r->offer)
		set(&info, "Draw-offer", record_offer_word(r->offer - 1));
	if (r->takeback)
		set(&info, "Takeback-offer", record_offer_word(r->takeback - 1));
	set(&info, "Red-rating", r->rated[0]);
	set(&info, "Blue-rating", r->rated[1]);
	set(&info, "Rated", r->casual ? "no" : "");
	/* Result is the rules' result after the last move (the record
	 * format's contract); a game over by resignation, time, abandon or
	 * agreement has its outcome here. */
	if (r->how[0])
		set(&info, "Winner", ng_result_name(r->result));
	snprintf(buf, sizeof buf, "%llu", r->id);
	set(&info, "Id", buf);
	snprintf(buf, sizeof buf, "%llu", r->seq);
	set(&info, "Seq", buf);
	char *text = NULL;
	if (ng_record_write(r->g, &info, &text) != NG_OK)
		return NULL;
	return text;
}

/* 2026-11-25T08:40:00Z, id 7, g1 -> 20261125T084000Z-7-g1.rec */
void record_finished_name(const srec *r, char *name, size_t size)
{
	char stamp[32];
	size_t k = 0;
	for (const char *p = r->date; *p && k + 1 < sizeof stamp; p++)
		if (*p != '-' && *p != ':')
			stamp[k++] = *p;
	stamp[k] = 0;
	snprintf(name, size, "%s-%llu-%s.rec", stamp, r->id, r->name);
}

unsigned long long record_number(const ng_record_info *info, const char *key)
{
	const char *v = ng_record_get(info, key);
	return v ? strtoull(v, NULL, 10) : 0;
}

static void seat_from(srec *r, int side, const char *name, const char *token)
{
	if (net_name_ok(name))
		snprintf(r->player[side], sizeof r->player[side], "%s", name);
	if (token && strlen(token) == NET_KEY_HEX &&
	    strspn(token, "0123456789abcdef") == NET_KEY_HEX)
		snprintf(r->token[side], sizeof r->token[side], "%s", token);
}

/* The copy r (made for the record's game, its id set by the caller) as
 * the record's keys say: the date, the invitation, the seats, the clocks,
 * the ratings, casual or rated, the offers and how it ended. */
void record_fill(srec *r, const ng_record_info *info)
{
	r->seq = record_number(info, "Seq");
	if (strlen(info->date) < sizeof r->date)
		memcpy(r->date, info->date, strlen(info->date) + 1);
	const char *ev = ng_record_get(info, "Event");
	if (ev && net_name_ok(ev))
		snprintf(r->event, sizeof r->event, "%s", ev);
	const char *inv = ng_record_get(info, "For");
	if (inv && net_name_ok(inv))
		snprintf(r->invited, sizeof r->invited, "%s", inv);
	seat_from(r, 0, info->red, ng_record_get(info, "Red-token"));
	seat_from(r, 1, info->blue, ng_record_get(info, "Blue-token"));
	const char *t = ng_record_get(info, "Clock"), *how = ng_record_get(info, "How");
	if (t && game_parse_clock(t, &r->clock_min, &r->clock_inc, &r->clock_days) < 0)
		r->clock_min = r->clock_inc = r->clock_days = 0;
	if (r->clock_days)
		r->clock_min = r->clock_days * 1440;
	if (r->clock_min && (t = ng_record_get(info, "Red-time")))
		r->left_ms[0] = atoll(t);
	if (r->clock_min && (t = ng_record_get(info, "Blue-time")))
		r->left_ms[1] = atoll(t);
	static const char *const rated[2] = { "Red-rating", "Blue-rating" };
	for (int side = 0; side < 2; side++)
		if ((t = ng_record_get(info, rated[side])) && strlen(t) < sizeof r->rated[side])
			snprintf(r->rated[side], sizeof r->rated[side], "%s", t);
	r->casual = (t = ng_record_get(info, "Rated")) && !strcmp(t, "no");
	if ((t = ng_record_get(info, "Draw-offer")))
		record_offer_from(&r->offer, t);
	if ((t = ng_record_get(info, "Takeback-offer")))
		record_offer_from(&r->takeback, t);
	const char *winner = ng_record_get(info, "Winner");
	r->result = info->result;
	if (how && winner && ng_result_from_name(winner, &r->result) != NG_OK)
		r->result = info->result;
	if (how && strlen(how) < sizeof r->how)
		snprintf(r->how, sizeof r->how, "%s", how);
	else if (info->result != NG_NONE)
		snprintf(r->how, sizeof r->how, "rules");
}
