'use strict';
// The offline page's served tables, read on demand (issue #66): byte ranges of the table
// files in the folder the page is served from (tables/<variant>/<sector>.mbt, written by
// tools/build_offline.sh --tables), fetched with HTTP range requests to the page's own
// origin and kept in the browser's Cache Storage, so that no range is fetched twice, in
// this visit or the next. The module (web/offline/range_source.cpp) asks through
// millbaseTables.open and .read; everything it gets is checked there against the
// tables' checksums.
window.millbaseTables = (() => {
  // The first bytes of a table fetched on opening: the header (96 bytes) and the block
  // index (32 bytes a block) of all but the largest tables, in one request.
  const PREFIX = 64 * 1024;
  const stats = {requests: 0, bytes: 0, cached: 0};
  const memory = new Map();  // key → Uint8Array, this visit's ranges
  let cache;                 // Cache Storage, once opened; null where there is none

  async function storage() {
    if (cache === undefined) {
      try {
        const id = (window.millbaseServed || {}).id || 'none';
        cache = self.caches ? await caches.open('millbase-tables-' + id) : null;
      } catch (e) {
        cache = null;  // file:// or an insecure origin: this visit's memory only
      }
    }
    return cache;
  }

  // Returns the bytes [offset, offset + size) of url: from memory, the cache or the host.
  // The result is {bytes, total} (total: the file's size, when the host said), or
  // {status} for a table the host does not have (404) or refused.
  async function range(url, offset, size) {
    const key = new URL(url, location.href).href + '?bytes=' + offset + '-' + (offset + size);
    if (memory.has(key)) return memory.get(key);
    const stored = await storage();
    const hit = stored && await stored.match(key);
    if (hit && hit.status === 404) return {status: 404};
    if (hit) {
      const bytes = new Uint8Array(await hit.arrayBuffer());
      const total = Number(hit.headers.get('X-Total'));
      const found = {bytes, total};
      memory.set(key, found);
      stats.cached += 1;
      return found;
    }
    // Not through the HTTP cache, which would ask for parts of ranges it holds: the
    // ranges are kept here, in Cache Storage, whole.
    const response = await fetch(url, {
      cache: 'no-store', headers: {Range: `bytes=${offset}-${offset + size - 1}`}});
    stats.requests += 1;
    if (response.status === 404) {
      // Not served: so until the tables change (the cache's name is their identity).
      memory.set(key, {status: 404});
      if (stored) await stored.put(key, new Response(null, {status: 404})).catch(() => {});
    }
    if (response.status !== 206 && response.status !== 200) return {status: response.status};
    let bytes = new Uint8Array(await response.arrayBuffer());
    stats.bytes += bytes.length;
    let total = NaN;
    if (response.status === 206) {
      total = Number((response.headers.get('Content-Range') || '').split('/')[1]);
    } else {  // the host ignored the range and sent the whole file
      total = bytes.length;
      bytes = bytes.subarray(offset, offset + size);
    }
    const found = {bytes, total};
    memory.set(key, found);
    if (stored) {
      await stored.put(key, new Response(bytes, {headers: {'X-Total': String(total)}}))
          .catch(() => {});  // a full storage only costs a fetch next time
    }
    return found;
  }

  const opened = new Map();  // url → {total, prefix}

  return {
    stats,
    // Returns the size of the table at url, fetching its first bytes; -404 (or minus
    // another HTTP status) when the host does not serve it, -1 when it cannot be reached.
    async open(url) {
      try {
        const first = await range(url, 0, PREFIX);
        if (first.status) return -first.status;
        // A table shorter than PREFIX: the host sent what there is (Content-Range says).
        if (!(first.total >= 0)) return -1;
        opened.set(url, {total: first.total, prefix: first.bytes});
        return first.total;
      } catch (e) {
        return -1;
      }
    },
    // Returns bytes [offset, offset + size) of the opened table at url, or null when
    // they could not be fetched.
    async read(url, offset, size) {
      const table = opened.get(url);
      if (table && offset + size <= table.prefix.length) {
        return table.prefix.subarray(offset, offset + size);
      }
      try {
        const got = await range(url, offset, size);
        return got.bytes && got.bytes.length === size ? got.bytes : null;
      } catch (e) {
        return null;
      }
    },
  };
})();
