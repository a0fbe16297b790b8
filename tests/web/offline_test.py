#!/usr/bin/env python3
"""The offline page (tools/build_offline.sh) against millbase serve.

Usage: offline_test.py MILLBASE OFFLINE_DIR SIX_FIFTY_DB FIVE_FIFTY_DB [SERVED_VARIANT...]

Opens OFFLINE_DIR/index.html from file:// in headless Chromium with the network cut
off (DevTools network emulation: offline), and checks that:
- the page shows the board and one entry per legal move, and, having the 50-ply tables
  without the plain ones, a note on what a distance under the rule counts;
- twelve, whose tables are not inside, is answered with a message that says so, not
  with a command to run (a browser cannot);
- lasker, whose tables are not inside, is offered in the variant menu and played at
  levels 1 to 5, moving a stone while stones are in hand (perfect play is refused);
- along a game of six and one of five, every answer of the page's engine
  (window.millbaseOffline, the WebAssembly build) is the same JSON as millbase serve's
  for the same request, on the same tables; so are its readings of game records
  (/api/record: the CLI's reader, a contradicting Result refused, a resignation);
- the page made no request outside its own folder (every resource is a file: URL).
Prints the time to the first answer and "all checks passed".
"""
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from api_calls import offline_api, served  # noqa: E402
from browser_harness import CheckFailed, ServeProcess, start_browser  # noqa: E402

MILLBASE, OFFLINE, SIX, FIVE = sys.argv[1:5]
SERVED = sys.argv[5:]  # the variants whose tables the build serves beside the page


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def start_server(variant, db):
    """Returns `millbase serve` of variant on db and its URL, from an empty directory: no
    plain tables beside, as in the offline page."""
    try:
        server = ServeProcess(MILLBASE, ["--variant", variant, "--db", db])
    except CheckFailed as e:
        fail(str(e))
    return server, server.url


profile = tempfile.mkdtemp(prefix="offline-test-chromium-")
driver = start_browser(profile)
servers = []
try:
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0,
                                  upload_throughput=0)
    start = time.time()
    driver.get("file://" + OFFLINE + "/index.html#variant=six")

    def offline(path, params):
        try:
            return offline_api(driver, path, params)
        except CheckFailed as e:
            fail(str(e))

    status, first = offline("game", {"variant": "six", "moves": ""})
    print("first answer %.2f s after the page was asked for" % (time.time() - start))
    if status != 200 or first["rule"] != "fifty" or len(first["legal"]) != 16:
        fail("six's empty board offline: %d %s" % (status, json.dumps(first)[:300]))

    # The tables inside: six's and five's 50-ply tables, nothing for nine or twelve.
    tables = {v["name"]: v["tables"] for v in offline("variants", {})[1]["variants"]}
    want = {"nine": None, "nine-noflying": None, "six": "fifty", "five": "fifty",
            "twelve": None, "twelve-malom": None, "lasker": None}
    want.update({v: "fifty" for v in SERVED})
    if tables != want:
        fail("the offline build's tables: %s" % tables)

    # The page itself draws the board and lists the moves.
    deadline = time.time() + 20
    while time.time() < deadline:
        listed = driver.execute_script("return document.querySelectorAll('#legal-moves [data-move]').length")
        points = driver.execute_script("return document.querySelectorAll('[data-point]').length")
        if listed == 16 and points >= 16:
            break
        time.sleep(0.2)
    else:
        fail("the page shows %s moves and %s points, expected 16 and 16" % (listed, points))
    note = driver.execute_script(
        "const n = document.getElementById('rule-note'); return n.hidden ? null : n.textContent")
    if not note or "next mill" not in note or "50-ply tables only" not in note:
        fail("the note on the 50-ply rule reads %r" % note)
    status, twelve = offline("game", {"variant": "twelve"})
    if status != 200 or "This page has the tables of six, five" not in \
            (twelve["tables_error"] or "") or "millbase solve" in twelve["tables_error"]:
        fail("twelve offline: %d %s" % (status, twelve["tables_error"]))
    print("twelve offline: " + twelve["tables_error"])

    # Lasker, whose tables are not inside either, is played at levels 1 to 5: with a stone
    # in hand White may move one instead, and level 5 moves b4-b6, its only win in 3. The
    # page's menu offers it, and its computer plays it from a link.
    beyond = {"variant": "lasker", "start": "W:a4,b4,c4,d6 B:f4 w 1 2", "moves": ""}
    status, lasker = offline("game", beyond)
    legal = [m["move"] for m in lasker["legal"]] if status == 200 else []
    if status != 200 or "levels 1 to 5 play it" not in (lasker["tables_error"] or "") or \
            lasker["also_moves"] != "movement" or "b4-b6" not in legal or "a1" not in legal:
        fail("lasker offline: %d %s" % (status, json.dumps(lasker)[:400]))
    for level in ("1", "2", "3", "4", "5"):
        status, answer = offline("computer", dict(beyond, level=level, seed="3"))
        if status != 200 or answer["move"] not in legal or (level == "5" and answer["move"] != "b4-b6"):
            fail("lasker offline at level %s: %d %s" % (level, status, answer))
    status, answer = offline("computer", dict(beyond, level="perfect"))
    if status != 404 or "levels 1 to 5 play it" not in answer.get("error", ""):
        fail("lasker offline at perfect: %d %s" % (status, answer))
    option = driver.execute_script(
        "const o = document.querySelector('#variant option[value=lasker]'); return o && o.textContent")
    if option != "lasker (no tables)":
        fail("the variant menu offers lasker as %r" % option)
    driver.get("file://" + OFFLINE + "/index.html#variant=lasker&start=" +
               urllib.parse.quote(beyond["start"]) + "&computer=white&level=level5")
    deadline = time.time() + 30
    while time.time() < deadline:
        played = driver.execute_script(
            "return [...document.querySelectorAll('#move-list [data-ply]')].map(b => b.textContent)")
        if played:
            break
        time.sleep(0.2)
    if played != ["b4-b6"]:
        fail("the offline page's computer at level 5 played %s in lasker" % played)
    print("lasker offline: levels 1 to 5 play it (level 5: b4-b6 with a stone in hand)")

    for variant, db in (("six", SIX), ("five", FIVE)):
        server, base = start_server(variant, db)
        servers.append(server)
        moves = []
        for ply in range(30):
            params = {"variant": variant, "moves": " ".join(moves)}
            a = offline("game", params)
            b = served(base, "game", params)
            if a != b:
                fail("%s after %s: offline %s, server %s" % (variant, moves, json.dumps(a)[:400],
                                                             json.dumps(b)[:400]))
            game = a[1]
            if game["outcome"] != "ongoing":
                break
            for level in ("perfect", "3"):
                c = offline("computer", dict(params, level=level, seed="5"))
                d = served(base, "computer", dict(params, level=level, seed="5"))
                if c != d:
                    fail("computer at %s: offline %s, server %s" % (moves, c, d))
            moves.append(game["legal"][(ply * 7) % len(game["legal"])]["move"])
        for bad in ({"variant": variant, "moves": "zz"}, {"variant": "seven"},
                    {"variant": variant, "start": "W:a9 B: w"}):
            if offline("game", bad) != served(base, "game", bad):
                fail("a bad request is answered differently: %s" % bad)
        # Game records: read by the same code offline and served (/api/record).
        for text in (game["record"], "1. d2 c4", "", '[Variant "%s"]\n[Result "1-0"]\n\n1. d2' % variant,
                     '[Variant "%s"]\n[Result "0-1"]\n[Reason "resignation"]\n\n1. d2 c4 0-1' % variant):
            params = {"variant": variant, "text": text}
            if offline("record", params) != served(base, "record", params):
                fail("the record %r is read differently offline: %s, served %s" %
                     (text, offline("record", params), served(base, "record", params)))
        print("%s: %d plies, offline and served answers equal" % (variant, len(moves)))

    urls = driver.execute_script(
        "return [location.href].concat(performance.getEntriesByType('resource').map(e => e.name))")
    outside = [u for u in urls if not u.startswith("file://")]
    if outside:
        fail("the page asked for something outside its folder: %s" % outside)
    print("game records read alike offline and served")
    print("all checks passed")
finally:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
    for server in servers:
        server.stop()
