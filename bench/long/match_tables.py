#!/usr/bin/env python3
"""The match tables of bench/RESULTS.md: the ladder of the levels (each level against the
one below, with each colour), and perfect and strong against each level with each
colour, with the z of perfect's score over strong's. Every row is one `millbase match
--json` run; the commands are printed with the table so that any row can be rerun.

Usage: bench/long/match_tables.py BUILD VARIANT [--db DIR] [--games N] [--seed S]
           [--ladder-only | --players-only] [--starts FILE | --drawn-openings FILE]
           [--levels 1,2,3] [--cache DIR]
  --levels LIST          the levels by number; with --players-only also other players by
                         name, such as the trial players depth6,depth7,depth8
  --drawn-openings FILE  writes to FILE every drawn opening of two plies (a class of
                         symmetric ones each, by `millbase openings`) and plays from them
  --cache DIR            keeps each match's result in DIR, named by its command, and
                         reuses it, and each of its games as it ends (match --save, in
                         DIR/NAME.games): a run stopped part way, even within a match, is
                         resumed by running it again (matches are deterministic for their
                         seed). The name leaves out the build: use one DIR per build. Each
                         result also records the match's wall time (of its last run).
Prints Markdown on stdout and each command on stderr as it runs.
Exit codes: 0 done, 1 a match failed, 2 usage.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import time

CACHE = None  # --cache: the directory of kept results, or None


def match(bin_path, variant, white, black, games, seed, db, starts):
    cmd = [bin_path, "match", "--variant", variant, "--white", white, "--black", black,
           "--games", str(games), "--seed", str(seed), "--json", "--quiet"]
    if db:
        cmd += ["--db", db]
    if starts:
        cmd += ["--starts", starts]
    command = "millbase " + " ".join(cmd[1:])
    kept = None
    if CACHE:
        kept = os.path.join(CACHE, hashlib.sha256(command.encode()).hexdigest()[:16] + ".json")
        if os.path.exists(kept):
            with open(kept) as f:
                print("$ %s (kept in %s)" % (command, kept), file=sys.stderr, flush=True)
                return json.load(f)
    if kept:
        # Each game kept as it ends (match --save), so that a row stopped part way
        # resumes from its last game; the directory is named by the command too.
        cmd += ["--save", kept[:-len(".json")] + ".games"]
    print("$ " + command, file=sys.stderr, flush=True)
    start = time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("match failed (exit %d): %s" % (done.returncode, done.stderr.strip()))
    result = json.loads(done.stdout)
    result["seconds"] = time.monotonic() - start
    result["command"] = command
    print("  %.0f s" % result["seconds"], file=sys.stderr, flush=True)
    if kept:
        # Written whole or not at all: a run stopped here leaves no half result.
        with open(kept + ".tmp", "w") as f:
            json.dump(result, f)
        os.replace(kept + ".tmp", kept)
    return result


def side_score(r, colour):
    """Returns (points per game, standard error) of colour's player in match r."""
    mean = r["white_score"] if colour == "white" else r["black_score"]
    return mean, r["white_score_ci95"] / 1.96


def wdl(r, colour):
    wins, losses = (r["white_wins"], r["black_wins"]) if colour == "white" else \
        (r["black_wins"], r["white_wins"])
    return "%d / %d / %d" % (wins, r["draws"], losses)


def ladder(a, levels):
    print("\n| %s | as White: W / D / L | score | as Black: W / D / L | score | both |" % a.variant)
    print("|---|---|---|---|---|---|")
    for k in levels[:-1]:
        up, down = "level%d" % (k + 1), "level%d" % k
        w = match(a.build, a.variant, up, down, a.games, a.seed, None, a.starts)
        b = match(a.build, a.variant, down, up, a.games, a.seed, None, a.starts)
        sw, sb = side_score(w, "white")[0], side_score(b, "black")[0]
        print("| %s against %s | %s | %.1f%% | %s | %.1f%% | **%.1f%%** |" % (
            up, down, wdl(w, "white"), 100 * sw, wdl(b, "black"), 100 * sb, 50 * (sw + sb)))


def players(a, levels):
    print("\n| %s | colour | perfect: W / D / L | score | strong: W / D / L | score | z |"
          % a.variant)
    print("|---|---|---|---|---|---|---|")
    for k in levels:
        opponent = "level%d" % k if isinstance(k, int) else k
        for colour in ("white", "black"):
            rows = {}
            for who in ("perfect", "strong"):
                white, black = (who, opponent) if colour == "white" else (opponent, who)
                rows[who] = match(a.build, a.variant, white, black, a.games, a.seed, a.db,
                                  a.starts)
            (p, pe), (s, se) = side_score(rows["perfect"], colour), side_score(rows["strong"], colour)
            # No z when neither score varies (both won, or both drew, every game).
            z = "%+.1f" % ((p - s) / math.sqrt(pe * pe + se * se)) if pe + se > 0 else "–"
            print("| against %s | %s | %s | %.1f%% | %s | %.1f%% | %s |" % (
                opponent, colour, wdl(rows["perfect"], colour), 100 * p,
                wdl(rows["strong"], colour), 100 * s, z))


def write_drawn_openings(a):
    """Writes the drawn openings of two plies to a.drawn_openings; returns how many."""
    run = lambda *args: json.loads(subprocess.run(
        [a.build] + list(args), capture_output=True, text=True, check=True).stdout)
    start = run("show", "--variant", a.variant, "--json")
    hand = start["in_hand"]["white"] - 1
    openings = run("openings", "--variant", a.variant, "--db", a.db, "--json")
    lines = ["# The drawn openings of %s after two plies (millbase openings --db %s)"
             % (a.variant, a.db)]
    for first in openings["first"]:
        if first["result"] != "draw":
            continue
        for reply in first["replies"]:
            if reply["result"] == "draw":
                lines.append("W:%s B:%s w %d %d" % (first["move"], reply["move"], hand, hand))
    with open(a.drawn_openings, "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(lines) - 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build")
    ap.add_argument("variant")
    ap.add_argument("--db")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    starts = ap.add_mutually_exclusive_group()
    starts.add_argument("--starts")
    starts.add_argument("--drawn-openings")
    ap.add_argument("--levels", default="1,2,3,4,5")
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--ladder-only", action="store_true")
    only.add_argument("--players-only", action="store_true")
    ap.add_argument("--cache")
    a = ap.parse_args()
    if a.cache:
        global CACHE
        os.makedirs(a.cache, exist_ok=True)
        CACHE = a.cache
    a.build = a.build.rstrip("/") + "/millbase"
    # Levels by number; other players (the trial players depth6..depth8) by name.
    levels = [int(x) if x.isdigit() else x for x in a.levels.split(",")]
    if not a.players_only and not all(isinstance(k, int) for k in levels):
        ap.error("--levels: the ladder takes numbers only; add --players-only for %s" % a.levels)
    if a.drawn_openings:
        if not a.db:
            ap.error("--drawn-openings needs --db")
        count = write_drawn_openings(a)
        print("Starts: the %d drawn openings of two plies in %s." % (count, a.drawn_openings))
        a.starts = a.drawn_openings
    if not a.players_only:
        ladder(a, levels)
    if not a.ladder_only:
        players(a, levels)


if __name__ == "__main__":
    main()
