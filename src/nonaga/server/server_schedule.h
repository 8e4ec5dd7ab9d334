/*
 * server_schedule.h - --arena-schedule SPEC (server_schedule.c): the
 * arenas an administrator runs every day, SPEC being
 * HH:MM/MINUTES/M+I[/RULES][,...] (UTC; MINUTES 1-720; RULES standard,
 * the default, or simple).  Read by the options, to refuse a bad one at
 * once, and by the server (server_arena.c), which makes each.
 */
#ifndef NONAGA_SERVER_SCHEDULE_H
#define NONAGA_SERVER_SCHEDULE_H

#define SCHEDULE_MAX 8

typedef struct arena_slot {
	int at;               /* minutes after midnight, UTC */
	int minutes;          /* its length */
	char clock[16];       /* M+I */
	int simple;           /* its rules: simple (1) or standard */
} arena_slot;

/* The slots of spec into out (SCHEDULE_MAX at most): how many, or -1
 * when spec is not one. */
int schedule_parse(const char *spec, arena_slot *out);

#endif
