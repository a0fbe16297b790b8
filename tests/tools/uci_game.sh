#!/usr/bin/env bash
# A GUI that speaks only the documented UCI dialect (docs/uci.md) plays whole games of
# six between two `millbase uci` processes: one at perfect play, one at SkillLevel 1.
# It relays one action per token as mill GUIs do (a removal as its own "x<point>"),
# asks `d` whether a removal is awaited, and stops at "bestmove none" or "bestmove draw".
# The perfect side must never lose, and every game must end.
# Usage: uci_game.sh MILLBASE SIX_DB [GAMES]
set -u
bin=$1 db=$2 games=${3:-6}
tmp=$(mktemp -d)
trap 'exec 3>&- 4<&- 5>&- 6<&-; rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

mkfifo "$tmp/a.in" "$tmp/a.out" "$tmp/b.in" "$tmp/b.out"
"$bin" uci --db "$db" <"$tmp/a.in" >"$tmp/a.out" &
exec 3>"$tmp/a.in" 4<"$tmp/a.out"
"$bin" uci --db "$db" <"$tmp/b.in" >"$tmp/b.out" &
exec 5>"$tmp/b.in" 6<"$tmp/b.out"

# read_until FD WORD: prints the lines read from FD up to the first starting with WORD.
read_until() {
  local line
  while IFS= read -r -t 30 -u "$1" line; do
    echo "$line"
    [[ $line == "$2"* ]] && return 0
  done
  return 1
}

# Handshake with both: uci/uciok, options, isready/readyok.
for pair in "3 4 30 11" "5 6 1 12"; do
  set -- $pair
  echo "uci" >&"$1"
  read_until "$2" uciok | grep -q "option name SkillLevel type spin" || fail "no SkillLevel option"
  echo "setoption name SkillLevel value $3" >&"$1"
  echo "setoption name Seed value $4" >&"$1"
  echo "isready" >&"$1"
  read_until "$2" readyok >/dev/null || fail "no readyok"
done

results=""
for ((game = 0; game < games; game++)); do
  # The perfect engine (fds 3/4) plays White in even games, Black in odd ones.
  perfect_colour=$([[ $((game % 2)) == 0 ]] && echo white || echo black)
  for fd in 3 5; do echo "ucinewgame" >&$fd; done
  moves="" side=white result="" actions=0
  while [[ -z $result && $actions -lt 2000 ]]; do
    if [[ $side == "$perfect_colour" ]]; then in=3 out=4; else in=5 out=6; fi
    echo "position startpos${moves:+ moves$moves}" >&$in
    echo "go" >&$in
    answer=$(read_until $out bestmove) || { fail "no bestmove after: $moves"; break; }
    best=$(tail -n1 <<<"$answer" | cut -d' ' -f2)
    case $best in
      none | draw)
        result=$(grep -o 'info string result [a-z]*' <<<"$answer" | cut -d' ' -f4)
        [[ $best == draw && $result != draw ]] && fail "bestmove draw with result $result"
        [[ $best == none && $result == draw ]] && fail "bestmove none for a draw"
        continue ;;
    esac
    [[ $best =~ ^(x?[a-g][1-7]|[a-g][1-7]-[a-g][1-7])$ ]] || { fail "not one action: $best"; break; }
    moves+=" $best"
    actions=$((actions + 1))
    # The same side goes on when its move closed a mill and a removal is awaited.
    echo "position startpos moves$moves" >&$in
    echo "d" >&$in
    echo "isready" >&$in
    board=$(read_until $out readyok)
    if ! grep -q "waiting for the removal" <<<"$board"; then
      side=$([[ $side == white ]] && echo black || echo white)
    fi
  done
  [[ -n $result ]] || fail "game $game did not end after $actions actions"
  [[ $result == draw || $result == "$perfect_colour" ]] ||
    fail "game $game: perfect play ($perfect_colour) lost: $moves"
  results+="$result "
  echo "game $game: perfect play is $perfect_colour; result $result after $actions actions"
done
for fd in 3 5; do echo "quit" >&$fd; done
wait
[[ $fails == 0 ]] && echo "all checks passed: $results"
exit $((fails > 0))
