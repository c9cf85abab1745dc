// The owner's share links (/links), newest first: each link's title, what it shares and allows, when
// it expires, its views and last use, its address to copy, Change, and a Delete that ends it for everyone.
import { el, moreCSS } from '../core/images.js';
import { send } from '../core/owner.js';
import { ask } from './dialog.js';

await moreCSS();

const day = (/** @type {string} */ iso) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const many = (/** @type {number} */ n, /** @type {string} */ one) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The links in `root`; `toast` reports what happened. */
export async function show(/** @type {HTMLElement} */ root, /** @type {(text: string) => void} */ toast) {
  document.title = 'Shared links · Vitrine';
  const list = el('div', 'links');
  root.replaceChildren(list);
  const links = /** @type {ShareLink[]} */ ((await send('GET', '/api/v1/links')).items || []);
  if (!links.length) list.append(el('p', 'empty', {}, 'No shared links. Share an album or a selection to make one.'));
  for (const l of links) {
    const path = '/s/' + encodeURIComponent(l.slug), expired = !!l.expiresAt && Date.parse(l.expiresAt) <= Date.now(), name = l.title || 'Untitled link';
    const facts = [l.showPhotos ? many(l.photoCount, 'photo') : 'File drop',
      l.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${day(l.expiresAt)}` : 'No expiry', l.hasPassword ? 'Password' : '',
      l.showPhotos ? (l.allowDownload ? 'Downloads' : 'No downloads') : '', l.allowUpload ? `Uploads (${l.uploadCount})` : '',
      many(l.views, 'view') + (l.lastViewedAt ? `, last ${day(l.lastViewedAt)}` : '')].filter(Boolean);
    const copy = el('button', '', { type: 'button' }, 'Copy link'), change = el('button', '', { type: 'button', 'aria-label': `Change the link ${name}` }, 'Change'), end = el('button', 'danger', { type: 'button', 'aria-label': `Delete the link ${name}` }, 'Delete');
    const card = el('div', 'link' + (expired ? ' expired' : ''), { 'data-slug': l.slug }, el('a', 'title', { href: path }, name),
      el('span', 'facts', {}, facts.join(' · ')), el('div', 'row', {}, copy, change, end));
    copy.onclick = () => navigator.clipboard.writeText(location.origin + path).then(() => toast('Link copied'), () => toast(location.origin + path));
    change.onclick = async () => {
      if (await (await import('./share-link.js')).shareDialog({}, l.title, l)) show(root, toast).then(() => toast('Link changed'), (e) => toast(e.message));
    };
    end.onclick = async () => {
      const act = () => send('DELETE', '/api/v1/links/' + encodeURIComponent(l.slug));
      if (!(await ask({ title: `Delete the link “${name}”?`, text: 'Nobody can open it any more, whoever has it.', ok: 'Delete link', danger: true, act }))) return;
      card.remove();
      toast('Link deleted');
    };
    list.append(card);
  }
}
