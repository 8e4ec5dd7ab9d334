/*
 * net.h - what the online server and its clients share below the
 * protocol: addresses, sockets, who is on the other end of a Unix socket,
 * and the checks on text that comes from another player.  No curses, no
 * libevent: plain sockets, so that the server, the clients and the tests
 * use the same code.
 */
#ifndef NONAGA_NET_H
#define NONAGA_NET_H

#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>

/* The protocol's version, in the greeting "hello nonaga-online 1". */
#define NET_PROTO 1
/* Bytes in a line, without its newline. */
#define NET_LINE_MAX 4096
/* Names of games and players: [A-Za-z0-9_.-], at most this many bytes
 * (see net_name_ok). */
#define NET_NAME_MAX 32
/* Bytes of a chat message. */
#define NET_CHAT_MAX 300
/* A clock of days a move ("clock 2d"): 1 to this many days. */
#define NET_DAYS_MAX 30
/* A TCP key: 128 random bits as 32 lowercase hex digits. */
#define NET_KEY_HEX 32

typedef struct net_addr {
	int unix_socket;            /* 1: path; 0: host and port */
	char path[108];             /* sun_path */
	char host[256];
	char port[16];
} net_addr;

/* Parse "unix:PATH" or "HOST:PORT" ("[V6]:PORT" for IPv6 literals).
 * 0, or a negative code with a message (English, for the log) in msg:
 * NET_ADDR_BAD for a shape that is none of those, else which part is
 * wrong (a client turns the code into the player's own words:
 * netclient_addr_error). */
enum { NET_ADDR_BAD = -1, NET_ADDR_NOPATH = -2, NET_ADDR_LONG = -3, NET_ADDR_PORT = -4,
       NET_ADDR_HOST = -5 };
int net_parse_addr(const char *text, net_addr *a, char *msg, size_t size);
/* "unix:PATH" or "HOST:PORT", for messages. */
void net_addr_text(const net_addr *a, char *buf, size_t size);

/* The default address: $XDG_RUNTIME_DIR/nonaga/server.sock, or
 * /tmp/nonaga-UID/server.sock.  With make_dir, the directory is created
 * (mode 0700) and refused when it is a symbolic link, belongs to another
 * user or is open to others.  0, or -1 with a message. */
int net_default_addr(net_addr *a, int make_dir, char *msg, size_t size);

/* Listening sockets, non-blocking and close-on-exec: a Unix socket (an
 * old socket file that nobody answers on is replaced; one that answers is
 * "in use"; mode is the socket file's mode), or every address HOST:PORT
 * resolves to (up to max).  How many fds, or -1 with a message. */
int net_listen(const net_addr *a, int mode, int *fds, int max,
               char *msg, size_t size);
/* A blocking connection, or -1 with errno set and a message (English, for
 * logs; a client says errno in its own words); EHOSTUNREACH when the host
 * does not resolve. */
int net_connect(const net_addr *a, char *msg, size_t size);
/* write(2) for a client's socket, without SIGPIPE: a server gone is an
 * error (EPIPE) for the client to tell, not the end of the program. */
ssize_t net_write(int fd, const void *buf, size_t n);

/* The user on the other end of a Unix socket, by login name (or "uidN"
 * when it has none), and its uid.  0, or -1. */
int net_peer_name(int fd, char *name, size_t size, unsigned long *uid);
/* This process's own login name, the same way. */
void net_own_name(char *name, size_t size);

/* A name of a game or player: 1 to NET_NAME_MAX bytes of [A-Za-z0-9_.-],
 * not beginning with '.' or '-'. */
int net_name_ok(const char *s);
/* Text from a player (chat): valid UTF-8, at most max bytes, without any
 * control character (C0, DEL, C1) and without bidirectional overrides. */
int net_text_ok(const char *s, size_t max);
/* Valid UTF-8 of n bytes, without control characters except tab. */
int net_line_ok(const char *s, size_t n);

/* 128 random bits as NET_KEY_HEX hex digits and a NUL.  0, or -1. */
int net_random_hex(char out[NET_KEY_HEX + 1]);

#endif
