/*
 * identity_test.c - who is who on `nonaga --serve' (nonaga(6), ONLINE,
 * Who is who): a name belongs for good to the first that used it (an
 * account by its uid, a door player by its key, the TCP players
 * together), and nobody gets another's seat, settings or games.
 *
 * The SSH door's rules run here without root or sshd: the server's
 * --gateway is this test's own account, so that its Unix connections say
 * `as FINGERPRINT ADDR ...' as the door would (test/door_test.sh drives
 * the real door through sshd, as root).  The accounts made after a door
 * player took their name are real ones (useradd) when the test runs as
 * root, else that part says it skipped.
 */
#include "srvtest.h"
#include <pwd.h>
#include <sys/stat.h>

static char login[64];   /* this test's account */
static char key[64];     /* the TCP key of the server running */

static void use_dir(const char *sub)
{
	snprintf(sock, sizeof sock, "%s/%s.sock", dir, sub);
	snprintf(logpath, sizeof logpath, "%s/%s.log", dir, sub);
	snprintf(state, sizeof state, "%s/%s", dir, sub);
}

static void read_key(void)
{
	char path[400];
	snprintf(path, sizeof path, "%s/key", state);
	FILE *f = fopen(path, "r");
	key[0] = 0;
	if (f && fgets(key, sizeof key, f))
		key[strcspn(key, "\n")] = 0;
	if (f)
		fclose(f);
}

/* A fingerprint of the test's own: SHA256: and 43 base64 characters. */
static const char *fpr(int i)
{
	static char buf[4][64];
	snprintf(buf[i & 3], sizeof buf[0], "SHA256:identitytestkey%028d", i);
	return buf[i & 3];
}

/* A connection through the door: the answer to `as FPR - REST' in got. */
static int door(tc *t, int k, const char *rest, char *got, size_t size)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "as %s -%s%s", fpr(k), rest[0] ? " " : "", rest);
	got[0] = 0;
	return tc_unix(t, sock) == 0 && tc_expect(t, "welcome ", NULL, 0, 3000) &&
	       tc_send(t, "%s", cmd) == 0 && tc_expect(t, "", got, size, 3000);
}

/* Over TCP with the key, as name: the welcome (or error) in got. */
static int tcp_as(tc *t, int port, const char *name, char *got, size_t size)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "login %s %s", key, name);
	got[0] = 0;
	if (tc_tcp(t, port) < 0 || !tc_expect(t, "hello ", NULL, 0, 3000) ||
	    tc_send(t, "%s", cmd) < 0)
		return 0;
	return tc_expect(t, "", got, size, 3000);
}

static int file_is(const char *name, const char *want)
{
	char path[400], buf[4096];
	snprintf(path, sizeof path, "%s/%s", state, name);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	if (strcmp(buf, want))
		fprintf(stderr, "%s is '%s', not '%s'\n", name, buf, want);
	return !strcmp(buf, want);
}

/* What was sent to t is read (up to a ping's answer). */
static void drain(tc *t)
{
	tc_send(t, "ping");
	tc_expect(t, "ok pong", NULL, 0, 3000);
}

/* Nothing came to t since drain: the next line is a ping's answer. */
static int quiet(tc *t, char *got, size_t size)
{
	tc_send(t, "ping");
	return tc_expect(t, "", got, size, 3000) && !strcmp(got, "ok pong");
}

/* Does the state's file `names' hold the line? */
static int names_line(const char *line)
{
	char path[400], buf[512];
	int found = 0;
	snprintf(path, sizeof path, "%s/names", state);
	FILE *f = fopen(path, "r");
	while (f && fgets(buf, sizeof buf, f))
		found |= !strcmp(buf, line);
	if (f)
		fclose(f);
	if (!found)
		fprintf(stderr, "names has no line '%s'\n", line);
	return found;
}

static void door_names(void)
{
	tc a, b, c;
	char got[512], want[512];
	snprintf(want, sizeof want, "name %s", login);
	CHECK(door(&a, 1, want, got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "the door refuses a login of this host as a name: %s", got);
	snprintf(want, sizeof want, "as %s -", fpr(1));
	CHECK(tc_ask(&a, got, sizeof got, want) && !strncmp(got, "error need-name ", 16),
	      "... and keeps no player of the key: %s", got);
	tc_close(&a);
	char upper[64];
	for (size_t i = 0; i <= strlen(login); i++)
		upper[i] = (char)(login[i] >= 'a' && login[i] <= 'z' ? login[i] - 32 : login[i]);
	snprintf(want, sizeof want, "name %s", upper);
	CHECK(door(&a, 1, want, got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "... nor the login in capitals (%s): %s", upper, got);
	tc_close(&a);
	CHECK(door(&a, 1, "name carol", got, sizeof got) && !strcmp(got, "welcome carol"),
	      "a new key chooses the name carol: %s", got);
	CHECK(tc_answer(&a, "settings set language=ja level=3", "ok", got, sizeof got),
	      "carol keeps settings: %s", got);
	CHECK(tc_ask(&a, got, sizeof got, "host g1 red") && !strncmp(got, "ok seat red ", 12),
	      "carol hosts g1 as Red: %s", got);
	CHECK(door(&b, 2, "name Carol", got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "another key cannot take Carol, carol's twin in case: %s", got);
	tc_close(&b);
	CHECK(door(&b, 2, "name carol.tcp", got, sizeof got) &&
	      !strcmp(got, "error name-taken names ending in .tcp are for players over TCP"),
	      "nor a name marked as the TCP players': %s", got);
	tc_close(&b);
	char code[64] = "";
	CHECK(tc_ask(&a, got, sizeof got, "code") && sscanf(got, "ok code %63s", code) == 1,
	      "carol asks for a one-time code: %s", got);
	snprintf(want, sizeof want, "code %s", code);
	CHECK(door(&b, 2, want, got, sizeof got) && !strcmp(got, "welcome carol"),
	      "the code makes a second key carol: %s", got);
	CHECK(tc_ask(&b, got, sizeof got, "settings") && !strcmp(got, "ok 2"),
	      "... with carol's two settings: %s", got);
	CHECK(tc_answer(&b, "mine", "ok 1", got, sizeof got), "... and carol's game: %s", got);
	CHECK(door(&c, 3, want, got, sizeof got) && !strncmp(got, "error code-refused ", 19) &&
	      tc_closed(&c, 3000), "a code is good once: %s", got);
	tc_close(&c);
	CHECK(door(&c, 3, "code 0123456789abcdef0123456789abcdef", got, sizeof got) &&
	      !strncmp(got, "error code-refused ", 19) && tc_closed(&c, 3000),
	      "a wrong code is refused and closed: %s", got);
	tc_close(&c);
	snprintf(want, sizeof want, "%s carol\n%s carol\n", fpr(1), fpr(2));
	CHECK(file_is("door-players", want), "door-players holds carol's two keys only");
	tc_close(&b);
	tc_close(&a);
}

/* join NAME red|blue against a seat another player holds: game-full, and
 * the seat's token is never shown.  carol (door keys 1 and 2) holds g1's
 * red seat, away now. */
static void seats_by_side(int port)
{
	tc a, d, m;
	char got[512], token[64] = "", line[512];
	CHECK(door(&a, 1, "", got, sizeof got) && !strcmp(got, "welcome carol"),
	      "carol comes back by her key: %s", got);
	CHECK(tc_ask(&a, got, sizeof got, "join g1") && sscanf(got, "ok seat red %63s", token) == 1,
	      "... to her red seat of g1: %s", got);
	drain(&a);
	CHECK(door(&d, 4, "name dave", got, sizeof got) && !strcmp(got, "welcome dave"),
	      "dave comes through the door: %s", got);
	CHECK(tc_answer(&d, "join g1 red", "error game-full the red seat of g1 is carol's", got,
	                sizeof got) && !strstr(got, token), "over Unix dave cannot take carol's red "
	      "seat by its side: %s", got);
	CHECK(quiet(&a, line, sizeof line), "carol keeps it, told nothing: %s", line);
	CHECK(tc_ask(&d, got, sizeof got, "join g1 blue") && !strncmp(got, "ok seat blue ", 13) &&
	      !strstr(got, token), "dave takes the free blue seat: %s", got);
	tc_close(&a);   /* carol away: her seat is still hers */
	CHECK(tc_answer(&d, "join g1 red", "error game-full the red seat of g1 is carol's", got,
	                sizeof got), "nor while carol is away: %s", got);
	CHECK(tcp_as(&m, port, "mallory", got, sizeof got) && !strcmp(got, "welcome mallory"),
	      "mallory logs in over TCP: %s", got);
	CHECK(tc_answer(&m, "join g1 red", "error game-full the red seat of g1 is carol's", got,
	                sizeof got), "over TCP mallory cannot take carol's seat: %s", got);
	CHECK(tc_answer(&m, "join g1 blue", "error game-full the blue seat of g1 is dave's", got,
	                sizeof got), "... nor dave's: %s", got);
	CHECK(quiet(&m, line, sizeof line), "... and is shown no token: %s", line);
	CHECK(tc_ask(&m, got, sizeof got, "games") && !strncmp(got, "ok 1", 4),
	      "one game: %s", got);
	tc_close(&m);
	CHECK(door(&a, 2, "", got, sizeof got) && !strcmp(got, "welcome carol"),
	      "carol's second key is carol: %s", got);
	snprintf(line, sizeof line, "ok seat red %s", token);
	CHECK(tc_answer(&a, "join g1 red", line, got, sizeof got),
	      "... and takes her own red seat by its side: %s", got);
	tc_close(&a);
	tc_close(&d);
}

/* Over TCP the key makes nobody a host user or a door player. */
static void tcp_names(int port)
{
	tc t, u;
	char got[512], want[128];
	CHECK(tcp_as(&t, port, "carol", got, sizeof got) && !strcmp(got, "welcome carol.tcp"),
	      "over TCP carol, a door player's name, is carol.tcp: %s", got);
	CHECK(tc_answer(&t, "mine", "ok 0", got, sizeof got), "... who has none of carol's "
	      "games: %s", got);
	CHECK(tc_answer(&t, "settings", "ok 0", got, sizeof got), "... nor her settings: %s", got);
	CHECK(tc_answer(&t, "join g1 red", "error game-full the red seat of g1 is carol's", got,
	                sizeof got), "... nor her seat: %s", got);
	tc_close(&t);
	snprintf(want, sizeof want, "welcome %s.tcp", login);
	CHECK(tcp_as(&t, port, login, got, sizeof got) && !strcmp(got, want),
	      "over TCP %s, a login of this host, is %s.tcp: %s", login, login, got);
	CHECK(door(&u, 5, "name erin", got, sizeof got) && !strcmp(got, "welcome erin"),
	      "erin comes through the door: %s", got);
	snprintf(want, sizeof want, "host g2 red for %s", login);
	CHECK(tc_ask(&u, got, sizeof got, want) && !strncmp(got, "ok seat red ", 12),
	      "erin hosts g2 for %s: %s", login, got);
	snprintf(want, sizeof want, "error invited g2 is for %s only", login);
	CHECK(tc_answer(&t, "join g2", want, got, sizeof got),
	      "the TCP player cannot take the seat kept for the account: %s", got);
	tc_close(&t);
	tc_close(&u);
	CHECK(tcp_as(&t, port, "zed", got, sizeof got) && !strcmp(got, "welcome zed"),
	      "a name nobody has is the TCP players': %s", got);
	tc_close(&t);
	CHECK(tcp_as(&t, port, "ZED", got, sizeof got) && !strcmp(got, "welcome zed"),
	      "... spelt as first used: %s", got);
	tc_close(&t);
	CHECK(tcp_as(&t, port, "CAROL", got, sizeof got) && !strcmp(got, "welcome carol.tcp"),
	      "CAROL over TCP is carol.tcp too: %s", got);
	tc_close(&t);
	CHECK(door(&u, 6, "name Zed", got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "the door refuses it afterwards: %s", got);
	tc_close(&u);
	snprintf(want, sizeof want, "%s.tcp tcp\n", login);
	CHECK(names_line(want) && names_line("carol.tcp tcp\n") &&
	      names_line("mallory tcp\n") && names_line("zed tcp\n"),
	      "the names file keeps the TCP names");
}

/* After a restart every name has the same owner. */
static void restart(pid_t *pid)
{
	tc t;
	char got[512];
	int port = 0;
	CHECK(srv_stop(*pid, SIGTERM) == 0, "the server stops");
	*pid = start(2, "--gateway", login, &port);
	CHECK(*pid > 0, "... and starts again");
	read_key();
	CHECK(door(&t, 7, "name zed", got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "after the restart zed is still the TCP players': %s", got);
	tc_close(&t);
	CHECK(tcp_as(&t, port, "carol", got, sizeof got) && !strcmp(got, "welcome carol.tcp"),
	      "... and carol the door player's: %s", got);
	tc_close(&t);
}

/* The first line after the greeting that the account user gets on the
 * server's Unix socket (a child process of that uid), into got. */
static int run_as(const char *user, char *got, size_t size)
{
	int p[2];
	struct passwd *pw = getpwnam(user);
	got[0] = 0;
	if (!pw || pipe(p) < 0)
		return 0;
	pid_t child = fork();
	if (child == 0) {
		tc t;
		char line[512] = "(nothing)";
		close(p[0]);
		if (setgid(pw->pw_gid) == 0 && setuid(pw->pw_uid) == 0 &&
		    tc_unix(&t, sock) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000))
			tc_expect(&t, "", line, sizeof line, 3000);
		if (write(p[1], line, strlen(line)) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	ssize_t n = child > 0 ? read(p[0], got, size - 1) : -1;
	got[n > 0 ? n : 0] = 0;
	close(p[0]);
	if (child > 0)
		waitpid(child, NULL, 0);
	return n > 0;
}

static int account(const char *verb, const char *user)
{
	char cmd[160];
	snprintf(cmd, sizeof cmd, "%s %s >/dev/null 2>&1", verb, user);
	return system(cmd) == 0;
}

/* Real accounts made after a door player took their name (root only). */
static void accounts(void)
{
	char u1[32], u2[32], got[512], want[512], token[64] = "";
	tc a, b;
	if (geteuid() != 0) {
		printf("identity: skipped: the part with real accounts needs root (useradd)\n");
		return;
	}
	snprintf(u1, sizeof u1, "ngid%d", (int)(getpid() % 100000));
	snprintf(u2, sizeof u2, "ngie%d", (int)(getpid() % 100000));
	if (system("command -v useradd >/dev/null && command -v userdel >/dev/null") != 0) {
		printf("identity: skipped: the part with real accounts: there is no useradd\n");
		return;
	}
	if (getpwnam(u1) || getpwnam(u2)) {
		printf("identity: skipped: the part with real accounts: %s or %s exists\n", u1, u2);
		return;
	}
	chmod(dir, 0711);   /* (the socket is 0666) */
	snprintf(want, sizeof want, "name %s", u1);
	CHECK(door(&a, 10, want, got, sizeof got) && !strncmp(got, "welcome ", 8) &&
	      !strcmp(got + 8, u1), "a door player chooses %s: %s", u1, got);
	CHECK(tc_answer(&a, "settings set language=ja", "ok", got, sizeof got) &&
	      tc_answer(&a, "ignore dave", "ok", got, sizeof got) &&
	      tc_ask(&a, got, sizeof got, "host g3 red") && sscanf(got, "ok seat red %63s", token) == 1,
	      "... keeps a setting, ignores dave and hosts g3: %s", got);
	drain(&a);
	int made = account("useradd -M", u1);
	CHECK(made, "useradd %s", u1);
	snprintf(want, sizeof want, "error login-refused on this server the name %s belongs to "
	         "a player of the SSH door, who took it before your account was made: ask the "
	         "administrator for another login (nonaga(6), Who is who)", u1);
	CHECK(made && run_as(u1, got, sizeof got) && !strcmp(got, want),
	      "the account %s made later is refused: %s", u1, got);
	CHECK(quiet(&a, got, sizeof got), "the door player is told nothing: %s", got);
	CHECK(tc_answer(&a, "settings", "ok 1", got, sizeof got) &&
	      tc_answer(&a, "mine", "ok 1", got, sizeof got), "... and keeps the setting and g3");
	snprintf(want, sizeof want, "ok seat red %s", token);
	CHECK(tc_answer(&a, "join g3 red", want, got, sizeof got), "... and the seat: %s", got);
	tc_close(&a);
	if (made)
		account("userdel", u1);
	/* the reverse: an account first, then a stranger at the door */
	made = account("useradd -M", u2);
	CHECK(made, "useradd %s", u2);
	snprintf(want, sizeof want, "name %s", u2);
	CHECK(door(&b, 11, want, got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "the door refuses %s, an account's login: %s", u2, got);
	tc_close(&b);
	CHECK(made && run_as(u2, got, sizeof got) && !strncmp(got, "welcome ", 8) &&
	      !strcmp(got + 8, u2), "the account %s is welcomed: %s", u2, got);
	snprintf(got, sizeof got, "%s uid %lu\n", u2,
	         getpwnam(u2) ? (unsigned long)getpwnam(u2)->pw_uid : 0UL);
	CHECK(names_line(got), "... and its name kept as its uid's");
	if (made)
		account("userdel", u2);
	CHECK(door(&b, 11, want, got, sizeof got) && !strncmp(got, "error name-taken ", 17),
	      "when the account is gone the door still refuses %s: %s", u2, got);
	tc_close(&b);
}

static char client[1024];   /* what `nonaga --list' said in unix_login */

/* A server of its own, no gateway, on the state prepared by file (its
 * text): the Unix connection of this test's account gets got, and what
 * the client program says is in client. */
static int unix_login(const char *sub, const char *file, const char *text, char *got, size_t size)
{
	char path[400];
	use_dir(sub);
	mkdir(state, 0700);
	snprintf(path, sizeof path, "%s/%s", state, file);
	FILE *f = text ? fopen(path, "w") : NULL;
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	unlink(logpath);   /* (start waits for the log to say it serves) */
	pid_t pid = start(1, NULL, NULL, NULL);
	tc t;
	int ok = pid > 0 && tc_unix(&t, sock) == 0 && tc_expect(&t, "hello ", NULL, 0, 3000) &&
	         tc_expect(&t, "", got, size, 3000);
	if (ok && !strncmp(got, "error ", 6))
		ok = tc_closed(&t, 3000);
	tc_close(&t);
	char cmd[800];
	snprintf(cmd, sizeof cmd, "LANG=C.UTF-8 LANGUAGE=en %s --list --server unix:%s 2>&1",
	         nonaga, sock);
	FILE *out = popen(cmd, "r");
	size_t n = out ? fread(client, 1, sizeof client - 1, out) : 0;
	client[n] = 0;
	if (out)
		pclose(out);
	srv_stop(pid, SIGTERM);
	return ok;
}

/* The account's login is another's: refused, with what to do. */
static void logins(void)
{
	char got[512], text[512], want[512];
	snprintf(text, sizeof text, "%s %s\n", fpr(9), login);
	snprintf(want, sizeof want, "error login-refused on this server the name %s belongs to "
	         "a player of the SSH door, who took it before your account was made: ask the "
	         "administrator for another login (nonaga(6), Who is who)", login);
	CHECK(unix_login("door", "door-players", text, got, sizeof got) && !strcmp(got, want),
	      "an account whose login a door player has is refused, then closed: %s", got);
	snprintf(want, sizeof want, "login %s (uid %lu) refused: the name is owned by a player "
	         "of the SSH door (%s) since before; give the account another login (usermod -l)",
	         login, (unsigned long)geteuid(), fpr(9));
	CHECK(log_has(want), "... the log tells the administrator whose it is");
	snprintf(want, sizeof want, "nonaga: the server refused: error login-refused on this "
	         "server the name %s belongs to a player of the SSH door", login);
	CHECK(!strncmp(client, want, strlen(want)), "... and the program tells its user: %s",
	      client);
	snprintf(text, sizeof text, "%s uid %lu\n", login, (unsigned long)geteuid() + 4242);
	snprintf(want, sizeof want, "error login-refused on this server the name %s belongs to "
	         "another account: ask the administrator for another login (nonaga(6), Who is "
	         "who)", login);
	CHECK(unix_login("uid", "names", text, got, sizeof got) && !strcmp(got, want),
	      "a login another uid used first is refused: %s", got);
	snprintf(text, sizeof text, "%s tcp\n", login);
	CHECK(unix_login("tcp", "names", text, got, sizeof got) &&
	      !strncmp(got, "error login-refused ", 20) && strstr(got, "players over TCP"),
	      "a login the TCP players used first is refused: %s", got);
	snprintf(want, sizeof want, "welcome %s", login);
	CHECK(unix_login("mine", "players", NULL, got, sizeof got) && !strcmp(got, want),
	      "a login nobody has is welcomed: %s", got);
	snprintf(text, sizeof text, "%s uid %lu\n", login, (unsigned long)geteuid());
	CHECK(file_is("names", text), "... and kept as its uid's");
	CHECK(unix_login("mine", "players", NULL, got, sizeof got) && !strcmp(got, want),
	      "... which has it after a restart: %s", got);
}

int main(void)
{
	if (srv_setup("identity") < 0)
		return 1;
	struct passwd *pw = getpwuid(geteuid());
	snprintf(login, sizeof login, "%s", pw ? pw->pw_name : "");
	CHECK(login[0], "this test's account has a login");
	use_dir("s");
	int port = 0;
	pid_t pid = start(1, "--gateway", login, &port);
	CHECK(pid > 0 && port > 0, "the server starts with --gateway %s", login);
	if (pid > 0) {
		read_key();
		door_names();
		seats_by_side(port);
		tcp_names(port);
		restart(&pid);
		accounts();
		srv_stop(pid, SIGTERM);
	}
	logins();
	return srv_done("identity");
}
