'use strict';
// The offline page's served tables (issue #66): the table files of the folder the page
// is served from (tables/<variant>/<sector>.mbt, written by tools/build_offline.sh
// --tables; their list in served.js), read by the module (web/offline/range_source.cpp)
// through millbaseTables.open and .read, from, in this order:
// 1. a folder on the player's own disk chosen in the page (useFolder): File.slice;
// 2. a whole copy downloaded once into the browser's Cache Storage (download), kept in
//    chunks of CHUNK bytes;
// 3. the byte ranges fetched before, kept in Cache Storage (this visit's in memory too);
// 4. else an HTTP range request to the page's own origin.
// Everything the module gets is checked there against the tables' checksums. The cache
// is named by the tables' identity (served.js), so a new solve or pack starts afresh.
window.millbaseTables = (() => {
  // The first bytes of a table fetched on opening: the header (96 bytes) and the block
  // index (32 bytes a block) of all but the largest tables, in one request.
  const PREFIX = 64 * 1024;
  const CHUNK = 1024 * 1024;  // a downloaded file's pieces in the cache
  const served = window.millbaseServed || {id: 'none', variants: {}};
  // requests and bytes over the network; cached: ranges from Cache Storage; local and
  // downloaded: reads of a folder or of the download; batches: hints taken; alone: the
  // requests the module waited for one by one (not fetched with a batch of hints).
  const stats = {requests: 0, bytes: 0, cached: 0, local: 0, downloaded: 0, batches: 0, alone: 0};
  const memory = new Map();  // key → {bytes, total} or {status}: this visit's ranges
  const folders = new Map();  // variant → Map(file name → File)
  const complete = new Map();  // absolute url → size, for downloaded files
  const chunks = new Map();    // chunk key → Uint8Array, the last few read
  let cache;  // Cache Storage, once opened; null where there is none

  async function storage() {
    if (cache === undefined) {
      try {
        cache = self.caches ? await caches.open('millbase-tables-' + served.id) : null;
      } catch (e) {
        cache = null;  // file:// or an insecure origin: this visit's memory only
      }
    }
    return cache;
  }

  const absolute = url => new URL(url, location.href).href;
  // Returns [variant, file name] of a table's url "tables/<variant>/<name>".
  const parts = url => url.split('/').slice(-2);

  // Returns the size of a downloaded file, or undefined.
  async function downloadedSize(url) {
    const key = absolute(url);
    if (!complete.has(key)) {
      const stored = await storage();
      const hit = stored && await stored.match(key + '?complete');
      complete.set(key, hit ? Number(await hit.text()) : undefined);
    }
    return complete.get(key);
  }

  // Returns bytes [offset, offset + size) of a downloaded file, from its chunks.
  async function fromChunks(url, offset, size) {
    const out = new Uint8Array(size);
    for (let at = offset; at < offset + size;) {
      const n = Math.floor(at / CHUNK);
      const key = absolute(url) + '?chunk=' + n;
      let chunk = chunks.get(key);
      if (!chunk) {
        const hit = await (await storage()).match(key);
        if (!hit) return null;
        chunk = new Uint8Array(await hit.arrayBuffer());
        if (chunks.size >= 16) chunks.delete(chunks.keys().next().value);
        chunks.set(key, chunk);
      }
      const from = at - n * CHUNK, take = Math.min(chunk.length - from, offset + size - at);
      if (take <= 0) return null;
      out.set(chunk.subarray(from, from + take), at - offset);
      at += take;
    }
    stats.downloaded += 1;
    return out;
  }

  // Returns the bytes [offset, offset + size) of url from the cache of ranges or the host:
  // {bytes, total} (total: the file's size, when the host said), or {status} for a table
  // the host does not have (404) or refused.
  const inflight = new Map();  // key → the promise of a range being read
  function range(url, offset, size, hinted = false) {
    const key = absolute(url) + '?bytes=' + offset + '-' + (offset + size);
    if (memory.has(key)) return Promise.resolve(memory.get(key));
    if (!hinted && !inflight.has(key)) stats.alone += 1;
    if (!inflight.has(key)) {
      inflight.set(key, readRange(url, offset, size, key).finally(() => inflight.delete(key)));
    }
    return inflight.get(key);
  }

  async function readRange(url, offset, size, key) {
    const stored = await storage();
    const hit = stored && await stored.match(key);
    if (hit && hit.status === 404) return {status: 404};
    if (hit) {
      const found = {bytes: new Uint8Array(await hit.arrayBuffer()),
                     total: Number(hit.headers.get('X-Total'))};
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

  // Returns the local File of a table's url, null when the variant's folder lacks it, or
  // undefined when no folder was chosen for the variant.
  function localFile(url) {
    const [variant, name] = parts(url);
    const folder = folders.get(variant);
    return folder ? folder.get(name) || null : undefined;
  }

  return {
    stats,
    served,
    // Returns the size of the table at url, fetching its first bytes; -404 (or minus
    // another HTTP status) when there is no such table, -1 when it cannot be reached.
    async open(url) {
      try {
        const file = localFile(url);
        if (file === null) return -404;
        if (file) return file.size;
        const size = await downloadedSize(url);
        if (size !== undefined) return size;
        const first = await range(url, 0, PREFIX);
        if (first.status) return -first.status;
        if (!(first.total >= 0)) return -1;  // a 206 without the file's size
        opened.set(url, {total: first.total, prefix: first.bytes});
        return first.total;
      } catch (e) {
        return -1;
      }
    },
    // Returns bytes [offset, offset + size) of the opened table at url, or null when
    // they could not be read.
    async read(url, offset, size) {
      try {
        const file = localFile(url);
        if (file) {
          stats.local += 1;
          return new Uint8Array(await file.slice(offset, offset + size).arrayBuffer());
        }
        if (await downloadedSize(url) !== undefined) return await fromChunks(url, offset, size);
        const table = opened.get(url);
        if (table && offset + size <= table.prefix.length) {
          return table.prefix.subarray(offset, offset + size);
        }
        const got = await range(url, offset, size);
        return got.bytes && got.bytes.length === size ? got.bytes : null;
      } catch (e) {
        return null;
      }
    },
    // Fetches together what the module is about to read: [[url, offset, size], ...],
    // size 0 for what opening a table reads; what the folder or the download holds is
    // not fetched. Errors are left to the reads, which say what failed.
    async prefetch(hints) {
      await Promise.all(hints.map(async ([url, offset, size]) => {
        try {
          if (localFile(url) !== undefined || await downloadedSize(url) !== undefined) return;
          if (size === 0) return await range(url, 0, PREFIX, true);
          const table = opened.get(url);
          if (!(table && offset + size <= table.prefix.length)) {
            await range(url, offset, size, true);
          }
        } catch (e) {
          // the read that follows fails and says why
        }
      }));
      stats.batches += 1;
    },
    // Takes variant's tables from files the player chose (a folder's files: File objects
    // with their names); returns null, or why they are not that variant's tables.
    async useFolder(variant, files) {
      const byName = new Map([...files].map(f => [f.name, f]));
      const manifest = byName.get('MANIFEST');
      if (!manifest) return 'the folder has no MANIFEST: choose the folder of ' + variant + '\'s tables';
      const text = await manifest.text();
      if (!text.split('\n').includes('variant: ' + variant)) {
        return 'the folder holds another variant\'s tables (its MANIFEST: ' +
            text.split('\n').slice(1, 3).join(', ') + '), not ' + variant + '\'s';
      }
      folders.set(variant, byName);
      return null;
    },
    // Returns [bytes downloaded, bytes in all] of variant's tables.
    async downloaded(variant) {
      const files = (served.variants[variant] || {}).files || {};
      let done = 0, all = 0;
      for (const [name, size] of Object.entries(files)) {
        all += size;
        if (await downloadedSize('tables/' + variant + '/' + name) !== undefined) done += size;
      }
      return [done, all];
    },
    // Downloads every table of variant into the browser's storage, calling
    // progress(bytes done, bytes in all); files already there are skipped (so a stopped
    // download goes on). Rejects with the reason when one cannot be fetched or stored.
    async download(variant, progress) {
      const stored = await storage();
      if (!stored) throw new Error('this browser gives this page no storage (Cache Storage)');
      const files = Object.entries((served.variants[variant] || {}).files || {});
      let [done, all] = await this.downloaded(variant);
      progress(done, all);
      for (const [name, size] of files) {
        const url = 'tables/' + variant + '/' + name;
        if (await downloadedSize(url) !== undefined) continue;
        const response = await fetch(url, {cache: 'no-store'});
        stats.requests += 1;
        if (response.status !== 200) throw new Error(url + ': HTTP ' + response.status);
        const reader = response.body.getReader();
        let pending = new Uint8Array(0), n = 0, got = 0;
        const flush = async bytes => {
          await stored.put(absolute(url) + '?chunk=' + n, new Response(bytes));
          n += 1;
        };
        for (;;) {
          const {done: end, value} = await reader.read();
          if (end) break;
          got += value.length;
          stats.bytes += value.length;
          const joined = new Uint8Array(pending.length + value.length);
          joined.set(pending);
          joined.set(value, pending.length);
          pending = joined;
          while (pending.length >= CHUNK) {
            await flush(pending.slice(0, CHUNK));
            pending = pending.slice(CHUNK);
          }
          progress(done + got, all);
        }
        if (pending.length) await flush(pending);
        if (got !== size) throw new Error(url + ': ' + got + ' bytes, expected ' + size);
        await stored.put(absolute(url) + '?complete', new Response(String(size)));
        complete.set(absolute(url), size);
        done += size;
        progress(done, all);
      }
    },
  };
})();
