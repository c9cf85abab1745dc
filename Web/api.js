// Catalog store over the cursor API: one request at a time, retry with back-off,
// an optional search filter, and live changes placed by their sort key.
const q = new URLSearchParams(globalThis.location?.search);
export const PAGE = Math.min(200, Math.max(1, +q.get('limit') || 100));

/** The admin token kept by admin mode (null when signed out). */
export const token = () => localStorage.getItem('vitrine.token');

export async function getJSON(url, init) {
  const r = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  let body = null;
  try { body = await r.json(); } catch { /* not JSON */ }
  if (!r.ok) {
    const e = new Error(body?.error?.message || 'HTTP ' + r.status);
    e.status = r.status;
    e.code = body?.error?.code;
    throw e;
  }
  return body;
}

/** Original as an attachment; the server counts it as a download (Pixabay's `downloads`). */
export const downloadURL = (it) => '/api/v1/photos/' + encodeURIComponent(it.id) + '/download';

/** Newest-first sort key of a page item: [ms, id], as the change feed's `sortKey`. */
const keys = new WeakMap();
export function sortKey(it) {
  let k = keys.get(it);
  if (!k) {
    // A time without a zone is a wall clock the server orders as if it were UTC.
    const t = it.takenAt || '';
    k = [Date.parse(/(Z|[+-]\d\d:\d\d)$/.test(t) ? t : t + 'Z') || 0, it.id];
    keys.set(it, k);
  }
  return k;
}
/** True when key a sorts before key b (newer, or same time and larger id). */
export const before = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** `?q=&tag=` of a filter, '' when there is none. */
export function filterQuery(f) {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  for (const t of f.tags) p.append('tag', t);
  const s = p.toString();
  return s ? '?' + s : '';
}

export class Store {
  constructor(filter = { q: '', tags: [] }) {
    this.filter = filter;
    this.items = [];
    this.ids = new Map(); // id → index
    this.total = -1;
    this.cursor = null;
    this.done = false;
    this.loading = null; // the one in-flight request
    this.failures = 0;
    this.retryAt = 0;
    this.gen = 0; // bumped when the list is replaced: late pages of the old one are dropped
    this.listeners = new Set();
    // The index page may carry the first unfiltered page inline: the first unfiltered store takes it,
    // once (it goes stale as the catalog changes).
    const inline = globalThis.document?.getElementById('first-page');
    this.since = ''; // the change feed's position the inline page was read at
    if (inline && !this.filtered && !q.has('limit')) {
      inline.remove();
      try { this.accept(JSON.parse(inline.textContent)); this.since = inline.dataset.seq || ''; } catch { /* fetch it instead */ }
    }
  }
  on(f) { this.listeners.add(f); }
  emit(kind, old) { for (const f of this.listeners) f(kind, this, old); }
  get filtered() { return !!(this.filter.q || this.filter.tags.length); }
  url(limit, cursor) {
    const f = filterQuery(this.filter);
    return `/api/v1/photos${f ? f + '&' : '?'}limit=${limit}` + (cursor ? '&cursor=' + encodeURIComponent(cursor) : '');
  }
  /** Next page; resolves to the number of new items. Never two requests at once. */
  more() {
    if (this.done) return Promise.resolve(0);
    if (this.loading) return this.loading;
    if (this.retryTimer) return Promise.resolve(0); // waiting for back-off
    const gen = this.gen;
    this.emit('loading');
    this.loading = getJSON(this.url(PAGE, this.cursor)).then((page) => {
      if (gen !== this.gen) return 0;
      this.loading = null;
      this.failures = 0;
      const added = this.accept(page);
      this.emit('append');
      return added;
    }, (err) => {
      if (gen !== this.gen) return 0;
      this.loading = null;
      this.failures++;
      this.error = err;
      if (this.items.length) this.scheduleRetry();
      this.emit('error');
      throw err;
    });
    return this.loading;
  }
  /** Appends a page's new items; returns how many. */
  accept(page) {
    this.total = page.total;
    const start = this.items.length;
    for (const it of page.items || []) {
      if (this.ids.has(it.id)) continue;
      this.ids.set(it.id, this.items.length);
      this.items.push(it);
    }
    this.cursor = page.nextCursor;
    this.done = !page.nextCursor;
    return this.items.length - start;
  }
  scheduleRetry() {
    const delay = Math.min(30000, 1000 * 2 ** (this.failures - 1));
    this.retryAt = Date.now() + delay;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }
  retryNow() {
    clearTimeout(this.retryTimer);
    this.retryTimer = 0;
    return this.more().catch(() => 0);
  }
  /** Loads pages until `id` is known (deep links). */
  async find(id) {
    while (!this.ids.has(id) && !this.done && this.failures < 3) {
      await (this.retryTimer ? this.retryNow() : this.more()).catch(() => 0);
    }
    return this.ids.has(id) ? this.ids.get(id) : -1;
  }

  /**
   * Fetches the first page of `filter` (at least as many items as are loaded, up to 200, so a
   * re-query keeps what the user scrolled through) and replaces the list with it: emits
   * 'replace' with the old items (`anchored`: keep the view where it is, as for live changes, rather
   * than start from the top). Resolves false when a newer call overtook this one.
   */
  async replace(filter = this.filter, anchored = false) {
    const call = this.replacing = (this.replacing || 0) + 1;
    const limit = Math.min(200, Math.max(PAGE, filter === this.filter ? this.items.length : 0));
    const probe = new Store(filter);
    const page = await getJSON(probe.url(limit));
    if (call !== this.replacing) return false;
    const old = this.items;
    this.gen++;
    clearTimeout(this.retryTimer);
    Object.assign(this, { filter, items: page.items, total: page.total, cursor: page.nextCursor,
      done: !page.nextCursor, loading: null, failures: 0, retryTimer: 0 });
    this.reindex();
    this.anchored = anchored;
    this.emit('replace', old);
    return true;
  }

  reindex() { this.ids = new Map(this.items.map((it, i) => [it.id, i])); }

  /**
   * Applies one change-feed message to the loaded range (unfiltered lists only): an insert or
   * update goes where its sort key says, if that is within what is loaded (beyond it, paging will
   * bring it); a delete closes the gap. Call `reindex()` after a batch.
   */
  apply(m) {
    this.total = m.total;
    const at = this.items.findIndex((it) => it.id === m.id);
    if (at >= 0) this.items.splice(at, 1);
    if (!m.photo || m.kind === 'delete') return;
    const key = m.sortKey, items = this.items;
    keys.set(m.photo, key);
    let lo = 0, hi = items.length; // first item that sorts after the new one
    while (lo < hi) { const mid = (lo + hi) >> 1; if (before(sortKey(items[mid]), key)) lo = mid + 1; else hi = mid; }
    if (lo < items.length || this.done) items.splice(lo, 0, m.photo);
  }
}
