// The first screen: the months and first photos the index page carries inline, and the waits for the
// server's thumbnails to reach the screen before anything moves them.
/** @typedef {import('./library.js').Library} Library */

/**
 * The index page may carry the library's months and its first photos inline (FirstScreen.swift): an
 * unfiltered first visit takes them, once (they go stale as the catalog changes). The photos are
 * held in part until the grid's session reads their places again, in full.
 */
export function inline(/** @type {Library} */ lib) {
  const t = document.getElementById('timeline'), p = document.getElementById('first-page');
  t?.remove(); p?.remove();
  if (!t || lib.filtered) return false;
  try {
    lib.accept(JSON.parse(t.textContent || ''));
    lib.since = t.dataset.seq || '';
    if (p) lib.place(0, JSON.parse(p.textContent || '').items || []);
    lib.reindex();
    return true;
  } catch { return false; }
}

/**
 * Resolves once the browser presented those of these images that are in the viewport (their Element
 * Timing entries: a frame with their pixels reached the screen). An image still loading after
 * `arrive` ms, or broken, is not waited for; one that loaded is, for up to `present` ms. Without
 * Element Timing, once they loaded and two frames went by. Moving an image before its frame is
 * presented would drop that paint, and the page would count as painted only when the moved copy shows.
 */
export function shown(/** @type {HTMLImageElement[]} */ imgs, /** @type {number} */ arrive, /** @type {number} */ present) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) {
    return arrival(imgs, arrive).then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
  }
  const left = new Set(imgs.filter((i) => { const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.width > 0; }));
  return new Promise((done) => {
    const finish = () => { observer.disconnect(); clearTimeout(late); clearTimeout(timer); done(undefined); };
    const drop = (/** @type {boolean} */ arrived) => {
      for (const i of left) if ((i.complete && !i.naturalWidth) || (arrived && !i.complete)) left.delete(i);
      if (!left.size) finish();
    };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) left.delete(/** @type {HTMLImageElement} */ (/** @type {any} */ (e).element));
      if (!left.size) finish();
    });
    const late = setTimeout(() => drop(true), arrive);
    const timer = setTimeout(finish, present);
    for (const i of left) i.addEventListener('error', () => drop(false), { once: true });
    observer.observe({ type: 'element', buffered: true });
    drop(false);
  });
}

/** Resolves when these images have loaded or failed, or after `limit` ms. */
export function arrival(/** @type {HTMLImageElement[]} */ imgs, /** @type {number} */ limit) {
  const loading = imgs.filter((i) => !i.complete);
  return Promise.race([
    Promise.all(loading.map((i) => new Promise((r) => { i.addEventListener('load', r); i.addEventListener('error', r); }))),
    new Promise((r) => setTimeout(r, limit)),
  ]);
}
