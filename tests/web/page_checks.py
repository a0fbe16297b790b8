"""What page_test.py reads on the analysis page of `millbase serve` and compares with
`millbase analyze --json`: the values and colours of the legal moves, the keys, and a
board's points and lines."""
import json
import subprocess
import urllib.parse

from browser_harness import PageReader, check, log
from selenium.webdriver.common.by import By

COLOURS = {'win': 'rgb(26, 127, 55)', 'draw': 'rgb(130, 80, 223)', 'loss': 'rgb(207, 34, 46)'}


def words(value):
    """The words of a plain value of analyze --json: "win in 13", "draw"."""
    return 'draw' if value['result'] == 'draw' else f"{value['result']} in {value['distance']}"



class PageChecks(PageReader):
    """The page at url of a server on the tables db of `variant` (six's unless said),
    checked against `millbase analyze`."""

    def __init__(self, driver, url, millbase, db, variant='six'):
        super().__init__(driver)
        self.url, self.millbase, self.db, self.variant = url, millbase, db, variant
        self.origin = '{0.scheme}://{0.netloc}'.format(urllib.parse.urlsplit(url))
        self.requests = []  # every URL the page asked for, from the DevTools log
        self.rule = None
        self.plain_db = None  # the plain tables beside 50-ply ones (run_fifty)

    # --- reading the page ---------------------------------------------------------------

    def mode(self):
        return self.js('return document.body.dataset.mode')

    def point(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board [data-point="{name}"]')

    def click(self, name):
        self.point(name).click()

    def page_moves_list(self):
        return self.js("return [...document.querySelectorAll('#move-list [data-ply]')].map(b => b.textContent)")

    def computer_requests(self):
        return self.js("return performance.getEntriesByType('resource')"
                       ".filter(e => e.name.includes('/api/computer')).length")

    def check_keys(self):
        """The keys to the colours and marks, the note on six's point names, the names on
        hover, and the best-move box."""
        key = self.text('value-key')
        for result, colour in COLOURS.items():
            swatch = self.js('return getComputedStyle(document.querySelector(arguments[0])).backgroundColor',
                             f'#value-key .swatch.{result}')
            check(result in key and swatch == colour, f'the key says {key!r}, {result} is {swatch}')
        board_key = self.text('board-key')
        check(all(w in board_key for w in ['last move', 'removed', 'best move']),
              f'the key to the board reads {board_key!r}')
        note = self.text('board-note')
        check(not self.js("return document.getElementById('board-note').hidden") and
              'b–f' in note and '2–6' in note and 'b2' in note, f"six's board note reads {note!r}")
        title = self.js("return document.querySelector('#board [data-point=b2] title').textContent")
        check(title == 'b2', f'point b2 is named {title!r} on hover')
        self.driver.find_element(By.ID, 'show-best').click()
        check(not self.js("return document.querySelector('#board .best-move')"),
              'the best move is still marked with the box unticked')
        self.driver.find_element(By.ID, 'show-best').click()
        check(self.js("return !!document.querySelector('#board .best-move')"),
              'the best move is not marked again with the box ticked')
        log(f'  keys: {key!r}; board: {note!r}')

    def plain_analyze(self, position):
        args = [self.millbase, 'analyze', '--variant', self.variant, '--db', self.plain_db, '--json',
                position]
        r = subprocess.run(args, capture_output=True, text=True, timeout=60)
        check(r.returncode == 0, f'millbase analyze failed on {position!r}: {r.stderr.strip()}')
        return json.loads(r.stdout)

    def clickable(self):
        return set(self.js("return [...document.querySelectorAll('#board .point.clickable')]"
                           ".map(g => g.dataset.point)"))

    # --- checks -------------------------------------------------------------------------

    def analyze(self, position):
        args = [self.millbase, 'analyze', '--variant', self.variant, '--db', self.db, '--json', position]
        if self.rule == 'fifty':
            counter = self.js('return document.body.dataset.counter') or '0'
            args[-1:-1] = ['--rule', 'fifty', '--counter', counter]
        r = subprocess.run(args, capture_output=True, text=True, timeout=60)
        check(r.returncode == 0, f'millbase analyze failed on {position!r}: {r.stderr.strip()}')
        return json.loads(r.stdout)

    def check_values(self, ply_name):
        """The page's values for every legal move are those of millbase analyze."""
        position = self.text('position')
        expected = self.analyze(position)
        shown = self.page_moves()
        want = {m['move']: (m['result'], m['distance'], m.get('class')) for m in expected['moves']}
        got = {m: (r, d, c) for m, r, d, c, _ in shown}
        check(len(shown) == len(got), f'{ply_name}: a move is listed twice: {shown}')
        check(got == want, f'{ply_name}: the values shown for {position!r} differ from millbase '
                           f'analyze:\n  page:    {sorted(got.items())}\n  analyze: {sorted(want.items())}')
        # Best first: the same sequence of values as the analysis (ties in any order).
        check([got[m] for m, *_ in shown] == [want[m['move']] for m in expected['moves']],
              f'{ply_name}: the moves are not listed best first: {shown}')
        for move, result, distance, _, words in shown:
            check(words.startswith(result) and (distance is None or str(distance) in words),
                  f'{ply_name}: move {move} shows {words!r} for {result} {distance}')
            colour = self.js('return getComputedStyle(document.querySelector(arguments[0])).color',
                             f'#legal-moves [data-move="{move}"] .value')
            check(colour == COLOURS[result], f'{ply_name}: move {move} ({result}) is coloured {colour}')
        best = self.js("const b = document.querySelector('#board .best-move'); "
                       "return b && [b.dataset.move, b.getAttribute('class')]")
        check(best and best[0] == shown[0][0] and shown[0][1] in best[1].split(),
              f'{ply_name}: the board marks {best} as the best move, the list starts with {shown[0]}')
        side = expected['side_to_move']
        check(self.js("return document.getElementById('side-to-move').dataset.side") == side,
              f'{ply_name}: the page says {self.text("side-to-move")!r} to move, analyze {side}')
        check(expected['result'] in self.text('value'),
              f'{ply_name}: the position value {self.text("value")!r} is not {expected["result"]}')
        log(f'  {ply_name}: {position}: {len(shown)} moves, values as millbase analyze')

    def play_click(self, points, plies_after, name):
        for p in points:
            self.click(p)
        self.settle(plies_after, name)
        self.check_values(name)

    # --- the scenario -------------------------------------------------------------------

    def open(self, url):
        self.driver.get(url)
        self.settle(what='the page at ' + url)

    def check_board(self, variant, points, lines):
        """Selects `variant` and checks that its board draws `points` points and `lines` lines."""
        d = self.driver
        d.find_element(By.CSS_SELECTOR, f'#variant option[value="{variant}"]').click()
        self.settle(0, variant)
        drawn = len(d.find_elements(By.CSS_SELECTOR, '#board [data-point]'))
        check(drawn == points, f"{variant}'s board has {drawn} points, not {points}")
        drawn = len(d.find_elements(By.CSS_SELECTOR, '#board line'))
        check(drawn == lines, f"{variant}'s board has {drawn} lines, not {lines}")
