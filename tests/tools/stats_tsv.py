#!/usr/bin/env python3
"""millbase stats --tsv against millbase stats --json on the same tables: the same sectors
in the same order and the same numbers for every sector and the total.

Usage: stats_tsv.py MILLBASE SIX_DB [SIX_FIFTY_DB]

The plain tables of six in SIX_DB and, if given, its 50-ply tables in SIX_FIFTY_DB. Each
comparison is also run on a copy of the TSV with one number changed, which it must
reject, so a comparison that cannot fail does not pass. Prints "all checks passed" and
exits 0, or names the first difference and exits 1.
"""
import json
import subprocess
import sys

PLAIN = ["sector", "positions", "wins", "losses", "draws", "max_win", "max_loss"]
FIFTY = ["sector", "positions", "wins", "cursed_wins", "draws", "blessed_losses", "losses",
         "win_max_z", "loss_max_z"]


def run(millbase, args):
    p = subprocess.run([millbase, "stats", "--variant", "six"] + args, capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise SystemExit(f"millbase stats {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p.stdout


def expected_rows(doc, fifty):
    """The TSV's lines as the JSON gives them: one per sector, then the total."""
    rows = []
    for s in doc["sectors"]:
        c = s["over_distinct_positions"]
        if c != s["over_stored_entries"] or s["distinct_positions"] != s["stored_entries"]:
            raise SystemExit(f"{s['sector']}: entries and distinct positions differ in the JSON")
        if fifty:
            # The TSV's draws are the draws both ways; the JSON's include the rule's draws.
            draws = c["draws"] - c["cursed_wins"] - c["blessed_losses"]
            rows.append([s["sector"], s["distinct_positions"], c["wins"], c["cursed_wins"],
                         draws, c["blessed_losses"], c["losses"], s["longest_win"],
                         s["longest_loss"]])
        else:
            rows.append([s["sector"], s["distinct_positions"], c["wins"], c["losses"],
                         c["draws"], s["longest_win"], s["longest_loss"]])
    t = doc["total"]
    if fifty:
        rows.append(["total", t["distinct_positions"], t["wins"], t["cursed_wins"],
                     t["draws"] - t["cursed_wins"] - t["blessed_losses"], t["blessed_losses"],
                     t["losses"], t["longest_win"], t["longest_loss"]])
    else:
        rows.append(["total", t["distinct_positions"], t["wins"], t["losses"], t["draws"],
                     t["longest_win"], t["longest_loss"]])
    return [[str(x) for x in r] for r in rows]


def differences(tsv, doc, fifty):
    """The first difference between the TSV text and the JSON document, or None."""
    if not tsv.endswith("\n"):
        return "the TSV does not end with a newline"
    lines = [line.split("\t") for line in tsv[:-1].split("\n")]
    columns = FIFTY if fifty else PLAIN
    if lines[0] != columns:
        return f"header {lines[0]}, expected {columns}"
    want = expected_rows(doc, fifty)
    if len(lines) - 1 != len(want):
        return f"{len(lines) - 1} lines after the header, expected {len(want)}"
    for got, exp in zip(lines[1:], want):
        if len(got) != len(columns):
            return f"{got[0]}: {len(got)} columns, expected {len(columns)}"
        if not all(x.isdigit() for x in got[1:]):
            return f"{got[0]}: a number is not plain digits: {got}"
        if got != exp:
            return f"{got[0]}: TSV {got}, JSON {exp}"
    return None


def check(millbase, db, rule):
    args = ["--db", db] + (["--rule", "fifty"] if rule == "fifty" else [])
    tsv = run(millbase, args + ["--tsv"])
    doc = json.loads(run(millbase, args + ["--json"]))
    fifty = rule == "fifty"
    if len(doc["sectors"]) < 100:
        raise SystemExit(f"{db}: only {len(doc['sectors'])} sectors; six has more")
    diff = differences(tsv, doc, fifty)
    if diff:
        raise SystemExit(f"{db} (rule {rule}): {diff}")
    # The same comparison must reject a TSV with one number changed (the wins of the
    # middle sector, then of the total).
    lines = tsv.split("\n")
    for i in (len(doc["sectors"]) // 2 + 1, len(doc["sectors"]) + 1):
        cells = lines[i].split("\t")
        cells[2] = str(int(cells[2]) + 1)
        changed = "\n".join(lines[:i] + ["\t".join(cells)] + lines[i + 1:])
        if differences(changed, doc, fifty) is None:
            raise SystemExit(f"{db}: a changed TSV line ({cells[0]}) was not noticed")
    print(f"{db} (rule {rule}): {len(doc['sectors'])} sectors and the total agree")


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    check(sys.argv[1], sys.argv[2], "plain")
    if len(sys.argv) == 4:
        check(sys.argv[1], sys.argv[3], "fifty")
    print("all checks passed")


main()
