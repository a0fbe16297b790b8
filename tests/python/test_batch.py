"""The batch calls against the single ones: lists, tuples and NumPy arrays of strings and
Positions, counters, shapes, threads, without NumPy, and a play set's distances."""
import array

import numpy
import pytest

import millbase
from conftest import random_counters, random_positions


@pytest.fixture(scope="module")
def sample():
    positions = random_positions("six", 2000, seed=11)
    return positions, random_counters(positions, seed=12)


@pytest.mark.parametrize("rule", ["plain", "fifty"])
def test_many_is_single(rule, sample, tables_dir):
    positions, counters = sample
    with millbase.open_tablebase("six", tables_dir("six", rule)) as tb:
        wdl = [tb.probe_wdl(p, c) for p, c in zip(positions, counters)]
        distance = [tb.probe_distance(p, c) for p, c in zip(positions, counters)]
        objects = [millbase.Position.parse(p, "six") for p in positions]
        forms = [positions, tuple(positions), objects, numpy.array(positions),
                 numpy.array(positions, dtype="S"), numpy.array(positions, dtype=object),
                 numpy.array(objects, dtype=object)]
        for form in forms:
            for threads in (1, 2):
                got = tb.probe_wdl_many(form, counters, threads=threads)
                assert got.dtype == numpy.int8 and got.tolist() == wdl
                got = tb.probe_distance_many(form, numpy.array(counters), threads=threads)
                assert got.dtype == numpy.int32 and got.tolist() == distance
        if rule == "plain":  # one counter for all, or none
            assert tb.probe_wdl_many(positions).tolist() == wdl
        square = numpy.array(positions[:1600]).reshape(40, 40)
        assert tb.probe_wdl_many(square, 0).tolist() == numpy.array(
            [tb.probe_wdl(p, 0) for p in positions[:1600]]).reshape(40, 40).tolist()
        assert tb.probe_wdl_many([]).tolist() == []


def test_without_numpy(sample, tables_dir, monkeypatch):
    positions, _ = sample
    with millbase.open_tablebase("six", tables_dir("six", "plain")) as tb:
        wdl = tb.probe_wdl_many(positions).tolist()
        distance = tb.probe_distance_many(positions).tolist()
        monkeypatch.setattr(millbase._tablebase, "_numpy", None)
        got = tb.probe_wdl_many(positions)
        assert isinstance(got, array.array) and got.tolist() == wdl
        got = tb.probe_distance_many(positions)
        assert isinstance(got, array.array) and got.tolist() == distance


def test_play_set_distances(tables_dir):
    positions = random_positions("five", 1000, seed=13, placement_share=0.7)
    with millbase.open_tablebase("five", tables_dir("five", "play_set")) as packed, \
            millbase.open_tablebase("five", tables_dir("five", "fifty")) as full:
        many = packed.probe_distance_many(positions)
        not_stored = 0
        for p, d in zip(positions, many.tolist()):
            assert packed.probe_wdl(p) == full.probe_wdl(p), p
            single = packed.probe_distance(p)
            if single is None:
                not_stored += 1
                assert d == millbase.DISTANCE_NOT_STORED and full.probe_distance(p) != 0, p
            else:
                assert d == single == full.probe_distance(p), p
        assert not_stored > 100
