#!/usr/bin/env bash
# Follows perfect play from a position to the end of the game through `millbase engine`,
# one move at a time (so the draw rules of play never stop it), and checks that the value
# falls by exactly one ply each move: win in d, loss in d-1, win in d-2, ... loss in 0.
# With `fifty` (a directory of 50-ply tables, each position asked with the counter at 0)
# the value is z, plies to the next mill of the movement phase or the end: it falls by
# one each ply, and a mill closed in the movement phase starts a new count, so after it
# only the side that wins must stay the same.
# Prints the line of moves. Used for the longest wins in docs/results.md.
# Usage: follow_line.sh MILLBASE VARIANT DB "POSITION" [fifty]
set -euo pipefail
bin=$1 variant=$2 db=$3 pos=$4 rule=${5:-}
tmp=$(mktemp -d)
trap 'exec 3>&- 4<&-; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in" "$tmp/out"
"$bin" engine --variant "$variant" --db "$db" <"$tmp/in" >"$tmp/out" &
exec 3>"$tmp/in" 4<"$tmp/out"
read -r -u 4 ready
ask() { echo "$1" >&3; }
line="" plies=0 expect=""
while true; do
  ask "position $pos"
  read -r -u 4 ok
  ask "analyze"
  read -r -u 4 value
  best=""
  while read -r -u 4 l; do
    [[ $l == end ]] && break
    [[ -z $best && $l == move* ]] && best=$(cut -d' ' -f2 <<<"$l")
  done
  value=${value#value }
  if [[ -n $expect && $value != $expect ]]; then
    echo "FAIL at ply $plies ($pos): value $value, expected $expect"
    exit 1
  fi
  kind=${value%% *} d=${value##* }
  [[ $kind == draw ]] && { echo "FAIL: $pos is a draw"; exit 1; }
  [[ $d == 0 ]] && break
  if [[ $kind == win ]]; then expect="loss $((d - 1))"; else expect="win $((d - 1))"; fi
  # A movement position (no hands shown) whose best move removes a stone: a new count.
  fields=($pos)
  if [[ $rule == fifty && ${#fields[@]} -eq 3 && $best == *x* ]]; then
    expect="${expect% *} *"
    zeroings=$((${zeroings:-0} + 1))
  fi
  ask "position $pos moves $best"
  read -r -u 4 ok
  [[ $ok == ok ]] || { echo "FAIL: $best refused: $ok"; exit 1; }
  ask "show"
  read -r -u 4 shown
  pos=${shown#position }
  line+="$best "
  plies=$((plies + 1))
done
echo "quit" >&3
if [[ $rule == fifty ]]; then
  echo "$plies plies, each one ply closer to the next mill of the movement phase or the end (${zeroings:-0} mills of the movement phase began a new count): $line"
else
  echo "$plies plies, each one ply closer to the end: $line"
fi
