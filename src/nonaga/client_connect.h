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
	int no_start;           /* no private server is started when none runs */
	const char *as;         /* the SSH door (cli_door.c): "FINGERPRINT ADDR
	                         * [name NAME | code CODE]", said with `as'
	                         * after the welcome of the door's account;
	                         * NULL otherwise */
	char *refusal;          /* with as: the server's error code when it
	                         * refuses (NETCLIENT_CODE bytes), or NULL */
} netclient_opts;

#define NETCLIENT_CODE 32

/* Which server a connection reached. */
typedef enum nc_where {
	NC_GIVEN,     /* --server, NONAGA_SERVER or the settings' server= */
	NC_SHARED,    /* this host's shared server (NETCLIENT_SHARED) */
	NC_PRIVATE    /* the user's own, at the default address */
} nc_where;

typedef struct netclient_info {
	nc_where where;
	int started;            /* this call started the private server */
	int absent;             /* no_start, and no private server runs; or
	                         * the shared server, reached before by this
	                         * process, does not answer */
	int down;               /* NC_GIVEN: no server runs at that address */
	int tcp;                /* the server is reached over TCP */
	const char *server;     /* NC_GIVEN: the address given (lives on) */
} netclient_info;

/*
 * The server to use: o->server, else NONAGA_SERVER, else the settings
 * file's server= (config.c).  When none is given, the host's shared server
 * is used if one answers at NETCLIENT_SHARED (fixed at build time; the
 * environment's NONAGA_SHARED_SOCKET replaces it, empty for none), else
 * the private one at the default address, started when none runs.  Once
 * a process has reached the shared server, it never uses a private one:
 * a shared server found gone later is being restarted, and the call
 * fails (info->absent, where NC_SHARED) until it is back.
 */
#ifndef NETCLIENT_SHARED
#define NETCLIENT_SHARED "/run/nonaga/server.sock"
#endif

/*
 * Connect and log in.  Returns the connected socket (blocking) with the
 * greeting and the welcome read, the player's name in name, and in *info
 * which server it is; or -1 with a message in msg.
 */
int netclient_open(const netclient_opts *o, char *name, size_t name_size,
                   netclient_info *info, char *msg, size_t size);

/* Is a server configured for this program (1) or not (0): the address
 * given (o->server, NONAGA_SERVER, the settings' server=), the door's
 * (o->as), or the host's shared server's socket there?  Nothing is
 * connected to: a server that does not answer counts. */
int netclient_configured(const netclient_opts *o);

/* Why net_parse_addr refused text (its code), in the player's language. */
void netclient_addr_error(int code, const char *text, char *msg, size_t size);

/* One line from fd within timeout_ms, without its newline, read byte by
 * byte (so that nothing after it is taken): 1, 0 on timeout, -1 at the
 * end.  A longer line is cut to size - 1 bytes. */
int netclient_line(int fd, char *buf, size_t size, int timeout_ms);

/* Text from the wire made safe for a terminal: invalid UTF-8 and control
 * characters (C0 but tab, DEL, C1, bidirectional controls) become '?'.
 * out must have room for n + 1 bytes. */
void netclient_clean(const char *in, size_t n, char *out);

#endif
