#!/usr/bin/env python3
"""millbase serve's JSON API (docs/web-api.md) against the CLI, then under abuse.

Usage: serve_api.py MILLBASE SIX_DB [N_BAD]

Starts `millbase serve --port 0` on six's tables, then checks that:
- /api/variants lists the five variants with their boards (twelve's diagonals), six
  with its tables;
- /api/game gives, for positions along a game, the same position and the same value
  for every legal move as `millbase analyze --json` (the CLI is the reference);
- a mill waits for nothing: the legal moves of a mill carry their removal;
- /api/variants lists the levels the page offers, perfect first, each with what it sees;
- /api/computer answers a legal move, and plays a whole game of six against itself at
  perfect play to its end under the draw rules of play: a draw, as six is; the levels
  move in nine, which has no tables, where perfect play is refused 404;
- N_BAD (default 1000) malformed requests (bad variants, positions, moves, levels,
  seeds, paths, methods, oversized bodies and URLs, raw garbage on the socket) each get
  a JSON error with status 400, 404, 405, 413 or 414, and the server still answers
  correctly afterwards.
Prints "all checks passed" at the end.
"""
import json
import random
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

MILLBASE, SIX_DB = sys.argv[1], sys.argv[2]
N_BAD = int(sys.argv[3]) if len(sys.argv) > 3 else 1000


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def request(base, path, params=None, method="GET", body=None):
    """Returns (status, parsed JSON or None, raw text)."""
    url = base + path + ("?" + urllib.parse.urlencode(params) if params else "")
    req = urllib.request.Request(url, data=body, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    try:
        return status, json.loads(text), text
    except ValueError:
        return status, None, text


def analyze(position):
    out = subprocess.run([MILLBASE, "analyze", "--variant", "six", "--db", SIX_DB, "--json",
                          position], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


server = subprocess.Popen([MILLBASE, "serve", "--variant", "six", "--db", SIX_DB, "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    first = server.stdout.readline().strip()
    if not first.startswith("millbase serve: http://127.0.0.1:"):
        fail("serve did not print its address: " + repr(first))
    base = first.split(" ")[2]
    port = int(base.rsplit(":", 1)[1].rstrip("/"))

    status, body, _ = request(base, "api/variants")
    names = [v["name"] for v in body["variants"]]
    if status != 200 or names != ["nine", "nine-noflying", "six", "five", "twelve", "twelve-malom",
                                            "lasker"]:
        fail("variants: %d %s" % (status, names))
    six = body["variants"][2]
    if len(six["points"]) != 16 or six["tables"] != "plain" or six["start"] != "W: B: w 6 6":
        fail("six's entry: %s" % json.dumps(six)[:300])
    if len(body["variants"][0]["points"]) != 24:
        fail("nine has not 24 points")
    # Twelve's lines: nine's 32 and the 8 halves of its four diagonals.
    twelve = body["variants"][4]
    if len(twelve["points"]) != 24 or len(twelve["lines"]) != len(body["variants"][0]["lines"]) + 8:
        fail("twelve's board: %s" % json.dumps(twelve)[:300])

    levels = body.get("levels") or []
    if [l["name"] for l in levels] != ["perfect"] + ["level%d" % n for n in range(9, 0, -1)]:
        fail("levels: %s" % json.dumps(levels)[:300])
    # Perfect and levels 9..6 play from the tables, 5..1 without.
    if not all(l["sees"] and l["label"] for l in levels) \
            or [l["tables"] for l in levels] != [True] * 5 + [False] * 5:
        fail("the levels' labels, tables and lines: %s" % json.dumps(levels)[:600])
    # Six's ratings rise with the level (level 1 fixed at 1000).
    six = [l["elo"].get("six") for l in reversed(levels)]
    if six[0] != 1000 or any(b is None or a is None or b <= a for a, b in zip(six, six[1:])):
        fail("six's ratings from level 1 up: %s" % six)

    # The levels need no tables: nine has none here.
    nine_tables = body["variants"][0]["tables"]
    status, game, _ = request(base, "api/game", {"variant": "nine", "moves": "d2 d6"})
    legal = [m["move"] for m in game["legal"]]
    for level in ("level1", "3", "level5"):
        status, answer, text = request(base, "api/computer",
                                       {"variant": "nine", "moves": "d2 d6", "level": level})
        if status != 200 or answer["move"] not in legal:
            fail("nine at %s without tables: %d %s" % (level, status, text))
    status, answer, text = request(base, "api/computer",
                                   {"variant": "nine", "moves": "d2 d6", "level": "perfect"})
    if nine_tables is None and (status != 404 or "solve" not in answer.get("error", "")):
        fail("nine at perfect without tables: %d %s" % (status, text))
    # Level 7 needs the tables as perfect does; match's trial players are not served.
    status, answer, text = request(base, "api/computer",
                                   {"variant": "nine", "moves": "d2 d6", "level": "level7"})
    if nine_tables is None and status != 404:
        fail("nine at level7 without tables: %d %s" % (status, text))
    status, answer, text = request(base, "api/computer",
                                   {"variant": "six", "moves": "d2 d6", "level": "depth8"})
    if status != 400 or "'depth8'" not in answer.get("error", ""):
        fail("six at depth8: %d %s" % (status, text))

    # A game of six along the first listed legal move, then the second, ...: every
    # position and every move's value against the CLI.
    moves, mills = [], 0
    for ply in range(24):
        status, game, text = request(base, "api/game", {"variant": "six", "moves": " ".join(moves)})
        if status != 200:
            fail("game after %s: %d %s" % (moves, status, text))
        if game["outcome"] != "ongoing":
            break
        reference = analyze(game["position"])
        if reference["position"] != game["position"]:
            fail("position %s, the CLI read %s" % (game["position"], reference["position"]))
        served = {m["move"]: (m["value"]["result"], m["value"]["distance"]) for m in game["legal"]}
        expected = {m["move"]: (m["result"], m["distance"]) for m in reference["moves"]}
        if served != expected:
            fail("values at %s differ from analyze: %s vs %s" % (game["position"], served, expected))
        if [m["move"] for m in game["legal"]] != [m["move"] for m in reference["moves"]]:
            fail("order of the moves at %s differs from analyze" % game["position"])
        if game["value"]["result"] != reference["result"]:
            fail("position value at %s" % game["position"])
        with_removal = [m for m in game["legal"] if m["remove"]]
        mills += bool(with_removal)
        for m in with_removal:
            if not m["move"].endswith("x" + m["remove"]):
                fail("a mill's move %s does not carry its removal %s" % (m["move"], m["remove"]))
        choice = game["legal"][ply % len(game["legal"])]
        moves.append(choice["move"])
    if mills == 0:
        fail("the game closed no mill: the removal was not exercised")

    status, answer, text = request(base, "api/computer", {"variant": "six", "moves": "d2 d6"})
    status2, game, _ = request(base, "api/game", {"variant": "six", "moves": "d2 d6"})
    if status != 200 or answer["move"] not in [m["move"] for m in game["legal"]]:
        fail("computer: %d %s" % (status, text))

    # Perfect against perfect to the end of the game.
    moves = []
    for ply in range(400):
        status, game, text = request(base, "api/game", {"variant": "six", "moves": " ".join(moves)})
        if status != 200:
            fail("game: %d %s" % (status, text))
        if game["outcome"] != "ongoing":
            break
        status, answer, text = request(base, "api/computer",
                                       {"variant": "six", "moves": " ".join(moves), "seed": str(ply)})
        if status != 200 or answer["move"] not in [m["move"] for m in game["legal"]]:
            fail("computer at ply %d: %d %s" % (ply, status, text))
        moves.append(answer["move"])
    if game["outcome"] != "draw" or game["reason"] not in ("repetition", "fifty-plies"):
        fail("perfect play ended %s (%s) after %d plies" % (game["outcome"], game["reason"], len(moves)))
    status, answer, text = request(base, "api/computer", {"variant": "six", "moves": " ".join(moves)})
    if status != 400 or "over" not in answer.get("error", ""):
        fail("the computer was asked to move after the game: %d %s" % (status, text))

    # Abuse.
    rng = random.Random(7)
    junk = ["", "x", "W:", "W:zz B: w", "d2-", "xd2", "d2 d2", "9-9", "\u00e9", "a" * 3000,
            "W:b2 B:b2 w", "%00", "d2,d2,d2", "W: B: q", "perfect", "-1", "99999999999999999999999"]
    allowed = {400, 404, 405, 413, 414}
    for i in range(N_BAD):
        kind = rng.randrange(6)
        if kind == 0:
            params = {"variant": rng.choice(junk + ["six", "nine"]), "moves": rng.choice(junk)}
            status, body, text = request(base, "api/game", params)
            if status == 200:
                continue  # a junk choice may happen to be valid (an empty move list)
        elif kind == 1:
            params = {"start": rng.choice(junk), "moves": rng.choice(junk)}
            status, body, text = request(base, "api/game", params)
            if status == 200:
                continue
        elif kind == 2:
            params = {"moves": "d2", "level": rng.choice(junk), "seed": rng.choice(junk)}
            status, body, text = request(base, "api/computer", params)
            if status == 200:
                continue
        elif kind == 3:
            status, body, text = request(base, "api/" + rng.choice(["", "x", "GAME", "../etc"]))
        elif kind == 4:
            method = rng.choice(["POST", "PUT", "DELETE", "PATCH"])
            size = rng.choice([1, 100, 70000, 200000])
            status, body, text = request(base, "api/game", None, method, b"a" * size)
        else:
            # Raw garbage on the socket: the server may answer 400 or close; it must live on.
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(bytes(rng.randrange(256) for _ in range(rng.choice([1, 50, 5000]))) + b"\r\n\r\n")
                try:
                    s.recv(4096)
                except OSError:
                    pass
            continue
        if status not in allowed or body is None or "error" not in body:
            fail("bad request %d (kind %d) got %d %s" % (i, kind, status, text[:200]))

    status, game, _ = request(base, "api/game", {"variant": "six", "moves": "d2"})
    if status != 200 or game["position"] != "W:d2 B: b 5 6":
        fail("the server does not answer correctly after the abuse: %d" % status)
    if server.poll() is not None:
        fail("the server stopped")
    print("all checks passed")
finally:
    server.kill()
