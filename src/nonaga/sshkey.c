/*
 * sshkey.c - SSH public keys: checked, and their fingerprints (sshkey.h).
 */
#include "sshkey.h"
#include "sha256.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char B64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The key types OpenSSH offers for users' keys (not certificates). */
static const char *const TYPES[] = {
	"ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
	"ecdsa-sha2-nistp521", "sk-ssh-ed25519@openssh.com",
	"sk-ecdsa-sha2-nistp256@openssh.com",
};

static int type_ok(const char *type)
{
	for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
		if (!strcmp(type, TYPES[i]))
			return 1;
	return 0;
}

/* Strict base64 (length a multiple of 4, '=' only at the end, the bits
 * after the last byte zero) into out; the bytes, or -1. */
static long b64_decode(const char *s, uint8_t *out, size_t size)
{
	size_t n = strlen(s), o = 0;
	if (n == 0 || n % 4 || n > SSHKEY_B64_MAX)
		return -1;
	size_t pad = s[n - 1] == '=' ? (s[n - 2] == '=' ? 2 : 1) : 0;
	for (size_t i = 0; i < n; i += 4) {
		uint32_t v = 0;
		for (size_t k = 0; k < 4; k++) {
			const char *p = s[i + k] ? strchr(B64, s[i + k]) : NULL;
			if (!p) {
				if (s[i + k] != '=' || i + k < n - pad)
					return -1;
				p = B64;
			}
			v = v << 6 | (uint32_t)(p - B64);
		}
		size_t bytes = i + 4 < n ? 3 : 3 - pad;
		if (o + bytes > size)
			return -1;
		if ((pad == 1 && i + 4 == n && (v & 0xff)) ||
		    (pad == 2 && i + 4 == n && (v & 0xffff)))
			return -1;   /* stray bits */
		for (size_t k = 0; k < bytes; k++)
			out[o++] = (uint8_t)(v >> (16 - 8 * k));
	}
	return (long)o;
}

static void b64_encode_nopad(const uint8_t *in, size_t n, char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)in[i] << 16;
		if (i + 1 < n) v |= (uint32_t)in[i + 1] << 8;
		if (i + 2 < n) v |= in[i + 2];
		size_t chars = n - i >= 3 ? 4 : n - i + 1;
		for (size_t k = 0; k < chars; k++)
			out[o++] = B64[(v >> (18 - 6 * k)) & 63];
	}
	out[o] = 0;
}

/* The blob of a key: its length, or -1 when it is not one of type. */
static long blob(const char *type, const char *b64, uint8_t *out, size_t size)
{
	if (!type_ok(type))
		return -1;
	long n = b64_decode(b64, out, size);
	size_t tl = strlen(type);
	if (n < 4)
		return -1;
	uint32_t len = (uint32_t)out[0] << 24 | (uint32_t)out[1] << 16 |
	               (uint32_t)out[2] << 8 | out[3];
	if (len != tl || (size_t)n < 4 + tl + 4 || memcmp(out + 4, type, tl))
		return -1;
	return n;
}

int sshkey_ok(const char *type, const char *b64)
{
	uint8_t buf[SSHKEY_B64_MAX / 4 * 3];
	return blob(type, b64, buf, sizeof buf) > 0;
}

int sshkey_fingerprint(const char *type, const char *b64,
                       char out[SSHKEY_FPR_LEN + 1])
{
	uint8_t buf[SSHKEY_B64_MAX / 4 * 3], d[SHA256_BYTES];
	long n = blob(type, b64, buf, sizeof buf);
	if (n <= 0)
		return -1;
	sha256(buf, (size_t)n, d);
	memcpy(out, "SHA256:", 7);
	b64_encode_nopad(d, sizeof d, out + 7);
	return 0;
}

int sshkey_from_auth(const char *text, char out[SSHKEY_FPR_LEN + 1])
{
	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");
		char line[SSHKEY_B64_MAX + 128];
		if (len < sizeof line && !strncmp(p, "publickey ", 10)) {
			memcpy(line, p, len);
			line[len] = 0;
			char *type = line + 10, *key = strchr(type, ' ');
			if (key) {
				*key++ = 0;
				key[strcspn(key, " ")] = 0;   /* (no comment is
				                                * given, but allow one) */
				return sshkey_fingerprint(type, key, out);
			}
		}
		p += len + (p[len] == '\n');
	}
	return -1;
}

int sshkey_fpr_ok(const char *s)
{
	return strlen(s) == SSHKEY_FPR_LEN && !strncmp(s, "SHA256:", 7) &&
	       strspn(s + 7, B64) == SSHKEY_FPR_LEN - 7;
}
