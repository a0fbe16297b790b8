#!/usr/bin/env bash
# Kill/resume benchmark on a mid-size nine subset (the bigger sibling of
# tests/tools/kill_resume.sh): solve `--variant nine --max-stones 5` (6 units, 9 tables,
# ~15 s on 2 cores) once without interruption, then solve it again in another directory,
# killing it with SIGKILL KILLS times (default 8), restarting it after each kill, and
# letting the last run finish.
#
# Kill k is aimed at a random moment of the k-th of KILLS equal slices of the reference
# solve's timeline (translated to the resumed run using when each reference table was
# written), so the kills land in different units. Odd kills happen at that moment; even
# kills wait from there for the next table write (a *.mbt.tmp.<pid> file, between open
# and rename in write_table) and kill during it.
#
# After every kill each table on disk must already be byte-identical to the reference;
# at the end the set of tables must be the same, every table byte-identical (cmp), and no
# *.tmp* file left. Prints one line per kill (with the run's last progress line, which
# solve prints at most every 0.5 s) and a summary; exits 1 on failure.
#
# Usage: bench/long/kill_resume_nine.sh [build dir] [work dir]
#   work dir (default: a temporary dir, removed afterwards): its reference/ and killed/
#   subdirectories are replaced, and kept. Environment: KILLS (8), SEED (1).
set -euo pipefail
shopt -s nullglob
build=${1:-build}
bin="$build/millbase"
args=(solve --variant nine --max-stones 5)
kills_wanted=${KILLS:-8}
[ -x "$bin" ] || { echo "no $bin: build first (cmake --build $build)" >&2; exit 2; }
if [ -n "${2:-}" ]; then
  work=$2
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
ref="$work/reference" dir="$work/killed"
rm -rf "$ref" "$dir"
mkdir "$dir"
RANDOM=${SEED:-1}

now_ms() { echo $(($(date +%s%N) / 1000000)); }
secs() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
tables() { find "$1" -maxdepth 1 -name '*.mbt' -printf '%f\n' | sort; }
tmp_files() { find "$1" -maxdepth 1 -name '*.tmp*' -printf '%f\n' | sort; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

echo "millbase ${args[*]}: seed ${SEED:-1}, $kills_wanted kills planned"
start=$(now_ms)
"$bin" "${args[@]}" --out "$ref" -q >/dev/null
ref_ms=$(($(now_ms) - start))
# When each reference table was written, in ms after the start.
declare -A written
while read -r name sec frac; do
  written[$name]=$((sec * 1000 + 10#${frac:0:3} - start))
done < <(find "$ref" -maxdepth 1 -name '*.mbt' -printf '%f %T@\n' | sed 's/\.\([0-9]*\)$/ \1/')
echo "reference: ${#written[@]} tables in $(secs "$ref_ms") s"

# How far into the reference timeline the tables in $dir reach.
done_ms() {
  local f t=0
  for f in $(tables "$dir"); do ((${written[$f]:-0} > t)) && t=${written[$f]}; done
  echo "$t"
}

# Every table present in $dir must equal the reference's (complete or absent).
check_present() {
  local f
  for f in $(tables "$dir"); do
    cmp -s "$ref/$f" "$dir/$f" || fail "$1: $f differs from the reference"
  done
}

kills=0 write_kills=0 runs=0
start=$(now_ms)
while :; do
  runs=$((runs + 1))
  log="$work/run$runs.log"
  "$bin" "${args[@]}" --out "$dir" >/dev/null 2>"$log" &
  pid=$!
  run_start=$(now_ms)
  if ((kills >= kills_wanted)); then
    wait "$pid" || { fail "final run exited with $?"; cat "$log"; }
    break
  fi
  target=$(((kills * ref_ms + (RANDOM * 32768 + RANDOM) % ref_ms) / kills_wanted))
  delay=$((target - $(done_ms)))
  ((delay < 50)) && delay=50
  while kill -0 "$pid" 2>/dev/null && (($(now_ms) - run_start < delay)); do sleep 0.01; done
  how="at $(secs "$target") s"
  if ((kills % 2 == 1)); then
    how="$how + next write"
    # Busy-polls with builtins only: some writes last just a few milliseconds.
    while kill -0 "$pid" 2>/dev/null; do
      writing=("$dir"/*.tmp."$pid")
      ((${#writing[@]})) && break
    done
  fi
  if ! kill -9 "$pid" 2>/dev/null; then
    wait "$pid" || fail "run $runs exited with $?"
    echo "run $runs finished by itself before kill $((kills + 1)) ($how)"
    break
  fi
  wait "$pid" 2>/dev/null || true
  kills=$((kills + 1))
  left=$(tmp_files "$dir" | tr '\n' ' ')
  if [[ " $left" == *".tmp.$pid "* ]]; then write_kills=$((write_kills + 1)); fi
  printf 'kill %d (%s): run %d killed after %s s, %d tables on disk, tmp: %s\n    last progress: %s\n' \
    "$kills" "$how" "$runs" "$(secs $(($(now_ms) - run_start)))" "$(tables "$dir" | wc -l)" \
    "${left:-none}" "$(grep '^\[' "$log" | tail -1 || echo none)"
  check_present "after kill $kills"
done
total_ms=$(($(now_ms) - start))

[ "$(tables "$ref")" = "$(tables "$dir")" ] ||
  fail "table sets differ; killed/ has: $(tables "$dir" | tr '\n' ' ')"
check_present "at the end"
[ -z "$(tmp_files "$dir")" ] || fail "temporary files left: $(tmp_files "$dir" | tr '\n' ' ')"
((kills >= 3)) || fail "only $kills runs were killed before the solve finished"

echo "summary: $kills kills ($write_kills during a table write), $runs runs;" \
  "killed+resumed $(secs "$total_ms") s vs uninterrupted $(secs "$ref_ms") s;" \
  "$(tables "$dir" | wc -l) tables compared with cmp"
if ((failures)); then
  echo "FAIL ($failures problems)"
  exit 1
fi
echo "PASS: tables byte-identical to the uninterrupted run, no temporary files left"
