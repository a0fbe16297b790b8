#!/usr/bin/env bash
# bench/long/solve_whole.sh on five: the whole run ends with its verify in several parts
# and a quick verify, and prints their costs; a second run skips every finished step; a
# table damaged after its part was checked fails that part when it runs again, and the
# script exits 1 naming it; --costs tells a leg that did not end stopped or running. Usage: solve_whole_parts.sh <dir of the millbase binary>
# <solve_whole.sh>
set -euo pipefail
build=$1 script=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { VERIFY_PART=300000 ALIVE_SECONDS=600 bash "$script" "$build" five "$work/five" \
  "$work/run" --memory 1G --min-free 1M; }

run > "$work/out" 2> "$work/err" || fail "the first run exited $? ($(cat "$work/err"))"
parts=$(grep -c '' "$work/run/verify.parts")
[ "$parts" -ge 2 ] || fail "the verify ran in $parts part(s), not several"
for ((k = 1; k <= parts; ++k)); do
  grep -qx "done verify.$k" "$work/run/run.log" || fail "part $k of $parts is not done"
done
grep -qx "done verify_quick" "$work/run/run.log" || fail "no quick verify of the whole"
# Every stored sector lies in exactly one part.
sectors=$("$build/millbase" sectors --variant five --json |
  python3 -c 'import json, sys; print(sum(len(u["sectors"]) for u in json.load(sys.stdin)["units"]))')
[ "$(cat "$work/run/verify.parts" | wc -w)" = "$sectors" ] || fail "the parts do not hold $sectors sectors"
grep -Eq "^verify +$parts " "$work/out" || fail "no cost line summing the $parts parts: $(cat "$work/out")"

lines=$(grep -c '' "$work/run/run.log")
run > /dev/null 2>&1 || fail "the second run exited $?"
[ "$(grep -c '^start' <(tail -n +$((lines + 1)) "$work/run/run.log"))" = 0 ] ||
  fail "the second run started a finished step again"

# Damage a table of part 3 and run its part (and what follows) again.
table="$work/five/$(sed -n 3p "$work/run/verify.parts" | awk '{ print $NF }').mbt"
python3 -c '
import sys
p = sys.argv[1]; b = bytearray(open(p, "rb").read()); b[len(b) - 50] ^= 0xFF
open(p, "wb").write(b)' "$table"
sed -i '/^done verify\.[3-9]$/d; /^done verify\.[1-9][0-9]$/d; /^done verify_quick$/d' \
  "$work/run/run.log"
rc=0
run > /dev/null 2> "$work/err" || rc=$?
[ "$rc" = 1 ] || fail "a damaged table gave exit $rc, not 1"
grep -q "step verify.3 failed" "$work/err" || fail "the error does not name part 3: $(cat "$work/err")"
grep -qx "done verify.3" "$work/run/run.log" && fail "the damaged part is marked done"
# A leg without its end in run.log: stopped, unless the run's process still lives.
sed -i '/^done verify/d; /^rc [0-9]* verify/d' "$work/run/run.log"
echo "start verify.9 leg 7 2026-01-01T00:00:00Z tables 5" >> "$work/run/run.log"
echo "alive verify.9 leg 7 2026-01-01T00:01:00Z tables 9" >> "$work/run/run.log"
costs=$(bash "$script" --costs "$work/run")
grep -q "^verify.9 *leg 7 stopped: 60s of wall time or more, tables 5 to 9$" <<< "$costs" ||
  fail "a stopped leg: $costs"
# With its CPU and memory when the alive line has them.
echo "alive verify.9 leg 7 2026-01-01T00:02:00Z tables 9 user 230 system 5 rss_kB 2097152" \
  >> "$work/run/run.log"
costs=$(bash "$script" --costs "$work/run")
grep -q "^verify.9 *leg 7 stopped: 120s .*, tables 5 to 9, 230s user + 5s system CPU, peak RSS 2.00 GB$" \
  <<< "$costs" || fail "a stopped leg's CPU: $costs"
(exec -a solve_whole.sh sleep 60) &
pid=$!
echo $pid > "$work/run/pid"
costs=$(bash "$script" --costs "$work/run")
kill $pid
grep -q "^verify.9 *leg 7 running: 120s so far, tables 5 to 9, 230s user" <<< "$costs" ||
  fail "a running leg: $costs"
grep -q "leg [0-9]* running" <<< "$(grep -v '^verify.9 ' <<< "$costs")" &&
  fail "a leg that ended is called running: $costs"
sleep 60 &
pid=$!
echo $pid > "$work/run/pid"  # alive, but not the script
costs=$(bash "$script" --costs "$work/run")
kill $pid
grep -q "running" <<< "$costs" && fail "another process with the run's id makes it running"
echo "all checks passed"
