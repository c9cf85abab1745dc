// Virtualized grid: the engine lays out and virtualizes; this file moves tiles.
import { paintPlaceholder, load, cancel, el } from './images.js';

const HEADER = 52;

export class Grid {
  constructor(engine, store, scroller, onOpen) {
    this.engine = engine;
    this.store = store;
    this.scroller = scroller;
    this.onOpen = onOpen;
    this.spacer = el('div', 'spacer');
    this.layer = el('div', 'layer');
    scroller.append(this.spacer, this.layer);
    this.tiles = new Map(); // index → element
    this.style = localStorage.getItem('vitrine.layout') === 'justified' ? 'justified' : 'grid';
    this.width = scroller.clientWidth;
    this.height = scroller.clientHeight;
    this.layout = engine.createLayout(this.config());
    this.layout.configureVirtualizer({ retainMargin: 0.75 });
    this.lastOffset = 0;
    this.lastTime = 0;
    this.velocity = 0;
    this.hidden = -1; // tile hidden while its photo flies
    this.sync();
    scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    scroller.addEventListener('click', (e) => {
      const t = e.target.closest('.tile');
      if (!t || e.metaKey || e.ctrlKey || e.shiftKey || e.button) return;
      e.preventDefault();
      this.onOpen(+t.dataset.i);
    });
    new ResizeObserver(() => this.resize()).observe(scroller);
  }

  config() {
    const w = this.width, phone = w < 600;
    return {
      style: this.style, width: w, spacing: phone ? 2 : 4,
      insets: { top: HEADER, bottom: 64, left: phone ? 0 : 4, right: phone ? 0 : 4 },
      minimumTileWidth: phone ? 96 : 200, tileAspectRatio: 4 / 3,
      targetRowHeight: phone ? 130 : 220,
    };
  }

  /** Appends items the layout doesn't have yet. */
  sync() {
    const items = this.store.items, n = this.layout.count;
    if (items.length > n) {
      this.layout.append(new Float32Array(items.slice(n).map((it) => it.width / it.height || 1)));
    }
    this.space = this.engine.scrollSpace(this.layout.contentHeight, this.height);
    this.spacer.style.height = this.space.scrollHeight + 'px';
    this.scaled = this.space.scrollHeight < this.layout.contentHeight - 0.5;
    this.schedule();
  }

  setStyle(style) {
    if (style === this.style) return;
    this.style = style;
    localStorage.setItem('vitrine.layout', style);
    this.relayout();
  }

  resize() {
    const w = this.scroller.clientWidth, h = this.scroller.clientHeight;
    if (w === this.width && h === this.height) return;
    this.width = w; this.height = h;
    this.relayout();
  }

  /** Full relayout keeping the photo at the top of the viewport in place. */
  relayout() {
    const offset = this.offset();
    let anchor = -1, delta = 0;
    if (this.layout.count) {
      const u = this.layout.virtualize(offset, this.height, 0);
      for (let i = u.visible[0]; i < u.visible[1]; i++) {
        const f = this.layout.itemFrame(i);
        if (f.y + f.height > offset + HEADER) { anchor = i; delta = f.y - offset; break; }
      }
    }
    this.layout.configure(this.config());
    this.layout.resetVirtualizer();
    for (const i of [...this.tiles.keys()]) this.unmount(i);
    this.sync();
    if (anchor >= 0) this.scroller.scrollTop = this.space.scrollTop(Math.max(0, this.layout.itemFrame(anchor).y - delta));
    this.update();
  }

  offset() { return this.space.contentOffset(this.scroller.scrollTop); }

  schedule() {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = 0; this.update(); });
  }

  update() {
    const now = performance.now(), st = this.scroller.scrollTop, offset = this.space.contentOffset(st);
    const dt = now - this.lastTime;
    if (dt > 0 && dt < 200) this.velocity = (offset - this.lastOffset) / dt;
    else if (dt >= 200) this.velocity = 0;
    this.lastOffset = offset; this.lastTime = now;
    clearTimeout(this.idle);
    if (this.velocity) this.idle = setTimeout(() => { this.velocity = 0; this.lastTime = 0; this.update(); }, 150);
    const L = this.layout, count = L.count;
    if (!count) return;
    const u = L.virtualize(offset, this.height, this.velocity);
    // A fling mounts only what is on screen: the prefetch window would not load its images anyway
    // (see below), and at fling speed it is several screens long.
    const fast = Math.abs(this.velocity) > 2.5;
    const keep = fast ? u.visible : u.retained;
    for (const [i] of this.tiles) if (i < keep[0] || i >= keep[1]) this.unmount(i);
    const [a, b] = fast ? u.visible : u.prefetch;
    const origin = this.scaled ? offset : 0;
    this.layer.style.transform = this.scaled ? `translateY(${st}px)` : '';
    const f = L.frames(a, b, origin).slice();
    const later = [];
    for (let i = a; i < b; i++) {
      let t = this.tiles.get(i);
      if (!t) t = this.mount(i);
      const k = (i - a) * 4;
      t.style.transform = `translate(${f[k]}px,${f[k + 1]}px)`;
      t.style.width = f[k + 2] + 'px';
      t.style.height = f[k + 3] + 'px';
      if (!t.loaded) (i >= u.visible[0] && i < u.visible[1] ? this.loadTile(t) : later.push(t));
    }
    // Visible tiles first; the rest of the prefetch window once not flinging.
    if (!fast) for (const t of later) this.loadTile(t);
    // Paging: ask for more when the prefetch window gets near the loaded end.
    if (!this.store.done) {
      const p = u.prefetch[1], end = p >= count ? L.contentHeight : L.itemFrame(p).y;
      if (L.contentHeight - end < this.height * 1.5) this.store.more().catch(() => 0);
    }
  }

  mount(i) {
    const it = this.store.items[i];
    const t = el('a', 'tile', { href: '/p/' + encodeURIComponent(it.id), 'data-photo-id': it.id });
    t.dataset.i = i;
    if (i === this.hidden) t.style.visibility = 'hidden';
    paintPlaceholder(t, it);
    const img = el('img', '', { alt: it.title || 'Photo', draggable: 'false' });
    t.append(img);
    t.img = img;
    this.layer.append(t);
    this.tiles.set(i, t);
    return t;
  }

  loadTile(t) {
    t.loaded = true;
    const img = t.img, it = this.store.items[+t.dataset.i];
    load(img, it.thumb.url, (cached) => {
      img.dataset.fade = cached ? '0' : '1';
      img.className = cached ? 'in' : 'in fade';
    });
  }

  unmount(i) {
    const t = this.tiles.get(i);
    if (!t) return;
    cancel(t.img);
    t.remove();
    this.tiles.delete(i);
  }

  hide(i) {
    const old = this.tiles.get(this.hidden);
    if (old) old.style.visibility = '';
    this.hidden = i;
    const t = this.tiles.get(i);
    if (t) t.style.visibility = 'hidden';
  }

  /** Tile i's rect in viewport coordinates (null if not laid out). */
  rect(i) {
    if (i < 0 || i >= this.layout.count) return null;
    const f = this.layout.itemFrame(i), st = this.scroller.scrollTop;
    const r = this.scroller.getBoundingClientRect();
    return { x: f.x + r.left, y: this.space.domY(f.y, st) - st + r.top, width: f.width, height: f.height };
  }

  /** Scrolls so tile i is fully in view (if it isn't), renders, and returns its rect. */
  reveal(i) {
    if (i < 0 || i >= this.layout.count) return null;
    const f = this.layout.itemFrame(i), offset = this.offset();
    if (f.y < offset + HEADER || f.y + f.height > offset + this.height) {
      const target = f.y - (this.height - f.height + HEADER) / 2;
      this.scroller.scrollTop = this.space.scrollTop(Math.max(0, target));
    }
    this.update();
    return this.rect(i);
  }

  tile(i) { return this.tiles.get(i) || null; }
}
