#!/usr/bin/env python3
"""Browser test of the analysis page of `millbase serve` (web/, docs/web-api.md).

usage: page_test.py MILLBASE SIX_DB OUT_PNG [--url URL] [--fifty SIX_FIFTY_DB]

Starts `MILLBASE serve --variant six --db SIX_DB --port 0` (from an empty working
directory, so that the other variants have no tables), drives the page in headless
Chromium through Selenium (Debian: chromium, chromium-driver, python3-selenium) and
checks:
- a short game of six played by clicking points: every move value the page shows
  equals `millbase analyze --json` for the position the page shows, after every ply,
  in the colours of the key above the list; the best move (the first listed) is
  marked on the board, and the "best move" box hides the mark;
- a mill asks for a removal: the prompt, only the removable stones clickable (the
  stones the analysis names as removals) and ringed red, even the one just placed;
  Escape cancels, a click removes;
- placement by keyboard (Enter on a focused point); movement by clicking a stone then
  its target, in a position given by the URL hash; the end of the game, which says
  who won and why (not "loss in 0");
- the computer answers when it plays the side to move, and while it thinks the board
  takes no click (a click at once does not move for it), the moves are disabled and
  the page says it is thinking;
- six's board says how its points are named (columns b-f, rows 2-6) and names each
  point on hover;
- undo and redo; reloading the page's URL reproduces the game;
- a variant without tables: the missing-table message, the board still works; nine's
  board has 24 points;
- every request the page made went to the server's own origin;
- a screenshot at 1280x800 to OUT_PNG (and OUT_PNG with -phone at 390x844), where the
  board and the move list fit the width without horizontal scrolling, and on the
  phone the game's last move and the first legal move show without scrolling;
- with --fifty: a second server on those 50-ply tables with SIX_DB as the plain ones
  beside (--plain): each move shows its value without the rule, as `millbase analyze`
  gives it on SIX_DB, and a note says what a distance under the rule counts.
SIX_DB may hold plain or 50-ply tables (the analysis then uses --rule fifty --counter).
--url tests a server already running there instead of starting one.
Prints "all checks passed" at the end; exits 1 with the failed check otherwise.
"""
import argparse
import json
import os
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import (CheckFailed, ServeProcess, check, close_all, log, phone_png,  # noqa: E402
                             report_failure, start_browser)
from page_checks import COLOURS, PageChecks, words  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402


class Server(ServeProcess):
    """`millbase serve --variant six --db DB` on a free port."""

    def __init__(self, millbase, db, *extra):
        super().__init__(millbase, ['--variant', 'six', '--db', db, *extra])


class PageTest(PageChecks):
    """The scenario: a game of six on the page, then the checks beside it."""

    def run_fifty(self):
        """On 50-ply tables with the plain ones beside: each move's value without the rule."""
        start = 'W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w'
        self.open(self.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start}))
        check(self.js("return document.getElementById('rule').dataset.rule") == 'fifty',
              'the second server does not read 50-ply tables')
        self.rule = 'fifty'
        self.check_values('50-ply tables')
        plain = self.plain_analyze(self.text('position'))
        shown = self.js("""return Object.fromEntries([...document.querySelectorAll('#legal-moves [data-move]')]
            .map(b => [b.dataset.move, (b.querySelector('.plain') || {}).title || '']))""")
        want = {m['move']: 'without the rule: ' + words(m) for m in plain['moves']}
        check(shown == want, f'the values without the rule: page {shown}, analyze {want}')
        value = self.text('value')
        check(f'without the rule: {words(plain)}' in value, f'the position\'s value reads {value!r}')
        note = self.text('rule-note')
        check(not self.js("return document.getElementById('rule-note').hidden") and
              'next mill' in note and 'win in 1' in note, f'the note on the rule reads {note!r}')
        log(f'  50-ply tables: {value!r}; every move with its value without the rule')

    def run(self, png):
        d = self.driver
        self.open(self.url)
        variants = json.loads(self.js(
            "return JSON.stringify([...document.querySelectorAll('#variant option')].map(o => o.value))"))
        check('six' in variants and 'nine' in variants, f'the variant selector offers {variants}')
        check(self.js("return document.getElementById('variant').value") == 'six',
              'the page does not start on six, the variant with tables')
        check(len(d.find_elements(By.CSS_SELECTOR, '#board [data-point]')) == 16,
              "six's board does not have 16 points")
        rule = self.text('rule')
        self.rule = self.js("return document.getElementById('rule').dataset.rule")
        check(self.js("return document.getElementById('tables-error').hidden"),
              f'six has its tables, yet the page says {self.text("tables-error")!r}')
        check(self.text('phase') == 'placement' and self.text('counter').startswith('—'),
              f'the start is in placement with no counter: {self.text("phase")!r} {self.text("counter")!r}')
        log(f'page open at {self.url}, tables: {rule}')
        self.check_values('start')
        self.check_keys()

        # Placements by clicking, one by keyboard; White's mill b2 d2 f2 asks for a removal.
        self.play_click(['d2'], 1, 'ply 1 d2')
        self.play_click(['c4'], 2, 'ply 2 c4')
        self.js("document.querySelector('#board [data-point=\"b2\"]').focus()")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        self.settle(3, 'ply 3 b2 by keyboard')
        check(self.page_moves_list()[-1] == 'b2', 'Enter on the focused point b2 did not place there')
        self.check_values('ply 3 b2 (keyboard)')
        self.play_click(['e4'], 4, 'ply 4 e4')
        check(self.text('white-in-hand') == '4' and self.text('black-on-board') == '2',
              f'stones: white in hand {self.text("white-in-hand")}, black on board '
              f'{self.text("black-on-board")}')

        expected = self.analyze(self.text('position'))
        removals = {m['move'].split('x')[1] for m in expected['moves'] if m['move'].startswith('f2x')}
        check(removals, 'the test expects f2 to close a mill here')
        self.click('f2')
        check(self.mode() == 'remove', f'f2 closes a mill but the page is in mode {self.mode()!r}')
        check('remove a stone' in self.text('prompt'),
              f'no removal prompt after the mill: {self.text("prompt")!r}')
        check(self.clickable() == removals,
              f'clickable points while removing: {sorted(self.clickable())}, removable: {sorted(removals)}')
        marked = set(self.js("return [...document.querySelectorAll('#board .removable')].map(g => g.dataset.point)"))
        check(marked == removals, f'stones marked removable: {sorted(marked)}, removable: {sorted(removals)}')
        # Black's last move e4 may be removed: its ring is the removal's, not the last move's.
        check('e4' in removals, f'the test expects e4, the last move, to be removable: {removals}')
        rings = self.js("return [...document.querySelectorAll('#board .removable .ring')]"
                        ".map(r => [r.parentNode.dataset.point, getComputedStyle(r).stroke])")
        check(all(colour == COLOURS['loss'] for _, colour in rings) and len(rings) == len(removals),
              f'the rings of the removable stones: {rings}, not all {COLOURS["loss"]}')
        check(self.plies() == 4, 'the mill was played before the removal was chosen')
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        check(self.mode() == 'idle' and self.plies() == 4, 'Escape does not cancel the removal')
        self.click('f2')
        victim = sorted(removals)[0]
        self.play_click([victim], 5, f'ply 5 f2x{victim}')
        check(self.page_moves_list()[-1] == f'f2x{victim}',
              f'the move list ends with {self.page_moves_list()[-1:]}, not f2x{victim}')
        check(self.point(victim).get_attribute('data-stone') == '', f'{victim} was not removed')
        log(f'  the mill asked for a removal of {sorted(removals)}; Escape cancelled; {victim} removed')

        # A move from the list of legal moves.
        first = self.page_moves()[0][0]
        d.find_element(By.CSS_SELECTOR, f'#legal-moves [data-move="{first}"]').click()
        self.settle(6, 'ply 6 from the list')
        check(self.page_moves_list()[-1] == first, f'clicking {first} in the list did not play it')
        self.check_values(f'ply 6 {first} (from the list)')

        # The computer plays the side to move; a click at once (in the same task, before
        # its delay) does not move for it, and nothing takes a click while it thinks.
        side = self.js("return document.getElementById('side-to-move').dataset.side")
        legal_before = {m for m, *_ in self.page_moves()}
        placement = next(m for m in legal_before if '-' not in m and 'x' not in m)
        asked_before = self.computer_requests()
        now = self.js("""
            document.getElementById(arguments[0]).click();
            document.querySelector(`#board [data-point="${arguments[1]}"]`)
              .dispatchEvent(new MouseEvent('click', {bubbles: true}));
            return {plies: document.body.dataset.plies, thinking: document.body.dataset.thinking || '',
                    clickable: document.querySelectorAll('#board .point.clickable').length,
                    prompt: document.getElementById('prompt').textContent,
                    locked: [...document.querySelectorAll('#legal-moves [data-move]')].every(b => b.disabled),
                    busy: document.body.dataset.busy};""", 'computer-' + side, placement)
        check(now['thinking'] == 'true' and 'thinking' in now['prompt'],
              f'the page does not show that the computer is thinking: {now}')
        check(now['clickable'] == 0 and now['locked'] and now['busy'] == 'false',
              f'the board or the moves take clicks while the computer thinks: {now}')
        self.settle(7, f'the computer playing {side}')
        reply = self.page_moves_list()[-1]
        check(reply in legal_before, f'the computer played {reply!r}, not a legal move')
        asked = self.computer_requests() - asked_before
        check(asked == 1, f'the computer was asked {asked} times for its move, not once '
                          f'(a click on {placement} while it thought may have moved for it)')
        d.find_element(By.ID, 'computer-none').click()
        self.check_values(f'ply 7 {reply} (the computer)')
        log(f'  the computer ({side}) answered {reply}; a click on {placement} while it thought '
            'did nothing')
        self.screenshot(png, 1280, 800)

        # Flip: Black's side at the bottom, then back.
        below = "return document.querySelector('[data-point=b2]').getBoundingClientRect().top > " \
                "document.querySelector('[data-point=b6]').getBoundingClientRect().top"
        check(self.js(below), 'b2 is not below b6')
        d.find_element(By.ID, 'flip').click()
        check(not self.js(below), 'the flipped board still has b2 below b6')
        d.find_element(By.ID, 'flip').click()
        check(self.js(below), 'flipping twice does not restore the board')

        # Undo and redo.
        position7, moves7 = self.text('position'), self.page_moves_list()
        d.find_element(By.ID, 'undo').click()
        self.settle(6, 'undo')
        check(self.page_moves_list() == moves7[:-1], 'undo did not take back the last ply')
        self.check_values('after undo')
        d.find_element(By.ID, 'undo').click()
        self.settle(5, 'undo twice')
        d.find_element(By.ID, 'redo').click()
        self.settle(6, 'redo')
        d.find_element(By.ID, 'redo').click()
        self.settle(7, 'redo twice')
        check(self.text('position') == position7 and self.page_moves_list() == moves7,
              'undo twice then redo twice does not come back to the same game')
        check(d.find_element(By.ID, 'redo').get_attribute('disabled') is not None,
              'redo is still enabled at the end')
        log('  undo and redo')

        # The URL reproduces the game, on reload and in a fresh load.
        url = d.current_url
        check('moves=' in url, f'the URL does not hold the moves: {url}')
        d.refresh()
        self.settle(7, 'the reloaded page')
        check(self.text('position') == position7 and self.page_moves_list() == moves7,
              'reloading the URL does not reproduce the game')
        d.get('about:blank')
        self.open(url)
        check(self.text('position') == position7, 'opening the URL again does not reproduce the game')
        log(f'  the URL reproduces the game: {url[len(self.origin):]}')

        # The game as text: a record to copy, and a pasted move list loaded back.
        record = d.find_element(By.ID, 'game-text').get_attribute('value')
        check('[Variant "six"]' in record and '1. d2 c4 2. b2 e4' in record,
              f'the game record reads {record!r}')
        box = d.find_element(By.ID, 'game-text')
        box.clear()
        box.send_keys('1. d2 c4 2. b2')
        d.find_element(By.ID, 'load').click()
        self.settle(3, 'loading a pasted move list')
        check(self.page_moves_list() == ['d2', 'c4', 'b2'],
              f'the pasted moves gave {self.page_moves_list()}')
        log('  the game record, and a pasted move list loaded')

        # Movement by clicking, from a start position in the URL hash, to the end of the game.
        start = 'W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w'
        self.open(self.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start}))
        check(self.text('position') == start and self.text('phase') == 'movement',
              f'the hash start position gives {self.text("position")!r}, {self.text("phase")!r}')
        check(self.text('counter').startswith('0'), f'the counter at the start of movement: {self.text("counter")!r}')
        self.check_values('movement start')
        self.click('d3')
        check(self.mode() == 'from', 'clicking a stone that can move does not select it')
        targets = set(self.js("return [...document.querySelectorAll('#board .target')].map(g => g.dataset.point)"))
        check(targets == {'c3', 'e3'}, f'the targets of d3 are marked as {sorted(targets)}')
        self.click('b6')  # a black stone: not a move, cancels
        check(self.mode() == 'idle', 'a click beside the moves does not cancel the selection')
        self.click('d3')
        self.click('c3')
        self.settle(1, 'd3-c3')
        check(self.page_moves_list() == ['d3-c3'], f'moves after d3-c3: {self.page_moves_list()}')
        status = self.text('prompt')
        check('over' in status.lower() and 'White wins' in status and 'no legal move' in status,
              f'the game is over (Black cannot move) but the prompt says {status!r}')
        check(self.page_moves() == [] and self.clickable() == set(),
              'moves are still offered after the end of the game')
        value = self.text('value')
        check('loss in 0' not in value, f'at the end the value reads {value!r}')
        log(f'  movement by clicking, then: {status}')

        # Movement with the counter running, from docs/cli.md's cursed win (a draw under the
        # 50-ply rule): two plies from the list of legal moves.
        start = 'W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w'
        self.open(self.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start}))
        self.check_values('cursed win start')
        for ply in [1, 2]:
            move = self.page_moves()[0][0]
            d.find_element(By.CSS_SELECTOR, f'#legal-moves [data-move="{move}"]').click()
            self.settle(ply, f'{move} from the list')
            check(self.text('counter').startswith(f'{ply} '), f'the counter after {ply} plies '
                  f'without a mill reads {self.text("counter")!r}')
            self.check_values(f'{move}, counter {ply}')

        # A variant without tables: the message, and the board still works.
        d.find_element(By.CSS_SELECTOR, '#variant option[value="five"]').click()
        self.settle(0, 'five')
        message = self.text('tables-error')
        check(not self.js("return document.getElementById('tables-error').hidden") and
              'millbase solve' in message, f'five has no tables, yet the page says {message!r}')
        check(self.page_moves() and all(r is None for _, r, *_ in self.page_moves()),
              'without tables the moves are not listed without values')
        self.click('d2')
        self.settle(1, 'a placement in five without tables')
        d.find_element(By.ID, 'new-game').click()
        self.settle(0, 'a new game')
        check(self.text('position') == 'W: B: b 5 5',
              f'a new game of five after one White began is {self.text("position")!r}')
        log(f'  five without tables: {message}')
        self.check_board('nine', 24, 32)
        # Twelve: nine's points, its 32 lines and the 8 halves of the four diagonals.
        self.check_board('twelve', 24, 40)
        check(self.text('position') == 'W: B: w 12 12',
              f'a new game of twelve is {self.text("position")!r}')

        # A phone: the board and the move list fit the width.
        self.open(url)
        d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                          {'width': 390, 'height': 844, 'deviceScaleFactor': 2, 'mobile': True})
        d.refresh()
        self.settle(7, 'the page on a phone')
        for selector in ['#board', '#legal-moves', '#move-list']:
            box = self.js('const r = document.querySelector(arguments[0]).getBoundingClientRect();'
                          'return [r.left, r.right, r.width, r.height, window.innerWidth];', selector)
            check(box[2] > 0 and box[3] > 0, f'{selector} is not visible on a phone: {box}')
            check(box[0] >= 0 and box[1] <= box[4] + 0.5,
                  f'{selector} does not fit a phone\'s width: left {box[0]}, right {box[1]}, width {box[4]}')
        overflow = self.js('return [document.documentElement.scrollWidth, window.innerWidth]')
        check(overflow[0] <= overflow[1], f'the page scrolls sideways on a phone: {overflow}')
        board = self.js("return document.getElementById('board').getBoundingClientRect().width")
        check(board >= 300, f'the board is only {board} px wide on a 390 px phone')
        # Without scrolling: the game's last move and the first legal move are in sight.
        for what, selector in [('the last move', '#move-list .ply.current'),
                               ('the first legal move', '#legal-moves [data-move]')]:
            box = self.js('const r = document.querySelector(arguments[0]).getBoundingClientRect();'
                          'return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight, scrollY];',
                          selector)
            check(box[6] == 0 and box[0] >= 0 and box[1] >= 0 and box[2] <= box[4] + 0.5 and
                  box[3] <= box[5] + 0.5,
                  f'on a phone {what} is not in sight without scrolling: {box} (left, top, right, '
                  'bottom, width, height, scrolled)')
        time.sleep(0.6)  # the last move's animation
        d.save_screenshot(phone_png(png))
        d.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        log(f'  phone 390x844: board {board:.0f} px wide, no sideways scrolling')

        self.check_requests()

    def screenshot(self, png, width, height):
        """Saves the viewport at width x height to png."""
        self.driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                                    {'width': width, 'height': height, 'deviceScaleFactor': 1,
                                     'mobile': False})
        time.sleep(0.6)  # the last move's animation
        self.driver.save_screenshot(png)
        self.driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        log(f'  screenshot {png}')

    def check_requests(self):
        for entry in self.driver.get_log('performance'):
            message = json.loads(entry['message'])['message']
            # The page's requests: those of a document of the server (Chromium's own
            # pages, such as its first new tab, are not the page's).
            if (message['method'] == 'Network.requestWillBeSent' and
                    message['params'].get('documentURL', '').startswith(self.origin + '/')):
                self.requests.append(message['params']['request']['url'])
        self.requests += self.js('return performance.getEntriesByType("resource").map(e => e.name)')
        check(any('/api/game' in u for u in self.requests), 'no /api/game request was seen')
        foreign = sorted({u for u in self.requests
                          if not u.startswith(self.origin + '/') and u != 'about:blank'})
        check(not foreign, f'the page asked for URLs outside {self.origin}: {foreign}')
        log(f'  {len(self.requests)} requests, all to {self.origin}')



def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('millbase')
    ap.add_argument('db')
    ap.add_argument('png')
    ap.add_argument('--url', help='test the server already running at this URL')
    ap.add_argument('--fifty', help="six's 50-ply tables, read with SIX_DB as the plain ones")
    a = ap.parse_args()
    started = time.time()
    server = driver = None
    profile = tempfile.mkdtemp(prefix='page-test-chromium-')
    try:
        if a.url:
            url = a.url
        else:
            server = Server(a.millbase, a.db)
            url = server.url
        driver = start_browser(profile)
        PageTest(driver, url, a.millbase, a.db).run(a.png)
        if a.fifty and server:
            server.stop()
            server = Server(a.millbase, a.fifty, '--plain', a.db)
            test = PageTest(driver, server.url, a.millbase, a.fifty)
            test.plain_db = a.db
            test.run_fifty()
    except CheckFailed as e:
        return report_failure('page_test', e, driver, os.path.splitext(a.png)[0] + '-failed.png')
    finally:
        close_all(driver, server, profile)
    print(f'all checks passed ({time.time() - started:.1f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
