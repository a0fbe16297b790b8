#!/usr/bin/env bash
# bench/long/solve_whole.sh's alive lines carry the step's CPU seconds and peak memory so
# far, read from the running program: here a stand-in for millbase that spins until it
# has used 2 s of CPU (however long that takes on a busy machine), idles 2 s so that an
# alive line (one a second here) reads it, and fails, so the run stops after its first
# step. Usage: solve_whole_alive.sh <solve_whole.sh>
set -euo pipefail
script=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$work/build"
cat > "$work/build/millbase" <<'SH'
#!/usr/bin/env bash
tick=$(getconf CLK_TCK)
# Returns this shell's user CPU seconds (/proc/PID/stat after "PID (NAME) ": field 12).
cpu() { local s; s=$(< /proc/$$/stat); s=${s##*) }; set -- $s; echo $((${12} / tick)); }
while [ "$(cpu)" -lt 2 ]; do for _ in {1..20000}; do :; done; done
sleep 2
exit 1
SH
chmod +x "$work/build/millbase"
rc=0
ALIVE_SECONDS=1 bash "$script" "$work/build" five "$work/five" "$work/run" --min-free 1M \
  > /dev/null 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "a failed step exited $rc, not 1"
grep -q '^rc 1 solve leg 1 ' "$work/run/run.log" || fail "no failed solve: $(cat "$work/run/run.log")"
# The last alive line: 2 s of CPU by then, and some memory.
last=$(grep '^alive solve leg 1 ' "$work/run/run.log" | tail -1)
grep -Eq ' user [0-9]+ system [0-9]+ rss_kB [0-9]+$' <<< "$last" || fail "the alive line: '$last'"
read -r user rss <<< "$(awk '{ print $(NF - 4), $NF }' <<< "$last")"
[ "$user" -ge 1 ] && [ "$rss" -gt 0 ] || fail "CPU ${user}s and ${rss} kB in '$last'"
echo "all checks passed"
