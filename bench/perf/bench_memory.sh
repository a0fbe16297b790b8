#!/usr/bin/env bash
# Memory budget benchmark: solves the same nine subset without a budget and under
# each --memory budget given, into fresh directories, and reports wall time, peak RSS,
# how many child tables were read through their blocks, and whether the tables are
# byte-identical to the unbudgeted run.
#   bench/perf/bench_memory.sh [build dir] [max stones] [budget ...]
# Defaults: build, 5, budgets 200M 175M 155M.
set -euo pipefail
build=${1:-build}
stones=${2:-5}
shift 2 || shift $#
budgets=${*:-200M 175M 155M}
bin="$build/millbase"
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

solve_into() {  # dir [--memory M]
  local dir=$1; shift
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$bin" solve --variant nine --max-stones "$stones" \
    --out "$dir" -q --json "$@" >"$tmp/out"
  read -r wall kb <"$tmp/time"
  by_block=$(sed 's/.*"tables_read_by_block":\([0-9]*\).*/\1/' "$tmp/out")
}

solve_into "$tmp/whole"
echo "nine --max-stones $stones, no budget: ${wall} s, peak RSS $((kb / 1024)) MiB"
status=0
for m in $budgets; do
  rm -rf "$tmp/budget"
  if ! solve_into "$tmp/budget" --memory "$m" 2>"$tmp/err"; then
    echo "--memory $m: refused: $(cat "$tmp/err")"
    continue
  fi
  same=identical
  for f in "$tmp"/whole/*.mbt; do
    cmp -s "$f" "$tmp/budget/$(basename "$f")" || { same=DIFFERENT; status=1; }
  done
  echo "--memory $m: ${wall} s, peak RSS $((kb / 1024)) MiB, $by_block child tables read through" \
    "their blocks, tables $same"
done
exit $status
