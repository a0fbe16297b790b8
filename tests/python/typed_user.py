"""A user's script that calls every public name of millbase, checked by mypy --strict
(python.mypy: the types of the package and of its extension module's stub must give
exactly the types asserted here, none of them Any) and run (python.typed_user):

    python3 typed_user.py <six tables> <six 50-ply tables>
"""
import array
import sys
import tempfile
from typing import List, Optional, Tuple, Union, assert_type

import numpy
import numpy.typing

import millbase
from millbase import (DISTANCE_NOT_STORED, PERFECT, Counters, DistanceArray, MissingTableError,
                      MoveValue, Position, PositionLike, Positions, Tablebase, Value, WdlArray,
                      open_tablebase, points, random_positions, variants)

WIN_IN_1 = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"


def positions_and_moves() -> Position:
    assert_type(variants(), List[str])
    assert_type(points("six"), List[str])
    texts = assert_type(random_positions("six", 10, seed=1, placement_share=0.5), List[str])
    assert len(texts) == 10 and "six" in variants() and len(points("six")) == 16
    p = Position(["d2"], ["c4"], "w", 1, 1, variant="six")
    q = assert_type(Position.parse(WIN_IN_1, "six"), Position)
    assert_type(p.white, Tuple[str, ...])
    assert_type(p.black, Tuple[str, ...])
    assert_type(p.side_to_move, str)
    assert_type(p.white_in_hand, int)
    assert_type(p.black_in_hand, int)
    assert_type(p.variant, str)
    moves = assert_type(q.legal_moves(), List[str])
    after = assert_type(q.play(moves[0]), Position)
    assert str(p) == "W:d2 B:c4 w 1 1" and after.side_to_move == "b" and hash(after) != hash(q)
    return q


def single_probes(tb: Tablebase, p: Position) -> None:
    given: PositionLike = p
    assert_type(tb.variant, str)
    assert_type(tb.path, str)
    assert_type(tb.rule, str)
    assert assert_type(tb.probe_wdl(given), int) == 1
    assert assert_type(tb.probe_distance(WIN_IN_1, 0), Optional[int]) == 1
    value = assert_type(tb.probe(p), Value)
    assert (value.wdl, value.distance, value.kind, value.z, value.text[:3]) == (
        1, 1, "win", None, "win")
    assert_type(value.distance, Optional[int])
    assert assert_type(tb.get_wdl(p), Optional[int]) == 1
    assert assert_type(tb.get_wdl(p, 0, default=0), int) == 1
    assert assert_type(tb.get_wdl(p, default="none"), Union[int, str]) == 1
    assert assert_type(tb.get_distance(p), Optional[int]) == 1
    assert assert_type(tb.get_distance(p, default=-1), Optional[int]) == 1
    assert assert_type(tb.get(p), Optional[Value]) == value
    assert assert_type(tb.get(p, default=value), Value) == value
    analysis = assert_type(tb.analyze(p), List[MoveValue])
    assert_type(analysis[0].move, str)
    assert_type(analysis[0].value, Value)
    move = assert_type(tb.best_move(p, PERFECT, None, 1), Optional[str])
    assert move == analysis[0].move or analysis[0].value.wdl == 1
    assert tb.best_move(WIN_IN_1, level=3, seed=2) in [m.move for m in analysis]


def fifty_probes(tb: Tablebase, p: Position) -> None:
    value = assert_type(tb.probe_fifty(p, 0), Value)
    assert assert_type(tb.get_fifty(p), Optional[Value]) == value
    assert assert_type(tb.get_fifty(p, 0, default=0), Union[Value, int]) == value
    assert_type(value.z, Optional[int])


def batch_probes(tb: Tablebase) -> None:
    texts = random_positions("six", 100, seed=2)
    table: numpy.typing.NDArray[numpy.str_] = numpy.array(texts)
    counters: Counters = [0] * 100
    many: Positions = texts
    labels = assert_type(tb.probe_wdl_many(table, 0, threads=2),
                         numpy.typing.NDArray[numpy.int8])
    plies = assert_type(tb.probe_distance_many(table, numpy.zeros(100, numpy.int64)),
                        numpy.typing.NDArray[numpy.int32])
    either = assert_type(tb.probe_wdl_many(many, counters), WdlArray)
    either_plies = assert_type(tb.probe_distance_many(texts), DistanceArray)
    assert isinstance(either, numpy.ndarray) or isinstance(either, array.array)
    assert list(either) == labels.tolist() and list(either_plies) == plies.tolist()
    assert int(numpy.count_nonzero(plies == DISTANCE_NOT_STORED)) == 0


def missing(tb: Tablebase) -> None:
    try:
        tb.probe_wdl(WIN_IN_1)
    except MissingTableError as e:
        assert_type(e.sector, Optional[str])
        assert_type(e.path, Optional[str])
        assert_type(e.command, Optional[str])
        assert_type(e.note, Optional[str])
        assert e.command is not None and e.command.startswith("millbase solve --variant six")
        assert isinstance(e, LookupError)
    else:
        raise AssertionError("no tables, yet an answer")
    assert assert_type(tb.get_wdl(WIN_IN_1, default=2), int) == 2


def main(plain: str, fifty: str) -> None:
    assert_type(millbase.__version__, str)
    p = positions_and_moves()
    with open_tablebase("six", plain, cache_mb=8) as tb:
        single_probes(tb, p)
        batch_probes(tb)
    with millbase.open("six", fifty) as tb:
        fifty_probes(tb, p)
    with tempfile.TemporaryDirectory() as empty:
        tb = open_tablebase("six", empty)
        missing(tb)
        tb.close()
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
