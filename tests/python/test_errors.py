"""The Python package's errors: ValueError naming the bad token, MissingTableError naming
the sector, the file and the command that builds it (as the CLI says it), OSError for a
damaged table."""
import os
import shlex
import shutil

import numpy
import pytest

import millbase

WIN_IN_1 = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"  # README: White to move: win in 1


@pytest.fixture
def six(tables_dir):
    with millbase.open_tablebase("six", tables_dir("six", "plain")) as tb:
        yield tb


@pytest.mark.parametrize("text,token", [
    ("W:z9 B: w", "'z9'"),
    ("W:a1 B: w", "'a1'"),
    ("W:d2,d2 B: w", "'d2'"),
    ("W:d2 B:d3 x", "'x'"),
    ("W:d2 B:d3 w 7 7", "7"),
    ("X:d2 B:d3 w", "'X:d2'"),
])
def test_malformed_positions(six, text, token):
    for call in (six.probe_wdl, six.probe_distance, six.probe, six.analyze, six.best_move):
        with pytest.raises(ValueError, match=token):
            call(text)
    with pytest.raises(ValueError, match=token):
        millbase.Position.parse(text, "six")
    with pytest.raises(ValueError, match=r"positions\[1\]: .*" + token):
        six.probe_wdl_many([WIN_IN_1, text, "also bad"])


def test_bad_arguments(six, tables_dir):
    with pytest.raises(ValueError, match="counter"):
        six.probe_wdl(WIN_IN_1, 51)
    with pytest.raises(ValueError, match="counter"):
        six.probe_distance("W: B: w 6 6", 1)  # placement has no counter
    with pytest.raises(ValueError, match="counters: 1 counters for 2 positions"):
        six.probe_wdl_many([WIN_IN_1, WIN_IN_1], [0])
    with pytest.raises(ValueError, match="level '12'"):
        six.best_move(WIN_IN_1, level=12)
    with pytest.raises(ValueError, match="unknown variant 'seven'"):
        millbase.open_tablebase("seven", tables_dir("six", "plain"))
    with pytest.raises(ValueError, match="unknown variant 'seven'"):
        millbase.Position.parse("W: B: w", "seven")
    with pytest.raises(ValueError, match="five"):
        millbase.open_tablebase("five", tables_dir("six", "plain"))  # a directory of six
    with pytest.raises(ValueError, match="a position of five given to the tables of six"):
        six.probe_wdl(millbase.Position.parse(WIN_IN_1, "five"))
    with pytest.raises(ValueError, match="50-ply tables"):
        six.probe_fifty(WIN_IN_1)
    with pytest.raises(TypeError):
        six.probe_wdl(42)
    with pytest.raises(TypeError, match=r"positions\[0\]"):
        six.probe_wdl_many([42])
    with pytest.raises(ValueError, match=r"positions\[1\]: .* U\+00E9"):
        six.probe_wdl_many(numpy.array([WIN_IN_1, "W:d2 B:c4 w \u00e9"]))
    with pytest.raises(TypeError, match="array of notation strings"):
        six.probe_wdl_many(numpy.zeros(3))


def test_missing_table(cli, tables_dir, tmp_path):
    db = str(tmp_path / "six")
    shutil.copytree(tables_dir("six", "plain"), db)
    os.remove(os.path.join(db, "5-5.mbt"))
    proc = cli(["probe", "--variant", "six", "--db", db, WIN_IN_1], expect=3)
    with millbase.open_tablebase("six", db) as tb:
        with pytest.raises(millbase.MissingTableError) as caught:
            tb.probe_distance(WIN_IN_1)
        e = caught.value
        assert isinstance(e, LookupError)
        assert e.sector == "5-5"
        assert e.path == os.path.join(db, "5-5.mbt")
        assert e.command == "millbase solve --variant six --sector 5-5 --out " + db
        assert e.note is None
        assert str(e) in proc.stderr  # the CLI's words
        assert e.path in str(e) and e.command in str(e)
        with pytest.raises(millbase.MissingTableError, match=r"^positions\[2\]: .*5-5"):
            tb.probe_wdl_many(["W: B: w 6 6", "W: B: w 6 6", WIN_IN_1])
        assert tb.probe_wdl("W:d2,d3,b4,e5 B:c4,c5,d5,b6,d6 w") in (-1, 0, 1)  # 4-5 is there
    # The command runs as it is and builds the table.
    assert shlex.split(e.command)[0] == "millbase"
    cli(shlex.split(e.command)[1:] + ["-q"])
    with millbase.open_tablebase("six", db) as tb:
        assert tb.probe_distance(WIN_IN_1) == 1
    with pytest.raises(millbase.MissingTableError) as caught:
        millbase.open_tablebase("six", str(tmp_path / "none"))
    assert caught.value.sector is None
    assert caught.value.command == "millbase solve --variant six --out " + str(tmp_path / "none")


@pytest.mark.parametrize("variant,stones", [("nine", 9), ("twelve", 12)])
def test_missing_placement_table_of_nine(variant, stones, cli, tmp_path):
    """A placement table of nine or twelve: the hint adds a note (its command is in effect
    the whole solve), which stays out of .command, so that .command runs as it is."""
    db = str(tmp_path / variant)
    os.mkdir(db)  # a directory without a manifest holds plain tables, here none
    start = "W: B: w %d %d" % (stones, stones)
    proc = cli(["probe", "--variant", variant, "--db", db, start], expect=3)
    with millbase.open_tablebase(variant, db) as tb:
        with pytest.raises(millbase.MissingTableError) as caught:
            tb.probe_wdl(start)
    e = caught.value
    sector = "0-0+%d-%d" % (stones, stones)
    assert e.sector == sector
    assert e.path == os.path.join(db, sector + ".mbt")
    assert e.command == "millbase solve --variant %s --sector %s --out %s" % (variant, sector, db)
    assert e.note.startswith("That is in effect the whole solve of %s: " % variant)
    assert str(e) == "missing table %s (sector %s of %s); build it with: %s. %s" % (
        e.path, sector, variant, e.command, e.note)
    assert str(e) in proc.stderr  # the CLI's words


def test_damaged_table(tables_dir, tmp_path):
    db = str(tmp_path / "six")
    shutil.copytree(tables_dir("six", "plain"), db)
    path = os.path.join(db, "5-5.mbt")
    size = os.path.getsize(path)
    with open(path, "r+b") as f:  # every byte after the first 64 inverted
        f.seek(64)
        data = f.read()
        f.seek(64)
        f.write(bytes(b ^ 0xFF for b in data))
    assert os.path.getsize(path) == size
    with millbase.open_tablebase("six", db) as tb:
        with pytest.raises(OSError, match="5-5"):
            tb.probe_distance(WIN_IN_1)
        with pytest.raises(OSError):
            tb.probe_wdl_many([WIN_IN_1])


def test_closed(tables_dir):
    tb = millbase.open_tablebase("six", tables_dir("six", "plain"))
    with tb:
        assert tb.probe_distance(WIN_IN_1) == 1
    with pytest.raises(ValueError, match="closed"):
        tb.probe_wdl(WIN_IN_1)
    assert "closed" in repr(tb)
