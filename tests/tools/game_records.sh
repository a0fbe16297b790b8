#!/usr/bin/env bash
# Game records (docs/game-records.md): play saves and loads them, annotate marks the
# moves that changed the game's value, bad records are refused with their line.
# Usage: game_records.sh MILLBASE SIX_DB BLUNDER_RECORD
set -u
bin=$1 db=$2 blunder=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect CODE REGEX ARGS... (stdin from $input): the exit code and a match in the output.
input=/dev/null
expect() {
  local code=$1 regex=$2
  shift 2
  out=$("$bin" "$@" <"$input" 2>&1)
  local got=$?
  [[ $got == "$code" ]] || fail "exit $got, expected $code: $* -> $out"
  grep -Pzq -- "(?s)$regex" <<<"$out" || fail "no match for '$regex': $* -> $out"
}

# Save a game between two humans, load it, go on, save again (file names keep their case).
printf 'd2\nf4\nsave %s/Game.txt\nquit\n' "$tmp" >"$tmp/in1"
input=$tmp/in1 expect 0 "saved the game \\(2 plies\\) to $tmp/Game.txt" \
  play --variant six --white human --black human
grep -q '^\[Variant "six"\]$' "$tmp/Game.txt" || fail "no Variant tag: $(cat "$tmp/Game.txt")"
grep -q '^\[White "human"\]$' "$tmp/Game.txt" || fail "no White tag"
grep -q '^1\. d2 f4 \*$' "$tmp/Game.txt" || fail "moves not written: $(cat "$tmp/Game.txt")"
printf 'b4\nsave %s/game2.txt\nquit\n' "$tmp" >"$tmp/in2"
input=$tmp/in2 expect 0 "White to move" play --load "$tmp/Game.txt" --white human --black human
grep -q '^1\. d2 f4 2\. b4 \*$' "$tmp/game2.txt" || fail "loaded game not continued: $(cat "$tmp/game2.txt")"
ls "$tmp" | grep -q tmp && fail "a temporary file was left: $(ls "$tmp")"
input=/dev/null
# A save that cannot be written says so and the session goes on.
printf 'save /proc/no/such/dir/g.txt\nquit\n' >"$tmp/in3"
input=$tmp/in3 expect 0 "error: cannot write /proc/no/such/dir/g.txt" \
  play --variant six --white human --black human
input=/dev/null
# A record of six is not loaded as nine; --position and --load do not mix.
expect 2 "is a game of six, not of nine" play --variant nine --load "$tmp/Game.txt" --white human --black human
expect 2 "--load needs a file: play reads its moves from stdin" play --load -
expect 2 "give --position or --load, not both" play --load "$tmp/Game.txt" --position "W: B: w 6 6"

# Annotate: each ply with its value before and after; the blunder is marked.
expect 0 "   1  White  d2 .*\n   2  Black  f4 .*\n   3  White  b4 .*Moves that changed the game's value: White [0-9]+, Black [0-9]+\\." \
  annotate "$tmp/game2.txt" --db "$db"
expect 0 "   1  White  e5-e4         win in 1      loss in 18    \\?\\? win thrown away\n   2  Black  c4-c3         win in 17     loss in 12    \\?\\? win thrown away\n.*White 1, Black 1\\." \
  annotate "$blunder" --db "$db"
expect 0 '"ply":1,"side":"white","move":"e5-e4","before":\{"result":"win","distance":1\},"after":\{"result":"loss","distance":18\},"change":"win thrown away"\}.*"changes":\{"white":1,"black":1\}' \
  annotate "$blunder" --db "$db" --json
input=$blunder expect 0 "White 1, Black 1" annotate - --db "$db"
input=/dev/null
# The best move instead is not marked; a slower win is "?! slower".
printf '[Variant "six"]\n[Start "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"]\n\n1. d2-f2\n' >"$tmp/slow.txt"
expect 0 "   1  White  d2-f2         win in 1      win in 13     \\?! slower\n.*White 0, Black 0\\." \
  annotate "$tmp/slow.txt" --db "$db"

# Bad records: exit 2 naming the line and ply; a missing file; missing tables exit 3.
printf '[Variant "six"]\n\n1. d2 f4\n2. d2\n' >"$tmp/bad.txt"
expect 2 "bad.txt: line 4, ply 3: illegal move 'd2': d2 is not empty" annotate "$tmp/bad.txt" --db "$db"
expect 2 "no file $tmp/none.txt" annotate "$tmp/none.txt" --db "$db"
expect 3 "no table directory $tmp/nodb" annotate "$blunder" --db "$tmp/nodb"
expect 2 "bad.txt: line 4" play --load "$tmp/bad.txt"

# A record of a game drawn by repetition, loaded: hint says that the game is over
# instead of valuing moves that can no longer be played.
printf '[Variant "six"]\n[Start "W:b2,c3,e5,f6 B:f2,e3,c5,b6 w"]\n\n1. b2-b4 f2-f4 2. b4-b2 f4-f2\n3. b2-b4 f2-f4 4. b4-b2 f4-f2\n' >"$tmp/rep.txt"
printf 'hint\nquit\n' >"$tmp/in4"
input=$tmp/in4 expect 0 "the game is over: Draw: the same position occurred for the third time.*; type new, undo or quit" \
  play --load "$tmp/rep.txt" --db "$db" --white human --black human
input=/dev/null

# A game played to its end prints its record with the result and the reason.
expect 0 '\[Result "(1-0|0-1|1/2-1/2)"\]\n\[Reason "[a-z-]+"\]\n\n1\. ' \
  play --variant six --db "$db" --white computer --black computer --position "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"

[[ $fails == 0 ]] && echo "all checks passed"
exit $((fails > 0))
