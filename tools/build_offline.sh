#!/usr/bin/env bash
# Builds the offline analysis page: the page of `millbase serve` (web/) with the API
# (web/api/web_api.cpp and what it uses: core, db, player, engine; neither CLI11
# nor the solver) compiled to WebAssembly, and the 50-ply tables of
# six and five inside, into one folder that works opened from disk (file://) or from any
# static host, and makes no request outside itself. The module is built from the CMake
# targets of the native build, configured by emcmake (the WebAssembly build of the root
# CMakeLists.txt and web/offline/CMakeLists.txt) in OUT-cmake, kept for the next build,
# with CMAKE_BUILD_PARALLEL_LEVEL jobs (default: all the cores).
#
# Usage: tools/build_offline.sh [OUT]      (default: build-offline/millbase-offline)
# Needs: emscripten (apt-get install emscripten), fzstd (npm ci --prefix web/offline),
# and the tables data/six-fifty and data/five-fifty, packed or not, e.g.
#   millbase solve --variant six && millbase solve --variant six --rule fifty
#   millbase solve --variant five && millbase solve --variant five --rule fifty
#   millbase pack --variant six --rule fifty --play-set
#   millbase pack --variant five --rule fifty --play-set
# (SIX_DB and FIVE_DB override their paths. The page is 2.5 MB with the tables as
# solved, 1.28 MB packed, 1.16 MB with play sets, which give no distance in placement:
# docs/play-set.md.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build-offline/millbase-offline}
six=${SIX_DB:-data/six-fifty}
five=${FIVE_DB:-data/five-fifty}
fzstd=$root/web/offline/node_modules/fzstd/umd/index.js
command -v emcmake >/dev/null || { echo "build_offline: needs emscripten: apt-get install emscripten" >&2; exit 2; }
command -v cmake >/dev/null || { echo "build_offline: needs cmake: apt-get install cmake" >&2; exit 2; }
[ -f "$fzstd" ] || { echo "build_offline: needs fzstd: npm ci --prefix web/offline" >&2; exit 2; }
for d in "$six" "$five"; do
  [ -f "$d/MANIFEST" ] || { echo "build_offline: no tables in $d (millbase solve ... --rule fifty --out $d)" >&2; exit 3; }
done
six=$(cd "$six" && pwd)
five=$(cd "$five" && pwd)
out=${out%/}
build=$out-cmake
# Debian's emscripten runs its JavaScript tools with the system's node.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
emcmake cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIX_DB="$six" -DFIVE_DB="$five" >/dev/null
cmake --build "$build" --target millbase_offline -j"${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" >/dev/null
mkdir -p "$out"
cp "$build/web/offline/millbase.js" "$out/millbase.js"
cp "$fzstd" "$out/fzstd.js"
cp "$root"/web/*.js "$root"/web/*.css "$out/"
cp "$root/web/offline/offline.js" "$out/"
# The same page, with the module and its glue loaded before the page's own script.
sed 's|<script src="app.js"|<script src="fzstd.js"></script><script src="millbase.js"></script><script src="offline.js"></script>\n<script src="app.js"|' \
  "$root/web/index.html" >"$out/index.html"
grep -q 'src="offline.js"' "$out/index.html" || { echo "build_offline: web/index.html has no app.js script tag" >&2; exit 1; }
du -b "$out"/* | sort -n
echo "built $out ($(du -sb "$out" | cut -f1) bytes): open $out/index.html"
