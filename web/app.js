'use strict';
// The analysis page of `millbase serve` (docs/web-api.md). It holds no rules of its own:
// every position, legal move, value and result comes from the API; the page keeps the
// game as a start position and a list of moves, mirrored in the URL hash.

// The page's only way to the engine: GET /api/<path>?<params>, answered {status, body}.
// In the offline build (tools/build_offline.sh) the engine compiled to WebAssembly gives
// the same answers without a server (web/offline/offline.js); nothing else changes.
async function api(path, params = {}) {
  if (window.millbaseOffline) return window.millbaseOffline(path, params);
  const query = new URLSearchParams(params).toString();
  try {
    const response = await fetch('/api/' + path + (query ? '?' + query : ''));
    let body;
    try {
      body = await response.json();
    } catch {
      body = {error: `the server answered HTTP ${response.status} without JSON`};
    }
    return {status: response.status, body};
  } catch {
    return {status: 0, body: {error: 'the server does not answer (is millbase serve running?)'}};
  }
}

const $ = id => document.getElementById(id);
const other = side => (side === 'white' ? 'black' : 'white');
const capital = word => word.charAt(0).toUpperCase() + word.slice(1);
const COMPUTER_DELAY_MS = 600;  // so that the computer's move can be seen coming

const state = {
  variants: new Map(),   // name -> a variant of /api/variants
  variant: 'six',
  start: '',             // the start position in notation
  moves: [],             // the moves played from start, as the API normalised them
  redo: [],              // undone moves, the next one to redo last
  game: null,            // the /api/game answer for variant, start and moves
  generation: 0,         // bumped at every change of the game; late answers are dropped
  busy: false,           // a request for the game is on its way
  click: {mode: 'idle'}, // the click state machine, see onPoint
  flipped: false,
  computer: 'none',      // the side the computer plays: white, black or none
  level: 'perfect',
  computerAsked: -1,     // the generation the computer was last asked to move in
  seed: 1 + Math.floor(Math.random() * 1000000),
  hash: '',              // the hash this page last wrote
};

// --- The game: asking the API, undo and redo, the URL hash -------------------------------

// Replaces the game by variant/start/moves when the API accepts it; returns true when it
// did, false when the API refused it (the message says why and the game stays as it
// was), and null when a later change overtook it (nothing happened).
async function setGame(variant, start, moves, redo = []) {
  const generation = ++state.generation;
  setBusy(true);
  const params = {variant, moves: moves.join(' ')};
  if (start) params.start = start;
  const {status, body} = await api('game', params);
  if (generation !== state.generation) return null;  // a later change won
  setBusy(false);
  if (status !== 200) {
    showMessage(body.error || `HTTP ${status}`);
    render();
    return false;
  }
  Object.assign(state, {variant, start: body.start, moves: body.moves, redo, game: body});
  state.click = {mode: 'idle'};
  showMessage('');
  writeHash();
  render();
  scheduleComputer();
  return true;
}

function play(move) {
  // Redo survives a move that is the one redo would play.
  const redo = state.redo.length && state.redo[state.redo.length - 1] === move
    ? state.redo.slice(0, -1) : [];
  return setGame(state.variant, state.start, [...state.moves, move], redo);
}

// The side to move after the first k plies: sides alternate at every move.
function sideAfter(k) {
  const n = state.game.moves.length;
  return (n - k) % 2 === 0 ? state.game.side_to_move : other(state.game.side_to_move);
}

// Undo goes back one ply, and one more when that would leave the computer to move.
function undo() {
  if (!state.game || !state.moves.length) return;
  let n = 1;
  if (state.computer === sideAfter(state.moves.length - 1) && state.moves.length >= 2) n = 2;
  const kept = state.moves.slice(0, -n);
  const undone = state.moves.slice(-n).reverse();
  setGame(state.variant, state.start, kept, [...state.redo, ...undone]);
}

// Redo plays the undone plies again, up to the next ply of a human.
function redo() {
  if (!state.game || !state.redo.length) return;
  const redoStack = [...state.redo];
  const moves = [...state.moves, redoStack.pop()];
  if (state.computer === sideAfter(moves.length) && redoStack.length) moves.push(redoStack.pop());
  setGame(state.variant, state.start, moves, redoStack);
}

function variantStart(name) {
  return state.variants.has(name) ? state.variants.get(name).start : '';
}

function writeHash() {
  const params = new URLSearchParams({variant: state.variant});
  if (state.start !== variantStart(state.variant)) params.set('start', state.start);
  if (state.moves.length) params.set('moves', state.moves.join(' '));
  state.hash = '#' + params.toString();
  if (location.hash !== state.hash) history.replaceState(null, '', state.hash);
}

// Loads the game of the URL hash (#variant=six&start=...&moves=...), or a new game.
async function loadHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const variant = params.get('variant') || state.variant;
  const moves = (params.get('moves') || '').split(/[\s,]+/).filter(Boolean);
  if ((await setGame(variant, params.get('start') || '', moves)) === false) {
    const message = $('message').textContent;
    await setGame(state.variant, variantStart(state.variant), []);
    showMessage('The link holds no game the API accepts: ' + message);
  }
}

// --- The click state machine ----------------------------------------------------------
// state.click is one of
//   {mode: 'idle'}              nothing chosen yet;
//   {mode: 'from', from}        a stone to move or fly is chosen, its targets are marked;
//   {mode: 'remove', moves}     the chosen placement or move closes a mill: `moves` are
//                               its full moves, one per stone that may be removed.
// Only the API's legal list decides what a click may do. A click on a point that fits no
// legal move, a click beside the points, or Escape goes back to idle.
function onPoint(name) {
  if (state.busy || !state.game || !state.game.legal.length) return;
  const legal = state.game.legal;
  const click = state.click;
  if (click.mode === 'remove') {
    const move = click.moves.find(m => m.remove === name);
    return move ? play(move.move) : cancel();
  }
  if (click.mode === 'from' && name !== click.from) {
    const moves = legal.filter(m => m.from === click.from && m.to === name);
    if (moves.length) return choose(moves);
  }
  if (click.mode === 'idle') {
    const placements = legal.filter(m => m.from === null && m.to === name);
    if (placements.length) return choose(placements);
  }
  if (name !== null && name !== click.from && legal.some(m => m.from === name)) {
    state.click = {mode: 'from', from: name};
    return render();
  }
  cancel();
}

// Plays the one move that goes from/to the chosen points, or asks which stone to remove.
function choose(moves) {
  if (moves.length === 1 && !moves[0].remove) return play(moves[0].move);
  state.click = {mode: 'remove', moves: moves.filter(m => m.remove)};
  render();
}

function cancel() {
  if (state.click.mode === 'idle') return;
  state.click = {mode: 'idle'};
  render();
}

// --- The computer ---------------------------------------------------------------------

// Asks the computer for its move, once per position, when it is its turn.
function scheduleComputer() {
  const g = state.game;
  if (!g || g.outcome !== 'ongoing' || g.side_to_move !== state.computer) return;
  if (state.computerAsked === state.generation) return;
  const generation = state.computerAsked = state.generation;
  document.body.dataset.thinking = 'true';
  setTimeout(async () => {
    const stillWanted = () => generation === state.generation &&
      state.game.side_to_move === state.computer;
    const done = () => state.computerAsked === generation && delete document.body.dataset.thinking;
    if (!stillWanted()) return void done();
    const params = {variant: state.variant, moves: state.moves.join(' '),
                    level: state.level, seed: state.seed + state.moves.length};
    if (state.start) params.start = state.start;
    const {status, body} = await api('computer', params);
    done();
    if (!stillWanted()) return;
    if (status === 200) play(body.move);
    else showMessage('The computer cannot move: ' + (body.error || `HTTP ${status}`));
  }, COMPUTER_DELAY_MS);
}

// --- Drawing --------------------------------------------------------------------------

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = String(busy);
}

function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

// Returns a move's value as words, with its 50-ply class when that says more.
function valueText(value) {
  if (!value) return 'no value';
  return value.text;
}

// The points' marks and which points react, from the click state and the legal moves.
function boardView() {
  const g = state.game, click = state.click;
  const marks = new Map(), clickable = new Set();
  const mark = (point, name) => point && marks.set(point, [...(marks.get(point) || []), name]);
  const last = state.moves.length ? state.moves[state.moves.length - 1] : '';
  for (const point of last.split(/[-x]/).slice(0, 2)) mark(point, 'last');
  if (click.mode === 'remove') {
    const {from, to} = click.moves[0];
    if (from) mark(from, 'hidden-stone');
    mark(to, 'ghost-' + g.side_to_move);
    for (const m of click.moves) mark(m.remove, 'removable'), clickable.add(m.remove);
  } else if (click.mode === 'from') {
    mark(click.from, 'selected');
    for (const m of g.legal) {
      if (m.from === click.from) mark(m.to, 'target'), clickable.add(m.to);
      else if (m.from) clickable.add(m.from);
    }
    clickable.add(click.from);
  } else {
    for (const m of g.legal) {
      if (m.from) mark(m.from, 'movable'), clickable.add(m.from);
      else mark(m.to, 'target'), clickable.add(m.to);
    }
  }
  for (const [point, list] of marks) marks.set(point, [...new Set(list)]);
  return {stones: g.stones, flipped: state.flipped, marks, clickable};
}

function render() {
  const g = state.game;
  document.body.dataset.mode = state.click.mode;
  document.body.dataset.plies = String(state.moves.length);
  document.body.dataset.counter = g && g.counter !== null ? g.counter : '';
  $('undo').disabled = !state.moves.length;
  $('redo').disabled = !state.redo.length;
  $('variant').value = state.variant;
  if (!g) return;
  drawBoard($('board'), state.variants.get(g.variant), boardView(), onPoint);

  const over = g.outcome !== 'ongoing';
  const mover = capital(g.side_to_move);
  $('side-to-move').textContent = over ? '—' : mover;
  $('side-to-move').dataset.side = g.side_to_move;
  $('phase').textContent = g.phase;
  $('value').textContent = g.value ? `${mover} to move: ${valueText(g.value)}` : '—';
  $('value').className = g.value ? g.value.result : '';
  $('counter').textContent = g.counter === null ? '— (placement)' : `${g.counter} of 50 plies`;
  $('repetitions').textContent = `${g.repetitions} (3 ends the game)`;
  $('rule').dataset.rule = g.rule || '';
  $('rule').textContent = g.rule === 'fifty' ? '50-ply rule' : g.rule === 'none' ? 'plain (no 50-ply rule)' : 'missing';
  for (const side of ['white', 'black']) {
    $(side + '-in-hand').textContent = g.in_hand[side];
    $(side + '-on-board').textContent = g.on_board[side];
  }
  $('position').textContent = g.position;
  $('tables-error').hidden = !g.tables_error;
  $('tables-error').textContent = g.tables_error
    ? 'No values: ' + g.tables_error + ' (the board still works for moving)' : '';

  const status = $('status');
  status.className = over ? 'over' : '';
  status.textContent = over ? 'Game over: ' + g.result_text
    : `${mover} to move` + (g.value ? ': ' + valueText(g.value) : '');
  $('prompt').textContent = over ? 'The game is over.'
    : state.click.mode === 'remove' ? `Mill: remove a stone of ${capital(other(g.side_to_move))} (Escape cancels)`
    : state.click.mode === 'from' ? `${mover}: where does ${state.click.from} go? (Escape cancels)`
    : g.phase === 'placement' ? `${mover}: place a stone`
    : `${mover}: choose a stone to ${g.phase === 'flying' ? 'fly' : 'move'}`;
  $('prompt').className = state.click.mode === 'remove' ? 'removal' : '';

  renderLegal(g);
  renderMoves();
}

function renderLegal(g) {
  const list = $('legal-moves');
  list.replaceChildren();
  for (const m of g.legal) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move ' + (m.value ? m.value.result : 'unknown');
    button.dataset.move = m.move;
    if (m.value) {
      button.dataset.result = m.value.result;
      button.dataset.distance = m.value.distance === null ? '' : m.value.distance;
      if (m.value.class) button.dataset.class = m.value.class;
    }
    const name = document.createElement('span'), value = document.createElement('span');
    name.className = 'name';
    name.textContent = m.move;
    value.className = 'value';
    value.textContent = valueText(m.value);
    button.append(name, value);
    button.onclick = () => !state.busy && play(m.move);
    const item = document.createElement('li');
    item.append(button);
    list.append(item);
  }
  if (!g.legal.length) list.append(Object.assign(document.createElement('li'), {textContent: 'none: the game is over'}));
}

// The moves numbered as in game records: a number before each of White's moves, and
// "1..." when Black moves first. Clicking a move goes back to the position after it.
function renderMoves() {
  const list = $('move-list');
  list.replaceChildren();
  let item = null, number = 0;
  state.moves.forEach((move, i) => {
    if (sideAfter(i) === 'white' || !item) {
      item = document.createElement('li');
      const label = document.createElement('span');
      label.className = 'number';
      label.textContent = `${++number}${sideAfter(i) === 'white' ? '.' : '...'}`;
      item.append(label);
      list.append(item);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ply' + (i === state.moves.length - 1 ? ' current' : '');
    button.dataset.ply = i;
    button.textContent = move;
    button.onclick = () => setGame(state.variant, state.start, state.moves.slice(0, i + 1),
                                   [...state.redo, ...state.moves.slice(i + 1).reverse()]);
    item.append(button);
  });
  if (document.activeElement !== $('game-text')) $('game-text').value = recordText();
}

// --- The game as text: a game record (docs/game-records.md) ---------------------------

function recordText() {
  let text = `[Variant "${state.variant}"]\n`;
  if (state.start !== variantStart(state.variant)) text += `[Start "${state.start}"]\n`;
  const words = [];
  let number = 0;
  state.moves.forEach((move, i) => {
    if (sideAfter(i) === 'white') words.push(`${++number}.`);
    else if (i === 0) words.push(`${++number}...`);
    words.push(move);
  });
  return text + '\n' + words.join(' ') + '\n';
}

// Reads a game record, or a move list optionally after a start position; returns
// {variant, start, moves}. Move numbers, comments and a result are skipped.
function parseRecord(text) {
  const tags = {};
  text = text.replace(/\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]/g, (_, name, value) => {
    tags[name.toLowerCase()] = value.replace(/\\(.)/g, '$1');
    return ' ';
  }).replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  let start = tags.start || '';
  const position = text.match(/^\s*(W:\S*\s+B:\S*\s+[wb](?:\s+\d+\s+\d+)?)(?=\s|$)/i);
  if (position) {
    start = position[1].replace(/\s+/g, ' ');
    text = text.slice(position[0].length);
  }
  const moves = text.split(/[\s,]+/).map(w => w.replace(/^\d+\.+/, ''))
    .filter(w => w && !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
  return {variant: (tags.variant || state.variant).toLowerCase(), start, moves};
}

async function copyRecord() {
  const text = recordText();
  $('game-text').value = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    $('game-text').select();
    document.execCommand('copy');
  }
  showMessage('');
}

async function loadRecord() {
  const {variant, start, moves} = parseRecord($('game-text').value);
  if (await setGame(variant, start, moves)) $('game-text').blur();
}

// --- Start ----------------------------------------------------------------------------

async function main() {
  const {status, body} = await api('variants');
  if (status !== 200) return showMessage('Cannot read the variants: ' + (body.error || status));
  for (const v of body.variants) {
    state.variants.set(v.name, v);
    const option = document.createElement('option');
    option.value = v.name;
    option.textContent = v.name + (v.tables === 'fifty' ? ' (50-ply tables)'
      : v.tables === 'none' ? '' : ' (no tables)');
    $('variant').append(option);
  }
  // The default variant: the first with tables, six when none has any.
  const withTables = body.variants.find(v => v.tables);
  state.variant = withTables ? withTables.name : 'six';

  $('variant').onchange = e => setGame(e.target.value, variantStart(e.target.value), []);
  $('new-game').onclick = () => setGame(state.variant, variantStart(state.variant), []);
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('flip').onclick = () => { state.flipped = !state.flipped; render(); };
  $('copy').onclick = copyRecord;
  $('load').onclick = loadRecord;
  $('level').onchange = e => { state.level = e.target.value; };
  for (const radio of document.querySelectorAll('input[name="computer"]'))
    radio.onchange = e => {
      state.computer = e.target.value;
      state.computerAsked = -1;
      scheduleComputer();
    };
  document.addEventListener('keydown', e => {
    if (e.key === 'Escape') return cancel();
    if (e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') undo();
    if (e.key === 'ArrowRight') redo();
  });
  window.addEventListener('hashchange', () => location.hash !== state.hash && loadHash());
  await loadHash();
}

main();
