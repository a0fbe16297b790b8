#!/usr/bin/env python3
"""A ladder of players in Elo (#69): `millbase match` between neighbouring players, both
colours, and the ratings that fit the results; and how varied each player's games are.

Usage: bench/long/ladder.py PLAYER... [--variant V] [--db DIR] [--games N] [--seed S]
           [--millbase PATH] [--threads T] [--save DIR] [--json FILE] [--check-variety]
       bench/long/ladder.py [PLAYER...] --from FILE... [--json FILE] [--check-variety]

  PLAYER...       the ladder, weakest first, as `millbase match` names them (level1 ...
                  level5 perfect): each player meets the next one, N games a pair, N/2
                  with each colour, every match seeded S (`--seed`).
  --save DIR      writes each match's `millbase match --json --records` object to
                  DIR/WHITE-BLACK.json, with the command that played it.
  --from FILE...  fits saved match objects (files, or directories of *.json: of --save,
                  or any `millbase match --json`; without "records" the variety is left
                  out) without playing a game; PLAYER..., if given, orders the table (the
                  first is fixed), else the players come as they first appear.
  --json FILE     writes the fit, the variety and the commands as one object ('-': stdout).
  --check-variety exits 1 when a whole game was replayed (below).

The fit: Bradley-Terry by maximum likelihood on the Elo scale, P(i beats j) =
1 / (1 + 10^((r_j - r_i) / 400)), a draw counting half a win to each side (not Davidson's
extension), over every match given (neighbours or not). The first player is fixed at
1000 (--anchor). A pair whose games all went one way has no finite estimate, so each pair
that met gets --prior virtual draws (default 1; 0 for the plain maximum likelihood).
The 95% intervals are ±1.96 standard errors from the inverse of the observed Fisher
information of the free ratings, relative to the fixed one: the binomial variance, which
overstates it when there are draws, so the intervals are conservative there.

The variety, over the games from the empty board that carry their moves ("records"):
each player's distinct openings (the first six plies, not folded by symmetry), and the
distinct triples of its own moves among them with each colour. A replay is a game whose
start and every move equal those of an earlier game of the same match (the same players
with the same colours): the player then met the same opponent's same moves and answered
them all alike. Finer: a shared point is a position reached by the same moves in two or
more games of a match with the player to move; it varied there if it played more than
one move.

Prints Markdown on stdout and each command on stderr as it runs. Exit codes: 0 done,
1 a match failed or (--check-variety) a game was replayed, 2 usage or a bad file.
"""
import argparse
import glob
import json
import math
import os
import re
import subprocess
import sys

ANCHOR = 1000.0
ELO = 400.0
C = math.log(10) / ELO  # d/dr of the log-odds of a win
Z95 = 1.96
OPENING_PLIES = 6
SHUTOUT = "no finite ratings: some players won or lost every game (give --prior)"
EMPTY_BOARD = re.compile(r"^W: B: w (\d+) \1$")  # any variant's empty board, White to move


# ---- playing ----------------------------------------------------------------------------

def play(a, white, black, games):
    """Returns the `millbase match --json --records` object of white against black."""
    cmd = [a.millbase, "match", "--variant", a.variant, "--white", white, "--black", black,
           "--games", str(games), "--seed", str(a.seed), "--json", "--records", "--quiet"]
    if a.db:
        cmd += ["--db", a.db]
    if a.threads:
        cmd += ["--threads", str(a.threads)]
    command = "millbase " + " ".join(cmd[1:])
    print("$ " + command, file=sys.stderr, flush=True)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        print("match failed (exit %d): %s" % (done.returncode, done.stderr.strip()),
              file=sys.stderr)
        sys.exit(1)
    result = json.loads(done.stdout)
    result["command"] = command
    if a.save:
        path = os.path.join(a.save, "%s-%s.json" % (white, black))
        with open(path + ".tmp", "w") as f:
            json.dump(result, f)
        os.replace(path + ".tmp", path)  # whole or not at all
    return result


def play_ladder(a):
    """Plays each neighbouring pair of a.players, a.games games, half with each colour."""
    matches = []
    for low, high in zip(a.players, a.players[1:]):
        matches.append(play(a, high, low, a.games // 2))
        matches.append(play(a, low, high, a.games // 2))
    return matches


def load(paths):
    """Returns the match objects saved in paths (files, or directories of *.json)."""
    matches = []
    for path in paths:
        files = sorted(glob.glob(os.path.join(path, "*.json"))) if os.path.isdir(path) else [path]
        for name in files:
            try:
                with open(name) as f:
                    m = json.load(f)
                for k in ("white", "black", "games", "white_wins", "draws", "black_wins"):
                    m[k]  # noqa: B018 - a KeyError names what is missing
            except (OSError, ValueError, KeyError) as e:
                print("%s: not a match object (%s)" % (name, e), file=sys.stderr)
                sys.exit(2)
            matches.append(m)
    return matches


# ---- the fit ----------------------------------------------------------------------------

def pair_table(matches):
    """Returns (players in order of appearance, {(i, j): [games, points of i]}) over both
    colours, i < j."""
    players, index, pairs = [], {}, {}
    for m in matches:
        for name in (m["white"], m["black"]):
            if name not in index:
                index[name] = len(players)
                players.append(name)
        i, j = index[m["white"]], index[m["black"]]
        points = m["white_wins"] + 0.5 * m["draws"]  # White's
        if i > j:
            i, j, points = j, i, m["games"] - points
        cell = pairs.setdefault((i, j), [0, 0.0])
        cell[0] += m["games"]
        cell[1] += points
    return players, pairs


def solve(a, b):
    """Returns x with a x = b (Gauss-Jordan with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[k]] for k, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-300:
            raise ValueError("singular")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col] / m[col][col]
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    return [m[k][n] / m[k][k] for k in range(n)]


def inverse(a):
    n = len(a)
    columns = [solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


def fit(matches, order=None, anchor=ANCHOR, prior=1.0):
    """Fits Bradley-Terry ratings to matches (objects with white, black, games, white_wins,
    draws, black_wins). Returns {"players": [{name, rating, ci95, games, points}], ...}
    with the players in `order` (default: as they appear), the first fixed at anchor."""
    seen, pairs = pair_table(matches)
    names = list(order) if order else seen
    missing = set(seen) - set(names)
    if missing:
        raise ValueError("players without a place in the order: " + ", ".join(sorted(missing)))
    # Re-index the pairs by names' order (each gets `prior` virtual draws in the fit).
    where = {name: k for k, name in enumerate(names)}
    cells = {}
    for (i, j), (n, s) in pairs.items():
        a, b = where[seen[i]], where[seen[j]]
        if a > b:
            a, b, s = b, a, n - s
        cells[(a, b)] = (n, s)
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for a, b in cells:
            for x, y in ((a, b), (b, a)):
                if x == i and y not in reached:
                    reached.add(y)
                    todo.append(y)
    if len(reached) < len(names):
        raise ValueError("the players do not all meet, through others, the first one")
    free = list(range(1, len(names)))
    r = [0.0] * len(names)

    def information(r):
        """The gradient of the log-likelihood and the observed Fisher information, over
        the free ratings."""
        grad = [0.0] * len(names)
        info = [[0.0] * len(names) for _ in names]
        for (i, j), (n, s) in cells.items():
            n, s = n + prior, s + prior / 2
            p = 1 / (1 + 10 ** ((r[j] - r[i]) / ELO))
            g = C * (s - n * p)
            grad[i] += g
            grad[j] -= g
            w = C * C * n * p * (1 - p)
            info[i][i] += w
            info[j][j] += w
            info[i][j] -= w
            info[j][i] -= w
        return [grad[k] for k in free], [[info[i][j] for j in free] for i in free]

    for _ in range(200):
        grad, info = information(r)
        try:
            step = solve(info, grad)
        except ValueError:
            step = None  # the information vanished: ratings running off to infinity
        if step is None or max(abs(x) for x in r) > 1e6:
            raise ValueError(SHUTOUT)
        # The log-likelihood is concave; a cap on the step keeps a near-shutout from
        # overshooting while the ratings are still far off.
        biggest = max((abs(x) for x in step), default=0.0)
        scale = min(1.0, ELO / biggest) if biggest > 0 else 1.0
        for k, x in zip(free, step):
            r[k] += scale * x
        if biggest < 1e-9:
            break
    else:
        raise ValueError(SHUTOUT)
    _, info = information(r)
    cov = inverse(info) if free else []
    totals = {k: [0, 0.0] for k in range(len(names))}
    for (i, j), (n, s) in cells.items():
        totals[i][0] += n
        totals[i][1] += s
        totals[j][0] += n
        totals[j][1] += n - s
    players = []
    for k, name in enumerate(names):
        var = cov[k - 1][k - 1] if k else 0.0
        players.append({"name": name, "rating": anchor + r[k], "ci95": Z95 * math.sqrt(var),
                        "games": totals[k][0], "points": totals[k][1]})
    met = [{"players": [names[i], names[j]], "games": n, "points": s}
           for (i, j), (n, s) in sorted(cells.items())]
    return {"method": "Bradley-Terry, maximum likelihood, draws half a win; 95% from the "
                      "observed Fisher information",
            "anchor": {"player": names[0], "rating": anchor}, "prior_draws": prior,
            "players": players, "pairs": met}


# ---- the variety ------------------------------------------------------------------------

def variety(matches):
    """Returns ({player: its openings from the empty board, replays and shared points},
    the replayed games) over the matches that carry "records" (see the docstring)."""
    out, replayed = {}, 0

    def of(name):
        return out.setdefault(name, {"games": 0, "openings": set(), "own_white": set(),
                                     "own_black": set(), "replays": 0, "shared": 0,
                                     "varied": 0})

    for m in matches:
        records = m.get("records")
        if records is None:
            continue
        sides = (of(m["white"]), of(m["black"]))
        # The tree of the match's games: (start, moves so far) -> [games through it,
        # the moves played from it].
        tree, whole = {}, set()
        for g in records:
            start, moves = g["start"], tuple(g["moves"])
            if (start, moves) in whole:
                replayed += 1
                for s in sides:
                    s["replays"] += 1
            whole.add((start, moves))
            for ply in range(len(moves)):
                node = tree.setdefault((start, moves[:ply]), [0, set()])
                node[0] += 1
                node[1].add(moves[ply])
            if not EMPTY_BOARD.match(start):
                continue
            opening = moves[:OPENING_PLIES]
            for colour, s in enumerate(sides):
                s["games"] += 1
                s["openings"].add(opening)
                s["own_white" if colour == 0 else "own_black"].add(opening[colour::2])
        for (start, history), (through, replies) in tree.items():
            if through < 2:
                continue
            mover = sides[(len(history) + (start.split()[2] != "w")) % 2]
            mover["shared"] += 1
            mover["varied"] += len(replies) > 1
    return {name: {"games": s["games"], "openings": len(s["openings"]),
                   "own_as_white": len(s["own_white"]), "own_as_black": len(s["own_black"]),
                   "replays": s["replays"], "shared_points": s["shared"],
                   "varied_at": s["varied"]} for name, s in out.items()}, replayed


# ---- output -----------------------------------------------------------------------------

def print_tables(result, varieties):
    players = result["players"]
    points = {tuple(p["players"]): (p["games"], p["points"]) for p in result["pairs"]}
    print("| player | Elo | 95% | games | against the one below |")
    print("|---|---:|---:|---:|---|")
    for k, p in enumerate(players):
        below = ""
        if k:
            n, s = points.get((players[k - 1]["name"], p["name"]), (0, 0))
            if n:
                below = "%g of %d (%.1f%%)" % (n - s, n, 100 * (n - s) / n)
        print("| %s | %.0f | %s | %d | %s |" % (
            p["name"], p["rating"], "±%.0f" % p["ci95"] if k else "fixed", p["games"], below))
    if not varieties:
        return
    print("\n| player | games from the empty board | openings (6 plies) | own moves in them, "
          "as White / as Black | replayed games | shared points, varied at |")
    print("|---|---:|---:|---|---:|---|")
    for p in players:
        v = varieties.get(p["name"])
        if v:
            print("| %s | %d | %d | %d / %d | %d | %d, %d |" % (
                p["name"], v["games"], v["openings"], v["own_as_white"], v["own_as_black"],
                v["replays"], v["shared_points"], v["varied_at"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", nargs="*")
    ap.add_argument("--from", dest="files", nargs="+", metavar="FILE")
    ap.add_argument("--variant", default="six")
    ap.add_argument("--db")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--millbase", default="build/millbase")
    ap.add_argument("--threads", type=int)
    ap.add_argument("--save")
    ap.add_argument("--json")
    ap.add_argument("--anchor", type=float, default=ANCHOR)
    ap.add_argument("--prior", type=float, default=1.0)
    ap.add_argument("--check-variety", action="store_true")
    a = ap.parse_args()
    if a.files:
        matches = load(a.files)  # the players, if given, are the order of the table
    else:
        if len(a.players) < 2 or len(set(a.players)) != len(a.players):
            ap.error("a ladder needs two or more different players")
        if a.games < 2 or a.games % 2:
            ap.error("--games is the games of a pair, half with each colour: even, at least 2")
        if a.save:
            os.makedirs(a.save, exist_ok=True)
        matches = play_ladder(a)
    try:
        result = fit(matches, a.players or None, a.anchor, a.prior)
    except ValueError as e:
        print("ladder: %s" % e, file=sys.stderr)
        return 2
    varieties, replayed = variety(matches)
    print_tables(result, varieties)
    result["variety"] = varieties
    result["replayed_games"] = replayed
    result["matches"] = [{k: m.get(k) for k in ("variant", "white", "black", "seed", "games",
                                                "white_wins", "draws", "black_wins",
                                                "command")} for m in matches]
    if a.json:
        text = json.dumps(result, indent=1)
        if a.json == "-":
            print(text)
        else:
            with open(a.json, "w") as f:
                f.write(text + "\n")
    if replayed:
        print("\nreplayed games: %d" % replayed)
    return 1 if a.check_variety and replayed else 0


if __name__ == "__main__":
    sys.exit(main())
