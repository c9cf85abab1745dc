// The "All tags" sheet (loaded on first use): every tag with its count; choosing toggles it
// (several tags combine with AND). A modal <dialog>: Esc closes it and focus stays inside.
import { el, moreCSS } from '../core/images.js';

await moreCSS(); // this module's styles apply before it shows anything

export class TagSheet {
  constructor(/** @type {import('./search.js').Search} */ search) {
    this.search = search;
    const d = this.root = el('dialog', 'tagsheet', { 'aria-label': 'All tags' });
    const done = el('button', 'primary', { type: 'button' }, 'Done');
    done.onclick = () => d.close();
    const head = el('div', 'head', {}, el('h2', '', {}, 'All tags'), done);
    this.find = el('input', '', { type: 'search', placeholder: 'Find a tag', 'aria-label': 'Find a tag', autocomplete: 'off' });
    this.find.oninput = () => this.render();
    this.list = el('ul', 'taglist');
    d.append(head, this.find, this.list);
    d.addEventListener('click', (e) => { if (e.target === d) d.close(); }); // the backdrop
    document.body.append(d);
  }

  show() {
    this.render();
    this.root.showModal();
    this.search.loadTags(); // counts move as photos come and go
  }

  render() {
    const { tags, filter } = this.search, f = this.find.value.trim().toLowerCase();
    const rows = [];
    for (const t of tags) {
      if (f && !t.name.toLowerCase().includes(f)) continue;
      const b = el('button', 'tagrow', { type: 'button', 'aria-pressed': String(filter.tags.includes(t.name)), 'data-tag': t.name },
        el('span', '', {}, t.name), el('span', 'n', {}, String(t.count)));
      b.onclick = () => { this.search.toggle(t.name); this.render(); };
      rows.push(el('li', '', {}, b));
    }
    if (!rows.length) rows.push(el('li', 'none', {}, tags.length ? 'No tag matches' : 'No tags yet'));
    this.list.replaceChildren(...rows);
  }
}
