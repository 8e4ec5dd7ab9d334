/*
 * client_connect.h - reaching the online server from a client: the address
 * (given, or the default one, where a server is started in the background
 * when none answers, the way tmux starts its server), the greeting, the
 * TCP key and the login.  Used by `nonaga --client' and the curses
 * client; no curses here.
 */
#ifndef NONAGA_NETCLIENT_H
#define NONAGA_NETCLIENT_H

#include <stddef.h>
#include "net.h"

typedef struct netclient_opts {
	const char *server;     /* --server ADDR, or NULL for the default */
	const char *key_file;   /* --key-file FILE, or NULL (then NONAGA_KEY) */
	const char *as;         /* the SSH door (cli_door.c): "FINGERPRINT ADDR
	                         * [name NAME | code CODE]", said with `as'
	                         * after the welcome of the door's account;
	                         * NULL otherwise */
	char *refusal;          /* with as: the server's error code when it
	                         * refuses (NETCLIENT_CODE bytes), or NULL */
} netclient_opts;

#define NETCLIENT_CODE 32

/*
 * Connect and log in.  Returns the connected socket (blocking) with the
 * greeting and the welcome read, the player's name in name; or -1 with
 * an English message in msg.  *started is set when this call started a
 * server.
 */
int netclient_open(const netclient_opts *o, char *name, size_t name_size,
                   int *started, char *msg, size_t size);

/* Text from the wire made safe for a terminal: invalid UTF-8 and control
 * characters (C0 but tab, DEL, C1, bidirectional controls) become '?'.
 * out must have room for n + 1 bytes. */
void netclient_clean(const char *in, size_t n, char *out);

#endif
