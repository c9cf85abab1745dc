// The scrubber's part of the engine: its track and which year labels it draws. Its exports are in
// viewer.wasm, the engine's module for what comes after the first screen (scripts/build-wasm.sh).
/** @typedef {import('./viewer-engine.js').ViewerEngine} Engine */

/**
 * The scrubber's track under a `topBar` in a window `viewportHeight` high, for a view that scrolls to
 * `maximumOffset` (ScrubberTrack.swift).
 * @param {Engine} engine @param {number} topBar @param {number} viewportHeight @param {number} maximumOffset
 * @returns {ScrubberTrack}
 */
export function scrubberTrack(engine, topBar, viewportHeight, maximumOffset) {
  const q = (/** @type {number} */ op, v = 0) => engine.exports.ge_scrubber(op, v, topBar, viewportHeight, maximumOffset);
  return { shows: q(0) === 1, top: q(1), height: q(2), fraction: (o) => q(3, o), handleY: (o) => q(4, o), labelY: (y) => q(5, y), offset: (y) => q(6, y) };
}

/**
 * Which year labels the scrubber draws, given their ys on the track (ascending): their indices.
 * @param {Engine} engine @param {number[]} ys
 * @returns {Int32Array}
 */
export function scrubberLabels(engine, ys) {
  engine._f64(engine.exports.ge_doubles(ys.length), ys.length).set(ys);
  return engine._i32(engine.exports.ge_ints(), engine.exports.ge_policy_scrubber_labels(ys.length)).slice();
}
