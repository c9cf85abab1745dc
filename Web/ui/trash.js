// The trash (/trash, the owner's): the photos moved there, most recent first, each with the day it
// goes for good and a Restore button, pages of them on demand, Restore all, and Empty trash behind a
// question.
import { el, moreCSS } from '../core/images.js';
import { token } from '../core/api.js';
import { send } from '../core/owner.js';
import { startSession } from './admin.js';
import { policy } from '../core/policy.js';
import { ask } from './dialog.js';

await moreCSS();

/** The trash in `root`; `toast` reports what happened. */
export async function show(/** @type {HTMLElement} */ root, /** @type {(text: string) => void} */ toast) {
  document.title = 'Trash · Vitrine';
  await startSession(token() || ''); // the trash's files are read with the session cookie
  const info = el('p'), empty = el('button', '', { type: 'button' }, 'Empty trash'), list = el('div', 'albums trash');
  const more = el('button', 'more', { type: 'button' }, 'More'), all = el('button', '', { type: 'button' }, 'Restore all');
  root.replaceChildren(el('div', 'trash-head', {}, info, all, empty), list, more);
  let cursor = /** @type {string|null} */ (null), total = 0;
  const count = () => { info.textContent = total ? `${total} in the trash` : 'The trash is empty.'; empty.hidden = all.hidden = !total; };
  const page = async () => {
    const t = await send('GET', `/api/v1/trash?limit=${policy.listPage}` + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
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
    const left = Math.max(0, Math.ceil((Date.parse(it.purgeAt) - Date.now()) / 86400000));
    const restore = el('button', '', { type: 'button', 'aria-label': `Restore ${it.title}` }, 'Restore');
    const c = el('div', 'album', { 'data-photo-id': it.id }, el('img', '', { alt: it.title, loading: 'lazy', src: it.thumb }), el('span', 'title', {}, it.title),
      el('span', 'count', {}, Number.isFinite(left) ? `${left} of ${days} days left` : ''), restore);
    restore.onclick = async () => {
      await send('POST', '/api/v1/trash/restore', { ids: [it.id] });
      c.remove();
      total--;
      count();
      toast('Restored');
    };
    return c;
  };
  more.onclick = () => page().catch((x) => toast(x.message));
  all.onclick = async () => {
    all.disabled = true;
    // A page at a time from the top, each restored before the next is read; it ends when a page brings none back.
    try {
      for (let t; (t = await send('GET', `/api/v1/trash?limit=${policy.listPage}`)).items.length;) {
        const r = await send('POST', '/api/v1/trash/restore', { ids: t.items.map((/** @type {{id: string}} */ it) => it.id) });
        if (!r.restored.length && !Object.keys(r.merged || {}).length) break;
        toast(`Restoring… ${t.total - t.items.length} left`);
      }
      toast('Restored');
    } catch (x) { toast(/** @type {Error} */ (x).message); }
    all.disabled = false;
    list.replaceChildren();
    cursor = null;
    await page();
  };
  empty.onclick = async () => {
    const act = () => send('DELETE', '/api/v1/trash');
    if (!(await ask({ title: 'Empty trash', text: `Delete ${total} photo${total === 1 ? '' : 's'} for good?`, ok: 'Delete for good', danger: true, act }))) return;
    list.replaceChildren();
    total = 0;
    cursor = null;
    more.hidden = true;
    count();
    toast('The trash is empty');
  };
  await page();
}

