'use strict';
// The game of the analysis page as text: a game record (docs/game-records.md) to copy,
// and a record or a bare move list, optionally after a start position, to load. Uses
// app.js's state and setGame(); the API checks whatever is loaded.

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
