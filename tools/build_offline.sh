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
# With `--tables VARIANT=DIR` (repeatable), the tables of DIR (plain or 50-ply, packed or
# not) are served beside the page instead: copied to OUT/tables/VARIANT/, only their
# MANIFEST inside the module; the page reads their blocks on demand by HTTP range
# requests to its own origin and keeps them in the browser's Cache Storage
# (web/offline/table_fetch.js). Such a page must be served (any static host with byte
# ranges: nginx, Apache, a CDN); opened from file:// it has six and five only.
#
# Usage: tools/build_offline.sh [OUT] [--tables VARIANT=DIR]...
#        (default OUT: build-offline/millbase-offline)
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
out=build-offline/millbase-offline
served=()  # VARIANT=DIR
while [ $# -gt 0 ]; do
  case $1 in
    --tables)
      [ $# -ge 2 ] && [[ $2 == ?*=?* ]] || { echo "build_offline: --tables needs VARIANT=DIR" >&2; exit 2; }
      served+=("$2"); shift 2 ;;
    --tables=*) served+=("${1#--tables=}"); shift ;;
    -*) echo "build_offline: unknown option $1 (usage: build_offline.sh [OUT] [--tables VARIANT=DIR]...)" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
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
# The served variants' MANIFESTs, for the module: $build/served/VARIANT/MANIFEST.
manifests=$build/served
rm -rf "$manifests"
mkdir -p "$manifests"
for pair in "${served[@]}"; do
  variant=${pair%%=*} dir=${pair#*=}
  [[ $variant =~ ^[a-z0-9-]+$ ]] || { echo "build_offline: --tables $pair: not a variant name" >&2; exit 2; }
  [ -f "$dir/MANIFEST" ] || { echo "build_offline: --tables $pair: no tables in $dir (millbase solve --variant $variant ... --out $dir)" >&2; exit 3; }
  grep -q "^variant: $variant\$" "$dir/MANIFEST" || { echo "build_offline: --tables $pair: $dir/MANIFEST is not $variant's" >&2; exit 3; }
  mkdir -p "$manifests/$variant"
  cp "$dir/MANIFEST" "$manifests/$variant/MANIFEST"
done
# Debian's emscripten runs its JavaScript tools with the system's node.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
served_dir=
[ ${#served[@]} -eq 0 ] || served_dir=$manifests
emcmake cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIX_DB="$six" -DFIVE_DB="$five" \
  -DSERVED_DIR="$served_dir" >/dev/null
cmake --build "$build" --target millbase_offline -j"${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" >/dev/null
mkdir -p "$out"
cp "$build/web/offline/millbase.js" "$out/millbase.js"
cp "$fzstd" "$out/fzstd.js"
cp "$root"/web/*.js "$root"/web/*.css "$out/"
cp "$root/web/offline/offline.js" "$root/web/offline/table_fetch.js" "$root/web/offline/tables_panel.js" "$out/"
# The served tables, and their identity (names, sizes, times: a new solve or pack is a
# new identity), which names the browser's cache of their bytes.
rm -rf "$out/tables"
for pair in "${served[@]}"; do
  variant=${pair%%=*} dir=${pair#*=}
  mkdir -p "$out/tables/$variant"
  cp "$dir"/MANIFEST "$dir"/*.mbt "$out/tables/$variant/"
done
id=none
[ ${#served[@]} -eq 0 ] || id=$(cd "$out/tables" && find . -type f -printf '%p %s %T@\n' | sort | sha256sum | cut -c1-16)
{
  echo "// The tables served beside the page (tools/build_offline.sh): their identity and files."
  echo "window.millbaseServed = {id: '$id', variants: {"
  for pair in "${served[@]}"; do
    variant=${pair%%=*}
    echo "  '$variant': {files: {"
    (cd "$out/tables/$variant" && find . -maxdepth 1 -name '*.mbt' -printf "    '%f': %s,\n" | sort)
    echo "  }},"
  done
  echo "}};"
} >"$out/served.js"
# The same page, with the module and its glue loaded before the page's own script.
sed 's|<script src="app.js"|<script src="fzstd.js"></script><script src="served.js"></script><script src="table_fetch.js"></script><script src="millbase.js"></script><script src="offline.js"></script><script src="tables_panel.js" defer></script>\n<script src="app.js"|' \
  "$root/web/index.html" >"$out/index.html"
grep -q 'src="offline.js"' "$out/index.html" || { echo "build_offline: web/index.html has no app.js script tag" >&2; exit 1; }
du -b "$out"/* | sort -n
[ ${#served[@]} -eq 0 ] || echo "served tables: ${served[*]} in $out/tables: publish $out on a static host with byte ranges (nginx, Apache)"
echo "built $out ($(du -sb "$out" | cut -f1) bytes): open $out/index.html"
