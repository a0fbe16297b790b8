#!/usr/bin/env python3
"""Lasker morris on the analysis page (rules.md, "(lasker)"): a side with stones in hand
may place one or move one of its stones instead.

usage: lasker_page_test.py MILLBASE LASKER_DB

Starts `MILLBASE serve --variant lasker --db LASKER_DB` (the endgames of up to 4 stones a
side, board and hand together: solve --max-stones 4), drives the page in headless
Chromium and checks:
- in W:d1,e5,b6 B:a7,d7,g7 w 1 0, where White has a stone in hand and draws only by
  moving d1-d2 (every placement loses), every value the page shows is millbase
  analyze's; the prompt and the phase say White may place or move; both the empty
  points and White's stones take a click;
- White plays d1-d2 by clicking d1, then d2, during placement: the page plays the move,
  shows its position and values; after undo a click on a1 places instead;
- with two stones on the board and one in hand White flies: a1, then g7 plays a1-g7;
- the computer plays lasker: perfect play answers d1-d2 in the position above, and
  level 5, in a position beyond the tables, moves b4-b6 while placing, its only win;
  the page then says which table is missing and the solve that builds it.
Prints "all checks passed"; exits 1 with the failed check otherwise.
"""
import os
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import (CheckFailed, ServeProcess, check, close_all, log,  # noqa: E402
                             report_failure, start_browser)
from page_checks import PageChecks  # noqa: E402

SLIDE = 'W:d1,e5,b6 B:a7,d7,g7 w 1 0'
FLY = 'W:a1,d1 B:a7,d7 w 1 1'
BEYOND = 'W:a4,b4,c4,d6 B:f4 w 1 2'  # White: 5 stones, beyond 4-stone tables


class LaskerPage(PageChecks):

    def open_game(self, start, **params):
        self.open(self.url + '#' + urllib.parse.urlencode({'variant': 'lasker', 'start': start,
                                                            **params}))

    def run(self):
        self.open_game(SLIDE)
        self.check_values('a stone in hand')
        prompt, phase = self.text('prompt'), self.text('phase')
        check(prompt == 'White: place a stone, or choose one to move',
              f'the prompt reads {prompt!r}')
        check(phase == 'placement or movement', f'the phase reads {phase!r}')
        clickable = self.clickable()
        check({'d1', 'e5', 'b6', 'a1', 'd2', 'f6'} <= clickable and 'a7' not in clickable,
              f'the points that take a click: {sorted(clickable)}')

        # A stone moved while White still has one in hand.
        self.click('d1')
        check(self.mode() == 'from', f'a click on d1 leaves the page in mode {self.mode()}')
        targets = set(self.js("return [...document.querySelectorAll('#board .point.clickable')]"
                              ".map(g => g.dataset.point)"))
        check({'a1', 'g1', 'd2'} <= targets, f'after d1 the points that take a click: {targets}')
        self.play_click(['d2'], 1, 'd1-d2')
        check(self.page_moves_list() == ['d1-d2'], f'the game reads {self.page_moves_list()}')
        check(self.text('position') == 'W:d2,e5,b6 B:a7,d7,g7 b 1 0',
              f'after d1-d2 the position reads {self.text("position")!r}')
        check(self.text('white-in-hand') == '1',
              f"White's stones in hand read {self.text('white-in-hand')!r} after a move, not 1")
        check(self.text('counter').startswith('1 of 50'),
              f'the 50-ply counter reads {self.text("counter")!r} (it counts from the first ply)')

        # Undo, then place instead.
        self.driver.find_element('id', 'undo').click()
        self.settle(0, 'undo')
        self.play_click(['a1'], 1, 'a1')
        check(self.page_moves_list() == ['a1'], f'the game reads {self.page_moves_list()}')
        log('  d1-d2 and a1 played by clicks during placement')

        # Two on the board and one in hand: White flies.
        self.open_game(FLY)
        prompt = self.text('prompt')
        check(prompt == 'White: place a stone, or choose one to fly', f'the prompt reads {prompt!r}')
        self.click('a1')
        self.play_click(['g7'], 1, 'a1-g7')
        check(self.page_moves_list() == ['a1-g7'], f'the game reads {self.page_moves_list()}')
        log('  a1-g7 flown with a stone in hand')

        # The computer: perfect play from the tables, level 5 without them.
        self.open_game(SLIDE, computer='white')
        self.settle(1, 'the computer at perfect')
        check(self.page_moves_list() == ['d1-d2'], f'perfect play played {self.page_moves_list()}')
        self.open_game(BEYOND, computer='white', level='level5')
        self.settle(1, 'the computer at level 5')
        played = self.page_moves_list()
        check(played and played[0] == 'b4-b6', f'level 5 played {played}')
        missing = self.js("return document.querySelector('#tables-error .long').textContent")
        check('missing table' in missing and '1-4+2-1.mbt' in missing and
              'millbase solve --variant lasker --sector 1-4+2-1' in missing and
              '--max-stones 5' in missing, f'the missing table reads {missing!r}')
        log(f'  the computer: d1-d2 at perfect, {played[0]} at level 5 ({missing[:60]}...)')


def main():
    millbase, db = sys.argv[1:3]
    started = time.time()
    server = driver = None
    profile = tempfile.mkdtemp(prefix='lasker-page-chromium-')
    try:
        server = ServeProcess(millbase, ['--variant', 'lasker', '--db', db])
        driver = start_browser(profile)
        LaskerPage(driver, server.url, millbase, db, variant='lasker').run()
    except CheckFailed as e:
        return report_failure('lasker_page_test', e, driver)
    finally:
        close_all(driver, server, profile)
    print(f'all checks passed ({time.time() - started:.1f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
