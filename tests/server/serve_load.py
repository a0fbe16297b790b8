#!/usr/bin/env python3
"""millbase serve under load: no request dropped without an answer (docs/web-api.md,
"Limits"; issue #70).

Usage: serve_load.py MILLBASE SIX_DB [SECONDS]

Starts `millbase serve --port 0` on six's tables and runs concurrent clients on loopback
(so all of one address), each asking /api/game for a random position again and again:
64 on a new connection per request, 64 on kept-alive connections, then 256 on new
connections (four times the per-address bound). Checks that every request is answered:
200, or 503 with a Retry-After header, never a connection closed or reset without an
answer and no other status; and that the 64 clients got most of their answers 200.
Prints "all checks passed" at the end.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load_clients  # noqa: E402

MILLBASE, SIX_DB = sys.argv[1], sys.argv[2]
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 4.0


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


server, _, port = load_clients.start_serve(MILLBASE, SIX_DB)
try:
    positions = load_clients.sample_positions(port, 200)
    for clients, keep_alive in ((64, False), (64, True), (256, False)):
        outcome = load_clients.run(port, positions, clients, SECONDS, keep_alive)
        print(outcome.line(), flush=True)
        if outcome.errors:
            fail("%d clients: requests without an answer: %s" % (clients, outcome.errors))
        if outcome.other_status or outcome.busy_without_retry:
            fail("%d clients: %d answers neither 200 nor 503, %d 503 without Retry-After" %
                 (clients, outcome.other_status, outcome.busy_without_retry))
        if clients <= 64 and len(outcome.ok) < 0.9 * len(outcome.records):
            fail("%d clients: only %d of %d requests answered 200" %
                 (clients, len(outcome.ok), len(outcome.records)))
        if server.poll() is not None:
            fail("the server stopped under load")
    print("all checks passed")
finally:
    server.kill()
