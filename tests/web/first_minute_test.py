#!/usr/bin/env python3
"""A newcomer's first minute with the page of `millbase serve`, in headless Chromium
(issue #49: every numbered defect has a check here, named by its number).

usage: first_minute_test.py MILLBASE SIX_DB SIX_FIFTY_DB OUT_PNG

Servers run from a working directory whose data/six is SIX_DB (so six has tables and
the others none), and check:
 1. `serve --variant five` opens five, `serve --variant nine` opens nine, although six
    has tables (the page took the first variant with tables);
 2. a link the API refuses (#variant=nine&moves=d2+d2, and the issue's
    #variant=six&moves=d2+d2) gives a new game of the link's variant and says why;
 3. with 80 idle connections from 127.0.0.1 (more than its bound of 64) the page loads
    in at most 2 s; a request the server refuses (503) is retried, the page never shows
    its JSON, and the move clicked meanwhile is played;
 4. Load with an empty box keeps the game; Undo after a Load brings the game back;
 5. Undo after the computer's first move as White takes it back, and the computer does
    not play it again by itself;
 6. the record reader is the CLI's: a Result the moves contradict is refused, a
    resigned game loads as resigned, a finished game copies with Result and Reason;
 7. at 1280x800 the key under the board is in sight, and with a banner the board's last
    row; on a 390x844 phone the header is small and the variant menu whole; a
    double-click on the board selects no text;
 8. stones in hand are drawn as stones beside the board; a move is animated; the best
    move is marked boldly in one colour that is not red, even in a lost position; the
    points to place on are marked alike (#66); the end of the game is said once; the 50-ply note is one short line with the long form on hover and tap;
    move cells are one line;
 9. a missing placement table of nine says that its command is the whole solve, and
    about how long it takes (checked on the API's answer for nine's empty board when
    only a movement sector of nine is solved).
And the level menu of #46: Perfect and Levels 5 to 1 as /api/variants lists them, a line
saying what the chosen level sees (and, #66, that perfect play misses five's tables and
Level 5 plays instead), and level 3 playing five without tables.
Screenshots at 1280x800 to OUT_PNG and 390x844 to OUT_PNG with -phone.
Prints "all checks passed" at the end; exits 1 with the failed check otherwise.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import CheckFailed, check, log, start_browser  # noqa: E402
from first_minute_page import FirstMinute, Server  # noqa: E402
from first_minute_look import (check_best_lost, check_double_click, check_feel,  # noqa: E402
                               check_fifty_notes, check_layout_desktop, check_over_once,
                               check_phone)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402


# --- 1 and 2: the server's variant; a refused link keeps its variant ----------------------

def check_variant(millbase, six_db, driver):
    for variant in ['five', 'nine']:
        server = Server(millbase, six_db, variant)
        try:
            page = FirstMinute(driver, server)
            page.open(server.url)
            check(page.variant() == variant,
                  f'1: serve --variant {variant} opens {page.variant()!r} (six has tables)')
            log(f'1: serve --variant {variant} opens {variant}, though six has tables')
        finally:
            server.stop()


def check_link(millbase, six_db, driver):
    for variant, link in [('five', 'nine'), ('nine', 'five')]:
        server = Server(millbase, six_db, variant)
        try:
            page = FirstMinute(driver, server)
            for bad in [link, 'six']:
                page.open(server.url + f'#variant={bad}&moves=d2+d2', 0)
                message = page.text('message')
                check(page.variant() == bad and page.plies() == 0,
                      f'2: the refused link #variant={bad}&moves=d2+d2 gives {page.variant()!r} '
                      f'with {page.plies()} plies')
                check(bad in message and 'd2' in message and 'refused' in message,
                      f'2: the refused link says {message!r}')
                check('{' not in message, f'2: the message shows JSON: {message!r}')
            log(f'2: refused links keep their variant: {message!r}')
        finally:
            server.stop()


# --- 3: idle connections, refused requests ------------------------------------------------

def check_crowded(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    idle = []
    try:
        page = FirstMinute(driver, server)
        # The browser warmed up on another origin of the server (localhost), so that it
        # keeps no connection to 127.0.0.1 (one kept alive would hold a slot of its own).
        page.open(server.url.replace('127.0.0.1', 'localhost'), 0)
        driver.get('about:blank')
        for _ in range(80):
            idle.append(socket.create_connection(('127.0.0.1', server.port), timeout=10))
        time.sleep(1.1)  # idle: silent for 1 s, so a connection gives up its slot
        started = time.monotonic()
        driver.get(server.url)
        page.settle(0, 'the page beside 80 idle connections')
        seconds = time.monotonic() - started
        body = page.js('return document.body.innerText')
        check(seconds <= 2.0, f'3: beside 80 idle connections the page loaded in {seconds:.2f} s (> 2 s)')
        check('too many connections' not in body and '{"error"' not in body,
              f'3: the page shows the server refusing it: {body[:300]!r}')
        log(f'3: beside 80 idle connections from 127.0.0.1 the page loaded in {seconds:.2f} s')
    finally:
        for s in idle:
            s.close()
        server.stop()


def check_retry(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.open(server.url, 0)
        # The server refuses the next two requests (as when every slot is busy): the page
        # says it retries, shows no JSON, and plays the move clicked.
        page.js("""
            const real = window.fetch;
            window.refused = 0;
            window.fetch = (...args) => window.refused < 2
              ? (++window.refused, Promise.resolve(new Response(
                  '{"error":"too many connections from 127.0.0.1: at most 16 at once"}',
                  {status: 503, headers: {'Content-Type': 'application/json'}})))
              : real(...args);
            window.seen = [];
            new MutationObserver(() => window.seen.push(document.body.innerText))
              .observe(document.body, {subtree: true, childList: true, characterData: true});""")
        page.click('d2')
        page.settle(1, 'a move clicked while the server refuses')
        seen = page.js('return window.seen')
        check(page.js('return window.refused') == 2, '3: the fake refusals were not used')
        check(page.js("return document.querySelector('#move-list [data-ply]').textContent") == 'd2',
              '3: the move clicked while the server refused is not the one played')
        check(any('trying again' in s for s in seen), '3: the page did not say that it retries')
        shown = [s for s in seen if '{"error"' in s or 'too many connections' in s]
        check(not shown, '3: the page showed the refusal: ' + (shown[0][:300] if shown else ''))
        check(page.js("return document.getElementById('retry').hidden"),
              '3: the retry note stays after the answer')
        log('3: two refused requests retried, no JSON shown, the move clicked played')
    finally:
        server.stop()


# --- 4, 5, 6: load, undo, the computer's first move, records ------------------------------

def check_game(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.open(server.url + '#variant=six&moves=d2+c4+b2', 3)
        page.load_record('   \n')
        check(page.plies() == 3, f'4: Load with an empty box left {page.plies()} plies, not 3')
        check('empty' in page.text('message'), f'4: the message is {page.text("message")!r}')
        page.load_record('[Variant "six"]\n\n1. f4 d6')
        check(page.plies() == 2, f'4: the loaded record gave {page.plies()} plies')
        driver.find_element(By.ID, 'undo').click()
        page.settle(3, 'undo after a load')
        moves = page.js("return [...document.querySelectorAll('#move-list [data-ply]')].map(b => b.textContent)")
        check(moves == ['d2', 'c4', 'b2'], f'4: undo after a load gives {moves}, not the game before')
        log('4: Load with an empty box keeps the game; undo brings back a loaded-over game')
    finally:
        server.stop()


def check_undo_computer(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        # 5: the computer plays White and moves first; undo takes its move back for good.
        page.open(server.url, 0)
        driver.find_element(By.ID, 'computer-white').click()
        page.settle(1, 'the computer as White')
        driver.find_element(By.ID, 'undo').click()
        page.settle(0, 'undo of the computer\'s first move')
        time.sleep(2.0)  # longer than the computer's delay
        check(page.plies() == 0, f'5: after undo the computer played again ({page.plies()} plies)')
        check('waits' in page.text('prompt'), f'5: the prompt reads {page.text("prompt")!r}')
        driver.find_element(By.ID, 'computer-go').click()
        page.settle(1, 'the computer asked to move')
        driver.find_element(By.ID, 'computer-none').click()
        log('5: undo after the computer\'s first move as White takes it back; it waits')
    finally:
        server.stop()


def check_records(millbase, six_db, driver):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        # 6: the record reader is the CLI's.
        page.open(server.url + '#variant=six&moves=d2+c4', 2)
        for record, why in [('[Variant "six"]\n[Result "1-0"]\n\n1. d2 c4 2. b2', 'the record says'),
                            ('[Variant "six"]\n[Reason "repetition"]\n\n1. d2 c4', 'Reason')]:
            page.load_record(record)
            message = page.text('message')
            check(page.plies() == 2 and why in message,
                  f'6: a record the moves contradict ({record!r}) gave {page.plies()} plies, '
                  f'message {message!r}')
        page.load_record('[Variant "six"]\n[Result "0-1"]\n[Reason "resignation"]\n\n1. d2 c4 0-1')
        prompt = page.text('prompt')
        check(page.plies() == 2 and 'resign' in prompt.lower() and
              not page.js("return document.querySelectorAll('#legal-moves [data-move]').length"),
              f'6: a resigned game loads as {prompt!r}')
        check('resigned=1' in driver.current_url, f'6: the link of a resigned game: {driver.current_url}')
        start = 'W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w'
        page.open(server.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start,
                                                            'moves': 'd3-c3'}), 1)
        record = page.js("return document.getElementById('game-text').value")
        check('[Result "1-0"]' in record and '[Reason "no-legal-move"]' in record and
              f'[Start "{start}"]' in record, f'6: the finished game copies as {record!r}')
        log('6: contradicting records refused, a resignation loaded, a finished game copied whole')
    finally:
        server.stop()


# --- 9: the banner of a missing placement table -----------------------------------------

def check_banner(millbase, six_db, tmp):
    nine = os.path.join(tmp, 'nine-3-3')
    r = subprocess.run([millbase, 'solve', '--variant', 'nine', '--sector', '3-3', '--out', nine, '-q'],
                       capture_output=True, text=True, timeout=600)
    check(r.returncode == 0, f'9: solving nine --sector 3-3 failed: {r.stderr.strip()}')
    server = Server(millbase, six_db, 'nine', '--db', nine)
    try:
        status, game = server.api('game', variant='nine')
        banner = game.get('tables_error') or ''
        check(status == 200 and '--sector' in banner, f'9: nine\'s empty board: {status} {banner!r}')
        check('whole solve' in banner and '1 h 20 min' in banner,
              f'9: the banner does not say the command is the whole solve, and how long: {banner!r}')
        log(f'9: {banner}')
    finally:
        server.stop()


# --- The computer's levels (#46) ------------------------------------------------------------

def check_levels(millbase, six_db, driver):
    server = Server(millbase, six_db, 'five')
    try:
        page = FirstMinute(driver, server)
        page.open(server.url, 0)
        status, body = server.api('variants')
        levels = body['levels']
        # The menu is the API's levels: Perfect, then Levels 9 to 1; five has no tables
        # here, so the menu says so beside Perfect and Levels 9 to 6.
        options = page.js("return [...document.querySelectorAll('#level option')]"
                          ".map(o => [o.value, o.textContent])")
        def entry(l):  # the level with its rating on five where measured, as the menu says it
            elo = l.get('elo', {}).get('five')
            return l['label'] + (f' (Elo {elo})' if elo else '') + (' (no tables)' if l['tables'] else '')
        check(options == [[l['name'], entry(l)] for l in levels],
              f'levels: the menu offers {options}, the API {levels}')
        check([o[0] for o in options] == ['perfect'] + [f'level{n}' for n in range(9, 0, -1)],
              f'levels: the menu offers {options}')
        sees = {l['name']: l['sees'] for l in levels}
        # Perfect in five, which has no tables here: the line says so, and that Level 5
        # plays instead.
        line = page.text('level-sees')
        check(line.startswith("Perfect needs five's tables, not here") and
              line.endswith('Level 5 plays instead, and sees ' + sees['level5']),
              f'levels: with five\'s tables missing, perfect reads {line!r}')
        # Level 3: its line, and it plays without the tables.
        Select(driver.find_element(By.ID, 'level')).select_by_value('level3')
        line = page.text('level-sees')
        level3 = next(l for l in levels if l['name'] == 'level3')
        check(line == f"Level 3 (Elo {level3['elo']['five']}) sees {level3['sees']}",
              f'levels: level 3 reads {line!r}')
        driver.find_element(By.ID, 'computer-white').click()
        page.settle(1, 'level 3 as White in five, which has no tables')
        check(page.text('message') == '', f'levels: the computer\'s move says {page.text("message")!r}')
        driver.find_element(By.ID, 'computer-none').click()
        log(f'levels: the menu offers {[o[1] for o in options]}; level 3 moves without tables: {line}')
    finally:
        server.stop()


def main():
    millbase, six_db, fifty_db, png = [os.path.abspath(a) for a in sys.argv[1:5]]
    started = time.time()
    profile = tempfile.mkdtemp(prefix='first-minute-chromium-')
    tmp = tempfile.mkdtemp(prefix='first-minute-')
    driver = None
    only = os.environ.get('FIRST_MINUTE_ONLY', '')
    try:
        driver = start_browser(profile)
        steps = [('variant', lambda: check_variant(millbase, six_db, driver)),
                 ('link', lambda: check_link(millbase, six_db, driver)),
                 ('crowded', lambda: check_crowded(millbase, six_db, driver)),
                 ('retry', lambda: check_retry(millbase, six_db, driver)),
                 ('load', lambda: check_game(millbase, six_db, driver)),
                 ('undo', lambda: check_undo_computer(millbase, six_db, driver)),
                 ('records', lambda: check_records(millbase, six_db, driver)),
                 ('feel', lambda: check_feel(millbase, six_db, driver, png)),
                 ('desktop', lambda: check_layout_desktop(millbase, six_db, driver, png)),
                 ('dblclick', lambda: check_double_click(millbase, six_db, driver, png)),
                 ('lost', lambda: check_best_lost(millbase, six_db, driver, png)),
                 ('over', lambda: check_over_once(millbase, six_db, driver, png)),
                 ('phone', lambda: check_phone(millbase, six_db, driver, png)),
                 ('fifty', lambda: check_fifty_notes(millbase, six_db, fifty_db, driver)),
                 ('banner', lambda: check_banner(millbase, six_db, tmp)),
                 ('levels', lambda: check_levels(millbase, six_db, driver))]
        failures = []
        for name, step in steps:
            if only and name not in only.split(','):
                continue
            try:
                step()
                driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
            except (CheckFailed, WebDriverException) as e:
                driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
                failures.append(str(e))
                print(f'first_minute_test: FAILED ({name}): {str(e).splitlines()[0]}',
                      file=sys.stderr, flush=True)
        if failures:
            return 1
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f'all checks passed ({time.time() - started:.1f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
