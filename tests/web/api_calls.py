"""The API of the page asked two ways, for the tests that compare them (offline_test.py,
served_tables_test.py): over HTTP from `millbase serve`, and from the offline page's
engine in the browser (window.millbaseOffline, the WebAssembly build).
"""
import json
import urllib.error
import urllib.parse
import urllib.request

from browser_harness import CheckFailed


def served(base, path, params):
    """Returns (status, parsed JSON) of GET BASE/api/PATH?PARAMS."""
    url = base + 'api/' + path + '?' + urllib.parse.urlencode(params)
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, json.loads(r.read().decode())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read().decode())


def offline_api(driver, path, params):
    """Returns (status, parsed JSON) of the page's engine for the same request; raises
    CheckFailed when the engine fails."""
    text = driver.execute_async_script(
        'const done = arguments[arguments.length - 1];'
        'window.millbaseOffline(arguments[0], arguments[1])'
        '  .then(r => done(JSON.stringify(r)), e => done(JSON.stringify({error: String(e)})));',
        path, params)
    answer = json.loads(text)
    if 'status' not in answer:
        raise CheckFailed("the page's engine failed: " + text)
    return answer['status'], answer['body']
