'use strict';
// The game of the analysis page as text: the game record (docs/game-records.md) that the
// API writes for the game (with its Result and Reason), to copy; and a record or a bare
// move list, optionally after a start position, to load, read by the API with the same
// code as `millbase play --load` (core/game_record.h): a Result or Reason that the moves
// contradict is refused, a resigned game ends resigned. Uses app.js's state and api().

function recordText() {
  return state.game ? state.game.record : '';
}

// Copies the record to the clipboard and says so beside the button for a few seconds
// (or, where the browser lets no page copy, leaves it selected to copy by hand).
async function copyRecord() {
  const text = recordText();
  $('game-text').value = text;
  let copied;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    $('game-text').select();
    copied = document.execCommand('copy');
  }
  showMessage('');
  const said = $('copy-status');
  said.textContent = copied ? 'Copied' : 'Selected: copy it with Ctrl+C';
  said.className = copied ? 'done' : '';
  clearTimeout(copyRecord.timer);
  copyRecord.timer = setTimeout(() => { said.textContent = ''; }, 3000);
}

// Loads the box's record; an empty box or a record the API refuses changes nothing.
async function loadRecord() {
  const text = $('game-text').value;
  if (!text.trim()) return showMessage('The box is empty: paste a game record or a move list to load.');
  setBusy(true);
  const {status, body} = await api('record', {text, variant: state.variant});
  setBusy(false);
  if (status !== 200) return showMessage('The record was not loaded: ' + (body.error || `HTTP ${status}`));
  if (await replaceGame(body.variant, body.start, body.moves, {resigned: body.resigned, hold: true}))
    $('game-text').blur();
}
