#!/usr/bin/env python3
# bench_door.py - the driver of `make bench-door' (test/bench_door.sh, which
# starts the server and sshd): N ssh sessions, each on a pty of its own
# (80x24) with its own key, arriving RATE a second; each types a name at
# the door's first question and comes to the lobby.  Prints the login
# times (ssh started -> the door's "Name:"; name typed -> the lobby), the
# memory of a session (PSS of the door account's processes and of their
# sshd monitors, divided by N), the machine's CPU while all sit idle in
# the lobby, and a move's round trip for PAIRS pairs that each play one:
# the mover's last Enter -> the first byte on the opponent's terminal.
#   bench_door.py SSH_CMD... -- USER KEYDIR N RATE PAIRS IDLE_S
import fcntl, os, pty, select, struct, sys, termios, time

i = sys.argv.index("--")
ssh, (user, keydir, n, rate, pairs, idle_s) = sys.argv[1:i], sys.argv[i + 1:]
n, rate, pairs, idle_s = int(n), float(rate), int(pairs), float(idle_s)
pairs = min(pairs, n // 2)
now = time.monotonic

class S:
    pass

sess, byfd = [], {}

def spawn(k):
    s = S()
    s.k, s.out, s.state, s.t0 = k, b"", "name", now()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
        os.execvp(ssh[0], ssh + ["-tt", "-i", "%s/k%d" % (keydir, k), user + "@127.0.0.1"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    s.pid, s.fd = pid, fd
    sess.append(s)
    byfd[fd] = s

def pump(timeout):
    """Read what came; return the sessions that got bytes."""
    got = []
    r, _, _ = select.select(list(byfd), [], [], timeout)
    for fd in r:
        s = byfd[fd]
        try:
            b = os.read(fd, 65536)
        except OSError:
            b = b""
        if not b:
            del byfd[fd]
            s.state = "gone"
            continue
        s.out = (s.out + b)[-65536:]
        s.last = now()
        got.append(s)
    return got

def step(s):
    if s.state == "name" and b"Name:" in s.out:
        s.login = now() - s.t0
        s.out, s.state, s.t1 = b"", "lobby", now()
        os.write(s.fd, b"p%dx%d\r" % (os.getpid() % 1000, s.k))
    elif s.state == "lobby" and b"Online as" in s.out:
        s.lobby, s.state = now() - s.t1, "in"

def wait_for(pred, secs):
    end = now() + secs
    while now() < end:
        for s in pump(0.05):
            step(s)
        if pred():
            return True
    return pred()

# arrivals at RATE a second, each session stepped as its screen comes
start = now()
for k in range(n):
    while now() < start + k / rate:
        for s in pump(max(0, min(0.05, start + k / rate - now()))):
            step(s)
    spawn(k)
wait_for(lambda: all(s.state in ("in", "gone") for s in sess), 60 + n / 5)
inn = [s for s in sess if s.state == "in"]
print("sessions: %d started, %d in the lobby, %d refused or gone" %
      (n, len(inn), sum(s.state == "gone" for s in sess)))

def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p / 100 * len(v)))] if v else float("nan")

logins = [s.login for s in sess if hasattr(s, "login")]
lobbies = [s.lobby for s in inn]
print("login (ssh -> Name:) at %.1f/s: p50 %.3f s, p99 %.3f s, max %.3f s" %
      (rate, pct(logins, 50), pct(logins, 99), max(logins or [float("nan")])))
print("name typed -> lobby: p50 %.3f s, p99 %.3f s" % (pct(lobbies, 50), pct(lobbies, 99)))

# memory: the account's processes and the sshd monitors of its sessions
def pss(pid):
    try:
        for line in open("/proc/%s/smaps_rollup" % pid):
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0

import pwd
uid = pwd.getpwnam(user).pw_uid

def theirs():
    """The pids of the sessions: the account's and their sshd monitors."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            st = os.stat("/proc/" + pid)
            cmd = open("/proc/%s/cmdline" % pid, "rb").read().replace(b"\0", b" ")
        except OSError:
            continue
        if st.st_uid == uid or cmd.startswith(b"sshd: " + user.encode()):
            yield pid

def ticks(pids):
    t = 0
    for pid in pids:
        try:
            f = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
            t += int(f[11]) + int(f[12])
        except (OSError, IndexError):
            pass
    return t

total = procs = 0
for pid in theirs():
    total += pss(pid)
    procs += 1
if inn:
    print("memory: %d processes, PSS %.1f MB in all, %.2f MB a session" %
          (procs, total / 1024, total / 1024 / len(inn)))

# the machine's CPU while they all sit idle in the lobby
def stat():
    f = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return sum(f), f[3] + f[4]
pump(1.0)
pids = list(theirs()) + [os.environ.get("BENCH_SERVER", "0")]
t0, i0 = stat()
c0, w0 = ticks(pids), now()
end = now() + idle_s
while now() < end:
    pump(end - now())
t1, i1 = stat()
c1, w1 = ticks(pids), now()
hz = os.sysconf("SC_CLK_TCK")
print("idle in the lobby for %.0f s: the sessions and the server %.2f %% of a core; "
      "the machine %.1f %% busy (%d cores, others' work included)" %
      (idle_s, 100.0 * (c1 - c0) / hz / (w1 - w0),
       100.0 * (1 - (i1 - i0) / max(1, t1 - t0)), os.cpu_count()))

# pairs: one hosts, the other joins, Red plays a move
def settle(s, secs=0.4):
    """Until s's screen has been still for secs (its answer drawn)."""
    s.last = now()
    wait_for(lambda: now() - s.last >= secs, 10)

trips = []
for p in range(pairs):
    a, b = inn[2 * p], inn[2 * p + 1]
    for s in (a, b):
        settle(s)
        s.out = b""
    os.write(a.fd, b"\r")            # Host a new game
    settle(a); os.write(a.fd, b"\r")  # its name as offered
    settle(a); os.write(a.fd, b"\r")  # no clock
    if not wait_for(lambda: b"an opponent to join" in a.out, 10):
        print("pair %d: the game was not hosted" % p)
        if os.environ.get("BENCH_DEBUG"):
            print(repr(a.out[-3000:]))
        continue
    if not wait_for(lambda: b"Join " in b.out, 10):
        print("pair %d: the game is not offered to join" % p)
        continue
    settle(b)
    a.out = b.out = b""
    os.write(b.fd, b"j"); settle(b); os.write(b.fd, b"\r")
    if not wait_for(lambda: b"Choose a token" in a.out or b"Choose a token" in b.out, 10):
        print("pair %d: neither may move" % p)
        if os.environ.get("BENCH_DEBUG"):
            print(repr(a.out[-2000:]), repr(b.out[-2000:]))
        continue
    red, blue = (a, b) if b"Choose a token" in a.out else (b, a)
    for _ in range(4):
        settle(red)
        os.write(red.fd, b"\r")
    t = now()
    blue.out = b""
    blue.last = 0
    if wait_for(lambda: blue.last >= t, 10):
        trips.append(blue.last - t)
    else:
        print("pair %d: the move does not reach the opponent" % p)
if pairs:
    print("a move's round trip (the mover's Enter -> the opponent's terminal), %d pairs: "
          "p50 %.3f s, max %.3f s" % (len(trips), pct(trips, 50), max(trips or [float("nan")])))

for s in sess:
    try:
        os.kill(s.pid, 15)
    except OSError:
        pass
