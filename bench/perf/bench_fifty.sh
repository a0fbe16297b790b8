#!/usr/bin/env bash
# The 50-ply tables beside the plain ones (issue #13): for each variant, solve the
# plain tables and then the 50-ply tables from them, RUNS times (default 3) each in one
# run of this script, and print every run, the medians, the ratio of the medians, and
# the size of each directory in bits per position (whole tables and WDL planes, from
# `millbase info --json`). Usage: bench/perf/bench_fifty.sh [build dir] [variants...];
# variants default to six five.
set -euo pipefail
build=${1:-build}
shift || true
variants=${*:-six five}
runs=${RUNS:-3}
bin="$build/millbase"
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Prints the wall seconds of one solve (the arguments after the binary).
timed() {
  local start
  start=$(date +%s.%N)
  "$bin" "$@" -q >/dev/null
  echo "$(date +%s.%N) - $start" | bc
}

for v in $variants; do
  plain=() fifty=()
  for ((i = 1; i <= runs; i++)); do
    rm -rf "$tmp/plain" "$tmp/fifty"
    p=$(timed solve --variant "$v" --out "$tmp/plain")
    f=$(timed solve --variant "$v" --rule fifty --plain "$tmp/plain" --out "$tmp/fifty")
    printf "%s run %d: plain %.2f s, fifty %.2f s\n" "$v" "$i" "$p" "$f"
    plain+=("$p"); fifty+=("$f")
  done
  mp=$(printf "%s\n" "${plain[@]}" | median)
  mf=$(printf "%s\n" "${fifty[@]}" | median)
  size() { "$bin" info "$1" --json | sed 's/.*"bits_per_position":\([0-9.]*\),"wdl_bits_per_position":\([0-9.]*\).*/\1 \2/'; }
  read -r pb pw < <(size "$tmp/plain")
  read -r fb fw < <(size "$tmp/fifty")
  printf "%s median: plain %.2f s, fifty %.2f s (ratio %.2f); bits/position: plain %s (WDL %s), fifty %s (WDL %s)\n" \
    "$v" "$mp" "$mf" "$(echo "$mf / $mp" | bc -l)" "$pb" "$pw" "$fb" "$fw"
done
