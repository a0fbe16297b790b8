#!/usr/bin/env bash
# nine's tables up to 6 stones a side (`solve --variant nine --max-stones 6`: 16 tables,
# 427 M positions, a few minutes) solved with one and with two threads are byte for
# byte those of commit ab7ba36, whose SHA-256 sums are in tests/tools/table_sums/
# nine6.sha256 (tests/tools/identical_tables.sh checks six and five the same way in CI).
# With --whole DIR it checks instead a whole solve already in DIR (685 tables) against
# nine-whole.sha256, the sums of cd4db06's whole solve (the same 16 first tables as
# ab7ba36's; bench/history/twice-as-fast.md): about a minute of reading 11.7 GB.
# Usage: bench/long/identical_nine.sh [build dir]
#        bench/long/identical_nine.sh --whole DIR
set -euo pipefail
sum_dir=$(cd "$(dirname "$0")/../../tests/tools/table_sums" && pwd)

# shellcheck source=../../tests/tools/same_tables.sh
source "$(dirname "$0")/../../tests/tools/same_tables.sh"

if [ "${1:-}" = --whole ]; then
  dir=${2:?usage: identical_nine.sh --whole DIR}
  same_tables "$dir" "$sum_dir/nine-whole.sha256" "$dir against cd4db06's whole solve"
  echo "nine whole: $(wc -l <"$sum_dir/nine-whole.sha256") tables identical to cd4db06's"
  exit 0
fi
build=${1:-build}
bin="$build/millbase"
sums=$sum_dir/nine6.sha256
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for threads in 1 2; do
  out="$tmp/j$threads"
  start=$(date +%s)
  "$bin" solve --variant nine --max-stones 6 --out "$out" -q -j "$threads" >/dev/null
  same_tables "$out" "$sums" "-j$threads against ab7ba36's"
  echo "nine up to 6-6, -j$threads: $(wc -l <"$sums") tables identical to ab7ba36's ($(($(date +%s) - start)) s)"
done
