#!/usr/bin/env bash
# Before/after of two millbase binaries on one solve, interleaved: RUNS rounds (default
# 3) of OLD then NEW, each into a fresh directory that first gets hard links to the
# tables in SEED (a directory of solved children, e.g. a copy of a whole solve without
# the unit to time; none if unset). Prints every run's wall time and phases (`solve
# --json`), the medians, the ratio old/new, and whether the two builds wrote the same
# bytes (cmp of every table). Run it with the machine otherwise idle.
# Usage: [SEED=dir] [RUNS=n] bench/perf/compare_builds.sh OLD NEW solve-arguments...
#   e.g. SEED=/data/nine-but-7-5 bench/perf/compare_builds.sh old/millbase new/millbase \
#        --variant nine --sector 7-5
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
old=$1 new=$2
shift 2
runs=${RUNS:-3}
for b in "$old" "$new"; do [ -x "$b" ] || { echo "no binary $b" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Prints "seconds load evaluate scan levels write" of one solve by binary $1 into $2.
solve_once() {
  local bin=$1 dir=$2
  shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  if [ -n "${SEED:-}" ]; then
    find "$SEED" -maxdepth 1 -name '*.mbt' -exec ln -f {} "$dir"/ \;
  fi
  "$bin" solve "$@" --out "$dir" --json -q | python3 -c '
import json, sys
r = json.load(sys.stdin); p = r["phases"]
print(r["seconds"], *(p[k + "_seconds"] for k in ("load", "evaluate", "scan", "levels", "write")))'
}

declare -A walls
for ((i = 1; i <= runs; i++)); do
  for side in old new; do
    bin=$old
    [ $side = new ] && bin=$new
    read -r s load evaluate scan levels write < <(solve_once "$bin" "$tmp/$side" "$@")
    printf "%s run %d: %.2f s (load %.2f, evaluate %.2f, scan %.2f, levels %.2f, write %.2f)\n" \
      "$side" "$i" "$s" "$load" "$evaluate" "$scan" "$levels" "$write"
    walls[$side]+="$s "
  done
done
mo=$(printf '%s\n' ${walls[old]} | median)
mn=$(printf '%s\n' ${walls[new]} | median)
printf "median: old %.2f s, new %.2f s, ratio old/new %.2f\n" "$mo" "$mn" "$(echo "$mo / $mn" | bc -l)"
same=yes
for f in "$tmp"/old/*.mbt; do
  [ "$(stat -c %h "$f")" -gt 1 ] && continue  # a hard link to SEED
  cmp -s "$f" "$tmp/new/$(basename "$f")" || { same=no; echo "differs: $(basename "$f")"; }
done
echo "tables identical: $same"
