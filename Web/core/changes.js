// Change-feed messages placed in the library by the engine's live rules (live.wasm): loaded with them,
// when the first change arrives.
import { sortKey } from './api.js';
import { keyOf } from './library.js';
/** @typedef {import('./library.js').Library} Library */

/**
 * Applies change-feed messages (unfiltered libraries), in order, as the engine's live rules place
 * them, month by month: a photo that changes month leaves its old one as a delete and enters the one
 * its sort key names (made when new) as an insert; a delete of a photo not loaded goes to the month
 * of its key, for the engine to say what it means for the counts. The changes that follow one
 * another into one month go to the engine in one call. The counts are `uncertain` when the engine
 * says so. `edits` says what changed where, for the grid's session (null: lay the months out again).
 */
export function apply(/** @type {Library} */ lib, /** @type {Change[]} */ batch, /** @type {import('../engine/live-engine.js').LiveEngine} */ engine) {
  lib.edits = [];
  /** @type {{kind: Change['kind'], m: Change}[]} */
  let steps = []; // the changes for month `into` not applied yet; `held`: the ids changed since the ids were read
  let into = /** @type {Month|null} */ (null);
  const held = new Set(), flush = () => { if (steps.length) live(lib, engine, into, steps); steps = []; };
  const step = (/** @type {Month|null} */ mo, /** @type {Change['kind']} */ kind, /** @type {Change} */ m) => {
    if (mo !== into) { flush(); into = mo; }
    steps.push({ kind, m }); held.add(m.id);
  };
  for (const m of batch) {
    if (held.has(m.id)) { flush(); lib.reindex(); held.clear(); } // an earlier change of the batch placed it
    let at = lib.ids.get(m.id);
    if (at !== undefined && lib.item(at)?.id !== m.id) { lib.reindex(); at = lib.ids.get(m.id); } // moved earlier in the batch
    const key = m.kind !== 'delete' && m.photo ? m.sortKey : undefined, month = key ? engine.monthOf(key[0]) : -1;
    const from = at === undefined ? null : lib.months[lib.sectionOf(at)] ?? null;
    if (from && (!key || keyOf(from) !== month)) step(from, 'delete', m);
    else if (!from && !key) step(m.sortKey ? lib.months[lib.sectionOfMonth(engine.monthOf(m.sortKey[0]))] ?? null : null, 'delete', m);
    if (key) { const to = lib.months[monthFor(lib, month)]; step(to, from && from !== to ? 'insert' : m.kind, m); }
    if (Number.isFinite(m.total) && !lib.filtered) lib.expected = m.total;
  }
  flush();
  lib.reindex();
}

/** The section of `month`, made (empty) in order when there is none. */
function monthFor(/** @type {Library} */ lib, /** @type {number} */ month) {
  const s = lib.sectionOfMonth(month), older = lib.months.findIndex((m) => keyOf(m) < month), at = older < 0 ? lib.months.length : older;
  if (s < 0) { lib.months.splice(at, 0, { year: Math.floor(month / 100), month: month % 100, count: 0, first: 0, items: [] }); lib.renumber(); lib.edits = null; }
  return s < 0 ? at : s;
}

/**
 * Applies changes to month `mo` (none: a run without places) through the engine's run of its places,
 * in one call, and mirrors the outcomes.
 */
function live(/** @type {Library} */ lib, /** @type {import('../engine/live-engine.js').LiveEngine} */ engine, /** @type {Month|null} */ mo, /** @type {{kind: Change['kind'], m: Change}[]} */ steps) {
  const run = lib.run ??= engine.createLiveRun(), items = mo ? mo.items : [];
  if (lib.runOf !== mo || !mo) {
    const n = mo ? mo.count : 0, times = new Array(n), ids = new Array(n);
    for (let j = 0; j < n; j++) { const it = items[j]; times[j] = it ? sortKey(it)[0] : 0; ids[j] = it ? it.id : null; }
    run.fill(times, ids); lib.runOf = mo;
  }
  const outcomes = run.apply(steps.map(({ kind, m }) => ({ kind, id: m.id, takenAt: m.sortKey?.[0] ?? 0 })),
    { boundedAbove: true, boundedBelow: true, keepsGaps: true, filtered: lib.filtered });
  if (!outcomes) { lib.runOf = null; return; }
  const section = mo ? lib.months.indexOf(mo) : -1, edit = (/** @type {Edit} */ e) => lib.edits?.push(e);
  outcomes.forEach((o, k) => {
    const photo = steps[k].m.photo ?? undefined, exact = o.exact && photo;
    if (o.uncertain) lib.uncertain = true;
    if (!mo) return;
    if (o.removed >= 0) { items.splice(o.removed, 1); mo.count--; edit({ section, index: o.removed }); }
    if (o.inserted >= 0) {
      if (o.inserted < items.length) items.splice(o.inserted, 0, exact ? photo : undefined);
      else if (exact) items[o.inserted] = photo;
      mo.count++;
      if (exact) edit({ section, index: o.inserted, photo, inserted: true }); else lib.edits = null;
    }
    if (o.replaced >= 0 && photo) { items[o.replaced] = photo; edit({ section, index: o.replaced, photo }); }
  });
  if (mo && !mo.count) { lib.months.splice(section, 1); lib.runOf = null; lib.edits = null; }
  lib.gen++; lib.renumber();
}
