// GalleryEngine wasm benchmarks under Node: justified layout of 1M and 10M
// aspect ratios, a virtualization query at 10M, and the wasm size.
// Usage: node Benchmarks/engine/bench.mjs   (build first: scripts/build-wasm.sh)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadTools } from '../../Tests/EngineParity/engine-tools.js';

// The shipped modules' sizes; the layout runs on engine-all.wasm, where the batch layout is exported.
const bytes = readFileSync(new URL('../../Web/engine.wasm', import.meta.url));
const { engine } = await loadTools();

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
const best = (runs, fn) => { let m = Infinity; for (let i = 0; i < runs; i++) { const t0 = performance.now(); fn(); m = Math.min(m, performance.now() - t0); } return m; };

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

rows.push(['engine.wasm size', `${(bytes.length / 1024).toFixed(1)} KB`, '≤ 60 KB']);
rows.push(['engine.wasm gzipped', `${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB`, '-']);
const viewerBytes = readFileSync(new URL('../../Web/viewer.wasm', import.meta.url));
rows.push(['viewer.wasm gzipped', `${(gzipSync(viewerBytes, { level: 9 }).length / 1024).toFixed(1)} KB`, '-']);

console.log(`GalleryEngine wasm benchmark (Node ${process.version})`);
console.log('benchmark'.padEnd(30) + 'measured'.padEnd(16) + 'target');
console.log('-'.repeat(70));
for (const [a, b, c] of rows) console.log(a.padEnd(30) + b.padEnd(16) + c);
