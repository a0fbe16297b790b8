#!/usr/bin/env python3
"""millbase serve under slow and foreign clients (docs/web-api.md, "Limits").

Usage: serve_limits.py MILLBASE SIX_DB

Starts `millbase serve --port 0` on six's tables and checks that:
- 200 slow connections from another client address (127.0.0.2: 100 that send a header
  line every second, 100 that send nothing) do not stop it: a normal request from
  127.0.0.1 is answered within 1 s, every time of 5 (the times are printed); the slow
  client holds at most its bound of 64 connections open at once: beyond it a silent
  connection takes the slot of an older idle one (which the server shuts down), and
  the others are answered 503 with Retry-After within a moment; the slow ones it holds are closed by the server:
  the trickling ones at the request deadline, with a 408, the silent ones at the idle
  limit;
- idle or half-sent connections cannot lock out another program of the same address
  (issue #49): beside 80 connections from 127.0.0.1 idle for a second a request from
  127.0.0.1 is answered at once (an idle connection gives up its slot), and beside 80 half-sent
  ones within 2 s (a request not whole after 1 s gives up its slot); while every slot
  of an address is busy, its page request is refused 503 with a page that reloads
  itself (a browser shows no JSON), its API request with JSON;
- only the Host names of the address it listens on are answered: localhost, 127.0.0.1
  and [::1] with any port; a foreign name (DNS rebinding) or none is refused 421 with a
  JSON error naming it;
- an error answer closes the connection at once, with and without `Connection: close`
  in the request (not after the 5 s keep-alive wait);
- the body of a GET is read and dropped (the connection goes on with the next request),
  and refused 413 above 64 KiB;
- `--host 0.0.0.0 --allow-host NAME` warns on stderr, prints a URL of this machine and
  answers address literals and NAME; `--host ::` prints http://[::1]:PORT/.
Prints "all checks passed" at the end.
"""
import http.client
import json
import os
import select
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load_clients  # noqa: E402

MILLBASE, SIX_DB = sys.argv[1], sys.argv[2]
SLOW = 200
LATENCY_LIMIT = 1.0
BOUND = 64  # connections open at once per client address (ServeLimits::per_client)
CROWD = BOUND + 16


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def start(*args):
    """Returns (the serve process, the URL it printed)."""
    try:
        p, url, _ = load_clients.start_serve(MILLBASE, SIX_DB, *args)
    except RuntimeError as e:
        fail(str(e))
    return p, url


def get(port, path, host=None, source="127.0.0.1", address="127.0.0.1", body=None):
    """Returns (status, parsed JSON body, headers, seconds) of one request on a new connection."""
    started = time.monotonic()
    c = http.client.HTTPConnection(address, port, timeout=30,
                                   source_address=(source, 0) if source else None)
    headers = {"Host": host if host is not None else "%s:%d" % (address, port)}
    if body is not None:
        headers["Content-Length"] = str(len(body))
    c.request("GET", path, body=body, headers=headers)
    r = c.getresponse()
    text = r.read().decode()
    seconds = time.monotonic() - started
    c.close()
    try:
        return r.status, json.loads(text), dict(r.getheaders()), seconds
    except ValueError:
        return r.status, None, dict(r.getheaders()), seconds


def raw(port, data, wait=8.0, source=None):
    """Sends raw bytes (from the address `source` when given); returns (everything
    received until the server closed, seconds to the close; None when it did not close
    within `wait`)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait,
                                 source_address=(source, 0) if source else None)
    started = time.monotonic()
    s.sendall(data)
    received = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return received, time.monotonic() - started
            received += chunk
    except socket.timeout:
        return received, None
    finally:
        s.close()


def check_hosts(port):
    for host in ("127.0.0.1:%d" % port, "localhost:%d" % port, "LOCALHOST", "[::1]:%d" % port,
                 "127.0.0.1"):
        status, body, _, _ = get(port, "/api/variants", host=host)
        if status != 200:
            fail("Host %s was refused: %d %s" % (host, status, body))
    for host in ("evil.example:%d" % port, "127.0.0.1.nip.io:%d" % port, "localhost.evil.example",
                 "127.0.0.2", "[::2]:%d" % port, "localhost:x"):
        for path in ("/api/game?variant=six", "/"):
            status, body, _, _ = get(port, path, host=host)
            if status != 421 or not body or host.split(":")[0].strip("[]") not in body["error"]:
                fail("Host %s on %s: %d %s" % (host, path, status, body))
    answer, _ = raw(port, b"GET /api/variants HTTP/1.1\r\n\r\n")
    if not answer.startswith(b"HTTP/1.1 421") or b"no Host" not in answer:
        fail("a request without Host: %r" % answer[:200])
    print("Host: loopback names answered, foreign names and none refused 421")


def check_closing(port):
    for request in (b"GET /api/nope HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    b"GET /api/nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    b"BREW /pot HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    b"\x16\x03\x01garbage\r\n\r\n"):
        answer, seconds = raw(port, request)
        if seconds is None or seconds > 2:
            fail("an error answer left the connection open (%s s): %r" % (seconds, request[:40]))
        head = answer.split(b"\r\n\r\n")[0]
        if not answer.startswith(b"HTTP/1.1 4") or head.lower().count(b"connection: close") != 1:
            fail("the error answer to %r: %r" % (request[:40], answer[:300]))
    print("error answers close the connection at once (Connection: close)")


def check_get_body(port):
    status, body, _, _ = get(port, "/api/game?variant=six", body=b"x" * 70000)
    if status != 413 or "larger than the limit" not in body["error"]:
        fail("a GET with a 70000-byte body: %d %s" % (status, body))
    # A small body is dropped: the next request on the connection is read as one.
    two = (b"GET /api/game?variant=six&moves=d2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10"
           b"\r\n\r\n0123456789GET /api/game?variant=six&moves=d6 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           b"Connection: close\r\n\r\n")
    answer, _ = raw(port, two)
    if answer.count(b"HTTP/1.1 200") != 2 or b'"W:d2 B: b 5 6"' not in answer or \
            b'"W:d6 B: b 5 6"' not in answer:
        fail("two requests, the first with a small body: %r" % answer[:400])
    print("a GET's body: dropped up to 64 KiB, 413 above")


def check_slow_clients(port):
    tricklers, silent = [], []
    opened = time.monotonic()
    for i in range(SLOW):
        s = socket.create_connection(("127.0.0.1", port), timeout=10,
                                     source_address=("127.0.0.2", 0))
        if i < SLOW // 2:
            s.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            tricklers.append(s)
        else:
            silent.append(s)
    stop = threading.Event()

    def trickle():
        while not stop.wait(1.0):
            for s in tricklers:
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    pass
    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    time.sleep(0.5)
    times = []
    for i in range(5):
        try:
            status, body, _, seconds = get(port, "/api/game?variant=six&moves=d2")
        except OSError as e:
            fail("a normal request beside %d slow connections got no answer: %s" % (SLOW, e))
        if status != 200 or body["position"] != "W:d2 B: b 5 6":
            fail("a normal request beside %d slow connections: %d %s" % (SLOW, status, body))
        times.append(seconds)
    print("beside %d slow connections, normal requests answered in %s s (limit %s s)" %
          (SLOW, " ".join("%.3f" % t for t in times), LATENCY_LIMIT))
    if max(times) >= LATENCY_LIMIT:
        fail("a normal request took %.3f s beside %d slow connections" % (max(times), SLOW))
    # At most the bound is open at once: the others were refused 503, or gave their slot
    # to a later connection (a silent one: the server shut it down).
    # Open: nothing to read (no answer, no end of the connection).
    open_now = sum(1 for s in tricklers + silent if not select.select([s], [], [], 0)[0])
    print("the slow client holds %d connections open at once" % open_now)
    if not 0 < open_now <= BOUND:
        fail("the slow client holds %d connections open at once (bound %d)" % (open_now, BOUND))

    # What each slow connection got: 503 at once beyond the bound, else held, then
    # closed (408 for a request that did not arrive whole in time).
    answers = {}
    deadline = time.monotonic() + 25
    sockets = tricklers + silent
    for s in sockets:
        s.settimeout(max(0.1, deadline - time.monotonic()))
        data = b""
        try:
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        except socket.timeout:
            data = None  # still open
        except OSError:
            pass
        answers[s] = data
    stop.set()
    closed_after = time.monotonic() - opened
    still_open = sum(1 for a in answers.values() if a is None)
    refused = sum(1 for a in answers.values() if a and a.startswith(b"HTTP/1.1 503"))
    late = sum(1 for s in tricklers if answers[s] and answers[s].startswith(b"HTTP/1.1 408"))
    for s in sockets:
        s.close()
    print("slow client: %d connections refused 503, %d answered 408, all closed within %.1f s" %
          (refused, late, closed_after))
    if still_open:
        fail("%d slow connections were still open after %.0f s" % (still_open, closed_after))
    if refused == 0 or late == 0:
        fail("the slow client: %d refused 503, %d answered 408" % (refused, late))
    body = next(a for a in answers.values() if a and a.startswith(b"HTTP/1.1 503"))
    if b"too many connections from 127.0.0.2" not in body:
        fail("the 503 answer: %r" % body[:300])


def check_local_crowd(port):
    for kind, first in (("idle", b""), ("half-sent", b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")):
        crowd = []
        for _ in range(CROWD):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if first:
                s.sendall(first)
            crowd.append(s)
        # Idle: silent for 1 s (a newer one may have its request on its way); half-sent:
        # not yet stale, so the request waits (503, retried) until they are, at 1 s.
        time.sleep(1.1 if kind == "idle" else 0.3)
        started = time.monotonic()
        while True:
            status, body, _, _ = get(port, "/api/game?variant=six&moves=d2")
            if status != 503 or time.monotonic() - started > 5:
                break
            time.sleep(0.1)
        seconds = time.monotonic() - started
        for s in crowd:
            s.close()
        limit = 0.5 if kind == "idle" else 2.0
        if status != 200 or seconds > limit:
            fail("beside %d %s connections of 127.0.0.1 a request of 127.0.0.1: %d after %.2f s "
                 "(limit %.1f s)" % (CROWD, kind, status, seconds, limit))
        print("beside %d %s connections of the same address, a request answered in %.2f s" %
              (CROWD, kind, seconds))
    # Every slot of 127.0.0.3 busy with a fresh half-sent request: the page is refused
    # with a page, the API with JSON.
    crowd = []
    for _ in range(BOUND):
        s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.3", 0))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        crowd.append(s)
    time.sleep(0.1)
    try:
        page, _ = raw(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n", 5,
                      "127.0.0.3")
        api, _ = raw(port, b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 5, "127.0.0.3")
    finally:
        for s in crowd:
            s.close()
    if not page.startswith(b"HTTP/1.1 503") or b"text/html" not in page or b"refresh" not in page \
            or b"Retry-After: 1\r\n" not in page:
        fail("a refused page request: %r" % page[:400])
    if not api.startswith(b"HTTP/1.1 503") or b"application/json" not in api or b'{"error"' not in api:
        fail("a refused API request: %r" % api[:400])
    print("every slot busy: the page refused with a page that reloads, the API with JSON")


def check_hosts_everywhere():
    p, url = start("--host", "0.0.0.0", "--allow-host", "Mill.Example")
    try:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        if url != "http://127.0.0.1:%d/" % port:
            fail("--host 0.0.0.0 printed %s" % url)
        for host, want in (("mill.example:%d" % port, 200), ("10.1.2.3:%d" % port, 200),
                           ("localhost", 200), ("evil.example", 421)):
            status, body, _, _ = get(port, "/api/variants", host=host)
            if status != want:
                fail("--host 0.0.0.0, Host %s: %d %s" % (host, status, body))
    finally:
        p.terminate()
        err = p.communicate(timeout=10)[1]
    if "warning" not in err or "every network interface" not in err:
        fail("--host 0.0.0.0 gave no warning: %r" % err)
    p, url = start("--host", "::")
    try:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        if url != "http://[::1]:%d/" % port:
            fail("--host :: printed %s" % url)
        status, _, _, _ = get(port, "/api/variants", source=None, address="::1",
                              host="[::1]:%d" % port)
        if status != 200:
            fail("--host :: over ::1: %d" % status)
    finally:
        p.terminate()
        p.communicate(timeout=10)
    print("--host 0.0.0.0 warns and answers --allow-host names; --host :: prints %s" % url)


server, base = start()
try:
    port = int(base.rsplit(":", 1)[1].strip("/"))
    check_hosts(port)
    check_closing(port)
    check_get_body(port)
    check_slow_clients(port)
    check_local_crowd(port)
    status, body, _, _ = get(port, "/api/game?variant=six&moves=d2")
    if status != 200 or server.poll() is not None:
        fail("the server does not answer after the slow clients: %d" % status)
    check_hosts_everywhere()
    print("all checks passed")
finally:
    server.kill()
