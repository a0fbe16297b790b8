#!/usr/bin/env bash
# Input as people type it, and limits on options (issue #12): Windows line endings and
# trailing blanks on stdin, errors that name their line, JSON that stays valid UTF-8
# whatever bytes come in, case-insensitive variant names, bounded thread counts and
# cache sizes, and table paths that are not regular files (a FIFO must not hang).
# Usage: input_hygiene.sh <millbase binary> <six table directory>
set -euo pipefail
bin=$1
six=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/expect.sh"
expect_timeout=30 # a command that waits for more input fails, not hangs

printf 'W: B: w 6 6\r\nW:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w  \t\r\n' >"$work/crlf"
input="$work/crlf"
expect 0 "^W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w: White to move: win in 1; best: d3-c3$" -- probe --db "$six" -
printf 'W: B: w 6 6\n\nW:z9 B: w\n' >"$work/bad"
input="$work/bad"
expect 2 "millbase: line 3: unknown point 'z9'" -- probe --db "$six" -
printf 'W:\xff B: w\nW: B: w 6 6\n' >"$work/bytes"
input="$work/bytes"
out=$("$bin" probe --db "$six" --json - <"$work/bytes" 2>/dev/null || true)
python3 -c '
import json, sys
lines = sys.stdin.read().splitlines()
assert len(lines) == 2, lines
for l in lines: json.loads(l)
assert "\ufffd" in json.loads(lines[0])["position"], lines[0]
' <<<"$out" || fail "probe --json printed invalid JSON: $out"
input=/dev/null

expect 0 "draw" -- probe --variant Six --db "$six" "W: B: w 6 6"
expect 0 "Legal moves \(24\)" -- show --variant NINE
for cmd in solve verify pack; do
  expect 2 "--threads.*100000" -- $cmd --variant six --db "$work/unused" -j 100000
done
[ ! -e "$work/unused" ] || fail "a refused command created its directory"
expect 2 "--cache-mb" -- probe --db "$six" --cache-mb -1 "W: B: w 6 6"
expect 2 "--cache-mb" -- probe --db "$six" --cache-mb 99999999999999999999 "W: B: w 6 6"

# A FIFO in place of a table: reported, never waited on.
t="$work/six"
cp -r "$six" "$t"
rm "$t/3-3.mbt"
mkfifo "$t/3-3.mbt"
expect 1 "3-3 .*DAMAGED .*3-3.mbt: not a regular file" -- verify --db "$t" --quick
expect 1 "3-3.mbt: not a regular file" -- probe --db "$t" "W:b2,d2,f2 B:b6,d6,f6 w"
expect 1 "3-3.mbt: not a regular file" -- info "$t"
rm "$t/3-3.mbt"
cp "$six/3-3.mbt" "$t/3-3.mbt"
# Swapped file names: info names both.
mv "$t/3-3.mbt" "$t/x" && mv "$t/4-4.mbt" "$t/3-3.mbt" && mv "$t/x" "$t/4-4.mbt"
expect 1 "3-3.mbt: holds sector 4-4, whose file is 4-4.mbt" -- info --db "$t"
expect 1 "4-4.mbt: holds sector 3-3, whose file is 3-3.mbt" -- info --db "$t"
# Messages: the board's points listed, bytes escaped, long tokens cut, no signed counts,
# and a hint when a position without in-hand counts is over.
expect 2 "point 'a1' is not on the 16-point board of six \(its points: b2 d2 f2 c3 .* d6 f6\)" -- show "W:a1 B: w"
expect 2 "White's in-hand count '-0' is not a count" -- show "W: B: w -0 6"
expect 2 "unknown point '.x01.xff'" -- show "$(printf 'W:\x01\xff') B: w"
long=$(head -c 10000 /dev/zero | tr '\0' 'q')
out=$("$bin" show "W:$long B: w" 2>&1 || true)
[ "${#out}" -lt 200 ] || fail "a 10 KB token came back whole (${#out} bytes)"
grep -q "unknown point 'qqqq.*\.\.\.'" <<<"$out" || fail "long token: $out"
expect 0 "loss in 0 \(game over\); no in-hand counts were given.*'W: B: w 6 6'" -- \
  probe --db "$six" "W:b2 B:d6 w"
echo "input hygiene: all checks passed"
