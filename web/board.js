'use strict';
// The board of the analysis page as SVG. It knows no rules: it draws the points, lines
// and stones of a variant (from /api/variants) with the marks app.js gives it, and
// reports which point was chosen, by click, or by Enter or Space on a focused point. The
// board is one stop of Tab; the arrow keys take the focus from point to point.

const SVG_NS = 'http://www.w3.org/2000/svg';
const BOARD_SIZE = 360;   // the square the points span, in SVG units
const BOARD_MARGIN = 64;  // room for the coordinates around it
const HAND_BAND = 56;     // the band beside the board where the stones in hand stand
const MOVE_MS = 280;      // how long a move's stone travels
// The arrow keys' directions on the screen (y down).
const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
let focusedPoint = null;  // the point that last had the focus: Tab comes back to it

function svgElement(name, attributes = {}) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  return e;
}

// Draws `variant` into `svg`. view: {stones: {white: [...], black: [...]}, inHand:
// {white: n, black: n}, hands: 'columns' (White's stones in hand left of the board,
// Black's right) or 'rows' (Black's above, White's below; swapped when flipped),
// flipped, marks: Map point -> [class, ...] (movable, target, selected, removable,
// ghost-white, ghost-black, last, hidden-stone), clickable: Set of points that react,
// best: null or a move of the API's legal list to draw as the best one, animate: null
// or {move, from, to, remove, elapsed}, the move just played, whose stone travels there
// (elapsed: the milliseconds of its journey already shown)}.
// onPoint(name) is called for a chosen point, onPoint(null) for a click beside them.
function drawBoard(svg, variant, view, onPoint) {
  const focused = document.activeElement && document.activeElement.closest &&
    document.activeElement.closest('[data-point]');
  const refocus = focused && svg.contains(focused) ? focused.dataset.point : null;

  const xs = variant.points.map(p => p.x), ys = variant.points.map(p => p.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const step = BOARD_SIZE / Math.max(maxX - minX, maxY - minY, 1);
  // Rotated half a turn when flipped: Black's side at the bottom.
  const px = x => BOARD_MARGIN + (view.flipped ? maxX - x : x - minX) * step;
  const py = y => BOARD_MARGIN + (view.flipped ? y - minY : maxY - y) * step;
  const at = new Map(variant.points.map(p => [p.name, p]));
  const radius = Math.min(step * 0.38, 30);  // big stones, as mill apps draw them
  const full = BOARD_SIZE + 2 * BOARD_MARGIN;

  svg.replaceChildren();
  const band = view.hands ? HAND_BAND : 0, rows = view.hands === 'rows';
  svg.setAttribute('viewBox', rows ? `0 ${-band} ${full} ${full + 2 * band}`
                                   : `${-band} 0 ${full + 2 * band} ${full}`);
  svg.append(svgElement('rect', {class: 'background', x: 0, y: 0, width: full, height: full}));
  const hands = view.hands ? drawHands(svg, view, full, radius) : null;
  for (const [a, b] of variant.lines)
    svg.append(svgElement('line', {class: 'line', x1: px(at.get(a).x), y1: py(at.get(a).y),
                                   x2: px(at.get(b).x), y2: py(at.get(b).y)}));
  // Coordinates: columns a-g along the bottom and top, rows 1-7 along the left and right.
  for (let x = minX; x <= maxX; ++x)
    for (const y of [full - BOARD_MARGIN / 3, BOARD_MARGIN / 3]) {
      const t = svgElement('text', {class: 'coordinate', x: px(x), y});
      t.textContent = String.fromCharCode(97 + x);
      svg.append(t);
    }
  for (let y = minY; y <= maxY; ++y)
    for (const x of [BOARD_MARGIN / 3, full - BOARD_MARGIN / 3]) {
      const t = svgElement('text', {class: 'coordinate', x, y: py(y)});
      t.textContent = String(y + 1);
      svg.append(t);
    }

  // The best move's arrow or disc lies under the points, so that their marks stay seen;
  // the cross on the stone it removes lies over it.
  const best = view.best ? bestMove(view.best, at, px, py, radius) : null;
  if (best) svg.append(best.under);
  const color = new Map();
  for (const side of ['white', 'black']) for (const p of view.stones[side]) color.set(p, side);
  // Tab's stop on the board: the point last focused, else the first that reacts.
  const stop = at.has(focusedPoint) ? focusedPoint
    : (variant.points.find(p => view.clickable.has(p.name)) || variant.points[0]).name;
  for (const p of variant.points) {
    const marks = view.marks.get(p.name) || [];
    const clickable = view.clickable.has(p.name);
    const stone = color.get(p.name) || '';
    const g = svgElement('g', {
      class: ['point', clickable ? 'clickable' : 'inert', ...marks].join(' '),
      'data-point': p.name, 'data-stone': stone, role: 'button',
      tabindex: p.name === stop ? 0 : -1, 'aria-disabled': clickable ? 'false' : 'true',
      'aria-label': p.name + (stone ? ', ' + stone + ' stone' : ', empty') +
        (marks.length ? ', ' + marks.join(', ') : ''),
      transform: `translate(${px(p.x)} ${py(p.y)})`});
    g.onfocus = () => { focusedPoint = p.name; };
    g.append(svgElement('circle', {class: 'hit', r: step * 0.45}));
    g.append(svgElement('circle', {class: 'dot', r: 5}));
    const ghost = marks.find(m => m.startsWith('ghost-'));
    if (stone && !marks.includes('hidden-stone'))
      g.append(svgElement('circle', {class: 'stone ' + stone, r: radius}));
    else if (ghost)
      g.append(svgElement('circle', {class: 'stone ghost ' + ghost.slice(6), r: radius}));
    g.append(svgElement('circle', {class: 'ring', r: radius + 5}));
    const title = svgElement('title');
    title.textContent = p.name;  // the point's name on hover, as the notation writes it
    g.append(title);
    svg.append(g);
  }
  if (best && best.over) svg.append(best.over);
  delete svg.dataset.animated;
  if (view.animate && view.animate.elapsed < 2 * MOVE_MS &&
      !matchMedia('(prefers-reduced-motion: reduce)').matches)
    animateMove(svg, view.animate, at, px, py, radius, hands);

  svg.onclick = e => {
    const g = e.target.closest('[data-point]');
    onPoint(g ? g.dataset.point : null);
  };
  svg.onkeydown = e => {
    const g = e.target.closest('[data-point]');
    if (!g || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPoint(g.dataset.point);
    } else if (ARROWS[e.key]) {
      e.preventDefault();
      const next = nextPoint(variant, at.get(g.dataset.point), ARROWS[e.key], px, py);
      if (next) focusPoint(svg, next);
    }
  };
  if (refocus) {
    const again = svg.querySelector(`[data-point="${refocus}"]`);
    if (again) again.focus();
  }
}

// Returns the point the arrow key `direction` ([dx, dy] on the screen) leads to from p:
// the point next to it on a line in that direction, else the nearest one within 45° of
// it, else null. px and py place a point on the screen.
function nextPoint(variant, p, [dx, dy], px, py) {
  const offset = q => {
    const [x, y] = [px(q.x) - px(p.x), py(q.y) - py(p.y)];
    return {along: x * dx + y * dy, across: Math.abs(x * dy - y * dx)};
  };
  const linked = new Set(variant.lines.filter(l => l.includes(p.name)).flat());
  const before = (a, b) => {
    const i = a.findIndex((k, j) => k !== b[j]);
    return i >= 0 && a[i] < b[i];
  };
  let best = null, bestKey = null;
  for (const q of variant.points) {
    const {along, across} = offset(q);
    if (q === p || along <= 0 || across > along) continue;
    // On a line straight that way first, then the least aside, then the nearest.
    const key = [linked.has(q.name) && across < 1e-6 ? 0 : 1, across, along];
    if (!bestKey || before(key, bestKey)) best = q, bestKey = key;
  }
  return best ? best.name : null;
}

// Moves the focus, and Tab's stop on the board, to point `name`.
function focusPoint(svg, name) {
  const g = svg.querySelector(`[data-point="${name}"]`);
  if (!g) return;
  for (const other of svg.querySelectorAll('[data-point][tabindex="0"]')) other.setAttribute('tabindex', '-1');
  g.setAttribute('tabindex', '0');
  g.focus();
}

// Focuses the board's point that Tab stops at (an arrow key pressed outside the board
// brings the focus there); returns whether there was one.
function focusBoard(svg) {
  const g = svg.querySelector('[data-point][tabindex="0"]');
  if (g) g.focus();
  return !!g;
}

// Draws the stones in hand as stones in the bands beside the board; returns, per side,
// the place where its next stone in hand leaves from (or the last one left) as [x, y].
function drawHands(svg, view, full, radius) {
  const r = Math.min(radius * 0.75, 20), rows = view.hands === 'rows';
  const spacing = n => Math.min(2 * r + 6, (full - 2 * r) / Math.max(n, 1));
  const places = {};
  for (const side of ['white', 'black']) {
    const n = view.inHand ? view.inHand[side] : 0;
    // White's band: left, or below; Black's the other; swapped when flipped.
    const first = (side === 'white') !== !!view.flipped;
    const across = first ? (rows ? full + HAND_BAND / 2 : -HAND_BAND / 2)
                         : (rows ? -HAND_BAND / 2 : full + HAND_BAND / 2);
    const along = i => full / 2 + (i - (n - 1) / 2) * spacing(n);
    const place = i => (rows ? [along(i), across] : [across, along(i)]);
    const g = svgElement('g', {class: 'hand ' + side, 'data-side': side, 'data-count': n,
                               role: 'img', 'aria-label': `${capital(side)}: ${n} in hand`});
    for (let i = 0; i < n; ++i) {
      const [cx, cy] = place(i);
      g.append(svgElement('circle', {class: 'stone in-hand ' + side, cx, cy, r}));
    }
    places[side] = place(n);
    svg.append(g);
  }
  return places;
}

// Lets the stone of the move just played travel to its point, from the point it left or
// from the stones in hand, and the stone it removed fade away. svg.dataset.animated is
// the move, while it lasts.
function animateMove(svg, move, at, px, py, radius, hands) {
  const point = svg.querySelector(`[data-point="${move.to}"]`);
  const stone = point && point.querySelector('.stone:not(.ghost)');
  if (!stone) return;
  const side = point.dataset.stone;
  const [x, y] = [px(at.get(move.to).x), py(at.get(move.to).y)];
  const [x0, y0] = move.from ? [px(at.get(move.from).x), py(at.get(move.from).y)]
    : hands ? hands[side] : [x, y];
  svg.dataset.animated = move.move;
  const delay = -move.elapsed;  // a board drawn again mid-journey goes on from there
  const travel = stone.animate([{transform: `translate(${x0 - x}px, ${y0 - y}px)`}, {transform: 'none'}],
                               {duration: MOVE_MS, easing: 'ease-out', delay});
  if (move.remove && at.has(move.remove)) {
    const gone = svgElement('circle', {class: 'stone leaving ' + (side === 'white' ? 'black' : 'white'),
                                       cx: px(at.get(move.remove).x), cy: py(at.get(move.remove).y), r: radius});
    svg.append(gone);
    gone.animate([{opacity: 1}, {opacity: 1, offset: 0.5}, {opacity: 0, transform: 'scale(0.6)'}],
                 {duration: 2 * MOVE_MS, easing: 'ease-in', fill: 'forwards', delay})
      .onfinish = () => gone.remove();
  }
  travel.onfinish = () => delete svg.dataset.animated;
}

// Returns the mark of the best move, as analysis boards draw it: under, an arrow from the
// stone that moves to its point (a ringed disc on the point of a placement), and over, a
// cross on the stone it removes (null when it removes none); bold, in one colour
// whatever its value (the list says the value), not that of the points' marks. It does
// not take clicks.
function bestMove(move, at, px, py, radius) {
  const result = move.value ? move.value.result : 'draw';
  const g = svgElement('g', {class: 'best-move ' + result, 'data-move': move.move,
                             'data-from': move.from || '', 'data-to': move.to,
                             'data-remove': move.remove || '', 'aria-hidden': 'true'});
  let over = null;
  const [x2, y2] = [px(at.get(move.to).x), py(at.get(move.to).y)];
  if (move.from) {
    const [x1, y1] = [px(at.get(move.from).x), py(at.get(move.from).y)];
    const length = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / length, uy = (y2 - y1) / length;
    const head = Math.min(26, length / 2);
    const [bx, by] = [x2 - ux * head, y2 - uy * head];  // the base of the head
    g.append(svgElement('line', {class: 'arrow', x1, y1, x2: bx, y2: by}));
    g.append(svgElement('polygon', {class: 'head', points: [
      [x2, y2], [bx - uy * head * 0.6, by + ux * head * 0.6], [bx + uy * head * 0.6, by - ux * head * 0.6],
    ].map(p => p.join(',')).join(' ')}));
  } else {
    g.append(svgElement('circle', {class: 'spot', cx: x2, cy: y2, r: radius * 0.45}));
    g.append(svgElement('circle', {class: 'halo', cx: x2, cy: y2, r: radius * 0.95}));
  }
  if (move.remove) {
    const [x, y, d] = [px(at.get(move.remove).x), py(at.get(move.remove).y), radius * 0.6];
    over = svgElement('g', {class: 'best-move best-remove ' + result, 'aria-hidden': 'true'});
    over.append(svgElement('path', {class: 'cross', d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x - d} ${y + d}L${x + d} ${y - d}`}));
  }
  return {under: g, over};
}
