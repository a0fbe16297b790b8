#!/usr/bin/env bash
# Trust the tables, not a file about them (issue #27): the tables' own headers decide
# whose a directory is, so that no solve or pack writes over a valid table.
#   - a MANIFEST edited to name another variant or metric, emptied, filled with garbage,
#     with a format out of range or a word too many: solve, pack and solve --rule fifty
#     refuse (exit 2 for another variant or metric, 1 for a corrupt MANIFEST) and every
#     table keeps its bytes;
#   - a table renamed to another sector's file is refused, not "repaired";
#   - solve --rule fifty reads a packed plain directory (derived tables) and writes the
#     same tables as from the unpacked one;
#   - temporary files of a killed writer: info and verify name them, pack removes them;
#   - probe --rule fifty with a --plain that cannot be used says so and exits non-zero.
# Usage: trust_tables.sh <millbase binary> <six plain tables> <six 50-ply tables>
set -euo pipefail
bin=$1 six=$2 six_fifty=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/expect.sh"
# Returns one checksum over every table of a directory (names and bytes).
sums() { (cd "$1" && sha256sum ./*.mbt | sha256sum); }
# fresh NAME SOURCE: a copy of SOURCE at $work/NAME.
fresh() { rm -rf "${work:?}/$1" && cp -r "$2" "$work/$1"; }

five="$work/five"
"$bin" solve --variant five --out "$five" -q >/dev/null

# A 50-ply directory whose MANIFEST says plain.
fresh f "$six_fifty"
sed -i 's/^metric: fifty$/metric: dtm/' "$work/f/MANIFEST"
before=$(sums "$work/f")
expect 2 "$work/f/[^ ]+\.mbt is a table of six \(metric fifty\), not of six \(metric plain\); $work/f/MANIFEST says six \(metric plain\), but the tables decide\. Nothing was written" -- \
  solve --variant six --out "$work/f" -q
expect 2 "is a table of six \(metric fifty\), not of six \(metric plain\)" -- pack --db "$work/f" -q
expect 2 "$work/f holds tables of six \(metric plain" -- \
  solve --variant six --rule fifty --plain "$six" --out "$work/f" -q
[ "$(sums "$work/f")" = "$before" ] || fail "tables of a 50-ply directory marked plain changed"

# Six's plain tables under a MANIFEST that says five.
fresh p "$six"
sed -i 's/^variant: six$/variant: five/' "$work/p/MANIFEST"
before=$(sums "$work/p")
expect 2 "is a table of six \(metric plain\), not of five \(metric plain\); $work/p/MANIFEST says five" -- \
  solve --variant five --out "$work/p" -q
expect 2 "is a table of six \(metric plain\), not of five" -- pack --variant five --db "$work/p" -q
expect 2 "$work/p holds tables of five" -- \
  solve --variant six --rule fifty --plain "$six" --out "$work/p" -q
[ "$(sums "$work/p")" = "$before" ] || fail "six's tables under a MANIFEST of five changed"

# Plain tables under a MANIFEST that says fifty: the 50-ply solve must not take them.
fresh q "$six"
sed -i 's/^metric: plain$/metric: fifty/' "$work/q/MANIFEST"
before=$(sums "$work/q")
expect 2 "is a table of six \(metric plain\), not of six \(metric fifty\)" -- \
  solve --variant six --rule fifty --plain "$six" --out "$work/q" -q
expect 2 "holds tables of six \(metric fifty" -- solve --variant six --out "$work/q" -q
expect 2 "$work/q holds fifty tables; read them with --rule fifty" -- pack --db "$work/q" -q
expect 2 "is a table of six \(metric plain\), not of six \(metric fifty\)" -- \
  pack --rule fifty --db "$work/q" -q
[ "$(sums "$work/q")" = "$before" ] || fail "plain tables under a MANIFEST of fifty changed"

# Six's 50-ply tables under a MANIFEST of five's.
fresh r "$six_fifty"
sed -i 's/^variant: six$/variant: five/' "$work/r/MANIFEST"
before=$(sums "$work/r")
expect 2 "is a table of six \(metric fifty\), not of five \(metric fifty\)" -- \
  solve --variant five --rule fifty --plain "$five" --out "$work/r" -q
[ "$(sums "$work/r")" = "$before" ] || fail "six's 50-ply tables under five's MANIFEST changed"

# MANIFESTs that cannot be read: refused as damage (exit 1) before anything is written,
# with the file and what is wrong; a byte that is not printable is escaped, never printed.
for bad in empty garbage format junk variant metric newer; do
  fresh m "$six"
  case $bad in
    empty) : >"$work/m/MANIFEST"; why="corrupt manifest: bad first line" ;;
    garbage) printf '\x01\x02 not a manifest\n' >"$work/m/MANIFEST"; why="corrupt manifest: bad first line" ;;
    format) sed -i 's/^format: .*/format: 65537/' "$work/m/MANIFEST"
      why="corrupt manifest: format '65537' is not a format number \(0\.\.65535\)" ;;
    junk) sed -i 's/^variant: six$/variant: six junk/' "$work/m/MANIFEST"
      why="corrupt manifest: 'variant:' takes one word, not ' six junk'" ;;
    variant) sed -i 's/^variant: six$/variant: s\x95x/' "$work/m/MANIFEST"
      why="corrupt manifest: variant 's\\\\x95x' is not a variant's name" ;;
    metric) sed -i 's/^metric: plain$/metric: pl\x01in/' "$work/m/MANIFEST"
      why="corrupt manifest: unknown metric 'pl\\\\x01in'" ;;
    newer) sed -i 's/^format: .*/format: 2/' "$work/m/MANIFEST"
      why="tables of format 2, this build reads format 1" ;;
  esac
  before=$(sums "$work/m")
  expect 1 "$work/m/MANIFEST: $why" -- solve --variant six --out "$work/m" -q
  expect 1 "$work/m/MANIFEST: $why" -- pack --db "$work/m" -q
  expect 1 "$work/m/MANIFEST: $why" -- \
    solve --variant six --rule fifty --plain "$work/m" --out "$work/m-fifty" -q
  expect 1 "$work/m/MANIFEST: $why" -- probe --db "$work/m" "W: B: w 6 6"
  out=$("$bin" probe --db "$work/m" "W: B: w 6 6" 2>&1) || true
  ! LC_ALL=C grep -q '[^[:print:][:space:]]' <<<"$out" || fail "a raw byte reached the terminal: $out"
  [ "$(sums "$work/m")" = "$before" ] || fail "tables under a $bad MANIFEST changed"
done
# info names a corrupt MANIFEST once, and judges no table by it.
for bad in empty variant letter; do
  fresh m "$six_fifty"
  case $bad in
    empty) : >"$work/m/MANIFEST" ;;
    variant) sed -i 's/^variant: six$/variant: s\x95x/' "$work/m/MANIFEST" ;;
    letter) sed -i 's/^variant: six$/variant: sqx/' "$work/m/MANIFEST" ;;
  esac
  out=$("$bin" info "$work/m" 2>&1) && fail "info passed a corrupt MANIFEST"
  [ "$(grep -c 'millbase: ' <<<"$out")" = 1 ] || fail "info on a $bad MANIFEST said: $out"
  grep -q "MANIFEST: corrupt manifest" <<<"$out" || fail "info on a $bad MANIFEST said: $out"
  grep -q "under the 50-ply rule, 231 tables, .*1 corrupt" <<<"$out" || fail "info said: $out"
done

# A table under another sector's name is refused, not solved again over.
fresh n "$six"
mv "$work/n/4-4.mbt" "$work/n/keep" && cp "$work/n/5-5.mbt" "$work/n/4-4.mbt"
before=$(sums "$work/n")
expect 2 "$work/n/4-4.mbt holds the table of sector 5-5, whose file is 5-5.mbt; rename or remove it" -- \
  solve --variant six --out "$work/n" -q
[ "$(sums "$work/n")" = "$before" ] || fail "a renamed table was written over"

# A packed plain directory serves the 50-ply solve; the tables are the same.
fresh packed "$six"
"$bin" pack --db "$work/packed" -q >/dev/null
expect 0 "225 units solved" -- solve --variant six --rule fifty --plain "$work/packed" --out "$work/pf" -q
for t in "$six_fifty"/*.mbt; do
  cmp -s "$t" "$work/pf/$(basename "$t")" || fail "$(basename "$t") differs from a packed plain directory"
done

# Leftovers of a killed writer: named by info and verify, removed by pack.
fresh l "$six"
touch "$work/l/4-4.mbt.tmp.4242" "$work/l/MANIFEST.tmp.4243"
expect 0 "$work/l/4-4.mbt.tmp.4242: a temporary file left by a killed solve or pack" -- info "$work/l"
expect 0 "\"leftover_files\":2" -- info "$work/l" --json
expect 0 "$work/l/MANIFEST.tmp.4243: a temporary file left by a killed solve or pack" -- \
  verify --db "$work/l" --quick
expect 0 "tables derived" -- pack --db "$work/l" -q
[ -z "$(ls "$work/l" | grep '\.tmp\.')" ] || fail "pack left $(ls "$work/l" | grep '\.tmp\.')"

# probe --rule fifty: a --plain named that cannot be used is an error, not silence.
pos="W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w"
expect 3 "--plain: no table directory $work/none" -- \
  probe --rule fifty --db "$six_fifty" --plain "$work/none" "$pos"
expect 2 "--plain: $five holds tables of five" -- probe --rule fifty --db "$six_fifty" --plain "$five" "$pos"
expect 2 "--plain: $six_fifty holds 50-ply tables" -- \
  probe --rule fifty --db "$six_fifty" --plain "$six_fifty" "$pos"
fresh c "$six"
rm "$work/c/5-4.mbt"
expect 1 "--plain: missing table $work/c/5-4.mbt .*millbase solve --variant six --sector 5-4 --out $work/c" -- \
  probe --rule fifty --db "$six_fifty" --plain "$work/c" "$pos"
expect 2 "--plain is for --rule fifty" -- probe --db "$six" --plain "$six" "$pos"
expect 0 "without the rule: win in 73" -- probe --rule fifty --db "$six_fifty" --plain "$six" "$pos"
echo "trust the tables: all checks passed"
