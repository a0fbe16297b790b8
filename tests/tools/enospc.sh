#!/usr/bin/env bash
# Full disk: solves six into a 512 KiB tmpfs (its tables need about 2 MB there), which
# fills up mid-solve, and checks that solve
#   - exits with 1 and says "cannot write <dir>/<sector>.mbt: No space left on device",
#   - leaves no *.tmp* file and nothing under the name it could not write,
#   - leaves only complete tables: `info` and `verify --quick` find the unfinished ones
#     missing (exit 3) and none damaged, and each table is
#     byte-identical to the reference;
# that a rerun on the still full disk fails the same way without damaging anything; and
# that after growing the filesystem a rerun resumes (skips the finished units), finishes,
# and gives tables identical to the reference that pass a full `verify`; and the same of
# the play-set step (pack --play-set), whose error names the table it was rewriting.
# Needs root to mount a tmpfs; exits 77 (skipped) when mounting is not permitted.
# Usage: enospc.sh <millbase binary> [reference six tables; default: solved here]
set -euo pipefail
bin=$1
ref=${2:-}
work=$(mktemp -d)
mnt="$work/full" mnt2="$work/full-play-set"
mkdir "$mnt" "$mnt2"
cleanup() {
  for m in "$mnt" "$mnt2"; do
    if mountpoint -q "$m"; then umount "$m" || umount -l "$m"; fi
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: not root, cannot mount a tmpfs"
  exit 77
fi
if ! mount -t tmpfs -o size=512k tmpfs "$mnt" 2>"$work/mount.err"; then
  echo "SKIP: cannot mount a tmpfs (needs CAP_SYS_ADMIN): $(head -1 "$work/mount.err")"
  exit 77
fi
if [ -z "$ref" ]; then
  ref="$work/reference"
  "$bin" solve --variant six --out "$ref" -q >/dev/null
fi

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Checks a failed solve into the full tmpfs; $1 names the attempt.
check_full_disk_failure() {
  local what=$1 code=$2 f
  echo "$what: exit $code, stderr: $(cat "$work/err")"
  [ "$code" = 1 ] || fail "$what: exit code $code, expected 1"
  local pattern="^millbase: cannot write $mnt/([0-9+-]+\.mbt): No space left on device$"
  if [[ "$(cat "$work/err")" =~ $pattern ]]; then
    [ ! -e "$mnt/${BASH_REMATCH[1]}" ] || fail "$what: ${BASH_REMATCH[1]} exists after its write failed"
  else
    fail "$what: stderr does not match '$pattern'"
  fi
  local left
  left=$(find "$mnt" -name '*.tmp*')
  [ -z "$left" ] || fail "$what: temporary files left: $left"
  local tables=("$mnt"/*.mbt)
  [ -e "${tables[0]}" ] || { fail "$what: no table written before the disk was full"; return; }
  # info too names the unfinished tables missing (exit 3) and finds none corrupt.
  local info_rc=0
  "$bin" info "$mnt" >"$work/info" 2>&1 || info_rc=$?
  [ "$info_rc" = 3 ] || fail "$what: info exited $info_rc: $(tail -3 "$work/info")"
  grep -q ", 0 corrupt, [1-9][0-9]* missing$" "$work/info" || fail "$what: info: $(tail -1 "$work/info")"
  # The unfinished units are missing (exit 3); every table there is whole.
  local rc=0
  "$bin" verify --variant six --db "$mnt" --quick >"$work/quick" 2>&1 || rc=$?
  [ "$rc" = 3 ] || fail "$what: verify --quick exited $rc, expected 3: $(tail -3 "$work/quick")"
  grep -q " missing, 0 damaged tables$" "$work/quick" ||
    fail "$what: verify --quick: $(tail -1 "$work/quick")"
  for f in "${tables[@]}"; do
    cmp -s "$f" "$ref/${f##*/}" || fail "$what: ${f##*/} differs from the reference"
  done
  echo "$what: ${#tables[@]} tables left, $(tail -1 "$work/quick")"
}

code=0
"$bin" solve --variant six --out "$mnt" -q >/dev/null 2>"$work/err" || code=$?
check_full_disk_failure "full disk" "$code"

code=0
"$bin" solve --variant six --out "$mnt" -q >/dev/null 2>"$work/err" || code=$?
check_full_disk_failure "rerun on the full disk" "$code"

mount -o remount,size=8m "$mnt"
code=0
"$bin" solve --variant six --out "$mnt" -q >"$work/out" 2>&1 || code=$?
echo "after growing the filesystem: exit $code, $(head -1 "$work/out")"
[ "$code" = 0 ] || fail "rerun after growing the filesystem: exit $code: $(cat "$work/out")"
grep -Eq "solved, [1-9][0-9]* already solved" "$work/out" ||
  fail "the rerun did not resume: $(head -1 "$work/out")"
diff -r -x .lock "$ref" "$mnt" >/dev/null ||
  fail "tables differ from the reference: $(diff -rq -x .lock "$ref" "$mnt" | head -3)"
"$bin" verify --variant six --db "$mnt" >"$work/verify" 2>&1 ||
  fail "verify fails: $(tail -3 "$work/verify")"
echo "verify: $(tail -1 "$work/verify")"

# The play-set step on a full disk: pack --play-set rewrites placement tables without
# distances, each under a temporary name first. It stops with exit 1 naming the table
# (not only its temporary file), leaves no temporary file and only whole tables; after
# the filesystem grows, the same command finishes with the tables of a play set made
# with room to spare.
packed="$work/packed" roomy="$work/roomy"
cp -r "$ref" "$packed" && "$bin" pack --variant six --db "$packed" -q >/dev/null
cp -r "$packed" "$roomy" && "$bin" pack --variant six --play-set --db "$roomy" -q >/dev/null
pages=$(find "$packed" -type f -printf '%s\n' | awk '{ p += int(($1 + 4095) / 4096) } END { print p }')
mount -t tmpfs -o size=$((pages * 4))k tmpfs "$mnt2"  # full once the tables are in
cp -r "$packed"/. "$mnt2"/
code=0
"$bin" pack --variant six --play-set --db "$mnt2" -q >/dev/null 2>"$work/err" || code=$?
echo "play set on a full disk: exit $code, stderr: $(cat "$work/err")"
[ "$code" = 1 ] || fail "play set on a full disk: exit $code, expected 1"
pattern="^millbase: cannot rewrite without distances $mnt2/[0-9+-]+\.mbt: .*No space left on device$"
[[ "$(cat "$work/err")" =~ $pattern ]] || fail "play set: stderr does not match '$pattern'"
left=$(find "$mnt2" -name '*.tmp*')
[ -z "$left" ] || fail "play set: temporary files left: $left"
rc=0
"$bin" verify --variant six --db "$mnt2" --quick >"$work/quick" 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "play set: verify --quick after the full disk exited $rc: $(tail -3 "$work/quick")"
mount -o remount,size=8m "$mnt2"
code=0
"$bin" pack --variant six --play-set --db "$mnt2" -q >/dev/null 2>"$work/err" || code=$?
[ "$code" = 0 ] || fail "play set after growing the filesystem: exit $code: $(cat "$work/err")"
diff -r -x .lock -x .writers "$roomy" "$mnt2" >/dev/null ||
  fail "play set: tables differ from one made with room: $(diff -rq -x .lock -x .writers "$roomy" "$mnt2" | head -3)"
echo "play set: resumed after growing the filesystem, the same tables"

if ((failures)); then
  echo "FAIL ($failures problems)"
  exit 1
fi
echo "ok: full disk reported, only complete tables left, resumed after growing the filesystem; the same for the play-set step"
