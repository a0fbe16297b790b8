#!/usr/bin/env bash
# millbase solve --mpi (#26, #50): an MPI job of 3 ranks writes the tables of a
# single-process solve byte for byte (six whole, nine up to 5 stones a side); a job whose
# rank 1 is killed with SIGKILL mid-run stops, and the same command resumes it to the
# same tables; a job whose mpirun is killed leaves no rank behind, and a solve run at
# once resumes it; a solve started as rank 0 dies waits for the other ranks and resumes;
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

# rank_pid <pattern> <rank>: the process of that rank among those matching the pattern
# (nothing while there is none).
rank_pid() {
  local p
  for p in $(pgrep -f "$1" || true); do
    if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2"; then
      echo "$p"
      return
    fi
  done
}

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
    victim=$(rank_pid "solve --variant nine --max-stones 5 --out $work/killed" 1)
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

# Kill mpirun itself, as a batch scheduler ends a job at its time limit (the job as a
# user starts it: mpirun's own binding, two threads a rank, progress on stderr): every
# rank stops within 0.5 s and writes no table after the kill (before the launcher
# watch, ranks went on for a second and wrote 2 more of the 9), and the same solve run
# at once (the plain one) resumes the directory to the same tables.
"$mpirun" --oversubscribe -n 3 "$bin" solve --mpi --variant nine --max-stones 5 \
  --out "$work/launcher" >/dev/null 2>"$work/launcher.err" &
launcher=$!
for ((i = 0; i < 1200; i++)); do
  n=$(ls "$work/launcher" 2>/dev/null | grep -c '\.mbt$' || true)
  [ "$n" -ge 5 ] && break
  sleep 0.02
done
[ "$n" -ge 5 ] || { echo "FAIL: the job wrote too few tables to be killed mid-way"; exit 1; }
kill -9 "$launcher"
n=$(ls "$work/launcher" | grep -c '\.mbt$')  # the tables written before the kill
wait "$launcher" 2>/dev/null || true
ranks="solve --mpi --variant nine --max-stones 5 --out $work/launcher"
for ((i = 0; i < 10; i++)); do
  pgrep -f "$ranks" >/dev/null || break
  sleep 0.05
done
left=$(pgrep -f "$ranks" || true)
[ -z "$left" ] || { echo "FAIL: ranks outlived their launcher by 0.5 s: $left"; exit 1; }
gone_ms=$((i * 50))
after=$(ls "$work/launcher" | grep -c '\.mbt$')
[ "$after" = "$n" ] || { echo "FAIL: $((after - n)) tables written after the launcher was killed"; exit 1; }
rc=0
"$bin" solve --variant nine --max-stones 5 --out "$work/launcher" -q -j 2 >/dev/null \
  2>"$work/rerun.err" || rc=$?
[ "$rc" = 0 ] || { echo "FAIL: the solve run at once after the kill exited $rc"; cat "$work/rerun.err"; exit 1; }
same "$work/nine" "$work/launcher" "nine up to 5, mpirun killed after $n tables (ranks gone within ${gone_ms} ms), solved at once"

# Kill rank 0, which holds the directory's lock, mid-job, and start the plain solve at
# the same moment, while ranks 1 and 2 may still be writing: it waits for them through
# the .writers lock (never removing a file they could still rename), then resumes the
# directory to the same tables.
"$mpirun" --oversubscribe -n 3 "$bin" solve --mpi --variant nine --max-stones 5 \
  --out "$work/rank0" >/dev/null 2>"$work/rank0.err" &
job=$!
victim=""
for ((i = 0; i < 1200; i++)); do
  n=$(ls "$work/rank0" 2>/dev/null | grep -c '\.mbt$' || true)
  if [ "$n" -ge 4 ]; then
    victim=$(rank_pid "solve --mpi --variant nine --max-stones 5 --out $work/rank0" 0)
    [ -n "$victim" ] && break
  fi
  sleep 0.02
done
[ -n "$victim" ] || { echo "FAIL: no rank 0 to kill"; exit 1; }
kill -9 "$victim"
rc=0
"$bin" solve --variant nine --max-stones 5 --out "$work/rank0" -q -j 2 >/dev/null \
  2>"$work/rank0-rerun.err" || rc=$?
wait "$job" 2>/dev/null || true
[ "$rc" = 0 ] || { echo "FAIL: the solve started as rank 0 died exited $rc"; cat "$work/rank0-rerun.err"; exit 1; }
same "$work/nine" "$work/rank0" "nine up to 5, rank 0 killed and the plain solve started at once"

# A single-process solve stopped half way, finished by a job of 2 ranks.
"$bin" solve --variant six --sector 4-4 --out "$work/half" -q >/dev/null
mpi 2 "$bin" solve --variant six --out "$work/half" -q -j 1 --mpi >/dev/null
same "$work/six" "$work/half" "six, half solved alone, finished by 2 ranks"
echo "mpi solve: all checks passed"
