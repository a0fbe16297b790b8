#!/usr/bin/env bash
# nine's tables up to 6 stones a side (`solve --variant nine --max-stones 6`: 16 tables,
# 427 M positions, a few minutes) solved with one and with two threads are byte for
# byte those of commit ab7ba36, whose SHA-256 sums are in tests/tools/table_sums/
# nine6.sha256 (tests/tools/identical_tables.sh checks six and five the same way in CI).
# Usage: bench/long/identical_nine.sh [build dir]
set -euo pipefail
build=${1:-build}
bin="$build/millbase"
sums=$(cd "$(dirname "$0")/../../tests/tools/table_sums" && pwd)/nine6.sha256
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for threads in 1 2; do
  out="$tmp/j$threads"
  start=$(date +%s)
  "$bin" solve --variant nine --max-stones 6 --out "$out" -q -j "$threads" >/dev/null
  diff <(cd "$out" && ls ./*.mbt | sed 's|^\./||') <(awk '{print $2}' "$sums") ||
    { echo "FAIL: -j$threads: other tables than the reference"; exit 1; }
  (cd "$out" && sha256sum --quiet -c "$sums") ||
    { echo "FAIL: -j$threads: tables differ from ab7ba36's"; exit 1; }
  echo "nine up to 6-6, -j$threads: $(wc -l <"$sums") tables identical to ab7ba36's ($(($(date +%s) - start)) s)"
done
