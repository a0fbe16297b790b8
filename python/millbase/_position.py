"""Positions of the package millbase: the Position class, the board's points and the
variants, random positions; the notation, the rules and the moves are the C++ core's."""
from __future__ import annotations

import random
from typing import Iterable, List, Optional, Tuple, Union

from . import _millbase


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
    with as many stones in hand as the other or one more; under lasker, where placing
    need not alternate, any hands with at least one stone for the side to move), the
    others in movement with at least two stones for the side to move (which may have
    lost already); the stones on random points, a random side to move. Positions the library refuses (too many
    stones), and those where the other side has lost already (the game ended before this
    turn), are drawn again. They follow the rules of the board but need not arise in a
    game.
    """
    rng = random.Random(seed)
    names, stones = _millbase.points(variant), _millbase.stones(variant)
    any_hands = _millbase.moves_in_placement(variant)
    out: List[str] = []
    while len(out) < count:
        hands = [0, 0]  # the side to move's, the other's
        if rng.random() < placement_share:
            if any_hands:  # lasker: any hands, at least one stone for the side to move
                hands = [rng.randint(1, stones), rng.randint(0, stones)]
            else:
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

    ``p.legal_moves()`` lists the moves of the side to move in notation (as
    ``millbase show``) and ``p.play("d2-d1")`` returns the position after one.
    """

    __slots__ = ("_variant", "_white", "_black", "_side", "_hands", "_text")

    def __init__(self, white: Iterable[str] = (), black: Iterable[str] = (),
                 side_to_move: str = "w", white_in_hand: int = 0, black_in_hand: int = 0,
                 *, variant: str) -> None:
        self._take(variant, _millbase.make_position(
            variant, list(white), list(black), side_to_move, int(white_in_hand),
            int(black_in_hand)))

    @classmethod
    def parse(cls, text: str, variant: str) -> Position:
        """Returns the position written in ``text`` (the notation of the millbase command)."""
        p = cls.__new__(cls)
        p._take(variant, _millbase.parse_position(variant, text))
        return p

    def _take(self, variant: str, fields: _millbase._Fields) -> None:
        white, black, side, white_hand, black_hand, text = fields
        self._variant = variant.lower()
        self._white, self._black = tuple(white), tuple(black)
        self._side, self._hands, self._text = side, (white_hand, black_hand), text

    def legal_moves(self) -> List[str]:
        """Returns the legal moves of the side to move in notation (``"d3"`` places,
        ``"c5-d5"`` slides or flies, ``"xd7"`` appended removes), in the order and words
        of ``millbase show``; none when the game is over."""
        return _millbase.legal_moves(self._variant, self._text)

    def play(self, move: str) -> Position:
        """Returns the position after ``move`` (in notation, as :meth:`legal_moves` writes
        it), with the other side to move. A move that is malformed or not legal here is a
        ValueError naming the move and saying why (``illegal move 'a1': a1 is not
        empty``)."""
        p = Position.__new__(Position)
        p._take(self._variant, _millbase.play(self._variant, self._text, move))
        return p

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


#: A position as the Tablebase's calls take it: notation text or a :class:`Position`.
PositionLike = Union[str, Position]


def position_text(position: PositionLike, variant: str) -> str:
    """Returns the notation of ``position`` for the tables of ``variant``: a string as it
    is, a Position's text (a ValueError for one of another variant); TypeError else."""
    if isinstance(position, str):
        return position
    if isinstance(position, Position):
        if position.variant != variant:
            raise ValueError("a position of %s given to the tables of %s"
                             % (position.variant, variant))
        return position._text
    raise TypeError("a position is a notation string or a millbase.Position, not %s"
                    % type(position).__name__)
