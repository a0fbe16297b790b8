#!/usr/bin/env python3
"""`millbase openings --svg` against `openings --json`, and drawn by headless Chromium.

usage: openings_svg_test.py MILLBASE SIX_DB SIX_FIFTY_DB OUT_DIR

Checks, on six's tables:
- the SVG is well-formed and has one board for the empty board and one for each
  distinct first placement, in the order of `openings --json`;
- on the first board every point carries the value of White's placement there, on the
  others the board after that placement (its stone drawn) every empty point the value of
  Black's reply there: the words of `openings --json` for each move of each class, and
  the colour of the analysis page for its result;
- in Chromium (Debian: chromium, chromium-driver, python3-selenium) every board, point
  and text lies inside the drawing, which is saved to OUT_DIR/six-openings.png; the same
  for the 50-ply tables' picture (its key says more), OUT_DIR/six-fifty-openings.png;
- a file that cannot be written is an error that names it (exit 1), and leaves nothing.
Prints "all checks passed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_harness import CheckFailed, check, log, start_browser  # noqa: E402
from page_checks import words  # noqa: E402

SVG = '{http://www.w3.org/2000/svg}'
COLOURS = {'win': '#1a7f37', 'draw': '#8250df', 'loss': '#cf222e'}


def expected_boards(openings):
    """Returns [{point: words}] for each board, from openings --json."""
    boards = [{p: words(f) for f in openings['first'] for p in f['same']}]
    for f in openings['first']:
        boards.append({p: words(r) for r in f['replies'] for p in r['same']})
    return boards


def check_svg(path, openings):
    root = ET.parse(path).getroot()
    check(root.tag == SVG + 'svg', f'the root element is {root.tag}')
    boards = root.findall(f'{SVG}g[@class="board"]')
    want = expected_boards(openings)
    check(len(boards) == len(want), f'{len(boards)} boards drawn, not {len(want)}')
    captions = [b.find(f'{SVG}text').text for b in boards]
    check(captions[0] == 'White to place' and all(
        c.startswith(f"after White {f['move']} ({words(f)})")
        for c, f in zip(captions[1:], openings['first'])), f'the captions are {captions}')
    for i, (board, points) in enumerate(zip(boards, want)):
        discs = {c.get('data-point'): c for c in board.findall(f'{SVG}circle[@data-point]')}
        shown = {p: c.get('data-value') for p, c in discs.items()}
        check(shown == points, f'board {i} ({captions[i]}): the points show {shown}, '
                               f'openings --json gives {points}')
        for p, c in discs.items():
            result = shown[p].split()[0]
            check(c.get('class') == result and c.get('fill') == COLOURS[result],
                  f'board {i}: {p} ({shown[p]}) is drawn {c.get("class")} {c.get("fill")}')
        stones = board.findall(f'{SVG}circle[@stroke="#222"]')
        check(len(stones) == (0 if i == 0 else 1), f'board {i} draws {len(stones)} white stones')
    log(f'  {len(boards)} boards, {sum(len(b) for b in want)} points as openings --json gives them')


def check_drawn(path, png):
    profile = tempfile.mkdtemp(prefix='openings-svg-chromium-')
    driver = start_browser(profile)
    try:
        driver.get('file://' + os.path.abspath(path))
        boxes = driver.execute_script("""
            const svg = document.documentElement.getBoundingClientRect();
            const out = [];
            for (const e of document.querySelectorAll('g.board, circle, text')) {
              const r = e.getBoundingClientRect();
              out.push([e.tagName + ' ' + (e.getAttribute('data-point') || e.textContent || ''),
                        r.left - svg.left, r.top - svg.top, r.right - svg.left,
                        r.bottom - svg.top, r.width, svg.width, svg.height]);
            }
            return out;""")
        check(boxes, 'Chromium drew nothing')
        for name, left, top, right, bottom, width, w, h in boxes:
            check(width > 0 and left >= 0 and top >= 0 and right <= w + 0.5 and bottom <= h + 0.5,
                  f'{name!r} lies outside the {w}x{h} drawing: {left, top, right, bottom}')
        driver.save_screenshot(png)
        log(f'  drawn by Chromium: {len(boxes)} elements inside it; {png}')
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    millbase, db, fifty_db, out = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    svg = os.path.join(out, 'six-openings.svg')
    try:
        r = subprocess.run([millbase, 'openings', '--variant', 'six', '--db', db, '--json'],
                           capture_output=True, text=True, timeout=120)
        check(r.returncode == 0, f'openings --json failed: {r.stderr}')
        openings = json.loads(r.stdout)
        r = subprocess.run([millbase, 'openings', '--variant', 'six', '--db', db, '--svg', svg],
                           capture_output=True, text=True, timeout=120)
        check(r.returncode == 0 and r.stdout.startswith('six: the empty board'),
              f'openings --svg: exit {r.returncode}: {r.stderr}')
        check_svg(svg, openings)
        check_drawn(svg, os.path.join(out, 'six-openings.png'))
        fifty_svg = os.path.join(out, 'six-fifty-openings.svg')
        r = subprocess.run([millbase, 'openings', '--variant', 'six', '--rule', 'fifty', '--db',
                            fifty_db, '--svg', fifty_svg], capture_output=True, text=True,
                           timeout=120)
        check(r.returncode == 0, f'openings --rule fifty --svg: exit {r.returncode}: {r.stderr}')
        ET.parse(fifty_svg)
        check_drawn(fifty_svg, os.path.join(out, 'six-fifty-openings.png'))
        bad = os.path.join(out, 'no-such-dir', 'x.svg')
        r = subprocess.run([millbase, 'openings', '--variant', 'six', '--db', db, '--svg', bad],
                           capture_output=True, text=True, timeout=120)
        check(r.returncode == 1 and bad in r.stderr and not os.path.exists(os.path.dirname(bad)),
              f'an SVG into a missing directory: exit {r.returncode}, {r.stderr!r}')
        log(f'  into a missing directory: exit 1, {r.stderr.strip()}')
    except CheckFailed as e:
        print(f'openings_svg_test: FAILED: {e}', file=sys.stderr)
        return 1
    print('all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
