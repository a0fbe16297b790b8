#!/usr/bin/env bash
# Table directories that cannot be mixed up and checks that miss nothing (issue #12):
#   - solve into a directory of another variant is refused (exit 2, naming both), with
#     or without a manifest, and the tables there stay byte for byte;
#   - pack, verify, stats and probe on a missing directory: exit 3, nothing created;
#   - a deleted table: verify --quick, verify and stats name it and exit 3;
#   - two damaged tables: verify --quick names both and exits 1, with its --json report;
#   - solve says what it repairs, and the repaired directory verifies.
# Usage: table_dirs.sh <millbase binary>
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/expect.sh"

d="$work/tables"
"$bin" solve --variant nine --max-stones 3 --out "$d" -q >/dev/null
grep -q "^variant: nine$" "$d/MANIFEST" || fail "no manifest naming nine"
grep -q "^solved: 3-3$" "$d/MANIFEST" || fail "manifest does not record --max-stones 3: $(cat "$d/MANIFEST")"
sum_before=$(cat "$d"/*.mbt | md5sum)
expect 2 "$d holds tables of nine \(metric plain, format 1\), not of six" -- \
  solve --variant six --out "$d" -q
# Without the manifest (a directory from before manifests) the headers tell.
mv "$d/MANIFEST" "$work/MANIFEST.nine"
expect 2 "3-3.mbt is a table of nine \(metric plain\), not of six \(metric plain\); $d has no MANIFEST" -- \
  solve --variant six --out "$d" -q
expect 2 "3-3.mbt is a table of nine \(metric plain\), not of nine-noflying" -- \
  solve --variant nine-noflying --out "$d" -q
[ "$(cat "$d"/*.mbt | md5sum)" = "$sum_before" ] || fail "a refused solve changed the tables"
mv "$work/MANIFEST.nine" "$d/MANIFEST"
expect 2 "not of six" -- probe --variant six --db "$d" "W: B: w 6 6"

# Missing directories: exit 3 and nothing created.
gone="$work/no/such/dir"
expect 3 "no table directory $gone \(tables of six\); build it with: millbase solve --variant six --out $gone" -- \
  pack --variant six --db "$gone"
expect 3 "no table directory $gone" -- verify --variant six --db "$gone" --quick
expect 3 "no table directory $gone" -- stats --variant six --db "$gone"
expect 3 "no table directory $gone" -- probe --variant six --db "$gone" "W: B: w 6 6"
# Play and the engine check for tables before the first move, and say what a solve costs.
expect 3 "no table directory $gone \(tables of nine\); build it with: millbase solve --variant nine --out $gone \(26.80G positions; its largest unit needs about 6.6 GB of memory" -- \
  play --variant nine --db "$gone"
expect 3 "no table directory $gone" -- engine --db "$gone"
expect 3 "no table directory $gone" -- uci --db "$gone"
expect 3 "no table directory $gone; build them with: millbase solve --variant <nine\|nine-noflying\|six\|five> --out $gone" -- info "$gone"
[ ! -e "$work/no" ] || fail "a read-only command created $work/no"
mkdir "$work/empty"
expect 3 "no tables of six in $work/empty" -- verify --variant six --db "$work/empty" --quick
expect 3 "no tables of six in $work/empty" -- stats --variant six --db "$work/empty"
expect 3 "no tables in $work/empty; build them with" -- info "$work/empty"

# Six, then one table deleted: every checker names it.
s="$work/six"
"$bin" solve --variant six --out "$s" -q >/dev/null
cp -r "$s" "$work/six-good"
rm "$s/0-0+6-6.mbt"  # the empty board: no other table reads it
expect 3 "0-0\+6-6 .*MISSING $s/0-0\+6-6.mbt" -- verify --variant six --db "$s" --quick
expect 3 "1 missing, 0 damaged tables" -- verify --variant six --db "$s" --quick
expect 3 "missing table $s/0-0\+6-6.mbt" -- stats --variant six --db "$s"
expect 3 "1 tables missing, 0 damaged" -- stats --variant six --db "$s"
expect 3 "missing table $s/0-0\+6-6.mbt \(sector 0-0\+6-6 of six\)" -- info "$s"
expect 3 "230 tables, .*, 0 corrupt, 1 missing" -- info --db "$s"
# A table of another variant copied in: info names it foreign.
cp "$d/3-3.mbt" "$s/3-3.mbt.x" && mv "$s/3-3.mbt" "$work/3-3.six" && mv "$s/3-3.mbt.x" "$s/3-3.mbt"
expect 3 "$s/3-3.mbt: a table of nine in a directory of six" -- info "$s"
expect 3 "3-3 .*DAMAGED .*3-3.mbt: table of another variant \(9 stones, flying\), expected six" -- \
  verify --variant six --db "$s" --quick
mv "$work/3-3.six" "$s/3-3.mbt"
rm "$s/3-3.mbt"  # read by others: the full verify names it and skips its readers
expect 3 "3-3 .*MISSING" -- verify --variant six --db "$s"

# Two damaged tables: both named, and the JSON report still printed.
cp "$work/six-good"/*.mbt "$s/"
for t in 4-4 5-5; do
  size=$(stat -c %s "$s/$t.mbt")
  printf '\x55' | dd of="$s/$t.mbt" bs=1 seek=$((size - 10)) conv=notrunc status=none
done
expect 1 "4-4 .*DAMAGED .*4-4.mbt: corrupt table" -- verify --variant six --db "$s" --quick
expect 1 "5-5 .*DAMAGED .*5-5.mbt: corrupt table" -- verify --variant six --db "$s" --quick
expect 1 '"missing_tables":0,"damaged_tables":2' -- verify --variant six --db "$s" --quick --json

# Solve repairs them and says so; the result equals the good tables.
truncate -s 200 "$s/5-5.mbt"
expect 0 "5-5.mbt: corrupt table: .*truncated.*: solving it again" -- solve --variant six --out "$s" -q
for f in "$work/six-good"/*.mbt; do
  cmp -s "$f" "$s/$(basename "$f")" || fail "$(basename "$f") differs after the repair"
done
expect 0 "0 mismatches" -- verify --variant six --db "$s"
echo "table directories: all checks passed"
