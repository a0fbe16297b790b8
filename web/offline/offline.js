'use strict';
// The offline build's way to the engine: the answers of millbase serve's API
// (docs/web-api.md), computed by the engine compiled to WebAssembly (millbase.js, whose
// tables are inside it) instead of over HTTP. app.js's api() uses it when it is defined.
window.millbaseOffline = (() => {
  const ready = new Promise(resolve => {
    if (Module.calledRun) resolve();
    else Module.onRuntimeInitialized = resolve;
  });
  return async function (path, params = {}) {
    await ready;
    const query = new URLSearchParams(params).toString();
    const text = Module.ccall('millbase_offline_api', 'string', ['string', 'string'], [path, query]);
    const newline = text.indexOf('\n');
    return {status: Number(text.slice(0, newline)), body: JSON.parse(text.slice(newline + 1))};
  };
})();
