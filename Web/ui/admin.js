// Admin mode (loaded on first use): sign in with the admin token (kept in localStorage), upload by
// drag-and-drop or file picker, one file at a time with progress (into the album on an album's page),
// and sign out.
// POST /api/v1/session checks the token and sets the read cookie a --private server needs for
// <img> and EventSource, which cannot send an Authorization header.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token } from '../core/api.js';
import { scope } from '../core/scope.js';
import { send as owner } from '../core/owner.js';

await moreCSS(); // this module's styles apply before it shows anything

const KEY = 'vitrine.token';
const bearer = (/** @type {string} */ t) => ({ authorization: 'Bearer ' + t });

/** Trades a token for the session cookie; throws (status 401) when the server refuses it. */
export async function startSession(/** @type {string} */ t) {
  await getJSON('/api/v1/session', { method: 'POST', headers: bearer(t) });
  localStorage.setItem(KEY, t);
}

/**
 * Asks for the token until the server accepts it. `required` (a private server): no Cancel.
 * Resolves true when signed in, false when cancelled.
 */
export function signIn(/** @type {boolean} */ required) {
  return new Promise((/** @type {(done: boolean) => void} */ resolve) => {
    const err = el('p', 'err', { role: 'alert' });
    const input = el('input', '', { type: 'password', name: 'token', autocomplete: 'current-password', 'aria-label': 'Admin token', required: '' });
    const ok = el('button', 'primary', { type: 'submit' }, 'Sign in'), cancel = el('button', '', { type: 'button' }, 'Cancel');
    cancel.onclick = () => d.close();
    const form = el('form', '', {}, el('h2', '', {}, required ? 'This gallery is private' : 'Sign in'),
      el('p', '', {}, 'Enter the admin token. The server printed it on first start; it is in the data folder’s admin-token file.'),
      input, err, el('div', 'row', {}, ok, ...(required ? [] : [cancel])));
    const d = el('dialog', 'signin', { 'aria-label': 'Sign in' }, form);
    document.body.append(d);
    let done = false;
    d.addEventListener('cancel', (e) => { if (required) e.preventDefault(); });
    d.addEventListener('close', () => { d.remove(); resolve(done); });
    form.onsubmit = async (e) => {
      e.preventDefault();
      err.textContent = '';
      ok.disabled = true;
      try {
        await startSession(input.value.trim());
        done = true;
        d.close();
      } catch (y) {
        const x = /** @type {HttpError} */ (y);
        err.textContent = x.status === 401 ? 'That token is not right.' : `Couldn’t sign in: ${x.message}`;
        input.select();
      } finally { ok.disabled = false; }
    };
    d.showModal();
  });
}

/**
 * On a private server the first page answered 401: use the kept token if it still works,
 * else ask. Resolves when the session cookie is set.
 */
export async function unlock() {
  const t = token();
  if (t) { try { await startSession(t); return; } catch { localStorage.removeItem(KEY); } }
  await signIn(true);
}

export async function signOut() {
  localStorage.removeItem(KEY);
  await fetch('/api/v1/session', { method: 'DELETE' }).catch(() => 0);
  location.reload();
}

/** The upload panel, created once admin mode starts. */
let uploads = /** @type {Uploads|undefined} */ (undefined);
/**
 * The header's admin button: "Sign in", then "Upload". `quiet`: a kept token, checked first (one
 * rotated since is forgotten). `started` runs once admin mode starts.
 */
export async function adminMode(/** @type {HTMLElement} */ button, /** @type {boolean} */ quiet, /** @type {() => void} */ started) {
  if (quiet) {
    const s = await getJSON('/api/v1/session', { headers: bearer(token() || '') }).catch(() => null);
    if (s && !s.admin) localStorage.removeItem(KEY);
    if (!s?.admin) return;
  } else if (!uploads && !(await signIn(false))) return;
  if (!uploads) {
    uploads = new Uploads();
    button.textContent = 'Upload';
    document.body.classList.add('admin');
    started();
    if (quiet) return;
  }
  uploads.show();
}

export class Uploads {
  constructor() {
    const out = el('button', '', { type: 'button' }, 'Sign out'), x = el('button', 'x', { type: 'button', 'aria-label': 'Close uploads', title: 'Close' }, '✕');
    out.onclick = signOut;
    x.onclick = () => { root.hidden = true; };
    this.picker = el('input', '', { type: 'file', multiple: '', accept: 'image/*', 'aria-label': 'Choose photos' });
    this.picker.onchange = () => { this.add([...this.picker.files || []]); this.picker.value = ''; };
    this.list = el('ul');
    const root = this.root = el('section', 'uploads', { 'aria-label': 'Upload photos' }, el('div', 'head', {}, el('h2', '', {}, 'Upload'), out, x),
      this.picker, el('p', 'hint', {}, 'Choose photos, or drop them anywhere on the page.'), this.list);
    root.hidden = true;
    document.body.append(root);
    this.queue = /** @type {{f: File, li: HTMLElement, bar: HTMLProgressElement, msg: HTMLElement}[]} */ ([]);
    this.busy = false;
    this.dropZone();
  }

  show() { this.root.hidden = false; }

  dropZone() {
    const files = (/** @type {DragEvent} */ e) => [...(e.dataTransfer?.types || [])].includes('Files');
    let depth = 0;
    const set = (/** @type {boolean} */ on) => document.body.classList.toggle('dropping', on);
    addEventListener('dragenter', (e) => { if (files(e)) { depth++; set(true); } });
    addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; set(false); } });
    addEventListener('dragover', (e) => { if (files(e)) { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'; } });
    addEventListener('drop', (e) => {
      if (!files(e)) return;
      e.preventDefault();
      depth = 0; set(false);
      this.add([...e.dataTransfer?.files || []]);
    });
  }

  add(/** @type {File[]} */ files) {
    if (!files.length) return;
    this.show();
    for (const f of files) {
      const bar = el('progress', '', { max: '1', value: '0', 'aria-label': f.name }), msg = el('span', 'msg', {}, 'Waiting');
      const li = el('li', 'queued', {}, el('span', 'name', {}, f.name), bar, msg);
      this.list.append(li);
      this.queue.push({ f, li, bar, msg });
    }
    this.next();
  }

  /** One file at a time: each gets the whole connection, and a failure names its file. */
  async next() {
    if (this.busy) return;
    this.busy = true;
    for (let q; (q = this.queue.shift());) await this.send(q);
    this.busy = false;
  }

  send(/** @type {Uploads['queue'][number]} */ { f, li, bar, msg }) {
    return new Promise((/** @type {(v?: unknown) => void} */ resolve) => {
      const x = new XMLHttpRequest();
      const end = (/** @type {string} */ cls, /** @type {string} */ text) => { li.className = cls; msg.textContent = text; resolve(); };
      x.open('POST', '/api/v1/photos?filename=' + encodeURIComponent(f.name));
      x.setRequestHeader('authorization', 'Bearer ' + token());
      li.className = 'sending';
      msg.textContent = 'Uploading';
      x.upload.onprogress = (e) => { if (e.lengthComputable) bar.value = e.loaded / e.total; };
      x.upload.onload = () => { bar.value = 1; msg.textContent = 'Processing'; };
      x.onload = () => {
        let body = null;
        try { body = JSON.parse(x.responseText); } catch { /* not JSON */ }
        if (x.status >= 300) return end('failed', body?.error?.message || `HTTP ${x.status}`);
        // On an album's page the photo joins the album, new or already in the gallery.
        if (scope.kind !== 'album') return end('done', body?.duplicate ? 'Already in the gallery' : 'Added');
        owner('POST', `/api/v1/albums/${encodeURIComponent(scope.id)}/photos`, { ids: [body?.photo?.id] })
          .then(() => end('done', 'Added to the album'), (e) => end('failed', e.message));
      };
      x.onerror = () => end('failed', 'Network error');
      x.send(f);
    });
  }
}
