#!/usr/bin/env bash
# The sanitizer configuration of CI (issue #12): a separate clang build with ASan+UBSan
# (MILLBASE_FUZZ) runs each libFuzzer harness of tests/fuzz for a fixed time on a copy
# of its seed corpus, then the core unit tests (tests/core) under the same sanitizers.
# Fails on any crash, failed check, sanitizer report, leak or timeout, keeping the
# input in WORK_DIR/findings/; prints "all fuzzers ran clean" only when nothing failed.
#
# Usage: run_fuzzers.sh SOURCE_DIR WORK_DIR SECONDS
#   SECONDS: the time each fuzzer runs. Needs clang++-14 with libFuzzer (Debian:
#   clang-14 libclang-rt-14-dev, and libomp-14-dev for OpenMP); without it this fails.
# Environment: MILLBASE_FUZZ_JOBS, build jobs (default: nproc).
#
# The core tests run without the Reachability suite's two brute-force enumerations
# (ByDepthFromTheEmptyBoard, SixFullStateCount: about 100 s under the sanitizers on two
# cores); the normal build runs them.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 SOURCE_DIR WORK_DIR SECONDS" >&2
  exit 2
fi
cxx=clang++-14
fuzzers="notation_fuzz record_fuzz engine_lines_fuzz"
core_filter=-Reachability.ByDepthFromTheEmptyBoard:Reachability.SixFullStateCount

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "FAIL: $cxx not found: the fuzz tests need clang 14 and libFuzzer;" \
    "on Debian: apt-get install clang-14 libclang-rt-14-dev libomp-14-dev"
  exit 1
fi
src=$(cd "$1" && pwd)
work=$2
seconds=$3
jobs=${MILLBASE_FUZZ_JOBS:-$(nproc)}

ms() { echo $(($(date +%s%N) / 1000000)); }
start=$(ms)
phase_start=$start
# phase NAME: prints the time since the last phase ended.
phase() {
  local now
  now=$(ms)
  printf '%-34s %7.1f s\n' "$1" "$(((now - phase_start) / 100))e-1"
  phase_start=$now
}

mkdir -p "$work"
scratch=$(mktemp -d)
declare -A pid=()
# On the way out: the fuzzer this script started, if it still runs, and the scratch.
cleanup() {
  local p
  for p in "${pid[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$scratch"
}
trap cleanup EXIT

# fail WHAT LOG: prints the end of the log and exits.
fail() {
  echo "FAIL: $1"
  [ -n "${2:-}" ] && tail -n 60 "$2"
  exit 1
}

# libFuzzer and the sanitizers' runtimes (libclang-rt-14-dev) link?
echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
  "$cxx" -x c++ -fsanitize=fuzzer,address,undefined -o "$scratch/probe" - \
    >"$scratch/probe.log" 2>&1 ||
  fail "$cxx cannot link a libFuzzer harness (Debian: apt-get install libclang-rt-14-dev)" \
    "$scratch/probe.log"
cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" -DMILLBASE_FUZZ=ON \
  -DMILLBASE_TESTS=OFF -DMILLBASE_BENCH=OFF -DMILLBASE_ASSERTS=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$scratch/configure.log" 2>&1 ||
  fail "configuring the fuzz build in $work" "$scratch/configure.log"
phase "configure (clang, ASan+UBSan)"
cmake --build "$work" --target fuzzers core_tests_sanitized -j"$jobs" \
  >"$scratch/build.log" 2>&1 || fail "building the fuzz targets" "$scratch/build.log"
phase "build (-j$jobs)"

# UBSan aborts at its first report (-fno-sanitize-recover); a stack helps to read it.
export UBSAN_OPTIONS=print_stacktrace=1
# Anything a sanitizer or libFuzzer reports, or a harness's failed check.
reports='ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|check failed|SUMMARY: '
# Each fuzzer for SECONDS, one after the other (one core each: on two cores the other
# tests of ctest -j2 keep the other), in a scratch directory with a copy of its corpus.
summary=""
for f in $fuzzers; do
  cp -r "$src/tests/fuzz/corpus/$f" "$scratch/$f"
  mkdir -p "$scratch/$f.artifacts"
  (cd "$scratch" && exec "$work/tests/fuzz/$f" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$scratch/$f.artifacts/" \
    "$scratch/$f") >"$scratch/$f.log" 2>&1 &
  pid[$f]=$!
  rc=0
  wait "${pid[$f]}" || rc=$?
  unset "pid[$f]"
  if [ "$rc" != 0 ] || grep -Eq "$reports" "$scratch/$f.log" ||
    [ -n "$(ls -A "$scratch/$f.artifacts")" ]; then
    mkdir -p "$work/findings"
    rm -rf "$work/findings/$f"
    cp -r "$scratch/$f.artifacts" "$work/findings/$f"
    cp "$scratch/$f.log" "$work/findings/$f.log"
    for a in "$scratch/$f.artifacts"/*; do
      [ -f "$a" ] && { echo "input $(basename "$a"):"; head -c 512 "$a" | od -c | head -20; }
    done
    # The report from its first line (a failed check, a sanitizer's or libFuzzer's).
    awk -v re="$reports|==ERROR|deadly signal" '$0 ~ re { on = 1 } on && n++ < 60' \
      "$scratch/$f.log"
    fail "$f exited $rc; its log and inputs are in $work/findings/"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$f.log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$scratch/$f.log")
  [ -n "$runs" ] || fail "$f printed no statistics" "$scratch/$f.log"
  summary+=$(printf '%-20s %10s runs %8s exec/s' "$f" "$runs" "$rate")$'\n'
  phase "$f (${seconds} s)"
done

rc=0
"$work/tests/fuzz/core_tests_sanitized" --gtest_filter="$core_filter" \
  >"$scratch/core_tests.log" 2>&1 || rc=$?
if [ "$rc" != 0 ] || grep -Eq "$reports" "$scratch/core_tests.log"; then
  fail "the core tests under ASan+UBSan (exit $rc)" "$scratch/core_tests.log"
fi
tests=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\?\..*/\1/p' "$scratch/core_tests.log")
phase "core tests, ASan+UBSan ($tests)"
printf '%-34s %7.1f s\n' "total" "$((($(ms) - start) / 100))e-1"
printf '%s' "$summary"
echo "all fuzzers ran clean"
