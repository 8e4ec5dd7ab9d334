#!/usr/bin/env python3
"""lobby_load.py - a small load on a server's lobby (issue 42): FOLLOWERS
plain TCP clients log in and follow the lobby as the curses lobby does
(`lobby news` when the server gives deltas, else `lobby` and, at each
bare `changed`, `games` and `who` again), then ARRIVALS more log in at
RATE a second and do the same.  Prints each arrival's login time (connect
to `welcome') and its lobby time (to its lists whole), p50/p99, the lines
the followers read and the server's CPU (from /proc, given its pid).

usage: lobby_load.py HOST:PORT KEY PID FOLLOWERS ARRIVALS RATE [old|news]
"""
import selectors, socket, sys, time

host, port = sys.argv[1].rsplit(":", 1)
key, pid = sys.argv[2], int(sys.argv[3])
nfollow, narrive, rate = int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
mode = sys.argv[7] if len(sys.argv) > 7 else "news"
tag = "%d" % (time.time() * 1000 % 100000)
sel = selectors.DefaultSelector()
lines_read = 0

def cpu():
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / 100.0

class Cl:
    def __init__(self, name):
        self.s = socket.create_connection((host, int(port)))
        self.s.setblocking(False)
        self.buf = b""
        self.t0 = time.monotonic()
        self.login = self.lists = None
        self.state = "login"
        self.send("login %s %s" % (key, name))
        sel.register(self.s, selectors.EVENT_READ, self)
    def send(self, text):
        self.s.sendall((text + "\n").encode())
    def read(self):
        global lines_read
        d = self.s.recv(1 << 20)
        if not d:
            raise SystemExit("server closed a connection")
        self.buf += d
        *ls, self.buf = self.buf.split(b"\n")
        lines_read += len(ls)
        for l in ls:
            self.line(l)
    def line(self, l):
        if self.state == "login" and l.startswith(b"welcome"):
            self.login = time.monotonic() - self.t0
            self.state = "lobby"
            self.send("lobby news" if mode == "news" else "lobby")
        elif self.state == "lobby" and l.startswith(b"ok"):
            if l == b"ok news":
                self.state = "news"
                self.lists = time.monotonic() - self.t0
            else:
                self.state = "who?"
                self.send("games\nwho")
        elif self.state == "who?" and l.startswith(b"user "):
            self.state = "who"
        elif self.state == "who" and l.startswith(b"ok"):
            self.state = "old"
            if self.lists is None:
                self.lists = time.monotonic() - self.t0
        elif self.state == "old" and l == b"changed":
            self.state = "who?"
            self.send("games\nwho")

def pump(until):
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return
        for k, _ in sel.select(left):
            k.data.read()

def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p * len(v)))] if v else float("nan")

fol = []
for i in range(nfollow):
    fol.append(Cl("f%s-%d" % (tag, i)))
    pump(time.monotonic() + 0.002)
pump(time.monotonic() + 3)
lines_read = 0
c0, t0 = cpu(), time.monotonic()
arr = []
for i in range(narrive):
    arr.append(Cl("a%s-%d" % (tag, i)))
    pump(t0 + (i + 1) / rate)
pump(time.monotonic() + 3)
dt = time.monotonic() - t0
logins = [a.login for a in arr if a.login is not None]
lists = [a.lists for a in arr if a.lists is not None]
print("%s: %d followers, %d arrivals at %g/s: login p50 %.3f p99 %.3f s (%d), "
      "lists p50 %.3f p99 %.3f s (%d); lines read %.0f/s; server CPU %.0f %%" %
      (mode, nfollow, narrive, rate, pct(logins, .5), pct(logins, .99), len(logins),
       pct(lists, .5), pct(lists, .99), len(lists), lines_read / dt, 100 * (cpu() - c0) / dt))
