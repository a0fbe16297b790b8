#!/usr/bin/env bash
# Solves nine men's morris's movement sectors with up to 4 stones a side under a
# --memory budget small enough that a child table is read through its blocks, and checks
# that the process's peak resident memory stays within the budget plus the process's own
# code and libraries (SLACK: `millbase --version` alone peaks at 10.4 MB with OpenMPI
# linked, 9.4 MB without; thread stacks and the allocator take the rest), and that the
# tables equal those of an unbounded solve.
# Usage: memory_budget.sh <millbase binary>
set -euo pipefail
bin=$1
budget=$((20 * 1048576))
slack=$((14 * 1048576))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" solve --variant nine --max-stones 4 --out "$work/free" -q >/dev/null
report=$("$bin" solve --variant nine --max-stones 4 --memory "$budget" --out "$work/bounded" -q --json)
echo "$report"
field() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" <<<"$report"; }
[ "$(field memory_limit_bytes)" = "$budget" ] || { echo "budget not taken"; exit 1; }
[ "$(field tables_read_by_block)" -ge 1 ] || { echo "no table read through its blocks"; exit 1; }
peak=$(field peak_rss_bytes)
if [ "$peak" -gt $((budget + slack)) ]; then
  echo "peak memory $peak bytes exceeds --memory $budget + $slack"
  exit 1
fi
diff -r -x .lock "$work/free" "$work/bounded" >/dev/null || { echo "tables differ"; exit 1; }
echo "peak memory $peak bytes within --memory $budget + $slack; tables identical"
