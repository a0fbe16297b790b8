#!/usr/bin/env python3
"""Projects a whole solve on N nodes of M cores from the sector graph alone.

Each unit takes positions / (rate per core x M) seconds, with the movement and the
placement rates per core measured on nine (bench/history/twelve-and-mpi.md); a unit
starts when the units writing the sectors it reads have finished. Prints the total work
on one node, the critical path (the longest chain of units that read one another) and,
for N nodes, the lower bound max(critical path, total / N). Optimistic: a unit's rate is
taken to grow with its cores without loss, and nodes are never idle for want of ready
units.

Usage: millbase sectors --variant twelve --json | bench/experiments/project_nodes.py [M]
       [movement rate per core] [placement rate per core]
       (defaults: 2, 0.85e6, 1.5e6 positions/s)
"""
import json
import sys

cores = int(sys.argv[1]) if len(sys.argv) > 1 else 2
movement_rate = float(sys.argv[2]) if len(sys.argv) > 2 else 0.85e6
placement_rate = float(sys.argv[3]) if len(sys.argv) > 3 else 1.5e6
graph = json.load(sys.stdin)
units = graph["units"]
writer = {s["name"]: i for i, u in enumerate(units) for s in u["sectors"]}
finish = []
total = 0.0
for u in units:
    positions = sum(s["positions"] for s in u["sectors"])
    movement = all(s["us_hand"] == 0 and s["them_hand"] == 0 for s in u["sectors"])
    seconds = positions / ((movement_rate if movement else placement_rate) * cores)
    start = max([finish[writer[c]] for c in u["reads"] if c in writer] or [0.0])
    finish.append(start + seconds)
    total += seconds
critical = max(finish)
print("%s: %d units, %d positions; %d cores a node" % (graph["variant"], len(units),
                                                      graph["positions"], cores))
print("one node: %.1f h; critical path: %.2f h" % (total / 3600, critical / 3600))
for nodes in (1, 2, 4, 8, 16, 64):
    print("%3d nodes: at least %.2f h" % (nodes, max(critical, total / nodes) / 3600))
