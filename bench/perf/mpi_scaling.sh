#!/usr/bin/env bash
# Scaling of `millbase solve --mpi` on one machine: six whole and nine up to 5 stones a
# side, solved by a single process and by MPI jobs of 1, 2 and 3 ranks, in interleaved
# rounds; prints the median wall time of each and its ratio to the single process, and
# checks that every job wrote the single process's tables. Threads per rank: the cores
# divided among the ranks (at least 1), so each line uses the whole machine; ranks are
# not bound to cores (mpirun --bind-to none), so that a rank's threads spread.
# Usage: bench/perf/mpi_scaling.sh [build dir] [rounds]    (default: build, 3)
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
bin="$build/millbase"
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
command -v mpirun >/dev/null || { echo "no mpirun: apt-get install openmpi-bin" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cores=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs one configuration into a fresh directory; prints its wall seconds.
run() {  # run <name> <ranks: 0 = no MPI> <solve arguments...>
  local name=$1 ranks=$2
  shift 2
  local out="$tmp/$name" start end
  rm -rf "$out"
  start=$(date +%s.%N)
  if [ "$ranks" = 0 ]; then
    "$bin" solve "$@" --out "$out" -q -j "$cores" >/dev/null
  else
    local threads=$((cores / ranks))
    [ "$threads" -ge 1 ] || threads=1
    mpirun --oversubscribe --bind-to none -n "$ranks" "$bin" solve "$@" --out "$out" -q \
      -j "$threads" --mpi >/dev/null
  fi
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "millbase $(git -C "$(dirname "$0")/../.." rev-parse --short HEAD 2>/dev/null || echo '?'), $cores cores, $rounds rounds, $(date -u +%F)"
for job in "six:--variant six" "nine5:--variant nine --max-stones 5"; do
  name=${job%%:*} args=${job#*:}
  declare -A times=()
  for ((r = 0; r < rounds; r++)); do
    for ranks in 0 1 2 3; do
      # shellcheck disable=SC2086
      times[$ranks]+="$(run "$name-$ranks" "$ranks" $args) "
    done
  done
  base=$(echo "${times[0]}" | tr ' ' '\n' | grep . | median)
  for ranks in 0 1 2 3; do
    m=$(echo "${times[$ranks]}" | tr ' ' '\n' | grep . | median)
    same="identical"
    diff -r -x .lock "$tmp/$name-0" "$tmp/$name-$ranks" >/dev/null || same="DIFFERENT TABLES"
    label=$([ "$ranks" = 0 ] && echo "single process" || echo "--mpi, $ranks ranks")
    awk -v n="$name" -v l="$label" -v m="$m" -v b="$base" -v s="$same" \
      'BEGIN { printf "%-6s %-16s median %7.2f s  ratio %.2f  %s\n", n, l, m, b / m, s }'
  done
  unset times
done
