// Catalog store over the cursor API: one request at a time, retry with back-off.
const q = new URLSearchParams(location.search);
export const PAGE = Math.min(200, Math.max(1, +q.get('limit') || 100));

export async function getJSON(url) {
  const r = await fetch(url, { headers: { accept: 'application/json' } });
  let body = null;
  try { body = await r.json(); } catch { /* not JSON */ }
  if (!r.ok) {
    const e = new Error(body?.error?.message || 'HTTP ' + r.status);
    e.status = r.status;
    throw e;
  }
  return body;
}

export class Store {
  constructor() {
    this.items = [];
    this.ids = new Map(); // id → index
    this.total = -1;
    this.cursor = null;
    this.done = false;
    this.loading = null; // the one in-flight request
    this.failures = 0;
    this.retryAt = 0;
    this.listeners = new Set();
    // The index page may carry the first page inline (the unfiltered one, at the default page size).
    const inline = document.getElementById('first-page');
    if (inline && !q.has('limit') && !q.has('q') && !q.has('tag')) {
      try { this.accept(JSON.parse(inline.textContent)); } catch { /* fetch it instead */ }
    }
  }
  on(f) { this.listeners.add(f); }
  emit(kind) { for (const f of this.listeners) f(kind, this); }
  /** Next page; resolves to the number of new items. Never two requests at once. */
  more() {
    if (this.done) return Promise.resolve(0);
    if (this.loading) return this.loading;
    if (this.retryTimer) return Promise.resolve(0); // waiting for back-off
    const url = `/api/v1/photos?limit=${PAGE}` + (this.cursor ? '&cursor=' + encodeURIComponent(this.cursor) : '');
    this.emit('loading');
    this.loading = getJSON(url).then((page) => {
      this.loading = null;
      this.failures = 0;
      const added = this.accept(page);
      this.emit('append');
      return added;
    }, (err) => {
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
}
