// What the engine's wasm modules share: loading one, and moving numbers in and out of its linear
// memory. `engine.wasm` (engine.js) runs the grid; `viewer.wasm` (viewer-engine.js), built from the
// same engine with the viewer's exports, loads when the viewer first opens. Each module exports the
// `ge_*` functions its binding and this file name (scripts/build-wasm.sh).
//
// Typed-array views returned by the bindings alias wasm memory. They stay valid until the next call
// that may allocate (append, frames, create…): read them right away, or copy.

/** @typedef {{x: number, y: number, width: number, height: number}} Rect */
/** @typedef {{image: Rect, clip: Rect}} TransitionFrame */

/**
 * Instantiates a wasm module of the engine.
 * @param {URL|ArrayBuffer|Uint8Array|Response} source its URL (fetched), its answer, or its bytes (as
 *   Node's tests read them from disk).
 * @returns {Promise<WebAssembly.Instance>}
 */
export async function instantiate(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return (await WebAssembly.instantiate(source, {})).instance;
  return compile(source instanceof Response ? source : await fetch(source));
}

/**
 * Compiles a wasm answer as it downloads, when the server says it is wasm.
 * @param {Response} res
 * @returns {Promise<WebAssembly.Instance>}
 */
async function compile(res) {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status}`);
  if (WebAssembly.instantiateStreaming && res.headers.get('content-type') === 'application/wasm') {
    return (await WebAssembly.instantiateStreaming(res, {})).instance;
  }
  return (await WebAssembly.instantiate(await res.arrayBuffer(), {})).instance;
}

/** A loaded module: its exports, and views of its memory. */
export class WasmModule {
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
  /**
   * The UTC month of a time in ms, as year × 100 + month.
   * @param {number} ms
   * @returns {number}
   */
  monthOf(ms) { return this.exports.ge_month_of(ms); }
  /** @param {number} ptr @param {number} n */
  _f64(ptr, n) { return new Float64Array(this.memory.buffer, ptr, n); }
  /** @param {number} ptr @param {number} n */
  _i32(ptr, n) { return new Int32Array(this.memory.buffer, ptr, n); }
  /** @returns {Rect} */
  _rect(o = 0) { const v = this._io; return { x: v[o], y: v[o + 1], width: v[o + 2], height: v[o + 3] }; }
  /** @returns {TransitionFrame} */
  _frame(o = 0) { return { image: this._rect(o), clip: this._rect(o + 4) }; }
  /** @param {Rect} r @param {number} o */
  _putRect(r, o) { const v = this._io; v[o] = r.x; v[o + 1] = r.y; v[o + 2] = r.width; v[o + 3] = r.height; }
}
