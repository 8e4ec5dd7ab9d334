/*
 * client_safety_test.c - `nonaga --client' against servers that lie: a
 * fake server on a Unix socket sends escape sequences, C1 controls,
 * bidirectional overrides and bytes that are not UTF-8 in the lines of
 * another player, or a greeting that is not the protocol's, or nothing
 * at all and closes.  Nothing of it may reach the output as a control
 * character; the client must say what went wrong and exit with status 1.
 */
#include "tap.h"
#include "netc.h"
#include <fcntl.h>

static const char *nonaga;
static char dir[64], path[128];

/* Run the client against a fake server that sends script (then closes);
 * its stdout and stderr into out/err, its exit status returned (128 + N
 * when signal N ended it).  With input: the server then stops reading
 * (shutdown) and input is typed, so that the client writes to a socket
 * nobody reads. */
static int against(const char *script, const char *input, char *out, size_t osize,
                   char *err, size_t esize)
{
	struct sockaddr_un sun;
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	tc_copy(sun.sun_path, sizeof sun.sun_path, path);
	unlink(path);
	int ls = socket(AF_UNIX, SOCK_STREAM, 0);
	if (ls < 0 || bind(ls, (struct sockaddr *)&sun, sizeof sun) < 0 || listen(ls, 1) < 0)
		return -1;
	int po[2], pe[2], pi[2];
	if (pipe(po) < 0 || pipe(pe) < 0 || pipe(pi) < 0)
		return -1;
	char where[160];
	snprintf(where, sizeof where, "unix:%s", path);
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);   /* as a shell starts it (ignored here) */
		dup2(pi[0], 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(pi[1]);
		close(po[0]);
		close(pe[0]);
		execl(nonaga, nonaga, "--client", "--server", where, (char *)NULL);
		_exit(127);
	}
	close(pi[0]);   /* pi[1] stays open: the input has not ended */
	close(po[1]);
	close(pe[1]);
	int c = accept(ls, NULL, NULL);
	if (c >= 0) {
		size_t n = strlen(script);
		if (write(c, script, n) != (ssize_t)n)
			n = 0;
		if (input) {
			tc_sleep_ms(100);   /* the welcome read */
			shutdown(c, SHUT_RD);
			if (write(pi[1], input, strlen(input)) < 0)
				n = 0;
		}
		tc_sleep_ms(200);
		close(c);
	}
	close(ls);
	size_t on = 0, en = 0;
	ssize_t r;
	while (on + 1 < osize && (r = read(po[0], out + on, osize - 1 - on)) > 0)
		on += (size_t)r;
	while (en + 1 < esize && (r = read(pe[0], err + en, esize - 1 - en)) > 0)
		en += (size_t)r;
	out[on] = err[en] = 0;
	close(po[0]);
	close(pe[0]);
	close(pi[1]);
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* No C0 control but newline and tab, no DEL, no C1, no bidi control, and
 * valid UTF-8 throughout. */
static int safe(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	for (; *p; p++) {
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			return 0;
		if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			return 0;
		if (p[0] == 0xe2 && p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae)
			return 0;
		if (*p >= 0x80) {
			int len = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 0;
			if (!len || *p > 0xf4)
				return 0;
			for (int i = 1; i < len; i++)
				if ((p[i] & 0xc0) != 0x80)
					return 0;
			p += len - 1;
		}
	}
	return 1;
}

int main(void)
{
	char out[8192], err[2048];
	nonaga = getenv("NONAGA") ? getenv("NONAGA") : "build/nonaga";
	signal(SIGPIPE, SIG_IGN);
	snprintf(dir, sizeof dir, "/tmp/nonaga-safety-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/fake.sock", dir);

	int s = against("hello nonaga-online 1 nonaga 9\nwelcome bob\n"
	                "chat eve \x1b]0;owned\x07 \x1b[2J\xc2\x9b" "31m red\n"
	                "chat eve \xe2\x80\xae" "desrever \xff\xfe\xc3 done\n"
	                "chat eve caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\ttab\n", NULL, out, sizeof out,
	                err, sizeof err);
	CHECK(s == 1, "a server that closes: exit status 1 (%d)", s);
	CHECK(strstr(err, "the server closed the connection") != NULL, "and says so: %s", err);
	CHECK(strstr(out, "welcome bob\n") != NULL, "the welcome: %s", out);
	CHECK(safe(out), "no control character and only UTF-8 reaches the output: %s", out);
	CHECK(strstr(out, "chat eve ?]0;owned? ?[2J?31m red\n") != NULL,
	      "escape sequences are shown as text: %s", out);
	CHECK(strstr(out, "chat eve ?desrever ??? done\n") != NULL,
	      "a bidi override and bytes that are not UTF-8 become '?'");
	CHECK(strstr(out, "chat eve caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\ttab\n") != NULL,
	      "while UTF-8 text and tabs stay as they are");

	s = against("HTTP/1.1 400 Bad Request\r\n\r\n", NULL, out, sizeof out, err, sizeof err);
	CHECK(s == 1 && strstr(err, "not a nonaga server") && !*out,
	      "a greeting that is not ours: %d [%s]", s, err);
	s = against("hello nonaga-online 1 x\nerror busy \x1b[31mfull\n", NULL, out, sizeof out,
	            err, sizeof err);
	CHECK(s == 1 && strstr(err, "the server refused: error busy ?[31mfull") && safe(err),
	      "a refusal is shown, made safe: %d [%s]", s, err);
	s = against("", NULL, out, sizeof out, err, sizeof err);
	CHECK(s == 1 && strstr(err, "the server closed the connection"),
	      "a server that says nothing and closes: %d [%s]", s, err);
	/* a server gone while the client writes: said, not a SIGPIPE */
	s = against("hello nonaga-online 1 x\nwelcome bob\n", "games\n", out, sizeof out,
	            err, sizeof err);
	CHECK(s == 1 && strstr(err, "the server closed the connection"),
	      "a write to a server that stopped reading: status 1, and said (%d) [%s]", s, err);

	unlink(path);
	rmdir(dir);
	return tests_done("client_safety");
}
