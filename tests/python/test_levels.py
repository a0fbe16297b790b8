"""The computer's levels through best_move: the names "perfect", "level1".."level10" and
1..10 (docs/levels.md), the levels' moves without reading the tables, perfect play from
them."""
import pytest

import millbase

MILL_IN_ONE = "W:d2,f2,c4 B:d6,f6,e4 w 3 3"  # b2 closes the mill b2-d2-f2
SEARCH_LEVELS = ["level1", "level2", "level3", "level4", "level5"]  # no tables
LEVELS = SEARCH_LEVELS + ["level6", "level7", "level8", "level9"]


@pytest.fixture
def six(tables_dir):
    with millbase.open_tablebase("six", tables_dir("six", "plain")) as tb:
        yield tb


def test_level_names(six):
    legal = [m.move for m in six.analyze(MILL_IN_ONE)]
    for n, name in enumerate(LEVELS, 1):
        for seed in (1, 2, 3):
            move = six.best_move(MILL_IN_ONE, level=name, seed=seed)
            assert move in legal, (name, move)
            # The same level by its number, its digit and in capitals.
            for same in (n, str(n), name.upper()):
                assert six.best_move(MILL_IN_ONE, level=same, seed=seed) == move, (name, same)
            if n >= 2:  # from level 2 up a level closes a mill when it can
                assert move.startswith("b2x"), (name, move)
    assert six.best_move(MILL_IN_ONE, level="perfect", seed=1) in legal
    for seed in (1, 2, 3):  # level 10 is perfect play
        perfect = six.best_move(MILL_IN_ONE, level="perfect", seed=seed)
        assert six.best_move(MILL_IN_ONE, level="level10", seed=seed) == perfect
        assert six.best_move(MILL_IN_ONE, level=10, seed=seed) == perfect


def test_bad_level_names(six):
    for bad in ("level11", "level0", 0, 11, "best"):
        with pytest.raises(ValueError, match="level '%s'" % bad):
            six.best_move(MILL_IN_ONE, level=bad)


def test_levels_read_no_tables(tmp_path):
    # An empty directory: no table at all.
    with millbase.open_tablebase("six", str(tmp_path)) as tb:
        for name in SEARCH_LEVELS:
            assert tb.best_move(MILL_IN_ONE, level=name, seed=7) is not None
        for name in ("level6", "level9", "perfect"):  # these read the tables at every move
            for seed in range(8):
                with pytest.raises(millbase.MissingTableError):
                    tb.best_move(MILL_IN_ONE, level=name, seed=seed)
