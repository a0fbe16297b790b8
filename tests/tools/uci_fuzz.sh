#!/usr/bin/env bash
# A seeded fuzz of `millbase uci` (docs/uci.md): thousands of mutated command lines
# (valid ones among them). Every answer must be of a documented form, every `go` must
# get exactly one `bestmove`, the session must survive to the last line (an isready)
# and exit 0 at the end of input.
# Usage: uci_fuzz.sh <millbase binary> <six table directory> [lines]
set -euo pipefail
bin=$1
six=$2
lines=${3:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The seed lines, each mutated by fuzz_lines.py.
cat >"$work/seeds" <<'SEEDS'
uci
isready
ucinewgame
d
eval
go
go topn 5
go movetime 100 depth 3
stop
position startpos
position startpos moves d2 b4 f2
position startpos moves b2 b6 d2 d6 f2 xb6
position startpos moves b2 b6 d2 d6 f2
position fen W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w
position fen W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w moves d3-c3
position fen W:b2,d2 B:b6,d6 w 4 4 moves f2
setoption name SkillLevel value 3
setoption name Skill Level value 30
setoption name Seed value 7
setoption name ScoreFromWhite value true
setoption name CombinedMoves value false
setoption name Variant value six
setoption name Frob
frob
position startpos moves a1
analyze
analyze startpos moves b2 b6 d2 d6 f2
fen
position fen O*******/@*******/******** b p p 1 5 1 5 0 0 0 0 0 0 0 0 2
position fen @@******/***OOO**/******** w m r 3 0 2 0 1 0 0 0 0 0 0 4 30
go infinite
go ponder
ponderhit
setoption name BestMoveLine value sanmill
setoption name BestMoveLine value auto
setoption name PiecesCount value 12
setoption name PiecesCount value 9
setoption name PiecesCount value 10
setoption name MayMoveInPlacingPhase value true
position fen ******O*/O*@***O*/******O* w p p 4 1 1 2 0 0 0 0 0 0 0 7 20 moves b4-b6
position fen ********/********/***OOO*@ w p r 3 1 1 2 1 0 0 0 0 0 0 3 12
SEEDS
python3 "$(dirname "$0")/fuzz_lines.py" 1202 "$lines" 'abcdefgxWB:,- 0123456789wb+\t\r\xff\x01namevaluemovesstartposfentopn' quit,variant,tablepath isready <"$work/seeds" >"$work/in"
rc=0
timeout 600 "$bin" uci --db "$six" <"$work/in" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 0 ] || { echo "FAIL: uci exited $rc: $(tail -3 "$work/err")"; exit 1; }
python3 - "$work/in" "$work/out" <<'PY'
import re, sys
inp = open(sys.argv[1], encoding="latin-1", newline="").read().split("\n")[:-1]
out = open(sys.argv[2], encoding="utf-8", errors="strict", newline="").read().split("\n")[:-1]
score = r"(cp 0|mate -?\d+)"
forms = re.compile(r"^(id (name|author) .+|option name \S+ type .+|uciok|readyok|# .*|bestmove \S+"
                   r"|info string .+|info depth 1 score " + score + r" string (draw|win in \d+|loss in \d+)"
                   r"|info eval score " + score + r" string (draw|win in \d+|loss in \d+)"
                   r"|info topn rank \d+ move \S+ score " + score +
                   r"|info score (0|80|-80) bestmove \S+|fen \S+( \S+){16}"
                   r"|info analysis( none|( \S+=(win\(80|loss\(-80) in \d+ steps\)| \S+=draw\(0\))+)"
                   r")$")
bad = [l for l in out if not forms.match(l)]
assert not bad, "unexpected answers: %r" % bad[:5]
gos = sum(1 for l in inp if l.split() and l.split()[0].lower() == "go")
answer = re.compile(r"^(info score -?\d+ )?bestmove ")  # not an error quoting the input
best = sum(1 for l in out if answer.match(l))
assert gos == best, "%d go commands, %d bestmove answers" % (gos, best)
# The last isready is answered; only the answer a go infinite still held may follow it.
assert "readyok" in out, "the session did not answer its last isready"
after = out[len(out) - out[::-1].index("readyok"):]
assert len(after) <= 1 and all(answer.match(l) for l in after), "after the last isready: %r" % after
print("uci fuzz: %d lines, %d go, %d answers, all of the documented forms" % (len(inp), gos, len(out)))
PY
echo "uci fuzz: all checks passed"
