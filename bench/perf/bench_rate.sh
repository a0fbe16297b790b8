#!/usr/bin/env bash
# This machine's solving rate, per phase, on work that takes a few minutes: nine's
# movement sectors up to 6 stones a side (`--max-stones 6`: a scan and the levels of
# each movement unit), then on top of them the placement closure of `--sector 4-4+2-2`
# (13 placement units, each one evaluation pass). For each part: the wall time, and the
# positions per second of each phase (`solve --json`'s "phases": loading the tables
# read, evaluating, scanning, the levels, writing). Compare with bench/RESULTS.md.
# Usage: bench/perf/bench_rate.sh [build dir] [threads]    (default: build, all cores)
set -euo pipefail
build=${1:-build}
threads=${2:-$(nproc)}
bin="$build/millbase"
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Reads a number from solve's JSON report.
field() { grep -o "\"$1\":[0-9.]*" "$2" | head -1 | cut -d: -f2; }
# Prints "<what>: <seconds> s, <rate> positions/s" (rate of N positions in S seconds).
rate() { awk -v what="$1" -v n="$2" -v s="$3" 'BEGIN {
  printf "  %-9s %8.2f s", what, s; if (s > 0 && n > 0) printf ", %6.2f M positions/s", n / s / 1e6; print "" }'; }

report() {
  local name=$1 json=$2 wall=$3
  local positions movement evaluate
  positions=$(field positions_solved "$json")
  movement=$(field movement_positions "$json")
  evaluate=$(field evaluate_positions "$json")
  awk -v name="$name" -v n="$positions" -v s="$wall" -v t="$threads" 'BEGIN {
    printf "%s: %d positions in %.1f s wall, %.2f M positions/s (%s threads)\n", name, n, s, n / s / 1e6, t }'
  rate load 0 "$(field load_seconds "$json")"
  [ "$evaluate" = 0 ] || rate evaluate "$evaluate" "$(field evaluate_seconds "$json")"
  [ "$movement" = 0 ] || rate scan "$movement" "$(field scan_seconds "$json")"
  [ "$movement" = 0 ] || rate levels "$movement" "$(field levels_seconds "$json")"
  rate write "$positions" "$(field write_seconds "$json")"
}

timed() {  # timed OUT_JSON ARGS...: runs a solve, prints its wall seconds
  local json=$1; shift
  local start; start=$(date +%s%N)
  "$bin" solve --variant nine --out "$tmp/db" -q --json -j "$threads" "$@" >"$json"
  awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { print (b - a) / 1e9 }'
}

wall=$(timed "$tmp/movement.json" --max-stones 6)
report "nine, movement sectors up to 6-6" "$tmp/movement.json" "$wall"
wall=$(timed "$tmp/placement.json" --sector 4-4+2-2)
report "nine, placement closure of 4-4+2-2" "$tmp/placement.json" "$wall"
