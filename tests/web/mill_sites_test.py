#!/usr/bin/env python3
"""The page of `millbase serve` played as on the mill sites people come from, in
headless Chromium (issue #66, goal 5, and the one calm line of goal 4).

usage: mill_sites_test.py MILLBASE SIX_DB SIX_FIFTY_DB

Servers run from a working directory whose data/six is SIX_DB, and check:
 keys:     the arrow keys go from point to point (to the next point that way on the
           screen, on a flipped board too), never undo, even with a point
           focused (#variant=six&moves=b2+d2); Enter plays; the board is one stop of
           Tab; Ctrl+Z undoes and Ctrl+Y (Ctrl+Shift+Z) redoes, but not in the record's
           box; the key help and the buttons' titles say so;
 new:      New game lets the side that placed second place first, game after game, and
           the computer placing first moves;
 empty:    `serve --variant nine --db EMPTYDIR` warns on stderr; the page says before any
           move that perfect play has no tables, the menu offers the levels and Level 5
           plays; `--db /nonexistent` refuses to start with exit 3;
 removal:  a click on a stone that may not be removed keeps the mill and says why; a
           click on the stone that closed it takes it back; a ringed one removes;
 load:     the Load error names the line of the text as pasted ("b2 b2": line 1);
 link:     the URL carries the computer's side and level, and a link sets them;
 copy:     Copy copies the record and says so;
 look:     "(Esc cancels)" on a screen with keys, a tap on a phone; the best move drawn
           in its own colour under the points' marks; best move and value hidden against
           the computer, one click shows them; the points a stone can be placed on
           marked, big on a phone; the board keeps its size at the end of the game;
 value:    a long value ("draw (a win in 49 needs the counter at 1 or less)") is not cut;
 note:     without tables, one calm line on a phone that says what perfect play needs,
           the API's words on hover and tap.
(look, value and note are in mill_sites_look.py.) Prints "all checks passed" at the end;
exits 1 with the failed check otherwise.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import CheckFailed, check, log, start_browser  # noqa: E402
from first_minute_page import Server  # noqa: E402
from mill_sites_look import Page, check_calm_note, check_long_value, check_look  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402

# --- keys ----------------------------------------------------------------------------------

def check_keys(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.size(1280, 800)
        page.open(server.url + '#variant=six&moves=b2+d2', 2)
        # The board is one stop of Tab: from the variant menu, Tab reaches one point, the
        # next Tab leaves the board.
        stops = page.js("return document.querySelectorAll('#board [data-point][tabindex=\"0\"]').length")
        check(stops == 1, f'keys: the board has {stops} stops of Tab, not 1')
        page.js("document.querySelector('#board [data-point=\"b2\"]').focus()")
        page.keys(Keys.ARROW_LEFT)
        check(page.plies() == 2, f'keys: ← with b2 focused undid a move ({page.plies()} plies)')
        check(page.focused() == 'b2', f'keys: ← from b2, the corner, went to {page.focused()!r}')
        for key, want in [(Keys.ARROW_RIGHT, 'd2'), (Keys.ARROW_UP, 'd3'), (Keys.ARROW_LEFT, 'c3'),
                          (Keys.ARROW_UP, 'c4'), (Keys.ARROW_LEFT, 'b4'), (Keys.ARROW_DOWN, 'b2')]:
            page.keys(key)
            check(page.focused() == want, f'keys: {key!r} went to {page.focused()!r}, not {want}')
        check(page.plies() == 2 and page.moves() == ['b2', 'd2'],
              f'keys: the arrows changed the game: {page.moves()}')
        # Enter plays on the point the arrows reached; the focus stays there.
        page.keys(Keys.ARROW_UP, Keys.ARROW_RIGHT, Keys.ENTER)
        page.settle(3, 'Enter on c4')
        check(page.moves() == ['b2', 'd2', 'c4'], f'keys: Enter on c4 gave {page.moves()}')
        check(page.focused() == 'c4', f'keys: after Enter the focus is on {page.focused()!r}')
        # Flipped, the arrows go the way they point on the screen.
        driver.find_element(By.ID, 'flip').click()
        page.js("document.querySelector('#board [data-point=\"d2\"]').focus()")
        page.keys(Keys.ARROW_LEFT)
        check(page.focused() == 'f2', f'keys: ← from d2 on the flipped board went to {page.focused()!r}')
        driver.find_element(By.ID, 'flip').click()
        # An arrow outside the board brings the focus to it.
        page.js("document.activeElement.blur()")
        page.keys(Keys.ARROW_DOWN)
        check(page.focused() not in ('BODY', '') and page.plies() == 3,
              f'keys: an arrow outside the board focused {page.focused()!r} ({page.plies()} plies)')
        # Undo and redo: Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z, also with a point focused.
        page.chord([Keys.CONTROL], 'z')
        page.settle(2, 'Ctrl+Z')
        page.chord([Keys.CONTROL], 'z')
        page.settle(1, 'Ctrl+Z twice')
        page.chord([Keys.CONTROL], 'y')
        page.settle(2, 'Ctrl+Y')
        page.chord([Keys.CONTROL, Keys.SHIFT], 'z')
        page.settle(3, 'Ctrl+Shift+Z')
        check(page.moves() == ['b2', 'd2', 'c4'], f'keys: undo and redo by keys gave {page.moves()}')
        # In the record's box Ctrl+Z is the box's own.
        box = driver.find_element(By.ID, 'game-text')
        box.click()
        page.chord([Keys.CONTROL], 'z')
        time.sleep(0.3)
        check(page.plies() == 3, f'keys: Ctrl+Z in the record box undid a move ({page.plies()} plies)')
        # The keys are said: the buttons' titles and the key help under the board.
        titles = [driver.find_element(By.ID, b).get_attribute('title') for b in ('undo', 'redo')]
        check('Ctrl+Z' in titles[0] and 'Ctrl+Y' in titles[1], f'keys: the buttons say {titles}')
        help_text = page.visible_text('keys-help')
        check(all(w in help_text for w in ['Enter', 'Esc', 'Ctrl+Z', 'Ctrl+Y', '←']),
              f'keys: the key help reads {help_text!r}')
        bottom = page.js("return document.getElementById('keys-help').getBoundingClientRect().bottom")
        check(bottom <= 800, f'keys: at 1280x800 the key help ends at {bottom:.0f} px')
        log(f'keys: arrows go from point to point (flipped too), Enter plays, Ctrl+Z/Ctrl+Y; {help_text!r}')
    finally:
        server.stop()


# --- new game ------------------------------------------------------------------------------

def check_new_game(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.open(server.url + '#variant=six&moves=d2+c4', 2)
        seen = []
        for _ in range(3):
            driver.find_element(By.ID, 'new-game').click()
            page.settle(0, 'a new game')
            seen.append((page.text('position'), page.js(
                "return document.getElementById('side-to-move').dataset.side"), page.text('prompt')))
        check([s[1] for s in seen] == ['black', 'white', 'black'] and
              seen[0][0] == 'W: B: b 6 6' and seen[1][0] == 'W: B: w 6 6',
              f'new: three new games start {seen}')
        check('Black: place a stone' in seen[2][2], f'new: Black to place first reads {seen[2][2]!r}')
        page.click('d2')
        page.settle(1, 'Black places first')
        number = page.js("return document.querySelector('#move-list .number').textContent")
        check(number == '1...', f'new: Black\'s first placement is numbered {number!r}')
        check('start=' in driver.current_url, f'new: the link of a game Black began: {driver.current_url}')
        # The computer as White replies; in the next game White begins: the computer does.
        driver.find_element(By.ID, 'computer-white').click()
        page.settle(2, 'the computer as White replies')
        driver.find_element(By.ID, 'new-game').click()
        page.settle(1, 'a new game the computer (White) begins')
        first = page.js("return document.querySelector('#move-list .number').textContent")
        check(first == '1.' and page.js("return document.getElementById('side-to-move').dataset.side")
              == 'black', f'new: the computer\'s game begins {first!r}, {page.text("position")!r}')
        driver.find_element(By.ID, 'computer-none').click()
        log(f'new: New game alternates who places first: {[s[0] for s in seen]}; the computer began')
    finally:
        server.stop()


# --- an empty folder for tables ------------------------------------------------------------

def check_empty_dir(millbase, six_db, driver, tmp):
    empty = os.path.join(tmp, 'empty')
    os.mkdir(empty)
    r = subprocess.run([millbase, 'serve', '--variant', 'nine', '--db', '/nonexistent', '--port', '0'],
                       capture_output=True, text=True, timeout=30)
    check(r.returncode == 3 and 'no table directory' in r.stderr,
          f'empty: --db /nonexistent exits {r.returncode}: {r.stderr.strip()!r}')
    server = Server(millbase, six_db, 'nine', '--db', empty)
    try:
        page = Page(driver, server)
        page.size(1280, 800)
        page.open(server.url, 0)
        check(page.variant() == 'nine', f'empty: the page opens {page.variant()!r}')
        # Before any move: the level line and the menu, and the calm line.
        line = page.text('level-sees')
        check("needs nine's tables, not here" in line and 'Level 5 plays instead' in line,
              f'empty: perfect with no tables reads {line!r}')
        perfect = page.js("return document.querySelector('#level option[value=perfect]').textContent")
        check('no tables' in perfect, f'empty: the menu offers {perfect!r}')
        note = page.text('tables-error')
        check(not page.js("return document.getElementById('tables-error').hidden") and
              'perfect play needs' in note and 'millbase solve' in note, f'empty: the note reads {note!r}')
        # The computer plays Level 5 in its place, without an error.
        driver.find_element(By.ID, 'computer-white').click()
        page.settle(1, 'the computer as White with no tables')
        check(page.text('message') == '', f'empty: the computer\'s move says {page.text("message")!r}')
        driver.find_element(By.ID, 'computer-none').click()
    finally:
        server.stop()
    warning = server.proc.stderr.read()
    check('warning' in warning and empty in warning and 'no table' in warning and
          'millbase solve --variant nine' in warning,
          f'empty: serve --db EMPTYDIR says on stderr {warning.strip()!r}')
    log(f'empty: {line!r}; stderr: {warning.strip()[:120]!r}...')


# --- a wrong tap in a removal ------------------------------------------------------------

def check_removal(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.open(server.url + '#' + urllib.parse.urlencode(
            {'variant': 'six', 'start': 'W:b2,d2 B:b6,d6 w 4 4'}), 0)
        page.click('f2')
        check(page.js('return document.body.dataset.mode') == 'remove', 'removal: f2 asks for no removal')
        # The stone that closed the mill takes it back.
        page.click('f2')
        check(page.js('return document.body.dataset.mode') == 'idle' and page.plies() == 0,
              'removal: a click on the stone that closed the mill does not take it back')
        page.click('f2')
        for wrong, says in [('d2', 'd2 cannot be removed'), ('c4', 'remove a stone of Black')]:
            page.click(wrong)
            mode, prompt = page.js('return document.body.dataset.mode'), page.text('prompt')
            check(mode == 'remove' and page.plies() == 0 and says in prompt,
                  f'removal: a click on {wrong} gave mode {mode!r}, prompt {prompt!r}')
        ringed = page.js("return document.querySelectorAll('#board .removable').length")
        check(ringed == 2, f'removal: {ringed} stones ringed after a wrong click, not b6 and d6')
        page.click('b6')
        page.settle(1, 'f2xb6')
        check(page.moves() == ['f2xb6'], f'removal: the mill ended as {page.moves()}')
        log('removal: a wrong click keeps the mill and says why; f2 again takes it back')
    finally:
        server.stop()


# --- the Load error's line -----------------------------------------------------------------

def check_load_line(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.open(server.url + '#variant=six&moves=d2', 1)
        for text, where in [('b2 b2', 'line 1, ply 2'), ('b2\nd2 d2', 'line 2, ply 3'),
                            ('W:b2 B: b 5 6\n\nd2 d2', 'line 3, ply 2'),
                            ('[Variant "six"]\n\n1. b2 b2', 'line 3, ply 2')]:
            page.load_record(text)
            message = page.text('message')
            check(where in message and page.plies() == 1,
                  f'load: {text!r} was refused with {message!r}, not at {where}')
        log(f'load: the errors name the line pasted: {message!r}')
    finally:
        server.stop()


# --- the link ----------------------------------------------------------------------------

def check_link(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.open(server.url + '#variant=six&moves=d2+c4', 2)
        Select(driver.find_element(By.ID, 'level')).select_by_value('level3')
        driver.find_element(By.ID, 'computer-white').click()
        page.settle(3, 'the computer (White) at level 3')
        url = driver.current_url
        params = urllib.parse.parse_qs(urllib.parse.urlsplit(url).fragment)
        check(params.get('computer') == ['white'] and params.get('level') == ['level3'],
              f'link: the URL does not carry the computer and its level: {url}')
        page.open(url, 3)
        side = page.js("return document.querySelector('input[name=computer]:checked').value")
        level = page.js("return document.getElementById('level').value")
        check(side == 'white' and level == 'level3', f'link: the link opens with {side}, {level}')
        empty = page.js("return document.querySelector('#board .target').dataset.point")
        page.click(empty)
        page.settle(5, 'the computer of the link answers')
        driver.find_element(By.ID, 'computer-none').click()
        check('computer=' not in driver.current_url, f'link: "none" left {driver.current_url}')
        log(f'link: {url[url.index("#"):]} opens with the computer as White at level 3')
    finally:
        server.stop()


# --- Copy ----------------------------------------------------------------------------------

def check_copy(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = Page(driver, server)
        page.open(server.url + '#variant=six&moves=d2+c4', 2)
        driver.execute_cdp_cmd('Browser.grantPermissions', {
            'origin': server.url.rstrip('/'),
            'permissions': ['clipboardReadWrite', 'clipboardSanitizedWrite']})
        check(page.text('copy-status') == '', 'copy: something is said before Copy')
        driver.find_element(By.ID, 'copy').click()
        time.sleep(0.3)
        said = page.text('copy-status')
        copied = driver.execute_async_script(
            'const done = arguments[arguments.length - 1];'
            'navigator.clipboard.readText().then(done, e => done("error: " + e));')
        record = page.js("return document.getElementById('game-text').value")
        check(said == 'Copied' and copied == record and '1. d2 c4' in record,
              f'copy: Copy says {said!r}; the clipboard holds {copied!r}, the record {record!r}')
        time.sleep(3.2)
        check(page.text('copy-status') == '', 'copy: "Copied" stays')
        log('copy: Copy copies the record and says "Copied" for a few seconds')
    finally:
        server.stop()


def main():
    millbase, six_db, fifty_db = [os.path.abspath(a) for a in sys.argv[1:4]]
    started = time.time()
    profile = tempfile.mkdtemp(prefix='mill-sites-chromium-')
    tmp = tempfile.mkdtemp(prefix='mill-sites-')
    driver = None
    only = os.environ.get('MILL_SITES_ONLY', '')
    failures = []
    try:
        driver = start_browser(profile)
        steps = [('keys', lambda: check_keys(millbase, six_db, driver)),
                 ('new', lambda: check_new_game(millbase, six_db, driver)),
                 ('empty', lambda: check_empty_dir(millbase, six_db, driver, tmp)),
                 ('removal', lambda: check_removal(millbase, six_db, driver)),
                 ('load', lambda: check_load_line(millbase, six_db, driver)),
                 ('link', lambda: check_link(millbase, six_db, driver)),
                 ('copy', lambda: check_copy(millbase, six_db, driver)),
                 ('look', lambda: check_look(millbase, six_db, driver)),
                 ('value', lambda: check_long_value(millbase, six_db, fifty_db, driver)),
                 ('note', lambda: check_calm_note(millbase, six_db, driver))]
        for name, step in steps:
            if only and name not in only.split(','):
                continue
            try:
                step()
            except (CheckFailed, WebDriverException) as e:
                failures.append(str(e))
                print(f'mill_sites_test: FAILED ({name}): {str(e).splitlines()[0]}',
                      file=sys.stderr, flush=True)
            finally:
                driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        return 1
    print(f'all checks passed ({time.time() - started:.1f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
