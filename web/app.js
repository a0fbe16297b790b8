'use strict';
// The analysis page of `millbase serve` (docs/web-api.md). It holds no rules of its own:
// every position, legal move, value and result comes from the API; the page keeps the
// game as a start position and a list of moves, mirrored in the URL hash.

// The page's only way to the engine: GET /api/<path>?<params>, answered {status, body}.
// In the offline build (tools/build_offline.sh) the engine compiled to WebAssembly gives
// the same answers without a server (web/offline/offline.js); nothing else changes.
// A request the server refuses for being busy (503: another program on this machine
// holds its connections) or that gets no answer is tried again, for about 15 s, while
// the page says so; the move that asked for it is played when it is answered.
const RETRY_MS = [150, 300, 600, 1000, 1500, 2000, 2500, 3000, 3500];

async function api(path, params = {}) {
  if (window.millbaseOffline) return window.millbaseOffline(path, params);
  const query = new URLSearchParams(params).toString();
  const url = '/api/' + path + (query ? '?' + query : '');
  for (let attempt = 0; ; ++attempt) {
    const answer = await fetchJson(url);
    const busy = answer.status === 503 || answer.status === 0;
    if (!busy || attempt === RETRY_MS.length) {
      showRetry('');
      return answer;
    }
    showRetry(answer.status === 0 ? 'The server does not answer; trying again…'
                                  : 'The server is busy; trying again…');
    await new Promise(resolve => setTimeout(resolve, RETRY_MS[attempt]));
  }
}

// Returns {status, body} of one GET; body is the API's JSON object, or {error} in words
// (never the raw text of an answer).
async function fetchJson(url) {
  try {
    const response = await fetch(url);
    let body;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!body || typeof body !== 'object')
      body = {error: `the server answered HTTP ${response.status} without JSON`};
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
  level: 'perfect',      // the computer's level: a name of /api/variants' levels
  levels: new Map(),     // name -> a level of /api/variants (label, tables, sees, elo)
  resigned: false,       // the game ended by the resignation of the side to move
  replaced: null,        // the game a load, a new game or a variant replaced: undo brings it back
  hold: false,           // the computer waits (after undo) until asked to move
  computerAsked: -1,     // the generation the computer was last asked to move in
  thinking: -1,          // the generation the computer is thinking in, or -1
  showBest: null,        // the box "best move and value": true, false, or null: shown
                         // when no computer plays (see hintsShown)
  seed: 1 + Math.floor(Math.random() * 1000000),
  hash: '',              // the hash this page last wrote
};

// --- The game: asking the API, undo and redo, the URL hash -------------------------------

// Replaces the game by variant/start/moves when the API accepts it; returns true when it
// did, false when the API refused it (the message says why and the game stays as it
// was), and null when a later change overtook it (nothing happened). options: resigned
// (the side to move has resigned), hold (the computer waits to be asked to move: after
// going back in the game).
async function setGame(variant, start, moves, redo = [], options = {}) {
  const generation = ++state.generation;
  setBusy(true);
  const params = {variant, moves: moves.join(' ')};
  if (start) params.start = start;
  if (options.resigned) params.resigned = '1';
  const {status, body} = await api('game', params);
  if (generation !== state.generation) return null;  // a later change won
  setBusy(false);
  if (status !== 200) {
    showMessage(body.error || `HTTP ${status}`);
    render();
    return false;
  }
  Object.assign(state, {variant, start: body.start, moves: body.moves, redo, game: body,
                        resigned: !!options.resigned, hold: !!options.hold, replaced: null});
  state.click = {mode: 'idle'};
  showMessage('');
  writeHash();
  render();
  scheduleComputer();
  return true;
}

// Returns the game as it is, to bring back later.
function snapshot() {
  return state.game && {variant: state.variant, start: state.start, moves: state.moves,
                        redo: state.redo, resigned: state.resigned};
}

// Replaces the whole game (a load, a new game, another variant); undo brings the old
// one back. hold: the computer waits to be asked (a loaded game is looked at first).
async function replaceGame(variant, start, moves, {resigned = false, hold = false} = {}) {
  const old = snapshot();
  const done = await setGame(variant, start, moves, [], {resigned, hold});
  if (done && old && (old.moves.length || old.variant !== variant || old.start !== state.start))
    state.replaced = old, render();
  return done;
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

// Undo goes back one ply, and one more when that would leave the computer to move; when
// the computer is still to move (it moved first), it waits to be asked. Right after a
// load, a new game or a change of variant, undo brings back the game replaced.
function undo() {
  if (!state.game) return;
  if (state.replaced) {
    const old = state.replaced;
    return setGame(old.variant, old.start, old.moves, old.redo, {resigned: old.resigned, hold: true});
  }
  if (!state.moves.length) return;
  let n = 1;
  if (state.computer === sideAfter(state.moves.length - 1) && state.moves.length >= 2) n = 2;
  const kept = state.moves.slice(0, -n);
  const undone = state.moves.slice(-n).reverse();
  setGame(state.variant, state.start, kept, [...state.redo, ...undone], {hold: true});
}

// Redo plays the undone plies again, up to the next ply of a human.
function redo() {
  if (!state.game || !state.redo.length) return;
  const redoStack = [...state.redo];
  const moves = [...state.moves, redoStack.pop()];
  if (state.computer === sideAfter(moves.length) && redoStack.length) moves.push(redoStack.pop());
  setGame(state.variant, state.start, moves, redoStack, {hold: true});
}

function variantStart(name) {
  return state.variants.has(name) ? state.variants.get(name).start : '';
}

// Returns the empty board of variant `name` with `side` to place first (the API's start
// has White first; the hands are equal, so only the side to move changes).
function emptyBoard(name, side) {
  const start = variantStart(name);
  return side === 'white' ? start : start.replace(/^(W:\S* B:\S*) w /, '$1 b ');
}

// New game: the side that did not place first in the game before places first now, as
// the rules have it and as `millbase play`'s `new` does.
function newGame() {
  const first = state.game ? other(sideAfter(0)) : 'white';
  return replaceGame(state.variant, emptyBoard(state.variant, first), []);
}

// Writes the game, the computer's side and its level into the URL hash.
function writeHash() {
  const params = new URLSearchParams({variant: state.variant});
  if (state.start !== variantStart(state.variant)) params.set('start', state.start);
  if (state.moves.length) params.set('moves', state.moves.join(' '));
  if (state.resigned) params.set('resigned', '1');
  if (state.computer !== 'none') params.set('computer', state.computer);
  if (state.level !== 'perfect') params.set('level', state.level);
  state.hash = '#' + params.toString();
  if (location.hash !== state.hash) history.replaceState(null, '', state.hash);
}

// Loads the game of the URL hash (#variant=six&start=...&moves=...&computer=black&
// level=level3), or a new game. A link the API refuses gives a new game of the link's
// variant (when there is one), and says why.
async function loadHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const asked = (params.get('variant') || '').toLowerCase();
  const variant = state.variants.has(asked) ? asked : state.variant;
  const moves = (params.get('moves') || '').split(/[\s,]+/).filter(Boolean);
  const resigned = params.get('resigned') === '1';
  const computer = params.get('computer');
  const level = params.get('level');
  setComputer(['white', 'black'].includes(computer) ? computer : 'none');
  state.level = level && (state.levels.has(level) || !state.levels.size) ? level : 'perfect';
  if ((await setGame(variant, params.get('start') || '', moves, [], {resigned})) === false) {
    const message = $('message').textContent;
    if ((await setGame(variant, variantStart(variant), [])) !== false)
      showMessage(`The link's game was refused, so this is a new game of ${variant}: ${message}`);
  } else if (asked && !state.variants.has(asked)) {
    showMessage(`The link names no variant ${JSON.stringify(asked)}; this is ${variant}.`);
  }
}

// --- The click state machine ----------------------------------------------------------
// state.click is one of
//   {mode: 'idle'}              nothing chosen yet;
//   {mode: 'from', from}        a stone to move or fly is chosen, its targets are marked;
//   {mode: 'remove', moves}     the chosen placement or move closes a mill: `moves` are
//                               its full moves, one per stone that may be removed.
//                               `refused`: the last point clicked that may not be removed.
// Only the API's legal list decides what a click may do. A click on a point that fits no
// legal move, a click beside the points, or Escape goes back to idle; but while a stone
// is to be removed a click elsewhere is refused and the mill waits, and only Escape or a
// click on the stone that closed it takes it back.
function onPoint(name) {
  if (state.busy || computerToMove() || !state.game || !state.game.legal.length) return;
  const legal = state.game.legal;
  const click = state.click;
  if (click.mode === 'remove') {
    const move = click.moves.find(m => m.remove === name);
    if (move) return play(move.move);
    if (name === click.moves[0].to || name === click.moves[0].from) return cancel();
    if (name !== null) state.click = {...click, refused: name}, render();
    return;
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

// Returns the level the computer plays at: the one chosen, but where the tables are
// missing a level that plays from them gives way to the strongest that needs none.
function playedLevel() {
  const chosen = state.levels.get(state.level);
  if (!chosen || !chosen.tables || !tablesMissing()) return state.level;
  const without = [...state.levels.values()].find(level => !level.tables);
  return without ? without.name : state.level;
}

// Lets the computer play `side` (white, black or none); the hints take their default.
function setComputer(side) {
  state.computer = side;
  state.computerAsked = -1;
  state.hold = false;
  state.showBest = null;
}

// True when the computer is to move: the board and the moves wait for it, and no click
// may move for it.
function computerToMove() {
  const g = state.game;
  return !!g && g.outcome === 'ongoing' && g.side_to_move === state.computer;
}

// The computer is thinking in `generation` (-1: it is not); the page shows it.
function setThinking(generation) {
  state.thinking = generation;
  if (generation >= 0) document.body.dataset.thinking = 'true';
  else delete document.body.dataset.thinking;
  render();
}

// True when the computer is to move but waits to be asked (after undo).
function computerWaits() {
  return computerToMove() && state.hold;
}

// Asks the computer for its move, once per position, when it is its turn and not held.
function scheduleComputer() {
  if (!computerToMove() || state.hold || state.computerAsked === state.generation) return;
  const generation = state.computerAsked = state.generation;
  state.click = {mode: 'idle'};  // a half-made click of the human's is dropped
  setThinking(generation);
  setTimeout(async () => {
    const stillWanted = () => generation === state.generation && computerToMove();
    const done = () => state.thinking === generation && setThinking(-1);
    if (!stillWanted()) return void done();
    const params = {variant: state.variant, moves: state.moves.join(' '),
                    level: playedLevel(), seed: state.seed + state.moves.length};
    if (state.start) params.start = state.start;
    const {status, body} = await api('computer', params);
    if (stillWanted()) {
      if (status === 200) await play(body.move);
      else showMessage('The computer cannot move: ' + (body.error || `HTTP ${status}`));
    }
    done();
  }, COMPUTER_DELAY_MS);
}

// --- Drawing: see panels.js -----------------------------------------------------------

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = String(busy);
}

// --- Start ----------------------------------------------------------------------------

async function main() {
  const {status, body} = await api('variants');
  if (status !== 200) return showMessage('Cannot read the variants: ' + (body.error || `HTTP ${status}`));
  for (const v of body.variants) {
    state.variants.set(v.name, v);
    const option = document.createElement('option');
    option.value = v.name;
    option.textContent = v.name + (v.tables === 'fifty' ? ' (50-ply tables)'
      : v.tables === 'plain' ? '' : ' (no tables)');
    $('variant').append(option);
  }
  // The levels, with what each sees (the menu of index.html until they are known).
  if (Array.isArray(body.levels) && body.levels.length) {
    $('level').replaceChildren();
    for (const level of body.levels) {
      state.levels.set(level.name, level);
      const option = document.createElement('option');
      option.value = level.name;
      option.textContent = level.label;
      $('level').append(option);
    }
    $('level').value = state.level;
  }
  // The default variant: the server's (serve --variant), else the first with tables,
  // else six.
  const withTables = body.variants.find(v => v.tables);
  state.variant = state.variants.has(body.default) ? body.default
    : withTables ? withTables.name : 'six';

  $('variant').onchange = e => replaceGame(e.target.value, variantStart(e.target.value), []);
  $('new-game').onclick = newGame;
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('flip').onclick = () => { state.flipped = !state.flipped; render(); };
  $('copy').onclick = copyRecord;
  $('load').onclick = loadRecord;
  $('level').onchange = e => { state.level = e.target.value; writeHash(); render(); };
  for (const radio of document.querySelectorAll('input[name="computer"]'))
    radio.onchange = e => {
      setComputer(e.target.value);
      writeHash();
      render();
      scheduleComputer();
    };
  $('computer-go').onclick = () => {
    state.hold = false;
    render();
    scheduleComputer();
  };
  $('show-best').onchange = e => { state.showBest = e.target.checked; render(); };
  // Keys (docs/page.md): Escape cancels a half-made move; Ctrl+Z (⌘Z) undoes, Ctrl+Y or
  // Ctrl+Shift+Z redoes, but not in a box of text, which has its own; an arrow key takes
  // the focus to the board, where the arrows go from point to point (board.js).
  document.addEventListener('keydown', e => {
    if (e.key === 'Escape') return cancel();
    if (e.target.closest('input, textarea, select')) return;
    const key = e.key.toLowerCase(), command = (e.ctrlKey || e.metaKey) && !e.altKey;
    if (command && (key === 'z' || key === 'y')) {
      e.preventDefault();
      return key === 'z' && !e.shiftKey ? undo() : redo();
    }
    if (e.key.startsWith('Arrow') && !e.target.closest('#board, button, summary, a, [role]') &&
        focusBoard($('board')))
      e.preventDefault();
  });
  window.addEventListener('hashchange', () => location.hash !== state.hash && loadHash());
  window.addEventListener('resize', () => { fitLegal(); renderLevel(); });
  await loadHash();
}

main();
