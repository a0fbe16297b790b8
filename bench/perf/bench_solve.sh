#!/usr/bin/env bash
# Solve benchmark: wall time, positions per second per core and peak RSS of
#   - the full `six` solve (every sector, written, then verified), and
#   - nine's movement sectors with 3 to 5 stones per side (`--max-stones 5`).
# Each case runs RUNS times (default 3) into a fresh directory; prints every run and
# the median. Usage: bench/perf/bench_solve.sh [build dir] [cases...]; cases: six nine35.
set -euo pipefail
build=${1:-build}
shift || true
cases=${*:-six nine35}
runs=${RUNS:-3}
bin="$build/millbase"
threads=$(nproc)
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

run_case() {
  local name=$1; shift
  local walls=() rss=() rates=()
  for ((i = 1; i <= runs; i++)); do
    rm -rf "$tmp/db"
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$bin" solve "$@" --out "$tmp/db" -q --json >"$tmp/out"
    read -r wall kb <"$tmp/time"
    positions=$(sed 's/.*"positions_solved":\([0-9]*\).*/\1/' "$tmp/out")
    verify_start=$(date +%s.%N)
    "$bin" verify "$@" --db "$tmp/db" --json >"$tmp/verify"
    verify_s=$(echo "$(date +%s.%N) - $verify_start" | bc)
    mismatches=$(sed 's/.*"mismatches":\([0-9]*\).*/\1/' "$tmp/verify")
    rate=$(echo "$positions / $wall / $threads" | bc -l)
    bytes=$(du -sb "$tmp/db" | cut -f1)
    printf "%s run %d: %s positions, solve %.2f s, verify %.2f s (%s mismatches), %.3g positions/s/core, peak RSS %d MiB, %.3f bits/position on disk\n" \
      "$name" "$i" "$positions" "$wall" "$verify_s" "$mismatches" "$rate" $((kb / 1024)) \
      "$(echo "$bytes * 8 / $positions" | bc -l)"
    walls+=("$wall"); rss+=("$kb"); rates+=("$rate")
  done
  printf "%s median: solve %.2f s, %.3g positions/s/core, peak RSS %d MiB (%d threads)\n" "$name" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${rates[@]}" | median)" \
    $(($(printf '%s\n' "${rss[@]}" | median) / 1024)) "$threads"
}

for c in $cases; do
  case $c in
    six) run_case six --variant six ;;
    nine35) run_case nine35 --variant nine --max-stones 5 ;;
    *) echo "unknown case $c" >&2; exit 2 ;;
  esac
done
