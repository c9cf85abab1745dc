// The engine's exports the web client does not call, bound for the parity tests and the benchmarks:
// the batch layout and its virtualizer, a timeline of its own with its planner, the tap recognizer,
// the diff and the closed-form gesture helpers (the gallery session is Web/engine.js's). They run on engine-all.wasm (every export; scripts/build-wasm.sh),
// beside Web/engine.js and Web/viewer-engine.js on the same instance.
import { readFileSync } from 'node:fs';
import { Engine, Timeline, GallerySession } from '../../Web/engine/engine.js';
import { instantiate } from '../../Web/engine/wasm.js';
import { ViewerEngine, PHASE } from '../../Web/engine/viewer-engine.js';
import { LiveEngine } from '../../Web/engine/live-engine.js';

/** @typedef {import('../../Web/engine/viewer-engine.js').PointerPhase} PointerPhase */
/** @typedef {import('../../Web/engine/wasm.js').Rect} Rect */
/** @typedef {import('../../Web/engine/engine.js').LayoutConfig} LayoutConfig */
/** @typedef {import('../../Web/engine/engine.js').TimelineRequest} TimelineRequest */
/** @typedef {import('../../Web/engine/engine.js').TimelineSpan} TimelineSpan */
/**
 * @typedef {object} VirtualizerUpdate  Item index ranges as [start, end).
 * @property {[number, number]} visible
 * @property {[number, number]} prefetch      Mount/load these (contains visible).
 * @property {[number, number]} retained      Keep mounted (contains prefetch).
 * @property {[number, number]} releasedBefore Unmount these (above).
 * @property {[number, number]} releasedAfter  Unmount these (below).
 */

/** @type {('tap'|'doubleTap'|'longPress')[]} */
const TAPS = [/** @type {any} */ (null), 'tap', 'doubleTap', 'longPress'];

/** engine-all.wasm's path. */
export const ALL = new URL('../../.build-wasm/engine-all.wasm', import.meta.url);

/**
 * engine-all.wasm, bound as the grid's engine (with the tools), the viewer's and the live rules', over one
 * instance.
 * @returns {Promise<{engine: ToolEngine, viewer: ViewerEngine, live: LiveEngine, exports: WasmExports}>}
 */
export async function loadTools() {
  const instance = await instantiate(readFileSync(ALL));
  const engine = new ToolEngine(instance);
  return { engine, viewer: new ViewerEngine(instance), live: new LiveEngine(instance), exports: engine.exports };
}

/** The grid's engine with the exports only tests and benchmarks call. */
export class ToolEngine extends Engine {
  /**
   * The timeline with the queries only tests call.
   * @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config
   * @returns {ToolTimeline}
   */
  createTimeline(config) {
    this._putTimelineConfig(config);
    return new ToolTimeline(this, this.exports.ge_timeline_create());
  }
  /**
   * Creates a grid or justified layout.
   * @param {LayoutConfig} config @returns {Layout}
   */
  createLayout(config) { this._putConfig(config); return new Layout(this, this.exports.ge_layout_create()); }
  /**
   * Closed-form damped oscillator: displacement and velocity after `t` seconds.
   * @returns {[number, number]}
   * @param {number} x0 @param {number} v0 @param {number} t @param {number} angularFrequency @param {number} dampingRatio
   */
  springEvaluate(x0, v0, t, angularFrequency, dampingRatio) {
    this.exports.ge_spring_evaluate(x0, v0, t, angularFrequency, dampingRatio);
    const v = this._io; return [v[0], v[1]];
  }
  /** Tap / double tap / long press recognizer (e.g. selection in the grid). @returns {TapRecognizer} */
  createTapRecognizer() { return new TapRecognizer(this, this.exports.ge_taps_create()); }
  /**
   * iOS rubber band of an overshoot.
   * @param {number} offset @param {number} dimension
   */
  rubberBand(offset, dimension) { return this.exports.ge_rubber_band(offset, dimension); }
  /** Distance a fling of `velocity` px/ms travels at `rate` deceleration per ms. */
  project(/** @type {number} */ velocity, rate = 0.995) { return this.exports.ge_project(velocity, rate); }
  /**
   * Page to settle on after releasing a pager drag.
   * @param {number} index @param {number} count @param {number} pageWidth @param {number} dx @param {number} vx
   */
  pagerTarget(index, count, pageWidth, dx, vx) { return this.exports.ge_pager_target(index, count, pageWidth, dx, vx); }
  /**
   * Whether a drag-to-dismiss release closes the viewer.
   * @param {number} viewportHeight @param {number} dy @param {number} vy
   */
  dismissDecide(viewportHeight, dy, vy) { return this.exports.ge_dismiss_decide(viewportHeight, dy, vy) === 1; }
  /**
   * Backdrop opacity during drag-to-dismiss.
   * @param {number} viewportHeight @param {number} dy
   */
  dismissOpacity(viewportHeight, dy) { return this.exports.ge_dismiss_opacity(viewportHeight, dy); }
  /**
   * Heckel diff of integer id lists (map asset ids to Int32 handles first).
   * Deletes are old indices, inserts new indices, moves [from, to] pairs.
   * @param {Int32Array|number[]} oldIds @param {Int32Array|number[]} newIds
   * @returns {{deletes: Int32Array, inserts: Int32Array, moves: Int32Array}}
   */
  diff(oldIds, newIds) {
    const e = this.exports;
    const ptr = e.ge_diff_input(oldIds.length, newIds.length);
    const input = this._i32(ptr, oldIds.length + newIds.length);
    input.set(oldIds, 0); input.set(newIds, oldIds.length);
    const len = e.ge_diff_run(oldIds.length, newIds.length);
    const out = this._i32(e.ge_ints(), len);
    const d = out[0], i = out[1], m = out[2];
    return {
      deletes: out.slice(3, 3 + d),
      inserts: out.slice(3 + d, 3 + d + i),
      moves: out.slice(3 + d + i, 3 + d + i + 2 * m),
    };
  }
  /**
   * A gallery session with the events the grid does not send.
   * @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config
   * @returns {ToolSession}
   */
  createSession(config) {
    this._putTimelineConfig(config);
    return new ToolSession(this, this.exports.ge_session_create());
  }
  /**
   * Milliseconds before retrying a failed page after `failures` failures in a row, or −1 when the
   * failure stands until the person retries.
   * @param {number} failures
   * @returns {number}
   */
  retryDelay(failures) { return this.exports.ge_retry_delay(failures); }
}

/** The gallery session with the events the grid does not send: the viewer's. */
export class ToolSession extends GallerySession {
  /**
   * The frame with what the grid does not read: the fling, the visible spans and the viewer's photo.
   * @param {number} n
   */
  _frame(n) {
    const f = super._frame(n), v = this.engine._io, ints = this.engine._i32(this._e.ge_ints(), n), visible = [];
    for (let k = 0, o = 4 * (v[8] + v[9]); k < v[10]; k++, o += 4) {
      visible.push({ section: ints[o], start: ints[o + 1], end: ints[o + 2], header: ints[o + 3] === 1 });
    }
    return Object.assign(f, { fling: v[3] === 1, visible, viewer: v[7] < 0 ? null : v[7] });
  }
  /**
   * The viewport's size: a new width re-lays the layout at that width.
   * @param {number} width @param {number} height @param {number} density
   */
  viewport(width, height, density) { return this._frame(this._e.ge_session_viewport(this.handle, width, height, density)); }
  destroy() { this._e.ge_timeline_destroy(this.timeline.handle); this._e.ge_session_destroy(this.handle); this.handle = 0; }
  /** @param {number|null} index @param {number} count */
  viewer(index, count) { return this._frame(this._e.ge_session_viewer(this.handle, index ?? -1, count)); }
  /** @param {number[]} indices */
  removed(indices) {
    this.engine._i32(this._e.ge_session_input(this.handle, indices.length), indices.length).set(indices);
    return this._frame(this._e.ge_session_removed(this.handle, indices.length));
  }
}

/** A laid-out gallery (grid or justified), built incrementally. */
export class Layout {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  /**
   * Re-lays everything (e.g. new width).
   * @param {LayoutConfig} config
   */
  configure(config) { this.engine._putConfig(config); this._e.ge_layout_configure(this.handle); }
  /** Pre-sizes storage for a known total. */
  reserve(/** @type {number} */ n) { this._e.ge_layout_reserve(this.handle, n); }
  /**
   * Appends a page of items. Only the last open row and the new items are laid out.
   * @param {Float32Array|number[]} aspectRatios width/height per item
   * @param {Int32Array|number[]} [sectionStarts] absolute indices (within this page) that start a section
   * @returns {number} first item whose frame changed
   */
  append(aspectRatios, sectionStarts = []) {
    const e = this._e, n = aspectRatios.length, s = sectionStarts.length;
    const sp = e.ge_layout_sections_input(this.handle, s);
    this.engine._i32(sp, s).set(sectionStarts);
    const ap = e.ge_layout_input(this.handle, n);
    this.engine._f32(ap, n).set(aspectRatios);
    return e.ge_layout_append(this.handle, n, s);
  }
  /** Removes all items. */
  clear() { this._e.ge_layout_clear(this.handle); }
  get count() { return this._e.ge_layout_count(this.handle); }
  get rowCount() { return this._e.ge_layout_row_count(this.handle); }
  get sectionCount() { return this._e.ge_layout_section_count(this.handle); }
  /** Grid column count. */
  get columns() { return this._e.ge_layout_columns(this.handle); }
  get contentHeight() { return this._e.ge_layout_content_height(this.handle); }
  /**
   * Frames of items [start, end) as a Float32Array view of x, y − originY, w, h
   * per item. Pass the current content offset as `originY` for exact positions
   * in huge libraries. View valid until the next engine call.
   */
  frames(/** @type {number} */ start, /** @type {number} */ end, originY = 0) {
    const ptr = this._e.ge_layout_frames(this.handle, start, end, originY);
    return this.engine._f32(ptr, Math.max(0, end - start) * 4);
  }
  /**
   * @returns {Rect} frame of item i in content coordinates
   * @param {number} i
   */
  itemFrame(i) { this._e.ge_layout_item_frame(this.handle, i); return this.engine._rect(); }
  /**
   * @returns {Rect} header frame of section s
   * @param {number} s
   */
  headerFrame(s) { this._e.ge_layout_header_frame(this.handle, s); return this.engine._rect(); }
  /** First item of section s. */
  sectionStart(/** @type {number} */ s) { return this._e.ge_layout_section_start(this.handle, s); }
  /**
   * Sections whose headers intersect [top, bottom).
   * @returns {[number, number]}
   * @param {number} top @param {number} bottom
   */
  sectionsIn(top, bottom) { this._e.ge_layout_sections_in(this.handle, top, bottom); const v = this.engine._io; return [v[0], v[1]]; }
  /**
   * Item under a content point, or −1.
   * @param {number} x @param {number} y
   */
  itemAt(x, y) { return this._e.ge_layout_item_at(this.handle, x, y); }
  /** Row index of item i. */
  rowOf(/** @type {number} */ i) { return this._e.ge_layout_row_of(this.handle, i); }
  /**
   * Tunes prefetching (viewport-height units unless noted).
   * @param {{baseOverscan?: number, lookaheadMilliseconds?: number, maximumOverscan?: number,
   *   trailingOverscan?: number, restSpeed?: number, retainMargin?: number}} o
   */
  configureVirtualizer(o = {}) {
    this._e.ge_virtualizer_configure(this.handle, o.baseOverscan ?? 0.5, o.lookaheadMilliseconds ?? 250,
      o.maximumOverscan ?? 4, o.trailingOverscan ?? 0.25, o.restSpeed ?? 0.05, o.retainMargin ?? 2);
  }
  /**
   * One scroll frame: O(log n).
   * @param {number} contentOffset content y at the viewport top (see Engine.scrollSpace)
   * @param {number} viewportHeight
   * @param {number} [velocity=0] px/ms, positive = scrolling down
   * @returns {VirtualizerUpdate}
   */
  virtualize(contentOffset, viewportHeight, velocity = 0) {
    this._e.ge_virtualize(this.handle, contentOffset, viewportHeight, velocity);
    const v = this.engine._io;
    return { visible: [v[0], v[1]], prefetch: [v[2], v[3]], retained: [v[4], v[5]],
      releasedBefore: [v[6], v[7]], releasedAfter: [v[8], v[9]] };
  }
  /** Forget mounted items (after clear/configure this happens automatically). */
  resetVirtualizer() { this._e.ge_virtualizer_reset(this.handle); }
  destroy() { this._e.ge_layout_destroy(this.handle); this.handle = 0; }
}

/** Tap / double tap / long press from pointer samples. */
export class TapRecognizer {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  /**
   * @returns {{kind: 'tap'|'doubleTap'|'longPress', x: number, y: number}|null}
   * @param {PointerPhase} phase @param {number} time @param {number} x @param {number} y
   */
  pointer(phase, time, x, y) {
    const p = typeof phase === 'string' ? PHASE[phase] : phase;
    return this._event(this._e.ge_taps_pointer(this.handle, p, time, x, y));
  }
  /** Call each frame while a pointer is down or a tap may be pending. */
  tick(/** @type {number} */ time) { return this._event(this._e.ge_taps_tick(this.handle, time)); }
  destroy() { this._e.ge_taps_destroy(this.handle); this.handle = 0; }
  /** @param {number} code */
  _event(code) { if (!code) return null; const v = this.engine._io; return { kind: TAPS[code], x: v[0], y: v[1] }; }
}

/** The timeline with what the client does not call: live inserts, hit tests, the window query. */
export class ToolTimeline extends Timeline {
  destroy() { this._e.ge_timeline_destroy(this.handle); this.handle = 0; }
  /** Replaces the months ({year, month, count} newest first); loaded runs and loads in flight are dropped. */
  setMonths(/** @type {{year: number, month: number, count: number}[]} */ months) {
    const e = this._e, n = months.length, p = e.ge_timeline_months_input(this.handle, n);
    const v = this.engine._i32(p, 3 * n);
    months.forEach((m, k) => { v[3 * k] = m.year; v[3 * k + 1] = m.month; v[3 * k + 2] = m.count; });
    return e.ge_timeline_set_months(this.handle, n);
  }
  /**
   * Re-lays everything (resize, style); returns the correction for the photo at (anchorX, anchorY).
   * @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config @param {number} anchorX @param {number} anchorY
   */
  configure(config, anchorX, anchorY) {
    this.engine._putTimelineConfig(config);
    return this._e.ge_timeline_configure(this.handle, anchorX, anchorY);
  }
  _aspects(/** @type {Float32Array|number[]} */ aspects) {
    const n = aspects.length, p = this._e.ge_timeline_items_input(this.handle, n);
    this.engine._f32(p, n).set(aspects);
    return n;
  }
  /**
   * Photos `start…` of month `section` arrived (their aspect ratios); returns the correction.
   * @param {number} section @param {number} start @param {Float32Array|number[]} aspects @param {number} anchorY
   */
  setItems(section, start, aspects, anchorY) {
    const n = this._aspects(aspects);
    return n ? this._e.ge_timeline_set_items(this.handle, section, start, n, anchorY) : 0;
  }
  /**
   * The fetch planner's tuning. `pageSize` photos per request, `maximumInFlight`, `scrubSpeed` (px/ms:
   * faster asks for nothing), `cancelMargin` (viewports), then the bands: `baseOverscan`, `lookaheadMs`,
   * `maximumOverscan`, `trailingOverscan` (viewports) and `restSpeed` (px/ms).
   * @param {{pageSize?: number, maximumInFlight?: number, scrubSpeed?: number, cancelMargin?: number, baseOverscan?: number, lookaheadMs?: number, maximumOverscan?: number, trailingOverscan?: number, restSpeed?: number}} o
   */
  configurePlanner(o) {
    this._e.ge_timeline_planner_configure(this.handle, o.pageSize ?? 200, o.maximumInFlight ?? 4, o.scrubSpeed ?? 30,
      o.cancelMargin ?? 1, o.baseOverscan ?? 0.5, o.lookaheadMs ?? 250, o.maximumOverscan ?? 4,
      o.trailingOverscan ?? 0.25, o.restSpeed ?? 0.05);
  }
  /** Which loads to start and which in flight to abort. @returns {{requests: TimelineRequest[], cancelled: TimelineRequest[]}} */
  plan(/** @type {number} */ offset, /** @type {number} */ viewportHeight, velocity = 0) {
    const len = this._e.ge_timeline_plan(this.handle, offset, viewportHeight, velocity);
    const v = this.engine._i32(this._e.ge_ints(), len), r = v[0], c = v[1];
    const read = (/** @type {number} */ at, /** @type {number} */ n) => {
      const out = [];
      for (let k = 0; k < n; k++) { const o = at + 4 * k; out.push({ id: v[o], section: v[o + 1], start: v[o + 2], end: v[o + 3] }); }
      return out;
    };
    return { requests: read(2, r), cancelled: read(2 + 4 * r, c) };
  }
  /** Load `id` is done (arrived, failed or aborted). */
  finish(/** @type {number} */ id) { return this._e.ge_timeline_finish(this.handle, id) === 1; }
  /**
   * New photos at `index` of month `section` (a live change); returns the correction.
   * @param {number} section @param {number} index @param {Float32Array|number[]} aspects @param {number} anchorY
   */
  insertItems(section, index, aspects, anchorY) {
    const n = this._aspects(aspects);
    return n ? this._e.ge_timeline_insert_items(this.handle, section, index, n, anchorY) : 0;
  }
  get itemCount() { return this._e.ge_timeline_item_count(this.handle); }
  /** One scroll frame: visible spans and the overscan to keep mounted. */
  window(/** @type {number} */ offset, /** @type {number} */ viewportHeight, velocity = 0) {
    const len = this._e.ge_timeline_window(this.handle, offset, viewportHeight, velocity);
    const v = this.engine._i32(this._e.ge_ints(), len);
    return { visible: this._spans(v, 2, v[0]), overscan: this._spans(v, 2 + 4 * v[0], v[1]) };
  }
  /** @returns {{section: number, item: number}|null} the photo under a content point */
  itemAt(/** @type {number} */ x, /** @type {number} */ y) {
    const s = this._e.ge_timeline_item_at(this.handle, x, y);
    return s < 0 ? null : { section: s, item: this.engine._io[0] };
  }
  /** @param {number} section @param {number} item */
  isLoaded(section, item) { return this._e.ge_timeline_is_loaded(this.handle, section, item) === 1; }
}
