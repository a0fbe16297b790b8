#!/usr/bin/env bash
# Builds the offline analysis page: the page of `millbase serve` (web/) with the API
# (web/api/web_api.cpp and what it uses: core, db, player, tools/engine; neither CLI11
# nor the solver) compiled to WebAssembly, and the 50-ply tables of
# six and five inside, into one folder that works opened from disk (file://) or from any
# static host, and makes no request outside itself.
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
command -v em++ >/dev/null || { echo "build_offline: needs emscripten: apt-get install emscripten" >&2; exit 2; }
[ -f "$fzstd" ] || { echo "build_offline: needs fzstd: npm ci --prefix web/offline" >&2; exit 2; }
for d in "$six" "$five"; do
  [ -f "$d/MANIFEST" ] || { echo "build_offline: no tables in $d (millbase solve ... --rule fifty --out $d)" >&2; exit 3; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The header-only dependency from Debian, seen alone (not the rest of /usr/include).
mkdir -p "$work/include"
ln -s /usr/include/xxhash.h "$work/include/xxhash.h"
# Debian's emscripten runs its JavaScript tools with the system's node.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
sources=(
  "$root"/core/{board_text,game,game_record,geometry,json_text,movegen,notation,position,symmetry,unmovegen,variant}.cpp
  "$root"/db/{block_codec,dir_choice,dir_manifest,huge_pages,sector,sector_index,table_dir,table_file,table_header,tablebase,value_text}.cpp
  "$root"/player/player.cpp
  "$root"/tools/engine/{engine_session,fix_hint}.cpp
  "$root"/web/api/{web_api,table_cache}.cpp
  "$root"/web/offline/{offline_api,zstd_frame_js}.cpp)
mkdir -p "$out"
em++ -std=c++20 -O2 -DNDEBUG -DXXH_INLINE_ALL -fconstexpr-steps=1000000000 -I"$root" -isystem "$work/include" \
  "${sources[@]}" -o "$out/millbase.js" \
  -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web \
  -sEXPORTED_FUNCTIONS=_millbase_offline_api -sEXPORTED_RUNTIME_METHODS=ccall \
  --embed-file "$six@/data/six" --embed-file "$five@/data/five" \
  --exclude-file "*.lock"
cp "$fzstd" "$out/fzstd.js"
cp "$root"/web/*.js "$root"/web/*.css "$out/"
cp "$root/web/offline/offline.js" "$out/"
# The same page, with the module and its glue loaded before the page's own script.
sed 's|<script src="app.js"|<script src="fzstd.js"></script><script src="millbase.js"></script><script src="offline.js"></script>\n<script src="app.js"|' \
  "$root/web/index.html" >"$out/index.html"
grep -q 'src="offline.js"' "$out/index.html" || { echo "build_offline: web/index.html has no app.js script tag" >&2; exit 1; }
du -b "$out"/* | sort -n
echo "built $out ($(du -sb "$out" | cut -f1) bytes): open $out/index.html"
