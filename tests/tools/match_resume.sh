#!/usr/bin/env bash
# millbase match --save DIR (docs/levels.md): each game kept as a record when it ends, a
# match killed part way resumes to the result of one run without a stop, and a
# directory of another match or a damaged record is refused with the file's name.
# Usage: match_resume.sh MILLBASE
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect CODE REGEX ARGS...: the exit code and a match in the output.
expect() {
  local code=$1 regex=$2
  shift 2
  out=$("$bin" "$@" 2>&1)
  local got=$?
  [[ $got == "$code" ]] || fail "exit $got, expected $code: $* -> $out"
  grep -Pzq -- "(?s)$regex" <<<"$out" || fail "no match for '$regex': $* -> $out"
}
# Returns the match's JSON without its "kept" count.
result() { sed 's/,"kept":[0-9]*//'; }

match=(match --variant nine --white level5 --black level4 --games 24 --seed 5 --json -q)
whole=$("$bin" "${match[@]}" -j 2 | result)
[[ $whole == *'"games":24'* ]] || fail "no result: $whole"

# Killed once six games are kept, then run again: the same result, six or more kept.
"$bin" "${match[@]}" -j 2 --save "$tmp/saved" >/dev/null &
pid=$!
for _ in $(seq 600); do
  [ "$(ls "$tmp/saved" 2>/dev/null | grep -c '^game-.*\.txt$')" -ge 6 ] && break
  sleep 0.05
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
before=$(ls "$tmp/saved" | grep -c '^game-.*\.txt$')
# A record being written when the kill came is left as a temporary file: one more here.
echo "half a record" >"$tmp/saved/game-0000023.txt.tmp.999999"
[ "$before" -ge 6 ] || fail "only $before games kept before the kill"
again=$("$bin" "${match[@]}" -j 2 --save "$tmp/saved")
[[ $(result <<<"$again") == "$whole" ]] || fail "resumed: $again, without a stop: $whole"
kept=$(sed -n 's/.*"kept":\([0-9]*\).*/\1/p' <<<"$again")
[[ $kept == "$before" ]] || fail "kept $kept games, $before were there"
[ "$(ls "$tmp/saved" | grep -c '^game-.*\.txt$')" -eq 24 ] || fail "not every game kept: $(ls "$tmp/saved")"
ls "$tmp/saved" | grep -q tmp && fail "a temporary file was left: $(ls "$tmp/saved")"

# All kept: nothing is played, the same result.
cp "$tmp/saved/game-0000007.txt" "$tmp/game7"
third=$("$bin" "${match[@]}" --save "$tmp/saved")
[[ $third == *'"kept":24'* && $(result <<<"$third") == "$whole" ]] || fail "all kept: $third"
grep -q '^\[Game "7"\]$' "$tmp/game7" || fail "no Game tag: $(cat "$tmp/game7")"
grep -q '^\[White "level5"\]$' "$tmp/game7" || fail "no White tag: $(cat "$tmp/game7")"

# A game removed is played again, to the same record.
rm "$tmp/saved/game-0000007.txt"
expect 0 "Kept in $tmp/saved: 23 games from before, 1 played now" \
  match --variant nine --white level5 --black level4 --games 24 --seed 5 --save "$tmp/saved"
cmp -s "$tmp/game7" "$tmp/saved/game-0000007.txt" || fail "game 7 played again differs"

# Another match's directory, a damaged record, a directory that cannot be made.
expect 2 "game-0000000.txt: Seed is '5', this match's '6' \\(a --save directory of another match" \
  match --variant nine --white level5 --black level4 --games 24 --seed 6 --save "$tmp/saved"
expect 2 "game-0000000.txt: White is 'level5', this match's 'level3'" \
  match --variant nine --white level3 --black level4 --games 24 --seed 5 --save "$tmp/saved"
sed -i 's/^1\. \([a-g][1-7]\)/1. \1 \1/' "$tmp/saved/game-0000003.txt"
expect 1 "game-0000003.txt: line [0-9]+, ply 2: .*\\(remove the file to play that game again\\)" \
  match --variant nine --white level5 --black level4 --games 24 --seed 5 --save "$tmp/saved"
touch "$tmp/file"
expect 1 "--save: cannot make the directory $tmp/file" \
  match --variant six --white level2 --black level1 --games 2 --save "$tmp/file"
[ $fails -eq 0 ] && echo "all checks passed"
exit $((fails > 0))
