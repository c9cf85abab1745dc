// The API's helpers: JSON requests with the server's error codes, the admin token, filters and the
// newest-first order of photos (the library, Web/library.js, is built on them).
import { scope, apiRoot } from './scope.js';

/** The admin token kept by admin mode (null when signed out). */
export const token = () => localStorage.getItem('vitrine.token');

/** @param {string} url @param {RequestInit & {headers?: Record<string, string>}} [init] @returns {Promise<any>} */
export async function getJSON(url, init) {
  const r = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  let body = null;
  try { body = await r.json(); } catch (e) { if (/** @type {Error} */ (e).name === 'AbortError') throw e; /* else not JSON */ }
  if (!r.ok) {
    const e = /** @type {HttpError} */ (new Error(body?.error?.message || 'HTTP ' + r.status));
    e.status = r.status;
    e.code = body?.error?.code;
    throw e;
  }
  return body;
}

/** Original as an attachment; the server counts it as a download (Pixabay's `downloads`). A link's visitor gets the original its link serves. */
export const downloadURL = (/** @type {Item} */ it) => scope.kind === 'link' ? it.original.url : '/api/v1/photos/' + encodeURIComponent(it.id) + '/download';

/** A photo's details, through the part of the library this page shows. */
export const photoURL = (/** @type {string} */ id) => apiRoot + '/photos/' + encodeURIComponent(id);

/** Newest-first sort key of a page item: [ms, id], as the change feed's `sortKey`. */
const keys = /** @type {WeakMap<Item, SortKey>} */ (new WeakMap());
/** @param {Item} it @returns {SortKey} */
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
export const before = (/** @type {SortKey} */ a, /** @type {SortKey} */ b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** `?q=&tag=&album=&favorite=` of a filter, '' when there is none. */
export function filterQuery(/** @type {Filter} */ f) {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  for (const t of f.tags) p.append('tag', t);
  if (f.album) p.set('album', f.album);
  if (f.favorite) p.set('favorite', 'true');
  const s = p.toString();
  return s ? '?' + s : '';
}
