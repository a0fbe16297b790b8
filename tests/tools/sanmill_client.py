#!/usr/bin/env python3
"""A client that speaks Sanmill's dialect plays through `millbase uci` (docs/uci.md).

It sends the rule options as the Sanmill app sends them and reads the answers as the
app does (its pattern `info score (-?\\d+)(?: aimovetype (\\w+))? bestmove (.*)`, its
`info analysis` entries `move=outcome(value in N steps)`). It checks that PiecesCount
and MayFly select nine or nine-noflying (played from their 3-3 tables, the values
compared with `millbase analyze`), that a Sanmill FEN is read and written back
identically, that `analyze` answers, that `go topn` with a removal pending lists
removals the engine accepts, that `go infinite` waits for `stop`, that ScoreFromWhite's
score and words agree, and that no `go` after a refused `position` (or a line over 1 MiB)
or under rule options of a game that is not solved returns a move. Sanmill's points of
issue 49: the FEN of a game won by a removal as Sanmill writes it, a move number of 0 and
the app's p:<square> read, a removal's FEN with a counter over 50 answered, `go topn` with
a bad number refused, UsePerfectDatabase and PerfectDatabasePath honoured, and at level 1
the removal played is the one the score of its move described.

Usage: sanmill_client.py MILLBASE NINE33_DB NINE_NOFLYING33_DB SIX_DB
"""
import os
import re
import select
import subprocess
import sys

BIN, NINE_DB, NOFLY_DB, SIX_DB = sys.argv[1:5]
# The Sanmill app's parser of its engine's answer (engine.dart).
APP_ANSWER = re.compile(r"info score (-?\d+)(?: aimovetype (\w+))? bestmove (.*)")
# One entry of an "info analysis" line, as the app reads it.
ENTRY = re.compile(r"(\S+)=([a-z]+)\(([^)]*)\)")
VALUE = re.compile(r"^(-?\d+)(?: in (\d+) steps)?$")
ACTION = re.compile(r"^(x?[a-g][1-7]|[a-g][1-7]-[a-g][1-7])$")
# W:a7,d7,g1 B:b4,d3,f4 w: White flies g1-g7 to close a mill and wins in 1 (nine only).
FEN = "****@***/**@***@*/O**O***O w m s 3 0 3 0 0 0 0 0 0 0 0 7 20"
# After g1-g7, White's removal to come; the counter field left to fill in.
AFTER_G7 = "****@***/**@***@*/OO*****O w m r 3 0 3 0 1 0 0 0 0 0 0 %d 20"
NOTATION = "W:a7,d7,g1 B:b4,d3,f4 w"
# What the Sanmill app sends at its start (its rule settings' defaults): NMoveRule 100.
APP_RULES = [("PiecesCount", 9), ("HasDiagonalLines", "false"), ("NMoveRule", 100),
             ("EndgameNMoveRule", 100), ("ThreefoldRepetitionRule", "true"),
             ("PiecesAtLeastCount", 3), ("BoardFullAction", 0),
             ("StopPlacingWhenTwoEmptySquares", "false"),
             ("MillFormationActionInPlacingPhase", 0), ("MayMoveInPlacingPhase", "false"),
             ("IsDefenderMoveFirst", "false"), ("RestrictRepeatedMillsFormation", "false"),
             ("StalemateAction", 0), ("MayFly", "true"), ("FlyPieceCount", 3),
             ("MayRemoveFromMillsAlways", "false"), ("MayRemoveMultiple", "false"),
             ("OneTimeUseMill", "false"), ("CustodianCaptureEnabled", "false"),
             ("CustodianCaptureOnSquareEdges", "true"), ("InterventionCaptureEnabled", "false"),
             ("LeapCaptureEnabled", "false"), ("LeapCaptureInMovingPhase", "true")]
ADJACENT = set()
for line in ("a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5", "b6 d6 f6",
             "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5",
             "f2 f4 f6", "g1 g4 g7"):
    p = line.split()
    for a, b in ((p[0], p[1]), (p[1], p[2])):
        ADJACENT |= {(a, b), (b, a)}

fails = []


def check(ok, what):
    if not ok:
        fails.append(what)
        print("FAIL:", what)


class Engine:
    """millbase uci on pipes; lines are read with a timeout, so nothing hangs."""

    def __init__(self, *args):
        self.p = subprocess.Popen([BIN, "uci", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.buffer = b""

    def send(self, *lines):
        for line in lines:
            self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self, timeout=10.0):
        """Returns the next line, or None when none comes within timeout seconds."""
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], timeout)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def until(self, predicate, timeout=10.0):
        """Returns the lines up to the first one predicate accepts (included)."""
        lines = []
        while True:
            line = self.line(timeout)
            if line is None:
                check(False, "no answer after %r" % lines[-3:])
                return lines
            lines.append(line)
            if predicate(line):
                return lines

    def ask(self, command, last):
        """Sends command and returns its answer up to the line starting with `last`."""
        self.send(command)
        return self.until(lambda l: l.startswith(last))

    def go(self, command="go"):
        """Returns the lines of go's answer and the app's reading (score, move) of its last."""
        self.send(command)
        lines = self.until(lambda l: "bestmove" in l)
        m = APP_ANSWER.search(lines[-1]) if lines else None
        check(m is not None, "the app finds no answer in %r" % lines[-1:])
        return lines, (int(m.group(1)), m.group(3).strip()) if m else (None, None)

    def quiet(self, seconds):
        """Returns true when no line with bestmove comes for that long."""
        while True:
            line = self.line(seconds)
            if line is None or "bestmove" in line:
                return line is None

    def close(self):
        self.send("quit")
        self.p.wait(10)


def cli_actions(variant, db, position, pending=""):
    """Returns {action: (outcome, value, steps)} from `millbase analyze`: each action with
    the value of its best completion, as the app's analysis lists it."""
    out = subprocess.run([BIN, "analyze", "--variant", variant, "--db", db, position],
                         capture_output=True, text=True, check=True).stdout
    best = {}
    for m in re.finditer(r"^  (\S+) +(win|loss) in (\d+)|^  (\S+) +(draw)", out, re.M):
        move = m.group(1) or m.group(4)
        if pending and not move.startswith(pending + "x"):
            continue
        action = "x" + move.split("x")[1] if pending else move.split("x")[0]
        if action not in best:  # best first: the first completion is the best
            outcome = m.group(2) or "draw"
            value = {"win": 80, "loss": -80, "draw": 0}[outcome]
            best[action] = (outcome, value, int(m.group(3)) if m.group(3) else None)
    return best


def analysis(engine, command="analyze"):
    """Returns {action: (outcome, value, steps)} of the engine's `info analysis` line."""
    line = engine.ask(command, "info analysis")[-1]
    entries = {}
    for m in ENTRY.finditer(line):
        v = VALUE.match(m.group(3))
        check(v is not None and ACTION.match(m.group(1)) is not None,
              "analysis entry %r is not in the app's form" % m.group(0))
        if v:
            entries[m.group(1)] = (m.group(2), int(v.group(1)),
                                   int(v.group(2)) if v.group(2) else None)
    check(ENTRY.sub("", line[len("info analysis"):]).strip() == "", "analysis: %r" % line)
    return entries


e = Engine()
lines = e.ask("uci", "uciok")
for option in ("PiecesCount type spin default 9 min 9 max 12", "MayFly type check default true",
               "NMoveRule type spin default 50", "BestMoveLine type combo default auto"):
    check(any(l.startswith("option name " + option) for l in lines), "no option " + option)

# The app's rule options as it sends them: every one known, NMoveRule 100 refused clearly.
e.send(*("setoption name %s value %s" % (n, v) for n, v in APP_RULES))
lines = e.ask("isready", "readyok")
check(lines == ["readyok"], "the app's options were answered: %r" % lines[:-1])
e.send("setoption name TablePath value " + NINE_DB, "position fen " + FEN)
lines, (score, move) = e.go()
check(move == "none" and score == 0, "go under NMoveRule 100 answered %s" % move)
check(any("has not solved: NMoveRule 100" in l for l in lines), "no reason: %r" % lines)

# NMoveRule 50: nine with flying, from its 3-3 table.
e.send("setoption name NMoveRule value 50", "position fen " + FEN)
lines, (score, move) = e.go()
check((score, move) == (80, "g1-g7"), "nine: %r %r" % (score, move))
check(("g1", "g7") not in ADJACENT, "g1-g7 is a fly")
check(e.ask("fen", "fen") == ["fen " + FEN], "the FEN did not come back identically")
got = analysis(e)
want = cli_actions("nine", NINE_DB, NOTATION)
check(got == want, "analyze differs from millbase analyze: %r vs %r" % (
    sorted(got.items())[:3], sorted(want.items())[:3]))
check(got.get("g1-g7") == ("win", 80, 1), "g1-g7 is not a win in 1: %r" % (got.get("g1-g7"),))
# analyze of another position leaves the session's alone.
got = analysis(e, "analyze fen %s moves g1-g7" % FEN)
check(got == cli_actions("nine", NINE_DB, NOTATION, pending="g1-g7"),
      "analyze with a removal pending: %r" % got)
check(e.ask("fen", "fen") == ["fen " + FEN], "analyze changed the position")

# A removal pending: topn lists removals, and the first is accepted as the next token.
e.send("position fen %s moves g1-g7" % FEN)
lines, (score, move) = e.go("go topn 3")
topn = [l.split()[5] for l in lines if l.startswith("info topn")]
check(len(topn) == 3 and all(t.startswith("x") for t in topn), "topn: %r" % topn)
check(move.startswith("x"), "bestmove with a removal pending: %s" % move)
e.send("position fen %s moves g1-g7 %s" % (FEN, topn[0]))
board = e.ask("d", "# position")
check(e.quiet(0.3) and not any("waiting" in l for l in board), "the removal was not played")
fen = e.ask("fen", "fen")[-1]
# Sanmill ends the game in the removal's turn, before the side changes: White's letter,
# phase o, action r, White's removal count 1, the counter 0, move 21 (two actions on).
check(fen.split()[2:] == "w o r 3 0 2 0 1 0 0 0 0 0 0 0 21".split(),
      "after the removal Black has lost, as Sanmill writes it: %s" % fen)
lines, (score, move) = e.go()
check((score, move) == (80, "none") and "reason too-few-stones" in lines[0], "%r" % lines)
e.send("position " + fen)
check(e.ask("fen", "fen")[-1] == fen, "the FEN of the game's end is not read back identically")
lines, (score, move) = e.go()
check((score, move) == (80, "none") and "reason too-few-stones" in lines[0], "read: %r" % lines)

# What Sanmill's reader accepts: a move number of 0 (read as 1), the app's preferred
# removal p:<square>; a capture field is refused by name.
e.send("position fen %s 0 p:27" % FEN.rsplit(" ", 1)[0])
check(e.ask("fen", "fen") == ["fen %s 1" % FEN.rsplit(" ", 1)[0]], "move number 0 and p:27")
e.send("position fen %s c:w-1-9|b-0-" % FEN)
lines = e.ask("isready", "readyok")
check(any("the field 'c:w-1-9|b-0-' holds Sanmill's custodian captures" in l for l in lines),
      "a capture field: %r" % lines)

# The app counts a slide twice: a removal's FEN may carry a counter over 50. It is read
# as 50 (the mill resets it), and the removal comes.
e.send("position fen " + AFTER_G7 % 60)
lines, (score, move) = e.go()
check(score == 80 and ACTION.match(move) is not None and move.startswith("x"),
      "a removal with the counter at 60: %r" % lines)
check(e.ask("fen", "fen") == ["fen " + AFTER_G7 % 50], "the counter over 50 is not read as 50")

# go topn takes a number: anything else is refused with the reason and bestmove none.
for bad in ("-1", "abc"):
    e.send("position fen " + FEN)
    lines, (score, move) = e.go("go topn " + bad)
    check(move == "none" and any("topn takes a number of actions, 0 or more, not '%s'" % bad in l
                                 for l in lines), "go topn %s: %r" % (bad, lines))

# A line over 1 MiB is refused, and counts as a refused position: the next go must not
# answer the position before it.
e.send("position fen " + FEN, "position fen %s moves %s" % (FEN, " ".join(["g1-g7"] * 200000)))
lines, (score, move) = e.go()
check(move == "none" and score == 0, "go after a line over 1 MiB answered %r" % lines)
check(any("a line of more than 1048576 bytes" in l for l in lines)
      and any("no position" in l for l in lines), "no reason after the long line: %r" % lines)
e.send("position fen " + FEN)
lines, (score, move) = e.go()
check(move == "g1-g7", "the next valid position was not answered: %r" % lines)

# MayFly false: nine-noflying from its own 3-3 table; g1 can only slide.
e.send("setoption name MayFly value false", "setoption name TablePath value " + NOFLY_DB,
       "position fen " + FEN)
lines, (score, move) = e.go()
frm, to = move.split("-")
check((frm, to) in ADJACENT and score == 80, "nine-noflying plays %s (%d)" % (move, score))
got = analysis(e)
check(got == cli_actions("nine-noflying", NOFLY_DB, NOTATION),
      "nine-noflying's analyze differs from millbase analyze")
check("g1-g7" not in got and all(tuple(a.split("-")) in ADJACENT for a in got),
      "nine-noflying lists a fly: %r" % sorted(got))

# ScoreFromWhite: the score and its words take the same side.
e.send("setoption name ScoreFromWhite value true",
       "position fen " + FEN.replace(" w m ", " b m "), "setoption name BestMoveLine value uci")
for text in (e.ask("go", "bestmove")[-2], e.ask("eval", "info eval")[-1]):
    m = re.search(r"score mate (-?\d+) string (win|loss) in (\d+)", text)
    check(m is not None and (int(m.group(1)) > 0) == (m.group(2) == "win")
          and abs(int(m.group(1))) == int(m.group(3)), "score and words: %s" % text)
e.send("setoption name BestMoveLine value auto")

# Rule options of a game that is not solved: never a move, whatever comes next.
for name, value in (("PiecesCount", 12), ("HasDiagonalLines", "true"),
                    ("MayMoveInPlacingPhase", "true")):
    e.send("setoption name %s value %s" % (name, value))
    lines, (score, move) = e.go()
    check(move == "none" and "has not solved: %s %s" % (name, value) in lines[0],
          "%s %s: %r" % (name, value, lines))
    check(e.ask("analyze", "info analysis")[-1] == "info analysis none", "analyze under " + name)
    e.send("position fen " + FEN)
    check(e.ask("isready", "readyok")[0].startswith("info string error"), "position under " + name)
    e.send("setoption name %s value %s" % (name, {12: 9}.get(value, "false")))
    lines, (score, move) = e.go()
    check(move == "none" and "no position" in lines[0], "after %s: %r" % (name, lines))
    e.send("position fen " + FEN)
    lines, (score, move) = e.go()
    check(move not in ("none", None), "%s back: no move" % name)
e.close()

# Sanmill's app sends SkillLevel 1 and lets UsePerfectDatabase override it; its
# PerfectDatabasePath is TablePath (no --db here: only that option finds the tables).
app = Engine()
app.send(*("setoption name %s value %s" % (n, v) for n, v in APP_RULES))
app.send("setoption name NMoveRule value 50", "setoption name SkillLevel value 1",
         "setoption name UsePerfectDatabase value true",
         "setoption name PerfectDatabasePath value " + NINE_DB)
lines = app.ask("isready", "readyok")
check(lines == ["readyok"], "UsePerfectDatabase or PerfectDatabasePath answered: %r" % lines)
played = []
for seed in range(1, 13):
    app.send("setoption name Seed value %d" % seed, "position fen " + FEN)
    played.append(app.go()[1])
check(all(p == (80, "g1-g7") for p in played), "UsePerfectDatabase true plays %r" % played)
# Black to move must block g7 (its other moves lose sooner), which perfect play does and
# level1, which sees its own move only, does not always do (docs/uci.md).
BLOCK_G7 = FEN.replace(" w ", " b ", 1)
played = []
for seed in range(1, 13):
    app.send("setoption name Seed value %d" % seed, "position fen " + BLOCK_G7)
    played.append(app.go()[1][1])
check(all(p.endswith("-g7") for p in played), "UsePerfectDatabase true, Black: %r" % played)
app.send("setoption name UsePerfectDatabase value false")
played = []
for seed in range(1, 13):
    app.send("setoption name Seed value %d" % seed, "position fen " + BLOCK_G7)
    played.append(app.go()[1][1])
check(any(not p.endswith("-g7") for p in played),
      "SkillLevel 1 without UsePerfectDatabase: %r" % played)
app.close()

# The case on six: a refused position leaves none; go infinite waits for stop.
six = Engine("--db", SIX_DB)
six.send("position startpos moves d6 a7")
lines = six.ask("go", "bestmove")
check(lines[-1] == "bestmove none" and "refused (in move 'a7'" in lines[-2], "six: %r" % lines)
six.send("position startpos moves d6", "go infinite")
check(six.quiet(0.5), "go infinite answered before stop")
lines = six.ask("stop", "bestmove")
check(re.fullmatch(r"bestmove [b-f][2-6]", lines[-1]) is not None, "after stop: %r" % lines)

# At a level below perfect the score of a move that closes a mill describes one removal,
# and the next go plays that one: b2 closes a mill, its removals win in 17, 17 or 21.
MILL = "W:d2,f2,c4 B:d6,f6,e4 w 3 3"
six.send("setoption name SkillLevel value 1")
cases = 0
for seed in range(1, 41):
    six.send("setoption name Seed value %d" % seed, "position fen " + MILL)
    first = six.ask("go", "bestmove")
    if first[-1] != "bestmove b2":
        continue
    cases += 1
    six.send("position fen %s moves b2" % MILL)
    second = six.ask("go", "bestmove")
    said = re.search(r"score (mate -?\d+|cp -?\d+)", first[-2])
    done = re.search(r"score (mate -?\d+|cp -?\d+)", second[-2])
    check(said is not None and done is not None and said.group(1) == done.group(1)
          and re.fullmatch(r"bestmove x(d6|f6|e4)", second[-1]) is not None,
          "seed %d: b2 scored %r, its removal %r" % (seed, first[-2:], second[-2:]))
check(cases >= 3, "SkillLevel 1 chose b2 only %d times in 40 seeds" % cases)
six.close()

if fails:
    sys.exit("%d checks failed" % len(fails))
print("sanmill client: all checks passed")
