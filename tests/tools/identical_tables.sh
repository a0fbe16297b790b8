#!/usr/bin/env bash
# The tables stay byte for byte what they were (issues #22 and #45): six and five solved
# with one and with two threads give exactly the tables of commit ab7ba36, and twelve's
# movement sectors up to five stones a side (`--max-stones 5`) exactly those of a Release
# build of cf40b3a; their SHA-256 sums are in table_sums/ (written with Debian 12's libzstd
# 1.5.4; a zstd that compresses differently would change the bytes, not the values:
# `millbase verify` and the reference tests judge those). bench/long/identical_nine.sh
# does the same for nine's sectors up to 6 stones a side.
# Usage: identical_tables.sh <millbase binary> <dir of table_sums>
set -euo pipefail
bin=$1 sums=$(cd "$2" && pwd)
# shellcheck source=same_tables.sh
source "$(dirname "$0")/same_tables.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each case: variant, extra solve options, file of sums.
for case in "six||six" "five||five" "twelve|--max-stones 5|twelve5"; do
  IFS='|' read -r variant options sumfile <<<"$case"
  name="$variant${options:+ $options}"
  for threads in 1 2; do
    out="$work/$variant-j$threads"
    # shellcheck disable=SC2086  # options is a list of words
    "$bin" solve --variant "$variant" $options --out "$out" -q -j "$threads" >/dev/null
    same_tables "$out" "$sums/$sumfile.sha256" "$name -j$threads"
    echo "$name -j$threads: $(wc -l <"$sums/$sumfile.sha256") tables identical"
  done
done
echo "identical tables: all checks passed"
