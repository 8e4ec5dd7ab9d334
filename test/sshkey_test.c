/*
 * sshkey_test.c - SHA-256 (src/nonaga/sha256.c) against FIPS 180-4's
 * examples, and the SSH door's keys (src/nonaga/sshkey.c): fingerprints
 * as ssh-keygen -lf printed them for these keys, and what is refused.
 */
#include "sha256.c"
#include "sshkey.c"
#include "tap.h"
#include <stdio.h>

static int digest_is(const char *msg, size_t n, const char *hex)
{
	uint8_t d[SHA256_BYTES];
	char got[2 * SHA256_BYTES + 1];
	sha256(msg, n, d);
	for (int i = 0; i < SHA256_BYTES; i++)
		snprintf(got + 2 * i, 3, "%02x", d[i]);
	return !strcmp(got, hex);
}

#define ED25519 "AAAAC3NzaC1lZDI1NTE5AAAAIBrMFV0+w2MQ5EZznjy0kreQ6xGpL47HS3Gwdsdrczjt"
#define ED25519_FPR "SHA256:ff+s/V2Co7NM63eeaXBeDutu7Pzd6I+0HxirLd8davI"
#define ECDSA "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBLkPCavJeo3c01IOULl0groVL3n69H0t01ZMDwAC6ats/ZcQ6aa1um7nOdSrGs8IwsuE6ZV2rQ1k02yxp7/NYFw="
#define ECDSA_FPR "SHA256:ueyiSaoJfaWrNXmQg8kjwiHR1P/Dc2jbLqK1I+9WxNI"

int main(void)
{
	CHECK(digest_is("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
	      "SHA-256 of abc");
	CHECK(digest_is("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
	      "SHA-256 of nothing");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	CHECK(digest_is(two, strlen(two), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
	      "SHA-256 of the 56-byte example (two padding blocks)");
	static char million[1000000];
	memset(million, 'a', sizeof million);
	CHECK(digest_is(million, sizeof million, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
	      "SHA-256 of a million a's");

	char fpr[SSHKEY_FPR_LEN + 1];
	CHECK(sshkey_fingerprint("ssh-ed25519", ED25519, fpr) == 0 && !strcmp(fpr, ED25519_FPR),
	      "the fingerprint of an Ed25519 key is ssh-keygen's");
	CHECK(sshkey_fingerprint("ecdsa-sha2-nistp256", ECDSA, fpr) == 0 && !strcmp(fpr, ECDSA_FPR),
	      "the fingerprint of an ECDSA key (padded base64) is ssh-keygen's");
	CHECK(sshkey_fpr_ok(ED25519_FPR), "a fingerprint looks like one");
	CHECK(!sshkey_fpr_ok("SHA256:abc") && !sshkey_fpr_ok("MD5:" ED25519_FPR),
	      "... and other text does not");

	CHECK(sshkey_ok("ssh-ed25519", ED25519), "a good key is accepted");
	CHECK(!sshkey_ok("ssh-rsa", ED25519), "a key of another type than it says is refused");
	CHECK(!sshkey_ok("ssh-dss", ED25519), "a type the door does not take is refused");
	CHECK(!sshkey_ok("ssh-ed25519", ED25519 "A"), "base64 of a wrong length is refused");
	CHECK(!sshkey_ok("ssh-ed25519", "AAAA" ED25519), "a blob that does not begin with its type is refused");
	char bad[sizeof ED25519];
	memcpy(bad, ED25519, sizeof bad);
	bad[10] = '!';
	CHECK(!sshkey_ok("ssh-ed25519", bad), "a character outside base64 is refused");
	memcpy(bad, ED25519, sizeof bad);
	bad[4] = '=';
	CHECK(!sshkey_ok("ssh-ed25519", bad), "padding inside the text is refused");
	CHECK(!sshkey_ok("ssh-ed25519", ""), "an empty key is refused");

	CHECK(sshkey_from_auth("password\npublickey ssh-ed25519 " ED25519 "\n", fpr) == 0 &&
	      !strcmp(fpr, ED25519_FPR), "the session's key is found in SSH_USER_AUTH's text");
	CHECK(sshkey_from_auth("keyboard-interactive\n", fpr) == -1,
	      "a session opened without a key has none");
	CHECK(sshkey_from_auth("publickey ssh-ed25519 " ED25519 "x\n", fpr) == -1,
	      "a damaged key in it is no key");
	return tests_done("sshkey_test");
}
