"""What the browser tests of web/ share (page_test.py, first_minute_test.py,
offline_test.py): a `millbase serve` on a free port, headless Chromium through Selenium
(Debian: chromium, chromium-driver, python3-selenium), the page's state as the tests
read it, and checks that fail with a message.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit('the browser tests need Selenium for this python3 (' + sys.executable +
             '): apt-get install python3-selenium chromium chromium-driver')

CHROMIUM = shutil.which('chromium') or '/usr/bin/chromium'
CHROMEDRIVER = shutil.which('chromedriver') or '/usr/bin/chromedriver'
TIMEOUT = 20  # seconds for the page to settle after an action


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def log(message):
    print(message, flush=True)


def report_failure(name, error, driver, screenshot=None):
    """Says that test `name` failed with `error`, with the browser's console and, when
    given, a screenshot at that path; returns the exit code 1."""
    print(f'{name}: FAILED: {error}', file=sys.stderr)
    if driver:
        try:
            if screenshot:
                driver.save_screenshot(screenshot)
            for entry in driver.get_log('browser'):
                print('  browser console:', entry.get('message'), file=sys.stderr)
        except Exception:
            pass
    return 1


def close_all(driver, server, profile):
    """Quits the browser, stops the server (either may be None) and removes the
    browser's profile directory."""
    if driver:
        driver.quit()
    if server:
        server.stop()
    shutil.rmtree(profile, ignore_errors=True)


class ServeProcess:
    """`millbase serve ARGS --port 0` in a scratch directory (laid out first by
    prepare(cwd) when given); its URL is the first line it prints."""

    def __init__(self, millbase, args, prepare=None):
        self.cwd = tempfile.mkdtemp(prefix='millbase-serve-')
        if prepare:
            prepare(self.cwd)
        self.proc = subprocess.Popen(
            [millbase, 'serve', *args, '--port', '0'],
            cwd=self.cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = []
        reader = threading.Thread(target=lambda: first.append(self.proc.stdout.readline()))
        reader.start()
        reader.join(30)
        line = first[0].strip() if first else ''
        prefix = 'millbase serve: '
        if not line.startswith(prefix):
            self.stop()
            raise CheckFailed(f'millbase serve {" ".join(args)} did not print its URL first '
                              f'(got {line!r}; stderr: {self.proc.stderr.read().strip()!r})')
        self.url = line[len(prefix):]
        self.port = int(self.url.rstrip('/').rsplit(':', 1)[1])

    def stop(self):
        stop_process(self.proc)
        shutil.rmtree(self.cwd, ignore_errors=True)


def stop_process(proc):
    """Ends proc: terminated, then killed if it has not ended within 10 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def start_browser(profile):
    """Headless Chromium with its user data in profile; exits naming what is missing."""
    for path in [CHROMIUM, CHROMEDRIVER]:
        if not os.access(path, os.X_OK):
            sys.exit(f'{path} is missing: apt-get install chromium chromium-driver')
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                 '--disable-background-networking', '--disable-component-update',
                 '--disable-sync', '--disable-dev-shm-usage', f'--user-data-dir={profile}',
                 '--window-size=1100,800']:
        options.add_argument(flag)
    options.set_capability('goog:loggingPrefs', {'performance': 'ALL', 'browser': 'ALL'})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    return driver


class PageReader:
    """What every page test reads of the page: scripts, texts, plies, and the wait until
    it settles (extra: a further JavaScript condition of being settled)."""

    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, element_id):
        return self.js(f"return document.getElementById('{element_id}').textContent")

    def plies(self):
        return int(self.js('return document.body.dataset.plies || "0"'))

    def page_moves(self):
        """The legal moves the page lists, in its order: [(move, result, distance, 50-ply
        class, text)]."""
        return self.js("""
            return [...document.querySelectorAll('#legal-moves [data-move]')].map(b => [
              b.dataset.move, b.dataset.result || null,
              b.dataset.distance === undefined || b.dataset.distance === '' ? null : Number(b.dataset.distance),
              b.dataset.class || null, b.querySelector('.value').textContent]);""")

    def settle(self, plies=None, what='the page', extra=''):
        """Waits until no request is on its way and the computer is not thinking."""
        def settled(_):
            idle = self.js('return document.body.dataset.busy === "false" && '
                           '!document.body.dataset.thinking' + extra)
            return idle and (plies is None or self.plies() == plies)
        try:
            WebDriverWait(self.driver, TIMEOUT, poll_frequency=0.05).until(settled)
        except Exception:
            body = self.js('return document.body ? document.body.innerText.slice(0, 200) : ""')
            raise CheckFailed(f'{what} did not settle within {TIMEOUT} s (plies '
                              f'{self.plies()}, wanted {plies}; the page reads {body!r})')


def phone_png(png):
    """The phone screenshot's name beside png: page.png -> page-phone.png."""
    root, ext = os.path.splitext(png)
    return root + '-phone' + (ext or '.png')
