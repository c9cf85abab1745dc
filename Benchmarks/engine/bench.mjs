// GalleryEngine wasm benchmarks under Node: justified layout of 1M and 10M
// aspect ratios, a virtualization query at 10M, live inserts placed by the
// engine beside the JavaScript rules they replaced, and the wasm size.
// Usage: node Benchmarks/engine/bench.mjs   (build first: scripts/build-wasm.sh)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Library } from '../../Web/core/library.js';
import { apply } from '../../Web/core/changes.js';
import { sortKey, before } from '../../Web/core/api.js';
import { loadTools } from '../../Tests/EngineParity/engine-tools.js';

// The shipped modules' sizes; the layout runs on engine-all.wasm, where the batch layout is exported.
const bytes = readFileSync(new URL('../../Web/engine/engine.wasm', import.meta.url));
const { engine, live: liveEngine } = await loadTools();

/** Same xorshift generator as Benchmarks/engine-bench and the parity test. */
function aspects(n, seed = 0x9e3779b9) {
  let s = seed >>> 0;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    const r = Math.fround(Math.fround(s >>> 8) / Math.fround(1 << 24));
    out[i] = r < 0.02 ? 10 : r < 0.04 ? 0.1 : Math.fround(0.5 + Math.fround(r * 1.5));
  }
  return out;
}

const config = { style: 'justified', width: 1200, targetRowHeight: 200, spacing: 4 };
const rows = [];
const live = []; // measured first, listed after the layouts
const best = (runs, fn) => { let m = Infinity; for (let i = 0; i < runs; i++) { const t0 = performance.now(); fn(); m = Math.min(m, performance.now() - t0); } return m; };

{
  // 100 live inserts (one change-feed batch) at scattered places of a month of 10 000 loaded photos,
  // the library's first change after its pages came (so the engine's run of the month is filled too),
  // beside the same batch through the JavaScript placement the client had before the engine placed
  // live changes. The best of 15 runs each (as the layout rows), alternating, each on a fresh library:
  // the machine's noise only ever adds. It runs before the 10M layouts, while the wasm memory is as
  // small as a web client's.
  const N = 10_000, M = 100, top = Date.UTC(2020, 2, 31), span = 30 * 86_400_000;
  const photo = (id, ms) => ({ id, takenAt: new Date(ms).toISOString(), width: 4, height: 3 });
  const fresh = () => {
    const lib = new Library();
    lib.accept({ months: [{ year: 2020, month: 3, count: N }], total: N });
    const items = Array.from({ length: N }, (_, k) => photo(`p${String(k).padStart(6, '0')}0123456789abcdefghij`, top - Math.floor((k + 0.5) * span / N)));
    for (const it of items) sortKey(it);
    lib.place(0, items);
    return lib;
  };
  const batch = (run) => {
    let s = 0x2545f491 + run;
    return Array.from({ length: M }, (_, k) => {
      s = (s ^ (s << 13)) >>> 0; s = (s ^ (s >>> 17)) >>> 0; s = (s ^ (s << 5)) >>> 0;
      const ms = top - 1 - (s % (span - 2)), id = `n${String(k).padStart(6, '0')}0123456789abcdefghij`;
      return { kind: /** @type {const} */ ('insert'), id, sortKey: [ms, id], photo: photo(id, ms), total: N + k + 1 };
    });
  };
  /** The JavaScript rule the engine replaced: the first loaded photo that sorts after the new one, the new one just above it. */
  const insertByJS = (lib, m) => {
    const mo = lib.months[0], items = mo.items;
    let j = 0;
    for (; j < items.length; j++) { const it = items[j]; if (it && !before(sortKey(it), m.sortKey)) break; }
    if (j === items.length) j = mo.count;
    const exact = j === 0 || !!items[j - 1];
    if (j < items.length) items.splice(j, 0, exact ? m.photo : undefined);
    else if (exact) items[j] = m.photo;
    mo.count++; lib.gen++; lib.renumber();
  };
  const engineRuns = [], jsRuns = [];
  for (let run = 0; run < 15; run++) {
    const changes = batch(run);
    let lib = fresh(), t0 = performance.now();
    apply(lib, changes, liveEngine);
    engineRuns.push(performance.now() - t0);
    if (lib.total !== N + M || lib.loaded().length !== N + M) throw new Error('live inserts: not all placed');
    const placed = lib.loaded().map((it) => it.id).join();
    lib = fresh(); t0 = performance.now();
    for (const m of changes) insertByJS(lib, m);
    lib.reindex();
    jsRuns.push(performance.now() - t0);
    if (lib.loaded().map((it) => it.id).join() !== placed) throw new Error('live inserts: the engine and the JS rules differ');
  }
  live.push(['100 live inserts into a 10k-loaded month', `${Math.min(...engineRuns).toFixed(2)} ms`,
    `≤ ${Math.min(...jsRuns).toFixed(2)} ms (the JS rules, same run)`]);
}

// One layout per size, reused (clear keeps capacity) so runs measure layout, not memory.grow.
const layout = engine.createLayout(config);
for (const n of [1_000_000, 10_000_000]) {
  const data = aspects(n);
  layout.clear();
  layout.reserve(n);
  layout.append(data); // warm-up (JIT, memory growth)
  const e = engine.exports;
  // Layout only: aspects already in wasm memory, as after a page fetch (the
  // input buffer is the layout's storage, so take it while the layout is empty).
  e.ge_layout_clear(layout.handle);
  const input = e.ge_layout_input(layout.handle, n);
  new Float32Array(engine.memory.buffer, input, n).set(data);
  const layoutOnly = best(5, () => { e.ge_layout_clear(layout.handle); e.ge_layout_append(layout.handle, n, 0); });
  // Including the copy of the Float32Array into wasm memory (the public API path).
  const withCopy = best(5, () => { layout.clear(); layout.append(data); });
  const label = n === 1_000_000 ? '1M' : '10M';
  rows.push([`justified layout ${label}`, `${layoutOnly.toFixed(2)} ms`, n === 10_000_000 ? '≤ 20 ms (Immich Rust/wasm: 48 ms)' : '-']);
  rows.push([`  incl. copy-in ${label}`, `${withCopy.toFixed(2)} ms`, '-']);
  if (n === 10_000_000) {
    // The layout stores rows; x and width come from them on demand. Writing every frame (what a
    // layout that returns all boxes, like Immich's, produces) shows what that costs on top.
    const all = best(3, () => { layout.frames(0, n, 0); });
    rows.push([`  + all frames written ${label}`, `${(layoutOnly + all).toFixed(2)} ms`, '-']);
  }
}

{
  // layout holds 10M items now.
  const height = layout.contentHeight;
  let s = 777;
  const q = 100_000;
  let keep = 0;
  const t0 = performance.now();
  for (let i = 0; i < q; i++) {
    s = (s ^ (s << 13)) >>> 0; s = (s ^ (s >>> 17)) >>> 0; s = (s ^ (s << 5)) >>> 0;
    const u = layout.virtualize((s / 4294967296) * height, 900, 2);
    keep += u.visible[0];
  }
  const us = ((performance.now() - t0) / q) * 1000;
  rows.push(['virtualization query @10M', `${us.toFixed(3)} µs`, '< 100 µs']);
  if (keep === 42) console.log('');
}

rows.push(...live);
rows.push(['engine.wasm size', `${(bytes.length / 1024).toFixed(1)} KB`, '≤ 60 KB']);
rows.push(['engine.wasm gzipped', `${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB`, '-']);
const viewerBytes = readFileSync(new URL('../../Web/engine/viewer.wasm', import.meta.url));
const liveBytes = readFileSync(new URL('../../Web/engine/live.wasm', import.meta.url));
rows.push(['live.wasm gzipped', `${(gzipSync(liveBytes, { level: 9 }).length / 1024).toFixed(1)} KB`, '-']);
rows.push(['viewer.wasm gzipped', `${(gzipSync(viewerBytes, { level: 9 }).length / 1024).toFixed(1)} KB`, '-']);

console.log(`GalleryEngine wasm benchmark (Node ${process.version})`);
console.log('benchmark'.padEnd(44) + 'measured'.padEnd(16) + 'target');
console.log('-'.repeat(100));
for (const [a, b, c] of rows) console.log(a.padEnd(44) + b.padEnd(16) + c);
