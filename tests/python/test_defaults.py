"""The get_* calls, python-chess's get_wdl: the probe's answer, or the default where a
table is missing (MissingTableError); every other error still raises. And the names:
open_tablebase, with open as its alias outside __all__."""
import os
import shutil

import pytest

import millbase
from conftest import random_positions

FIVE_FIVE = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"  # sector 5-5: White to move wins in 1
FOUR_FIVE = "W:d2,d3,b4,e5 B:c4,c5,d5,b6,d6 w"    # sector 4-5
NOT_SET = object()


@pytest.fixture
def six_without_5_5(tables_dir, tmp_path):
    """Returns a copy of six's plain (or 50-ply) tables without the table of sector 5-5."""
    def copy(rule):
        db = str(tmp_path / rule)
        shutil.copytree(tables_dir("six", rule), db)
        os.remove(os.path.join(db, "5-5.mbt"))
        return db
    return copy


@pytest.mark.parametrize("rule", ["plain", "fifty"])
def test_get_is_probe_where_tables_are(rule, tables_dir):
    with millbase.open_tablebase("six", tables_dir("six", rule)) as tb:
        for text in random_positions("six", 500, seed=41):
            for default in (None, NOT_SET):
                assert tb.get_wdl(text, default=default) == tb.probe_wdl(text)
                assert tb.get_distance(text, default=default) == tb.probe_distance(text)
                assert tb.get(text, default=default) == tb.probe(text)
            assert tb.get_wdl(text) == tb.probe_wdl(text)
            if rule == "fifty" and len(text.split()) == 3:  # movement: a counter
                assert tb.get_fifty(text, 7) == tb.probe_fifty(text, 7)
                assert tb.get_wdl(text, 7) == tb.probe_wdl(text, 7)


@pytest.mark.parametrize("rule", ["plain", "fifty"])
def test_default_for_a_missing_table(rule, six_without_5_5):
    with millbase.open_tablebase("six", six_without_5_5(rule)) as tb:
        with pytest.raises(millbase.MissingTableError):
            tb.probe_wdl(FIVE_FIVE)
        assert tb.get_wdl(FIVE_FIVE) is None
        assert tb.get_wdl(FIVE_FIVE, default=0) == 0
        assert tb.get_wdl(FIVE_FIVE, 3, default=NOT_SET) is NOT_SET
        assert tb.get_distance(FIVE_FIVE) is None
        assert tb.get_distance(FIVE_FIVE, default=NOT_SET) is NOT_SET
        assert tb.get(FIVE_FIVE, default=NOT_SET) is NOT_SET
        assert tb.get(millbase.Position.parse(FIVE_FIVE, "six")) is None
        if rule == "fifty":
            assert tb.get_fifty(FIVE_FIVE, default=NOT_SET) is NOT_SET
        # The tables that are there still answer.
        assert tb.get_wdl(FOUR_FIVE, default=NOT_SET) == tb.probe_wdl(FOUR_FIVE) in (-1, 0, 1)


def test_other_errors_raise(six_without_5_5, tables_dir, tmp_path):
    with millbase.open_tablebase("six", six_without_5_5("plain")) as tb:
        for call in (tb.get_wdl, tb.get_distance, tb.get):
            with pytest.raises(ValueError, match="'z9'"):
                call("W:z9 B: w", default=0)
            with pytest.raises(ValueError, match="counter"):
                call(FIVE_FIVE, 51, default=0)
            with pytest.raises(TypeError):
                call(42, default=0)
        with pytest.raises(ValueError, match="50-ply tables"):
            tb.get_fifty(FIVE_FIVE, default=0)
    with pytest.raises(ValueError, match="closed"):
        tb.get_wdl(FOUR_FIVE, default=0)
    db = str(tmp_path / "damaged")
    shutil.copytree(tables_dir("six", "plain"), db)
    with open(os.path.join(db, "5-5.mbt"), "r+b") as f:  # a table cut short
        f.truncate(100)
    with millbase.open_tablebase("six", db) as tb:
        with pytest.raises(OSError, match="5-5"):
            tb.get_wdl(FIVE_FIVE, default=0)


def test_names(tables_dir):
    assert millbase.open is millbase.open_tablebase
    assert "open_tablebase" in millbase.__all__ and "open" not in millbase.__all__
    names = {}
    exec("from millbase import *", names)
    assert "open" not in names and names["open_tablebase"] is millbase.open_tablebase
    for name in millbase.__all__:
        assert hasattr(millbase, name), name
    with millbase.open("six", tables_dir("six", "plain")) as tb:
        assert tb.probe_wdl(FIVE_FIVE) == 1
    for public in (millbase.Position, millbase.Tablebase, millbase.Value, millbase.MoveValue,
                   millbase.MissingTableError):
        assert public.__module__ == "millbase"
