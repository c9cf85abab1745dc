// GalleryEngine for the browser: loads engine.wasm (Embedded Swift) and wraps
// its C ABI in a small object API. The engine decides geometry and motion;
// this file only moves numbers in and out of wasm linear memory.
//
// Typed-array views returned by this module (e.g. `layout.frames()`,
// `springs.values`) alias wasm memory. They stay valid until the next call
// that may allocate (append, frames, create…): read them right away, or copy.

/** @typedef {{x: number, y: number, width: number, height: number}} Rect */
/** @typedef {{image: Rect, clip: Rect}} TransitionFrame */
/**
 * @typedef {object} LayoutConfig
 * @property {'grid'|'justified'} style
 * @property {number} width               Container width (px), insets included.
 * @property {number} [spacing=2]         Gap between tiles.
 * @property {{top?: number, left?: number, bottom?: number, right?: number}} [insets]
 * @property {number} [headerHeight=0]    Section header height (0 = no headers).
 * @property {number} [minimumTileWidth=100]  Grid: narrowest tile; columns = as many as fit.
 * @property {number} [tileAspectRatio=4/3]   Grid: tile width/height (1 = square).
 * @property {number} [maximumColumns=0]      Grid: 0 = unbounded.
 * @property {number} [targetRowHeight=180]   Justified: row height before scaling to fill.
 * @property {number} [minimumAspectRatio=0.5] Justified: tall photos are boxed at this aspect (cropped).
 * @property {number} [maximumAspectRatio=3]   Justified: panoramas are boxed at this aspect (cropped).
 */
/**
 * @typedef {object} VirtualizerUpdate  Item index ranges as [start, end).
 * @property {[number, number]} visible
 * @property {[number, number]} prefetch      Mount/load these (contains visible).
 * @property {[number, number]} retained      Keep mounted (contains prefetch).
 * @property {[number, number]} releasedBefore Unmount these (above).
 * @property {[number, number]} releasedAfter  Unmount these (below).
 */
/**
 * @typedef {object} ViewerState
 * @property {number} index            Current page.
 * @property {number} count
 * @property {number} pagerOffset      Page k sits at x = (k − index)·pageWidth + pagerOffset.
 * @property {number} pageWidth        Viewport width + gap.
 * @property {number} scale            Zoom of the current photo, 1 = aspect-fit.
 * @property {number} panX             Translation of the current photo (px).
 * @property {number} panY
 * @property {number} dismissOffset    Vertical drag-to-dismiss offset (px).
 * @property {number} backgroundOpacity
 * @property {'idle'|'pending'|'paging'|'panning'|'pinching'|'dismissing'|'dismissed'} mode
 * @property {boolean} animating       Keep calling tick() while true.
 */
/**
 * @typedef {object} ViewerEvent
 * @property {'tap'|'doubleTap'|'longPress'|'pageChanged'|'dismiss'|'dismissCancelled'} kind
 * @property {number} x
 * @property {number} y
 * @property {number} index
 */

const STYLE = { grid: 0, justified: 1 };
const PHASE = { pointerdown: 0, pointermove: 1, pointerup: 2, pointercancel: 3 };
/** @typedef {0|1|2|3|keyof typeof PHASE} PointerPhase  A pointer sample's phase, as a number or a DOM event type. */
/** @type {ViewerState['mode'][]} */
const MODES = ['idle', 'pending', 'paging', 'panning', 'pinching', 'dismissing', 'dismissed'];
const EVENTS = [null, 'tap', 'doubleTap', 'longPress', 'pageChanged', 'dismiss', 'dismissCancelled'];
/** @type {('tap'|'doubleTap'|'longPress')[]} */
const TAPS = [/** @type {any} */ (null), 'tap', 'doubleTap', 'longPress'];

/**
 * Loads and instantiates the engine.
 * @param {string|URL|ArrayBuffer|Uint8Array|Response} [source] URL of engine.wasm
 *   (default: next to this module), or its bytes. Works in browsers and Node ≥ 18.
 * @returns {Promise<Engine>}
 */
export async function loadEngine(source = new URL('./engine.wasm', import.meta.url)) {
  let bytes;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    bytes = source;
  } else if (typeof Response !== 'undefined' && source instanceof Response) {
    bytes = await source.arrayBuffer();
  } else {
    const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
    if (url.protocol === 'file:') {
      const { readFile } = await import('node:fs/promises');
      bytes = await readFile(url);
    } else {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`engine.wasm: HTTP ${res.status}`);
      if (WebAssembly.instantiateStreaming && res.headers.get('content-type') === 'application/wasm') {
        const { instance } = await WebAssembly.instantiateStreaming(res, {});
        return new Engine(instance);
      }
      bytes = await res.arrayBuffer();
    }
  }
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return new Engine(instance);
}

/** The loaded engine: factories for layouts, springs, viewers, and pure helpers. */
export class Engine {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    /** Raw exports (the C ABI, `ge_*`). */
    this.exports = /** @type {WasmExports} */ (/** @type {unknown} */ (instance.exports));
    /** @type {WebAssembly.Memory} */
    this.memory = this.exports.memory;
    this._ioPtr = this.exports.ge_io();
  }
  /** @returns {Float64Array} the 64-double scratch block */
  get _io() { return new Float64Array(this.memory.buffer, this._ioPtr, 64); }
  /** @param {number} ptr @param {number} n */
  _f32(ptr, n) { return new Float32Array(this.memory.buffer, ptr, n); }
  /** @param {number} ptr @param {number} n */
  _f64(ptr, n) { return new Float64Array(this.memory.buffer, ptr, n); }
  /** @param {number} ptr @param {number} n */
  _i32(ptr, n) { return new Int32Array(this.memory.buffer, ptr, n); }
  _rect(o = 0) { const v = this._io; return { x: v[o], y: v[o + 1], width: v[o + 2], height: v[o + 3] }; }
  _frame(o = 0) { return { image: this._rect(o), clip: this._rect(o + 4) }; }
  /** @param {Rect} r @param {number} o */
  _putRect(r, o) { const v = this._io; v[o] = r.x; v[o + 1] = r.y; v[o + 2] = r.width; v[o + 3] = r.height; }

  // ── Layout ──────────────────────────────────────────────────────────────
  /** @param {LayoutConfig} config */
  _putConfig(config) {
    const v = this._io, i = config.insets || {};
    v[0] = STYLE[config.style] ?? 0; v[1] = config.width; v[2] = config.spacing ?? 2;
    v[3] = i.top ?? 0; v[4] = i.left ?? 0; v[5] = i.bottom ?? 0; v[6] = i.right ?? 0;
    v[7] = config.headerHeight ?? 0; v[8] = config.minimumTileWidth ?? 100;
    v[9] = config.tileAspectRatio ?? 4 / 3; v[10] = config.maximumColumns ?? 0;
    v[11] = config.targetRowHeight ?? 180; v[12] = config.minimumAspectRatio ?? 0.5;
    v[13] = config.maximumAspectRatio ?? 3;
  }
  /**
   * Creates a grid or justified layout.
   * @param {LayoutConfig} config @returns {Layout}
   */
  createLayout(config) { this._putConfig(config); return new Layout(this, this.exports.ge_layout_create()); }

  /**
   * Scroll-space mapping for libraries taller than browsers can scroll
   * (content is scaled into at most `maximumScrollHeight` DOM px; geometry near
   * the viewport stays 1:1). Identity when the content fits.
   * @param {number} contentHeight @param {number} viewportHeight
   * @param {number} [maximumScrollHeight=15e6]
   */
  scrollSpace(contentHeight, viewportHeight, maximumScrollHeight = 15e6) {
    const e = this.exports, a = /** @type {[number, number, number]} */ ([contentHeight, viewportHeight, maximumScrollHeight]);
    return {
      /** Height for the DOM scroll spacer. */
      scrollHeight: e.ge_scroll_height(...a),
      /** Content y at the viewport top for a DOM scrollTop. @param {number} scrollTop */
      contentOffset: (/** @type {number} */ scrollTop) => e.ge_scroll_content_offset(...a, scrollTop),
      /** DOM scrollTop that shows content y at the viewport top. @param {number} offset */
      scrollTop: (/** @type {number} */ offset) => e.ge_scroll_top_for_offset(...a, offset),
      /** DOM y of a content y at the current scrollTop. */
      domY: (/** @type {number} */ contentY, /** @type {number} */ scrollTop) => e.ge_scroll_dom_y(...a, contentY, scrollTop),
    };
  }

  // ── Timeline ────────────────────────────────────────────────────────────
  /**
   * A whole library laid out month by month from its month counts, before its photos load.
   * @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config
   *   `headerHeight` is every month's header; `yearHeaderHeight` is added where a year opens.
   * @returns {Timeline}
   */
  createTimeline(config) {
    this._putTimelineConfig(config);
    return new Timeline(this, this.exports.ge_timeline_create());
  }
  /** @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config */
  _putTimelineConfig(config) {
    this._putConfig(config);
    const v = this._io;
    v[14] = config.averageAspectRatio ?? 1.5; v[15] = config.yearHeaderHeight ?? 0;
  }

  // ── Springs ─────────────────────────────────────────────────────────────
  /**
   * A pool of `capacity` springs stepped together.
   * @returns {SpringPool}
   * @param {number} capacity
   */
  createSprings(capacity) { return new SpringPool(this, this.exports.ge_springs_create(capacity), capacity); }
  /**
   * Closed-form damped oscillator: displacement and velocity after `t` seconds.
   * @returns {[number, number]}
   * @param {number} x0 @param {number} v0 @param {number} t @param {number} angularFrequency @param {number} dampingRatio
   */
  springEvaluate(x0, v0, t, angularFrequency, dampingRatio) {
    this.exports.ge_spring_evaluate(x0, v0, t, angularFrequency, dampingRatio);
    const v = this._io; return [v[0], v[1]];
  }

  // ── Gestures ────────────────────────────────────────────────────────────
  /**
   * The photo viewer's gesture machine.
   * @param {{width: number, height: number, index?: number, count?: number, aspectRatio?: number}} o
   * @returns {Viewer}
   */
  createViewer(o) {
    return new Viewer(this, this.exports.ge_viewer_create(o.width, o.height, o.index ?? 0, o.count ?? 1, o.aspectRatio ?? 1.5));
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

  // ── Transition geometry ─────────────────────────────────────────────────
  /**
   * Aspect-fit rect inside `bounds`.
   * @param {number} aspect @param {Rect} b @returns {Rect}
   */
  fitRect(aspect, b) { this.exports.ge_fit_rect(aspect, b.x, b.y, b.width, b.height); return this._rect(); }
  /**
   * Cover rect over `bounds`.
   * @param {number} aspect @param {Rect} b @returns {Rect}
   */
  fillRect(aspect, b) { this.exports.ge_fill_rect(aspect, b.x, b.y, b.width, b.height); return this._rect(); }
  /**
   * Tile → viewer frame at progress `p` (may overshoot 0…1).
   * @param {number} aspect @param {Rect} tile @param {Rect} viewport @param {number} p
   * @returns {TransitionFrame}
   */
  transitionOpen(aspect, tile, viewport, p) {
    this._putRect(tile, 8); this._putRect(viewport, 12);
    this.exports.ge_transition_open(aspect, p); return this._frame();
  }
  /**
   * Interpolates two frames.
   * @param {TransitionFrame} from @param {TransitionFrame} to @returns {TransitionFrame}
   * @param {number} p
   */
  transitionLerp(from, to, p) {
    this._putRect(from.image, 16); this._putRect(from.clip, 20);
    this._putRect(to.image, 24); this._putRect(to.clip, 28);
    this.exports.ge_transition_lerp(p); return this._frame();
  }

  // ── Deck ────────────────────────────────────────────────────────────────
  /**
   * Which photos to load around `current`, in priority order, and whether to
   * fetch the next catalog page.
   * @param {{current: number, loaded: number, total?: number, direction?: number, speed?: number,
   *   behind?: number, aheadAtRest?: number, maximumAhead?: number, loadMoreThreshold?: number}} o
   * @returns {{indices: Int32Array, loadMore: boolean}}
   */
  deckPlan(o) {
    const n = this.exports.ge_deck_plan(o.current, o.loaded, o.total ?? -1, o.direction ?? 0, o.speed ?? 0,
      o.behind ?? 1, o.aheadAtRest ?? 2, o.maximumAhead ?? 5, o.loadMoreThreshold ?? 10);
    return { indices: this._i32(this.exports.ge_ints(), n).slice(), loadMore: this._io[0] === 1 };
  }

  // ── Diff ────────────────────────────────────────────────────────────────
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

  // ── Live changes and retries ────────────────────────────────────────────
  /**
   * Writes `ids`' UTF-8 bytes one after another to the engine's id buffer (null: none).
   * @param {(string|null)[]} ids
   * @returns {(id: string) => number} an id's length in bytes
   */
  _putIds(ids) {
    const all = ids.join(''), room = 3 * all.length, p = this.exports.ge_id_buffer(room);
    const { written } = UTF8.encodeInto(all, new Uint8Array(this.memory.buffer, p, room));
    return written === all.length ? (id) => id.length : (id) => UTF8.encode(id).length; // ASCII: a byte per character
  }
  /**
   * A run of places (a month) that applies change-feed messages as the engine's rules say.
   * @returns {LiveRun}
   */
  createLiveRun() { return new LiveRun(this, this.exports.ge_live_create()); }
  /**
   * The UTC month of a time in ms, as year × 100 + month.
   * @param {number} ms
   * @returns {number}
   */
  monthOf(ms) { return this.exports.ge_month_of(ms); }
  /**
   * Milliseconds before retrying a failed page after `failures` failures in a row, or −1 when the
   * failure stands until the person retries.
   * @param {number} failures
   * @returns {number}
   */
  retryDelay(failures) { return this.exports.ge_retry_delay(failures); }

  // ── Gallery session and policy ──────────────────────────────────────────
  /**
   * One gallery screen as the engine runs it: events in, a frame out.
   * @param {LayoutConfig & {averageAspectRatio?: number, yearHeaderHeight?: number}} config
   * @returns {GallerySession}
   */
  createSession(config) {
    this._putTimelineConfig(config);
    return new GallerySession(this, this.exports.ge_session_create());
  }
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
   * The policy's numbers.
   * @returns {{longPress: number, pressSlop: number, clickSuppression: number, flingSpeed: number,
   *   velocityWindow: number, pageSize: number, flingPageSize: number}}
   */
  policy() {
    this.exports.ge_policy_numbers();
    const v = this._io;
    return { longPress: v[0], pressSlop: v[1], clickSuppression: v[2], flingSpeed: v[3], velocityWindow: v[4],
      pageSize: v[5], flingPageSize: v[6] };
  }
  /**
   * Whether a click at `time` is the lift of the long press at `pressTime`.
   * @param {number} time
   * @param {number} pressTime
   * @returns {boolean}
   */
  ignoresClick(time, pressTime) { return this.exports.ge_policy_ignores_click(time, pressTime) === 1; }
  /**
   * Whether the small thumbnail fills a width×height tile at this pixel density.
   * @param {{width: number, height: number}} small @param {number} width @param {number} height @param {number} density
   * @returns {boolean}
   */
  usesSmallThumb(small, width, height, density) {
    return this.exports.ge_policy_small_thumb(small.width, small.height, width, height, density) === 1;
  }
  /**
   * Whether the viewer loads the original instead of the preview.
   * @param {number} scale @param {number} fitWidth @param {number} density @param {number} previewWidth @param {number} originalWidth
   * @returns {boolean}
   */
  wantsOriginal(scale, fitWidth, density, previewWidth, originalWidth) {
    return this.exports.ge_policy_wants_original(scale, fitWidth, density, previewWidth, originalWidth) === 1;
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
   * What a zoom key does at `scale`: a factor to zoom by, 'toggle' (as a double tap), or null.
   * @param {'in'|'out'|'reset'} command @param {number} scale @returns {number|'toggle'|null}
   */
  zoomCommand(command, scale) {
    const f = this.exports.ge_policy_zoom(ZOOM[command] ?? 0, scale);
    return f === -1 ? 'toggle' : f === 0 ? null : f;
  }
  /**
   * The factor a ctrl-wheel turn zooms by.
   * @param {number} deltaY
   * @returns {number}
   */
  wheelZoom(deltaY) { return this.exports.ge_policy_wheel_zoom(deltaY); }
  /**
   * The viewer's deck: the deck plan with the ±1 neighbours it left out.
   * @param {Parameters<Engine['deckPlan']>[0]} o @param {number} count @returns {Int32Array}
   */
  deck(o, count) {
    const { indices } = this.deckPlan(o);
    return this._i32(this.exports.ge_ints(), this.exports.ge_policy_deck(indices.length, o.current, count)).slice();
  }
  /**
   * Which year labels the scrubber draws, given their ys (ascending).
   * @param {number[]} ys
   * @returns {Int32Array}
   */
  scrubberLabels(ys) {
    this._f64(this.exports.ge_doubles(ys.length), ys.length).set(ys);
    return this._i32(this.exports.ge_ints(), this.exports.ge_policy_scrubber_labels(ys.length)).slice();
  }
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
const ZOOM = { in: 1, out: 2, reset: 3 };
const UTF8_DECODER = new TextDecoder();

/**
 * @typedef {object} GalleryFrame
 * @property {number|null} scrollTo   Set the scroll position to this content y; null to leave it.
 * @property {number} contentHeight
 * @property {number} velocity        px/ms, positive down.
 * @property {boolean} fling
 * @property {number} pageSize        Photos per page of the loads in `start`.
 * @property {TimelineRequest[]} start  Loads to start; report each with `pageArrived` or `pageFailed`.
 * @property {TimelineRequest[]} cancel Loads no longer wanted.
 * @property {number|null} retryAt    When to call `tick` for a failed page's retry.
 * @property {boolean} failureStands  Nothing retries until `retryNow`.
 * @property {TimelineSpan[]} visible
 * @property {number|null} viewer     The viewer's photo, null when closed.
 */

/** A gallery screen's state machine in the engine: each event returns the frame to render. */
export class GallerySession {
  /**
   * @param {Engine} engine
   * @param {number} handle
   */
  constructor(engine, handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  /**
   * @param {number} width
   * @param {number} height
   * @param {number} density
   * @returns {GalleryFrame}
   */
  viewport(width, height, density) { return this._frame(this._e.ge_session_viewport(this.handle, width, height, density)); }
  /**
   * The library's months ({year, month, count}, newest first).
   * @param {{year: number, month: number, count: number}[]} months
   * @returns {GalleryFrame}
   */
  months(months) {
    const v = this.engine._i32(this._e.ge_session_input(this.handle, 3 * months.length), 3 * months.length);
    months.forEach((m, k) => { v[3 * k] = m.year; v[3 * k + 1] = m.month; v[3 * k + 2] = m.count; });
    return this._frame(this._e.ge_session_months(this.handle, months.length));
  }
  /**
   * @param {number} offset content y of the viewport's top
   * @param {number} time the frame's time (ms)
   * @returns {GalleryFrame}
   */
  scroll(offset, time) { return this._frame(this._e.ge_session_scroll(this.handle, offset, time)); }
  /**
   * @param {'home'|'end'} key
   * @returns {GalleryFrame}
   */
  key(key) { return this._frame(this._e.ge_session_key(this.handle, key === 'home' ? 1 : key === 'end' ? 2 : 0)); }
  /**
   * @param {boolean} on
   * @returns {GalleryFrame}
   */
  scrubbing(on) { return this._frame(this._e.ge_session_scrubbing(this.handle, on ? 1 : 0)); }
  /**
   * @param {number} id
   * @param {ArrayLike<number>} aspectRatios
   * @param {number} time
   * @returns {GalleryFrame}
   */
  pageArrived(id, aspectRatios, time) {
    this.engine._f32(this._e.ge_session_aspects(this.handle, aspectRatios.length), aspectRatios.length).set(aspectRatios);
    return this._frame(this._e.ge_session_page_arrived(this.handle, id, aspectRatios.length, time));
  }
  /**
   * @param {number} id
   * @param {number} time
   * @returns {GalleryFrame}
   */
  pageFailed(id, time) { return this._frame(this._e.ge_session_page_failed(this.handle, id, time)); }
  /**
   * @param {number} time
   * @returns {GalleryFrame}
   */
  retryNow(time) { return this._frame(this._e.ge_session_retry_now(this.handle, time)); }
  /**
   * @param {number} time
   * @returns {GalleryFrame}
   */
  tick(time) { return this._frame(this._e.ge_session_tick(this.handle, time)); }
  /**
   * @param {number} section
   * @param {number} index
   * @param {ArrayLike<number>} aspectRatios
   * @returns {GalleryFrame}
   */
  inserted(section, index, aspectRatios) {
    this.engine._f32(this._e.ge_session_aspects(this.handle, aspectRatios.length), aspectRatios.length).set(aspectRatios);
    return this._frame(this._e.ge_session_inserted(this.handle, section, index, aspectRatios.length));
  }
  /**
   * @param {number|null} index
   * @param {number} count
   * @returns {GalleryFrame}
   */
  viewer(index, count) { return this._frame(this._e.ge_session_viewer(this.handle, index ?? -1, count)); }
  /**
   * @param {number[]} indices
   * @returns {GalleryFrame}
   */
  removed(indices) {
    this.engine._i32(this._e.ge_session_input(this.handle, indices.length), indices.length).set(indices);
    return this._frame(this._e.ge_session_removed(this.handle, indices.length));
  }
  destroy() { this._e.ge_session_destroy(this.handle); this.handle = 0; }
  /**
   * @param {number} n
   * @returns {GalleryFrame}
   */
  _frame(n) {
    const v = this.engine._io, ints = this.engine._i32(this._e.ge_ints(), n);
    const starts = v[8], cancels = v[9], spans = v[10];
    /**
     * @param {number} at
     * @returns {TimelineRequest}
     */
    const request = (at) => ({ id: ints[at], section: ints[at + 1], start: ints[at + 2], end: ints[at + 3] });
    const start = [], cancel = [], visible = [];
    for (let k = 0; k < starts; k++) start.push(request(4 * k));
    for (let k = 0; k < cancels; k++) cancel.push(request(4 * (starts + k)));
    for (let k = 0; k < spans; k++) {
      const at = 4 * (starts + cancels + k);
      visible.push({ section: ints[at], start: ints[at + 1], end: ints[at + 2], header: ints[at + 3] === 1 });
    }
    return {
      scrollTo: Number.isNaN(v[0]) ? null : v[0], contentHeight: v[1], velocity: v[2], fling: v[3] === 1,
      pageSize: v[4], start, cancel, retryAt: v[5] < 0 ? null : v[5], failureStands: v[6] === 1, visible,
      viewer: v[7] < 0 ? null : v[7],
    };
  }
}

const UTF8 = new TextEncoder();
const LIVE_KINDS = { insert: 0, update: 1, delete: 2 };

/**
 * @typedef {object} LiveRules
 * @property {boolean} boundedAbove  The run's top is the top of the whole order (a month: yes).
 * @property {boolean} boundedBelow  The run's end is the end of the whole order (a month: yes).
 * @property {boolean} keepsGaps     The run counts places not loaded (a month: yes).
 * @property {boolean} [filtered]    A text or tag filter: new photos are not placed.
 * @property {boolean} [byDate=true] Ordered by date (else by relevance: updates stay in place).
 */
/**
 * @typedef {object} LiveOutcome  Indices into the run, −1 for none.
 * @property {number} removed    The photo's old place, removed.
 * @property {number} inserted   Its new place, inserted: the photo when `exact`, else a place not loaded.
 * @property {boolean} exact
 * @property {number} replaced   Updated where it was.
 * @property {boolean} uncertain Where it was is unknown: read the counts again.
 */

/** A run of places as the engine keeps it: sort keys only, the photos stay with the caller. */
export class LiveRun {
  /**
   * @param {Engine} engine
   * @param {number} handle
   */
  constructor(engine, handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  /**
   * Makes the run these places: photo k taken at `times[k]` with id `ids[k]`, or a place not loaded
   * when that is null.
   * @param {number[]} times
   * @param {(string|null)[]} ids
   */
  fill(times, ids) {
    const n = ids.length, e = this._e, length = this.engine._putIds(ids);
    const tp = e.ge_live_times(this.handle, n), ip = e.ge_live_ints(this.handle, n);
    this.engine._f64(tp, n).set(times);
    const ints = this.engine._i32(ip, n);
    for (let k = 0; k < n; k++) { const id = ids[k]; ints[k] = id === null ? -1 : length(id); }
    e.ge_live_fill(this.handle, n);
  }
  /**
   * @returns {number}
   */
  get count() { return this._e.ge_live_count(this.handle); }
  /**
   * Applies change-feed messages to the run, in order, in one call; mirror each outcome on the photos.
   * @param {{kind: 'insert'|'update'|'delete', id: string, takenAt: number}[]} changes  each photo's time after the change
   * @param {LiveRules} rules @returns {LiveOutcome[]|null} null for an invalid handle or kind (the run
   * may then hold some of the changes: fill it again)
   */
  apply(changes, rules) {
    const n = changes.length, e = this._e;
    const flags = (rules.boundedAbove ? 1 : 0) | (rules.boundedBelow ? 2 : 0) | (rules.keepsGaps ? 4 : 0) |
      (rules.filtered ? 8 : 0) | (rules.byDate === false ? 0 : 16);
    const length = this.engine._putIds(changes.map((c) => c.id));
    const tp = e.ge_live_times(this.handle, n), ip = e.ge_live_ints(this.handle, 7 * n);
    const times = this.engine._f64(tp, n), ints = this.engine._i32(ip, 2 * n);
    for (let k = 0; k < n; k++) { times[k] = changes[k].takenAt; ints[2 * k] = LIVE_KINDS[changes[k].kind] ?? -1; ints[2 * k + 1] = length(changes[k].id); }
    if (e.ge_live_apply(this.handle, n, flags) !== n) return null;
    const v = this.engine._i32(ip + 8 * n, 5 * n), out = /** @type {LiveOutcome[]} */ ([]);
    for (let k = 0; k < 5 * n; k += 5) out.push({ removed: v[k], inserted: v[k + 1], exact: v[k + 2] === 1, replaced: v[k + 3], uncertain: v[k + 4] === 1 });
    return out;
  }
  destroy() { this._e.ge_live_destroy(this.handle); this.handle = 0; }
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

/** Springs stepped together once per frame; read `values` after `step`. */
export class SpringPool {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle, /** @type {number} */ capacity) { this.engine = engine; this.handle = handle; this.capacity = capacity; this._e = engine.exports; }
  /**
   * @param {number} i
   * @param {{response?: number, dampingRatio?: number, angularFrequency?: number, restDistance?: number, restSpeed?: number}} o
   *   response (s) or angularFrequency (rad/s); rest thresholds in the spring's units (px, px/s).
   */
  configure(i, o = {}) {
    const response = o.response ?? (o.angularFrequency ? 2 * Math.PI / o.angularFrequency : 2 * Math.PI / 12);
    this._e.ge_spring_configure(this.handle, i, response, o.dampingRatio ?? 0.75, o.restDistance ?? 1, o.restSpeed ?? 50);
  }
  /**
   * Jumps spring i to `value` with `velocity` (units/s; px/ms × 1000).
   * @param {number} i @param {number} value
   */
  reset(i, value, velocity = 0) { this._e.ge_spring_reset(this.handle, i, value, velocity); }
  /**
   * New target; current position and velocity carry over.
   * @param {number} i @param {number} target
   */
  retarget(i, target) { this._e.ge_spring_retarget(this.handle, i, target); }
  /** Advances all springs by dtMs; returns how many are still moving. */
  step(/** @type {number} */ dtMs) { return this._e.ge_springs_step(this.handle, dtMs); }
  /** @returns {Float64Array} current values (view) */
  get values() { return this.engine._f64(this._e.ge_springs_values(this.handle), this.capacity); }
  /** @returns {Float64Array} velocities in units/s (view) */
  get velocities() { return this.engine._f64(this._e.ge_springs_velocities(this.handle), this.capacity); }
  /** @returns {Uint8Array} 1 = settled (view) */
  get settled() { return new Uint8Array(this.engine.memory.buffer, this._e.ge_springs_settled(this.handle), this.capacity); }
  value(/** @type {number} */ i) { return this.values[i]; }
  destroy() { this._e.ge_springs_destroy(this.handle); this.handle = 0; }
}

/** Order of `ge_viewer_configure`'s io block. */
const VIEWER_KEYS = ['axisLockDistance', 'velocityWindow', 'pageGap', 'decelerationRate', 'dismissThreshold',
  'pageResponse', 'pageDamping', 'settleResponse', 'settleDamping', 'doubleTapInterval', 'doubleTapDistance',
  'longPressDuration', 'slop', 'secondaryScale', 'maximumScale'];

/** The photo viewer: feed pointer events and frames, read state and events. */
export class Viewer {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
  /**
   * Feeds one pointer sample. @param {0|1|2|3|'pointerdown'|'pointermove'|'pointerup'|'pointercancel'} phase
   * @param {number} id pointerId @param {number} time ms @param {number} x @param {number} y viewport px
   * @returns {number} number of queued events
   */
  pointer(/** @type {PointerPhase} */ phase, id, time, x, y) {
    const p = typeof phase === 'string' ? PHASE[phase] : phase;
    return this._e.ge_viewer_pointer(this.handle, p, id, time, x, y);
  }
  /** Convenience for a DOM PointerEvent (coordinates relative to `origin`). */
  handlePointerEvent(/** @type {PointerEvent} */ ev, origin = { x: 0, y: 0 }) {
    return this.pointer(/** @type {PointerPhase} */ (ev.type), ev.pointerId, ev.timeStamp, ev.clientX - origin.x, ev.clientY - origin.y);
  }
  /** Advances springs/timers to `time` ms; returns true while animating. */
  tick(/** @type {number} */ time) { return this._e.ge_viewer_tick(this.handle, time) === 1; }
  /** @returns {ViewerState} */
  get state() {
    const v = this.engine._f64(this._e.ge_viewer_state(this.handle), 11);
    return { index: v[0], count: v[1], pagerOffset: v[2], pageWidth: v[3], scale: v[4], panX: v[5], panY: v[6],
      dismissOffset: v[7], backgroundOpacity: v[8], mode: MODES[v[9]], animating: v[10] === 1 };
  }
  /** Drains queued events. @returns {ViewerEvent[]} */
  takeEvents() {
    const n = this._e.ge_viewer_take_events(this.handle);
    if (n === 0) return [];
    const v = this.engine._f64(this._e.ge_viewer_events_ptr(this.handle), n * 4);
    const out = [];
    for (let k = 0; k < n; k++) out.push({ kind: EVENTS[v[4 * k]], x: v[4 * k + 1], y: v[4 * k + 2], index: v[4 * k + 3] });
    return out;
  }
  /**
   * Shows page `index` at rest (open, or after dismiss).
   * @param {number} index @param {number} count @param {number} aspectRatio
   */
  reset(index, count, aspectRatio) { this._e.ge_viewer_reset(this.handle, index, count, aspectRatio); }
  /** Aspect ratio of the current photo (after pageChanged). Resets zoom. */
  setPhoto(/** @type {number} */ aspectRatio) { this._e.ge_viewer_set_photo(this.handle, aspectRatio); }
  /** @param {number} width @param {number} height */
  setViewport(width, height) { this._e.ge_viewer_set_viewport(this.handle, width, height); }
  setCount(/** @type {number} */ count) { this._e.ge_viewer_set_count(this.handle, count); }
  /**
   * The current photo moved to `index` (live inserts or deletes before it): zoom and pan stay.
   * @param {number} index @param {number} count
   */
  reindex(index, count) { this._e.ge_viewer_reindex(this.handle, index, count); }
  /** Animates to a page (keyboard). */
  goTo(/** @type {number} */ index) { this._e.ge_viewer_go_to(this.handle, index); }
  /**
   * Animated zoom toggle around a point (keyboard / button).
   * @param {number} x @param {number} y
   */
  toggleZoom(x, y) { this._e.ge_viewer_toggle_zoom(this.handle, x, y); }
  /**
   * Zooms to `scale` (× fit, clamped) keeping the point (x, y) still: keys, ctrl-wheel, trackpad pinch.
   * @param {number} scale @param {number} x @param {number} y
   */
  zoomTo(scale, x, y, animated = true) { this._e.ge_viewer_zoom_to(this.handle, scale, x, y, animated ? 1 : 0); }
  /** The gesture tuning (thresholds, springs as {response, dampingRatio}, tap timings, zoom levels). */
  get configuration() {
    this._e.ge_viewer_get_configuration(this.handle);
    const o = /** @type {Record<string, number>} */ ({}), v = this.engine._io;
    VIEWER_KEYS.forEach((k, i) => { o[k] = v[i]; });
    return o;
  }
  /** Applies a (partial) tuning to the running viewer; springs keep their motion. */
  configure(/** @type {Record<string, number>} */ changes) {
    const c = { ...this.configuration, ...changes }, v = this.engine._io;
    VIEWER_KEYS.forEach((k, i) => { v[i] = c[k]; });
    this._e.ge_viewer_configure(this.handle);
  }
  /** Current displayed frame of the photo: start of the close transition. @returns {TransitionFrame} */
  currentFrame() { this._e.ge_viewer_frame(this.handle); return this.engine._frame(); }
  destroy() { this._e.ge_viewer_destroy(this.handle); this.handle = 0; }
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
 * A library as month sections (newest first): estimated from counts, exact where pages arrived.
 * Every change takes `anchorY` (the content y the viewer looks at) and returns the scroll correction
 * that keeps the photo there still on screen: add it to the content offset.
 */
export class Timeline {
  constructor(/** @type {Engine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
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
   * New photos at `index` of month `section` (a live change); returns the correction.
   * @param {number} section @param {number} index @param {Float32Array|number[]} aspects @param {number} anchorY
   */
  insertItems(section, index, aspects, anchorY) {
    const n = this._aspects(aspects);
    return n ? this._e.ge_timeline_insert_items(this.handle, section, index, n, anchorY) : 0;
  }
  get contentHeight() { return this._e.ge_timeline_content_height(this.handle); }
  get itemCount() { return this._e.ge_timeline_item_count(this.handle); }
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
  /** Months and photos in the band top…bottom. @returns {TimelineSpan[]} */
  spans(/** @type {number} */ top, /** @type {number} */ bottom) {
    const n = this._e.ge_timeline_spans(this.handle, top, bottom);
    return this._spans(this.engine._i32(this._e.ge_ints(), 4 * n), 0, n);
  }
  /** One scroll frame: visible spans and the overscan to keep mounted. */
  window(/** @type {number} */ offset, /** @type {number} */ viewportHeight, velocity = 0) {
    const len = this._e.ge_timeline_window(this.handle, offset, viewportHeight, velocity);
    const v = this.engine._i32(this._e.ge_ints(), len);
    return { visible: this._spans(v, 2, v[0]), overscan: this._spans(v, 2 + 4 * v[0], v[1]) };
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
  /** @returns {{section: number, item: number}|null} the photo under a content point */
  itemAt(/** @type {number} */ x, /** @type {number} */ y) {
    const s = this._e.ge_timeline_item_at(this.handle, x, y);
    return s < 0 ? null : { section: s, item: this.engine._io[0] };
  }
  /** @param {number} section @param {number} item */
  isLoaded(section, item) { return this._e.ge_timeline_is_loaded(this.handle, section, item) === 1; }
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
  destroy() { this._e.ge_timeline_destroy(this.handle); this.handle = 0; }
}
