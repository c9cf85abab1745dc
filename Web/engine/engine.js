// GalleryEngine for the browser: loads engine.wasm (Embedded Swift) and wraps its C ABI in a small
// object API for the grid: the gallery session and its timeline, the scroll space and the policy's decisions.
// The viewer's part of the engine is viewer.wasm (viewer-engine.js), loaded when the viewer opens.
import { instantiate, WasmModule } from './wasm.js';

/** @typedef {import('./wasm.js').Rect} Rect */
/**
 * A layout's numbers; one left out takes the engine's default (LayoutConfiguration.Default; none for insets
 * and headers).
 * @typedef {object} LayoutConfig
 * @property {'grid'|'justified'} style
 * @property {number} width               Container width (px), insets included.
 * @property {number} [spacing]            Gap between tiles.
 * @property {{top?: number, left?: number, bottom?: number, right?: number}} [insets]
 * @property {number} [headerHeight]       Section header height (0 = no headers).
 * @property {number} [minimumTileWidth]   Grid: narrowest tile; columns = as many as fit.
 * @property {number} [tileAspectRatio]    Grid: tile width/height (1 = square).
 * @property {number} [maximumColumns]     Grid: 0 = unbounded.
 * @property {number} [targetRowHeight]    Justified: row height before scaling to fill.
 * @property {number} [minimumAspectRatio] Justified: tall photos are boxed at this aspect (cropped).
 * @property {number} [maximumAspectRatio] Justified: panoramas are boxed at this aspect (cropped).
 */

/** @typedef {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} TimelineConfig */

const STYLE = { grid: 0, justified: 1 };

/**
 * Loads and instantiates the engine.
 * @param {URL|ArrayBuffer|Uint8Array|Response} [source] URL of engine.wasm
 *   (default: next to this module), or its bytes.
 * @returns {Promise<Engine>}
 */
export async function loadEngine(source = new URL('./engine.wasm', import.meta.url)) {
  return new Engine(await instantiate(source));
}

/** @type {Promise<import('./viewer-engine.js').ViewerEngine>|undefined} */
let later;

/**
 * The engine's part for what comes after the first screen (viewer.wasm: the viewer's, the scrubber's
 * and the share dialog's), loaded once, on first use.
 */
export function laterEngine() {
  return later ??= Promise.all([import('./viewer-engine.js'), fetch(new URL('./viewer.wasm', import.meta.url))])
    .then(([e, wasm]) => e.loadViewerEngine(wasm)).catch((x) => { later = undefined; throw x; });
}

/** The loaded engine: the timeline, live runs, and the policy's decisions. */
export class Engine extends WasmModule {
  // ── Layout configuration ────────────────────────────────────────────────
  /** @param {LayoutConfig} config */
  _putConfig(config) {
    const v = this._io, i = config.insets || {};
    v[0] = STYLE[config.style] ?? 0; v[1] = config.width; v[2] = config.spacing ?? NaN;
    v[3] = i.top ?? NaN; v[4] = i.left ?? NaN; v[5] = i.bottom ?? NaN; v[6] = i.right ?? NaN;
    v[7] = config.headerHeight ?? NaN; v[8] = config.minimumTileWidth ?? NaN;
    v[9] = config.tileAspectRatio ?? NaN; v[10] = config.maximumColumns ?? NaN;
    v[11] = config.targetRowHeight ?? NaN; v[12] = config.minimumAspectRatio ?? NaN;
    v[13] = config.maximumAspectRatio ?? NaN;
  }

  /**
   * Scroll-space mapping for libraries taller than browsers can scroll
   * (content is scaled into at most the engine's cap of DOM px; geometry near
   * the viewport stays 1:1). Identity when the content fits.
   * @param {number} contentHeight @param {number} viewportHeight
   */
  scrollSpace(contentHeight, viewportHeight) {
    const e = this.exports, a = /** @type {[number, number]} */ ([contentHeight, viewportHeight]);
    return {
      /** Height for the DOM scroll spacer. */
      scrollHeight: e.ge_scroll_height(...a),
      /**
       * Content y at the viewport top for a DOM scrollTop.
       * @param {number} scrollTop
       */
      contentOffset: (/** @type {number} */ scrollTop) => e.ge_scroll_content_offset(...a, scrollTop),
      /**
       * DOM scrollTop that shows content y at the viewport top.
       * @param {number} offset
       */
      scrollTop: (/** @type {number} */ offset) => e.ge_scroll_top_for_offset(...a, offset),
      /** DOM y of a content y at the current scrollTop. */
      domY: (/** @type {number} */ contentY, /** @type {number} */ scrollTop) => e.ge_scroll_dom_y(...a, contentY, scrollTop),
    };
  }

  // ── Gallery session ─────────────────────────────────────────────────────
  /**
   * One gallery screen as the engine runs it (GallerySession): events in, a frame out. Its layout is a
   * whole library laid out month by month from its month counts, before its photos load.
   * @param {TimelineConfig} config `headerHeight` is every month's header; `yearHeaderHeight` is added
   *   where a year opens.
   * @returns {GallerySession}
   */
  createSession(config) {
    this._putTimelineConfig(config);
    return new GallerySession(this, this.exports.ge_session_create());
  }
  /** @param {TimelineConfig} config */
  _putTimelineConfig(config) {
    this._putConfig(config);
    const v = this._io;
    v[14] = config.averageAspectRatio ?? NaN; v[15] = config.yearHeaderHeight ?? NaN;
  }

  // ── Policy ──────────────────────────────────────────────────────────────
  /**
   * The grid's geometry at a viewport width: the layout's numbers, and the top bar it sits under.
   * @param {number} width
   * @returns {{spacing: number, topBar: number, bottomInset: number, sideInset: number, minimumTileWidth: number,
   *   tileAspectRatio: number, targetRowHeight: number, monthHeader: number, yearHeader: number,
   *   averageAspectRatio: number}}
   */
  gridGeometry(width) {
    this.exports.ge_grid_geometry(width);
    const v = this._io;
    return { spacing: v[0], topBar: v[1], bottomInset: v[2], sideInset: v[3], minimumTileWidth: v[4],
      tileAspectRatio: v[5], targetRowHeight: v[6], monthHeader: v[7], yearHeader: v[8], averageAspectRatio: v[9] };
  }
  /**
   * The waits and sizes the client's screens decide by (ClientPolicy).
   * @returns {ClientPolicy}
   */
  clientPolicy() {
    const v = (/** @type {number} */ k) => this.exports.ge_policy_client(k);
    return { searchPause: v(1), requeryPause: v(2), tagsPause: v(3), filterLeave: v(4), firstScreenWait: v(5),
      gridReadyWait: v(6), pageSize: v(7), largestPage: v(8), batchByID: v(9), serverTilesArrival: v(10),
      serverTilesPaint: v(11), toastFor: v(12), undoFor: v(13), detailsPause: v(14), placeKeep: v(15),
      idleWait: v(16), idleFallback: v(17), hiddenFlush: v(18), unknownAspect: v(19), tagChips: v(20), listPage: v(21),
      tileFade: v(22), menuMargin: v(23), hashBudget: v(24), selectionRanges: v(25), selectionIDs: v(26) };
  }
  /**
   * Whether the small thumbnail fills a width×height tile at this pixel density.
   * @param {{width: number, height: number}} small @param {number} width @param {number} height @param {number} density
   * @returns {boolean}
   */
  usesSmallThumb(small, width, height, density) {
    return this.exports.ge_policy_small_thumb(small.width, small.height, width, height, density) === 1;
  }
  /**
   * The format to ask for.
   * @param {{decodesAVIF: boolean, decodesWebP: boolean, hasAVIF: boolean, hasWebP: boolean}} o
   * @returns {'jpeg'|'webp'|'avif'}
   */
  imageFormat(o) {
    const flags = (o.decodesAVIF ? 1 : 0) | (o.decodesWebP ? 2 : 0) | (o.hasAVIF ? 4 : 0) | (o.hasWebP ? 8 : 0);
    return FORMATS[this.exports.ge_policy_image_format(flags)];
  }
  /**
   * The offset that shows all of an item `y` px down the content and `height` high, in a view at
   * `offset` `viewportHeight` high under a `topBar`: null when it shows already.
   * @param {number} y @param {number} height @param {number} offset @param {number} topBar @param {number} viewportHeight
   * @returns {number|null}
   */
  revealOffset(y, height, offset, topBar, viewportHeight) {
    const o = this.exports.ge_policy_reveal(y, height, offset, topBar, viewportHeight);
    return Number.isNaN(o) ? null : o;
  }
  /** Milliseconds before the change feed reconnects after `failures` failed connections, −1: it stops. */
  feedRetryDelay(/** @type {number} */ failures) { return this.exports.ge_feed_retry_delay(failures); }
  /**
   * The name of month 1…12.
   * @param {number} month
   * @returns {string}
   */
  monthName(month) {
    const p = this.exports.ge_month_name(month);
    return UTF8_DECODER.decode(new Uint8Array(this.memory.buffer, p, this._io[0]));
  }
}

const FORMATS = /** @type {const} */ (['jpeg', 'webp', 'avif']);
const UTF8_DECODER = new TextDecoder();

/**
 * @typedef {object} TimelineSection
 * @property {number} top           Content y of its header.
 * @property {number} headerHeight  Month header, plus the year's where it opens one.
 * @property {number} bodyHeight    Its photos (estimated where not loaded).
 * @property {number} count
 * @property {number} year
 * @property {number} month         1…12
 * @property {number} first         Index of its first photo in the whole library.
 * @property {boolean} opensYear
 */
/** @typedef {{section: number, start: number, end: number, header: boolean}} TimelineSpan */
/** @typedef {{id: number, section: number, start: number, end: number}} TimelineRequest */

/**
 * A library as month sections (newest first): estimated from counts, exact where pages arrived. The
 * grid's is its session's (`session.timeline`), read here and changed through the session's events.
 */
export class Timeline {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  get contentHeight() { return this._e.ge_timeline_content_height(this.handle); }
  get sectionCount() { return this._e.ge_timeline_section_count(this.handle); }
  /** Section at content y (−1 when there are none). */
  sectionAt(/** @type {number} */ y) { return this._e.ge_timeline_section_at(this.handle, y); }
  /** @returns {TimelineSection|null} */
  section(/** @type {number} */ s) {
    if (!this._e.ge_timeline_section(this.handle, s)) return null;
    const v = this.engine._io;
    return { top: v[0], headerHeight: v[1], bodyHeight: v[2], count: v[3], year: v[4], month: v[5], first: v[6],
      opensYear: v[7] === 1 };
  }
  /** Every section's top, then the content height (a copy). */
  sectionTops() {
    const n = this.sectionCount, p = this._e.ge_timeline_section_tops(this.handle);
    return this.engine._f64(p, n + 1).slice();
  }
  _spans(/** @type {Int32Array} */ ints, /** @type {number} */ at, /** @type {number} */ n) {
    const out = [];
    for (let k = 0; k < n; k++) {
      const o = at + 4 * k;
      out.push({ section: ints[o], start: ints[o + 1], end: ints[o + 2], header: ints[o + 3] === 1 });
    }
    return out;
  }
  /**
   * Months and photos in the band top…bottom.
   * @returns {TimelineSpan[]}
   */
  spans(/** @type {number} */ top, /** @type {number} */ bottom) {
    const n = this._e.ge_timeline_spans(this.handle, top, bottom);
    return this._spans(this.engine._i32(this._e.ge_ints(), 4 * n), 0, n);
  }
  /** x, y − originY, w, h per photo of start…end of month `section` (a view: read at once). */
  frames(/** @type {number} */ section, /** @type {number} */ start, /** @type {number} */ end, originY = 0) {
    const p = this._e.ge_timeline_frames(this.handle, section, start, end, originY);
    return this.engine._f32(p, Math.max(0, end - start) * 4);
  }
  /**
   * @returns {Rect|null} photo `item` of month `section`, content coordinates
   * @param {number} section @param {number} item
   */
  itemFrame(section, item) { return this._e.ge_timeline_item_frame(this.handle, section, item) ? this.engine._rect() : null; }
  /** The arrow keys' photo from library index `i`: `step` ±1 beside it, ±2 the row below or above. */
  neighbour(/** @type {number} */ i, /** @type {number} */ step) { return this._e.ge_timeline_neighbour(this.handle, i, step); }
  /** The photo or header (item −1) at a content point, and the offset from its row's top. */
  anchor(/** @type {number} */ x, /** @type {number} */ y) {
    if (!this._e.ge_timeline_anchor(this.handle, x, y)) return null;
    const v = this.engine._io;
    return { section: v[0], item: v[1], offset: v[2] };
  }
  /**
   * Content y of an anchor now.
   * @param {{section: number, item: number, offset: number}} a
   */
  anchorY(a) { return this._e.ge_timeline_anchor_y(this.handle, a.section, a.item, a.offset); }
}

/**
 * @typedef {object} GalleryFrame
 * @property {number|null} scrollTo   Set the scroll position to this content y; null to leave it.
 * @property {number} offset          The content y of the screen's top the frame is for.
 * @property {number} contentHeight
 * @property {number} velocity        px/ms, positive down.
 * @property {number} pageSize        Photos per page of the loads in `start`.
 * @property {TimelineRequest[]} start  Loads to start; report each with `pageArrived` or `pageFailed`.
 * @property {TimelineRequest[]} cancel Loads to abort.
 * @property {number|null} retryAt    A failed page's retry time.
 * @property {boolean} failureStands  Nothing retries until `retryNow`.
 * @property {number|null} tickAt     When to call `tick`.
 * @property {boolean} holding        The cold start's hold: only the screen mounts and loads.
 * @property {{top: number, bottom: number}} mount   Content to mount.
 * @property {{top: number, bottom: number}} reach   Where the server's first-screen tiles are adopted.
 * @property {{top: number, bottom: number}} retain  Mounted tiles here (or in `mount`) stay.
 * @property {boolean} longPress      The touch held on a tile became a long press: its tile is selected.
 * @property {number|null} open       A click opens the viewer on this library photo.
 * @property {number} selected        Photos selected.
 * @property {boolean} selectionChanged The selection changed: redraw the checks.
 * @property {boolean} painting       A long press paints the selection: the touch must not scroll.
 * @property {number} partial         Runs of photos held in part still to read in full.
 */

/** A gallery screen's state machine in the engine: each event returns the frame to render. */
export class GallerySession {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) {
    this.engine = engine; this.handle = handle; this._e = engine.exports;
    /** The session's layout, for its queries. */
    this.timeline = new Timeline(engine, this._e.ge_session_timeline(handle));
  }
  /**
   * The viewport's height and density; its width comes with the layout.
   * @param {number} height @param {number} density @returns {GalleryFrame}
   */
  resize(height, density) { return this._frame(this._e.ge_session_resize(this.handle, height, density)); }
  /**
   * A new layout (resize, style).
   * @param {TimelineConfig} config @returns {GalleryFrame}
   */
  layout(config) { this.engine._putTimelineConfig(config); return this._frame(this._e.ge_session_layout(this.handle)); }
  /**
   * The library's months ({year, month, count}, newest first).
   * @param {{year: number, month: number, count: number}[]} months @returns {GalleryFrame}
   */
  months(months) {
    const v = this.engine._i32(this._e.ge_session_input(this.handle, 3 * months.length), 3 * months.length);
    months.forEach((m, k) => { v[3 * k] = m.year; v[3 * k + 1] = m.month; v[3 * k + 2] = m.count; });
    return this._frame(this._e.ge_session_months(this.handle, months.length));
  }
  /**
   * Photos `start…` of month `section` are known.
   * @param {number} section @param {number} start @param {ArrayLike<number>} aspectRatios @returns {GalleryFrame}
   */
  placed(section, start, aspectRatios) {
    this._aspects(aspectRatios);
    return this._frame(this._e.ge_session_placed(this.handle, section, start, aspectRatios.length));
  }
  /**
   * The cold start's hold ends.
   * @returns {GalleryFrame}
   */
  release() { return this._frame(this._e.ge_session_release(this.handle)); }
  /** @param {number} offset content y of the screen's top @param {number} time the frame's time (ms) @returns {GalleryFrame} */
  scroll(offset, time) { return this._frame(this._e.ge_session_scroll(this.handle, offset, time)); }
  /**
   * The view moved to `offset` by the client itself: a jump.
   * @param {number} offset @returns {GalleryFrame}
   */
  jump(offset) { return this._frame(this._e.ge_session_jump(this.handle, offset)); }
  /**
   * A touch went down (1), moved (2) or lifted (3) over library photo `item` (−1: none): `frame.longPress`
   * says when it selects its tile, and moves then paint the selection.
   * @param {number} phase @param {number} x @param {number} y @param {number} id @param {number} time
   * @param {number} item @returns {GalleryFrame}
   */
  pointer(phase, x, y, id, time, item) {
    return this._frame(this._e.ge_session_pointer(this.handle, phase, x, y, id, time, item));
  }
  /**
   * A click on library photo `i` (`frame.open` says whether it opens the viewer).
   * @param {number} i @param {boolean} extend Shift @param {boolean} toggle its checkbox, or Ctrl/Cmd
   * @param {number} time @returns {GalleryFrame}
   */
  click(i, extend, toggle, time) { return this._frame(this._e.ge_session_select(this.handle, 1, i, (extend ? 1 : 0) | (toggle ? 2 : 0), time)); }
  /**
   * Month `section`'s heading: all of it, or none when all was selected.
   * @param {number} section @returns {GalleryFrame}
   */
  selectMonth(section) { return this._frame(this._e.ge_session_select(this.handle, 2, section, 0, 0)); }
  /** @returns {GalleryFrame} */
  selectAll() { return this._frame(this._e.ge_session_select(this.handle, 3, 0, 0, 0)); }
  /** @returns {GalleryFrame} */
  clearSelection() { return this._frame(this._e.ge_session_select(this.handle, 4, 0, 0, 0)); }
  /**
   * Whether the screen offers a selection (the session decides what a click does without one).
   * @param {boolean} on
   */
  offerSelection(on) { this._e.ge_session_select(this.handle, 5, on ? 1 : 0, 0, 0); }
  /**
   * The selected photos within library indices `lo…hi−1`, as [lo, hi) pairs.
   * @param {number} lo @param {number} hi @returns {[number, number][]}
   */
  selected(lo, hi) {
    const n = this._e.ge_session_selected(this.handle, lo, hi), ints = this.engine._i32(this._e.ge_ints(), 2 * n);
    /** @type {[number, number][]} */ const out = [];
    for (let k = 0; k < n; k++) out.push([ints[2 * k], ints[2 * k + 1]]);
    return out;
  }
  /** Whether a click at `time` is the lift of the long press that selected a tile. */
  ignoresClick(/** @type {number} */ time) { return this._e.ge_session_ignores_click(this.handle, time) === 1; }
  /**
   * `count` photos from `start` of month `section` are held in part: the session reads them in full.
   * @param {number} section @param {number} start @param {number} count
   * @returns {GalleryFrame}
   */
  partial(section, start, count) { return this._frame(this._e.ge_session_partial(this.handle, section, start, count)); }
  /** The photos held in part are needed in full now (the viewer or a menu opens). @returns {GalleryFrame} */
  readInFull() { return this._frame(this._e.ge_session_partial(this.handle, -1, 0, 0)); }
  /**
   * Live photos inserted at `index` of month `section`, their aspects known.
   * @param {number} section @param {number} index @param {ArrayLike<number>} aspectRatios @returns {GalleryFrame}
   */
  inserted(section, index, aspectRatios) {
    this._aspects(aspectRatios);
    return this._frame(this._e.ge_session_inserted(this.handle, section, index, aspectRatios.length));
  }
  /**
   * A live photo left month `section` at `index`.
   * @param {number} section @param {number} index @returns {GalleryFrame}
   */
  deleted(section, index) { return this._frame(this._e.ge_session_deleted(this.handle, section, index)); }
  /** @param {number} key 1 Home, 2 End, 3 Page Up, 4 Page Down @returns {GalleryFrame} */
  key(key) { return this._frame(this._e.ge_session_key(this.handle, key)); }
  /** @param {boolean} on @returns {GalleryFrame} */
  scrubbing(on) { return this._frame(this._e.ge_session_scrubbing(this.handle, on ? 1 : 0)); }
  /** @param {number} id @param {ArrayLike<number>} aspectRatios @param {number} time @returns {GalleryFrame} */
  pageArrived(id, aspectRatios, time) {
    this._aspects(aspectRatios);
    return this._frame(this._e.ge_session_page_arrived(this.handle, id, aspectRatios.length, time));
  }
  /** @param {number} id @param {number} time @returns {GalleryFrame} */
  pageFailed(id, time) { return this._frame(this._e.ge_session_page_failed(this.handle, id, time)); }
  /** @param {number} time @returns {GalleryFrame} */
  retryNow(time) { return this._frame(this._e.ge_session_retry_now(this.handle, time)); }
  /** @param {number} time @returns {GalleryFrame} */
  tick(time) { return this._frame(this._e.ge_session_tick(this.handle, time)); }
  _aspects(/** @type {ArrayLike<number>} */ a) {
    if (a.length) this.engine._f32(this._e.ge_session_aspects(this.handle, a.length), a.length).set(a);
  }
  /** @param {number} n @returns {GalleryFrame} */
  _frame(n) {
    const v = this.engine._io, ints = this.engine._i32(this._e.ge_ints(), n), starts = v[8], cancels = v[9];
    const request = (/** @type {number} */ at) => ({ id: ints[at], section: ints[at + 1], start: ints[at + 2], end: ints[at + 3] });
    const start = [], cancel = [];
    for (let k = 0; k < starts; k++) start.push(request(4 * k));
    for (let k = 0; k < cancels; k++) cancel.push(request(4 * (starts + k)));
    return {
      scrollTo: Number.isNaN(v[0]) ? null : v[0], offset: v[11], contentHeight: v[1], velocity: v[2],
      pageSize: v[4], start, cancel, retryAt: v[5] < 0 ? null : v[5], failureStands: v[6] === 1,
      tickAt: v[12] < 0 ? null : v[12], holding: v[13] === 1, mount: { top: v[14], bottom: v[15] },
      reach: { top: v[16], bottom: v[17] }, retain: { top: v[18], bottom: v[19] }, longPress: v[20] === 1,
      open: v[23] < 0 ? null : v[23], selected: v[21], selectionChanged: v[22] === 1, painting: v[24] === 1, partial: v[25],
    };
  }
}
