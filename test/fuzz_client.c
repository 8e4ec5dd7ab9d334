/*
 * fuzz_client.c - libFuzzer target over the online client's reading of
 * what a server sends (src/nonaga/client_proto.c, online_next): the first
 * byte chooses the commands waiting for their answers, the rest arrives
 * as the server's bytes, in pieces as large as the client's buffer.  A
 * server is a stranger on a public host, so besides crashes and sanitizer
 * reports it checks what the screens rely on for every event: names are
 * valid names, "?" (an invalid one) or empty, text is what may be shown on a terminal (valid
 * UTF-8 without control characters but tab) except a move's, which is at
 * most 95 bytes, to be parsed, and codes are at most 31 bytes.  Built and
 * run by `make fuzz' (FUZZ_TIME seconds); seeds in test/fuzz-corpus-client/.
 */
#include "client_proto.h"
#include "fuzz_scratch.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

#define FAIL(...) do { fprintf(stderr, "fuzz_client: " __VA_ARGS__); \
	fputc('\n', stderr); abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int shows_safely(const char *s)
{
	size_t n = strlen(s);
	if (u8_check((const uint8_t *)s, n))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
			return 0;
	return 1;
}

static void check(const online_ev *ev)
{
	const char *names[3] = { ev->name, ev->red, ev->blue };
	for (int i = 0; i < 3; i++)
		if (names[i][0] && strcmp(names[i], "?") && !net_name_ok(names[i]))
			FAIL("event %d: a name that is none: [%s]", ev->kind, names[i]);
	if (ev->kind == OE_MOVED ? strlen(ev->text) > 95 : !shows_safely(ev->text))
		FAIL("event %d: text not safe to show: [%s]", ev->kind, ev->text);
	if (strlen(ev->code) > 31)
		FAIL("event %d: a code too long", ev->kind);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static online on;
	static int once;
	if (!once) {   /* a token kept goes to the scratch directory */
		const char *dir = fuzz_scratch();
		setenv("XDG_STATE_HOME", dir ? dir : "/nonexistent", 1);
		once = 1;
	}
	memset(&on, 0, sizeof on);
	on.fd = -1;
	on.side = -1;
	if (size) {
		for (int i = 0; i < 8; i++)
			on.pending[on.npending++] = (oc_kind)((data[0] >> (i % 4)) % (OC_OTHER + 1));
		data++, size--;
	}
	online_ev ev;
	while (size) {
		size_t n = sizeof on.in - on.inlen;
		if (n > size)
			n = size;
		memcpy(on.in + on.inlen, data, n);
		on.inlen += n;
		data += n, size -= n;
		while (online_next(&on, &ev))
			check(&ev);
		if (on.inlen == sizeof on.in)
			on.inlen = 0;   /* (online_read drops a line this long) */
	}
	return 0;
}
