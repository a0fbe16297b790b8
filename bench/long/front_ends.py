#!/usr/bin/env python3
"""Every front end on one table directory, and all of them agreeing on one position.

usage: front_ends.py MILLBASE VARIANT DB [--position P] [--png PNG] [--no-page]

For a solved directory (the whole variant, plain tables, packed or not) and a position
(default: the empty board, White to place first), asks each front end and checks:
- `probe --json`: the position's value and best moves;
- `analyze --json`: every legal move that `show --json` lists, with values; the best
  one's value is the probe's;
- `uci` (docs/uci.md): `position fen P`, `go`: a bestmove among the probe's best moves,
  and a score that says the same value (cp 0 a draw, mate N a win in N plies, mate -N a
  loss in N);
- `play --white computer --black computer`: a whole game under the draw rules of play
  whose result is no worse for either side than the value (perfect play keeps it; a
  draw rule may still stop a win);
- `serve`: /api/game's value and every legal move's value are the probe's and
  analyze's;
- the page (headless Chromium, unless --no-page): the moves it lists with the values
  the API gave, and a screenshot to PNG when given.
Prints one line per front end with what it answered and its time, and "all front ends
agree" at the end. Exits 0 when all agree, 1 when one fails or disagrees (named on
stderr), 2 on a usage error. Run it with Debian's /usr/bin/python3, which has Selenium
for the page and the server's harness (python3-selenium chromium chromium-driver), as
tests/web does (tests/web/browser_harness.py).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                'tests', 'web'))


class Disagree(Exception):
    pass


def need(condition, message):
    if not condition:
        raise Disagree(message)


def run(cmd, stdin=None, timeout=3600):
    """Returns the stdout of cmd; a nonzero exit is a failure naming the command."""
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
    said = (p.stderr.strip() or p.stdout.strip())[-400:]
    need(p.returncode == 0, f'{" ".join(cmd)} exited {p.returncode}: {said}')
    return p.stdout


def words(result, distance):
    return 'draw' if result == 'draw' else f'{result} in {distance}'


class FrontEnds:
    def __init__(self, millbase, variant, db, position):
        self.m, self.variant, self.db = millbase, variant, db
        self.v = ['--variant', variant]
        shown = json.loads(run([millbase, 'show', *self.v, '--json', *([position] if position else [])]))
        self.position = shown['position']
        self.legal = shown['moves']
        need(shown['game_over'] is None, f'{self.position} is over: nothing to ask')

    def timed(self, name, ask):
        start = time.time()
        answer = ask()
        print(f'{name:8} {answer}  ({time.time() - start:.1f} s)', flush=True)

    def probe(self):
        p = json.loads(run([self.m, 'probe', *self.v, '--db', self.db, '--json', self.position]))
        self.value = (p['result'], p['distance'])
        self.best = p['best_moves']
        need(self.best, 'probe names no best move')
        return f'{p["text"]}; best: {" ".join(self.best)}'

    def analyze(self):
        a = json.loads(run([self.m, 'analyze', *self.v, '--db', self.db, '--json', self.position]))
        self.moves = {m['move']: (m['result'], m['distance']) for m in a['moves']}
        need(sorted(self.moves) == sorted(self.legal),
             f'analyze lists {sorted(self.moves)}, show {sorted(self.legal)}')
        need((a['result'], a['distance']) == self.value,
             f'analyze gives {words(a["result"], a["distance"])}, probe {words(*self.value)}')
        first = a['moves'][0]
        need(first['move'] in self.best, f'analyze puts {first["move"]} first, not a best move')
        return f'{len(self.moves)} moves; first {first["move"]} {words(first["result"], first["distance"])}'

    def uci(self):
        out = run([self.m, 'uci', *self.v, '--db', self.db],
                  stdin=f'uci\nisready\nucinewgame\nposition fen {self.position}\ngo\nquit\n')
        lines = out.splitlines()
        need('readyok' in lines, 'uci did not answer isready')
        best = [line.split()[1] for line in lines if line.startswith('bestmove ')]
        need(len(best) == 1, f'uci answered go with {len(best)} bestmove lines')
        # Mills come one action at a time (docs/uci.md): the move without its removal.
        need(any(b.split('x')[0] == best[0] for b in self.best),
             f'uci plays {best[0]}, not one of the best moves {self.best}')
        score = [line.split(' score ')[1].split()[:2] for line in lines
                 if line.startswith('info ') and ' score ' in line]
        need(score, 'uci gave no score')
        kind, n = score[-1][0], int(score[-1][1])
        result, distance = self.value
        want = (['cp', 0] if result == 'draw' else
                ['mate', distance if result == 'win' else -distance])
        need([kind, n] == want, f'uci scores {kind} {n}, the probe says {words(*self.value)}')
        return f'bestmove {best[0]}, score {kind} {n}'

    def play(self):
        out = run([self.m, 'play', *self.v, '--db', self.db, '--white', 'computer', '--black',
                   'computer', '--position', self.position], stdin='')
        # The game's record comes last (docs/game-records.md): tags, then the movetext.
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', out, re.M))
        need('Result' in tags, 'play printed no record with a Result')
        result, reason = tags['Result'], tags.get('Reason', '')
        movetext = out[out.rindex('[Result '):].split('\n', 1)[1]
        plies = [t for t in movetext.split() if re.fullmatch(r'[a-g][1-7](-[a-g][1-7])?(x[a-g][1-7])?', t)]
        side = 'white' if self.position.split()[2] == 'w' else 'black'
        winner = {'1-0': 'white', '0-1': 'black'}.get(result)
        if self.value[0] == 'draw':
            need(winner is None, f'a drawn position, and play ended {result} ({reason})')
        elif winner is not None:
            need((winner == side) == (self.value[0] == 'win'),
                 f'{side} to move has {words(*self.value)}, and play ended {result} ({reason})')
        return f'{result} ({reason}) after {len(plies)} plies'

    def serve(self):
        from browser_harness import CheckFailed, ServeProcess
        try:
            self.server = ServeProcess(self.m, [*self.v, '--db', os.path.abspath(self.db)])
        except CheckFailed as e:
            raise Disagree(str(e))
        self.hash = urllib.parse.urlencode({'variant': self.variant, 'start': self.position})
        url = self.server.url + 'api/game?' + self.hash + '&moves='
        with urllib.request.urlopen(url, timeout=600) as r:
            game = json.loads(r.read())
        value = game['value']
        need(value is not None, f'the API gives no value: {game["tables_error"]}')
        need((value['result'], value['distance']) == self.value,
             f'the API gives {value["text"]}, probe {words(*self.value)}')
        self.api = {m['move']: (m['value']['result'], m['value']['distance']) for m in game['legal']}
        need(self.api == self.moves, 'the API\'s move values are not analyze\'s: ' +
             str(sorted(set(self.api.items()) ^ set(self.moves.items()))[:6]))
        return f'{value["text"]}; {len(self.api)} moves as analyze gives them'

    def page(self, png):
        from browser_harness import CheckFailed, PageReader, start_browser
        profile = tempfile.mkdtemp(prefix='front-ends-chromium-')
        driver = start_browser(profile)
        try:
            reader = PageReader(driver)
            driver.get(self.server.url + '#' + self.hash)
            try:
                reader.settle(0, 'the page')
            except CheckFailed as e:
                raise Disagree(str(e))
            shown = {m[0]: (m[1], m[2]) for m in reader.page_moves()}
            need(shown == self.api, 'the page shows other values than the API: ' +
                 str(sorted(set(shown.items()) ^ set(self.api.items()))[:6]))
            if png:
                driver.save_screenshot(png)
            return f'{len(shown)} moves with the API\'s values' + (f'; {png}' if png else '')
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('millbase')
    ap.add_argument('variant')
    ap.add_argument('db')
    ap.add_argument('--position', help='the position to ask about (default: the empty board)')
    ap.add_argument('--png', help='a screenshot of the page here')
    ap.add_argument('--no-page', action='store_true', help='leave out the page')
    a = ap.parse_args()
    if not os.path.isdir(a.db):
        print(f'front_ends.py: no table directory {a.db}', file=sys.stderr)
        return 2
    f = None
    try:
        f = FrontEnds(a.millbase, a.variant, a.db, a.position)
        print(f'{a.variant} {f.position} in {a.db}', flush=True)
        f.timed('probe', f.probe)
        f.timed('analyze', f.analyze)
        f.timed('uci', f.uci)
        f.timed('play', f.play)
        f.timed('serve', f.serve)
        if not a.no_page:
            f.timed('page', lambda: f.page(a.png))
    except (Disagree, subprocess.TimeoutExpired) as e:
        print(f'front_ends.py: FAILED: {e}', file=sys.stderr)
        return 1
    finally:
        if f is not None and hasattr(f, 'server'):
            f.server.stop()
    print('all front ends agree')
    return 0


if __name__ == '__main__':
    sys.exit(main())
