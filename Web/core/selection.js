// The session's selection on the wire: index ranges become the API's `Selection` (ids, and ranges of
// the newest-first order bounded by [ms, id], or by a month's edge as [ms]), within the view's filter,
// and ids where a request names photos one by one (zips, the trash).
import { sortKey } from './api.js';
import { policy } from './policy.js';

/** @typedef {{newest: (number|string)[], oldest: (number|string)[], q?: string, tags?: string[], album?: string, favorite?: boolean}} WireRange */
/** @typedef {{ids?: string[], ranges?: WireRange[]}} WireSelection */

/**
 * A run's end as a range bound: the photo's sort key, or the month's edge when the run starts or ends
 * with its month and the photo there is not loaded (else its page is loaded first).
 */
async function bound(/** @type {import('./library.js').Library} */ lib, /** @type {number} */ i, /** @type {boolean} */ newest) {
  const s = lib.sectionOf(i), m = lib.months[s];
  if (!lib.item(i)) {
    if (newest && i === m.first) return [Date.UTC(m.year, m.month, 1) - 1];
    if (!newest && i === m.first + m.count - 1) return [Date.UTC(m.year, m.month - 1, 1)];
    await lib.load(s, i - m.first, i - m.first + 1);
  }
  const it = lib.item(i);
  if (!it) throw new Error('The photos changed; select again.');
  return sortKey(it);
}

/** The selection as the requests that carry it, each within the API's limits. */
export async function wire(/** @type {import('./library.js').Library} */ lib, /** @type {[number, number][]} */ pairs) {
  const f = lib.filter, scope = { ...(f.q ? { q: f.q } : {}), ...(f.tags.length ? { tags: f.tags } : {}), ...(f.album ? { album: f.album } : {}), ...(f.favorite ? { favorite: true } : {}) };
  /** @type {WireSelection[]} */ const out = [];
  let ids = /** @type {string[]} */ ([]), ranges = /** @type {WireRange[]} */ ([]);
  const flush = () => { if (ids.length || ranges.length) out.push({ ...(ids.length ? { ids } : {}), ...(ranges.length ? { ranges } : {}) }); ids = []; ranges = []; };
  for (const [lo, hi] of pairs) {
    const one = hi - lo === 1 ? lib.item(lo) : undefined;
    if (one) ids.push(one.id);
    else ranges.push({ newest: await bound(lib, lo, true), oldest: await bound(lib, hi - 1, false), ...scope });
    if (ids.length >= policy.selectionIDs || ranges.length >= policy.selectionRanges) flush();
  }
  flush();
  return out;
}

/** The ids of the selection, loading the pages it covers; null when there are more than `limit`. */
export async function idsOf(/** @type {import('./library.js').Library} */ lib, /** @type {[number, number][]} */ pairs, /** @type {number} */ limit) {
  if (pairs.reduce((n, [a, b]) => n + b - a, 0) > limit) return null;
  const ids = [];
  for (const [lo, hi] of pairs) {
    for (let i = lo; i < hi; i++) {
      if (!lib.item(i)) { const s = lib.sectionOf(i), m = lib.months[s]; await lib.load(s, i - m.first, Math.min(m.count, hi - m.first)); }
      const it = lib.item(i);
      if (!it) throw new Error('The photos changed; select again.');
      ids.push(it.id);
    }
  }
  return ids;
}
