// The selection bar: how many photos the session has selected, and what to do with them: add to an
// album, favourite, download, share as a link, move to the trash (the owner's), or download alone (a
// visitor's). Each action sends the selection as the API takes it (core/selection.js).
import { el, moreCSS } from '../core/images.js';
import { send } from '../core/owner.js';
import { wire, idsOf } from '../core/selection.js';
import { policy } from '../core/policy.js';
import { scope } from '../core/scope.js';
import { ask } from './dialog.js';

await moreCSS();

const post = (/** @type {string} */ url, /** @type {unknown} */ body, method = 'POST') => send(method, url, body);

/** @typedef {{toast(text: string): void, undo(text: string, restore: () => Promise<void>): void, deleted(ids: string[]): void, changed(): void}} BarHooks */

export class SelectionBar {
  constructor(/** @type {import('../grid/grid.js').Grid} */ grid, /** @type {BarHooks} */ hooks) {
    this.grid = grid; this.hooks = hooks;
    this.count = el('span', 'selcount', { 'aria-live': 'polite' });
    this.owner = el('span', 'owner', {}, this.button('Add to album', () => this.run(() => this.toAlbum())),
      this.button(grid.lib.filter.favorite ? 'Unfavourite' : 'Favourite', () => this.run(() => this.favourite(!grid.lib.filter.favorite))),
      ...(grid.lib.filter.album ? [this.button('Remove from album', () => this.run(() => this.fromAlbum(grid.lib.filter.album || '')))] : []),
      this.button('Share', () => this.run(() => this.share())),
      this.button('Trash', () => this.run(() => this.trash())));
    this.root = el('div', 'selbar', { role: 'toolbar', 'aria-label': 'Selected photos' }, this.button('✕', () => this.clear(), 'Clear selection'),
      this.count, this.owner, this.button('Download', () => this.run(() => this.download())));
    document.body.append(this.root);
    grid.on((kind) => { if (kind === 'selection') this.show(); });
    this.show();
  }

  button(/** @type {string} */ text, /** @type {() => void} */ act, label = '') {
    const b = el('button', '', { type: 'button', ...(label ? { 'aria-label': label } : {}) }, text);
    b.onclick = act;
    return b;
  }

  show() {
    const n = this.grid.selected;
    this.root.hidden = n === 0;
    this.count.textContent = `${n.toLocaleString()} selected`;
    this.owner.hidden = !document.body.classList.contains('admin');
  }

  clear() { this.grid.apply(this.grid.session.clearSelection()); }
  pairs() { return this.grid.session.selected(0, this.grid.lib.count); }

  async run(/** @type {() => Promise<string|void>} */ act) {
    try { const text = await act(); if (text) this.hooks.toast(text); } catch (x) { this.hooks.toast(/** @type {Error} */ (x).message); }
  }

  async favourite(/** @type {boolean} */ on) {
    let n = 0;
    for (const body of await wire(this.grid.lib, this.pairs())) n += (await post('/api/v1/favorites', body, on ? 'POST' : 'DELETE')).changed;
    this.clear();
    if (this.grid.lib.filter.favorite) this.hooks.changed();
    return on ? `Added ${n} to favourites` : `Removed ${n} from favourites`;
  }

  async fromAlbum(/** @type {string} */ id) {
    let n = 0;
    for (const body of await wire(this.grid.lib, this.pairs())) n += (await post(`/api/v1/albums/${encodeURIComponent(id)}/photos`, body, 'DELETE')).changed;
    this.clear();
    this.hooks.changed();
    return `Removed ${n} from the album`;
  }

  async toAlbum() {
    const albums = (await send('GET', '/api/v1/albums')).items || [];
    const album = await pick(albums);
    if (!album) return;
    const parts = await wire(this.grid.lib, this.pairs());
    let n = 0;
    for (const body of parts) n += (await post(`/api/v1/albums/${encodeURIComponent(album.id)}/photos`, body)).changed;
    this.clear();
    return `Added ${n} to ${album.title}`;
  }

  async share() {
    const parts = await wire(this.grid.lib, this.pairs());
    if (parts.length !== 1) throw new Error('Too many to share at once: add them to an album and share that.');
    const link = await (await import('./share-link.js')).shareDialog({ photos: parts[0] }, '');
    if (link) this.clear();
  }

  async download() {
    if (scope.kind === 'link') { save('/api/v1/zip?link=' + encodeURIComponent(scope.id)); return; }
    const f = this.grid.lib.filter;
    const whole = f.album && !f.q && !f.tags.length && this.grid.selected === this.grid.lib.count;
    const ids = whole ? null : await idsOf(this.grid.lib, this.pairs(), policy.batchByID);
    if (!whole && !ids) throw new Error(`Download at most ${policy.batchByID} at once, or add them to an album and download that.`);
    save('/api/v1/zip?' + (whole ? 'album=' + encodeURIComponent(f.album || '') : 'ids=' + (ids || []).join(',')));
  }

  async trash() {
    const ids = await idsOf(this.grid.lib, this.pairs(), policy.batchByID);
    if (!ids) throw new Error(`Move at most ${policy.batchByID} to the trash at once.`);
    const gone = /** @type {string[]} */ ([]);
    for (const id of ids) {
      if (await send('DELETE', '/api/v1/photos/' + encodeURIComponent(id)).then(() => true, () => false)) gone.push(id);
    }
    this.clear();
    this.hooks.deleted(gone);
    this.hooks.undo(`Moved ${gone.length} to the trash`, async () => { await post('/api/v1/trash/restore', { ids: gone }); });
  }
}

/** Downloads `url` as a file. */
function save(/** @type {string} */ url) {
  const a = el('a', '', { href: url, download: '' });
  document.body.append(a); a.click(); a.remove();
}

/**
 * Asks which album: one of `albums`, or a new one the dialog makes by title, showing the server's
 * refusal with what was typed; null when cancelled.
 */
async function pick(/** @type {{id: string, title: string, photoCount: number}[]} */ albums) {
  let chosen = /** @type {{id: string, title: string}|null} */ (null);
  const list = el('div', 'picklist', {}, ...albums.map((a) => {
    const b = el('button', '', { type: 'button' }, `${a.title} (${a.photoCount})`);
    b.onclick = () => { chosen = a; b.closest('dialog')?.close(); };
    return b;
  }));
  await ask({ title: 'Add to album', before: [list], fields: [{ name: 'title', label: 'New album', required: true }], ok: 'Create',
    kind: 'albums-pick', act: async (v) => { chosen = await post('/api/v1/albums', { title: v.title }); } });
  return chosen;
}
