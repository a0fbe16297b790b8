# The walk of a variant from the command line to the probe: the project functions one
# probe runs (stops) and the source files they are in (rooms), from callgrind profiles
# collected inside run_probe only:
#   valgrind --tool=callgrind --toggle-collect='*run_probe*' --callgrind-out-file=walk.out \
#     build/millbase probe --variant twelve --db DIR "W:a1,b2,d3 B:a7,d7,g7 w"
#   python3 bench/perf/probe_walk.py walk.out [more profiles...] [-v: list the rooms]
import re, subprocess, sys
ROOMS = r"(core|db|player|solver|engine|capi|web|server|tools|python)/[^/ ]+"
for f in [a for a in sys.argv[1:] if a != "-v"]:
    out = subprocess.run(["callgrind_annotate", "--threshold=100", f], capture_output=True, text=True).stdout
    stops, rooms = set(), set()
    for line in out.splitlines():
        m = re.match(r"\s*[\d,]+ \([^)]*\)\s+(\S+?):(.*?)( \[[^\]]*\])?$", line)
        if not m: continue
        path, fn = m.group(1), m.group(2)
        r = re.search(ROOMS + r"$", path)
        if not r or "(below main)" in fn: continue
        stops.add(fn); rooms.add(re.sub(r"\.(cpp|h)$", "", r.group(0)))
    print(f, len(rooms), "rooms", len(stops), "stops")
    if "-v" in sys.argv: print(" ".join(sorted(rooms)))
