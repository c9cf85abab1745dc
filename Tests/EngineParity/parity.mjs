// Native ↔ wasm parity: replays the scenarios of native/main.swift through
// Web/engine.js, Web/viewer-engine.js and engine-tools.js on engine-all.wasm (every export; the
// shipped modules are links of the same compile) and compares with the native output.
//
// Usage: node Tests/EngineParity/parity.mjs native-output.jsonl   (or pipe it on stdin)
// Prints one line per scenario and finally "N passed, M failed"; exit 1 on any failure.
import { readFileSync } from 'node:fs';
import { loadTools } from './engine-tools.js';
import { scrubberTrack } from '../../Web/engine/scrubber-engine.js';

const TOLERANCE = 1e-9; // relative (absolute below 1): both sides run the same IEEE operations

const nativeText = readFileSync(process.argv[2] ?? 0, 'utf8');
const native = new Map();
for (const line of nativeText.split('\n')) {
  if (!line.trim()) continue;
  const o = JSON.parse(line);
  native.set(o.scenario, o);
}

const { engine, viewer: viewerEngine, live: liveEngine } = await loadTools();
const results = new Map();
const emit = (name, values) => results.set(name, values);

/** xorshift32 aspect ratios, identical to the Swift generator. */
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

function layoutSummary(l) {
  const n = l.count;
  const v = [n, l.rowCount, l.sectionCount, l.contentHeight];
  const frames = l.frames(0, n, 0);
  let sum = 0;
  for (let k = 0; k < frames.length; k++) sum += frames[k];
  v.push(sum);
  for (let i = 0; i < n; i += 97) {
    const f = l.itemFrame(i);
    v.push(f.x, f.y, f.width, f.height);
  }
  for (let s = 0; s < l.sectionCount; s++) v.push(l.sectionStart(s), l.headerFrame(s).y);
  return v;
}

// ── Layout ───────────────────────────────────────────────────────────────
const justifiedConfig = { style: 'justified', width: 1200, targetRowHeight: 200, spacing: 4,
  insets: { top: 10, left: 12, bottom: 10, right: 12 }, headerHeight: 40 };
const sectionStarts = [];
for (let i = 0; i < 5000; i += 500) sectionStarts.push(i);
const data = aspects(5000);

const justified = engine.createLayout(justifiedConfig);
justified.append(data, sectionStarts);
emit('layout.justified', layoutSummary(justified));

const incremental = engine.createLayout(justifiedConfig);
const firstChanged = [];
for (let at = 0; at < data.length; at += 333) {
  const n = Math.min(333, data.length - at);
  const starts = sectionStarts.filter((s) => s >= at && s < at + n);
  firstChanged.push(incremental.append(data.subarray(at, at + n), starts));
}
emit('layout.justified.incremental', [...layoutSummary(incremental), ...firstChanged]);

const grid = engine.createLayout({ style: 'grid', width: 1000, minimumTileWidth: 150, tileAspectRatio: 1, spacing: 2, headerHeight: 30 });
grid.append(data.subarray(0, 1234), [0, 100, 101, 700]);
emit('layout.grid', [...layoutSummary(grid), grid.columns]);
grid.configure({ style: 'grid', width: 600, minimumTileWidth: 100, tileAspectRatio: 4 / 3, spacing: 4 });
emit('layout.grid.reconfigured', layoutSummary(grid));

emit('layout.hit', [[10, 20], [500, 700], [1190, 4000], [3, 3], [600, 100000]].map(([x, y]) => justified.itemAt(x, y)));

// ── Virtualization ──────────────────────────────────────────────────────
{
  const out = [];
  const scrolls = [[0, 0], [300, 0.5], [2000, 3], [2100, 3], [50000, 0], [49000, -6], [justified.contentHeight - 900, 0], [-200, -1]];
  for (const [offset, velocity] of scrolls) {
    const u = justified.virtualize(offset, 900, velocity);
    for (const r of [u.visible, u.prefetch, u.retained, u.releasedBefore, u.releasedAfter]) out.push(r[0], r[1]);
  }
  emit('virtualize', out);
}
{
  const out = [];
  for (const [h, vh] of [[400000000, 900], [20000, 900]]) {
    const s = engine.scrollSpace(h, vh);
    out.push(s.scrollHeight);
    for (const top of [0, 1234.5, 7000000, 14999100, 20000000]) {
      const c = s.contentOffset(top);
      out.push(c, s.scrollTop(c), s.domY(c + 333, top));
    }
  }
  emit('scrollspace', out);
}

// ── Timeline (raw exports: engine.js has no wrapper for it yet) ──────────
{
  const e = engine.exports;
  engine._putConfig(justifiedConfig);
  engine._io[14] = 1.3;
  engine._io[15] = 24;
  const h = e.ge_timeline_create();
  const months = [2026, 3, 5000, 2026, 1, 3000, 2025, 12, 12000, 2025, 11, 700];
  engine._i32(e.ge_timeline_months_input(h, 4), 12).set(months);
  e.ge_timeline_set_months(h, 4);
  const top = (s) => { e.ge_timeline_section(h, s); return engine._io[0]; };
  const put = (from, to) => { engine._f32(e.ge_timeline_items_input(h, to - from), to - from).set(data.subarray(from, to)); return to - from; };
  const out = [e.ge_timeline_content_height(h)];
  out.push(e.ge_timeline_set_items(h, 1, 500, put(0, 1000), top(2) + 50));
  out.push(e.ge_timeline_set_items(h, 1, 0, put(1000, 1500), top(2) + 50));
  out.push(e.ge_timeline_insert_items(h, 0, 10, put(2000, 2020), top(1) + 900));
  for (let s = 0; s < 4; s++) { e.ge_timeline_section(h, s); out.push(engine._io[0], engine._io[2]); }
  for (const [s, i] of [[0, 0], [0, 15], [1, 499], [1, 500], [1, 1499], [1, 2999], [2, 6000], [3, 699]]) {
    e.ge_timeline_item_frame(h, s, i);
    out.push(engine._io[0], engine._io[1], engine._io[2], engine._io[3]);
  }
  for (const y of [0, 5000, 20000, 60000, e.ge_timeline_content_height(h) - 900]) {
    const n = e.ge_timeline_window(h, y, 900, 1);
    out.push(...engine._i32(e.ge_ints(), n));
  }
  e.ge_timeline_planner_configure(h, 100, 4, 30, 1, 0.5, 250, 4, 0.25, 0.05);
  for (const [y, v] of [[20000, 0], [20000, 2], [60000, -3], [1000, 100]]) {
    const n = e.ge_timeline_plan(h, y, 900, v);
    out.push(...engine._i32(e.ge_ints(), n));
  }
  e.ge_timeline_destroy(h);
  emit('timeline', out);
}

// ── Springs ─────────────────────────────────────────────────────────────
{
  const out = [];
  for (const zeta of [0.3, 0.75, 1.0, 1.5, 3.0])
    for (const t of [0, 0.016, 0.1, 0.5, 2.0]) out.push(...engine.springEvaluate(100, -700, t, 12, zeta));
  emit('spring.evaluate', out);
}
{
  const pool = viewerEngine.createSprings(4);
  pool.configure(0, { response: 2 * Math.PI / 12, damping: 0.75, restDistance: 1, restSpeed: 50 });
  pool.configure(1, { response: 2 * Math.PI / 30, damping: 1, restDistance: 1, restSpeed: 50 });
  pool.configure(2, { response: 0.6, damping: 1.8, restDistance: 0.001, restSpeed: 0.01 });
  pool.configure(3, { response: 0.3, damping: 0.4, restDistance: 0.5, restSpeed: 20 });
  for (let i = 0; i < 4; i++) { pool.reset(i, i * 50, 300 - i * 200); pool.retarget(i, 400 - i * 90); }
  const out = [];
  for (let frame = 0; frame < 150; frame++) {
    if (frame === 20) pool.retarget(0, -100);
    out.push(pool.step(16));
    if (frame % 5 === 0) {
      const v = pool.values, w = pool.velocities;
      for (let i = 0; i < 4; i++) out.push(v[i], w[i]);
    }
  }
  emit('spring.pool', out);
}
{
  // Animation frames on the page's clock, stepped by the engine's FrameStep (native/main.swift).
  const times = [0, 1000, 1016.7, 1033.3, 1070, 1086.7, 4000, 4016.7, 4010, 4026.7, 4043.3];
  const pool = viewerEngine.createSprings(1);
  pool.configure(0, { response: 2 * Math.PI / 12, damping: 0.75, restDistance: 1, restSpeed: 50 });
  pool.reset(0, 0, 800); pool.retarget(0, 300);
  const out = [];
  for (let k = 1; k < times.length; k++) {
    const moving = pool.stepFrame(times[k], times[k - 1]);
    out.push(moving, pool.values[0], pool.velocities[0]);
  }
  emit('spring.frames', out);
  const releases = [[81, 5000], [80, 5000], [30, 50], [30, 60], [10, 1], [11, 0], [-200, 10], [50, 1e9]];
  emit('policy.sheet', releases.map(([d, t]) => (viewerEngine.sheetDismisses(d, t) ? 1 : 0)));
  const tiles = [[100, 200], [-199, 200], [-200, 200], [799, 200], [800, 200]];
  const flicks = [[1000, 400], [-1000, -400], [5000, 100], [-1000, 400], [1000, 1], [1000, 1.5]];
  emit('policy.flight', [
    ...tiles.map(([y, h]) => (viewerEngine.tileFlies({ x: 0, y, width: 100, height: h }, 800) ? 1 : 0)),
    ...flicks.map(([v, d]) => viewerEngine.closeVelocity(v, d)),
    ...[0, 1, 2].map((f) => (viewerEngine.deckWaits(f) ? 1 : 0)),
    ...[1059, 1060, 1700, 1701, 5000].map((y) => engine.revealOffset(y, 100, 1000, 60, 800) ?? -1),
  ]);
}

{
  const out = [];
  for (const [bar, viewport, maximum] of [[60, 900, 10000], [60, 900, 899], [0, 70, 500], [NaN, 900, Infinity]]) {
    const t = scrubberTrack(engine, bar, viewport, maximum);
    out.push(t.shows ? 1 : 0, t.top, t.height);
    for (const v of [-50, 0, 1000, 5000, 10500]) out.push(t.fraction(v), t.handleY(v), t.labelY(v), t.offset(v));
  }
  emit('policy.scrubber', out);
}

// ── Gestures ────────────────────────────────────────────────────────────
const MODE = { idle: 0, pending: 1, paging: 2, panning: 3, pinching: 4, dismissing: 5, dismissed: 6 };
const EVENT = { tap: 1, doubleTap: 2, longPress: 3, pageChanged: 4, dismiss: 5, dismissCancelled: 6, holdEnded: 7 };
function runViewer(name) {
  const input = native.get(name)?.input;
  if (!input) return;
  const [aspect, index] = input;
  const ops = input.slice(2);
  const v = viewerEngine.createViewer({ width: 400, height: 800, index, count: 6, aspectRatio: aspect });
  v.tick(0);
  const out = [];
  for (let k = 0; k < ops.length; k += 5) {
    if (ops[k] === 4) v.tick(ops[k + 1]);
    else if (ops[k] === 5) v.zoomTo(ops[k + 1], ops[k + 2], ops[k + 3], ops[k + 4] !== 0);
    else if (ops[k] === 6) v.configure({ dismissThreshold: ops[k + 1], secondaryScale: ops[k + 2], pageResponse: ops[k + 3], pageDamping: ops[k + 4] });
    else v.pointer(ops[k], ops[k + 4], ops[k + 1], ops[k + 2], ops[k + 3]);
    const s = v.state;
    out.push(s.index, s.pagerOffset, s.scale, s.panX, s.panY, s.dismissOffset, s.backgroundOpacity, MODE[s.mode], s.animating ? 1 : 0);
    for (const e of v.takeEvents()) out.push(-1, EVENT[e.kind], e.x, e.y, e.index);
  }
  const f = v.currentFrame();
  out.push(f.image.x, f.image.y, f.image.width, f.image.height, f.clip.x, f.clip.y, f.clip.width, f.clip.height);
  v.destroy();
  emit(name, out);
}
for (const name of native.keys()) if (name.startsWith('viewer.')) runViewer(name);

{
  const t = engine.createTapRecognizer();
  const out = [];
  const code = (e) => (e ? EVENT[e.kind] : 0);
  out.push(code(t.pointer(0, 0, 0, 0)), code(t.pointer(2, 50, 0, 0)), code(t.pointer(0, 150, 60, 0)), code(t.pointer(2, 200, 60, 0)));
  const e = t.tick(600);
  out.push(code(e), e ? e.x : NaN, e ? e.y : NaN);
  emit('taps', out);
}
{
  const out = [];
  for (const [dx, vx] of [[-100, -0.3], [-100, -0.6], [-150, -0.4], [-250, 1], [300, 0], [0, 0.7]]) out.push(engine.pagerTarget(2, 5, 416, dx, vx));
  for (const [dy, vy] of [[110, 0], [100, 0], [20, 0.5], [200, -1]]) out.push(engine.dismissDecide(800, dy, vy) ? 1 : 0, engine.dismissOpacity(800, dy));
  for (const o of [-500, -10, 0, 33.3, 1000]) out.push(engine.rubberBand(o, 416));
  out.push(engine.project(0.77, 0.995));
  emit('gesture.math', out);
}

// ── Geometry ────────────────────────────────────────────────────────────
{
  const out = [];
  const tile = { x: 30, y: 500, width: 120, height: 90 };
  const viewport = { x: 0, y: 0, width: 400, height: 800 };
  const flat = (f) => [f.image.x, f.image.y, f.image.width, f.image.height, f.clip.x, f.clip.y, f.clip.width, f.clip.height];
  for (const aspect of [0.1, 0.75, 1.5, 10]) {
    for (const p of [-0.3, 0, 0.25, 0.5, 1, 1.2]) out.push(...flat(viewerEngine.transitionOpen(aspect, tile, viewport, p)));
    const fit = viewerEngine.fitRect(aspect, viewport), fill = viewerEngine.fillRect(aspect, tile);
    out.push(fit.x, fit.y, fit.width, fit.height, fill.x, fill.y, fill.width, fill.height);
  }
  // The viewer frame at scale 1.7, offset (12, 140): computed here from fit geometry, as the native side does.
  const fit = viewerEngine.fitRect(1.5, viewport);
  const w = fit.width * 1.7, h = fit.height * 1.7;
  const image = { x: 200 + 12 - w / 2, y: 400 + 140 - h / 2, width: w, height: h };
  const x0 = Math.max(image.x, 0), x1 = Math.min(image.x + w, 400), y0 = Math.max(image.y, 0), y1 = Math.min(image.y + h, 800);
  const from = { image, clip: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
  const to = { image: viewerEngine.fillRect(1.5, tile), clip: tile };
  out.push(...flat(viewerEngine.transitionLerp(from, to, 0.4)));
  emit('geometry', out);
}

// ── Deck ────────────────────────────────────────────────────────────────
{
  const out = [];
  for (const [current, loaded, total, direction, speed] of [[10, 100, 100, 0, 0], [10, 100, 100, 1, 1.2], [10, 100, 100, -1, 9],
    [0, 50, 1000, -1, 0], [42, 50, 1000, 1, 0], [48, 50, 50, 1, 0], [45, 50, -1, 1, 0]]) {
    const p = viewerEngine.deckPlan({ current, loaded, total, direction, speed });
    out.push(p.indices.length, ...p.indices, p.loadMore ? 1 : 0);
  }
  for (const [width, interval] of [[400, 200], [390, 499], [390, 500], [1000, 0], [1000, -3]]) out.push(viewerEngine.swipeSpeed(width, interval));
  emit('deck', out);
}

// ── Diff ────────────────────────────────────────────────────────────────
for (const [name, o] of native) {
  if (!name.startsWith('diff.')) continue;
  const n = o.input[0];
  const old = Int32Array.from(o.input.slice(1, 1 + n));
  const neu = Int32Array.from(o.input.slice(1 + n));
  const d = engine.diff(old, neu);
  emit(name, [d.deletes.length, d.inserts.length, d.moves.length / 2, ...d.deletes, ...d.inserts, ...d.moves]);
}

// ── Live changes ────────────────────────────────────────────────────────
// The same months filled and the same batches applied through LiveRun, one call per batch.
for (const [name, o] of native) {
  if (!name.startsWith('live.batch.')) continue;
  const v = o.input, flags = v[0], count = v[1], run = liveEngine.createLiveRun();
  const times = [], ids = [];
  for (let k = 0; k < count; k++) { times.push(Math.max(0, v[2 + 2 * k])); ids.push(v[2 + 2 * k] < 0 ? null : `p${v[3 + 2 * k]}`); }
  run.fill(times, ids);
  const rules = { boundedAbove: !!(flags & 1), boundedBelow: !!(flags & 2), keepsGaps: !!(flags & 4), filtered: !!(flags & 8), byDate: !!(flags & 16) };
  const kinds = /** @type {const} */ (['insert', 'update', 'delete']);
  const out = [];
  for (let k = 2 + 2 * count; k < v.length;) {
    const n = v[k++], changes = [];
    for (let j = 0; j < n; j++, k += 3) changes.push({ kind: kinds[v[k]], id: `p${v[k + 1]}`, takenAt: v[k + 2] });
    for (const r of run.apply(changes, rules) ?? []) out.push(r.removed, r.inserted, r.exact ? 1 : 0, r.replaced, r.uncertain ? 1 : 0);
    out.push(run.count);
  }
  run.destroy();
  emit(name, out);
}

// ── Gallery session ─────────────────────────────────────────────────────
/** (library index, step) pairs for the arrow keys, as the native side's `neighbours`. */
const NEIGHBOURS = [[0, 1], [0, -1], [0, 2], [5, 2], [5, -2], [1020, 2], [1030, -2], [4000, 1], [-3, 2], [1e9, -2]];
// Replays the native side's recorded event script (op code, arguments) and flattens each frame.
{
  const script = native.get('session')?.input ?? [];
  const session = engine.createSession({ style: 'grid', width: 1000, minimumTileWidth: 100, headerHeight: 36,
    spacing: 2, yearHeaderHeight: 36 });
  const out = [];
  const push = (f) => {
    out.push(f.scrollTo ?? -1, f.contentHeight, f.velocity, f.fling ? 1 : 0, f.pageSize, f.retryAt ?? -1,
      f.failureStands ? 1 : 0, f.viewer ?? -1, f.start.length, f.cancel.length, f.visible.length,
      f.offset, f.tickAt ?? -1, f.holding ? 1 : 0, f.mount.top, f.mount.bottom, f.reach.top, f.reach.bottom,
      f.retain.top, f.retain.bottom, f.longPress ? 1 : 0, f.selected, f.selectionChanged ? 1 : 0, f.open ?? -1,
      f.painting ? 1 : 0, f.partial);
    for (const r of [...f.start, ...f.cancel]) out.push(r.id, r.section, r.start, r.end);
    for (const v of f.visible) out.push(v.section, v.start, v.end, v.header ? 1 : 0);
  };
  const pageAspects = (id, n) => aspects(n, (Math.imul(id, 7919) + 1) >>> 0);
  let k = 0;
  const take = (n) => { const a = script.slice(k, k + n); k += n; return a; };
  while (k < script.length) {
    const op = script[k++];
    if (op === 1) { const [w, h, d] = take(3); push(session.viewport(w, h, d)); }
    else if (op === 2) {
      const [n] = take(1), m = take(3 * n), months = [];
      for (let j = 0; j < n; j++) months.push({ year: m[3 * j], month: m[3 * j + 1], count: m[3 * j + 2] });
      push(session.months(months));
    }
    else if (op === 3) { const [y, t] = take(2); push(session.scroll(y, t)); }
    else if (op === 4) { const [key] = take(1); push(session.key(key)); }
    else if (op === 5) { const [on] = take(1); push(session.scrubbing(on === 1)); }
    else if (op === 6) { const [id, n, t] = take(3); push(session.pageArrived(id, pageAspects(id, n), t)); }
    else if (op === 7) { const [id, t] = take(2); push(session.pageFailed(id, t)); }
    else if (op === 8) { const [t] = take(1); push(session.retryNow(t)); }
    else if (op === 9) { const [t] = take(1); push(session.tick(t)); }
    else if (op === 10) { const [s, i, n] = take(3); push(session.inserted(s, i, pageAspects(99, n))); }
    else if (op === 11) { const [i, n] = take(2); push(session.viewer(i, n)); }
    else if (op === 12) { const [n] = take(1); push(session.removed(take(n))); }
    else if (op === 13) push(session.release());
    else if (op === 16) { const [y] = take(1); push(session.jump(y)); }
    else if (op === 18) { const [s, i] = take(2); push(session.deleted(s, i)); }
    else if (op === 17) { const [phase, x, y, id, t, item] = take(6); push(session.pointer(phase, x, y, id, t, item)); }
    else if (op === 19) {
      const [action, a, b, t] = take(4);
      push(action === 1 ? session.click(a, (b & 1) !== 0, (b & 2) !== 0, t) : action === 2 ? session.selectMonth(a)
        : action === 3 ? session.selectAll() : session.clearSelection());
    }
    else if (op === 14) { const [s, i, n] = take(3); push(session.placed(s, i, pageAspects(77, n))); }
    else if (op === 20) { const [s, i, n] = take(3); push(session.partial(s, i, n)); }
    else if (op === 21) push(session.readInFull());
    else if (op === 15) {
      const [w] = take(1);
      push(session.layout({ style: 'grid', width: w, minimumTileWidth: 100, headerHeight: 36, spacing: 2,
        yearHeaderHeight: 36, insets: { top: 56 } }));
    }
    else throw new Error(`session script: unknown op ${op} at ${k - 1}`);
  }
  // The arrow keys' photos in the layout the script ends with.
  for (const [i, step] of NEIGHBOURS) out.push(session.timeline.neighbour(i, step));
  session.destroy();
  emit('session', out);
}

// ── Compare ─────────────────────────────────────────────────────────────
let passed = 0, failed = 0;
const names = new Set([...native.keys(), ...results.keys()]);
for (const name of names) {
  const a = native.get(name)?.values, b = results.get(name);
  let problem = null;
  if (!a) problem = 'missing on the native side';
  else if (!b) problem = 'missing on the wasm side';
  else if (a.length !== b.length) problem = `length ${a.length} (native) vs ${b.length} (wasm)`;
  else {
    for (let i = 0; i < a.length; i++) {
      const x = a[i], y = b[i];
      const scale = Math.max(1, Math.abs(x), Math.abs(y));
      if (!(Math.abs(x - y) <= TOLERANCE * scale)) { problem = `value ${i}: native ${x} vs wasm ${y}`; break; }
    }
  }
  if (problem) { failed++; console.log(`FAIL ${name}: ${problem}`); }
  else { passed++; console.log(`ok   ${name} (${a.length} values)`); }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
