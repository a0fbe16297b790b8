#!/usr/bin/env bash
# Installs what building, testing and the offline page need, on Debian 12 as root: the
# Debian packages below that are missing; Debian's npm where no npm is on the PATH (a
# nodejs from elsewhere brings its own npm, which stays); then the offline page's one npm
# package, fzstd (web/offline/package-lock.json). With everything there it changes
# nothing. README.md's first command and .ci/run both call it.
#
# Usage: tools/install_deps.sh      (from any directory)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make pkg-config                                  # the build
  libzstd-dev libxxhash-dev libcli11-dev libcpp-httplib-dev  # its libraries
  libgtest-dev python3 time procps nginx                     # the tests
  chromium chromium-driver python3-selenium                  # the page's browser tests
  emscripten                                                 # the offline page (WebAssembly)
  clang-14 libclang-rt-14-dev libomp-14-dev                  # the fuzz build (libFuzzer, sanitizers)
  libopenmpi-dev openmpi-bin                                 # solve --mpi
  pybind11-dev python3-dev python3-pip python3-venv          # the Python package
  python3-numpy python3-pytest mypy                          # its batch calls and its tests
)

# One dpkg query for the whole list: the names installed, then those not among them.
installed=" $(dpkg-query -W -f='${db:Status-Status} ${Package}\n' "${packages[@]}" 2>/dev/null |
  awk '$1 == "installed" { printf "%s ", $2 }' || true)"
missing=()
for p in "${packages[@]}"; do
  [[ $installed == *" $p "* ]] || missing+=("$p")
done
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install_deps.sh: missing Debian packages: ${missing[*]}; run as root" >&2
    exit 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The offline page's JavaScript dependency (fzstd), from the npm registry.
[ -d web/offline/node_modules/fzstd ] || npm ci --prefix web/offline --no-audit --no-fund
