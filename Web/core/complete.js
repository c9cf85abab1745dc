// The inline photos carry what the first screen draws, not the viewer's URLs or their ThumbHashes
// (FirstScreen.InlinePhoto): their places are read again, in full and in one page, before the viewer
// or a tile's menu needs them.
/** @typedef {import('./library.js').Library} Library */

let completing = /** @type {Promise<void>|null} */ (null), done = false;

/**
 * Resolves once no loaded photo is partial; a failed read is tried again by the next call. Called
 * after the boot placed the inline photos: once none is partial, none will be again.
 */
export function complete(/** @type {Library} */ lib) {
  if (done) return Promise.resolve();
  if (completing) return completing;
  let lo = -1, hi = -1;
  for (const m of lib.months) m.items.forEach((it, k) => { if (it && !it.preview) { hi = m.first + k; if (lo < 0) lo = hi; } });
  const s = lib.sectionOf(lo);
  if (s < 0) { done = true; return Promise.resolve(); }
  const start = lo - lib.months[s].first;
  return completing = lib.load(s, start, start + hi - lo + 1).then((runs) => {
    if (runs) lib.emit('loaded', runs);
    completing = null;
  }, (e) => { completing = null; throw e; });
}
