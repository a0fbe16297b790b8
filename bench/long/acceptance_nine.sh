#!/usr/bin/env bash
# Acceptance (too long for CI: about 25 minutes on 2 cores): solve nine's sector 7-6 and
# everything it depends on, then check that the rules' blockade position probes as a win
# in 1 with best move c5-d5, and verify the tables.
# Usage: bench/long/acceptance_nine.sh [build dir] [table dir]
set -euo pipefail
build=${1:-build}
dir=${2:-data/nine}
"$build/millbase" solve --variant nine --sector 7-6 --out "$dir"
answer=$("$build/millbase" probe --variant nine --db "$dir" "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w")
echo "$answer"
case $answer in
  *"White to move: win in 1; best: c5-d5") echo "blockade: ok" ;;
  *) echo "blockade: FAIL"; exit 1 ;;
esac
"$build/millbase" verify --variant nine --db "$dir" --quick
