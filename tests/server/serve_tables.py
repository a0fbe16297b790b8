#!/usr/bin/env python3
"""A running millbase serve sees tables that change under it (issues #25, #27).

Usage: serve_tables.py MILLBASE SIX_DB SIX_FIFTY_DB

Runs `millbase serve --port 0` without --db in an empty working directory, so that it
reads six's default directories data/six and data/six-fifty, and checks that:
- without tables, /api/game says which are missing; plain tables copied to data/six
  are then read;
- 50-ply tables that appear in data/six-fifty meanwhile (as `solve --rule fifty` makes
  them) are read from the next request on, with the plain values beside them
  (`without_rule`, from data/six, equal to `millbase analyze` on the plain tables);
- a table that is corrupt when first read is reported (tables_error), and once it is
  replaced by a good one through a rename, as solve writes tables, the next request
  reads the good one (issue #27: not after a restart).
Prints "all checks passed" at the end.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

MILLBASE, SIX_DB, SIX_FIFTY_DB = (os.path.abspath(a) for a in sys.argv[1:4])
# A movement position of six: its moves lead into sector 5-5 (Black to move, 5 and 5).
START = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def game(base, **params):
    url = base + "api/game?" + urllib.parse.urlencode(dict(variant="six", **params))
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read().decode())


def analyze(db, position):
    out = subprocess.run([MILLBASE, "analyze", "--variant", "six", "--db", db, "--json", position],
                         capture_output=True, text=True, check=True).stdout
    return {m["move"]: (m["result"], m["distance"]) for m in json.loads(out)["moves"]}


def copy_dir(source, target):
    """Copies a table directory into place with one rename, as a solve's last step is."""
    tmp = target + ".tmp"
    shutil.copytree(source, tmp, ignore=shutil.ignore_patterns(".lock"))
    os.rename(tmp, target)


def corrupt_blocks(path):
    """Flips every byte of a table's blocks in place (the header and index stay valid)."""
    with open(path, "r+b") as f:
        first_block = struct.unpack("<Q", f.read(104)[96:104])[0]
        f.seek(first_block)
        data = f.read()
        f.seek(first_block)
        f.write(bytes(b ^ 0xFF for b in data))


work = tempfile.mkdtemp(prefix="serve-tables-")
server = subprocess.Popen([MILLBASE, "serve", "--variant", "six", "--port", "0"], cwd=work,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    first = server.stdout.readline().strip()
    if not first.startswith("millbase serve: http://"):
        fail("serve printed %r" % first)
    base = first.split(" ")[2]

    g = game(base, moves="d2")
    if g["rule"] is not None or "data/six" not in (g["tables_error"] or ""):
        fail("without tables: rule %s, tables_error %s" % (g["rule"], g["tables_error"]))
    os.mkdir(os.path.join(work, "data"))
    copy_dir(SIX_DB, os.path.join(work, "data", "six"))
    g = game(base, moves="d2")
    if g["rule"] != "plain" or g["tables_error"] is not None:
        fail("plain tables copied in: rule %s, tables_error %s" % (g["rule"], g["tables_error"]))
    print("plain tables that appear are read")

    # 50-ply tables appear beside them: the next request reads them, with the plain
    # values beside.
    fifty_dir = os.path.join(work, "data", "six-fifty")
    shutil.copytree(SIX_FIFTY_DB, fifty_dir + ".tmp", ignore=shutil.ignore_patterns(".lock"))
    table = os.path.join(fifty_dir + ".tmp", "5-5.mbt")
    if not os.path.exists(table):
        fail("the test expects six's 50-ply table 5-5.mbt in " + SIX_FIFTY_DB)
    good = os.path.join(work, "5-5.mbt.good")
    shutil.copyfile(table, good)
    corrupt_blocks(table)  # corrupt from the start: the server opens it corrupt
    os.rename(fifty_dir + ".tmp", fifty_dir)
    g = game(base, moves="d2")
    if g["rule"] != "fifty":
        fail("after data/six-fifty appeared, /api/game still reads rule %s" % g["rule"])
    plain = analyze(SIX_DB, g["position"])
    beside = {m["move"]: (m["value"]["without_rule"]["result"], m["value"]["without_rule"]["distance"])
              for m in g["legal"] if m["value"]["without_rule"]}
    if beside != plain or g["value"]["without_rule"] is None:
        fail("the values without the rule: %s, analyze on the plain tables: %s" % (beside, plain))
    print("50-ply tables that appear are read, with the plain values beside them")

    # The corrupt table is reported; repaired through a rename, it is read.
    g = game(base, start=START)
    if not g["tables_error"] or g["legal"][0]["value"] is not None:
        fail("a corrupt table is not reported: %s" % json.dumps(g)[:300])
    print("corrupt: " + g["tables_error"])
    os.rename(good, os.path.join(fifty_dir, "5-5.mbt"))
    g = game(base, start=START)
    if g["tables_error"] or g["legal"][0]["value"] is None:
        fail("the repaired table is not read: %s" % (g["tables_error"],))
    print("repaired: %s is worth %s" % (START, g["value"]["text"]))
    if server.poll() is not None:
        fail("the server stopped")
    print("all checks passed")
finally:
    server.kill()
    shutil.rmtree(work, ignore_errors=True)
