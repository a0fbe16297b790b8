"""Checks 7 and 8 of first_minute_test.py (issue #49): the page's layout at 1280x800
and on a phone, and the feel of the board: stones in hand, animation, the best move's
mark, the end of the game said once, the 50-ply note."""
import re
import time
import urllib.parse

from browser_harness import CheckFailed, check, log, phone_png, TIMEOUT
from first_minute_page import FirstMinute, Server
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

LOSS_RED = (207, 34, 46)


def rgb(text):
    return tuple(int(x) for x in re.findall(r'\d+', text)[:3])


def find_lost(server):
    """Returns (start, moves) of a position of six whose side to move loses."""
    start = 'W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 b'
    status, game = server.api('game', variant='six', start=start)
    check(status == 200, f'the API refused {start}: {game}')
    if game['value'] and game['value']['result'] == 'loss':
        return start, ''
    for m in game['legal']:
        status, after = server.api('game', variant='six', start=start, moves=m['move'])
        for n in after['legal']:
            status, last = server.api('game', variant='six', start=start, moves=m['move'] + ' ' + n['move'])
            if last['outcome'] == 'ongoing' and last['value'] and last['value']['result'] == 'loss':
                return start, m['move'] + ' ' + n['move']
    raise CheckFailed('no lost position found near ' + start)


def check_feel(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        page.open(server.url)
        # 8: stones in hand as stones, the points to place on marked alike (#66: they
        # were not), a bold best placement.
        hands = page.js("""return ['white', 'black'].map(s => document.querySelectorAll(
            `#board .hand.${s} .stone.in-hand.${s}`).length)""")
        check(hands == [6, 6], f'8: the stones in hand drawn: {hands}, not [6, 6]')
        marked = page.js("return [document.querySelectorAll('#board .target').length, "
                         "document.querySelectorAll('#board .movable').length]")
        check(marked == [16, 0], f'8: on the empty board [targets, movable] are {marked}, not [16, 0]')
        dots = set(page.js("return [...document.querySelectorAll('#board .dot')].map(d => getComputedStyle(d).fill)"))
        check(len(dots) == 1, f'8: the points to place on are drawn in {dots}')
        best = page.js("""const b = document.querySelector('#board .best-move');
            return [getComputedStyle(b).opacity, !!b.querySelector('.halo'),
                    getComputedStyle(b.querySelector('.spot')).fill]""")
        check(float(best[0]) >= 0.85 and best[1], f'8: the best placement is faint: {best}')
        # 8: a move is animated.
        page.click('d2')
        WebDriverWait(driver, TIMEOUT, poll_frequency=0.02).until(
            lambda _: page.js("return document.getElementById('board').dataset.animated") == 'd2' or page.plies())
        animated = page.js("""return document.getElementById('board').dataset.animated ||
            document.getAnimations().filter(a => a.effect && a.effect.target &&
              a.effect.target.closest && a.effect.target.closest('#board')).length""")
        check(animated in ('d2', 1), f'8: the move d2 was not animated ({animated!r})')
        page.settle(1, 'd2')
        hands = page.js("return document.querySelectorAll('#board .hand.white .stone.in-hand').length")
        check(hands == 5, f'8: after d2 White has {hands} stones drawn in hand, not 5')
        log('8: stones in hand drawn, the points to place on marked, a bold best placement, the move animated')

    finally:
        server.stop()


def check_layout_desktop(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        page.open(server.url + '#variant=six&moves=d2', 1)
        # 7: at 1280x800 the key under the board is in sight; with a banner (five has no
        # tables) the board's last row is too.
        key = page.js("return document.getElementById('board-key').getBoundingClientRect().bottom")
        check(key <= 800, f'7: at 1280x800 the key under the board ends at {key:.0f} px')
        time.sleep(0.6)  # the last move's animation
        driver.save_screenshot(png)
        page.open(server.url + '#variant=five', 0)
        check(not page.js("return document.getElementById('tables-error').hidden"), '7: five shows no banner')
        bottom = page.js("""return Math.max(...[...document.querySelectorAll('#board [data-point] .dot')]
            .map(d => d.getBoundingClientRect().bottom))""")
        check(bottom <= 800, f'7: with a banner the board\'s last row ends at {bottom:.0f} px (> 800)')
        key = page.js("return document.getElementById('board-key').getBoundingClientRect().bottom")
        check(key <= 800, f'7: with a banner the key ends at {key:.0f} px (> 800)')
        log(f'7: 1280x800: the key in sight; with a banner the last row ends at {bottom:.0f} px')
    finally:
        server.stop()


def check_double_click(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        # 7: a double-click on the board selects no text.
        page.open(server.url)
        for target in ['#board .coordinate', '#prompt', '#board [data-point="d2"]']:
            element = driver.find_element(By.CSS_SELECTOR, target)
            ActionChains(driver).double_click(element).perform()
            selected = page.js('return getSelection().toString()')
            check(selected == '', f'7: a double-click on {target} selects {selected!r}')
        page.settle()
        log('7: a double-click on the board selects nothing')

    finally:
        server.stop()


def check_best_lost(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        # 8: the best move in a lost position is not red.
        start, moves = find_lost(server)
        page.open(server.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start, 'moves': moves}))
        check('loss' in page.text('value'), f'8: the position is not lost: {page.text("value")!r}')
        colours = page.js("""return [...document.querySelectorAll('#board .best-move *')]
            .map(e => [getComputedStyle(e).fill, getComputedStyle(e).stroke])""")
        flat = {rgb(c) for pair in colours for c in pair if c not in ('none',)}
        check(flat and LOSS_RED not in flat and all(not (r > 150 and g < 110 and b < 110) for r, g, b in flat),
              f'8: the best move in a lost position is drawn in {flat}')
        width = page.js("return getComputedStyle(document.querySelector('#board .best-move .arrow')).strokeWidth")
        check(float(width.rstrip('px')) >= 10, f'8: the best move\'s arrow is {width} wide')
        log(f'8: the best move in a lost position: {sorted(flat)}, arrow {width}')

    finally:
        server.stop()


def check_over_once(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        # 8: game over said once.
        start = 'W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w'
        page.open(server.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start,
                                                            'moves': 'd3-c3'}), 1)
        body = page.js('return document.body.innerText')
        said = len(re.findall(r'White wins', body))
        check(said == 1, f'8: the end of the game is said {said} times: {body[:600]!r}')
        log('8: the end of the game is said once')

    finally:
        server.stop()


def check_phone(millbase, six_db, driver, png):
    server = Server(millbase, six_db, 'six')
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        # 7: a phone.
        page.open(server.url + '#variant=six&moves=d2+c4+b2')
        driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                               {'width': 390, 'height': 844, 'deviceScaleFactor': 2, 'mobile': True})
        driver.refresh()
        page.settle(3, 'the page on a phone')
        time.sleep(0.6)  # the last move's animation
        driver.save_screenshot(phone_png(png))
        header = page.js("return document.querySelector('header').getBoundingClientRect().height")
        check(header <= 130, f'7: on a phone the header is {header:.0f} px high')
        menu = page.js("""const s = document.getElementById('variant'), r = s.getBoundingClientRect();
            const c = s.cloneNode(true);
            c.style.cssText = 'position:absolute; max-width:none; width:auto; visibility:hidden';
            document.body.append(c);
            const natural = c.getBoundingClientRect().width;
            c.remove();
            return [r.left, r.right, r.width, natural, innerWidth];""")
        check(menu[0] >= 0 and menu[1] <= menu[4] and menu[2] >= menu[3] - 0.5,
              f'7: on a phone the variant menu is cut: left, right, width, natural width, window {menu}')
        overflow = page.js('return [document.documentElement.scrollWidth, innerWidth]')
        check(overflow[0] <= overflow[1], f'7: the phone page scrolls sideways: {overflow}')
        hands = page.js("return document.querySelectorAll('#board .hand .stone.in-hand').length")
        check(hands == 9, f'7: on a phone {hands} stones in hand are drawn, not 9')
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        log(f'7: on a phone the header is {header:.0f} px, the variant menu whole ({menu[2]:.0f} px)')
    finally:
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        server.stop()


def check_fifty_notes(millbase, six_db, fifty_db, driver):
    # 8: the 50-ply notes: one short line each, the long form on hover and tap; the moves
    # one line each.
    server = Server(millbase, six_db, 'six', '--db', fifty_db, '--plain', six_db)
    try:
        page = FirstMinute(driver, server)
        page.size(1280, 800)
        start = 'W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w'
        page.open(server.url + '#' + urllib.parse.urlencode({'variant': 'six', 'start': start}))
        note = page.js("""const n = document.getElementById('rule-note');
            return [n.hidden, n.querySelector('summary') ? n.querySelector('summary').textContent : n.textContent,
                    n.title || '', n.getBoundingClientRect().height,
                    parseFloat(getComputedStyle(n).lineHeight) || 20]""")
        check(not note[0] and len(note[1]) <= 70 and note[3] <= 2 * note[4],
              f'8: the 50-ply note is not one short line: {note}')
        check('next mill' in note[2] and 'win in 1' in note[2], f'8: the note\'s long form on hover: {note[2]!r}')
        driver.find_element(By.CSS_SELECTOR, '#rule-note summary').click()
        opened = page.js("return document.getElementById('rule-note').innerText")
        check('win in 1' in opened, f'8: tapping the note shows {opened!r}')
        tall = page.js("""return [...document.querySelectorAll('#legal-moves [data-move], #move-list li')]
            .map(b => [b.textContent, b.getBoundingClientRect().height,
                       parseFloat(getComputedStyle(b).lineHeight) || 20])
            .filter(([, h, line]) => h > 1.9 * line)""")
        check(page.js("return document.querySelectorAll('#legal-moves .plain').length") > 0,
              '8: no value without the rule is shown')
        check(not tall, f'8: move cells wrap: {tall[:3]}')
        log(f'8: the 50-ply note is one line ({note[1]!r}), the moves one line each')
    finally:
        server.stop()
