#!/usr/bin/env python3
"""Writes mutated command lines for the line-loop fuzz tests (engine_fuzz.sh, uci_fuzz.sh).

Usage: fuzz_lines.py SEED LINES ALPHABET AVOID [LAST] < seed lines
Each output line is a seed line mutated 0-3 times (a byte set, dropped, inserted or a
run duplicated, bytes drawn from ALPHABET). A line that contains one of the
comma-separated words of AVOID (in lower case) becomes "isready", so that the session
keeps its tables and is not ended early. LAST, when given, is written as the last line.
The output is latin-1 bytes, so that hostile bytes reach the program as they are.
"""
import random
import sys

seed, count, alphabet, avoid = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
last = sys.argv[5] if len(sys.argv) > 5 else None
alphabet = alphabet.encode("utf-8").decode("unicode_escape")
avoid = [w for w in avoid.split(",") if w]
seeds = [l.rstrip("\n") for l in sys.stdin if l.strip()]
rng = random.Random(seed)


def mutate(s):
    s = list(s)
    for _ in range(rng.randint(0, 3)):
        op = rng.randrange(4)
        at = rng.randrange(len(s) + 1)
        if op == 0 and s:
            s[min(at, len(s) - 1)] = rng.choice(alphabet)
        elif op == 1 and s:
            del s[min(at, len(s) - 1)]
        elif op == 2:
            s.insert(at, rng.choice(alphabet))
        else:
            s[at:at] = s[at:at + rng.randint(1, 5)]
    return "".join(s)


out = []
for _ in range(count):
    line = mutate(rng.choice(seeds))
    if any(w in line.strip().lower() for w in avoid):
        line = "isready"
    out.append(line)
if last is not None:
    out.append(last)
sys.stdout.buffer.write(("\n".join(out) + "\n").encode("latin-1"))
