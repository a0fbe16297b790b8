#!/usr/bin/env bash
# millbase solve --mpi (#26): an MPI job of 3 ranks writes the tables of a single-process
# solve byte for byte (six whole, nine up to 5 stones a side); a job whose rank 1 is
# killed with SIGKILL mid-run stops, and the same command resumes it to the same tables;
# a job continues a directory a single-process solve left half done.
# Usage: mpi_solve.sh <millbase binary> <mpirun>
set -euo pipefail
bin=$1 mpirun=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Containers run tests as root, which mpirun refuses unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Three ranks on fewer cores (CI has two): oversubscribe, one OpenMP thread each.
mpi() { "$mpirun" --oversubscribe --bind-to none -n "$1" "${@:2}"; }

same() {  # same <reference dir> <dir> <what>
  if ! diff -r -x .lock "$1" "$2" >/dev/null; then
    echo "FAIL: $3: tables differ from the single-process solve"
    diff -rq -x .lock "$1" "$2" | head
    exit 1
  fi
  echo "$3: $(ls "$2" | grep -c '\.mbt$') tables identical"
}

"$bin" solve --variant six --out "$work/six" -q -j 2 >/dev/null
mpi 3 "$bin" solve --variant six --out "$work/six-mpi" -j 1 --mpi --json >"$work/six.json" 2>"$work/six.err"
grep -q '"ranks":3,"units_solved":225,' "$work/six.json" ||
  { echo "FAIL: six: report"; cat "$work/six.json"; exit 1; }
# Every rank solved units, and rank 0 told the progress.
grep -Eq '"units_by_rank":\[[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*\]' "$work/six.json" ||
  { echo "FAIL: six: a rank solved nothing"; cat "$work/six.json"; exit 1; }
# Ranks finish their last units in any order, so the 225th line may name any unit.
grep -Eq "^\[225/225\] [0-9+-]+: solved on rank [0-2] " "$work/six.err" ||
  { echo "FAIL: six: no progress on stderr"; cat "$work/six.err"; exit 1; }
same "$work/six" "$work/six-mpi" "six, 3 ranks"

"$bin" solve --variant nine --max-stones 5 --out "$work/nine" -q -j 2 >/dev/null
mpi 3 "$bin" solve --variant nine --max-stones 5 --out "$work/nine-mpi" -q -j 1 --mpi >/dev/null
same "$work/nine" "$work/nine-mpi" "nine up to 5 stones a side, 3 ranks"

# Kill rank 1 once 3 of the 9 tables are written; the job must stop without a damaged
# table.
mpi 3 "$bin" solve --variant nine --max-stones 5 --out "$work/killed" -q -j 1 --mpi \
  >/dev/null 2>"$work/killed.err" &
job=$!
victim=""
for ((i = 0; i < 600; i++)); do
  n=$(ls "$work/killed" 2>/dev/null | grep -c '\.mbt$' || true)
  if [ "$n" -ge 3 ]; then
    for p in $(pgrep -f "solve --variant nine --max-stones 5 --out $work/killed" || true); do
      if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
        victim=$p
      fi
    done
    [ -n "$victim" ] && break
  fi
  sleep 0.05
done
[ -n "$victim" ] || { echo "FAIL: no rank 1 to kill"; exit 1; }
kill -9 "$victim"
rc=0
wait "$job" || rc=$?
[ "$rc" != 0 ] || { echo "FAIL: the job went on after a rank was killed"; exit 1; }
before=$(ls "$work/killed" | grep -c '\.mbt$')
[ "$before" -lt "$(ls "$work/nine" | grep -c '\.mbt$')" ] ||
  { echo "FAIL: the killed job finished anyway"; exit 1; }
# info exits 3 for the tables still to solve; 1 would mean a damaged one.
rc=0
"$bin" info "$work/killed" >/dev/null 2>&1 || rc=$?
[ "$rc" = 3 ] || { echo "FAIL: info after the kill exited $rc"; exit 1; }
mpi 3 "$bin" solve --variant nine --max-stones 5 --out "$work/killed" -j 1 --mpi --json \
  >"$work/resumed.json" 2>/dev/null
grep -q '"units_skipped":[1-9]' "$work/resumed.json" ||
  { echo "FAIL: the resumed job solved everything again"; cat "$work/resumed.json"; exit 1; }
same "$work/nine" "$work/killed" "nine up to 5, rank 1 killed after $before tables, resumed"

# A single-process solve stopped half way, finished by a job of 2 ranks.
"$bin" solve --variant six --sector 4-4 --out "$work/half" -q >/dev/null
mpi 2 "$bin" solve --variant six --out "$work/half" -q -j 1 --mpi >/dev/null
same "$work/six" "$work/half" "six, half solved alone, finished by 2 ranks"
echo "mpi solve: all checks passed"
