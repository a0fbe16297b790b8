#!/usr/bin/env python3
"""bench/long/ladder.py: the Elo fit and the variety counts.

usage: ladder_test.py SCRIPT MILLBASE

Checks: on games drawn at random from known ratings (with draws), the fit ranks the
players in their order and each rating is within its 95% interval, and 25 Elo, of the
truth, for a ladder of neighbours and for a round robin; the fit is the same whatever the
order of the matches and of the games in them; four times the games halve the intervals
(within 5%), and one pair's rating and interval are their closed forms; a pair that won
every game has a finite rating only with the prior, and players who never meet the first
have none; --check-variety fails on a game played twice; the openings, replays and
shared points of a hand-made set of games are what they should be; a ladder of three
levels played on six and saved refits from its files, shuffled, to the same numbers.
Prints "all checks passed".
"""
import importlib.util
import json
import math
import os
import random
import subprocess
import sys
import tempfile

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def load_script(path):
    spec = importlib.util.spec_from_file_location("ladder", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def synthetic_match(rng, white, black, r_white, r_black, games, with_records=False):
    """A match object of `games` games drawn from the ratings: White's expected score p,
    draws a third of 2 min(p, 1 - p) of the games, the rest wins and losses."""
    p = 1 / (1 + 10 ** ((r_black - r_white) / 400))
    draw = 2 * min(p, 1 - p) / 3
    win = p - draw / 2
    m = {"variant": "six", "white": white, "black": black, "games": games,
         "white_wins": 0, "draws": 0, "black_wins": 0, "records": []}
    for _ in range(games):
        x = rng.random()
        result = "white" if x < win else "draw" if x < win + draw else "black"
        m[{"white": "white_wins", "draw": "draws", "black": "black_wins"}[result]] += 1
        m["records"].append({"start": "W: B: w 6 6", "result": result, "moves": [],
                             "plies": 0})
    if not with_records:
        del m["records"]
    return m


def ladder_matches(rng, truth, games, round_robin=False):
    names = list(truth)
    pairs = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))
             if round_robin or j == i + 1]
    out = []
    for low, high in pairs:
        out.append(synthetic_match(rng, high, low, truth[high], truth[low], games // 2))
        out.append(synthetic_match(rng, low, high, truth[low], truth[high], games // 2))
    return out


def ratings(result):
    return {p["name"]: (p["rating"], p["ci95"]) for p in result["players"]}


def same_fit(a, b, tolerance=1e-6):
    ra, rb = ratings(a), ratings(b)
    return ra.keys() == rb.keys() and all(
        abs(ra[k][0] - rb[k][0]) < tolerance and abs(ra[k][1] - rb[k][1]) < tolerance
        for k in ra)


def test_recovers_known_strengths(ladder):
    truth = {"a": 1000, "b": 1250, "c": 1400, "d": 1700, "e": 1800}
    top = {}
    for round_robin in (False, True):
        rng = random.Random(69 + round_robin)
        result = ladder.fit(ladder_matches(rng, truth, 4000, round_robin), list(truth),
                            prior=0)
        got = ratings(result)
        kind = "round robin" if round_robin else "ladder"
        order = sorted(got, key=lambda k: got[k][0])
        check(order == list(truth), "%s: the order %s" % (kind, order))
        for name, r in truth.items():
            rating, ci = got[name]
            check(abs(rating - r) <= max(ci, 1e-9) or name == "a",
                  "%s: %s at %.1f ± %.1f, truly %d" % (kind, name, rating, ci, r))
            check(abs(rating - r) < 25, "%s: %s at %.1f, truly %d" % (kind, name, rating, r))
        check(got["a"] == (1000, 0), "%s: the anchor is fixed at 1000" % kind)
        top[round_robin] = got["e"][1]
        check(result["players"][0]["games"] == (4000 * 4 if round_robin else 4000),
              "%s: a's games" % kind)
    check(top[True] < top[False], "a round robin is surer of the top than a ladder")


def test_order_invariance(ladder):
    rng = random.Random(7)
    truth = {"x": 1000, "y": 1300, "z": 1350}
    matches = ladder_matches(rng, truth, 60, round_robin=True)
    base = ladder.fit(matches, list(truth))
    shuffled = [dict(m) for m in matches]
    rng.shuffle(shuffled)
    for m in shuffled:
        m["records"] = list(reversed(m.get("records", [])))
    check(same_fit(base, ladder.fit(shuffled, list(truth))), "the order of matches and games")
    # Split each match's games into two matches of the same players: the same fit.
    halves = []
    for m in matches:
        first = dict(m, games=0, white_wins=0, draws=0, black_wins=0)
        second = dict(first)
        for key in ("white_wins", "draws", "black_wins"):
            first[key] = m[key] // 2
            second[key] = m[key] - m[key] // 2
        first["games"] = first["white_wins"] + first["draws"] + first["black_wins"]
        second["games"] = m["games"] - first["games"]
        halves += [second, first]
    check(same_fit(base, ladder.fit(halves, list(truth))), "a match split in two")


def test_interval_shrinks(ladder):
    # The same scores with four times the games: the intervals halve.
    few = [{"white": "p", "black": "q", "games": 40, "white_wins": 10, "draws": 10,
            "black_wins": 20},
           {"white": "q", "black": "r", "games": 40, "white_wins": 12, "draws": 8,
            "black_wins": 20}]
    many = [dict(m, games=4 * m["games"], white_wins=4 * m["white_wins"],
                 draws=4 * m["draws"], black_wins=4 * m["black_wins"]) for m in few]
    a, b = ratings(ladder.fit(few, prior=0)), ratings(ladder.fit(many, prior=0))
    for name in ("q", "r"):
        check(b[name][1] < a[name][1], "%s: more games, a narrower interval" % name)
        check(abs(b[name][1] / a[name][1] - 0.5) < 0.05,
              "%s: 4x the games, half the interval (%.3f)" % (name, b[name][1] / a[name][1]))
        check(abs(a[name][0] - b[name][0]) < 1e-6, "%s: the same scores, the same rating" % name)
    # One pair alone: the interval is 1.96 / (c sqrt(n p (1 - p))), c = ln 10 / 400.
    c = math.log(10) / 400
    check(abs(a["q"][1] - 1.96 / (c * math.sqrt(40 * 25 / 40 * 15 / 40))) < 1e-6,
          "q's interval is the closed form of its score (%.3f)" % a["q"][1])
    # q scored 25 of 40 against p: 400 log10(25/15) above it.
    check(abs(a["q"][0] - 1000 - 400 * math.log10(25 / 15)) < 1e-6,
          "q's rating is the closed form of its score (%.3f)" % a["q"][0])
    # r (Black) against q: 20 wins and 8 draws, 24 of 40: r at q + 400 log10(24/16).
    check(abs(a["r"][0] - a["q"][0] - 400 * math.log10(24 / 16)) < 1e-6,
          "r's rating is the closed form of its score (%.3f)" % (a["r"][0] - a["q"][0]))


def test_shutout_needs_the_prior(ladder):
    shutout = [{"white": "s", "black": "t", "games": 20, "white_wins": 0, "draws": 0,
                "black_wins": 20}]
    for matches, words in ((shutout, "no finite ratings"),
                           (shutout + [dict(shutout[0], white="u", black="v")],
                            "do not all meet")):
        try:
            ladder.fit(matches, prior=0)
            check(False, "no fit: " + words)
        except ValueError as e:
            check(words in str(e), "'%s' says %s" % (e, words))
    got = ratings(ladder.fit(shutout, prior=1))
    check(abs(got["t"][0] - 1000 - 400 * math.log10(20.5 / 0.5)) < 1e-6,
          "a shutout with one virtual draw (%.2f)" % got["t"][0])


def test_variety(ladder):
    # Hand-made games of A (White) against B (Black) and of B (White) against A.
    ab = {"white": "A", "black": "B", "games": 7, "white_wins": 2, "draws": 5,
          "black_wins": 0, "records": [
              {"start": "W: B: w 6 6", "moves": "d2 d6 b2 b6 f2 f6 d2-d3".split()},
              {"start": "W: B: w 6 6", "moves": "d2 d6 b2 b6 f2 f6 d2-d3".split()},
              {"start": "W: B: w 6 6", "moves": "d2 d6 b2 b6 f2 f4 d2-d3".split()},
              {"start": "W: B: w 6 6", "moves": "b2 d6 d2 b6 f2 f6".split()},
              # Not from the empty board: in the tree, not in the openings.
              {"start": "W:d2 B:d6 w 5 5", "moves": "b2 b6".split()},
              # Black to move first: B moves at the start, A after d6 (and varies).
              {"start": "W:d2 B: b 5 6", "moves": "d6 b2".split()},
              {"start": "W:d2 B: b 5 6", "moves": "d6 f2".split()}]}
    ba = {"white": "B", "black": "A", "games": 2, "white_wins": 0, "draws": 2,
          "black_wins": 0, "records": [
              {"start": "W: B: w 6 6", "moves": "d2 d6 b2 b6 f2 f6".split()},
              {"start": "W: B: w 6 6", "moves": "d2 d6 b2 b4 f2 f6".split()}]}
    v, replayed = ladder.variety([ab, ba])
    check(replayed == 1, "one game replayed (%d)" % replayed)
    check(v["A"]["games"] == 6 and v["B"]["games"] == 6, "six games each from the empty board")
    # Openings of A's games: d2 d6 b2 b6 f2 f6, ... f4, b2 d6 d2 b6 f2 f6, d2 d6 b2 b4 f2 f6.
    check(v["A"]["openings"] == 4 and v["B"]["openings"] == 4,
          "four openings each (%d, %d)" % (v["A"]["openings"], v["B"]["openings"]))
    # A as White: (d2 b2 f2), (b2 d2 f2); as Black: (d6 b6 f6), (d6 b4 f6).
    check((v["A"]["own_as_white"], v["A"]["own_as_black"]) == (2, 2), "A's own moves")
    # B as Black: (d6 b6 f6), (d6 b6 f4); as White: (d2 b2 f2) only.
    check((v["B"]["own_as_white"], v["B"]["own_as_black"]) == (1, 2), "B's own moves")
    check(v["A"]["replays"] == 1 and v["B"]["replays"] == 1, "the replay counts for both")
    # Shared points of A against B: the empty board (4 games through it; A plays d2 and
    # b2: varied), d2 d6 (3), d2 d6 b2 b6 (3), d2 d6 b2 b6 f2 f6 (2): A 4, varied at 1;
    # d2 (3), d2 d6 b2 (3), d2 d6 b2 b6 f2 (3; B plays f6 and f4: varied): B 3, 1. W:d2
    # B:d6 has one game. B against A: the empty board and d2 d6 for B (2, not varied), d2
    # and d2 d6 b2 (A plays b6 and b4: varied) for A. From W:d2 B: b, B's start and A's
    # d6 (varied). In all A 7, 3 and B 6, 1.
    check((v["A"]["shared_points"], v["A"]["varied_at"]) == (7, 3),
          "A's shared points %s" % ((v["A"]["shared_points"], v["A"]["varied_at"]),))
    check((v["B"]["shared_points"], v["B"]["varied_at"]) == (6, 1),
          "B's shared points %s" % ((v["B"]["shared_points"], v["B"]["varied_at"]),))
    v, replayed = ladder.variety([{k: x for k, x in ab.items() if k != "records"}])
    check(v == {} and replayed == 0, "no records, no variety")


def test_check_variety(script):
    # A saved match with a game played twice: exit 1 with --check-variety, 0 without.
    with tempfile.TemporaryDirectory() as tmp:
        game = {"start": "W: B: w 6 6", "result": "draw", "moves": ["d2", "d6"]}
        m = {"white": "A", "black": "B", "games": 2, "white_wins": 0, "draws": 2,
             "black_wins": 0, "records": [game, game]}
        path = os.path.join(tmp, "A-B.json")
        with open(path, "w") as f:
            json.dump(m, f)
        for flags, code in (([], 0), (["--check-variety"], 1)):
            r = subprocess.run([sys.executable, script, "--from", path] + flags,
                               capture_output=True, text=True, timeout=60)
            check(r.returncode == code and "replayed games: 1" in r.stdout,
                  "--check-variety %s: exit %d" % (flags, r.returncode))


def test_live_and_refit(script, millbase):
    with tempfile.TemporaryDirectory() as tmp:
        saved, live_json, refit_json = (os.path.join(tmp, x) for x in
                                        ("saved", "live.json", "refit.json"))
        live = subprocess.run([sys.executable, script, "level1", "level2", "level3",
                               "--variant", "six", "--games", "8", "--seed", "5",
                               "--millbase", millbase, "--threads", "1", "--save", saved,
                               "--json", live_json], capture_output=True, text=True,
                              timeout=300)
        check(live.returncode == 0, "the live ladder: %s" % live.stderr)
        check(live.stdout.startswith("| player | Elo |"), "a table: " + live.stdout[:200])
        files = sorted(os.listdir(saved))
        check(files == ["level1-level2.json", "level2-level1.json", "level2-level3.json",
                        "level3-level2.json"], "the saved matches %s" % files)
        paths = [os.path.join(saved, f) for f in files]
        random.Random(3).shuffle(paths)
        refit = subprocess.run([sys.executable, script, "level1", "level2", "level3",
                                "--from"] + paths + ["--json", refit_json],
                               capture_output=True, text=True, timeout=60)
        check(refit.returncode == 0, "the refit: %s" % refit.stderr)
        check(refit.stdout == live.stdout, "the refit prints the live table")
        with open(live_json) as f:
            a = json.load(f)
        with open(refit_json) as f:
            b = json.load(f)
        check(same_fit(a, b, 1e-9) and a["variety"] == b["variety"],
              "the refit equals the live fit")
        check(all(p["games"] == (8 if p["name"] != "level2" else 16) for p in a["players"]),
              "8 games a pair")
        check(all(m["seed"] == 5 and m["variant"] == "six" and m["games"] == 4
                  for m in a["matches"]), "the matches' seeds, variant and games")
        check(all(v["games"] == (8 if k != "level2" else 16) for k, v in a["variety"].items()),
              "each game from the empty board counts in the variety")
        bad = subprocess.run([sys.executable, script, "--from", live_json],
                             capture_output=True, text=True, timeout=60)
        check(bad.returncode == 2, "the ladder's own output is not a match object")


def main():
    script, millbase = sys.argv[1:3]
    ladder = load_script(script)
    test_recovers_known_strengths(ladder)
    test_order_invariance(ladder)
    test_interval_shrinks(ladder)
    test_shutout_needs_the_prior(ladder)
    test_variety(ladder)
    test_check_variety(script)
    test_live_and_refit(script, millbase)
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
