// The library as the timeline sees it: months with their photo counts (GET /api/v1/timeline), and the
// photos loaded so far, wherever the view went (a page from a month and an offset in it). A photo's
// place is its index in the whole library, newest first: its month's first index plus its offset.
import { getJSON, filterQuery, sortKey } from './api.js';
import { apiRoot } from './scope.js';
import { policy } from './policy.js';


/** The UTC month of a time in ms since the epoch, as a number: 2019 × 100 + 3. */
export const monthOf = (/** @type {number} */ ms) => { const d = new Date(ms); return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1; };
export const keyOf = (/** @type {{year: number, month: number}} */ m) => m.year * 100 + m.month;
const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');

export class Library {
  constructor(/** @type {Filter} */ filter = { q: '', tags: [] }) {
    this.filter = filter;
    this.months = /** @type {Month[]} */ ([]); // Newest first; `items` is sparse (what is loaded).
    this.total = -1;
    this.ids = /** @type {Map<string, number>} */ (new Map()); // id → index in the library
    this.gen = 0; // bumped whenever places may have moved (new months, live changes): late pages are dropped
    this.since = ''; // the change feed's position the inline timeline was read at
    this.listeners = /** @type {Set<(kind: string, lib: Library, runs: Run[]) => void>} */ (new Set());
    /** @type {Map<string, Promise<Run[]|null>>} `${gen}:${section}:${start}` → its load, for loads outside the planner */
    this.pending = new Map();
    this.opening = 0;
    this.uncertain = false;
    this.expected = /** @type {number|undefined} */ (undefined); // the server's total from the change feed
    this.run = /** @type {import('../engine/live-engine.js').LiveRun|undefined} */ (undefined); // the engine's run for live changes
    this.runOf = /** @type {Month|null} */ (null); // the month the run holds, kept in step by the changes it applied
    /** @type {Edit[]|null} what the last `apply` did to the months' places, null when months came or went */
    this.edits = [];
  }
  on(/** @type {(kind: string, lib: Library, runs: Run[]) => void} */ f) { this.listeners.add(f); }
  emit(/** @type {string} */ kind, /** @type {Run[]} */ detail) { for (const f of this.listeners) f(kind, this, detail); }
  get filtered() { return !!(this.filter.q || this.filter.tags.length || this.filter.album || this.filter.favorite); }
  /** Photos in the library (0 until the months arrived). */
  get count() { return Math.max(0, this.total); }

  /** Takes a timeline answer ({months, total}) as the library's months; nothing is loaded after it. */
  accept(/** @type {TimelineAnswer} */ timeline, filter = this.filter) {
    this.gen++;
    this.filter = filter;
    this.months = (timeline.months || []).map((m) => ({ year: m.year, month: m.month, count: Math.max(0, m.count | 0), first: 0, items: [] }));
    this.ids.clear();
    this.pending.clear();
    this.renumber();
  }

  /** Fetches the months of `filter`; false when a newer call overtook this one. */
  async open(filter = this.filter) {
    const call = this.opening = (this.opening || 0) + 1;
    const t = await getJSON(apiRoot + '/timeline' + filterQuery(filter));
    if (call !== this.opening) return false;
    this.accept(t, filter);
    return true;
  }

  /** Recomputes each month's first index and the total. */
  renumber() {
    let first = 0;
    for (const m of this.months) { m.first = first; first += m.count; }
    this.total = first;
  }

  /** Rebuilds id → index from what is loaded. */
  reindex() {
    this.ids.clear();
    for (const m of this.months) m.items.forEach((it, k) => { if (it) this.ids.set(it.id, m.first + k); });
  }

  /** The month holding library index `i`, or −1. */
  sectionOf(/** @type {number} */ i) {
    const ms = this.months;
    if (!(i >= 0 && i < this.total)) return -1;
    let lo = 0, hi = ms.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ms[mid].first <= i) lo = mid; else hi = mid - 1; }
    return lo;
  }
  /** The section of a month (2019 × 100 + 3), or −1. */
  sectionOfMonth(/** @type {number} */ key) {
    const ms = this.months;
    let lo = 0, hi = ms.length - 1; // newest first: keys descend
    while (lo <= hi) {
      const mid = (lo + hi) >> 1, k = keyOf(ms[mid]);
      if (k === key) return mid;
      if (k > key) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }
  /** The photo at library index `i`, if loaded. */
  item(/** @type {number} */ i) {
    const s = this.sectionOf(i);
    return s < 0 ? undefined : this.months[s].items[i - this.months[s].first];
  }
  indexOf(/** @type {string|undefined} */ id) { return id === undefined ? -1 : this.ids.get(id) ?? -1; }
  /** `YYYY-MM` of section `s`. */
  monthName(/** @type {number} */ s) { const m = this.months[s]; return `${m.year}-${pad(m.month)}`; }

  url(/** @type {string} */ params) {
    const f = filterQuery(this.filter);
    return apiRoot + '/photos' + (f ? f + '&' : '?') + params;
  }

  /**
   * Loads photos `start…end` of month `s`. A page runs on into older months when it passes the end of
   * this one, so its items go where their library index says, as long as each lies in the month its
   * index names: one that does not means the counts changed meanwhile (the change feed brings the new
   * ones), and placing stops there. Resolves to the runs placed, [{section, start, items}], or null
   * when the months were replaced meanwhile.
   */
  async load(/** @type {number} */ s, /** @type {number} */ start, /** @type {number} */ end, /** @type {AbortSignal|undefined} */ signal = undefined) {
    const m = this.months[s], gen = this.gen;
    if (!m) return null;
    const limit = Math.max(1, Math.min(policy.largestPage, end - start));
    const page = await getJSON(this.url(`month=${this.monthName(s)}&offset=${start}&limit=${limit}`), { signal });
    if (gen !== this.gen) return null;
    return this.place(m.first + start, page?.items || []);
  }

  /** Places page items from library index `at` on; returns the runs placed. */
  place(/** @type {number} */ at, /** @type {Item[]} */ items) {
    const runs = /** @type {Run[]} */ ([]);
    this.runOf = null;
    let s = this.sectionOf(at), run = /** @type {Run|null} */ (null);
    for (let k = 0; k < items.length && s >= 0; k++) {
      const i = at + k, it = items[k];
      while (s < this.months.length && i >= this.months[s].first + this.months[s].count) { s++; run = null; }
      const m = this.months[s];
      if (!m || monthOf(sortKey(it)[0]) !== keyOf(m)) break;
      const j = i - m.first, old = m.items[j];
      if (old && old.id !== it.id) this.ids.delete(old.id);
      const was = this.ids.get(it.id);
      if (was !== undefined && was !== i) { const o = this.sectionOf(was); if (o >= 0) delete this.months[o].items[was - this.months[o].first]; }
      m.items[j] = it;
      this.ids.set(it.id, i);
      if (!run) runs.push(run = { section: s, start: j, items: [] });
      run.items.push(it);
    }
    return runs;
  }

  /**
   * Loads the page that holds library index `i` unless it is loaded (the viewer's deck, a deep link):
   * aligned to the policy's page size in its month, one request per page at a time.
   */
  ensure(/** @type {number} */ i) {
    const s = this.sectionOf(i);
    if (s < 0 || this.item(i)) return Promise.resolve(null);
    const k = i - this.months[s].first, start = k - (k % policy.pageSize), key = `${this.gen}:${s}:${start}`;
    if (!this.pending.has(key)) {
      const p = this.load(s, start, Math.min(this.months[s].count, start + policy.pageSize)).then((runs) => {
        if (runs) this.emit('loaded', runs);
        return runs;
      }).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return /** @type {Promise<Run[]|null>} */ (this.pending.get(key));
  }

  /** True when the counts may differ from the server's: a change that could not be placed, or a total that disagrees. */
  get stale() { return !!this.uncertain || (this.expected !== undefined && this.expected !== this.total); }

  /**
   * Takes the server's months where they differ from the kept ones: a month whose count changed
   * forgets its loaded photos (its places are no longer known) and loads again where it is seen.
   */
  reconcile(/** @type {TimelineAnswer} */ timeline) {
    const kept = new Map(this.months.map((m) => [keyOf(m), m]));
    this.months = (timeline.months || []).map((n) => {
      const m = kept.get(keyOf(n)), count = Math.max(0, n.count | 0);
      return m && m.count === count ? m : { year: n.year, month: n.month, count, first: 0, items: [] };
    });
    this.uncertain = false;
    this.expected = undefined;
    this.gen++;
    this.renumber();
    this.reindex();
  }

  /** The loaded photos in library order (tests and the console). */
  loaded() {
    const out = /** @type {Item[]} */ ([]);
    for (const m of this.months) m.items.forEach((it) => { if (it) out.push(it); });
    return out;
  }
}
