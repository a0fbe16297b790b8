'use strict';
// The offline page's panel of served tables (issue #66): for each variant whose tables
// are published beside the page (served.js), where perfect play reads them from, a
// button that downloads them all into the browser's storage with a progress bar (then
// the page makes no request for them), and one that takes them from a folder on the
// player's own disk (millbaseTables, table_fetch.js).
(() => {
  const variants = Object.keys(millbaseTables.served.variants || {});
  if (!variants.length) return;
  const megabytes = n => (n / 1e6).toFixed(n < 1e7 ? 1 : 0) + ' MB';
  const panel = document.createElement('details');
  panel.id = 'tables-panel';
  panel.className = 'tables-panel';
  panel.innerHTML = '<summary>Tables for perfect play</summary>';
  for (const variant of variants) {
    const row = document.createElement('div');
    row.className = 'tables-variant';
    row.dataset.variant = variant;
    row.innerHTML = `
      <p class="tables-where"></p>
      <p><button type="button" class="tables-download"></button>
         <progress class="tables-progress" max="1" value="0" hidden></progress></p>
      <p><label class="tables-folder">Use a folder on this device:
         <input type="file" webkitdirectory multiple></label></p>`;
    const where = row.querySelector('.tables-where');
    const button = row.querySelector('.tables-download');
    const bar = row.querySelector('.tables-progress');
    const show = (text, state) => {
      where.textContent = text;
      row.dataset.state = state;
    };
    const refresh = async () => {
      const [done, all] = await millbaseTables.downloaded(variant);
      button.textContent = done === all ? `${variant}'s tables are on this device`
                                        : `Download ${variant}'s tables (${megabytes(all - done)})`;
      button.disabled = done === all;
      if (done === all) show(`${variant}: perfect play reads its tables from this browser's storage, with no request.`, 'downloaded');
      else show(`${variant}: perfect play fetches the parts of its tables it needs from this site as you play` +
                (done ? ` (${megabytes(done)} of ${megabytes(all)} downloaded)` : '') + '.', 'served');
    };
    button.addEventListener('click', async () => {
      button.disabled = true;
      bar.hidden = false;
      try {
        await millbaseTables.download(variant, (done, all) => {
          bar.value = all ? done / all : 1;
          button.textContent = `Downloading ${megabytes(done)} of ${megabytes(all)}`;
        });
        await refresh();
      } catch (e) {
        show(`The download stopped: ${e.message}. Press the button again to go on.`, 'error');
        button.disabled = false;
        button.textContent = `Download ${variant}'s tables (go on)`;
      }
      bar.hidden = true;
    });
    row.querySelector('input').addEventListener('change', async e => {
      const files = e.target.files;
      const why = await millbaseTables.useFolder(variant, files);
      if (why) show(`That folder was not taken: ${why}.`, 'error');
      else show(`${variant}: perfect play reads its tables from the folder you chose (${files.length} files), with no request.`, 'folder');
    });
    panel.appendChild(row);
    refresh();
  }
  (document.querySelector('.side-panel') || document.body).appendChild(panel);
})();
