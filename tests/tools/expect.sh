# Sourced by the CLI test scripts that stop at the first failed check: `fail` and
# `expect`. The script sets `bin` (the millbase binary) before it calls them; `input`
# (stdin of each command, /dev/null unless set) and `expect_timeout` (seconds, 0 for
# none) may be set around a call.
input=/dev/null
expect_timeout=0
# Prints the failure and ends the script with exit 1.
fail() { echo "FAIL: $*"; exit 1; }
# expect CODE REGEX -- command...: runs millbase, checks its exit code and that its
# output (stdout and stderr) matches the extended regular expression.
expect() {
  local code=$1 regex=$2
  shift 3
  local out rc=0
  out=$(timeout "$expect_timeout" "$bin" "$@" <"$input" 2>&1) || rc=$?
  [ "$rc" = "$code" ] || fail "millbase $* exited $rc, expected $code: $out"
  grep -Eq -- "$regex" <<<"$out" || fail "millbase $* said: $out (expected /$regex/)"
}
