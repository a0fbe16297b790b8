#!/usr/bin/env python3
"""bench/long/malom_rules_check.py on docs/results/twelve.tsv and on altered copies.

usage: malom_rules_check_test.py SCRIPT TWELVE_TSV NINE_TSV

Checks: twelve's statistics carry its win in 49 over to Malom's rules (exit 0, also with
CRLF line ends); a copy with a win for White where White has fewer than three stones in
all fails check (1), one with a loss in 26 or a draw where Black has fewer than three
fails check (2), a loss in 24 there does not (exit 1, 0); nine's statistics hold no
empty board of twelve (exit 1); a file of other columns, a malformed line, a sector
left out, no total or hands placement never has is refused (exit 2). Prints "all checks
passed".
"""
import os
import subprocess
import sys
import tempfile


def run(script, tsv):
    r = subprocess.run([sys.executable, script, tsv], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


def altered(lines, sector, column, value):
    """Returns lines with `column` of `sector`'s line set to value."""
    columns = lines[0].rstrip('\n').split('\t')
    out = []
    for line in lines:
        fields = line.rstrip('\n').split('\t')
        if fields[0] == sector:
            fields[columns.index(column)] = str(value)
        out.append('\t'.join(fields) + '\n')
    return out


def main():
    script, twelve, nine = sys.argv[1:4]
    failures = []

    def expect(name, tsv_lines, code, text):
        with tempfile.NamedTemporaryFile('w', suffix='.tsv', delete=False) as f:
            f.writelines(tsv_lines)
        try:
            got, out = run(script, f.name)
        finally:
            os.unlink(f.name)
        if got != code or text not in out:
            failures.append(f'{name}: exit {got}, want {code} and {text!r} in:\n{out}')
        else:
            print(f'{name}: exit {got}')

    with open(twelve) as f:
        lines = f.readlines()
    with open(nine) as f:
        nine_lines = f.readlines()
    expect('twelve', lines, 0, "under Malom's rules, with the full board drawn or lost: "
           'White wins in 49')
    def moved(sector, source, dest):
        """Returns lines with one position of `sector` counted in dest instead of source,
        in the total too."""
        columns = lines[0].rstrip('\n').split('\t')
        out = lines
        for name in (sector, 'total'):
            fields = [x for x in lines if x.startswith(name + '\t')][0].split('\t')
            out = altered(out, name, source, int(fields[columns.index(source)]) - 1)
            out = altered(out, name, dest, int(fields[columns.index(dest)]) + 1)
        return out

    # 1-5+1-1: White to move with two stones in all; one of its losses made a win.
    expect('a White win with two stones in all', moved('1-5+1-1', 'losses', 'wins'), 1,
           '1 White wins: FAILS')
    # 1-3+1-0: Black to move with one stone on the board and one in hand, White three.
    # Losses are even: 24 + 23 < 49 holds, 26 + 23 does not.
    expect('a loss in 24 where Black has two in all', altered(lines, '1-3+1-0', 'max_loss', 24),
           0, 'longest loss 24 (24 + 23 < 49): holds')
    expect('a loss in 26 where Black has two in all', altered(lines, '1-3+1-0', 'max_loss', 26),
           1, 'longest loss 26 (26 + 23 < 49): FAILS')
    expect('a draw where Black has two in all', moved('1-3+1-0', 'losses', 'draws'), 1,
           '1 not lost')
    expect('nine', nine_lines, 1, 'holds no sector 0-0+12-12')
    expect('other columns', ['sector\tpositions\n'] + lines[1:], 2, 'the columns are')
    expect('a malformed line', lines[:2] + ['x-y\t1\t0\t0\t1\t0\t0\n'] + lines[2:], 2,
           'not a sector line')
    expect('a sector left out', [x for x in lines if not x.startswith('1-3+1-0\t')], 2,
           'do not add up')
    expect('no total', [x for x in lines if not x.startswith('total\t')], 2, 'no line total')
    expect('hands that never occur', [x.replace('1-3+1-0\t', '1-3+3-0\t') for x in lines], 2,
           'hands that White-first placement never has')
    expect('CRLF line ends', [x.replace('\n', '\r\n') for x in lines], 0,
           'White wins in 49')
    if failures:
        print('FAILED:\n' + '\n'.join(failures))
        return 1
    print('all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
