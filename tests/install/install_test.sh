#!/usr/bin/env bash
# Installs the build tree into a fresh prefix under WORK_DIR, then builds programs
# against the installation from outside the tree and checks the values they print
# against `millbase probe --json` on six's tables:
#  - probe.c with pkg-config and gcc -std=c89 -pedantic-errors;
#  - play.c with find_package(millbase) in a C-only CMake project (consumer/);
#  - play_cxx.cpp with find_package(millbase) and millbase::player in C++.
# Also checks the installed files, the SONAME and that libmillbase.so exports exactly
# the functions of millbase.h.
# Usage: install_test.sh CMAKE BUILD_DIR WORK_DIR MILLBASE_CLI SIX_DB
set -euo pipefail
cmake=$1 build=$2 work=$3 cli=$4 db=$5
src=$(cd "$(dirname "$0")" && pwd)
prefix=$work/prefix

fail() { echo "FAIL: $*"; exit 1; }
# Runs a command with its output in $work/<name>.log, shown when it fails.
run() {
  local name=$1
  shift
  "$@" > "$work/$name.log" 2>&1 || { cat "$work/$name.log"; fail "$name: $*"; }
}

rm -rf "$work"
mkdir -p "$work"
run install "$cmake" --install "$build" --prefix "$prefix"

for f in bin/millbase include/millbase.h include/millbase/db/tablebase.h \
         include/millbase/player/player.h include/millbase/core/notation.h \
         share/doc/millbase/LICENSE; do
  [ -f "$prefix/$f" ] || fail "$f is not installed"
done
pc=$(find "$prefix" -name millbase.pc)
[ -n "$pc" ] || fail "millbase.pc is not installed"
grep -qx "License: MIT" "$pc" || fail "millbase.pc does not declare the license"
libdir=$(dirname "$(dirname "$pc")")
for f in libmillbase.so libmillbase.so.1 libmillbase_core.a libmillbase_db.a \
         libmillbase_player.a cmake/millbase/millbaseConfig.cmake; do
  [ -e "$libdir/$f" ] || fail "$libdir/$f is not installed"
done
soname=$(objdump -p "$libdir/libmillbase.so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = libmillbase.so.1 ] || fail "SONAME is '$soname', not libmillbase.so.1"
exported=$(nm -D --defined-only "$libdir/libmillbase.so" | awk '{ print $3 }' | sort | tr '\n' ' ')
declared=$(sed -n 's/^MILLBASE_API [^(]*[ *]\(millbase_[a-z_]*\)(.*/\1/p' "$prefix/include/millbase.h" |
  sort | tr '\n' ' ')
[ "$exported" = "$declared" ] || fail "libmillbase.so exports '$exported', millbase.h declares '$declared'"
echo "installed: SONAME $soname, exports $exported"

# pkg-config and gcc, strict C89.
export PKG_CONFIG_PATH=$(dirname "$pc")
run probe-build gcc -std=c89 -pedantic-errors -Wall -Wextra -Werror -o "$work/probe" \
  "$src/probe.c" $(pkg-config --cflags --libs millbase)
# find_package: C only, then with C++.
for kind in c cxx; do
  run "consumer-$kind-configure" "$cmake" -S "$src/consumer" -B "$work/consumer-$kind" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -DWITH_CXX=$([ $kind = cxx ] && echo ON || echo OFF)
  run "consumer-$kind-build" "$cmake" --build "$work/consumer-$kind"
done

positions=(
  "W:b2,d2,c3,e3,b4,d5 B:f2,d3,c4,f4,b6 w"   # win in 119, the longest of six
  "W: B: w 6 6"                              # the empty board: a draw
  "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"      # win in 1
  "W:c4,e4,c5,d5,e5,f6 B:b2,c3,d3,e3,f4,b6 w"
  "W:d2,c3,b4,e5,f6 B:c4,c5,d5,b6,d6 b"      # over: loss in 0
)
for pos in "${positions[@]}"; do
  json=$("$cli" probe --variant six --db "$db" --json "$pos") || fail "millbase probe: $json"
  want=$(sed -n 's/.*"result":"\([a-z]*\)","distance":\([0-9]*\|null\),.*/\1 \2/p' <<< "$json" |
    sed 's/ null$/ -1/')
  [ -n "$want" ] || fail "millbase probe --json printed: $json"
  best=${json##*\"best_moves\":}
  best=${best%%]*}]  # the list alone: members may follow it
  got=$(LD_LIBRARY_PATH=$libdir "$work/probe" six "$db" "$pos")
  [ "$got" = "$want" ] || fail "probe.c (pkg-config): '$pos' is '$got', millbase probe says '$want'"
  for program in "$work/consumer-c/play" "$work/consumer-cxx/play_cxx"; do
    got=$("$program" six "$db" "$pos")
    [ "${got% *}" = "$want" ] || fail "$program: '$pos' is '${got% *}', millbase probe says '$want'"
    move=${got##* }
    if [ "$move" = none ]; then
      [ "$best" = "[]" ] || fail "$program: no move in '$pos', millbase probe has $best"
    else
      grep -qF "\"$move\"" <<< "$best" || fail "$program: $move in '$pos' is not among $best"
    fi
  done
  echo "$pos: $want, as millbase probe --json"
done
echo "all checks passed"
