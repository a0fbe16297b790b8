#!/usr/bin/env bash
# What the steps of a bench/long/solve_whole.sh run cost, from its RUNDIR: one line per
# finished step (the parts of the verify summed in one, each part a leg): legs, wall,
# user and system CPU summed over the legs, peak RSS; the tables' bytes after each solve
# and pack; and the legs that did not end, stopped (killed, or the machine stopped) or
# still running (the run's process id is in RUNDIR/pid meanwhile), with their wall time,
# CPU and peak memory by run.log's last line of them. The files it reads are described
# in solve_whole.sh.
#
# Usage: bench/long/run_costs.sh RUNDIR    (also: solve_whole.sh --costs RUNDIR)
# Exit codes: 0 printed, 2 usage.
set -uo pipefail

# Prints the cost of each finished step, in the order they ran, summed over its legs
# (RUNDIR/STEP.time.K, and RUNDIR/STEP.time of runs before legs were counted); the
# parts STEP.1, STEP.2, ... of a step in one line.
costs() {
  local run=$1 name files
  printf '%-18s %4s %10s %10s %10s %9s\n' step legs wall user system "peak RSS"
  for name in $(sed -n 's/^done //p' "$run/run.log" 2>/dev/null | sed 's/\.[0-9]*$//' | uniq); do
    files=$(ls "$run/$name".time* "$run/$name".[0-9]*.time* 2>/dev/null)
    [ -n "$files" ] || continue
    cat $files | awk -v name="$name" -F': ' '
      /Command being timed/ { ++legs }
      /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0
                                 for (i = 1; i <= n; ++i) w = w * 60 + p[i]
                                 wall += w }
      /User time/ { user += $2 }
      /System time/ { sys += $2 }
      /Maximum resident/ { if ($2 / 1048576 > rss) rss = $2 / 1048576 }
      END { printf "%-18s %4d %9.0fs %9.0fs %9.0fs %7.2f GB\n", name, legs, wall, user, sys, rss }'
  done
  sed -n 's/^bytes //p' "$run/run.log" 2>/dev/null | while read -r name bytes; do
    printf 'tables after %-12s %16d bytes\n' "$name" "$bytes"
  done
  stopped "$run"
}

# Prints each leg that did not end (STEP.time.K missing or empty, when /usr/bin/time was
# stopped too): its wall time from its start to its last line in run.log, and the tables
# written meanwhile; "running" for the leg of a run still going (RUNDIR/pid), else
# "stopped".
stopped() {
  local run=$1 name leg first last t0 t1 n0 n1 live=0 state
  # The process must still be this script: a stopped run leaves its id behind.
  [ -s "$run/pid" ] && ps -o args= -p "$(cat "$run/pid")" 2> /dev/null | grep -q "solve_whole\.sh" &&
    live=1
  grep '^start ' "$run/run.log" 2>/dev/null | while read -r _ name _ leg first _ n0; do
    grep -q 'Command being timed' "$run/$name.time.$leg" 2> /dev/null && continue
    last=$(grep -E "^(alive|rc [0-9]+) $name leg $leg " "$run/run.log" | tail -1)
    [ -n "$last" ] || last="? $name leg $leg $first tables $n0"
    # Its fields by name: "TIME tables N", and on alive lines "user U system S rss_kB R".
    IFS=$'\t' read -r t1 n1 cpu <<< "$(awk '{
      for (i = 1; i <= NF; ++i) {
        if ($(i + 1) == "tables") t = $i
        if ($i == "tables") n = $(i + 1)
        if ($i == "user") u = $(i + 1)
        if ($i == "system") s = $(i + 1)
        if ($i == "rss_kB") r = $(i + 1)
      }
      printf "%s\t%s\t", t, n
      if (u != "") printf ", %ds user + %ds system CPU, peak RSS %.2f GB", u, s, r / 1048576
    }' <<< "$last")"
    t0=$(date -d "$first" +%s) t1=$(date -d "$t1" +%s)
    state="stopped: %ds of wall time or more"
    [ $live = 1 ] && [ "${last%% *}" != rc ] && state="running: %ds so far"
    printf "%-18s leg %d $state, tables %d to %d%s\n" "$name" "$leg" $((t1 - t0)) "$n0" "$n1" \
      "$cpu"
  done
}

[ $# -eq 1 ] && [ -d "$1" ] || { sed -n 's/^# Usage: //p' "$0" >&2; exit 2; }
costs "$1"
