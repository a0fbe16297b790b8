"""Fixtures of the Python package's tests: the millbase command and the tables of six and
five, plain and under the 50-ply rule, that the CLI tests' fixtures solve (paths in the
environment, set by tests/python/CMakeLists.txt), and random positions of each variant."""
import json
import os
import random
import subprocess

import pytest

import millbase


def _env(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit("%s is not set (tests/python/CMakeLists.txt sets it)" % name, returncode=2)
    return value


@pytest.fixture(scope="session")
def cli():
    """Runs the millbase command with args (and stdin lines); returns its JSON lines."""
    path = _env("MILLBASE_CLI")

    def run(args, lines=(), expect=0):
        proc = subprocess.run([path] + list(args), input="".join(l + "\n" for l in lines),
                              capture_output=True, text=True, check=False)
        assert proc.returncode == expect, (args, proc.returncode, proc.stderr[-2000:])
        if "--json" in args:
            return [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
        return proc
    return run


# The table directories: (variant, rule) -> path.
DIRS = {("six", "plain"): "SIX_DB", ("six", "fifty"): "SIX_FIFTY_DB",
        ("five", "plain"): "FIVE_DB", ("five", "fifty"): "FIVE_FIFTY_DB",
        ("five", "play_set"): "FIVE_FIFTY_PLAY_SET", ("lasker", "plain"): "LASKER4_DB"}


@pytest.fixture(scope="session")
def tables_dir():
    return lambda variant, rule: _env(DIRS[(variant, rule)])


def random_positions(variant, count, seed, placement_share=0.3):
    """Returns millbase.random_positions (whose own test is in test_position.py)."""
    return millbase.random_positions(variant, count, seed, placement_share)


def random_counters(positions, seed):
    """Returns a 50-ply counter for each position: 0 in placement, else 0..50."""
    rng = random.Random(seed)
    # The notation writes the hands only when a stone is in hand: placement.
    return [0 if len(p.split()) > 3
            else rng.choice([0, 0, rng.randint(0, 50), 50 - rng.randint(0, 3)])
            for p in positions]
