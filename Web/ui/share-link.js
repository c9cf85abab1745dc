// Making a share link, or changing one: its title, a password, an expiry, and what a visitor may do
// (download the originals, see where photos were taken, add photos to an album, or only add them: a
// file drop), then the link to copy.
import { el, moreCSS } from '../core/images.js';
import { send } from '../core/owner.js';
import { laterEngine } from '../engine/engine.js';

const [engine] = await Promise.all([laterEngine(), moreCSS()]);
/** The expiries the engine offers, as days from now (0: never) and their labels. */
const EXPIRIES = engine.linkExpiries().map((d) => [d, d ? `${d} day${d > 1 ? 's' : ''}` : 'Never']);

/**
 * Asks for the link's settings, creates it for `what` (`{albumId}` or `{photos}`) and shows its URL, or
 * with `link` changes that link; resolves to the link, or null when cancelled.
 * @param {{albumId?: string, photos?: unknown}} what @param {string} title @param {ShareLink|null} [link]
 */
export function shareDialog(what, title, link = null) {
  return new Promise((/** @type {(link: {slug: string, url: string}|null) => void} */ done) => {
    const h = el('h2', '', {}, link ? 'Change the link' : 'Share as a link'), err = el('p', 'err', { role: 'alert' });
    const field = (/** @type {string} */ label, /** @type {HTMLElement} */ input) => el('label', 'field', {}, label, input);
    const name = el('input', '', { name: 'title', value: title }), pw = el('input', '', { name: 'password', type: 'password', autocomplete: 'new-password', placeholder: link?.hasPassword ? 'Unchanged' : 'None' });
    const kept = link ? [[-1, 'As it is' + (link.expiresAt ? ` (${new Date(link.expiresAt).toLocaleDateString()})` : ' (never)')]] : [];
    const expiry = el('select', '', { name: 'expiry' }, ...[...kept, ...EXPIRIES].map(([days, text]) => el('option', '', { value: String(days) }, String(text))));
    const check = (/** @type {string} */ label, /** @type {string} */ key, on = false) =>
      el('label', 'check-field', {}, el('input', '', { type: 'checkbox', name: key, ...(on ? { checked: '' } : {}) }), ' ' + label);
    const ok = el('button', 'primary', { type: 'submit' }, link ? 'Save' : 'Create link'), cancel = el('button', '', { type: 'button' }, 'Cancel');
    cancel.onclick = () => d.close();
    const form = el('form', '', {}, h, field('Title', name), field('Password', pw), ...(link?.hasPassword ? [check('Remove the password', 'noPassword')] : []),
      field('Expires', expiry), check('Visitors can download originals', 'allowDownload', link ? link.allowDownload : true), check('Show where photos were taken', 'showLocation', link?.showLocation),
      ...(what.albumId || link?.albumId ? [check('Visitors can add photos', 'allowUpload', link?.allowUpload), check('Only add them (a file drop: no photos shown)', 'uploadOnly', link ? !link.showPhotos : false)] : []),
      err, el('div', 'row', {}, ok, cancel));
    const d = el('dialog', 'share', { 'aria-label': 'Share link' }, form);
    let made = /** @type {{slug: string, url: string}|null} */ (null);
    form.onsubmit = async (e) => {
      e.preventDefault();
      const f = new FormData(form), days = Number(f.get('expiry'));
      const body = {
        ...what, title: String(f.get('title') || '').trim() || undefined, allowDownload: f.has('allowDownload'), showLocation: f.has('showLocation'),
        allowUpload: f.has('allowUpload'), showPhotos: !(f.has('allowUpload') && f.has('uploadOnly')),
        password: f.get('password') ? String(f.get('password')) : f.has('noPassword') ? null : undefined,
        expiresAt: days > 0 ? new Date(Date.now() + days * 86400000).toISOString() : days === 0 && link ? null : undefined,
      };
      ok.disabled = true;
      try {
        made = await send(link ? 'PATCH' : 'POST', '/api/v1/links' + (link ? '/' + encodeURIComponent(link.slug) : ''), body);
      } catch (x) { err.textContent = /** @type {Error} */ (x).message; ok.disabled = false; return; }
      if (link) { d.close(); return; }
      const url = location.origin + '/s/' + (made?.slug || ''), out = el('input', '', { readonly: '', value: url, 'aria-label': 'Link', name: 'url' });
      const copy = el('button', 'primary', { type: 'button' }, 'Copy'), close = el('button', '', { type: 'button' }, 'Done');
      copy.onclick = () => { navigator.clipboard?.writeText(url).then(() => { copy.textContent = 'Copied'; }, () => out.select()); };
      close.onclick = () => d.close();
      h.textContent = 'Anyone with this link can see these photos';
      form.replaceChildren(h, out, el('div', 'row', {}, copy, close));
      copy.focus();
    };
    d.addEventListener('close', () => { d.remove(); done(made); });
    document.body.append(d);
    d.showModal();
  });
}
