#!/usr/bin/env python3
"""The offline page's perfect player on tables served beside it, over a slow network
(issue #66, goal 3): move times and bytes fetched per game.

Usage: page_latency.py OFFLINE_DIR VARIANT [--games 20] [--latency-ms 50]
                       [--opponent level3] [--json]

OFFLINE_DIR is a page built with `tools/build_offline.sh OFFLINE_DIR --tables VARIANT=DIR`.
It is served by a small static host of this script's own (byte ranges, and LATENCY ms
added before every answer), and opened in headless Chromium (Debian's). The games come in
pairs in one browser profile: the first with the browser's storage empty, the second
with what the first left there. In each, `perfect` (from the served tables, pressing in
drawn positions) plays the opponent from the empty board under the draw rules of play,
with White and Black alternating between pairs; the page asks /api/game after every move
as it does in play. Prints, for first and second games apart: the median and p95 of the
time of perfect's moves (the /api/computer call, in the page) and of its turns (the
/api/game call that shows the position and its moves' values, then the move: what a
player waits for), and the median and p95 of
the bytes and requests fetched per game; and the bytes of the whole served set.
"""
import argparse
import http.server
import json
import os
import re
import shutil
import socketserver
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                'tests', 'web'))
from browser_harness import start_browser  # noqa: E402

PLAY = """
const [variant, perfectSide, opponent, seed] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  const before = Object.assign({}, millbaseTables.stats);
  const moves = [], times = [], turns = [];
  let game;
  for (let ply = 0; ply < 400; ply++) {
    const shown = performance.now();
    game = (await millbaseOffline('game', {variant, moves: moves.join(' ')})).body;
    if (game.outcome !== 'ongoing') break;
    const perfect = game.side_to_move === perfectSide;
    const started = performance.now();
    const answer = await millbaseOffline('computer', {variant, moves: moves.join(' '),
        level: perfect ? 'perfect' : opponent, seed: String(seed * 1000 + ply)});
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    if (perfect) {
      const ended = performance.now();
      times.push(ended - started);
      turns.push(ended - shown);
    }
    moves.push(answer.body.move);
  }
  const after = millbaseTables.stats;
  return {moves: moves.length, times, turns, outcome: game.outcome, reason: game.reason,
          requests: after.requests - before.requests, bytes: after.bytes - before.bytes,
          alone: after.alone - before.alone};
})().then(r => done(JSON.stringify(r)), e => done(JSON.stringify({error: String(e)})));
"""


class SlowRanges(http.server.SimpleHTTPRequestHandler):
    """A static host answering byte ranges, LATENCY seconds late."""
    latency = 0.05

    def log_message(self, *args):
        pass

    def do_GET(self):
        time.sleep(self.latency)
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            self.send_error(404)
            return
        size = os.path.getsize(path)
        match = re.fullmatch(r'bytes=(\d+)-(\d*)', self.headers.get('Range', ''))
        first, last = 0, size - 1
        if match:
            first = int(match.group(1))
            last = min(size - 1, int(match.group(2)) if match.group(2) else size - 1)
            if first > last:
                self.send_error(416)
                return
        with open(path, 'rb') as f:
            f.seek(first)
            body = f.read(last - first + 1)
        self.send_response(206 if match else 200)
        if match:
            self.send_header('Content-Range', 'bytes %d-%d/%d' % (first, last, size))
        self.send_header('Content-Type', self.guess_type(path))
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float('nan')


def ms_stats(name, values):
    """Returns the median, p95 and max of values (ms), keyed NAME_ms_median and so on."""
    return {name + '_ms_median': round(statistics.median(values)),
            name + '_ms_p95': round(quantile(values, 0.95)),
            name + '_ms_max': round(max(values))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('offline')
    parser.add_argument('variant')
    parser.add_argument('--games', type=int, default=20)
    parser.add_argument('--latency-ms', type=float, default=50)
    parser.add_argument('--opponent', default='level3')
    parser.add_argument('--json', action='store_true')
    args = parser.parse_args()
    SlowRanges.latency = args.latency_ms / 1000
    root = os.path.abspath(args.offline)
    handler = lambda *a, **k: SlowRanges(*a, directory=root, **k)  # noqa: E731
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(('127.0.0.1', 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = 'http://127.0.0.1:%d/index.html#variant=%s' % (server.server_address[1], args.variant)
    tables = os.path.join(root, 'tables', args.variant)
    whole = sum(os.path.getsize(os.path.join(tables, f)) for f in os.listdir(tables))
    games = {'first': [], 'second': []}
    for pair in range((args.games + 1) // 2):
        profile = tempfile.mkdtemp(prefix='page-latency-')
        driver = start_browser(profile)
        driver.set_script_timeout(3600)
        try:
            driver.get(url)
            for which in ('first', 'second'):
                if len(games['first']) + len(games['second']) >= args.games:
                    break
                side = 'white' if pair % 2 == 0 else 'black'
                seed = 2 * pair + (which == 'second') + 1
                r = json.loads(driver.execute_async_script(PLAY, args.variant, side,
                                                           args.opponent, seed))
                if 'error' in r:
                    sys.exit('game %d: %s' % (seed, r['error']))
                r.update(which=which, perfect=side, seed=seed)
                games[which].append(r)
                if not args.json:
                    print('game %2d (%s, perfect %s): %d plies, %s (%s); perfect\'s moves median '
                          '%.0f ms, max %.0f ms; its turns median %.0f ms, max %.0f ms; '
                          '%d requests (%d waited alone), %.2f MB' % (
                              seed, which, side, r['moves'], r['outcome'], r['reason'],
                              statistics.median(r['times']), max(r['times']),
                              statistics.median(r['turns']), max(r['turns']), r['requests'],
                              r['alone'], r['bytes'] / 1e6), flush=True)
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    summary = {'variant': args.variant, 'latency_ms': args.latency_ms,
               'opponent': args.opponent, 'served_bytes': whole}
    for which, rs in games.items():
        times = [t for r in rs for t in r['times']]
        turns = [t for r in rs for t in r['turns']]
        summary[which] = {
            'games': len(rs), **ms_stats('move', times), **ms_stats('turn', turns),
            'bytes_median': statistics.median(r['bytes'] for r in rs),
            'bytes_p95': quantile([r['bytes'] for r in rs], 0.95),
            'requests_median': statistics.median(r['requests'] for r in rs),
            'outcomes': {o: sum(1 for r in rs if r['outcome'] == o)
                         for o in sorted({r['outcome'] for r in rs})}}
    print(json.dumps(summary if not args.json else {'summary': summary, 'games': games},
                     indent=1))
    server.shutdown()


if __name__ == '__main__':
    main()
