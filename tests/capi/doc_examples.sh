#!/usr/bin/env bash
# The C API's documentation as a user copies it: the example program of docs/c-api.md
# compiles as C (C99, every warning an error) against millbase.h and libmillbase.so
# and prints what its comment says; every position written in the comments of
# capi/millbase.h is one that millbase_probe accepts.
# Usage: doc_examples.sh <source dir> <dir of libmillbase.so> <six tables>
set -euo pipefail
src=$1 lib=$(cd "$2" && pwd) six=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc_flags=(-std=c99 -Wall -Wextra -Wpedantic -Werror -I"$src/capi" -L"$lib" -Wl,-rpath,"$lib")

# The first C block of docs/c-api.md that has a main().
awk '/^```c$/ {inblock = 1; text = ""; next}
     /^```$/ && inblock {inblock = 0; if (text ~ /int main/ && !done) {printf "%s", text; done = 1}; next}
     inblock {text = text $0 "\n"}' "$src/docs/c-api.md" >"$work/example.c"
grep -q "int main" "$work/example.c" || fail "no example program in docs/c-api.md"
cc "${cc_flags[@]}" "$work/example.c" -lmillbase -o "$work/example" ||
  fail "the example of docs/c-api.md does not compile"
# It opens data/six, as after the README's first command.
mkdir -p "$work/run/data" && ln -s "$six" "$work/run/data/six"
out=$(cd "$work/run" && "$work/example") || fail "the example exited non-zero: $out"
promise=$(grep -o '/\* result [^*]*\*/' "$work/example.c" | sed 's|/\* ||; s| \*/||; s| (MILLBASE_WIN)||')
# "result 1 (MILLBASE_WIN), distance 119" -> "result 1, distance 119"
grep -q "^${promise}, best move [a-g][1-7]" <<<"$out" || fail "the example printed '$out', its comment says '$promise'"

# Every position quoted in the header's comments.
positions=$(grep -o '"W:[^"]*"' "$src/capi/millbase.h" | sort -u)
[ -n "$positions" ] || fail "no position found in the comments of millbase.h"
{
  echo '#include <millbase.h>'
  echo '#include <stdio.h>'
  echo 'int main(int argc, char** argv) {'
  echo '  char err[MILLBASE_ERR_SIZE];'
  echo '  millbase_tables* t;'
  echo '  int result, distance, bad = 0;'
  echo '  (void)argc;'
  echo '  if (millbase_open("six", argv[1], &t, err, sizeof err) != MILLBASE_OK) return puts(err), 2;'
  while read -r p; do
    echo "  if (millbase_probe(t, $p, &result, &distance, err, sizeof err) != MILLBASE_OK)"
    echo "    printf(\"%s: %s\\n\", $p, err), bad = 1;"
  done <<<"$positions"
  echo '  millbase_close(t);'
  echo '  return bad;'
  echo '}'
} >"$work/positions.c"
cc "${cc_flags[@]}" "$work/positions.c" -lmillbase -o "$work/positions" || fail "positions.c"
"$work/positions" "$six" || fail "a position in the comments of millbase.h is refused"
echo "c api examples: all checks passed ($(wc -l <<<"$positions") positions of the header)"
