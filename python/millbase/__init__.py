"""millbase: perfect play of mill games from solved tables.

Open a table directory written by ``millbase solve`` and ask what positions are worth::

    import millbase

    with millbase.open("six", "data/six") as tb:
        tb.probe_wdl("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w")       # 1: the side to move wins
        tb.probe_distance("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w")  # 1: in one ply
        tb.analyze("W: B: w 6 6")                                 # every move, best first
        tb.best_move("W: B: w 6 6", level="perfect", seed=1)
        labels = tb.probe_wdl_many(positions)                     # a NumPy array of int8

Positions are written in the notation of the ``millbase`` command
(``W:<points> B:<points> <w|b> [<white in hand> <black in hand>]``) or given as a
:class:`Position`. Values are for the side to move: +1 win, 0 draw, -1 loss. A
directory of 50-ply tables (``millbase solve --rule fifty``) answers under the draw
after 50 plies without a mill, at the counter given (``counter``: plies since the last
mill or the end of placement, 0..50, 0 in placement). Everything is computed by the
project's C++ library; docs/python.md has the whole guide.

Errors: :class:`ValueError` for a malformed or impossible position, variant, level or
counter (the message names the token); :class:`MissingTableError` for a missing table
or directory (naming the sector, the file and the command that builds it);
:class:`OSError` for a damaged or unreadable table.
"""
from __future__ import annotations

import array
import random
from typing import Any, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _millbase
from ._millbase import MissingTableError

try:  # NumPy is optional: without it the batch calls return array.array
    import numpy as _numpy
except ImportError:  # pragma: no cover - exercised only without NumPy
    _numpy = None

__all__ = [
    "open", "Tablebase", "Position", "Value", "MoveValue", "MissingTableError",
    "DISTANCE_NOT_STORED", "PERFECT", "points", "random_positions", "variants", "__version__",
]

__version__: str = _millbase.__version__

#: What :meth:`Tablebase.probe_distance_many` gives a position whose distance the tables
#: do not store (placement positions of a play set, ``millbase pack --play-set``).
DISTANCE_NOT_STORED: int = _millbase.DISTANCE_NOT_STORED

#: The computer's strongest level (``best_move(level=PERFECT)``, as ``level="perfect"``).
PERFECT: str = "perfect"


def variants() -> List[str]:
    """Returns the names of the variants: ``['nine', 'nine-noflying', 'six', ...]``."""
    return _millbase.variants()


def points(variant: str) -> List[str]:
    """Returns the names of the board's points of ``variant``, in board order."""
    return _millbase.points(variant)


def random_positions(variant: str, count: int, seed: Optional[int] = None,
                     placement_share: float = 0.3) -> List[str]:
    """Returns ``count`` random positions of ``variant`` in notation, reproducible by
    ``seed``: a share ``placement_share`` in placement (random hands, the side to move
    with as many stones in hand as the other or one more), the others in movement with
    at least two stones for the side to move (which may have lost already); the stones
    on random points, a random side to move. Positions the library refuses (too many
    stones), and those where the other side has lost already (the game ended before this
    turn), are drawn again. They follow the rules of the board but need not arise in a
    game.
    """
    rng = random.Random(seed)
    names, stones = _millbase.points(variant), _millbase.stones(variant)
    out: List[str] = []
    while len(out) < count:
        hands = [0, 0]  # the side to move's, the other's
        if rng.random() < placement_share:
            other = rng.randint(0, stones - 1)
            hands = [other + rng.randint(0 if other else 1, 1), other]  # a stone in hand
        counts = [rng.randint(0 if hands[0] else 2, stones - hands[0]),
                  rng.randint(0, stones - hands[1])]
        chosen = rng.sample(names, counts[0] + counts[1])
        lists = [",".join(chosen[:counts[0]]), ",".join(chosen[counts[0]:])]
        side = rng.choice("wb")
        if side == "b":
            lists.reverse()
            hands.reverse()
        text = "W:%s B:%s %s %d %d" % (lists[0], lists[1], side, hands[0], hands[1])
        try:
            if not _millbase.ended_before(variant, text):
                out.append(_millbase.parse_position(variant, text)[5])
        except ValueError:
            continue
    return out


class Position:
    """A position of one variant: the points of each side, the side to move and the
    stones in hand. Immutable and hashable.

    ``Position(["d2", "d3"], ["c4"], "b", 4, 5, variant="six")`` builds one;
    ``Position.parse("W:d2,d3 B:c4 b 4 5", variant="six")`` reads the notation and
    ``str(position)`` writes it (points in board order, hands when any is non-zero), so
    ``Position.parse(str(p), variant=p.variant) == p``. An impossible position
    (a point off the board or listed twice, too many stones) is a ValueError naming the
    token.
    """

    __slots__ = ("_variant", "_white", "_black", "_side", "_hands", "_text")

    def __init__(self, white: Iterable[str] = (), black: Iterable[str] = (),
                 side_to_move: str = "w", white_in_hand: int = 0, black_in_hand: int = 0,
                 *, variant: str) -> None:
        self._take(variant, _millbase.make_position(
            variant, list(white), list(black), side_to_move, int(white_in_hand),
            int(black_in_hand)))

    @classmethod
    def parse(cls, text: str, variant: str) -> "Position":
        """Returns the position written in ``text`` (the notation of the millbase command)."""
        p = cls.__new__(cls)
        p._take(variant, _millbase.parse_position(variant, text))
        return p

    def _take(self, variant: str, fields: tuple) -> None:
        white, black, side, white_hand, black_hand, text = fields
        self._variant = variant.lower()
        self._white, self._black = tuple(white), tuple(black)
        self._side, self._hands, self._text = side, (white_hand, black_hand), text

    @property
    def variant(self) -> str:
        """The variant's name, e.g. ``"six"``."""
        return self._variant

    @property
    def white(self) -> Tuple[str, ...]:
        """White's points in board order, e.g. ``("d2", "d3")``."""
        return self._white

    @property
    def black(self) -> Tuple[str, ...]:
        """Black's points in board order."""
        return self._black

    @property
    def side_to_move(self) -> str:
        """``"w"`` or ``"b"``."""
        return self._side

    @property
    def white_in_hand(self) -> int:
        """White's stones still to place."""
        return self._hands[0]

    @property
    def black_in_hand(self) -> int:
        """Black's stones still to place."""
        return self._hands[1]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return "Position.parse(%r, variant=%r)" % (self._text, self._variant)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self._variant, self._text) == (other._variant, other._text)

    def __hash__(self) -> int:
        return hash((self._variant, self._text))


PositionLike = Union[str, Position]


class Value(NamedTuple):
    """A value for the side that gets it (the side to move, or the mover for a move).

    ``wdl``: +1 win, 0 draw, -1 loss (under the 50-ply rule: at the counter).
    ``distance``: plies of a decisive value: to the end of the game, or under the
    50-ply rule z (to the next mill or the end) at the counter; None for a draw or a
    distance the tables do not store.
    ``kind``: ``"win"``, ``"draw"``, ``"loss"``; under the 50-ply rule the five-way class
    with the counter at 0: ``"win"``, ``"cursed_win"``, ``"draw"``, ``"blessed_loss"``,
    ``"loss"`` (as the CLI's JSON ``class``).
    ``z``: under the 50-ply rule the z of a win or loss class, else None.
    ``text``: the value in the CLI's words (``"win in 13"``).
    """

    wdl: int
    distance: Optional[int]
    kind: str
    z: Optional[int]
    text: str


class MoveValue(NamedTuple):
    """A legal move (in notation, e.g. ``"c5-d5xd7"``) and the value it gives the mover."""

    move: str
    value: Value


class Tablebase:
    """An open table directory of one variant; :func:`open` makes one.

    Thread-safe: several threads may probe one Tablebase at once (the probes run
    without the GIL). It is a context manager; :meth:`close` (or leaving the ``with``)
    releases it, after which calls raise ValueError.
    """

    def __init__(self, tables: Any) -> None:
        self._tables = tables
        self._variant = tables.variant
        self._path = tables.path
        self._rule = tables.rule

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self._variant

    @property
    def path(self) -> str:
        """The table directory."""
        return self._path

    @property
    def rule(self) -> str:
        """``"plain"`` (values to the end of the game) or ``"fifty"`` (50-ply tables)."""
        return self._rule

    def close(self) -> None:
        """Releases the tables and their cache (calls in progress finish first)."""
        self._tables = None

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<millbase.Tablebase %s %r (%s)%s>" % (
            self._variant, self._path, self._rule, "" if self._tables else " closed")

    def _open(self) -> Any:
        tables = self._tables
        if tables is None:
            raise ValueError("the tablebase of %s in %s is closed" % (self._variant, self._path))
        return tables

    def _text(self, position: PositionLike) -> str:
        if isinstance(position, str):
            return position
        if isinstance(position, Position):
            if position.variant != self._variant:
                raise ValueError("a position of %s given to the tables of %s"
                                 % (position.variant, self._variant))
            return position._text
        raise TypeError("a position is a notation string or a millbase.Position, not %s"
                        % type(position).__name__)

    def probe_wdl(self, position: PositionLike, counter: Optional[int] = None) -> int:
        """Returns +1, 0 or -1: a win, draw or loss for the side to move.

        Plain tables read only their win/draw/loss planes. 50-ply tables give the value
        under the rule with ``counter`` plies on the counter (None: 0). The counter is
        checked (0..50, 0 in placement) with plain tables too, where it changes nothing.
        """
        return self._open().probe_wdl(self._text(position), counter)

    def probe_distance(self, position: PositionLike,
                       counter: Optional[int] = None) -> Optional[int]:
        """Returns signed plies for the side to move: N for a win in N, -N for a loss in
        N, 0 for a draw (and for a finished game, a loss in 0: probe_wdl tells them
        apart); None when the tables do not store the distance (a play set's placement
        positions). With 50-ply tables: z (plies to the next mill or the end) of the
        value under the rule at ``counter`` (None: 0).
        """
        return self._open().probe_distance(self._text(position), counter)

    def probe(self, position: PositionLike, counter: Optional[int] = None) -> Value:
        """Returns the whole value of the position for the side to move (with 50-ply
        tables at ``counter``, None: 0), with the words of ``millbase probe``."""
        return Value(*self._open().value(self._text(position), counter))

    def probe_fifty(self, position: PositionLike, counter: int = 0) -> Value:
        """Returns the value under the 50-ply rule at ``counter``: ``kind`` is the five-way
        class (win, cursed_win, draw, blessed_loss, loss) and ``z`` its plies to the next
        mill or the end; ``wdl`` and ``distance`` are those at the counter. Needs 50-ply
        tables (``millbase solve --rule fifty``): ValueError with plain ones."""
        if self._rule != "fifty":
            raise ValueError("probe_fifty needs 50-ply tables (millbase solve --variant %s "
                             "--rule fifty); %s holds plain tables" % (self._variant, self._path))
        return self.probe(position, counter)

    def analyze(self, position: PositionLike, counter: Optional[int] = None) -> List[MoveValue]:
        """Returns every legal move with the value it gives the mover, best first (as
        ``millbase analyze``); with 50-ply tables at ``counter`` (None: 0). A finished
        game has none."""
        return [MoveValue(move, Value(*value))
                for move, value in self._open().analyze(self._text(position), counter)]

    def best_move(self, position: PositionLike, level: Union[str, int] = PERFECT,
                  counter: Optional[int] = None, seed: Optional[int] = None) -> Optional[str]:
        """Returns the move the computer opponent plays, in notation; None when the game
        is over (the side to move has lost, or the 50-ply counter is at 50 with 50-ply
        tables).

        ``level``: ``"perfect"`` (from the tables: a shortest win, a longest loss, and in
        a drawn position the drawing move that gives a fallible opponent the most chances
        to go wrong) or ``"level1"``..``"level5"`` (also 1..5 or ``"1"``..``"5"``): a
        search of a few plies that does not read the tables and chooses among its
        near-best moves, from level1 (its own move only, often overlooking what it sees)
        to level5 (five plies) (docs/levels.md). Ties and the levels' choices follow a
        generator seeded with ``seed`` (None: a random seed): the same tables, position,
        level and seed give the same move. The position carries no history, so
        repetitions are not seen.
        """
        if seed is None:
            seed = random.getrandbits(64)
        return self._open().best_move(self._text(position), str(level), counter,
                                      int(seed) & 0xFFFFFFFFFFFFFFFF)

    def probe_wdl_many(self, positions: Union[Sequence[PositionLike], Any],
                       counters: Union[None, int, Sequence[int]] = None,
                       threads: int = 1) -> Any:
        """Returns probe_wdl of every position, in one call without the GIL.

        ``positions``: a list or tuple of notation strings (or Positions), or a NumPy
        array of strings (dtype ``U``, ``S`` or object, any shape). ``counters``: None
        (0), one int for all, or one per position. ``threads``: how many threads probe.
        Returns a NumPy array of int8 (of the input array's shape), or an
        ``array.array('b')`` when NumPy is not installed. The first position that fails
        raises, named by its index (``positions[17]: ...``).
        """
        return self._many("wdl_many", "b", positions, counters, threads)

    def probe_distance_many(self, positions: Union[Sequence[PositionLike], Any],
                            counters: Union[None, int, Sequence[int]] = None,
                            threads: int = 1) -> Any:
        """Returns probe_distance of every position, in one call without the GIL: a NumPy
        array of int32 (or ``array.array('i')``), DISTANCE_NOT_STORED where the tables
        do not store the distance. Arguments as probe_wdl_many."""
        return self._many("distance_many", "i", positions, counters, threads)

    def _many(self, method: str, code: str, positions: Any, counters: Any, threads: int) -> Any:
        tables = self._open()
        shape = None
        if _numpy is not None and isinstance(positions, _numpy.ndarray):
            shape = positions.shape
            positions = positions.reshape(-1)
            if positions.dtype.kind in "US":  # read in place by the C++ side
                positions = _numpy.ascontiguousarray(positions)
            elif positions.dtype.kind != "O":
                raise TypeError("positions: an array of notation strings, not of %s"
                                % positions.dtype)
            if counters is not None and not isinstance(counters, int):
                counters = _numpy.asarray(counters).reshape(-1).tolist()
        result = getattr(tables, method)(positions, self._text, counters, int(threads))
        if _numpy is None:
            return array.array(code, bytes(result))
        values = _numpy.frombuffer(result, dtype=_numpy.int8 if code == "b" else _numpy.int32)
        return values.reshape(shape) if shape is not None else values


def open(variant: str, path: str, *, cache_mb: int = 64) -> Tablebase:
    """Opens the tables of ``variant`` (``"six"``, ``"five"``, ``"nine"``, ...) in the
    directory ``path`` written by ``millbase solve`` (plain or ``--rule fifty``, packed
    or not). Tables are read on first use through a cache of ``cache_mb`` MiB of decoded
    blocks.

    Raises ValueError for an unknown variant or a directory of another variant, and
    MissingTableError when ``path`` is not a directory (naming the command that solves
    it).
    """
    if cache_mb < 1:
        raise ValueError("cache_mb %r must be at least 1" % (cache_mb,))
    return Tablebase(_millbase.Tables(variant, path, cache_mb))
