"""Lasker morris (rules.md, "(lasker)") in the package: a side with stones in hand may move a
stone instead of placing one. Its tables of up to 4 stones a side, on the board and in
hand together, are the CLI tests' fixture (LASKER4_DB)."""
import pytest

import millbase

SLIDE = "W:d1,e5,b6 B:a7,d7,g7 w 1 0"  # White draws only by moving d1-d2: placing loses


@pytest.fixture
def lasker(tables_dir):
    with millbase.open_tablebase("lasker", tables_dir("lasker", "plain")) as tb:
        yield tb


def test_moves_while_placing(lasker, cli):
    position = millbase.Position.parse(SLIDE, "lasker")
    legal = position.legal_moves()
    assert "a1" in legal and "d1-d2" in legal and len(legal) == 25
    assert position.play("d1-d2") == millbase.Position.parse("W:d2,e5,b6 B:a7,d7,g7 b 1 0",
                                                             "lasker")
    assert lasker.probe_wdl(SLIDE) == 0
    assert lasker.probe_distance(SLIDE) == 0
    moves = lasker.analyze(SLIDE)
    assert moves[0].move == "d1-d2" and moves[0].value.kind == "draw"
    assert all(m.value.kind == "loss" for m in moves[1:])
    # The same values as `millbase analyze`.
    want = cli(["analyze", "--variant", "lasker", "--db", lasker.path, "--json", SLIDE])[0]
    assert [(m.move, m.value.text) for m in moves] == \
        [(m["move"], "draw" if m["result"] == "draw" else "%s in %d" % (m["result"], m["distance"]))
         for m in want["moves"]]
    for seed in (1, 2, 3):
        assert lasker.best_move(SLIDE, seed=seed) == "d1-d2"
    # Without tables the levels move while placing too: b4-b6 is the only win in 3.
    assert lasker.best_move("W:a4,b4,c4,d6 B:f4 w 1 2", level="level5", seed=4) == "b4-b6"


def test_missing_table_says_which_solve_builds_it(lasker):
    with pytest.raises(millbase.MissingTableError) as e:
        lasker.probe_wdl("W:a1,d1 B:a7,d7 w 3 3")
    assert e.value.sector == "2-2+3-3"
    assert e.value.command.startswith("millbase solve --variant lasker --sector 2-2+3-3 --out ")
    assert "at most 5 stones" in e.value.note and "--max-stones 5" in e.value.note
    assert lasker.get_wdl("W:a1,d1 B:a7,d7 w 3 3", default=9) == 9
