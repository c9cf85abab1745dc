// The part of the library a page shows, from its path: the whole library (/), the favourites
// (/favorites), an album (/a/{id}), a share link (/s/{slug}), or a list (/albums, /trash, /links). Deep links
// to a photo add /p/{id} to the part's path; the API paths of a share link are its own.

/** A path segment decoded; one that is not valid percent-encoding stays as it is (and names nothing). */
const decode = (/** @type {string} */ s) => { try { return decodeURIComponent(s); } catch { return s; } };
const path = globalThis.location?.pathname ?? '/', part = /^\/(a|s)\/([^/]+)/.exec(path), list = /^\/(albums|trash|links)$/.exec(path);

/** @type {{kind: 'library'|'favorites'|'album'|'link'|'albums'|'trash'|'links', id: string, list?: boolean}} */
export const scope = part ? { kind: part[1] === 'a' ? 'album' : 'link', id: decode(part[2]) }
  : /^\/favorites(\/|$)/.test(path) ? { kind: 'favorites', id: '' }
    : list ? { kind: /** @type {'albums'|'trash'|'links'} */ (list[1]), id: '', list: true } : { kind: 'library', id: '' };

/** The part's path ('' for the library): the grid's URL, before /p/{id}. */
export const base = part ? part[0] : scope.kind === 'favorites' ? '/favorites' : '';

/** The page of photo `id` in this part. */
export const photoPath = (/** @type {string} */ id) => base + '/p/' + encodeURIComponent(id);

/** The photo a deep link names, or null. */
export const idFromPath = () => { const m = /\/p\/([^/]+)$/.exec(location.pathname); return m ? decode(m[1]) : null; };

/** The API's root for this part's photos and timeline: a link's own, else the library's. */
export const apiRoot = scope.kind === 'link' ? '/api/v1/links/' + encodeURIComponent(scope.id) : '/api/v1';

/** The filter the part itself sets (an album, the favourites). */
export const scopeFilter = () => scope.kind === 'album' ? { album: scope.id } : scope.kind === 'favorites' ? { favorite: true } : {};
