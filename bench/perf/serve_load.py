#!/usr/bin/env python3
"""millbase serve under load: requests/s, p50 and p99, and what went wrong, at several
numbers of concurrent clients on loopback (bench/RESULTS.md, "The server under load").

Usage: serve_load.py MILLBASE SIX_DB [--clients 1,8,32,64,256] [--seconds 10]
                     [--processes 4] [--json]

Starts `millbase serve --variant six --db SIX_DB --port 0`; for each number of clients,
first on a new connection per request (with `Connection: close`, as urllib), then on
kept-alive connections, runs that many clients at once (threads spread over a few
processes, tests/server/load_clients.py), each asking /api/game?variant=six&start=P for a
random P of 200 positions from random games, again and again for SECONDS. Prints a line
per run; --json prints them as one JSON array. The clients share the machine's cores with
the server: the requests/s are those of the pair.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "tests", "server"))
import load_clients  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("millbase")
    parser.add_argument("db")
    parser.add_argument("--clients", default="1,8,32,64,256")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server, _, port = load_clients.start_serve(args.millbase, args.db)
    rows = []
    try:
        positions = load_clients.sample_positions(port, 200)
        for keep_alive in (False, True):
            for clients in (int(c) for c in args.clients.split(",")):
                o = load_clients.run(port, positions, clients, args.seconds, keep_alive,
                                     args.processes)
                rows.append({"clients": clients, "keep_alive": keep_alive,
                             "requests": len(o.records), "per_second": round(o.rate(), 1),
                             "p50_ms": round(1000 * o.percentile(0.5), 2),
                             "p99_ms": round(1000 * o.percentile(0.99), 2),
                             "ok": len(o.ok), "busy_503": o.busy,
                             "busy_503_without_retry_after": o.busy_without_retry,
                             "other_status": o.other_status, "no_answer": o.errors})
                if not args.json:
                    print(o.line(), flush=True)
                if server.poll() is not None:
                    sys.exit("serve stopped under load")
    finally:
        server.kill()
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
