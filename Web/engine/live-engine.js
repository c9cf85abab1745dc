// Live changes: where a change-feed message goes in a month, as the engine's rules say. live.wasm, built
// from the same engine with the exports this file names (scripts/build-wasm.sh), loads with the change
// feed: the first screen needs none of it.
import { instantiate, WasmModule } from './wasm.js';

/**
 * Loads live.wasm.
 * @param {URL|ArrayBuffer|Uint8Array|Response} [source]
 * @returns {Promise<LiveEngine>}
 */
export async function loadLiveEngine(source = new URL('./live.wasm', import.meta.url)) {
  return new LiveEngine(await instantiate(source));
}

/** The live-change part of the engine: runs of places that apply change-feed messages. */
export class LiveEngine extends WasmModule {
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
   * @param {LiveEngine} engine
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
