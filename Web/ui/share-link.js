// Making a share link: its title, a password, an expiry, and what a visitor may do (download the
// originals, see where photos were taken, add photos to an album), then the link to copy.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token } from '../core/api.js';

await moreCSS();

/** Expiry choices: days from now (0: never). */
const EXPIRIES = [[0, 'Never'], [1, '1 day'], [7, '7 days'], [30, '30 days']];

/**
 * Asks for the link's settings, creates it for `what` (`{albumId}` or `{photos}`) and shows its URL;
 * resolves to the link, or null when cancelled.
 * @param {{albumId?: string, photos?: unknown}} what @param {string} title
 */
export function shareDialog(what, title) {
  return new Promise((/** @type {(link: {slug: string, url: string}|null) => void} */ done) => {
    const d = el('dialog', 'share', { 'aria-label': 'Share link' }), form = el('form'), h = el('h2'), err = el('p', 'err', { role: 'alert' });
    h.textContent = 'Share as a link';
    const field = (/** @type {string} */ label, /** @type {HTMLElement} */ input) => { const l = el('label', 'field'); l.append(label, input); return l; };
    const name = el('input', '', { name: 'title', maxlength: '200', value: title }), pw = el('input', '', { name: 'password', type: 'password', autocomplete: 'new-password', placeholder: 'None' });
    const expiry = el('select', '', { name: 'expiry' });
    for (const [days, text] of EXPIRIES) { const o = el('option', '', { value: String(days) }); o.textContent = String(text); expiry.append(o); }
    const check = (/** @type {string} */ label, /** @type {string} */ key, on = false) => {
      const l = el('label', 'check-field'), c = el('input', '', { type: 'checkbox', name: key, ...(on ? { checked: '' } : {}) });
      l.append(c, ' ' + label);
      return l;
    };
    const ok = el('button', 'primary', { type: 'submit' }), cancel = el('button', '', { type: 'button' }), row = el('div', 'row');
    ok.textContent = 'Create link'; cancel.textContent = 'Cancel';
    cancel.onclick = () => d.close();
    row.append(ok, cancel);
    form.append(h, field('Title', name), field('Password', pw), field('Expires', expiry), check('Visitors can download originals', 'allowDownload', true),
      check('Show where photos were taken', 'showLocation'), ...(what.albumId ? [check('Visitors can add photos', 'allowUpload')] : []), err, row);
    d.append(form);
    let link = /** @type {{slug: string, url: string}|null} */ (null);
    form.onsubmit = async (e) => {
      e.preventDefault();
      const f = new FormData(form), days = Number(f.get('expiry'));
      const body = {
        ...what, title: String(f.get('title') || '').trim() || undefined, allowDownload: f.has('allowDownload'), showLocation: f.has('showLocation'),
        allowUpload: f.has('allowUpload'), ...(f.get('password') ? { password: String(f.get('password')) } : {}),
        ...(days ? { expiresAt: new Date(Date.now() + days * 86400000).toISOString() } : {}),
      };
      ok.disabled = true;
      try {
        link = await getJSON('/api/v1/links', { method: 'POST', headers: { authorization: 'Bearer ' + token(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      } catch (x) { err.textContent = /** @type {Error} */ (x).message; ok.disabled = false; return; }
      const url = location.origin + '/s/' + (link?.slug || ''), out = el('input', '', { readonly: '', value: url, 'aria-label': 'Link', name: 'url' });
      const copy = el('button', 'primary', { type: 'button' }), close = el('button', '', { type: 'button' }), done2 = el('div', 'row');
      copy.textContent = 'Copy'; close.textContent = 'Done';
      copy.onclick = () => { navigator.clipboard?.writeText(url).then(() => { copy.textContent = 'Copied'; }, () => out.select()); };
      close.onclick = () => d.close();
      done2.append(copy, close);
      h.textContent = 'Anyone with this link can see these photos';
      form.replaceChildren(h, out, done2);
      copy.focus();
    };
    d.addEventListener('close', () => { d.remove(); done(link); });
    document.body.append(d);
    d.showModal();
  });
}
