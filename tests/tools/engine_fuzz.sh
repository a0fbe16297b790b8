#!/usr/bin/env bash
# A seeded fuzz of the engine's line loop: thousands of mutated command lines (valid
# ones among them) must each get an answer of the documented forms, never end the
# session early, and leave the engine exiting 0 at the end of input.
# Usage: engine_fuzz.sh <millbase binary> <six table directory> [lines]
set -euo pipefail
bin=$1
six=$2
lines=${3:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The seed lines, each mutated by fuzz_lines.py.
cat >"$work/seeds" <<'SEEDS'
isready
variant six
variant NINE
db x
show
go
go level 3
analyze
help
position start
position start black moves d2 b4
position W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w
position W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w moves d3-c3
position W: B: w 6 6 moves b2 d2 f2
frob
go level perfect
position start moves a1
SEEDS
python3 "$(dirname "$0")/fuzz_lines.py" 1201 "$lines" 'abcdefgxWB:,- 0123456789wb+\t\r\xff\x01levlmovesstartposition' quit,db <"$work/seeds" >"$work/in"
rc=0
timeout 600 "$bin" engine --db "$six" <"$work/in" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 0 ] || { echo "FAIL: engine exited $rc: $(tail -3 "$work/err")"; exit 1; }
python3 - "$work/in" "$work/out" <<'PY'
import re, sys
inp = open(sys.argv[1], encoding="latin-1", newline="").read().split("\n")[:-1]
out = open(sys.argv[2], encoding="utf-8", errors="strict", newline="").read().split("\n")[:-1]
asked = sum(1 for l in inp if l.strip(" \t\r\v\f"))
forms = re.compile(r"^(millbase engine ready|readyok|ok|error .+|bestmove \S+|info result (white|black|draw) reason \S+|position .+|value (draw|win \d+|loss \d+)|move \S+ (draw|win \d+|loss \d+)|end|commands: .+)$")
bad = [l for l in out if not forms.match(l)]
assert not bad, "unexpected answers: %r" % bad[:5]
answers = sum(1 for l in out if not re.match(r"^(move |value |info |millbase engine ready)", l))
assert answers >= asked, "%d lines asked, %d answered" % (asked, answers)
print("engine fuzz: %d lines, %d answers, all of the documented forms" % (asked, answers))
PY
echo "engine fuzz: all checks passed"
