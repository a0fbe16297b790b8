"""Clients that load `millbase serve` at once, as a script writer's would: each asks
`/api/game?variant=six&start=<a position>` again and again for a while, on a new
connection each time (as urllib does) or on one kept-alive connection, and records every
answer: its status, its time, and what went wrong when there was no answer.

Used by tests/server/serve_load.py (a check) and bench/perf/serve_load.py (the table of
bench/RESULTS.md).
"""
import http.client
import json
import multiprocessing
import random
import subprocess
import threading
import time
import urllib.parse

# What a request can end in besides an answer (the keys of Outcome.errors).
DISCONNECTED = "disconnected"  # the connection closed with no HTTP answer
RESET = "reset"                # the connection was reset (ECONNRESET, EPIPE)
REFUSED = "refused"            # the connection could not be made
TIMEOUT = "timeout"            # no answer within the client's timeout
OTHER = "other"


def start_serve(millbase, db, *args):
    """Starts `millbase serve --variant six --db DB --port 0 ARGS`; returns (the process,
    the URL it printed, its port). Raises RuntimeError when it does not print its URL."""
    p = subprocess.Popen([millbase, "serve", "--variant", "six", "--db", db, "--port", "0", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline().strip()
    if not line.startswith("millbase serve: http://"):
        p.kill()
        raise RuntimeError("serve %s printed %r" % (args, line))
    url = line.split(" ")[2]
    return p, url, int(url.rsplit(":", 1)[1].strip("/"))


def sample_positions(port, count, seed=1, plies=24):
    """Returns `count` positions of six reached by random games played through the API."""
    rng = random.Random(seed)
    positions = []
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        while len(positions) < count:
            moves = []
            for _ in range(rng.randrange(1, plies)):
                c.request("GET", "/api/game?" + urllib.parse.urlencode(
                    {"variant": "six", "moves": " ".join(moves)}))
                r = c.getresponse()
                game = json.loads(r.read())
                if r.status != 200:
                    raise RuntimeError("/api/game answered %d: %s" % (r.status, game))
                if not game["legal"]:
                    break
                moves.append(rng.choice(game["legal"])["move"])
            c.request("GET", "/api/game?" + urllib.parse.urlencode(
                {"variant": "six", "moves": " ".join(moves)}))
            r = c.getresponse()
            positions.append(json.loads(r.read())["position"])
    finally:
        c.close()
    return positions


def _error_kind(e):
    if isinstance(e, http.client.RemoteDisconnected):
        return DISCONNECTED
    if isinstance(e, (ConnectionResetError, BrokenPipeError)):
        return RESET
    if isinstance(e, ConnectionRefusedError):
        return REFUSED
    if isinstance(e, TimeoutError):
        return TIMEOUT
    return OTHER


def _client(port, paths, seconds, keep_alive, seed, out):
    """One client: requests until `seconds` have passed; appends (status or error kind,
    seconds, Retry-After header or None) to `out`."""
    rng = random.Random(seed)
    stop = time.monotonic() + seconds
    c = None
    while time.monotonic() < stop:
        path = rng.choice(paths)
        started = time.monotonic()
        try:
            if c is None:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            headers = {} if keep_alive else {"Connection": "close"}
            c.request("GET", path, headers=headers)
            r = c.getresponse()
            r.read()
            out.append((r.status, time.monotonic() - started, r.getheader("Retry-After")))
            if not keep_alive or r.getheader("Connection", "").lower() == "close":
                c.close()
                c = None
        except Exception as e:  # every failure is counted by its kind
            out.append((_error_kind(e), time.monotonic() - started, None))
            if c is not None:
                c.close()
            c = None
    if c is not None:
        c.close()


def _process(port, paths, seconds, keep_alive, seeds, queue):
    """A process of clients, one thread each; puts their records on `queue`."""
    records = []
    threads = [threading.Thread(target=_client,
                                args=(port, paths, seconds, keep_alive, seed, records))
               for seed in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put(records)


class Outcome:
    """What `clients` concurrent clients saw over `seconds`."""

    def __init__(self, clients, keep_alive, seconds, records):
        self.clients, self.keep_alive, self.seconds = clients, keep_alive, seconds
        self.records = records
        self.ok = [t for status, t, _ in records if status == 200]
        self.busy = sum(1 for status, _, retry in records if status == 503 and retry)
        self.busy_without_retry = sum(1 for status, _, retry in records
                                      if status == 503 and not retry)
        self.other_status = sum(1 for status, _, _ in records
                                if isinstance(status, int) and status not in (200, 503))
        self.errors = {}
        for status, _, _ in records:
            if isinstance(status, str):
                self.errors[status] = self.errors.get(status, 0) + 1

    def percentile(self, q):
        """Returns the q-quantile (0..1) of the answered requests' times in seconds."""
        times = sorted(t for status, t, _ in self.records if isinstance(status, int))
        if not times:
            return float("nan")
        return times[min(len(times) - 1, int(q * len(times)))]

    def rate(self):
        """Returns the answered requests per second."""
        return sum(1 for status, _, _ in self.records if isinstance(status, int)) / self.seconds

    def line(self):
        errors = ", ".join("%s %d" % kv for kv in sorted(self.errors.items())) or "none"
        return ("%3d clients, %s: %d requests, %.0f answered/s, p50 %.1f ms, p99 %.1f ms, "
                "200: %d, 503 with Retry-After: %d, 503 without: %d, other statuses: %d, "
                "without an answer: %s" % (
                    self.clients, "keep-alive" if self.keep_alive else "new connections",
                    len(self.records), self.rate(), 1000 * self.percentile(0.5),
                    1000 * self.percentile(0.99), len(self.ok), self.busy,
                    self.busy_without_retry, self.other_status, errors))


def run(port, positions, clients, seconds, keep_alive=False, processes=4, seed=1):
    """Runs `clients` concurrent clients for `seconds`, spread over up to `processes`
    processes of threads (so that one interpreter's lock does not set the pace); returns
    their Outcome."""
    paths = ["/api/game?" + urllib.parse.urlencode({"variant": "six", "start": p})
             for p in positions]
    processes = max(1, min(processes, clients))
    queue = multiprocessing.Queue()
    workers = []
    for k in range(processes):
        seeds = [seed * 100003 + i for i in range(k, clients, processes)]
        w = multiprocessing.Process(target=_process,
                                    args=(port, paths, seconds, keep_alive, seeds, queue))
        w.start()
        workers.append(w)
    records = []
    for _ in workers:
        records.extend(queue.get())
    for w in workers:
        w.join()
    return Outcome(clients, keep_alive, seconds, records)
