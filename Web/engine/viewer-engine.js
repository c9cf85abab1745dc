// The viewer's part of GalleryEngine: viewer.wasm, built from the same engine with the exports this
// file and scrubber-engine.js name (scripts/build-wasm.sh), loaded once the first screen shows: the
// viewer's gestures, springs, flights between tile and screen, the deck, zoom steps and when the
// original loads, and the scrubber's track.
import { instantiate, WasmModule } from './wasm.js';

/** @typedef {import('./wasm.js').Rect} Rect */
/** @typedef {import('./wasm.js').TransitionFrame} TransitionFrame */
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
 * @property {'tap'|'doubleTap'|'longPress'|'pageChanged'|'dismiss'|'dismissCancelled'|'holdEnded'} kind
 * @property {number} x
 * @property {number} y
 * @property {number} index
 */

export const PHASE = { pointerdown: 0, pointermove: 1, pointerup: 2, pointercancel: 3 };
/** @typedef {0|1|2|3|keyof typeof PHASE} PointerPhase  A pointer sample's phase, as a number or a DOM event type. */
/** @type {ViewerState['mode'][]} */
const MODES = ['idle', 'pending', 'paging', 'panning', 'pinching', 'dismissing', 'dismissed'];
const EVENTS = [null, 'tap', 'doubleTap', 'longPress', 'pageChanged', 'dismiss', 'dismissCancelled', 'holdEnded'];
const ZOOM = { in: 1, out: 2, reset: 3 };

/**
 * Loads and instantiates the viewer's engine.
 * @param {URL|ArrayBuffer|Uint8Array|Response} [source] URL of viewer.wasm
 *   (default: next to this module), or its bytes.
 * @returns {Promise<ViewerEngine>}
 */
export async function loadViewerEngine(source = new URL('./viewer.wasm', import.meta.url)) {
  return new ViewerEngine(await instantiate(source));
}

/** The viewer's engine: gestures, springs, transition geometry, the deck and the viewer's policy. */
export class ViewerEngine extends WasmModule {
  // ── Gestures ────────────────────────────────────────────────────────────
  /**
   * The photo viewer's gesture machine, at the aspect ratio of its first photo (or the engine's stand-in).
   * @param {{width: number, height: number, index?: number, count?: number, aspectRatio: number}} o
   * @returns {Viewer}
   */
  createViewer(o) {
    return new Viewer(this, this.exports.ge_viewer_create(o.width, o.height, o.index ?? 0, o.count ?? 1, o.aspectRatio));
  }
  /**
   * A pool of `capacity` springs stepped together.
   * @returns {SpringPool}
   * @param {number} capacity
   */
  createSprings(capacity) { return new SpringPool(this, this.exports.ge_springs_create(capacity), capacity); }

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

  // ── Deck and policy ─────────────────────────────────────────────────────
  /**
   * The springs of the flight between tile and screen (TransitionSprings).
   * @returns {{open: {response: number, damping: number}, close: {response: number, damping: number}, rest: {restDistance: number, restSpeed: number}}}
   */
  transitionSprings() {
    const v = (/** @type {number} */ k) => this.exports.ge_transition_springs(k);
    return { open: { response: v(1), damping: v(2) }, close: { response: v(3), damping: v(4) }, rest: { restDistance: v(5), restSpeed: v(6) } };
  }
  /** @returns {{behind: number, aheadAtRest: number, maximumAhead: number}} the deck planner's reach */
  deckReach() {
    const v = (/** @type {number} */ k) => this.exports.ge_deck_reach(k);
    return { behind: v(1), aheadAtRest: v(2), maximumAhead: v(3) };
  }
  /** The deck's swipe speed (px/ms) when the photo changed `interval` ms after the one before, 0 at rest. */
  swipeSpeed(/** @type {number} */ pageWidth, /** @type {number} */ interval) { return this.exports.ge_deck_swipe_speed(pageWidth, interval); }
  /**
   * Which photos to load around `current`, in priority order, and whether to
   * fetch the next catalog page. The reach left out is the planner's own.
   * @param {{current: number, loaded: number, total?: number, direction?: number, speed?: number,
   *   behind?: number, aheadAtRest?: number, maximumAhead?: number, loadMoreThreshold?: number}} o
   * @returns {{indices: Int32Array, loadMore: boolean}}
   */
  deckPlan(o) {
    const n = this.exports.ge_deck_plan(o.current, o.loaded, o.total ?? -1, o.direction ?? 0, o.speed ?? 0,
      o.behind ?? -1, o.aheadAtRest ?? -1, o.maximumAhead ?? -1, o.loadMoreThreshold ?? -1);
    return { indices: this._i32(this.exports.ge_ints(), n).slice(), loadMore: this._io[0] === 1 };
  }
  /**
   * The viewer's deck: the deck plan with the ±1 neighbours it left out.
   * @param {Parameters<ViewerEngine['deckPlan']>[0]} o @param {number} count @returns {Int32Array}
   */
  deck(o, count) {
    const { indices } = this.deckPlan(o);
    return this._i32(this.exports.ge_ints(), this.exports.ge_policy_deck(indices.length, o.current, count)).slice();
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
   * Whether the info sheet, let go `distance` px below where its drag began `duration` ms earlier, closes.
   * @param {number} distance @param {number} duration @returns {boolean}
   */
  sheetDismisses(distance, duration) { return this.exports.ge_policy_sheet_dismisses(distance, duration) === 1; }
  /**
   * Whether the photo flies between its tile (`rect`, in viewport px) and a viewport `height` high, or fades.
   * @param {Rect} rect @param {number} height @returns {boolean}
   */
  tileFlies(rect, height) { return this.exports.ge_policy_tile_flies(rect.y, rect.height, height) === 1; }
  /**
   * The flight back to the tile's starting speed (progress/s) after a dismiss let go at `release` px/s,
   * over a flight `distance` px long.
   * @param {number} release @param {number} distance @returns {number}
   */
  closeVelocity(release, distance) { return this.exports.ge_policy_close_velocity(release, distance); }
  /** Whether the deck and the bars still wait, `frames` frames after an open: the flight shows alone. */
  deckWaits(/** @type {number} */ frames) { return this.exports.ge_policy_deck_waits(frames) === 1; }
  /**
   * The photo the viewer shows after its list changed, as an old index: the open one (`current`) if it
   * stayed, else the nearest after it, else before it, among the old indices in `stayed`; −1 for none.
   * @param {number} current @param {number[]} stayed @returns {number}
   */
  follow(current, stayed) {
    this._f64(this.exports.ge_doubles(stayed.length), stayed.length).set(stayed);
    return this.exports.ge_policy_follow(current, stayed.length);
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
   * A slideshow on photo `current` of `count`: ms until the next photo, or null when it ends there.
   * @param {number} current @param {number} count @returns {number|null}
   */
  slideshowDelay(current, count) { const d = this.exports.ge_policy_slideshow(current, count); return d < 0 ? null : d; }
  /** The expiries a new share link offers, in days (0: never). @returns {number[]} */
  linkExpiries() {
    const days = [];
    for (let k = 0, d; (d = this.exports.ge_policy_link_expiry(k)) >= 0; k++) days.push(d);
    return days;
  }
}

/** Springs stepped together once per frame; read `values` after `step`. */
export class SpringPool {
  constructor(/** @type {ViewerEngine} */ engine, /** @type {number} */ handle, /** @type {number} */ capacity) { this.engine = engine; this.handle = handle; this.capacity = capacity; this._e = engine.exports; }
  /**
   * @param {number} i
   * @param {{response: number, damping: number, restDistance: number, restSpeed: number}} o
   *   response (s), damping ratio, and rest thresholds in the spring's units, all the engine's.
   */
  configure(i, o) {
    this._e.ge_spring_configure(this.handle, i, o.response, o.damping, o.restDistance, o.restSpeed);
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
  /**
   * Advances all springs for the animation frame at `now`, the one before it having been at `previous`
   * (0: the first frame of a run), by the engine's frame step; returns how many are still moving.
   * @param {number} now @param {number} previous
   */
  stepFrame(now, previous) { return this._e.ge_springs_step_frame(this.handle, now, previous); }
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
  constructor(/** @type {ViewerEngine} */ engine, /** @type {number} */ handle) { this.engine = engine; this.handle = handle; this._e = engine.exports; }
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
