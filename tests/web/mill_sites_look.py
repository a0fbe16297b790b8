"""The look of the page in mill_sites_test.py (issue #66): the prompt's words for keys
and for the finger, the best move's colour and place, the hints against the computer, the
points to place on, the board's size at the end of a game, long values, and the calm line
without tables; and Page, what the test and these checks read and do on the page."""
import re
import time
import urllib.parse

from browser_harness import check, log
from first_minute_page import FirstMinute, Server
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

LOSS_RED = 'rgb(207, 34, 46)'
# docs/cli.md's cursed win, and moves after which Black's b4-c4 is a win in 49 that the
# counter turns into a draw: its words are long.
CURSED = 'W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w'
LONG_VALUE_MOVES = 'c4-c3 d6-d5 f6-d6 d5-e5 d6-f6 e5-e4 f2-f4 c5-c4 b6-d6 c4-c5 f4-f2 e4-f4'


class Page(FirstMinute):
    """first_minute_page's page, with the focus, the keys, the moves and the phone."""

    def focused(self):
        return self.js("const g = document.activeElement.closest('[data-point]'); "
                       "return g ? g.dataset.point : document.activeElement.id || document.activeElement.tagName")

    def keys(self, *keys):
        ActionChains(self.d).send_keys(*keys).perform()
        time.sleep(0.1)

    def chord(self, modifiers, key):
        chain = ActionChains(self.d)
        for m in modifiers:
            chain.key_down(m)
        chain.send_keys(key)
        for m in reversed(modifiers):
            chain.key_up(m)
        chain.perform()
        time.sleep(0.2)

    def moves(self):
        return self.js("return [...document.querySelectorAll('#move-list [data-ply]')].map(b => b.textContent)")

    def visible_text(self, element_id):
        return self.js(f"return document.getElementById('{element_id}').innerText")

    def phone(self):
        self.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                               {'width': 390, 'height': 844, 'deviceScaleFactor': 2, 'mobile': True})


# --- the look ----------------------------------------------------------------------------

def check_look(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.size(1280, 800)
        page.open(server.url + '#variant=six&moves=d2+c4', 2)
        # Placement: every point a stone may be placed on is marked.
        targets = set(page.js("return [...document.querySelectorAll('#board .target')].map(g => g.dataset.point)"))
        legal = {m for m, *_ in page.page_moves()}
        check(targets == legal and len(targets) == 14, f'look: placement marks {sorted(targets)}, '
                                                       f'the legal placements are {sorted(legal)}')
        # The best move: its own colour, not the dots' blue, drawn under the points.
        colours = page.js("""const dot = getComputedStyle(document.querySelector('#board .target .dot')).fill;
            const best = [...document.querySelectorAll('#board .best-move *')]
              .map(e => getComputedStyle(e)).flatMap(s => [s.fill, s.stroke]).filter(c => c !== 'none');
            return [dot, [...new Set(best)]];""")
        check(colours[1] and colours[0] not in colours[1], f'look: the best move has the dots\' colour: {colours}')
        under = page.js("""const b = document.querySelector('#board .best-move'),
            p = document.querySelector('#board [data-point]');
            return !!(b.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING);""")
        check(under, 'look: the best move is drawn over the points')
        check(re.search(r'(win|draw|loss)', page.text('status')), f'look: the status reads {page.text("status")!r}')
        # Against the computer: no best move and no value, until one click shows them.
        driver.find_element(By.ID, 'computer-black').click()
        page.settle(2)
        hidden = page.js("return [!!document.querySelector('#board .best-move'), "
                         "document.getElementById('show-best').checked]")
        status = page.text('status')
        check(hidden == [False, False] and not re.search(r'(win|draw|loss)', status),
              f'look: against the computer the best move and the value show: {hidden} {status!r}')
        driver.find_element(By.ID, 'show-best').click()
        check(page.js("return !!document.querySelector('#board .best-move')") and
              re.search(r'(win|draw|loss)', page.text('status')),
              f'look: one click does not show the best move and value: {page.text("status")!r}')
        driver.find_element(By.ID, 'computer-none').click()
        # A screen with keys says Esc; the removal is shown in the next check on a phone.
        page.open(server.url + '#' + urllib.parse.urlencode(
            {'variant': 'six', 'start': 'W:b2,d2 B:b6,d6 w 4 4'}), 0)
        page.click('f2')
        prompt = page.visible_text('prompt')
        check('(Esc cancels)' in prompt and 'tap' not in prompt, f'look: on a wide screen the prompt reads {prompt!r}')
        # The board keeps its size at the end of the game.
        start = 'W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w'
        page.open(server.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start}), 0)
        size = """const r = document.getElementById('board').getBoundingClientRect();
            return [r.width, r.height, ...[...document.querySelectorAll('header, .board-panel > *')]
              .map(e => `${e.id || e.tagName}:${Math.round(e.getBoundingClientRect().height)}`)];"""
        before = page.js(size)
        page.click('d3')
        page.click('c3')
        page.settle(1, 'the last move')
        check('Game over' in page.text('prompt'), f'look: the game is not over: {page.text("prompt")!r}')
        after = page.js(size)
        check(before == after, f'look: the board and what is around it: {before} in the game, '
                               f'{after} at its end')
        log(f'look: placements marked, best move in {colours[1]} under the dots, hidden against '
            f'the computer; the board {before[0]:.0f}x{before[1]:.0f} at the end too')
        # On a phone: no Esc, the tap that cancels; big dots.
        page.phone()
        page.open(server.url + '#' + urllib.parse.urlencode(
            {'variant': 'six', 'start': 'W:b2,d2 B:b6,d6 w 4 4'}), 0)
        dot = page.js("return document.querySelector('#board .target .dot').getBoundingClientRect().width")
        check(dot >= 16, f'look: on a phone a point to place on is a dot {dot:.1f} px wide')
        page.click('f2')
        prompt = page.visible_text('prompt')
        check('Esc' not in prompt and 'tap f2 to cancel' in prompt, f'look: on a phone the prompt reads {prompt!r}')
        check(page.js("return getComputedStyle(document.getElementById('keys-help')).display") == 'none',
              'look: the key help shows on a phone')
        log(f'look: on a phone {prompt!r}; dots {dot:.0f} px')
    finally:
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        server.stop()


# --- a long value ------------------------------------------------------------------------

def check_long_value(millbase, six_db, fifty_db, driver):
    server = Server(millbase, six_db, 'six', '--db', fifty_db, '--plain', six_db)
    try:
        status, game = server.api('game', variant='six', start=CURSED, moves=LONG_VALUE_MOVES)
        texts = [m['value']['text'] for m in game.get('legal', []) if m['value']]
        longest = max(texts, key=len, default='')
        check(status == 200 and 'needs the counter' in longest, f'value: no long value here: {texts}')
        page = Page(driver, server)
        for width, height, mobile in [(1280, 800, False), (390, 844, True)]:
            driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {
                'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': mobile})
            page.open(server.url + '#' + urllib.parse.urlencode(
                {'variant': 'six', 'start': CURSED, 'moves': LONG_VALUE_MOVES}))
            cut = page.js("""return [...document.querySelectorAll('#legal-moves [data-move] > span')]
                .filter(s => s.scrollWidth > s.clientWidth + 0.5).map(s => s.textContent)""")
            shown = page.js("return [...document.querySelectorAll('#legal-moves .value')].map(s => s.textContent)")
            check(longest in shown and not cut, f'value: at {width}x{height} the moves cut {cut}')
            overflow = page.js('return [document.documentElement.scrollWidth, innerWidth]')
            check(overflow[0] <= overflow[1], f'value: at {width} px the page scrolls sideways: {overflow}')
        log(f'value: {longest!r} shown whole at 1280 and 390 px')
    finally:
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        server.stop()


# --- goal 4: one calm line without tables ----------------------------------------------------

def check_calm_note(millbase, six_db, driver):
    server = Server(millbase, six_db, 'five')
    try:
        page = Page(driver, server)
        page.phone()
        page.open(server.url, 0)
        status, game = server.api('game', variant='five')
        note = page.js("""const n = document.getElementById('tables-error'), s = getComputedStyle(n);
            const words = document.createRange();
            words.selectNodeContents(n.querySelector('summary'));
            const lines = new Set([...words.getClientRects()].filter(r => r.width > 0)
              .map(r => Math.round(r.bottom))).size;
            return [n.hidden, n.querySelector('summary').innerText, lines,
                    n.getBoundingClientRect().width, s.color, s.backgroundColor, n.title];""")
        check(not note[0] and 'perfect play needs five' in note[1], f'note: five without tables: {note}')
        check(note[2] == 1, f'note: on a phone the line takes {note[2]} lines: {note[1]!r}')
        check(note[4] != LOSS_RED and note[5] in ('rgba(0, 0, 0, 0)', 'transparent'),
              f'note: the line is not calm: colour {note[4]}, background {note[5]}')
        check(note[6] == game['tables_error'] and 'millbase solve' in note[6],
              f'note: on hover it reads {note[6]!r}, the API {game["tables_error"]!r}')
        driver.find_element(By.CSS_SELECTOR, '#tables-error summary').click()
        opened = page.visible_text('tables-error')
        check('millbase solve --variant five' in opened, f'note: tapped, it reads {opened!r}')
        log(f'note: one line on a phone: {note[1]!r}; the command on a tap')
    finally:
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        server.stop()
