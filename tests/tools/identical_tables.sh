#!/usr/bin/env bash
# The tables stay byte for byte what they were (issue #22): six and five solved with one
# and with two threads give exactly the tables of commit ab7ba36, whose SHA-256 sums are
# in table_sums/ (written by that commit's solver with Debian 12's libzstd 1.5.4; a zstd
# that compresses differently would change the bytes, not the values: `millbase verify`
# and the reference tests judge those). bench/long/identical_nine.sh does the same for nine's
# sectors up to 6 stones a side.
# Usage: identical_tables.sh <millbase binary> <dir of table_sums>
set -euo pipefail
bin=$1 sums=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for variant in six five; do
  for threads in 1 2; do
    out="$work/$variant-j$threads"
    "$bin" solve --variant "$variant" --out "$out" -q -j "$threads" >/dev/null
    # Every table the reference has, with its bytes, and no other.
    diff <(cd "$out" && ls ./*.mbt | sed 's|^\./||') <(awk '{print $2}' "$sums/$variant.sha256") ||
      { echo "FAIL: $variant -j$threads: other tables than the reference"; exit 1; }
    (cd "$out" && sha256sum --quiet -c "$sums/$variant.sha256") ||
      { echo "FAIL: $variant -j$threads: tables differ from the reference (ab7ba36)"; exit 1; }
    echo "$variant -j$threads: $(wc -l <"$sums/$variant.sha256") tables identical"
  done
done
echo "identical tables: all checks passed"
