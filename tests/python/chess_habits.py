"""A script written as python-chess users write one for Syzygy tables
(``chess.syzygy.open_tablebase``, ``probe_wdl``, ``get_wdl`` with a default, the legal
moves, a move played), here for the tables of six: it walks a won position to its end
with the tables' moves, and asks an empty directory with get_wdl. Run by ctest
(python.chess_habits) with the directory of six's plain tables:

    python3 chess_habits.py <six tables>
"""
import sys
import tempfile

import millbase


def value(tablebase: millbase.Tablebase, board: millbase.Position) -> int:
    """Returns how good board is for its side to move: a shorter win, a longer loss."""
    wdl = tablebase.probe_wdl(board)
    plies = tablebase.probe_distance(board) or 0
    return 0 if wdl == 0 else 1000 - plies if wdl > 0 else -1000 - plies


def main(directory: str) -> None:
    start = millbase.Position.parse("W:f2,b4,c5,e5,d6,f6 B:d2,c4,f4,d5,b6 w", "six")
    board = start
    with millbase.open_tablebase("six", directory) as tablebase:
        wdl = tablebase.probe_wdl(board)
        distance = tablebase.probe_distance(board)
        assert wdl == 1 and distance is not None and distance > 0, (wdl, distance)
        print("%s: %s" % (board, tablebase.probe(board).text))
        game = []
        while board.legal_moves():
            move = min(board.legal_moves(), key=lambda m: value(tablebase, board.play(m)))
            board = board.play(move)
            game.append(move)
        print(" ".join(game))
        assert len(game) == distance and tablebase.probe_wdl(board) == -1, game

    with tempfile.TemporaryDirectory() as empty:  # a directory without tables
        with millbase.open_tablebase("six", empty) as tablebase:
            assert tablebase.get_wdl(start) is None
            assert tablebase.get_wdl(start, default=0) == 0
            assert tablebase.get_wdl(board) == -1  # the game is over: no table needed
            try:
                tablebase.probe_wdl(start)
                raise AssertionError("probe_wdl answered without tables")
            except millbase.MissingTableError as e:
                print("missing: %s" % e.command)
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1])
