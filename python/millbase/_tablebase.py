"""The tables of the package millbase: open_tablebase, the Tablebase and its values;
every answer comes from the C++ library (Tablebase, ShownValue, Player)."""
import array
import importlib
import random
from types import ModuleType
from typing import (TYPE_CHECKING, Any, Callable, List, NamedTuple, Optional, Sequence,
                    TypeVar, Union, cast, overload)

from . import _millbase
from ._millbase import MissingTableError
from ._position import PositionLike, position_text

if TYPE_CHECKING:
    import numpy
    import numpy.typing

try:  # NumPy is optional: without it the batch calls return array.array
    _numpy: Optional[ModuleType] = importlib.import_module("numpy")
except ImportError:  # pragma: no cover - exercised only without NumPy
    _numpy = None

#: What :meth:`Tablebase.probe_distance_many` gives a position whose distance the tables
#: do not store (placement positions of a play set, ``millbase pack --play-set``).
DISTANCE_NOT_STORED: int = _millbase.DISTANCE_NOT_STORED

#: The computer's strongest level (``best_move(level=PERFECT)``, as ``level="perfect"``).
PERFECT: str = "perfect"

#: What probe_wdl_many returns: a NumPy array of int8, or array.array('b') without NumPy.
WdlArray = Union["numpy.typing.NDArray[numpy.int8]", "array.array[int]"]
#: What probe_distance_many returns: NumPy int32, or array.array('i') without NumPy.
DistanceArray = Union["numpy.typing.NDArray[numpy.int32]", "array.array[int]"]
#: The positions of a batch call: a sequence of positions, or a NumPy array of strings.
Positions = Union[Sequence[PositionLike], "numpy.typing.NDArray[Any]"]
#: The counters of a batch call: None (0), one for all, or one per position.
Counters = Union[None, int, Sequence[int], "numpy.typing.NDArray[numpy.integer[Any]]"]

_T = TypeVar("_T")
_R = TypeVar("_R")


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


def _or_default(probe: Callable[[], _R], default: _T) -> Union[_R, _T]:
    """Returns probe(), or default when it raises MissingTableError."""
    try:
        return probe()
    except MissingTableError:
        return default


class Tablebase:
    """An open table directory of one variant; :func:`open_tablebase` makes one.

    ``probe_*`` calls raise MissingTableError for a table that is not there; the
    ``get_*`` ones (``get_wdl``, ``get_distance``, ``get``, ``get_fifty``) return their
    ``default`` (None) instead, as python-chess's ``get_wdl``.

    Thread-safe: several threads may probe one Tablebase at once (the probes run
    without the GIL). It is a context manager; :meth:`close` (or leaving the ``with``)
    releases it, after which calls raise ValueError.
    """

    def __init__(self, tables: _millbase.Tables) -> None:
        self._tables: Optional[_millbase.Tables] = tables
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

    def _open(self) -> _millbase.Tables:
        tables = self._tables
        if tables is None:
            raise ValueError("the tablebase of %s in %s is closed" % (self._variant, self._path))
        return tables

    def _text(self, position: PositionLike) -> str:
        return position_text(position, self._variant)

    def probe_wdl(self, position: PositionLike, counter: Optional[int] = None) -> int:
        """Returns +1, 0 or -1: a win, draw or loss for the side to move.

        Plain tables read only their win/draw/loss planes. 50-ply tables give the value
        under the rule with ``counter`` plies on the counter (None: 0). The counter is
        checked (0..50, 0 in placement but for lasker) with plain tables too, where it changes nothing.
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

    @overload
    def get_wdl(self, position: PositionLike, counter: Optional[int] = None) -> Optional[int]: ...
    @overload
    def get_wdl(self, position: PositionLike, counter: Optional[int] = None, *,
                default: _T) -> Union[int, _T]: ...

    def get_wdl(self, position: PositionLike, counter: Optional[int] = None, *,
                default: Optional[_T] = None) -> Union[int, _T, None]:
        """Returns :meth:`probe_wdl`, or ``default`` when a table it needs is missing
        (MissingTableError); other errors raise. ``default`` is keyword-only: the second
        argument is the counter, as in probe_wdl."""
        return _or_default(lambda: self.probe_wdl(position, counter), default)

    @overload
    def get_distance(self, position: PositionLike,
                     counter: Optional[int] = None) -> Optional[int]: ...
    @overload
    def get_distance(self, position: PositionLike, counter: Optional[int] = None, *,
                     default: _T) -> Union[Optional[int], _T]: ...

    def get_distance(self, position: PositionLike, counter: Optional[int] = None, *,
                     default: Optional[_T] = None) -> Union[int, _T, None]:
        """Returns :meth:`probe_distance`, or ``default`` when a table it needs is missing;
        other errors raise. probe_distance's own None (a distance not stored) stays None:
        pass another default to tell the two apart."""
        return _or_default(lambda: self.probe_distance(position, counter), default)

    @overload
    def get(self, position: PositionLike, counter: Optional[int] = None) -> Optional[Value]: ...
    @overload
    def get(self, position: PositionLike, counter: Optional[int] = None, *,
            default: _T) -> Union[Value, _T]: ...

    def get(self, position: PositionLike, counter: Optional[int] = None, *,
            default: Optional[_T] = None) -> Union[Value, _T, None]:
        """Returns :meth:`probe`, or ``default`` when a table it needs is missing; other
        errors raise."""
        return _or_default(lambda: self.probe(position, counter), default)

    @overload
    def get_fifty(self, position: PositionLike, counter: int = 0) -> Optional[Value]: ...
    @overload
    def get_fifty(self, position: PositionLike, counter: int = 0, *,
                  default: _T) -> Union[Value, _T]: ...

    def get_fifty(self, position: PositionLike, counter: int = 0, *,
                  default: Optional[_T] = None) -> Union[Value, _T, None]:
        """Returns :meth:`probe_fifty`, or ``default`` when a table it needs is missing;
        other errors (plain tables among them) raise."""
        return _or_default(lambda: self.probe_fifty(position, counter), default)

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

        ``level``: ``"perfect"`` (also ``"level10"`` or 10; from the tables: a shortest
        win, a longest loss, and in a drawn position the drawing move that gives a
        fallible opponent the most chances to go wrong); ``"level1"``..``"level5"`` (also
        1..5 or ``"1"``..``"5"``): a search of a few plies that does not read the tables
        and chooses among its near-best moves, from level1 (its own move only, often
        overlooking what it sees) to level5 (five plies); ``"level6"``..``"level9"``:
        perfect play's move but, one move in 2, 4, 8 and 16, level5's (docs/levels.md). Ties and the levels' choices follow a
        generator seeded with ``seed`` (None: a random seed): the same tables, position,
        level and seed give the same move. The position carries no history, so
        repetitions are not seen.
        """
        if seed is None:
            seed = random.getrandbits(64)
        return self._open().best_move(self._text(position), str(level), counter,
                                      int(seed) & 0xFFFFFFFFFFFFFFFF)

    @overload
    def probe_wdl_many(self, positions: "numpy.typing.NDArray[Any]", counters: Counters = None,
                       threads: int = 1) -> "numpy.typing.NDArray[numpy.int8]": ...
    @overload
    def probe_wdl_many(self, positions: Sequence[PositionLike], counters: Counters = None,
                       threads: int = 1) -> WdlArray: ...

    def probe_wdl_many(self, positions: Positions, counters: Counters = None,
                       threads: int = 1) -> WdlArray:
        """Returns probe_wdl of every position, in one call without the GIL.

        ``positions``: a list or tuple of notation strings (or Positions), or a NumPy
        array of strings (dtype ``U``, ``S`` or object, any shape). ``counters``: None
        (0), one int for all, or one per position. ``threads``: how many threads probe.
        Returns a NumPy array of int8 (of the input array's shape), or an
        ``array.array('b')`` when NumPy is not installed (for a NumPy array of positions
        type checkers see the NumPy type, for a list either). The first position that
        fails raises, named by its index (``positions[17]: ...``).
        """
        return cast(WdlArray, self._many("wdl_many", "b", positions, counters, threads))

    @overload
    def probe_distance_many(self, positions: "numpy.typing.NDArray[Any]",
                            counters: Counters = None,
                            threads: int = 1) -> "numpy.typing.NDArray[numpy.int32]": ...
    @overload
    def probe_distance_many(self, positions: Sequence[PositionLike], counters: Counters = None,
                            threads: int = 1) -> DistanceArray: ...

    def probe_distance_many(self, positions: Positions, counters: Counters = None,
                            threads: int = 1) -> DistanceArray:
        """Returns probe_distance of every position, in one call without the GIL: a NumPy
        array of int32 (or ``array.array('i')``), DISTANCE_NOT_STORED where the tables
        do not store the distance. Arguments and types as probe_wdl_many."""
        return cast(DistanceArray,
                    self._many("distance_many", "i", positions, counters, threads))

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


def open_tablebase(variant: str, path: str, *, cache_mb: int = 64) -> Tablebase:
    """Opens the tables of ``variant`` (``"six"``, ``"five"``, ``"nine"``, ...) in the
    directory ``path`` written by ``millbase solve`` (plain or ``--rule fifty``, packed
    or not), as ``chess.syzygy.open_tablebase`` opens Syzygy tables. Tables are read on
    first use through a cache of ``cache_mb`` MiB of decoded blocks.

    Raises ValueError for an unknown variant or a directory of another variant, and
    MissingTableError when ``path`` is not a directory (naming the command that solves
    it).
    """
    if cache_mb < 1:
        raise ValueError("cache_mb %r must be at least 1" % (cache_mb,))
    return Tablebase(_millbase.Tables(variant, path, cache_mb))
