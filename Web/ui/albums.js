// The albums page (/albums): each album's cover, title, description and count, newest first, and for
// the owner a card that makes one; and an album page's heading (/a/{id}): its title and description,
// and for the owner share, edit and delete, each in a dialog of the page's own.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token } from '../core/api.js';
import { send } from '../core/owner.js';

await moreCSS();

/** @returns {{headers: Record<string, string>}} */
const auth = () => ({ headers: token() ? { authorization: 'Bearer ' + token() } : {} });
const path = (/** @type {string} */ id) => '/api/v1/albums/' + encodeURIComponent(id);
/**
 * The album form: its title and description, sent by `act`.
 * @param {string} title @param {string} ok @param {{title?: string, description?: string}} a @param {(v: Record<string, string>) => Promise<unknown>} act
 */
const edit = async (title, ok, a, act) => (await import('./dialog.js')).ask({ title, ok, kind: 'album-form', act, fields: [
  { name: 'title', label: 'Title', value: a.title, required: true }, { name: 'description', label: 'Description', value: a.description, long: true }] });

/** The albums as cards in `root`. */
export async function show(/** @type {HTMLElement} */ root) {
  const list = el('div', 'albums');
  root.replaceChildren(list);
  document.title = 'Albums · Vitrine';
  const albums = (await getJSON('/api/v1/albums', auth())).items || [];
  if (token()) {
    const add = el('button', 'album-new', { type: 'button' }, 'New album');
    add.onclick = async () => {
      let made = { id: '' };
      if (await edit('New album', 'Create', {}, async (v) => { made = await send('POST', '/api/v1/albums', v); })) location.href = '/a/' + encodeURIComponent(made.id);
    };
    list.append(add);
  }
  for (const a of albums) {
    const img = el('img', '', { alt: '', loading: 'lazy', ...(a.cover?.thumb?.url ? { src: a.cover.thumb.url } : {}) });
    list.append(el('a', 'album', { href: '/a/' + encodeURIComponent(a.id) }, img, el('span', 'title', {}, a.title),
      ...(a.description ? [el('span', 'desc', {}, a.description)] : []), el('span', 'count', {}, `${a.photoCount} photo${a.photoCount === 1 ? '' : 's'}`)));
  }
  if (!albums.length) list.append(el('p', 'empty', {}, 'No albums yet.'));
}

/** Album `id`'s heading over its grid; resolves to the album, or null when there is none. */
export async function albumHeading(/** @type {string} */ id, /** @type {HTMLElement} */ h1) {
  const a = await getJSON(path(id), auth()).catch(() => null);
  if (!a) return null;
  const sub = el('span', 'sub');
  const show = () => { h1.textContent = a.title; sub.textContent = h1.title = a.description || ''; document.title = a.title + ' · Vitrine'; };
  show();
  h1.after(sub);
  if (!token()) return a;
  const button = (/** @type {string} */ text) => el('button', 'album-edit', { type: 'button', 'aria-label': text + ' album' }, text);
  const share = button('Share'), change = button('Edit'), del = button('Delete');
  share.onclick = async () => { (await import('./share-link.js')).shareDialog({ albumId: id }, a.title); };
  change.onclick = () => edit('Edit album', 'Save', a, async (v) => { Object.assign(a, await send('PATCH', path(id), v)); show(); });
  del.onclick = async () => {
    const act = () => send('DELETE', path(id));
    if (await (await import('./dialog.js')).ask({ title: `Delete the album “${a.title}”?`, text: 'Its photos stay in the library.', ok: 'Delete album', danger: true, act })) location.href = '/albums';
  };
  sub.after(share, change, del);
  return a;
}

/** Makes photo `photoId` album `id`'s cover. */
export const setCover = (/** @type {string} */ id, /** @type {string} */ photoId) => send('PATCH', path(id), { coverPhotoId: photoId });
