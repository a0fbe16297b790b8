"""Position.legal_moves and Position.play: the moves millbase show lists, and the positions
they lead to, whose values agree with analyze's values of the moves."""
import pytest

import millbase
from conftest import random_positions

STARTS = {"six": "W: B: w 6 6", "five": "W: B: w 5 5", "nine": "W: B: w 9 9",
          "twelve": "W: B: w 12 12"}


@pytest.mark.parametrize("variant", ["six", "five", "nine", "twelve"])
def test_legal_moves_are_show_s(variant, cli):
    texts = [STARTS[variant]] + random_positions(variant, 20, seed=51)
    checked = 0
    for text in texts:
        shown = cli(["show", "--variant", variant, "--json", text])[0]
        moves = millbase.Position.parse(text, variant).legal_moves()
        assert moves == shown["moves"], text
        checked += len(moves)
    assert checked > 100


@pytest.mark.parametrize("variant", ["six", "five"])
def test_play_leads_where_analyze_says(variant, tables_dir):
    with millbase.open_tablebase(variant, tables_dir(variant, "plain")) as tb:
        removals = 0
        for text in random_positions(variant, 150, seed=52):
            p = millbase.Position.parse(text, variant)
            moves = p.legal_moves()
            analyzed = {m.move: m.value for m in tb.analyze(p)}
            assert sorted(analyzed) == sorted(moves), text
            for move in moves:
                after = p.play(move)
                assert after.side_to_move != p.side_to_move and after.variant == variant
                assert after == millbase.Position.parse(str(after), variant)
                # The value for the mover is the negated value of the position it leads to.
                assert analyzed[move].wdl == -tb.probe_wdl(after), (text, move)
                # The mover's plies count the move: one more than the opponent's after it.
                plies = tb.probe_distance(after)
                assert analyzed[move].distance == (
                    None if analyzed[move].wdl == 0 else abs(plies) + 1), (text, move)
                removals += "x" in move
                mover = after.white if p.side_to_move == "w" else after.black
                assert move.split("x")[0].split("-")[-1] in mover, (text, move)
        assert removals > 20


def test_play_refuses_bad_moves():
    p = millbase.Position.parse("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w", "six")
    for move, why in [("d2-d3", "illegal move 'd2-d3': d3 is not empty"),
                      ("z9", "'z9'"),
                      ("d3-c3xc4", "illegal move 'd3-c3xc4': it closes no mill"),
                      ("c3", "illegal move 'c3': White has no stones in hand"),
                      ("", "")]:
        with pytest.raises(ValueError, match=why):
            p.play(move)
    assert p.play("d3-c3") == millbase.Position.parse("W:d2,c3,b4,e5,f6 B:c4,c5,d5,b6,d6 b",
                                                      "six")
    start = millbase.Position(variant="six", white_in_hand=6, black_in_hand=6)
    assert start.play("d2") == millbase.Position(["d2"], [], "b", 5, 6, variant="six")
    assert str(start) == "W: B: w 6 6"  # unchanged: positions are immutable
    over = millbase.Position.parse("W:d2,d3,b4 B:c4,c5 b", "six")  # Black has lost
    assert over.legal_moves() == []
    with pytest.raises(ValueError, match="the game is over"):
        over.play("c4-c3")


def test_a_game_played_out(tables_dir):
    """From the longest win among random positions, both sides play the tables' best move
    (python-chess's habit: pick a move by probing the positions it leads to): the game ends
    after exactly that many plies, the distance falling by one a ply."""
    with millbase.open_tablebase("six", tables_dir("six", "plain")) as tb:
        wins = [t for t in random_positions("six", 400, seed=53) if tb.probe_wdl(t) == 1]
        p = millbase.Position.parse(max(wins, key=tb.probe_distance), "six")
        distance = tb.probe_distance(p)
        assert distance > 10

        def score(q):  # the value of q for its side to move, larger is better
            d = tb.probe_distance(q)
            return 0 if tb.probe_wdl(q) == 0 else 1000 - d if d > 0 else -1000 - d

        plies = 0
        while p.legal_moves():
            p = p.play(min(p.legal_moves(), key=lambda m: score(p.play(m))))
            plies += 1
            assert abs(tb.probe_distance(p)) == distance - plies
        assert plies == distance and tb.probe_wdl(p) == -1
