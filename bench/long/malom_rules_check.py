#!/usr/bin/env python3
"""Carries twelve's empty-board value over to the rules of Malom's Morabaraba database,
from twelve's statistics alone (docs/rules-notes.md, "Malom's Morabaraba and our
`twelve`"; the argument in docs/results.md, "Twelve under Malom's rules").

usage: malom_rules_check.py TWELVE_TSV

TWELVE_TSV is `millbase stats --variant twelve --tsv` of the whole game
(docs/results/twelve.tsv). Malom's rules differ from twelve's in two places:
- a side with fewer than three stones on the board and in hand loses at once, in
  placement too (twelve plays placement on: preset twelve-malom);
- with its FULL_BOARD_IS_DRAW switch off, the full board after placement loses for
  White, who is to move there (twelve: a draw).
(A third, a mill closed with no stone of the other side on the board, never arises from
the empty board: docs/rules-notes.md.)
Placement sectors are us-them+usHand-themHand with the side to move first. White places
first, so White is to move when the hands are equal and Black when Black holds one
stone more. The script checks, over every position of the stored sectors:
  (1) no placement position where White has fewer than three stones in all is a win
      for White;
  (2) every placement position where Black, to move, has fewer than three stones in
      all and White three or more is a loss for Black, in at most D plies, D + 23 < N,
      where N is the empty board's distance (a win for White in N).
If the empty board is a win in N for White and both hold, it is a win in exactly N under
either change and under both:
- at most N: White plays its twelve strategy. Every position it visits is a win for
  White in twelve, so by (1) none has White with fewer than three in all, and none is
  the full board (a draw in twelve). The one change left ends the game at once in
  White's favour.
- at least N: Black plays its twelve defence, which holds out N plies against any
  play. The changes for Black cannot end the game in White's favour. The one for White
  is a position of (2) (with White below three as well, the game ended at White's turn
  before). Were one reachable against this defence, after ply p (odd, so at most 23: the
  last placement with Black to move follows ply 23), White could win in twelve by ply
  p + D < N, which the defence does not allow.
Prints the counts and the conclusion; exits 0 when both checks hold, 1 when one fails,
2 on a bad file.
"""
import re
import sys

SECTOR = re.compile(r'(\d+)-(\d+)(?:\+(\d+)-(\d+))?$')
LAST_BLACK_PLACEMENT = 23  # the last placement position with Black to move follows ply 23


def rows(path):
    """Returns [(sector, us, them, us_hand, them_hand, counts)], one per sector line, after
    checking that they add up to the line `total`."""
    want = ['sector', 'positions', 'wins', 'losses', 'draws', 'max_win', 'max_loss']
    with open(path) as f:
        lines = [line.rstrip('\r\n') for line in f if line.strip()]
    header = lines[0].split('\t') if lines else []
    if header != want:
        raise ValueError(f'{path}: the columns are {header}, not {want}')
    sectors, total = [], None
    for line in lines[1:]:
        fields = line.split('\t')
        m = SECTOR.match(fields[0])
        if len(fields) != len(want) or not (m or fields[0] == 'total') or \
                not all(x.isdigit() for x in fields[1:]):
            raise ValueError(f'{path}: not a sector line: {line!r}')
        counts = dict(zip(want[1:], map(int, fields[1:])))
        if fields[0] == 'total':
            total = counts
            continue
        us, them, uh, th = (int(x or 0) for x in m.groups())
        sectors.append((fields[0], us, them, uh, th, counts))
    # The checks hold of every position only if every sector is here: the sums are the total's.
    if total is None:
        raise ValueError(f'{path}: no line total (a whole `stats --tsv` ends with one)')
    for column in ('positions', 'wins', 'losses', 'draws'):
        if sum(c[column] for *_, c in sectors) != total[column]:
            raise ValueError(f'{path}: the sectors\' {column} do not add up to the total\'s')
    return sectors


def main():
    if len(sys.argv) != 2:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    try:
        sectors = rows(sys.argv[1])
    except (OSError, ValueError) as e:
        print(f'malom_rules_check: {e}', file=sys.stderr)
        return 2
    start = [c for s, *_, c in sectors if s == '0-0+12-12']
    if not start:
        print(f'malom_rules_check: {sys.argv[1]} holds no sector 0-0+12-12 (the empty board of '
              'twelve)', file=sys.stderr)
        return 1
    if start[0]['positions'] != 1 or start[0]['wins'] != 1:
        print('malom_rules_check: the empty board is not a win for White', file=sys.stderr)
        return 1
    n = start[0]['max_win']
    white_low = white_low_wins = black_low = black_low_not_lost = 0
    longest_loss = 0
    for sector, us, them, uh, th, c in sectors:
        if uh + th == 0:
            continue  # movement: the same rules
        if uh not in (th, th + 1):
            print(f'malom_rules_check: {sector}: hands that White-first placement never has',
                  file=sys.stderr)
            return 2
        white_to_move = uh == th
        white_all, black_all = (us + uh, them + th) if white_to_move else (them + th, us + uh)
        if white_all < 3:
            white_low += c['positions']
            white_low_wins += c['wins'] if white_to_move else c['losses']
        elif black_all < 3 and not white_to_move:
            black_low += c['positions']
            black_low_not_lost += c['wins'] + c['draws']
            longest_loss = max(longest_loss, c['max_loss'])
    ok1 = white_low_wins == 0
    ok2 = black_low_not_lost == 0 and longest_loss + LAST_BLACK_PLACEMENT < n
    print(f'empty board: White wins in {n}')
    print(f'(1) White with fewer than three in all: {white_low} positions, '
          f'{white_low_wins} White wins: {"holds" if ok1 else "FAILS"}')
    print(f'(2) Black to move with fewer than three in all, White three or more: {black_low} '
          f'positions, {black_low_not_lost} not lost, longest loss {longest_loss} '
          f'({longest_loss} + {LAST_BLACK_PLACEMENT} < {n}): {"holds" if ok2 else "FAILS"}')
    if ok1 and ok2:
        print(f"under Malom's rules, with the full board drawn or lost: White wins in {n}")
        return 0
    return 1


if __name__ == '__main__':
    sys.exit(main())
