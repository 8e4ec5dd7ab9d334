/*
 * sha256.h - SHA-256 (FIPS 180-4), for the fingerprints of SSH keys
 * (sshkey.c): a small one of our own rather than a new dependency.
 */
#ifndef NONAGA_SHA256_H
#define NONAGA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32

/* The digest of n bytes at data into out. */
void sha256(const void *data, size_t n, uint8_t out[SHA256_BYTES]);

#endif
