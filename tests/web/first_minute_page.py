"""The page of first_minute_test.py: a `millbase serve` of one variant beside six's
tables, and what the checks read and do on its page."""
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

from browser_harness import PageReader, ServeProcess, check
from selenium.webdriver.common.by import By


class Server(ServeProcess):
    """`millbase serve --variant VARIANT ...` in a directory whose data/six is six's
    tables (and data/nine nine_db's, when given)."""

    def __init__(self, millbase, six_db, variant, *extra, nine_db=None):
        def prepare(cwd):
            os.mkdir(os.path.join(cwd, 'data'))
            os.symlink(os.path.abspath(six_db), os.path.join(cwd, 'data', 'six'))
            if nine_db:
                os.symlink(os.path.abspath(nine_db), os.path.join(cwd, 'data', 'nine'))
        super().__init__(millbase, ['--variant', variant, *extra], prepare)

    def api(self, path, **params):
        url = self.url + 'api/' + path + '?' + urllib.parse.urlencode(params)
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


class FirstMinute(PageReader):
    def __init__(self, driver, server):
        super().__init__(driver)
        self.d, self.server = driver, server

    def variant(self):
        return self.js("return document.getElementById('variant').value")

    def settle(self, plies=None, what='the page'):
        # Settled here also means the variant menu is filled.
        super().settle(plies, what, ' && !!document.getElementById("variant") && '
                       '!!document.getElementById("variant").value')

    def open(self, url, plies=None):
        self.d.get('about:blank')
        self.d.get(url)
        self.settle(plies, 'the page at ' + url)

    def click(self, point):
        self.d.find_element(By.CSS_SELECTOR, f'#board [data-point="{point}"]').click()

    def size(self, width, height):
        """Makes the viewport width x height (main() clears it after each step)."""
        self.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                               {'width': width, 'height': height, 'deviceScaleFactor': 1,
                                'mobile': False})
        inner = self.js('return [innerWidth, innerHeight]')
        check(inner == [width, height], f'the window is {inner}, not {width}x{height}')

    def load_record(self, text):
        box = self.d.find_element(By.ID, 'game-text')
        self.js('arguments[0].value = arguments[1]', box, text)
        self.d.find_element(By.ID, 'load').click()
        time.sleep(0.2)
        self.settle(what='loading a record')
