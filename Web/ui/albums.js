// The albums page (/albums): each album's cover, title and count, newest first, and for the owner a
// button that makes one; and an album page's heading (/a/{id}): its title, count, and for the owner
// rename and delete.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token } from '../core/api.js';

await moreCSS();

const auth = () => ({ authorization: 'Bearer ' + token(), 'content-type': 'application/json' });
const owner = () => !!token();

/** The albums as cards in `root`. */
export async function showAlbums(/** @type {HTMLElement} */ root) {
  const list = el('div', 'albums');
  root.replaceChildren(list);
  document.title = 'Albums · Vitrine';
  const albums = (await getJSON('/api/v1/albums', { headers: owner() ? auth() : {} })).items || [];
  if (owner()) {
    const add = el('button', 'album-new', { type: 'button' }, 'New album');
    add.onclick = async () => {
      const title = prompt('Album title')?.trim();
      if (!title) return;
      const a = await getJSON('/api/v1/albums', { method: 'POST', headers: auth(), body: JSON.stringify({ title }) });
      location.href = '/a/' + encodeURIComponent(a.id);
    };
    list.append(add);
  }
  for (const a of albums) {
    const img = el('img', '', { alt: '', loading: 'lazy', ...(a.cover?.thumb?.url ? { src: a.cover.thumb.url } : {}) });
    list.append(el('a', 'album', { href: '/a/' + encodeURIComponent(a.id) }, img, el('span', 'title', {}, a.title),
      el('span', 'count', {}, `${a.photoCount} photo${a.photoCount === 1 ? '' : 's'}`)));
  }
  if (!albums.length) list.append(el('p', 'empty', {}, 'No albums yet.'));
}

/** Album `id`'s heading over its grid; resolves to the album, or null when there is none. */
export async function albumHeading(/** @type {string} */ id, /** @type {HTMLElement} */ h1) {
  const a = await getJSON('/api/v1/albums/' + encodeURIComponent(id), { headers: owner() ? auth() : {} }).catch(() => null);
  if (!a) return null;
  h1.textContent = a.title;
  document.title = a.title + ' · Vitrine';
  if (!owner()) return a;
  const button = (/** @type {string} */ text) => el('button', 'album-edit', { type: 'button', 'aria-label': text + ' album' }, text);
  const rename = button('Rename'), del = button('Delete'), share = button('Share');
  share.onclick = async () => { (await import('./share-link.js')).shareDialog({ albumId: id }, a.title); };
  rename.onclick = async () => {
    const title = prompt('Album title', a.title)?.trim();
    if (!title || title === a.title) return;
    const r = await getJSON('/api/v1/albums/' + encodeURIComponent(id), { method: 'PATCH', headers: auth(), body: JSON.stringify({ title }) });
    a.title = h1.textContent = r.title;
  };
  del.onclick = async () => {
    if (!confirm(`Delete the album “${a.title}”? Its photos stay in the library.`)) return;
    await fetch('/api/v1/albums/' + encodeURIComponent(id), { method: 'DELETE', headers: auth() });
    location.href = '/albums';
  };
  h1.after(share, rename, del);
  return a;
}
