#!/usr/bin/env bash
# Kills `millbase solve --variant six` with SIGKILL at random moments, restarts it each
# time, and checks that the finished tables are byte-identical to an uninterrupted run.
# Each run is killed after a random 30-330 ms (so each makes some progress) until one
# finishes by itself. Usage: kill_resume.sh <millbase binary> [max runs]
set -euo pipefail
bin=$1
runs=${2:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" solve --variant six --out "$work/reference" -q >/dev/null
RANDOM=42
interrupted=0
for ((i = 0; i < runs; i++)); do
  "$bin" solve --variant six --out "$work/killed" -q >/dev/null 2>&1 &
  pid=$!
  sleep "0.$(printf '%03d' $((30 + RANDOM % 300)))"
  if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; break; fi  # finished by itself
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  interrupted=$((interrupted + 1))
  # A killed run leaves no file that looks complete but is not.
  for f in "$work"/killed/*.mbt; do
    [ -e "$f" ] || continue
    # info exits 3 for the tables still to solve; 1 would mean a damaged one.
    rc=0
    "$bin" info "$work/killed" >/dev/null 2>&1 || rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 3 ] || { echo "corrupt table after kill $i (info: $rc)"; exit 1; }
    break
  done
done
"$bin" solve --variant six --out "$work/killed" -q >/dev/null
if ! diff -r -x .lock "$work/reference" "$work/killed" >/dev/null; then
  echo "FAIL: tables differ from the uninterrupted run"
  diff -rq -x .lock "$work/reference" "$work/killed" | head
  exit 1
fi
if [ "$interrupted" -lt 3 ]; then
  echo "FAIL: only $interrupted runs were killed before the solve finished"
  exit 1
fi
echo "ok: $interrupted runs killed mid-solve with SIGKILL, then resumed; tables identical"
