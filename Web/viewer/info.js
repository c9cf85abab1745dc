// The viewer's info panel (loaded on first use): every field of GET /api/v1/photos/{id}, a sheet
// that slides up and is dismissed by dragging it down, Esc or its close button. In admin mode it
// edits the title and tags (PATCH) and deletes (DELETE). All text goes in through textContent.
import { el, moreCSS } from '../core/images.js';
import { getJSON, token, photoURL } from '../core/api.js';
import { send } from '../core/owner.js';
import { dayText, gpsText, cameraText } from '../core/photo-text.js';

await moreCSS(); // this module's styles apply before it shows anything

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');

/** "29 Apr 2014, 14:25:26 UTC+02:00": the wall clock the photo was taken at, and its zone. */
export function takenText(/** @type {Details} */ d) {
  const m = /T(\d\d):(\d\d):(\d\d)/.exec(d.takenAt || ''), day = dayText(d.takenAt);
  if (!m || !day) return d.takenAt;
  const o = d.takenAtOffset;
  const zone = o == null ? (/Z$/.test(d.takenAt || '') ? 'UTC' : 'local time, zone unknown')
    : o === 0 ? 'UTC' : `UTC${o < 0 ? '−' : '+'}${pad(Math.floor(Math.abs(o) / 60))}:${pad(Math.abs(o) % 60)}`;
  return `${day}, ${m[1]}:${m[2]}:${m[3]} ${zone}` + (d.takenAtSource === 'file' ? ' (file date)' : '');
}

const num = (/** @type {number} */ x, /** @type {number} */ digits) => String(+x.toFixed(digits));
export function exposureText(/** @type {number} */ t) { return t >= 1 || t <= 0 ? `${num(t, 1)} s` : `1/${Math.round(1 / t)} s`; }
export function sizeText(/** @type {number} */ b) {
  return b >= 1e6 ? `${num(b / 1e6, 1)} MB` : b >= 1e3 ? `${Math.round(b / 1e3)} KB` : `${b} bytes`;
}

/** [label, text] rows for the fields the photo has. */
export function rows(/** @type {Details} */ d) {
  return [
    ['Taken', takenText(d)],
    ['Camera', cameraText(d)],
    ['Lens', d.lens],
    ['Exposure', d.exposureTime != null && exposureText(d.exposureTime)],
    ['Aperture', d.fNumber != null && `ƒ/${num(d.fNumber, 1)}`],
    ['ISO', d.iso != null && String(d.iso)],
    ['Focal length', d.focalLength != null && `${num(d.focalLength, 1)} mm`],
    ['Dimensions', `${d.width} × ${d.height}`],
    ['File size', sizeText(d.byteSize)],
    ['Format', `${String(d.format).toUpperCase()} (${d.mimeType})`],
    ['Location', d.location && gpsText(d.location)],
    ['File name', d.originalName],
  ].filter((r) => r[1]).map(([k, v]) => /** @type {[string, string]} */ ([String(k), String(v)]));
}

const field = (/** @type {string} */ label, /** @type {HTMLElement} */ input) => el('label', 'field', {}, el('span', '', {}, label), input);

export class InfoPanel {
  constructor(/** @type {import('./viewer.js').Viewer} */ viewer) {
    this.viewer = viewer;
    this.open = false;
    const close = el('button', 'x', { type: 'button', 'aria-label': 'Close info', title: 'Close info' }, '✕');
    close.onclick = () => this.close();
    const grab = this.grab = el('div', 'grab', {}, el('span', 'handle'), el('h2', '', {}, 'Info'), close);
    this.body = el('div', 'body');
    const root = this.root = el('section', 'sheet', { 'aria-label': 'Photo info', tabindex: '-1' }, grab, this.body);
    root.hidden = true;
    viewer.root.append(root);
    this.drag();
  }

  show() {
    this.open = true;
    this.root.hidden = false;
    void this.root.offsetWidth; // start from below the screen
    this.root.classList.add('up');
    this.root.style.transform = '';
    this.viewer.root.classList.add('info-open');
    this.viewer.infoBtn.setAttribute('aria-expanded', 'true');
    this.load(true);
  }

  /** Slides down; `now` skips the animation (the viewer is closing). */
  close(now = false) {
    if (!this.open) return;
    this.open = false;
    this.root.classList.remove('up');
    this.root.style.transform = '';
    this.viewer.root.classList.remove('info-open');
    this.viewer.infoBtn.setAttribute('aria-expanded', 'false');
    if (this.root.contains(document.activeElement)) this.viewer.infoBtn.focus({ preventScroll: true });
    // Hidden once its slide (the style sheet's) has ended, or was cut short by opening again.
    const hide = () => { if (!this.open) this.root.hidden = true; };
    if (now) hide(); else Promise.all(this.root.getAnimations().map((a) => a.finished)).then(hide, hide);
  }

  /** Drag the grab bar down to dismiss: where it is let go, the engine decides whether it closes or springs back. */
  drag() {
    const g = this.grab;
    let start = /** @type {{y: number, t: number, id: number}|null} */ (null);
    g.addEventListener('pointerdown', (e) => {
      if (/** @type {Element} */ (e.target).closest('button')) return;
      start = { y: e.clientY, t: e.timeStamp, id: e.pointerId };
      g.setPointerCapture?.(e.pointerId);
      this.root.classList.add('held');
    });
    g.addEventListener('pointermove', (e) => {
      if (start?.id === e.pointerId) this.root.style.transform = `translateY(${Math.max(0, e.clientY - start.y)}px)`;
    });
    const end = (/** @type {PointerEvent} */ e) => {
      if (start?.id !== e.pointerId) return;
      const dy = e.clientY - start.y, ms = e.timeStamp - start.t;
      start = null;
      this.root.classList.remove('held');
      if (e.type === 'pointerup' && this.viewer.engine.sheetDismisses(dy, ms)) this.close(); else this.root.style.transform = '';
    };
    g.addEventListener('pointerup', end);
    g.addEventListener('pointercancel', end);
  }

  /** Loads the current photo's details; unless `force`, only when the photo changed (live
   * changes re-index the viewer, and must not wipe a half-typed edit). */
  async load(force = false) {
    const it = this.viewer.item();
    if (!it || (!force && it.id === this.root.dataset.photoId)) return;
    const id = it.id;
    this.root.dataset.photoId = id;
    let d;
    try { d = await getJSON(photoURL(id)); } catch (x) {
      const e = /** @type {Error} */ (x);
      if (this.viewer.item()?.id !== id) return;
      this.body.replaceChildren(el('p', 'err', {}, `Couldn’t load the details: ${e.message}`));
      return;
    }
    if (this.viewer.item()?.id === id) this.render(d);
  }

  render(/** @type {Details} */ d) {
    const dl = el('dl', '', {}, ...rows(d).flatMap(([k, v]) => [el('dt', '', {}, k), el('dd', '', {}, v)]));
    const tags = el('div', 'tags', { 'aria-label': 'Tags' }, ...d.tags.map((t) => {
      const b = el('button', 'chip', { type: 'button', title: `Show photos tagged ${t}` }, t);
      b.onclick = () => this.viewer.hooks.tag?.(t);
      return b;
    }));
    this.body.replaceChildren(el('h3', 'title', {}, d.title || d.originalName), dl, tags);
    if (token()) this.body.append(this.editor(d));
  }

  /** Admin: title and tags (comma-separated) saved with PATCH; delete after a confirmation. */
  editor(/** @type {Details} */ d) {
    const title = el('input', '', { name: 'title', autocomplete: 'off', placeholder: d.originalName });
    title.value = d.title || '';
    const tags = el('input', '', { name: 'tags', autocomplete: 'off', placeholder: 'tag, another tag' });
    tags.value = d.tags.join(', ');
    const save = el('button', 'primary', { type: 'submit' }, 'Save'), del = el('button', 'danger', { type: 'button' }, 'Delete');
    const status = el('p', 'status', { role: 'status' });
    const form = el('form', 'edit', {}, field('Title', title), field('Tags', tags), el('div', 'row', {}, save, del), status);
    const url = '/api/v1/photos/' + encodeURIComponent(d.id);
    form.onsubmit = async (e) => {
      e.preventDefault();
      status.textContent = 'Saving…';
      const body = { title: title.value.trim() || null, tags: tags.value.split(',').map((t) => t.trim()).filter(Boolean) };
      try {
        const r = await send('PATCH', url, body);
        if (this.viewer.item()?.id === d.id) { this.render(r); /** @type {HTMLElement} */ (this.body.querySelector('.status')).textContent = 'Saved'; }
      } catch (err) { status.textContent = /** @type {Error} */ (err).message; }
    };
    del.onclick = async () => {
      status.textContent = 'Moving to the trash…';
      try {
        await send('DELETE', url);
        this.viewer.hooks.deleted?.(d.id);
        this.viewer.hooks.undo?.('Moved to the trash', async () => {
          await send('POST', '/api/v1/trash/restore', { ids: [d.id] });
        });
      } catch (err) { status.textContent = /** @type {Error} */ (err).message; }
    };
    return form;
  }
}
