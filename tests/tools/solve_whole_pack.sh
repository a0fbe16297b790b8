#!/usr/bin/env bash
# bench/long/solve_whole.sh --pack --fifty on five: the verify parts hold exactly the
# sectors the pack keeps stored; the pack derives all the others (recomputing each) before
# the quick verify; its cost has a line, and each directory's tables' bytes as solved and
# as packed; a rerun is refused when its options differ from the first leg's.
# Usage: solve_whole_pack.sh <dir of the millbase binary> <solve_whole.sh>
set -euo pipefail
build=$1 script=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { VERIFY_PART=300000 bash "$script" "$build" five "$work/five" "$work/run" --memory 1G \
  --min-free 1M "$@"; }

run --pack --fifty > "$work/out" 2> "$work/err" || fail "the run exited $? ($(cat "$work/err"))"
# The sectors of five by what a pack does with them: "stored" or "derived", a line each.
"$build/millbase" sectors --variant five --json | python3 -c '
import json, sys
for u in json.load(sys.stdin)["units"]:
    for s in u["sectors"]:
        print(("derived " if s["derived_when_packed"] else "stored ") + s["name"])' \
  > "$work/sectors"
stored=$(awk '$1 == "stored" { print $2 }' "$work/sectors" | sort)
derived=$(grep -c '^derived ' "$work/sectors")
[ "$derived" -gt 0 ] && [ -n "$stored" ] || fail "five has no sectors of one kind"
[ "$(tr ' ' '\n' < "$work/run/verify.parts" | sort)" = "$stored" ] ||
  fail "the verify parts do not hold exactly the sectors a pack keeps stored"
[ "$(grep -c '' "$work/run/verify.parts")" -ge 2 ] || fail "the verify ran in one part"
python3 - "$work/run/pack.json" "$derived" <<'PY' || fail "the pack's report: $(cat "$work/run/pack.json")"
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(r["derived_tables"] != int(sys.argv[2]) or r["kept_stored"] != 0)
PY
pack_done=$(grep -nx 'done pack' "$work/run/run.log" | cut -d: -f1)
quick_start=$(grep -n '^start verify_quick ' "$work/run/run.log" | cut -d: -f1)
[ -n "$pack_done" ] && [ -n "$quick_start" ] && [ "$pack_done" -lt "$quick_start" ] ||
  fail "the quick verify did not follow the pack: $(cat "$work/run/run.log")"
grep -qx 'done verify_quick' "$work/run/run.log" || fail "no quick verify after the pack"
grep -Eq '^pack +1 ' "$work/out" || fail "no cost line for the pack: $(cat "$work/out")"
# The disk as solved and as packed, for each directory: the pack shrank it, and its
# figure is the bytes of that directory's tables, not of both.
for dir in "" fifty_; do
  solved=$(awk -v s="${dir}solve" '$1 == "bytes" && $2 == s { print $3 }' "$work/run/run.log")
  packed=$(awk -v s="${dir}pack" '$1 == "bytes" && $2 == s { print $3 }' "$work/run/run.log")
  now=$(find "$work/five${dir:+-fifty}" -name '*.mbt' -printf '%s\n' | awk '{ s += $1 } END { print s }')
  [ -n "$solved" ] && [ -n "$packed" ] && [ "$packed" -lt "$solved" ] && [ "$packed" = "$now" ] ||
    fail "${dir}bytes as solved '$solved', as packed '$packed', on disk $now"
  grep -Eq "^tables after ${dir}pack +$packed bytes" "$work/out" || fail "no line of the ${dir}packed bytes"
done
grep -qx 'done fifty_verify_quick' "$work/run/run.log" || fail "no quick verify of the 50-ply pack"

rc=0
run > /dev/null 2> "$work/err" || rc=$?
[ "$rc" = 2 ] || fail "a leg without --pack after one with it exited $rc, not 2"
grep -q "use the same options on every leg" "$work/err" || fail "the refusal: $(cat "$work/err")"
echo "all checks passed"
