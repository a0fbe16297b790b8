# Sourced by tests/tools/identical_tables.sh and bench/long/identical_nine.sh: the one
# check that a directory holds the reference tables, byte for byte.

# same_tables DIR SUMS WHAT: exits 1, naming WHAT, unless directory DIR holds exactly the
# tables (*.mbt) listed in the sums file SUMS (`sha256sum` lines), each with its sum.
same_tables() {
  local dir=$1 sums=$2 what=$3
  diff <(cd "$dir" && ls ./*.mbt | sed 's|^\./||' | sort) <(awk '{print $2}' "$sums" | sort) ||
    { echo "FAIL: $what: other tables than the reference"; exit 1; }
  (cd "$dir" && sha256sum --quiet -c "$sums") ||
    { echo "FAIL: $what: tables differ from the reference"; exit 1; }
}
