/*
 * sshkey.h - the SSH public keys of the door (cli_door.c): checking a key
 * offered to sshd (type and base64), and its fingerprint as ssh-keygen -l
 * prints it ("SHA256:" and the unpadded base64 of the SHA-256 of the key's
 * blob), which is the player's identity.  No I/O.
 */
#ifndef NONAGA_SSHKEY_H
#define NONAGA_SSHKEY_H

#include <stddef.h>

/* "SHA256:" and 43 characters. */
#define SSHKEY_FPR_LEN 50
/* The base64 of a key accepted, at most (an RSA key of 16384 bits fits). */
#define SSHKEY_B64_MAX 4096

/* Is type a key type the door accepts, and b64 strict base64 of a key
 * blob of that type (whose first field names the same type)?  1 or 0. */
int sshkey_ok(const char *type, const char *b64);

/* The fingerprint of a key sshkey_ok accepts into out (SSHKEY_FPR_LEN + 1
 * bytes); 0, or -1 when it is not one. */
int sshkey_fingerprint(const char *type, const char *b64,
                       char out[SSHKEY_FPR_LEN + 1]);

/* The key that opened the session, from the text of $SSH_USER_AUTH's
 * file (sshd's ExposeAuthInfo: lines "publickey TYPE BASE64"): the first
 * publickey line's fingerprint into out; 0, or -1 when there is none. */
int sshkey_from_auth(const char *text, char out[SSHKEY_FPR_LEN + 1]);

/* Is s a fingerprint as sshkey_fingerprint writes them?  1 or 0. */
int sshkey_fpr_ok(const char *s);

#endif
