// A share link that takes uploads: an "Add photos" button in the header that sends each chosen file to
// the link's upload route, then shows the link's photos again with the new ones.
import { el } from '../core/images.js';
import { apiRoot } from '../core/scope.js';

/** The button after `anchor`; `done` runs once a batch is in, `toast` reports each file's outcome. */
export function linkUploads(/** @type {HTMLElement} */ anchor, /** @type {() => void} */ done, /** @type {(text: string) => void} */ toast) {
  const input = el('input', '', { type: 'file', accept: 'image/*', multiple: '', hidden: '' });
  const add = el('button', 'link-add', { type: 'button' }, 'Add photos');
  add.onclick = () => /** @type {HTMLInputElement} */ (input).click();
  input.addEventListener('change', async () => {
    const files = [...(/** @type {HTMLInputElement} */ (input).files || [])];
    let sent = 0;
    for (const f of files) {
      const body = new FormData();
      body.append('file', f, f.name);
      toast(`Sending ${f.name}…`);
      const r = await fetch(apiRoot + '/photos', { method: 'POST', body }).catch(() => null);
      if (r?.ok) sent++;
      else toast(`${f.name}: ${(await r?.json().catch(() => null))?.error?.message || 'not sent'}`);
    }
    /** @type {HTMLInputElement} */ (input).value = '';
    if (sent) { toast(`Sent ${sent} of ${files.length}`); done(); }
  });
  anchor.after(add, input);
}
