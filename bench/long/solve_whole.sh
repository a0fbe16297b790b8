#!/usr/bin/env bash
# A whole variant, solved and checked step by step, and what each step cost: the solve,
# `stats --longest`, `openings`, a whole `verify`; with --pack the verify checks only the
# tables the pack keeps stored, and `pack` then checks each table it derives, so every
# position is still recomputed once; with --fifty then the 50-ply solve (reading the
# plain tables) and the same checks of it. Runs of hours, in legs:
# rerun the same command after a stop and it goes on where it stopped (finished steps
# are skipped; the solve skips the units already written), and the costs add up over
# the legs.
#
# The verify runs in parts of about VERIFY_PART positions (default 4G), the sectors in
# the solve's order, each part a step of its own (verify.1, verify.2, ...: a stop loses
# one part at most), then `verify --quick` of the whole directory (every table there,
# every block's checksum). A part fails unless it recomputed each of its sectors with
# no mismatch, no missing and no damaged table. With --pack the parts hold the sectors
# `millbase sectors --json` marks "derived_when_packed": false, the pack (in place,
# resumable: a rerun skips the tables already derived) must keep none of the others
# stored, and the quick verify comes after it.
#
# Each step STEP leaves in RUNDIR: STEP.json (its --json report), and for each leg K of
# it STEP.err.K (progress and errors) and STEP.time.K (`/usr/bin/time -v`: wall, CPU, peak
# memory); RUNDIR/run.log has lines "start STEP leg K", "rc" and "done STEP" with UTC
# times and the tables written so far, every ALIVE_SECONDS (600) a line "alive" with
# the same and the step's CPU seconds and peak memory so far, and after a solve or a
# pack "bytes STEP N", the bytes of the tables of its directory then; RUNDIR/pid holds
# the run's process id while it runs. At the end (or with --costs alone) it prints what
# each step cost, by bench/long/run_costs.sh.
#
# Usage: bench/long/solve_whole.sh BUILD VARIANT TABLES RUNDIR [--fifty] [--pack]
#            [--memory 20G] [--min-free 10G]
#        bench/long/solve_whole.sh --costs RUNDIR
#   TABLES     the plain tables' directory; the 50-ply ones go to TABLES-fifty
#   --min-free no step starts with less free space than this where TABLES lies (a solve
#              stopped by a full disk loses nothing, but wastes the leg): free space or
#              pack finished tables, then rerun
#   LOW=1      runs the steps in an autogroup of nice 19, so that they yield the cores
#              to other work (plain `nice` does not do that with autogroup scheduling,
#              bench/history/solve-speed.md)
# Exit codes: 0 all steps done, 1 a step failed or the disk is below --min-free (named on
# stderr), 2 usage.
set -uo pipefail

usage() {
  sed -n '/^# Usage:/,/^# Exit codes/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

costs=$(dirname "$0")/run_costs.sh
if [ "${1:-}" = --costs ]; then
  [ $# -eq 2 ] && [ -d "$2" ] || usage
  exec bash "$costs" "$2"
fi
[ $# -ge 4 ] || usage
build=$1 variant=$2 tables=$3 run=$4
shift 4
fifty=0 pack=0 memory=20G min_free=10G
while [ $# -gt 0 ]; do
  case $1 in
    --fifty) fifty=1 ;;
    --pack) pack=1 ;;
    --memory) [ $# -ge 2 ] || usage; memory=$2; shift ;;
    --min-free) [ $# -ge 2 ] || usage; min_free=$2; shift ;;
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

# Returns the number of tables written in the directories of the run so far.
tables_written() {
  ls "$tables" "$tables-fifty" 2>/dev/null | grep -c '\.mbt$'
}

# Returns the bytes of the tables step $1 wrote: the 50-ply directory's for a step
# fifty_*, else the plain one's.
tables_bytes() {
  local dir=$tables
  case $1 in fifty_*) dir=$tables-fifty ;; esac
  find "$dir" -maxdepth 1 -name '*.mbt' -printf '%s\n' 2>/dev/null |
    awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# Returns " user U system S rss_kB R", the CPU seconds and peak memory so far of the
# program this script's /usr/bin/time runs, or nothing when there is none.
cpu_so_far() {
  local timer pid
  timer=$(pgrep -P $$ -x time | head -1) && [ -n "$timer" ] || return 0
  pid=$(pgrep -P "$timer" | head -1) && [ -n "$pid" ] || return 0
  # /proc/PID/stat after "PID (NAME) ": utime and stime are its 12th and 13th fields.
  awk -v tick="$(getconf CLK_TCK)" \
    -v hwm="$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2> /dev/null)" \
    '{ sub(/^.*\) /, ""); printf " user %d system %d rss_kB %d", $12 / tick, $13 / tick, hwm }' \
    "/proc/$pid/stat" 2> /dev/null
}

# Returns 0 when the file system of TABLES has at least --min-free bytes free.
enough_disk() {
  local free need
  free=$(df --output=avail -B1 "$(dirname "$tables")" | tail -1)
  need=$(numfmt --from=iec "$min_free") || return 0
  [ "$free" -ge "$need" ] && return 0
  echo "solve_whole.sh: $(numfmt --to=iec "$free") free where $tables lies, below --min-free" \
    "$min_free: free space (or pack the finished tables), then rerun" >&2
  return 1
}

# step NAME ARGS...: runs millbase ARGS unless NAME is done, as leg K (K - 1 legs of it
# ran before); returns 1 when it fails or the disk is below --min-free.
step() {
  local name=$1 rc leg
  shift
  grep -qx "done $name" "$log" 2>/dev/null && return 0
  enough_disk || return 1
  leg=$(( $(grep -c "^start $name " "$log" 2>/dev/null) + 1 ))
  echo "start $name leg $leg $(date -u +%FT%TZ) tables $(tables_written)" >> "$log"
  # A leg stopped with the machine leaves no time file: these lines say how far it got.
  (while sleep "${ALIVE_SECONDS:-600}"; do
    echo "alive $name leg $leg $(date -u +%FT%TZ) tables $(tables_written)$(cpu_so_far)" >> "$log"
  done) &
  local alive=$!
  /usr/bin/time -v -o "$run/$name.time.$leg" "$bin" "$@" --json > "$run/$name.json" \
    2> "$run/$name.err.$leg"
  rc=$?
  kill $alive 2> /dev/null
  echo "rc $rc $name leg $leg $(date -u +%FT%TZ) tables $(tables_written)" >> "$log"
  if [ $rc -ne 0 ]; then
    echo "solve_whole.sh: step $name failed (exit $rc): $run/$name.err.$leg" >&2
    return 1
  fi
  echo "done $name" >> "$log"
  # What the disk holds as solved and as packed.
  case $name in *solve | *pack) echo "bytes $name $(tables_bytes "$name")" >> "$log" ;; esac
}

# Returns 0 when the verify report $1 recomputed $2 sectors with no mismatch, no missing,
# damaged or skipped table.
verified() {
  python3 - "$1" "$2" <<'PY' || { echo "solve_whole.sh: $1 is not a clean check of its $2 sectors" >&2; return 1; }
import json, sys
r = json.load(open(sys.argv[1]))
bad = any(r[k] for k in ("mismatches", "missing_tables", "damaged_tables", "skipped_sectors"))
sys.exit(1 if bad or r["sectors"] != int(sys.argv[2]) else 0)
PY
}

# verify_in_parts NAME DB ARGS...: the parts NAME.K of the verify of DB (ARGS: the
# variant and rule); the parts' sectors are listed once in RUNDIR/NAME.parts, a line a
# part. With --pack, only the sectors the pack keeps stored.
verify_in_parts() {
  local name=$1 db=$2 parts="$run/$1.parts" k=0 line sector
  shift 2
  grep -qx "done $name" "$log" 2>/dev/null && return 0  # verified whole by an older run
  if [ ! -s "$parts" ]; then
    "$bin" sectors "${v[@]}" --json | python3 -c '
import json, sys
part, size, limit, pack = [], 0, int(sys.argv[1]), sys.argv[2] == "1"
for unit in json.load(sys.stdin)["units"]:
    for s in unit["sectors"]:
        if pack and "derived_when_packed" not in s:
            sys.exit("solve_whole.sh: this millbase does not say which sectors a pack derives "
                     "(sectors --json): build a newer one for --pack")
        if pack and s["derived_when_packed"]: continue
        part.append(s["name"]); size += s["positions"]
    if size >= limit:
        print(*part); part, size = [], 0
if part: print(*part)' "$(numfmt --from=si "${VERIFY_PART:-4G}")" $pack > "$parts.tmp" &&
      mv "$parts.tmp" "$parts" || return 1
  fi
  while read -r line <&3; do
    k=$((k + 1))
    local args=()
    for sector in $line; do args+=(--sector "$sector"); done
    step "$name.$k" verify "$@" --db "$db" --memory "$memory" "${args[@]}" &&
      verified "$run/$name.$k.json" "$(wc -w <<< "$line")" || return 1
  done 3< "$parts"
}

# pack_checked NAME DB ARGS...: step NAME, the pack of DB in place (ARGS: the variant and
# rule), which recomputes every table it derives and checks it against the stored one;
# fails when the pack kept a table stored, as the verify parts left those to it.
pack_checked() {
  local name=$1 db=$2
  shift 2
  step "$name" pack "$@" --db "$db" || return 1
  python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["kept_stored"] != 0)' \
    "$run/$name.json" && return 0
  echo "solve_whole.sh: $name kept tables stored (a directory packed before), which no" \
    "verify part checked: verify them (their names: millbase pack without --json)" >&2
  return 1
}

# The options that decide the steps stay those of the first leg.
options="fifty=$fifty pack=$pack"
if [ -s "$run/options" ] && [ "$(cat "$run/options")" != "$options" ]; then
  echo "solve_whole.sh: $run was run with $(cat "$run/options"), not $options: use the" \
    "same options on every leg" >&2
  exit 2
fi
echo "$options" > "$run/options"
# Says that this run goes on (--costs tells a running leg from a stopped one).
echo $$ > "$run/pid"
trap 'rm -f "$run/pid"' EXIT

v=(--variant "$variant")
f=(--rule fifty)
step solve solve "${v[@]}" --out "$tables" --memory "$memory" &&
  step stats stats "${v[@]}" --db "$tables" --longest &&
  step openings openings "${v[@]}" --db "$tables" &&
  verify_in_parts verify "$tables" "${v[@]}" || exit 1
if [ $pack = 0 ]; then
  step verify_quick verify "${v[@]}" --db "$tables" --quick || exit 1
fi
if [ $fifty = 1 ]; then
  step fifty_solve solve "${v[@]}" "${f[@]}" --plain "$tables" --out "$tables-fifty" \
    --memory "$memory" &&
    step fifty_stats stats "${v[@]}" "${f[@]}" --db "$tables-fifty" --longest &&
    step fifty_openings openings "${v[@]}" "${f[@]}" --db "$tables-fifty" &&
    verify_in_parts fifty_verify "$tables-fifty" "${v[@]}" "${f[@]}" || exit 1
  if [ $pack = 0 ]; then
    step fifty_verify_quick verify "${v[@]}" "${f[@]}" --db "$tables-fifty" --quick || exit 1
  fi
fi
# Packed last: the 50-ply solve reads the plain tables whole.
if [ $pack = 1 ]; then
  pack_checked pack "$tables" "${v[@]}" &&
    step verify_quick verify "${v[@]}" --db "$tables" --quick || exit 1
  if [ $fifty = 1 ]; then
    pack_checked fifty_pack "$tables-fifty" "${v[@]}" "${f[@]}" &&
      step fifty_verify_quick verify "${v[@]}" "${f[@]}" --db "$tables-fifty" --quick || exit 1
  fi
fi
bash "$costs" "$run"
