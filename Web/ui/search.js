// Search field and tag bar in the grid's header. Filters as you type (debounced); the URL says
// what is shown (?q=&tag=): replaced while typing, pushed on commit (Enter, leaving the field,
// a tag), so Back steps through searches and a reload or a shared link shows the same.
import { el } from '../core/images.js';
import { getJSON } from '../core/api.js';
import { base, scope, scopeFilter } from '../core/scope.js';
import { policy } from '../core/policy.js';

const same = (/** @type {Filter} */ a, /** @type {Filter} */ b) => a.q === b.q && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i]);

/** @returns {Filter} */
export function readFilter(search = location.search) {
  const p = new URLSearchParams(search);
  return { q: (p.get('q') || '').trim(), tags: [...new Set(p.getAll('tag').filter(Boolean))], ...scopeFilter() };
}

/** The grid's URL for a filter, keeping other parameters (?debug, ?limit). */
export function urlFor(/** @type {Filter} */ f) {
  const p = new URLSearchParams(location.search);
  p.delete('q'); p.delete('tag');
  if (f.q) p.set('q', f.q);
  for (const t of f.tags) p.append('tag', t);
  const s = p.toString();
  return (base || '/') + (s ? '?' + s : '');
}

export class Search {
  /** @param {import('../core/library.js').Library} store @param {(filter: Filter) => void} apply re-queries the store (errors are its business) */
  constructor(store, apply) {
    this.store = store;
    this.apply = apply;
    this.filter = store.filter;
    this.tags = /** @type {{name: string, count: number}[]} */ ([]); // most used first
    this.input = /** @type {HTMLInputElement & {form: HTMLFormElement}} */ (document.querySelector('#search'));
    this.bar = /** @type {HTMLElement} */ (document.querySelector('#tagbar'));
    this.timer = 0;
    this.sheet = /** @type {import('./tags.js').TagSheet|undefined} */ (undefined);
    this.committed = location.pathname === (base || '/') ? location.pathname + location.search : urlFor(this.filter);
    this.input.value = this.filter.q;
    this.input.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.set({ ...this.filter, q: this.input.value.trim() }, 'type'), policy.searchPause);
    });
    this.input.form.addEventListener('submit', (e) => { e.preventDefault(); this.input.blur(); this.commitText(); });
    this.input.addEventListener('change', () => this.commitText());
    // "/" focuses the field, as on many sites (not while typing elsewhere or in the viewer).
    addEventListener('keydown', (e) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || /** @type {Element} */ (e.target).closest?.('input,textarea,dialog,[role=dialog]')) return;
      e.preventDefault();
      this.input.focus();
    });
    this.render(); // the tags come after the first screen (app.js)
  }

  commitText() {
    clearTimeout(this.timer);
    this.set({ ...this.filter, q: this.input.value.trim() }, 'commit');
  }

  /** mode: 'type' (replaceState), 'commit' (pushState), 'pop' (the URL is already right), 'undo' (back to the filter shown: replaceState, no re-query). */
  set(/** @type {Filter} */ filter, /** @type {'type'|'commit'|'pop'|'undo'} */ mode) {
    const changed = !same(filter, this.filter);
    this.filter = filter;
    if (this.input.value.trim() !== filter.q) this.input.value = filter.q;
    const url = urlFor(filter);
    if (mode === 'type' || mode === 'undo') history.replaceState(null, '', url);
    else if (mode === 'commit' && url !== this.committed) {
      history.replaceState(null, '', this.committed);
      history.pushState(null, '', url);
    }
    if (mode !== 'type') this.committed = url;
    if (changed) { this.render(); if (mode !== 'undo') this.apply(filter); }
  }

  toggle(/** @type {string} */ tag) {
    const tags = this.filter.tags.includes(tag) ? this.filter.tags.filter((t) => t !== tag) : [...this.filter.tags, tag];
    clearTimeout(this.timer);
    this.set({ q: this.input.value.trim(), tags }, 'commit');
  }

  async loadTags() {
    try { this.tags = (await getJSON('/api/v1/tags')).tags || []; } catch { return; }
    this.render();
    this.sheet?.render();
  }

  /** The bar: the library's views, "All tags", then the selected tags, then the most used others. */
  render() {
    const views = [['/', 'Photos', 'library'], ['/favorites', 'Favourites', 'favorites'], ['/albums', 'Albums', 'albums'], ['/trash', 'Trash', 'trash', ' owner'], ['/links', 'Shared links', 'links', ' owner']].map(([href, text, kind, owner = '']) =>
      el('a', 'chip view' + owner, { href, ...(scope.kind === kind ? { 'aria-current': 'page' } : {}) }, text));
    const all = el('button', 'chip all', { type: 'button', 'aria-haspopup': 'dialog' }, 'All tags');
    all.onclick = async () => {
      if (!this.sheet) this.sheet = new (await import('./tags.js')).TagSheet(this);
      this.sheet.show();
    };
    const selected = this.filter.tags;
    const chips = [...views, all, ...[...selected, ...this.tags.map((t) => t.name).filter((n) => !selected.includes(n)).slice(0, policy.tagChips)].map((n) => {
      const b = el('button', 'chip', { type: 'button', 'aria-pressed': String(selected.includes(n)), 'data-tag': n }, n);
      b.onclick = () => this.toggle(n);
      return b;
    })];
    this.bar.replaceChildren(...chips);
  }
}
