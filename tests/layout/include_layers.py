#!/usr/bin/env python3
"""Checks the project's include graph: no room includes a room above it, and no two
components include each other, directly or through others.

Rooms, lowest first (a room may include its own files and those of lower rooms;
rooms on one line are siblings and may not include each other):
  core; db; player, solver; engine, capi; web; server; tools, python
A component is a header with its .cpp (position.h and position.cpp); a cycle among
components (variant.cpp includes notation.h, which includes position.h, which includes
variant.h) is reported with its path.

Usage: include_layers.py ROOT   Prints "include layers ok" or each violation; exits 1 on any.
"""
import os
import re
import sys

LAYERS = [["core"], ["db"], ["player", "solver"], ["engine", "capi"], ["web"], ["server"],
          ["tools", "python"]]
LEVEL = {room: i for i, rooms in enumerate(LAYERS) for room in rooms}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root):
    for room in LEVEL:
        for dirpath, _, files in os.walk(os.path.join(root, room)):
            if "node_modules" in dirpath:
                continue
            for f in files:
                if f.endswith((".h", ".cpp")):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, root)


def component(path):
    return os.path.splitext(path)[0]


def main(root):
    errors = []
    graph = {}
    for path in sorted(sources(root)):
        room = path.split(os.sep)[0]
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        for inc in INCLUDE.findall(text):
            target_room = inc.split("/")[0]
            if target_room not in LEVEL:
                continue  # a header of the same folder written bare, or generated
            if target_room != room and LEVEL[target_room] >= LEVEL[room]:
                errors.append("%s includes %s: %s is not below %s" % (path, inc, target_room, room))
            if component(inc) != component(path):
                graph.setdefault(component(path), set()).add(component(inc))
    # Cycles among components, by depth-first search.
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                errors.append("include cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    for e in errors:
        print(e)
    if errors:
        print("%d include violations" % len(errors))
        return 1
    print("include layers ok (%d components)" % len(graph))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
