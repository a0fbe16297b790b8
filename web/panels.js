'use strict';
// The analysis page drawn from app.js's state: the board's marks, the prompt and the
// status, the facts of the position, the legal moves with their values, the game's
// moves, and the notes that explain them. Every value and result is the API's.

function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

// Says that a request is being tried again ("" when it is not).
function showRetry(text) {
  $('retry').textContent = text;
  $('retry').hidden = !text;
}

// Returns the points of a move in notation ("c5-d5xd7", "d2", "d2xf4"): {from, to, remove}.
function movePoints(move) {
  const [path, remove = null] = move.split('x');
  const [a, b] = path.split('-');
  return b ? {move, from: a, to: b, remove} : {move, from: null, to: a, remove};
}

// The game last drawn, to animate the move that follows it: {variant, start, moves,
// move (the move being animated, or null), since (when its animation began)}.
let drawnGame = null;

// Returns the move to animate: the one ply played since the board was last drawn, with
// `elapsed`, the milliseconds of its animation already shown (a board drawn again while
// a stone travels goes on from there).
function newMove() {
  const before = drawnGame, g = state.game, now = performance.now();
  const same = before && before.variant === g.variant && before.start === state.start;
  if (same && before.moves.length === state.moves.length &&
      before.moves.every((m, i) => m === state.moves[i]))
    return before.move && {...before.move, elapsed: now - before.since};
  const next = same && state.moves.length === before.moves.length + 1 &&
    before.moves.every((m, i) => m === state.moves[i]);
  const move = next ? movePoints(state.moves[state.moves.length - 1]) : null;
  drawnGame = {variant: g.variant, start: state.start, moves: state.moves, move, since: now};
  return move && {...move, elapsed: 0};
}

// Returns a value's words as the API gives them, and those without the 50-ply rule.
function valueText(value) {
  return value ? value.text : 'no value';
}
function plainText(value) {
  return value && value.without_rule ? value.without_rule.text : '';
}

// Returns true when the best move is drawn on the board and the value said in the line
// under it: by default when no computer plays, not against the computer (the box shows
// them with one click).
function hintsShown() {
  return state.showBest === null ? state.computer === 'none' : state.showBest;
}

// True when the tables of the game's variant are missing here, or do not reach its
// position: perfect play cannot move from it.
function tablesMissing() {
  const variant = state.variants.get(state.variant), g = state.game;
  return !!variant && (!variant.tables || (!!g && g.variant === state.variant && !!g.tables_error));
}

// The points' marks and which points react, from the click state and the legal moves;
// none react while the computer is to move.
function boardView() {
  const g = state.game, click = state.click;
  const marks = new Map(), clickable = new Set();
  const mark = (point, name) => point && marks.set(point, [...(marks.get(point) || []), name]);
  const last = state.moves.length ? movePoints(state.moves[state.moves.length - 1]) : {};
  const removing = click.mode === 'remove' ? new Set(click.moves.map(m => m.remove)) : new Set();
  // The last move's points, unless a click there now removes the stone.
  for (const point of [last.from, last.to]) if (point && !removing.has(point)) mark(point, 'last');
  if (computerToMove()) {
    // Nothing to click: the computer is thinking.
  } else if (click.mode === 'remove') {
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
    // In placement the points a stone may go to are marked; in movement the stones are
    // quiet until one is chosen (they react, and show it on hover). Under Lasker's rule
    // a side with stones in hand has both: the points to place on, the stones to move.
    for (const m of g.legal) {
      if (m.from) mark(m.from, 'movable'), clickable.add(m.from);
      else mark(m.to, 'target'), clickable.add(m.to);
    }
  }
  for (const [point, list] of marks) marks.set(point, [...new Set(list)]);
  // The best move: the first of the API's list, which is best first when it has values.
  const best = hintsShown() && click.mode !== 'remove' && g.legal.length && g.legal[0].value
    ? g.legal[0] : null;
  return {stones: g.stones, inHand: g.in_hand, flipped: state.flipped, marks, clickable, best,
          hands: narrow() ? 'rows' : 'columns'};
}

function render() {
  const g = state.game;
  document.body.dataset.mode = state.click.mode;
  document.body.dataset.plies = String(state.moves.length);
  document.body.dataset.counter = g && g.counter !== null ? g.counter : '';
  $('undo').disabled = !state.moves.length && !state.replaced;
  $('redo').disabled = !state.redo.length;
  $('variant').value = state.variant;
  const radio = $('computer-' + state.computer);
  if (radio) radio.checked = true;
  $('show-best').checked = hintsShown();
  renderLevel();
  if (!g) return;
  const variant = state.variants.get(g.variant);
  $('computer-go').hidden = !computerWaits();
  const view = boardView();
  view.animate = newMove();
  drawBoard($('board'), variant, view, onPoint);
  renderBoardNote(variant);

  const over = g.outcome !== 'ongoing';
  const mover = capital(g.side_to_move);
  $('side-to-move').textContent = over ? '—' : mover;
  $('side-to-move').dataset.side = g.side_to_move;
  $('phase').textContent = g.also_moves ? `${g.phase} or ${g.also_moves}` : g.phase;
  // Over: the prompt says who won and why (once), not the value of a lost position.
  const plain = plainText(g.value);
  $('value').textContent = over ? '—'
    : g.value ? `${mover} to move: ${valueText(g.value)}` + (plain ? `; without the rule: ${plain}` : '')
    : '—';
  $('value').className = over ? 'over' : g.value ? g.value.result : '';
  $('counter').textContent = g.counter === null ? '— (placement)' : `${g.counter} of 50 plies`;
  $('repetitions').textContent = `${g.repetitions} (3 ends the game)`;
  $('rule').dataset.rule = g.rule || '';
  $('rule').textContent = g.rule === 'fifty' ? '50-ply rule' : g.rule === 'plain' ? 'plain (no 50-ply rule)' : 'missing';
  for (const side of ['white', 'black']) {
    $(side + '-in-hand').textContent = g.in_hand[side];
    $(side + '-on-board').textContent = g.on_board[side];
  }
  $('position').textContent = g.position;
  renderTablesNote(g);

  // The line keeps its place at the end of the game, so that the board keeps its size.
  $('status').textContent = over ? '' : `${mover} to move` +
    (hintsShown() && g.value ? ': ' + valueText(g.value) : '');
  renderPrompt(g, over, mover);
  renderRuleNote(g);
  renderLegal(g);
  renderMoves();
}

// The level menu, each level with its rating in this variant where it was measured (on a
// wide screen; a phone's header has no room for it), and the line under it: the chosen
// level's rating and what it sees; where a level that plays from the tables has none,
// that it needs them and which level plays instead.
function renderLevel() {
  const missing = tablesMissing(), wide = !narrow();
  for (const option of $('level').options) {
    const level = state.levels.get(option.value);
    if (level) option.textContent = levelText(level, missing, wide);
  }
  $('level').value = state.level;
  const chosen = state.levels.get(state.level), played = state.levels.get(playedLevel());
  const elo = chosen && levelElo(chosen);
  $('level-sees').replaceChildren(...(!chosen || !played ? []
    : played === chosen ? [`${chosen.label}${elo ? ` (Elo ${elo})` : ''} sees ${chosen.sees}`]
    : [`${chosen.label} needs ${state.variant}'s tables, not here: ${played.label} plays instead`,
       span('wide-only', `, and sees ${played.sees}`)]));
  $('level-sees').classList.toggle('missing', played !== chosen);
}

// Returns true on a phone's width: style.css's one-column layout (max-width: 760px).
const narrow = () => matchMedia('(max-width: 760px)').matches;

// Returns a level's rating in this variant, or undefined where it was not measured.
const levelElo = level => level.elo && level.elo[state.variant];

// Returns a level's entry in the menu: "Level 5 (Elo 2217)" (the rating where measured,
// when withElo), "(no tables)" after a level that needs the missing tables.
function levelText(level, missing, withElo) {
  const elo = withElo && levelElo(level);
  return level.label + (elo ? ` (Elo ${elo})` : '') + (level.tables && missing ? ' (no tables)' : '');
}

// Returns a span of class className holding text.
function span(className, text) {
  return Object.assign(document.createElement('span'), {className, textContent: text});
}

// Without values: one calm line that says what perfect play needs, the API's words (the
// command that builds the tables, or where the offline page takes them) on hover or tap.
function renderTablesNote(g) {
  const note = $('tables-error');
  note.hidden = !g.tables_error;
  if (!g.tables_error) return;
  note.querySelector('summary').replaceChildren(
    `No values: perfect play needs ${g.variant}'s tables`, span('wide-only', ' (how to get them)'));
  note.querySelector('.long').textContent = g.tables_error;
  note.title = g.tables_error;
}

// Returns true when the click refused during a removal was on a stone (a click on an
// empty point needs no reason).
function refusedStone(g, click) {
  return !!click.refused && [...g.stones.white, ...g.stones.black].includes(click.refused);
}

// The verb of a kind of move: "fly" for flying, else "move".
const moveVerb = kind => (kind === 'flying' ? 'fly' : 'move');

function renderPrompt(g, over, mover) {
  const prompt = $('prompt');
  const thinking = document.body.dataset.thinking === 'true';
  const click = state.click, opponent = capital(other(g.side_to_move));
  // What takes a half-made move back: Escape on a keyboard, a tap on the stone on a phone.
  const cancels = tap => [span('keys-only', ' (Esc cancels)'), span('touch-only', ` (${tap} to cancel)`)];
  prompt.replaceChildren(...(over ? ['Game over: ' + g.result_text]
    : computerWaits() ? [`The computer (${mover}) waits: "Move now" lets it move, "none" lets you`]
    : computerToMove() ? [thinking ? `The computer (${mover}) is thinking`
                                   : `The computer (${mover}) is to move; choose "none" to move for it`]
    : click.mode === 'remove' ? [refusedStone(g, click)
        ? `${click.refused} cannot be removed: remove a ringed stone of ${opponent}`
        : `Mill: remove a stone of ${opponent}`, ...cancels(`tap ${click.moves[0].to}`)]
    : click.mode === 'from' ? [`${mover}: where does ${click.from} go?`, ...cancels(`tap ${click.from} again`)]
    : [g.phase === 'placement'
       ? `${mover}: place a stone` + (g.also_moves ? `, or choose one to ${moveVerb(g.also_moves)}` : '')
       : `${mover}: choose a stone to ${moveVerb(g.phase)}`]));
  prompt.className = over ? 'over' : click.mode === 'remove' ? 'removal'
    : thinking && computerToMove() ? 'thinking' : '';
}

// Shows a note as a short line, with its long form on hover (title) and on a tap
// (the details open); hidden when short is "".
function setNote(note, short, long) {
  note.hidden = !short;
  note.querySelector('summary').textContent = short;
  note.querySelector('.long').textContent = long;
  note.title = long;
}

// Under the 50-ply rule a distance counts plies to the next mill, not to the end: say
// so, and where the values without the rule are when they are not shown.
function renderRuleNote(g) {
  if (g.rule !== 'fifty') return setNote($('rule-note'), '', '');
  const beside = g.value && g.value.without_rule;
  setNote($('rule-note'), '50-ply rule: "win in N" counts plies to the next mill',
    'Under the 50-ply rule "win in N" counts the plies to the next mill or the ' +
    'end of the game, so every move that closes a mill is a win in 1, and cursed wins and ' +
    'blessed losses are draws. ' + (beside ? 'The value without the rule is beside each move, in brackets.'
      : window.millbaseOffline ? 'This page holds the 50-ply tables only, not the values without the rule.'
        : 'The values without the rule need the plain tables (millbase serve --plain DIR).'));
}

// Boards whose points do not start at a1 (six's and five's, the inner squares of nine's
// board): say how their points are named.
function renderBoardNote(variant) {
  const xs = variant.points.map(p => p.x), ys = variant.points.map(p => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (minX === 0 && minY === 0) return setNote($('board-note'), '', '');
  const column = x => String.fromCharCode(97 + x);
  const corner = `${column(minX)}${minY + 1}`;
  setNote($('board-note'),
    `Points: columns ${column(minX)}–${column(maxX)}, rows ${minY + 1}–${maxY + 1} (${corner} lower left)`,
    `Points are named by column and row as on nine's board, whose outer square ` +
    `${variant.name} does not have: columns ${column(minX)}–${column(maxX)}, rows ${minY + 1}–${maxY + 1}, ` +
    `so the lower left corner is ${corner} (the labels at the edges; hover a point for its name).`);
}

function renderLegal(g) {
  const list = $('legal-moves');
  list.replaceChildren();
  const locked = computerToMove();
  for (const m of g.legal) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move ' + (m.value ? m.value.result : 'unknown');
    button.dataset.move = m.move;
    button.disabled = locked;
    if (m.value) {
      button.dataset.result = m.value.result;
      button.dataset.distance = m.value.distance === null ? '' : m.value.distance;
      if (m.value.class) button.dataset.class = m.value.class;
    }
    button.append(span('name', m.move), span('value', valueText(m.value)));
    button.title = `${m.move}: ${valueText(m.value)}`;
    if (plainText(m.value)) {
      // One line: the value without the rule in brackets, in words on hover.
      const plain = span('plain', `(${plainText(m.value)})`);
      plain.title = 'without the rule: ' + plainText(m.value);
      button.title += '; without the rule: ' + plainText(m.value);
      button.append(plain);
    }
    button.onclick = () => !state.busy && !computerToMove() && play(m.move);
    const item = document.createElement('li');
    item.append(button);
    list.append(item);
  }
  list.dataset.plain = g.legal.some(m => plainText(m.value)) ? 'true' : 'false';
  fitLegal();
}

// A move whose words do not fit its cell takes the whole row, and wraps if they do not
// fit that either: a value is never cut off ("draw (a win in 9 needs the counter at 41
// or less)").
function fitLegal() {
  const cut = button => [...button.children].some(part => part.scrollWidth > part.clientWidth + 0.5);
  for (const item of $('legal-moves').children) {
    item.classList.remove('wide', 'wrap');
    if (!cut(item.firstChild)) continue;
    item.classList.add('wide');
    if (cut(item.firstChild)) item.classList.add('wrap');
  }
}

// The moves numbered as in game records: a number before each of White's moves, and
// "1..." when Black moves first. Clicking a move goes back to the position after it.
function renderMoves() {
  const list = $('move-list');
  list.replaceChildren();
  let item = null, number = 0, current = null;
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
                                   [...state.redo, ...state.moves.slice(i + 1).reverse()], {hold: true});
    item.append(button);
    current = button;
  });
  // On a phone the list is one line that scrolls sideways: keep its end in sight.
  if (current && list.scrollWidth > list.clientWidth) list.scrollLeft = list.scrollWidth;
  if (document.activeElement !== $('game-text')) $('game-text').value = recordText();
}
