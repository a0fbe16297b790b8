#!/usr/bin/env bash
# A whole variant, solved and checked step by step, and what each step cost: the solve,
# `stats --longest`, `openings`, a whole `verify`; with --fifty then the 50-ply solve
# (reading the plain tables) and the same three checks of it. Runs of hours: rerun the
# same command after a stop and it goes on where it stopped (finished steps are skipped;
# the solve skips the units already written).
#
# Each step STEP leaves in RUNDIR: STEP.json (its --json report), STEP.err (progress and
# errors), STEP.time (`/usr/bin/time -v`: wall, CPU, peak memory), and lines "start",
# "rc" and "done STEP" with UTC times in RUNDIR/run.log. At the end (or with --costs
# alone) it prints one line per step: wall, user and system CPU, peak RSS.
#
# Usage: bench/long/solve_whole.sh BUILD VARIANT TABLES RUNDIR [--fifty] [--memory 20G]
#        bench/long/solve_whole.sh --costs RUNDIR
#   TABLES     the plain tables' directory; the 50-ply ones go to TABLES-fifty
#   LOW=1      runs the steps in an autogroup of nice 19, so that they yield the cores
#              to other work (plain `nice` does not do that with autogroup scheduling,
#              bench/history/solve-speed.md)
# Exit codes: 0 all steps done, 1 a step failed (named on stderr), 2 usage.
set -uo pipefail

usage() {
  sed -n '/^# Usage:/,/^# Exit codes/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# Prints the cost of each finished step, in the order they ran, from RUNDIR/STEP.time.
costs() {
  local run=$1 name t
  printf '%-16s %10s %10s %10s %9s\n' step wall user system "peak RSS"
  for name in $(sed -n 's/^done //p' "$run/run.log" 2>/dev/null); do
    t="$run/$name.time"
    [ -e "$t" ] || continue
    awk -v name="$name" -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = 0
                                 for (i = 1; i <= n; ++i) wall = wall * 60 + p[i] }
      /User time/ { user = $2 }
      /System time/ { sys = $2 }
      /Maximum resident/ { rss = $2 / 1048576 }
      END { printf "%-16s %9.0fs %9.0fs %9.0fs %7.2f GB\n", name, wall, user, sys, rss }' "$t"
  done
}

if [ "${1:-}" = --costs ]; then
  [ $# -eq 2 ] && [ -d "$2" ] || usage
  costs "$2"
  exit 0
fi
[ $# -ge 4 ] || usage
build=$1 variant=$2 tables=$3 run=$4
shift 4
fifty=0 memory=20G
while [ $# -gt 0 ]; do
  case $1 in
    --fifty) fifty=1 ;;
    --memory) [ $# -ge 2 ] || usage; memory=$2; shift ;;
    *) echo "solve_whole.sh: unknown option '$1'" >&2; usage ;;
  esac
  shift
done
bin="$build/millbase"
[ -x "$bin" ] || { echo "solve_whole.sh: no $bin: build first (cmake --build $build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "solve_whole.sh: /usr/bin/time is missing: apt-get install time" >&2; exit 2; }
mkdir -p "$run" || exit 2
log="$run/run.log"
[ "${LOW:-0}" = 1 ] && echo 19 > /proc/self/autogroup

# step NAME ARGS...: runs millbase ARGS unless NAME is done; returns 1 when it fails.
step() {
  local name=$1 rc
  shift
  grep -qx "done $name" "$log" 2>/dev/null && return 0
  echo "start $name $(date -u +%FT%TZ)" >> "$log"
  /usr/bin/time -v -o "$run/$name.time" "$bin" "$@" --json > "$run/$name.json" 2> "$run/$name.err"
  rc=$?
  echo "rc $rc $name $(date -u +%FT%TZ)" >> "$log"
  if [ $rc -ne 0 ]; then
    echo "solve_whole.sh: step $name failed (exit $rc): $run/$name.err" >&2
    return 1
  fi
  echo "done $name" >> "$log"
}

v=(--variant "$variant")
step solve solve "${v[@]}" --out "$tables" --memory "$memory" &&
  step stats stats "${v[@]}" --db "$tables" --longest &&
  step openings openings "${v[@]}" --db "$tables" &&
  step verify verify "${v[@]}" --db "$tables" || exit 1
if [ $fifty = 1 ]; then
  f=(--rule fifty --db "$tables-fifty")
  step fifty_solve solve "${v[@]}" --rule fifty --plain "$tables" --out "$tables-fifty" \
    --memory "$memory" &&
    step fifty_stats stats "${v[@]}" "${f[@]}" --longest &&
    step fifty_openings openings "${v[@]}" "${f[@]}" &&
    step fifty_verify verify "${v[@]}" "${f[@]}" || exit 1
fi
costs "$run"
