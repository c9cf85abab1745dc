// Virtualized grid: the engine lays out, virtualizes and diffs; this file moves tiles.
import { paintColor, HashPainter, show, cancel, el, thumbSrc } from './images.js';

/**
 * The small thumbnail when it fills a w×h tile (object-fit: cover) at this screen's pixel density,
 * else the thumbnail: a quarter of the pixels to fetch and decode for most tiles on a desktop.
 */
function thumbURL(it, w, h) {
  const s = it.small, d = globalThis.devicePixelRatio || 1;
  return s && s.width >= w * d - 0.5 && s.height >= h * d - 0.5 ? s.url : thumbSrc(it.thumb);
}

/** Height of the fixed header (title row + tag bar); keep in sync with styles.css. */
export const HEADER = 96;
const reduced = matchMedia('(prefers-reduced-motion: reduce)');
// Photo ids → the Int32 handles the engine's diff works on.
const handles = new Map();
const handle = (it) => { let h = handles.get(it.id); if (h === undefined) handles.set(it.id, h = handles.size + 1); return h; };

export class Grid {
  constructor(engine, store, scroller, onOpen, onMenu) {
    this.engine = engine;
    this.store = store;
    this.scroller = scroller;
    this.onOpen = onOpen;
    this.onMenu = onMenu;
    this.spacer = el('div', 'spacer');
    this.layer = el('div', 'layer');
    scroller.append(this.spacer, this.layer);
    this.tiles = new Map(); // index → element
    // The layout the visitor chose, as the server rendered the page for it (GridStyle.swift).
    this.style = document.documentElement.dataset.layout === 'justified' ? 'justified' : 'grid';
    // The server's first-screen tiles (FirstScreen.swift), in the same places as ours in the 4:3 grid:
    // the first update adopts them, images and all, so nothing loads, decodes or paints twice.
    this.ssr = scroller.querySelector('.ssr');
    this.adoptable = new Map();
    if (this.ssr && this.style === 'grid') for (const t of this.ssr.children) this.adoptable.set(t.dataset.photoId, t);
    this.adopted = 0;
    this.width = scroller.clientWidth;
    this.height = scroller.clientHeight;
    this.layout = engine.createLayout(this.config());
    this.layout.configureVirtualizer({ retainMargin: 0.75 });
    this.lastOffset = 0;
    this.lastTime = 0;
    this.velocity = 0;
    this.hidden = -1; // tile hidden while its photo flies
    this.hashes = new HashPainter();
    this.holding = true; // only the visible tiles until `release`
    this.sync();
    scroller.addEventListener('scroll', () => { this.cancelPress(); this.schedule(); }, { passive: true });
    scroller.addEventListener('click', (e) => {
      const t = e.target.closest('.tile');
      if (!t || e.metaKey || e.ctrlKey || e.shiftKey || e.button) return;
      e.preventDefault();
      if (performance.now() - this.pressed < 800) return; // the long press opened the menu
      this.onOpen(+t.dataset.i);
    });
    // Menu: the context menu (mouse, keyboard) or a ~500 ms touch press that does not move.
    scroller.addEventListener('contextmenu', (e) => {
      const t = e.target.closest('.tile[data-photo-id]');
      if (!t) return;
      e.preventDefault();
      if (performance.now() - this.pressed < 800) return;
      const r = t.getBoundingClientRect(), key = !e.clientX && !e.clientY;
      this.onMenu(+t.dataset.i, key ? r.left + 8 : e.clientX, key ? r.top + 8 : e.clientY, t);
    });
    scroller.addEventListener('pointerdown', (e) => {
      const t = e.target.closest('.tile[data-photo-id]');
      if (!t || e.pointerType !== 'touch') return;
      this.cancelPress();
      const p = this.press = { x: e.clientX, y: e.clientY, id: e.pointerId, timer: setTimeout(() => {
        p.fired = true;
        this.pressed = performance.now();
        this.onMenu(+t.dataset.i, e.clientX, e.clientY, t);
      }, 500) };
    });
    scroller.addEventListener('pointermove', (e) => {
      const p = this.press;
      if (p && !p.fired && p.id === e.pointerId && Math.hypot(e.clientX - p.x, e.clientY - p.y) > 10) this.cancelPress();
    });
    // However long the finger stays after the menu opened, lifting it is not a tap.
    for (const k of ['pointerup', 'pointercancel']) {
      scroller.addEventListener(k, () => { if (this.press?.fired) this.pressed = performance.now(); this.cancelPress(); });
    }
    new ResizeObserver(() => this.resize()).observe(scroller);
  }

  cancelPress() { if (this.press) { clearTimeout(this.press.timer); this.press = null; } }

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
    // A cookie, not storage: the server renders the next visit's page for this layout.
    document.cookie = `vitrine_layout=${style}; path=/; max-age=31536000; samesite=lax`;
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
    // Read the offset through a scroll space for the current viewport: the old one clamps scrollTop to
    // the old viewport's range, and the browser has already resized the scroller.
    this.space = this.engine.scrollSpace(this.layout.contentHeight, this.height);
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
    if (!count) { this.dropServerTiles(); return; }
    const u = L.virtualize(offset, this.height, this.velocity);
    // A fling mounts only what is on screen: at fling speed the prefetch window is several screens
    // long, and its images would arrive after it went by.
    const fast = Math.abs(this.velocity) > 2.5;
    const keep = fast ? u.visible : u.retained;
    for (const [i] of this.tiles) if (i < keep[0] || i >= keep[1]) this.unmount(i);
    const [a, b] = fast ? u.visible : u.prefetch, [va, vb] = u.visible;
    const origin = this.scaled ? offset : 0;
    this.layer.style.transform = this.scaled ? `translateY(${st}px)` : '';
    const f = L.frames(a, b, origin).slice();
    const mount = (i) => {
      const t = this.tiles.get(i) || this.mount(i), k = (i - a) * 4;
      this.place(t, f[k], f[k + 1], f[k + 2], f[k + 3]);
      if (!t.loaded) this.loadTile(t);
    };
    for (let i = va; i < vb; i++) mount(i);
    // On a cold start, the rest of the prefetch window (its tiles, their images, the next page) waits
    // until the first screen's thumbnails arrived: they get the connections and the decoder to
    // themselves. Server tiles in it are adopted now all the same: their images are on their way.
    // From then on, the window is mounted at once, visible tiles asked for first.
    for (let i = a; i < b; i++) if ((i < va || i >= vb) && (!this.holding || this.adoptable.has(this.store.items[i].id))) mount(i);
    this.dropServerTiles();
    if (this.holding) return;
    // Paging: ask for more when the prefetch window gets near the loaded end.
    if (!this.store.done) {
      const p = u.prefetch[1], end = p >= count ? L.contentHeight : L.itemFrame(p).y;
      if (L.contentHeight - end < this.height * 1.5) this.store.more().catch(() => 0);
    }
  }

  /** Ends the first screen's hold (app.js: once its thumbnails arrived): the rest follows. */
  release() {
    if (!this.holding) return;
    this.holding = false;
    this.update();
  }

  /** The server's tiles not adopted by now are not ours to show. */
  dropServerTiles() {
    if (!this.ssr) return;
    this.ssr.remove();
    this.ssr = null;
    this.adoptable.clear();
  }

  place(t, x, y, w, h) {
    t.f = [x, y, w, h];
    t.style.transform = `translate(${x}px,${y}px)`;
    t.style.width = w + 'px';
    t.style.height = h + 'px';
  }

  /**
   * Shows the store's new list after a change, as the engine's diff of the old and new ids says:
   * tiles that stay slide to their new place, inserts fade in, deletes fade out. With 'anchor', the
   * first photo under the header stays exactly where it was on screen (scrollTop absorbs the
   * height change above it), so live inserts and deletes never move what the user looks at;
   * with 'top' (new search results) the grid starts from the top.
   */
  applyDiff(old, mode) {
    const anchor = mode === 'anchor';
    const items = this.store.items, L = this.layout;
    const d = this.engine.diff(Int32Array.from(old, handle), Int32Array.from(items, handle));
    const gone = new Set(d.deletes), born = new Set(d.inserts);
    // The anchor stays the same photo from one change to the next until the user scrolls: in a
    // grid, a photo arriving above shifts each tile one column, and a new anchor each time
    // would let the first one drift down a row every few changes.
    let a = anchor && this.anchor;
    if (anchor && !(a && a.st === this.scroller.scrollTop && this.store.ids.has(a.id)) && L.count) {
      const offset = this.offset(), u = L.virtualize(offset, this.height, 0);
      a = null;
      for (let i = u.visible[0]; i < u.visible[1]; i++) {
        const f = L.itemFrame(i);
        if (!gone.has(i) && f.y + f.height > offset + HEADER) { a = { id: old[i].id, delta: f.y - offset }; break; }
      }
    }
    const motion = !reduced.matches, rects = new Map(), ghosts = [], tiles = new Map();
    if (motion) for (const t of this.tiles.values()) rects.set(t, t.getBoundingClientRect());
    const hiddenId = old[this.hidden]?.id;
    for (const [i, t] of this.tiles) {
      const j = gone.has(i) ? undefined : this.store.ids.get(t.dataset.photoId);
      if (j === undefined) { ghosts.push(t); continue; }
      tiles.set(j, t);
      t.dataset.i = j;
      t.img.alt = items[j].title || 'Photo';
    }
    this.tiles = tiles;
    this.hidden = this.store.ids.get(hiddenId) ?? -1;
    L.clear();
    this.sync();
    if (mode === 'top') this.scroller.scrollTop = 0;
    else if (a) this.scroller.scrollTop = this.space.scrollTop(Math.max(0, L.itemFrame(this.store.ids.get(a.id)).y - a.delta));
    if (a) a.st = this.scroller.scrollTop;
    this.anchor = a || null;
    this.lastTime = 0;
    this.update();
    const lr = this.layer.getBoundingClientRect();
    for (const t of ghosts) {
      t.removeAttribute('data-photo-id');
      t.removeAttribute('href');
      t.className = 'tile ghost';
      const r = rects.get(t);
      if (!r) { t.remove(); continue; }
      t.style.transition = 'none'; // it stays where it is seen, and only fades
      this.place(t, r.left - lr.left, r.top - lr.top, r.width, r.height);
    }
    if (!motion) { for (const t of ghosts) t.remove(); return; }
    // FLIP: put each tile back where it was, then let the transition carry it to its new place.
    const moving = [];
    for (const [j, t] of this.tiles) {
      const a = rects.get(t);
      if (!a) { if (born.has(j) || !old.length) { t.style.transition = 'none'; t.style.opacity = 0; moving.push(t); } continue; }
      // Where it goes, from the layout: its rect would still say where a running transition is.
      const [x, y, w, h] = t.f, b = { left: lr.left + x, top: lr.top + y };
      if (Math.abs(a.left - b.left) + Math.abs(a.top - b.top) + Math.abs(a.width - w) + Math.abs(a.height - h) < 0.5) continue;
      t.style.transition = 'none';
      t.style.transform = `translate(${x + a.left - b.left}px,${y + a.top - b.top}px)`;
      t.style.width = a.width + 'px'; t.style.height = a.height + 'px';
      moving.push(t);
    }
    void this.layer.offsetWidth; // commit the starting positions
    this.layer.classList.add('anim');
    for (const t of moving) { t.style.transition = ''; t.style.opacity = ''; this.place(t, ...t.f); }
    for (const t of ghosts) { t.style.transition = ''; t.style.opacity = 0; }
    setTimeout(() => { for (const t of ghosts) t.remove(); }, 400);
    clearTimeout(this.animTimer);
    this.animTimer = setTimeout(() => this.layer.classList.remove('anim'), 400);
  }

  mount(i) {
    const it = this.store.items[i];
    let t = this.adoptable.get(it.id), img;
    if (t) {
      this.adoptable.delete(it.id);
      this.adopted++;
      img = t.querySelector('img');
    } else {
      t = el('a', 'tile', { href: '/p/' + encodeURIComponent(it.id), 'data-photo-id': it.id });
      paintColor(t, it);
      img = el('img', '', { alt: it.title || 'Photo', draggable: 'false', elementtiming: 'thumb' });
      t.append(img);
    }
    t.dataset.i = i;
    if (i === this.hidden) t.style.visibility = 'hidden';
    t.img = img;
    this.layer.append(t);
    this.tiles.set(i, t);
    return t;
  }

  loadTile(t) {
    t.loaded = true;
    const img = t.img, it = this.store.items[+t.dataset.i];
    // An adopted server tile chose among its srcset by its own size already.
    const url = img.srcset ? img.getAttribute('src') : thumbURL(it, t.f[2], t.f[3]);
    show(img, url, (cached) => {
      img.dataset.fade = cached ? '0' : '1';
      img.className = cached ? 'in' : 'in fade';
    });
    this.hashes.add(t, it); // none once the image arrived, as a server tile's has by now (app.js)
  }

  unmount(i) {
    const t = this.tiles.get(i);
    if (!t) return;
    cancel(t.img);
    this.hashes.delete(t);
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

  /** The images of the tiles on screen. */
  visibleImages() {
    if (!this.layout.count) return [];
    const [a, b] = this.layout.virtualize(this.offset(), this.height, 0).visible, out = [];
    for (let i = a; i < b; i++) { const t = this.tiles.get(i); if (t) out.push(t.img); }
    return out;
  }
}
