// The trash (/trash, the owner's): the photos moved there, most recent first, each with the day it
// goes for good and a Restore button, pages of them on demand, and Empty trash behind a question.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token } from '../core/api.js';
import { startSession } from './admin.js';

await moreCSS();

const auth = () => ({ authorization: 'Bearer ' + token(), 'content-type': 'application/json' });

/** The trash in `root`; `toast` reports what happened. */
export async function showTrash(/** @type {HTMLElement} */ root, /** @type {(text: string) => void} */ toast) {
  document.title = 'Trash · Vitrine';
  await startSession(token() || ''); // the trash's files are read with the session cookie
  const head = el('div', 'trash-head'), list = el('div', 'albums trash'), more = el('button', 'more', { type: 'button' });
  const info = el('p'), empty = el('button', '', { type: 'button' });
  empty.textContent = 'Empty trash';
  more.textContent = 'More';
  head.append(info, empty);
  root.replaceChildren(head, list, more);
  let cursor = /** @type {string|null} */ (null), total = 0;
  const count = () => { info.textContent = total ? `${total} in the trash` : 'The trash is empty.'; empty.hidden = !total; };
  const page = async () => {
    const t = await getJSON('/api/v1/trash?limit=100' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''), { headers: auth() });
    total = t.total;
    cursor = t.nextCursor ?? null;
    more.hidden = !cursor;
    count();
    for (const it of t.items) list.append(card(it, t.days));
  };
  /**
   * One trashed photo.
   * @param {{id: string, title: string, thumb: string, purgeAt: string}} it @param {number} days
   */
  const card = (it, days) => {
    const c = el('div', 'album'), img = el('img', '', { alt: it.title, loading: 'lazy', src: it.thumb }), t = el('span', 'title'), n = el('span', 'count');
    const restore = el('button', '', { type: 'button', 'aria-label': `Restore ${it.title}` });
    c.dataset.photoId = it.id;
    t.textContent = it.title;
    const left = Math.max(0, Math.ceil((Date.parse(it.purgeAt) - Date.now()) / 86400000));
    n.textContent = Number.isFinite(left) ? `${left} of ${days} days left` : '';
    restore.textContent = 'Restore';
    restore.onclick = async () => {
      await getJSON('/api/v1/trash/restore', { method: 'POST', headers: auth(), body: JSON.stringify({ ids: [it.id] }) });
      c.remove();
      total--;
      count();
      toast('Restored');
    };
    c.append(img, t, n, restore);
    return c;
  };
  more.onclick = () => page().catch((x) => toast(x.message));
  empty.onclick = async () => {
    if (!(await ask(`Delete ${total} photo${total === 1 ? '' : 's'} for good?`))) return;
    await fetch('/api/v1/trash', { method: 'DELETE', headers: auth() });
    list.replaceChildren();
    total = 0;
    cursor = null;
    more.hidden = true;
    count();
    toast('The trash is empty');
  };
  await page();
}

/** A question with Delete and Cancel; resolves true for Delete. */
function ask(/** @type {string} */ text) {
  return new Promise((/** @type {(yes: boolean) => void} */ done) => {
    const d = el('dialog', 'ask', { 'aria-label': 'Empty trash' }), p = el('p'), row = el('div', 'row');
    const yes = el('button', 'primary danger', { type: 'button' }), no = el('button', '', { type: 'button' });
    p.textContent = text; yes.textContent = 'Delete for good'; no.textContent = 'Cancel';
    let answer = false;
    yes.onclick = () => { answer = true; d.close(); };
    no.onclick = () => d.close();
    row.append(yes, no);
    d.append(p, row);
    d.addEventListener('close', () => { d.remove(); done(answer); });
    document.body.append(d);
    d.showModal();
    no.focus();
  });
}
