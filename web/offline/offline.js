'use strict';
// The offline build's way to the engine: the answers of millbase serve's API
// (docs/web-api.md), computed by the engine compiled to WebAssembly (millbase.js, with
// six's and five's tables inside, and the tables of a variant served beside the page
// read on demand: table_fetch.js) instead of over HTTP. app.js's api() uses it when it
// is defined. A call may wait for table bytes (Asyncify), and the module takes one call
// at a time, so the calls are queued.
window.millbaseOffline = (() => {
  const ready = new Promise(resolve => {
    if (Module.calledRun) resolve();
    else Module.onRuntimeInitialized = resolve;
  });
  let queue = ready;
  return function (path, params = {}) {
    const query = new URLSearchParams(params).toString();
    const answer = queue.then(() => Module.ccall(
        'millbase_offline_api', 'string', ['string', 'string'], [path, query], {async: true}));
    queue = answer.catch(() => {});
    return answer.then(text => {
      const newline = text.indexOf('\n');
      return {status: Number(text.slice(0, newline)), body: JSON.parse(text.slice(newline + 1))};
    });
  };
})();
