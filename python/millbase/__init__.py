"""Perfect play of mill games from solved tables, in python-chess's habits.

Open a table directory written by ``millbase solve`` and ask what positions are worth::

    import millbase

    with millbase.open_tablebase("six", "data/six") as tb:
        tb.probe_wdl("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w")       # 1: the side to move wins
        tb.probe_distance("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w")  # 1: in one ply
        tb.get_wdl("W: B: w 6 6")                                 # 0 (None for a missing table)
        tb.analyze("W: B: w 6 6")                                 # every move, best first
        tb.best_move("W: B: w 6 6", level="perfect", seed=1)
        labels = tb.probe_wdl_many(positions)                     # a NumPy array of int8

    p = millbase.Position.parse("W: B: w 6 6", "six")
    p.legal_moves()              # ['b2', 'd2', 'f2', ...], as millbase show lists them
    p.play("d2")                 # Position.parse('W:d2 B: b 5 6', variant='six')

Positions are written in the notation of the ``millbase`` command
(``W:<points> B:<points> <w|b> [<white in hand> <black in hand>]``) or given as a
Position. Values are for the side to move: +1 win, 0 draw, -1 loss. A directory of
50-ply tables (``millbase solve --rule fifty``) answers under the draw after 50 plies
without a mill, at the counter given (``counter``: plies since the last mill or the
end of placement, 0..50, 0 in placement). Everything (notation, rules, moves, values)
is computed by the project's C++ library; docs/python.md has the whole guide.

Errors: ValueError for a malformed or impossible position, move, variant, level or
counter (the message names the token); MissingTableError for a missing table or
directory (with the sector, the file and the command that builds it; the ``get_*``
calls return a default instead); OSError for a damaged or unreadable table.

Types for annotations (``mypy --strict`` accepts the package): ``millbase.PositionLike``
(a string or a Position), ``millbase.Positions`` and ``millbase.Counters`` (what the
batch calls take), ``millbase.WdlArray`` and ``millbase.DistanceArray`` (what they
return for a list: a NumPy array, or an array.array without NumPy; for a NumPy array of
positions a NumPy array).

``millbase.open`` is ``open_tablebase`` under its former name; it is left out of
``from millbase import *``, which so leaves the builtin ``open`` alone.
"""
from ._millbase import MissingTableError
from ._position import Position, points, random_positions, variants
from ._position import PositionLike as PositionLike
from ._tablebase import (DISTANCE_NOT_STORED, PERFECT, MoveValue, Tablebase, Value,
                         open_tablebase)
from ._tablebase import Counters as Counters, DistanceArray as DistanceArray
from ._tablebase import Positions as Positions, WdlArray as WdlArray
from . import _millbase

__all__ = [
    "open_tablebase", "Tablebase", "Position", "Value", "MoveValue", "MissingTableError",
    "DISTANCE_NOT_STORED", "PERFECT", "points", "random_positions", "variants", "__version__",
]

__version__ = _millbase.__version__

#: ``open_tablebase`` under its former name, outside ``__all__``.
open = open_tablebase

for _public in (Position, Tablebase, Value, MoveValue, MissingTableError):
    _public.__module__ = __name__  # named millbase.X in reprs, help() and tracebacks
del _public
