"""The Position class: the notation both ways, its fields, equality and hashing."""
import pytest

import millbase
from conftest import random_positions


@pytest.mark.parametrize("variant", ["six", "five"])
def test_round_trip(variant):
    for text in random_positions(variant, 2000, seed=31):
        p = millbase.Position.parse(text, variant)
        assert str(p) == text
        again = millbase.Position(p.white, p.black, p.side_to_move, p.white_in_hand,
                                  p.black_in_hand, variant=variant)
        assert again == p and hash(again) == hash(p)
        assert eval(repr(p), {"Position": millbase.Position}) == p
        assert set(p.white).isdisjoint(p.black)
        assert set(p.white) | set(p.black) <= set(millbase.points(variant))


def test_fields():
    p = millbase.Position(["d3", "D2"], ["c4"], "b", 4, 5, variant="SIX")
    assert str(p) == "W:d2,d3 B:c4 b 4 5"
    assert (p.variant, p.white, p.black, p.side_to_move) == ("six", ("d2", "d3"), ("c4",), "b")
    assert (p.white_in_hand, p.black_in_hand) == (4, 5)
    assert millbase.Position(variant="six", white_in_hand=6, black_in_hand=6) == \
        millbase.Position.parse("W: B: w 6 6", "six")
    assert millbase.Position.parse("W:d2 B:c4 w", "six") != millbase.Position.parse(
        "W:d2 B:c4 w", "five")
    with pytest.raises(ValueError, match="'d2,d3'"):
        millbase.Position(["d2,d3"], [], variant="six")
    with pytest.raises(ValueError, match="listed twice"):
        millbase.Position(["d2", "d2"], [], variant="six")
    with pytest.raises(AttributeError):
        p.side_to_move = "w"
    assert len(millbase.points("six")) == 16 and len(millbase.points("nine")) == 24


def test_positions_probe_as_their_text(tables_dir):
    with millbase.open_tablebase("six", tables_dir("six", "plain")) as tb:
        for text in random_positions("six", 300, seed=32):
            p = millbase.Position.parse(text, "six")
            assert tb.probe_distance(p) == tb.probe_distance(text)
            assert tb.analyze(p) == tb.analyze(text)


def test_random_positions():
    first = millbase.random_positions("five", 500, seed=5)
    assert first == millbase.random_positions("five", 500, seed=5)
    assert first != millbase.random_positions("five", 500, seed=6)
    placement = [p for p in first if len(p.split()) == 5]
    assert 100 < len(placement) < 250  # about 30%
    for text in first:
        p = millbase.Position.parse(text, "five")
        assert str(p) == text
        assert len(p.white) + p.white_in_hand <= 5 and len(p.black) + p.black_in_hand <= 5
        other = (p.black, p.black_in_hand) if p.side_to_move == "w" else (p.white, p.white_in_hand)
        assert len(other[0]) >= 3 or other[1] > 0  # the game did not end before this turn
    assert all(len(p.split()) == 5 for p in millbase.random_positions("six", 50, 1, 1.0))


def test_random_positions_of_lasker():
    # Under lasker placing need not alternate: hands apart by two or more occur, and the
    # side to move in placement always has a stone in hand.
    gaps = set()
    for text in millbase.random_positions("lasker", 400, seed=7, placement_share=1.0):
        p = millbase.Position.parse(text, "lasker")
        mine = p.white_in_hand if p.side_to_move == "w" else p.black_in_hand
        theirs = p.black_in_hand if p.side_to_move == "w" else p.white_in_hand
        assert mine >= 1
        assert len(p.white) + p.white_in_hand <= 10 and len(p.black) + p.black_in_hand <= 10
        gaps.add(mine - theirs)
    assert min(gaps) <= -2 and max(gaps) >= 2
