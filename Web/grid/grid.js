// The timeline grid, a renderer of the engine's gallery session: the session lays the whole library
// out as month sections from their counts and decides what to load, mount and keep, and when; this file
// sends it the scroll, the loads' outcomes and the library's changes, fetches, and moves tiles and headers.
import { paintColor, HashPainter, show, cancel, el, thumbSrc, markUnrendered } from '../core/images.js';
import { listen } from './input.js';
import { photoPath } from '../core/scope.js';
import { policy, aspectOf } from '../core/policy.js';
import { clipTime } from '../core/duration.js';

/** @typedef {import('../engine/engine.js').GalleryFrame} GalleryFrame @typedef {import('../engine/engine.js').TimelineRequest} TimelineRequest */

const reduced = matchMedia('(prefers-reduced-motion: reduce)');
/** The selection's checks (grid/marks.js), loaded with the first selection. */
let marks = /** @type {Promise<typeof import('./marks.js')>|null} */ (null);

/** @typedef {(kind: string, grid: Grid) => void} GridListener */
export class Grid {
  /**
   * @param {import('../engine/engine.js').Engine} engine @param {import('../core/library.js').Library} library @param {HTMLElement} scroller
   * @param {(i: number) => void} onOpen @param {(i: number, x: number, y: number, tile: Tile) => void} onMenu
   */
  constructor(engine, library, scroller, onOpen, onMenu) {
    this.engine = engine;
    this.lib = library;
    this.scroller = scroller;
    this.onOpen = onOpen;
    this.onMenu = onMenu;
    this.spacer = el('div', 'spacer');
    this.layer = el('div', 'layer');
    scroller.append(this.spacer, this.layer);
    this.tiles = /** @type {Map<number, Tile>} */ (new Map()); // library index → element (a photo's tile, or a place still loading)
    this.headers = /** @type {Map<number, HTMLElement>} */ (new Map()); // section → element
    // The layout the visitor chose, as the server rendered the page for it (GridStyle.swift).
    this.style = /** @type {'grid'|'justified'} */ (document.documentElement.dataset.layout === 'justified' ? 'justified' : 'grid');
    // The server's first-screen tiles (FirstScreen.swift), in the same places as ours in the 4:3 grid:
    // the first update adopts them, images and all, so nothing loads, decodes or paints twice.
    this.ssr = scroller.querySelector('.ssr');
    this.adoptable = /** @type {Map<string|undefined, Tile>} */ (new Map());
    if (this.ssr && this.style === 'grid') for (const t of this.ssr.querySelectorAll('a.tile')) if (t instanceof HTMLElement) this.adoptable.set(t.dataset.photoId, t);
    this.leaving = /** @type {Map<string|undefined, Tile>|null} */ (null); // the old filter's tiles, until the new one's photos arrive
    this.fading = /** @type {Set<Tile>} */ (new Set()); // tiles fading out
    this.adopted = 0;
    this.width = scroller.clientWidth;
    this.height = scroller.clientHeight;
    this.session = engine.createSession(this.config());
    this.session.offerSelection(!('nodownload' in document.body.dataset)); // nothing to do with one without downloads
    this.timeline = this.session.timeline; // the session's layout, for its queries
    this.session.resize(this.height, globalThis.devicePixelRatio || 1);
    this.space = engine.scrollSpace(0, this.height);
    this.contentHeight = 0;
    this.tops = /** @type {Float64Array|null} */ (null); // section tops, read again after a change
    this.scaled = false;
    this.inflight = /** @type {Map<number, AbortController>} */ (new Map()); // the session's load id → AbortController
    this.jumped = false; // the view was moved by the grid itself since the last update
    this.at = 0; // the session's offset
    this.timer = 0; // the session's next tick
    // What the last frame said (tests and the pill read them).
    this.velocity = 0;
    this.pageSize = 0;
    this.holding = true; // a cold start: only the screen until `release`
    this.retryAt = 0; // when a failed load is retried (performance.now() time), Infinity when it waits for the person
    this.hidden = -1; // tile hidden while its photo flies
    this.hashes = new HashPainter();
    this.waiting = 0; // places on screen whose photo has not arrived (last update)
    this.listeners = /** @type {Set<GridListener>} */ (new Set());
    this.raf = 0;
    this.lastOffset = 0; // the offset the last update laid out at (the scrubber's handle)
    this.selected = 0; // photos the session has selected
    this.partial = 0; // runs of photos held in part the session has still to read in full
    this.marked = false; // tiles may carry a selection mark
    this.painting = false; // a long press paints the selection
    this.reset();
    listen(this);
    new ResizeObserver(() => this.resize()).observe(scroller);
  }

  on(/** @type {GridListener} */ f) { this.listeners.add(f); }
  emit(/** @type {string} */ kind) { for (const f of this.listeners) f(kind, this); }

  /** The timeline's layout at the grid's width, from the engine's geometry (GridGeometry). */
  config() {
    const w = this.width, g = this.engine.gridGeometry(w);
    return {
      style: this.style, width: w, spacing: g.spacing,
      insets: { top: g.topBar, bottom: g.bottomInset, left: g.sideInset, right: g.sideInset },
      minimumTileWidth: g.minimumTileWidth, tileAspectRatio: g.tileAspectRatio,
      targetRowHeight: g.targetRowHeight,
      headerHeight: g.monthHeader, yearHeaderHeight: g.yearHeader, averageAspectRatio: g.averageAspectRatio,
    };
  }

  /** The height of the fixed top bar the grid scrolls under. */
  get topBar() { return this.engine.gridGeometry(this.width).topBar; }

  // ── The library's months into the engine ───────────────────────────────
  /** The library's months were replaced: lay them out afresh, with what is loaded, from the top. */
  reset() {
    this.unmountAll();
    this.build();
    this.scroller.scrollTop = 0;
    this.schedule();
  }

  /**
   * A new filter: its months from the top. The tiles on screen wait for their photos' new places, so a
   * photo that stays keeps its element (and its decoded image); the others fade out once the new
   * screen's photos arrived.
   */
  replace() {
    // Tiles still waiting from a filter before stay tracked, however fast the filters follow each other.
    const leaving = this.leaving = this.leaving || new Map();
    for (const t of this.tiles.values()) if (t.pending) this.unmountElement(t); else leaving.set(t.dataset.photoId, t);
    this.tiles = new Map();
    for (const h of this.headers.values()) h.remove();
    this.headers.clear();
    this.build();
    this.scroller.scrollTop = 0;
    clearTimeout(this.leaveTimer);
    this.leaveTimer = setTimeout(() => this.leave(), policy.filterLeave);
    this.update();
  }

  /** The old filter's tiles that no photo took over fade out (at once when the grid is laid out anew). */
  leave(now = false) {
    const rest = this.leaving;
    this.leaving = null;
    clearTimeout(this.leaveTimer);
    if (!rest) return;
    for (const t of rest.values()) {
      t.removeAttribute('data-photo-id');
      t.removeAttribute('href');
      t.className = 'tile ghost';
      if (now || reduced.matches) { this.unmountElement(t); continue; }
      t.style.transition = `opacity ${policy.tileFade}ms`;
      t.style.opacity = '0';
      this.fading.add(t);
      setTimeout(() => this.unmountElement(t), policy.tileFade);
    }
  }

  /**
   * The library's months changed in place (live changes): lay them out again, keeping the photo under
   * the header where it is on screen, whether photos came or went above it (at the top, new photos
   * come into view). `a`: the anchor taken before the library changed.
   */
  rebuild(a = this.anchor()) {
    // At the very top, new photos show there; further down, nothing on screen moves.
    const top = this.offset() < 1;
    this.build();
    this.rekey();
    if (top) this.scrollToOffset(0);
    else if (a) this.restore(a);
    this.update();
  }

  /**
   * Live changes the library placed (`Library.edits`): each goes to the session, which keeps the photo
   * under the top bar where it is on screen (at the very top, new photos show there).
   */
  edit(/** @type {Edit[]} */ edits) {
    for (const e of edits) {
      const a = aspects([e.photo]);
      this.apply(!e.photo ? this.session.deleted(e.section, e.index) : e.inserted ? this.session.inserted(e.section, e.index, a) : this.session.placed(e.section, e.index, a));
    }
    this.rekey();
    this.update();
  }

  /** Tiles follow their photos to their new places; places still loading are dropped. */
  rekey() {
    const tiles = new Map(), hidden = this.tiles.get(this.hidden)?.dataset.photoId;
    for (const [i, t] of this.tiles) {
      const j = t.pending ? -1 : this.lib.indexOf(t.dataset.photoId);
      if (j < 0) { this.unmountElement(t); continue; }
      t.dataset.i = String(j);
      tiles.set(j, t);
    }
    this.tiles = tiles;
    this.hidden = hidden === undefined ? -1 : this.lib.indexOf(hidden);
    for (const h of this.headers.values()) h.remove();
    this.headers.clear();
  }

  /**
   * Months and every loaded run into the session, with the runs held in part (the inline photos, which
   * it reads in full later): the loads for the old months are aborted, and the caller puts the view
   * where it belongs.
   */
  build() {
    const ms = this.lib.months;
    this.loads(this.session.months(ms));
    ms.forEach((m, /** @type {number} */ s) => {
      let start = -1, lo = -1, hi = -1;
      const items = m.items, n = Math.min(items.length, m.count);
      for (let k = 0; k <= n; k++) {
        const it = items[k];
        if (k < n && it && !it.preview) { if (lo < 0) lo = k; hi = k + 1; }
        if (k < n && it) { if (start < 0) start = k; continue; }
        if (start >= 0) this.placed(s, start, items.slice(start, k));
        start = -1;
      }
      if (lo >= 0) this.session.partial(s, lo, hi - lo);
    });
    this.sized();
  }

  /** What the viewer looks at, held by photo (or month) rather than by position. */
  anchor() {
    if (!this.lib.months.length) return null;
    const y = this.offset() + this.topBar, a = this.timeline.anchor(0, y);
    if (!a) return null;
    const m = this.lib.months[a.section];
    return { ...a, key: m.year * 100 + m.month, id: a.item >= 0 ? m.items[a.item]?.id : undefined };
  }

  restore(/** @type {Anchor} */ a) {
    let s = -1, item = a.item;
    const i = a.id === undefined ? -1 : this.lib.indexOf(a.id);
    if (i >= 0) { s = this.lib.sectionOf(i); item = i - this.lib.months[s].first; }
    else s = this.lib.sectionOfMonth(a.key);
    if (s < 0) s = Math.min(a.section, this.lib.months.length - 1);
    if (s < 0) return;
    this.dropServerTiles(); // the top of the library, in the flow above the spacer
    this.scrollToOffset(this.timeline.anchorY({ section: s, item, offset: a.offset }) - this.topBar);
  }

  /** The spacer and the scroll mapping after the content height changed. */
  sized() {
    const h = this.contentHeight = this.timeline.contentHeight;
    this.tops = null;
    this.space = this.engine.scrollSpace(h, this.height);
    this.spacer.style.height = this.space.scrollHeight + 'px';
    this.scaled = this.space.scrollHeight < h - 0.5;
  }

  /**
   * The small thumbnail when the engine finds it fills a w×h tile (object-fit: cover) at this screen's
   * pixel density, else the thumbnail.
   */
  thumbURL(/** @type {Item} */ it, /** @type {number} */ w, /** @type {number} */ h) {
    const s = it.small;
    return s && this.engine.usesSmallThumb(s, w, h, globalThis.devicePixelRatio || 1) ? s.url : thumbSrc(this.engine, it.thumb);
  }

  // ── Loading ───────────────────────────────────────────────────────────
  /**
   * What a frame of the session asks for outside the tiles: the view moved by a change of the layout,
   * loads to start and to abort, a tick at the time it gives, and a tile's menu.
   */
  apply(/** @type {GalleryFrame} */ f) {
    if (f.contentHeight !== this.contentHeight) this.sized();
    if (f.scrollTo !== null) this.scroller.scrollTop = this.space.scrollTop(f.scrollTo);
    this.loads(f);
    this.painting = f.painting;
    if (f.selected !== this.selected || f.selectionChanged) {
      this.selected = f.selected;
      this.mark();
      this.emit('selection');
    }
  }

  loads(/** @type {GalleryFrame} */ f) {
    for (const r of f.cancel) { this.inflight.get(r.id)?.abort(); this.inflight.delete(r.id); }
    for (const r of f.start) this.fetch(r);
    clearTimeout(this.timer);
    if (f.tickAt !== null) this.timer = setTimeout(() => this.render(this.session.tick(performance.now())), f.tickAt - performance.now());
    this.velocity = f.velocity;
    this.pageSize = f.pageSize;
    this.partial = f.partial;
    this.holding = f.holding;
    this.retryAt = f.failureStands ? Infinity : f.retryAt ?? 0;
    this.at = f.offset;
  }

  /** Resolves once no photo is held in part: the session reads them now, if it has not yet. */
  full() {
    this.apply(this.session.readInFull());
    return new Promise((done) => {
      const f = () => { if (!this.partial) { this.listeners.delete(f); done(undefined); } };
      this.listeners.add(f);
      f();
    });
  }

  /** Resolves once every place on screen has its photo, or after `limit` ms. */
  ready(/** @type {number} */ limit) {
    if (!this.waiting) return Promise.resolve();
    return new Promise((/** @type {(v?: unknown) => void} */ done) => {
      const t = setTimeout(done, limit);
      const f = () => { if (!this.waiting) { clearTimeout(t); this.listeners.delete(f); done(); } };
      this.listeners.add(f);
    });
  }

  /** Fetches a load of the session's and tells it how it went. */
  fetch(/** @type {TimelineRequest} */ r) {
    const ac = new AbortController();
    this.inflight.set(r.id, ac);
    this.emit('loading');
    this.lib.load(r.section, r.start, r.end, ac.signal).then((runs) => {
      if (this.inflight.get(r.id) !== ac) return;
      this.inflight.delete(r.id);
      if (runs) this.arrived(runs);
      this.apply(this.session.pageArrived(r.id, [], performance.now()));
      this.settled();
    }, (/** @type {HttpError} */ e) => {
      if (e.name === 'AbortError' || this.inflight.get(r.id) !== ac) return;
      this.inflight.delete(r.id);
      this.apply(this.session.pageFailed(r.id, performance.now()));
      this.emit('error');
      this.settled();
    });
  }

  settled() {
    if (!this.inflight.size) this.emit('idle');
    this.schedule();
  }

  /** Retries a failed load now (the pill's button). */
  retryNow() { this.apply(this.session.retryNow(performance.now())); this.schedule(); }

  /**
   * Loaded runs into the session's layout: each becomes exact, and the view moves by the session's
   * corrections, so the photo under the top bar stays where it is on screen.
   */
  placeRuns(/** @type {Run[]} */ runs) {
    const from = this.at, offset = this.offset();
    for (const r of runs) this.placed(r.section, r.start, r.items);
    this.sized();
    // The session's offset may trail the scroll by a frame: the view moves by its correction from where it is.
    if (this.at !== from) this.scroller.scrollTop = this.space.scrollTop(offset + this.at - from);
  }

  placed(/** @type {number} */ s, /** @type {number} */ start, /** @type {(Item|undefined)[]} */ items) {
    this.at = this.session.placed(s, start, aspects(items)).offset;
  }

  /**
   * A load's runs: placed, their places' empty tiles make way for the photos, and a tile still waiting
   * for its image takes its photo's ThumbHash (which photos held in part leave out).
   */
  arrived(/** @type {Run[]} */ runs) {
    this.placeRuns(runs);
    for (const r of runs) {
      const first = this.lib.months[r.section].first + r.start;
      for (let i = first; i < first + r.items.length; i++) {
        const t = this.tiles.get(i), it = this.lib.item(i);
        if (t?.pending) this.unmount(i); else if (t?.loaded && it) this.hashes.add(t, it);
      }
    }
    this.emit('loaded');
  }

  /** Runs the library loaded itself (the viewer's deck, a deep link): placed as a load's are. */
  adopt(/** @type {Run[]} */ runs) { this.arrived(runs); this.schedule(); }

  // ── Scrolling ─────────────────────────────────────────────────────────
  offset() { return this.space.contentOffset(this.scroller.scrollTop); }
  get maxOffset() { return Math.max(0, this.timeline.contentHeight - this.height); }

  scrollToOffset(/** @type {number} */ offset) {
    this.scroller.scrollTop = this.space.scrollTop(Math.max(0, Math.min(this.maxOffset, offset)));
    this.jumped = true; // a jump, not a movement
  }

  /** Home, End, PageUp and PageDown move the view as the session decides; false for another key. */
  key(/** @type {string} */ name) {
    const code = ['Home', 'End', 'PageUp', 'PageDown'].indexOf(name) + 1;
    if (!code) return false;
    this.update(); // the session first hears where the view is
    this.render(this.session.key(code));
    this.emit('jumped');
    return true;
  }

  /** The scrubber is dragged (nothing loads) or let go (the month it stopped on loads). */
  scrub(/** @type {boolean} */ on) {
    this.apply(this.session.scrubbing(on));
    this.update();
  }

  /** Content y of section `s`'s header. */
  sectionTop(/** @type {number} */ s) { return (this.tops ??= this.timeline.sectionTops())[s] ?? 0; }

  /** Shows month `s` from its header, below the page header. */
  jumpToSection(/** @type {number} */ s) {
    this.scrollToOffset(this.sectionTop(s) - this.topBar);
    this.update();
  }

  setStyle(/** @type {'grid'|'justified'} */ style) {
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

  /** Full relayout keeping the photo under the header in place. */
  relayout() {
    // Read the offset through a scroll space for the current viewport: the old one clamps scrollTop to
    // the old viewport's range, and the browser has already resized the scroller.
    this.space = this.engine.scrollSpace(this.contentHeight, this.height);
    this.unmountAll();
    this.loads(this.session.jump(this.offset()));
    this.session.layout(this.config());
    const f = this.session.resize(this.height, globalThis.devicePixelRatio || 1);
    this.sized();
    this.scroller.scrollTop = this.space.scrollTop(f.offset);
    this.loads(f);
    this.update();
    this.emit('layout');
  }

  schedule() {
    if (this.raf) return;
    this.raf = requestAnimationFrame((frame) => { this.raf = 0; this.update(frame); });
  }

  /**
   * Tells the session where the view is and renders its frame. `frame` is the animation frame's time,
   * when the browser took the scroll position: the time this callback runs is later by whatever the
   * frame did before it, which varies.
   */
  update(frame = performance.now()) {
    const offset = this.offset();
    this.render(this.jumped ? this.session.jump(offset) : this.session.scroll(offset, frame));
    this.jumped = false;
  }

  /**
   * Renders a frame: the tiles and headers of its mount band (placeholders for photos not loaded yet),
   * the server's first-screen tiles taken over within its reach, and the tiles mounted before kept
   * within its retain band.
   */
  render(/** @type {GalleryFrame} */ f) {
    this.apply(f);
    const st = this.scroller.scrollTop, offset = this.lastOffset = this.space.contentOffset(st);
    if (!this.lib.months.length) { this.unmountAll(); this.dropServerTiles(); this.waiting = 0; return; }
    const T = this.timeline, vh = this.height, { mount, reach, retain } = f;
    const origin = this.scaled ? offset : 0;
    this.layer.style.transform = this.scaled ? `translateY(${st}px)` : '';
    const keep = new Set(), heads = new Set();
    let waiting = 0;
    for (const sp of T.spans(reach.top, reach.bottom)) {
      const m = this.lib.months[sp.section];
      if (!m) continue;
      if (sp.header) { heads.add(sp.section); this.header(sp.section, origin); }
      if (sp.end <= sp.start) continue;
      const fr = T.frames(sp.section, sp.start, sp.end, origin).slice();
      for (let k = sp.start; k < sp.end; k++) {
        const i = m.first + k, o = (k - sp.start) * 4, it = m.items[k], y = fr[o + 1] + origin, h = fr[o + 3];
        if (!(y < mount.bottom && y + h > mount.top) && !(it && this.adoptable.has(it.id))) continue;
        keep.add(i);
        let t = this.tiles.get(i);
        // A place whose photo arrived, or a photo whose render landed since its tile was made.
        if (t && it && (t.pending || t.status !== (it.status ?? ''))) { this.unmount(i); t = undefined; }
        if (!t) t = it ? this.mount(i, it) : this.placeholder(i);
        this.place(t, fr[o], fr[o + 1], fr[o + 2], h);
        if (it && !t.loaded) this.loadTile(t, it);
        if (!it && y < offset + vh && y + h > offset) waiting++;
      }
    }
    this.dropServerTiles();
    for (const sp of T.spans(retain.top, retain.bottom)) {
      const first = this.lib.months[sp.section]?.first ?? 0;
      for (let k = sp.start; k < sp.end; k++) if (this.tiles.has(first + k)) keep.add(first + k);
    }
    for (const i of [...this.tiles.keys()]) if (!keep.has(i)) this.unmount(i);
    for (const s of [...this.headers.keys()]) if (!heads.has(s)) { this.headers.get(s)?.remove(); this.headers.delete(s); }
    this.waiting = waiting;
    this.mark();
    if (this.leaving && !waiting) this.leave();
    this.emit('update');
  }

  /** The tiles' and headings' checks as the session's selection has them, once anything was selected. */
  mark() { if (this.selected || this.marked) (marks ??= import('./marks.js')).then((m) => m.mark(this), () => { marks = null; }); }

  /** Ends the first screen's hold (app.js: once its thumbnails arrived): the rest follows. */
  release() {
    if (!this.holding) return;
    this.update(); // the session first hears where the view is now
    this.render(this.session.release());
  }

  /** The server's tiles not adopted by now are not ours to show. */
  dropServerTiles() {
    if (!this.ssr) return;
    this.ssr.remove();
    this.ssr = null;
    this.adoptable.clear();
  }

  place(/** @type {Tile} */ t, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w, /** @type {number} */ h) {
    t.f = [x, y, w, h];
    t.style.transform = `translate(${x}px,${y}px)`;
    t.style.width = w + 'px';
    t.style.height = h + 'px';
  }

  /** Month `s`'s header: its name, and the year above it where the year changes. */
  header(/** @type {number} */ s, /** @type {number} */ origin) {
    let h = this.headers.get(s);
    const sec = this.timeline.section(s);
    if (!sec) return;
    if (!h) {
      const m = this.lib.months[s], name = this.engine.monthName(m.month);
      h = el('div', 'month', { role: 'heading', 'aria-level': '2', 'data-section': s }, ...(sec.opensYear ? [el('span', 'year', {}, String(m.year))] : []),
        el('span', 'name', {}, name + (sec.opensYear ? '' : ' ' + m.year)),
        el('button', 'check', { type: 'button', role: 'checkbox', 'aria-checked': 'false', 'aria-label': `Select ${name} ${m.year}`, 'data-section': s }));
      this.layer.append(h);
      this.headers.set(s, h);
    }
    h.style.transform = `translate(0,${sec.top - origin}px)`;
    h.style.height = sec.headerHeight + 'px';
  }

  mount(/** @type {number} */ i, /** @type {Item} */ it) {
    let t = this.adoptable.get(it.id), img;
    const kept = this.leaving?.get(it.id);
    if (kept) {
      this.leaving?.delete(it.id);
      t = kept;
      img = t.img;
    } else if (t) {
      this.adoptable.delete(it.id);
      this.adopted++;
      img = t.querySelector('img') ?? undefined;
    } else {
      t = /** @type {Tile} */ (el('a', 'tile', { href: photoPath(it.id), 'data-photo-id': it.id }));
      paintColor(t, it);
      img = el('img', '', { alt: it.title || 'Photo', draggable: 'false', elementtiming: 'thumb' });
      t.append(img);
    }
    t.dataset.i = String(i);
    t.status = it.status ?? '';
    if (!t.querySelector('.check')) t.append(el('span', 'check', { 'aria-hidden': 'true' }));
    if (it.kind === 'video' && !t.querySelector('.length')) t.append(el('span', 'length', {}, clipTime(it.duration ?? 0)));
    if (it.motion && it.kind !== 'video' && !t.querySelector('.live')) t.append(el('span', 'live', { 'aria-hidden': 'true' }, 'LIVE'));
    if (i === this.hidden) t.style.visibility = 'hidden';
    t.img = img;
    this.layer.append(t);
    this.tiles.set(i, t);
    return t;
  }

  /** A place whose photo has not arrived: an empty tile. */
  placeholder(/** @type {number} */ i) {
    const t = /** @type {Tile} */ (el('div', 'tile pending', { 'aria-hidden': 'true' }));
    t.pending = true;
    this.layer.append(t);
    this.tiles.set(i, t);
    return t;
  }

  loadTile(/** @type {Tile} */ t, /** @type {Item} */ it) {
    t.loaded = true;
    if (markUnrendered(t, it)) return;
    // An adopted server tile chose among its srcset by its own size already.
    const img = /** @type {HTMLImageElement} */ (t.img), f = /** @type {number[]} */ (t.f);
    const url = img.srcset ? img.getAttribute('src') || '' : this.thumbURL(it, f[2], f[3]);
    show(img, url, (cached) => {
      img.dataset.fade = cached ? '0' : '1';
      img.className = cached ? 'in' : 'in fade';
    });
    this.hashes.add(t, it); // none once the image arrived, as a server tile's has by now (app.js)
  }

  unmount(/** @type {number} */ i) {
    const t = this.tiles.get(i);
    if (!t) return;
    this.unmountElement(t);
    this.tiles.delete(i);
  }

  unmountElement(/** @type {Tile} */ t) {
    this.fading.delete(t);
    if (t.img) cancel(t.img);
    this.hashes.delete(t);
    t.remove();
  }

  /** Every tile and header, and the old filter's tiles too: nothing stays where a new layout would not put it. */
  unmountAll() {
    this.leave(true);
    for (const t of [...this.fading]) this.unmountElement(t);
    for (const i of [...this.tiles.keys()]) this.unmount(i);
    for (const h of this.headers.values()) h.remove();
    this.headers.clear();
  }

  hide(/** @type {number} */ i) {
    const old = this.tiles.get(this.hidden);
    if (old) old.style.visibility = '';
    this.hidden = i;
    const t = this.tiles.get(i);
    if (t) t.style.visibility = 'hidden';
  }

  /** Library index `i` as (section, index in the month), or null. */
  where(/** @type {number} */ i) {
    const s = this.lib.sectionOf(i);
    return s < 0 ? null : { section: s, item: i - this.lib.months[s].first };
  }

  /** Content frame of library index `i`. */
  frame(/** @type {number} */ i) {
    const w = this.where(i);
    return w && this.timeline.itemFrame(w.section, w.item);
  }

  /** Tile i's rect in viewport coordinates (null if not laid out). */
  rect(/** @type {number} */ i) {
    const f = this.frame(i);
    if (!f) return null;
    const st = this.scroller.scrollTop, r = this.scroller.getBoundingClientRect();
    return { x: f.x + r.left, y: this.space.domY(f.y, st) - st + r.top, width: f.width, height: f.height };
  }

  /** Scrolls so tile i is fully in view (if it isn't), renders, and returns its rect. */
  reveal(/** @type {number} */ i) {
    const f = this.frame(i);
    if (!f) return null;
    const to = this.engine.revealOffset(f.y, f.height, this.offset(), this.topBar, this.height);
    if (to !== null) this.scrollToOffset(to);
    this.update();
    return this.rect(i);
  }

  tile(/** @type {number} */ i) { const t = this.tiles.get(i); return t && !t.pending ? t : null; }

  /** The images of the photo tiles on screen. */
  visibleImages() {
    return [...this.visibleTiles()].flatMap((t) => (t.img ? [t.img] : []));
  }

  /** The photo tiles on screen (`top`: below the page header, else under it too), in library order. */
  *visibleTiles(top = 0) {
    const offset = this.offset();
    for (const sp of this.timeline.spans(offset + top, offset + this.height)) {
      const first = this.lib.months[sp.section]?.first ?? 0;
      for (let k = sp.start; k < sp.end; k++) { const t = this.tile(first + k); if (t) yield t; }
    }
  }

  /** The month under the header line: [section, {year, month}]. */
  currentSection(offset = this.offset()) {
    const s = this.timeline.sectionAt(offset + this.topBar);
    return s < 0 ? -1 : s;
  }
}

/** Aspect ratios (width / height) of photos, the engine's stand-in where unknown. */
const aspects = (/** @type {(Item|undefined)[]} */ items) => Float32Array.from(items, aspectOf);
