#!/usr/bin/env python3
"""The offline page with nine's tables served beside it (issue #66), from a real static
host: tools/build_offline.sh OUT --tables nine=NINE_DB, OUT served by nginx on loopback,
opened in headless Chromium.

Usage: served_tables_test.py MILLBASE OFFLINE_DIR NINE_DB

NINE_DB holds nine's endgames (solve --max-stones 4, 50-ply tables, as CI builds them).
Checks that:
- along games of nine from positions of those tables, played by the page's perfect
  player (/api/computer, level perfect), every answer of the page's engine
  (window.millbaseOffline) is the same JSON as `millbase serve` gives on NINE_DB for the
  same request: the position's value and every legal move's;
- the page itself lists the moves with those values;
- every request the page made went to its own origin, and every request for a table
  asked for a byte range and was answered 206 with that range (no table whole), or 404
  for a table that is not served (nine's placement, on the empty board);
- loaded again, the page answers the same from the browser's Cache Storage and fetches
  no table byte again;
- the panel's button downloads every table whole into the browser's storage; then,
  with the host stopped, the page plays positions it never read before, equal to serve;
- opened from file:// with the network off, it takes the tables from a folder on disk
  (the panel's folder input) and plays equal to serve, with no request.
Prints the requests and bytes fetched, and "all checks passed".
"""
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import CheckFailed, PageReader, ServeProcess, start_browser  # noqa: E402
from api_calls import offline_api, served  # noqa: E402
from static_host import StaticHost  # noqa: E402

MILLBASE, OFFLINE, NINE = (os.path.abspath(a) for a in sys.argv[1:4])
# Positions of nine's tables up to 4 stones a side (movement and flying).
STARTS = ['W:a1,d2,g4,c5 B:b6,f6,d7 w', 'W:a1,g1,d5,e4 B:b2,f2,c3,e5 b',
          'W:d1,b4,f4,d6 B:a7,g7,c3,e3 w']
# Others, for after the download (so that no range of them was fetched before).
LATER = ['W:b2,f2,d6,a4 B:g1,g7,a7 b', 'W:c3,e3,c5 B:d1,d7,b4,f4 w']
PLIES = 12


def fail(message):
    print('FAIL: ' + message, flush=True)
    sys.exit(1)


def page_api(driver, path, params):
    try:
        return offline_api(driver, path, params)
    except CheckFailed as e:
        fail(str(e))


def wait_state(driver, state):
    """Waits until nine's row of the tables panel is in `state`; fails on an error."""
    for _ in range(300):
        now = driver.execute_script(
            "return document.querySelector('[data-variant=nine]').dataset.state")
        if now == state:
            return
        if now == 'error':
            fail('the tables panel: ' + driver.execute_script(
                "return document.querySelector('[data-variant=nine] .tables-where').textContent"))
        time.sleep(0.1)
    fail('the tables panel did not reach %r (it is %r)' % (state, now))


def play_games(driver, base, starts=None):
    """Plays PLIES plies of perfect play from each start in the page and in serve; returns
    the number of positions compared."""
    compared = 0
    for start in starts or STARTS:
        moves = []
        for _ in range(PLIES):
            params = {'variant': 'nine', 'start': start, 'moves': ' '.join(moves)}
            page, want = page_api(driver, 'game', params), served(base, 'game', params)
            if page != want:
                fail('game %s: the page answered %s, serve %s' %
                     (params, json.dumps(page)[:400], json.dumps(want)[:400]))
            if page[1]['value'] is None:
                fail('game %s: no value: %s' % (params, page[1]['tables_error']))
            compared += 1
            if page[1]['outcome'] != 'ongoing':
                break
            ask = dict(params, level='perfect', seed='3')
            move, want_move = page_api(driver, 'computer', ask), served(base, 'computer', ask)
            if move != want_move:
                fail('computer %s: the page played %s, serve %s' % (ask, move, want_move))
            moves.append(move[1]['move'])
    return compared


def play_without_requests(driver, base, starts, source, when):
    """Plays from `starts` (play_games), checking that the page read its tables from
    `source` (a counter of millbaseTables.stats: 'downloaded' or 'local') and made no
    request."""
    compared = play_games(driver, base, starts)
    stats = driver.execute_script('return window.millbaseTables.stats')
    print('%s: %d positions equal to serve\'s; %d reads (%s), %d requests' %
          (when, compared, stats[source], source, stats['requests']))
    if stats['requests'] or not stats[source]:
        fail('%s the page made %d requests, %d reads (%s)' %
             (when, stats['requests'], stats[source], source))


def table_requests(host):
    return [r for r in host.requests() if r[1].startswith('/tables/')]


profile = tempfile.mkdtemp(prefix='served-test-chromium-')
host = StaticHost(OFFLINE)
driver = start_browser(profile)
server = None
try:
    try:
        server = ServeProcess(MILLBASE, ['--variant', 'nine', '--db', NINE])
    except CheckFailed as e:
        fail(str(e))
    page = PageReader(driver)
    # The empty board first: its tables are not served (404), and the page says so.
    driver.get(host.url + 'index.html#variant=nine')
    page.settle()
    missing = page.text('tables-error')
    if 'do not reach this position' not in missing:
        fail('nine\'s empty board without its tables: %r' % missing)
    driver.get(host.url + 'index.html#variant=nine&start=' + urllib.parse.quote(STARTS[0]))
    compared = play_games(driver, server.url)
    first = table_requests(host)
    fetched = sum(r[4] for r in first)
    print('first visit: %d positions equal to serve\'s; %d table requests, %d bytes' %
          (compared, len(first), fetched))
    if not first:
        fail('the page fetched no table')
    for method, uri, rng, status, size in first:
        absent = not os.path.exists(os.path.join(NINE, os.path.basename(uri)))
        if method != 'GET' or not rng or not rng.startswith('bytes=') or \
                status != (404 if absent else 206):
            fail('a table request without a range or not answered 206 (404 for a table not '
                 'served): %s %s %s %d' % (method, uri, rng, status))
        lo, hi = rng[len('bytes='):].split('-')
        if size > int(hi) - int(lo) + 1:
            fail('a range of %s answered with %d bytes' % (rng, size))
    whole = sum(os.path.getsize(os.path.join(NINE, f)) for f in os.listdir(NINE)
                if f.endswith('.mbt'))
    print('the tables: %d bytes; fetched %.1f%% of them' % (whole, 100.0 * fetched / whole))

    # The page lists the moves with the values serve gives.
    page.settle()
    listed = page.page_moves()
    _, want = served(server.url, 'game', {'variant': 'nine', 'start': STARTS[0]})
    if [m[0] for m in listed] != [m['move'] for m in want['legal']] or \
            [m[1] for m in listed] != [m['value']['result'] for m in want['legal']]:
        fail('the page lists %s, serve %s' % (listed, [(m['move'], m['value']) for m in want['legal']]))
    print('the page lists the %d moves of %s with serve\'s values' % (len(listed), STARTS[0]))

    # Every request of the page went to its own origin.
    resources = driver.execute_script(
        "return [location.href].concat(performance.getEntriesByType('resource').map(e => e.name))")
    foreign = [u for u in resources if not u.startswith(host.url)]
    if foreign:
        fail('requests outside the page\'s origin: %s' % foreign[:5])

    # Again, from the browser's storage: no table byte fetched a second time.
    before = len(host.requests())
    driver.get('about:blank')
    driver.get(host.url + 'index.html#variant=nine')
    compared = play_games(driver, server.url)
    again = [r for r in host.requests()[before:] if r[1].startswith('/tables/')]
    stats = driver.execute_script('return window.millbaseTables.stats')
    print('second visit: %d positions equal to serve\'s; %d table requests; %d ranges from '
          'the browser\'s cache' % (compared, len(again), stats['cached']))
    if again:
        fail('the second visit fetched tables again: %s' % again[:5])
    if stats['cached'] == 0:
        fail('the second visit read nothing from the browser\'s cache')

    # Downloaded once into the browser's storage (the panel's button, with its progress
    # bar), then played with the host stopped: no request at all.
    before = len(host.requests())
    driver.get('about:blank')
    driver.get(host.url + 'index.html#variant=nine')
    page.settle()
    driver.execute_script("document.getElementById('tables-panel').open = true;"
                          "document.querySelector('[data-variant=nine] .tables-download').click()")
    wait_state(driver, 'downloaded')
    whole_gets = [r for r in host.requests()[before:] if r[1].startswith('/tables/')]
    if sorted(r[1] for r in whole_gets) != sorted('/tables/nine/' + f for f in os.listdir(NINE)
                                                   if f.endswith('.mbt')) or \
            any(r[2] or r[3] != 200 for r in whole_gets):
        fail('the download asked for %s' % whole_gets)
    print('downloaded: %s' % driver.execute_script(
        "return document.querySelector('[data-variant=nine] .tables-where').textContent"))
    driver.get('about:blank')
    driver.get(host.url + 'index.html#variant=nine')
    page.settle()
    host.stop()
    play_without_requests(driver, server.url, LATER, 'downloaded', 'with the host stopped')

    # A folder on the player's disk, the page opened from file:// with the network off.
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0,
                                  upload_throughput=0)
    driver.get('file://' + OFFLINE + '/index.html#variant=nine')
    page.settle()
    driver.execute_script("document.getElementById('tables-panel').open = true")
    driver.find_element('css selector', '[data-variant=nine] input[type=file]').send_keys(NINE)
    wait_state(driver, 'folder')
    play_without_requests(driver, server.url, STARTS, 'local', 'from a local folder, offline')
    print('all checks passed')
finally:
    driver.quit()
    host.stop()
    if server:
        server.stop()
    shutil.rmtree(profile, ignore_errors=True)
