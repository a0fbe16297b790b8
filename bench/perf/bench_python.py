#!/usr/bin/env python3
"""Benchmark: probes per second of the Python package (python/, docs/python.md), single
calls and batch calls, against the C++ API on the same positions (bench_text_probe).
Random positions of a variant (millbase.random_positions, seed 1), a warm cache (every
position probed once before timing); the median of 5 runs of each.

    /usr/bin/python3 bench/perf/bench_python.py BUILD TABLES [--variant six] [--positions N]

BUILD is a build directory configured with MILLBASE_PYTHON and MILLBASE_BENCH (targets
_millbase and bench_text_probe), TABLES a directory of the variant's plain tables.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def median_rate(count, body):
    """Returns the median over 5 runs of count / seconds of body()."""
    rates = []
    for _ in range(5):
        t0 = time.perf_counter()
        body()
        rates.append(count / (time.perf_counter() - t0))
    return statistics.median(rates)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build")
    parser.add_argument("tables")
    parser.add_argument("--variant", default="six")
    parser.add_argument("--positions", type=int, default=100000)
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    import numpy
    import millbase

    positions = millbase.random_positions(args.variant, args.positions, seed=1)
    array = numpy.array(positions)
    n = len(positions)
    with millbase.open(args.variant, args.tables, cache_mb=1024) as tb:
        tb.probe_wdl_many(positions)
        tb.probe_distance_many(positions)  # warm: every block decoded once
        rows = [
            ("probe_wdl, one call per position", median_rate(
                n, lambda: [tb.probe_wdl(p) for p in positions])),
            ("probe_distance, one call per position", median_rate(
                n, lambda: [tb.probe_distance(p) for p in positions])),
            ("probe_wdl_many(list), 1 thread", median_rate(
                n, lambda: tb.probe_wdl_many(positions))),
            ("probe_wdl_many(NumPy str array), 1 thread", median_rate(
                n, lambda: tb.probe_wdl_many(array))),
            ("probe_wdl_many(list), 2 threads", median_rate(
                n, lambda: tb.probe_wdl_many(positions, threads=2))),
            ("probe_distance_many(list), 1 thread", median_rate(
                n, lambda: tb.probe_distance_many(positions))),
        ]
    print("Python package, %s, %d random positions, warm cache:" % (args.variant, n))
    for name, rate in rows:
        print("  %-44s %.3g /s (%.2f us each)" % (name, rate, 1e6 / rate))
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("".join(p + "\n" for p in positions))
        f.flush()
        sys.stdout.flush()
        subprocess.run([os.path.join(args.build, "bench_text_probe"), args.variant, args.tables,
                        f.name], check=True)


if __name__ == "__main__":
    main()
