// Photo viewer: the engine's ViewerGestures decides, this file renders.
import { paintColor, paintHash, HashPainter, load, cancel, el, moreCSS } from '../core/images.js';
import { button, key, updateChrome, share, favorite } from './chrome.js';
import { scope } from '../core/scope.js';
import { deck, mark, layoutSlide, drop, bestURL } from './deck.js';
import { aspectOf } from '../core/policy.js';
import { ClipBar, release } from './clip.js';
import { liveButton, playMotion, releaseMotion, stopMotion } from './motion.js';

await moreCSS(); // the viewer's styles apply before it shows anything

const viewed = new Set();
/** Counts a view (Pixabay's `views`) once per photo per visit; nothing waits for it. */
function countView(/** @type {Item} */ it) {
  if (viewed.has(it.id)) return;
  viewed.add(it.id);
  if (scope.kind !== 'link') fetch('/api/v1/photos/' + encodeURIComponent(it.id) + '/view', { method: 'POST', keepalive: true }).catch(() => {});
}
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

export class Viewer {
  /**
   * @param {import('../engine/viewer-engine.js').ViewerEngine} engine @param {import('../core/library.js').Library} store
   * @param {import('../grid/grid.js').Grid} grid @param {ViewerHooks} hooks
   */
  constructor(engine, store, grid, hooks) {
    this.engine = engine; this.store = store; this.grid = grid; this.hooks = hooks;
    this.slides = /** @type {Map<number, Slide>} */ (new Map());
    this.hashes = new HashPainter(); // ThumbHashes of slides whose thumbnail is not cached
    this.pointers = /** @type {Set<number>} */ (new Set());
    this.state = 'closed';
    this.current = -1;
    this.w = innerWidth; this.h = innerHeight;
    this.raf = 0; this.last = 0; this.lastChange = 0; this.dir = 0; this.speed = 0; this.target = 0; this.trans = false;
    this.opened = -1; // frames shown since open() while the deck (deck.js) and the bars wait, else −1
    this.releaseVelocity = 0; this.toastTimer = 0; this.metaTimer = 0; this.pointerType = '';
    this.details = /** @type {Map<string, Promise<Details>>} */ (new Map());
    /** @type {((p: number) => import('../engine/wasm.js').TransitionFrame)|null} the flight between tile and screen */
    this.path = null;
    /** @type {(p: number) => number} the backdrop's opacity along it */
    this.bg = (p) => p;
    this.shown = /** @type {string|undefined} */ (undefined); // the photo shown (its page may arrive after the viewer moved to it)
    this.opener = /** @type {Element|null} */ (null);
    this.panel = /** @type {import('./info.js').InfoPanel|undefined} */ (undefined);
    this.panelReady = /** @type {Promise<void>|undefined} */ (undefined);
    const root = this.root = el('div', 'viewer', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Photo viewer', tabindex: '-1' });
    // Shown, invisibly, for the frames it takes to style and lay it out once: closed, it keeps them.
    root.classList.add('warming');
    requestAnimationFrame(() => requestAnimationFrame(() => {
      root.classList.remove('warming');
      if (this.state === 'closed') root.hidden = true;
    }));
    this.backdrop = el('div', 'backdrop');
    this.stage = el('div', 'stage');
    this.flyImg = el('img', '', { alt: '' });
    this.fly = el('div', 'fly', { 'aria-hidden': 'true' }, this.flyImg);
    // The photo's title, its day and place (or camera), and where it is in the library.
    this.title = el('h2', 'title');
    this.when = el('p', 'when');
    this.pos = el('span', 'pos', { 'aria-live': 'polite' });
    this.closeBtn = button('x', 'Close', '✕');
    // With a mouse: buttons for what touch does by gestures.
    const zoomOut = button('mouse', 'Zoom out', '−'), zoomIn = button('mouse', 'Zoom in', '+');
    this.prevBtn = button('mouse nav prev', 'Previous photo', '‹');
    this.nextBtn = button('mouse nav next', 'Next photo', '›');
    this.playBtn = button('', 'Slideshow', '▶', { 'aria-pressed': 'false' });
    this.playTimer = 0;
    this.liveBtn = liveButton(() => this.slides.get(this.current));
    const top = el('div', 'bar top', {}, el('div', 'meta', {}, this.title, this.when, this.pos), this.liveBtn, this.playBtn, zoomOut, zoomIn, this.closeBtn);
    this.infoBtn = button('', 'Info', 'Info', { 'aria-expanded': 'false' });
    this.dl = el('a', 'btn', { 'aria-label': 'Download', title: 'Download', download: '' }, 'Download');
    const sharing = 'share' in navigator ? 'Share' : 'Copy link';
    this.shareBtn = button('', sharing, sharing);
    this.heartBtn = button('heart', 'Favourite', '♡', { 'aria-pressed': 'false' });
    const bottom = el('div', 'bar bottom', {}, this.heartBtn, this.infoBtn, this.dl, this.shareBtn);
    this.toast = el('div', 'toast', { role: 'status' });
    root.append(this.backdrop, this.stage, this.fly, this.prevBtn, this.nextBtn, top, bottom);
    this.clips = new ClipBar(root);
    root.append(this.toast);
    this.setState('closed');

    this.g = engine.createViewer({ width: innerWidth, height: innerHeight, aspectRatio: aspectOf(undefined) });
    this.springs = engine.createSprings(1);
    /** The flight's springs and the deck's reach, the engine's (`?debug` retunes them live). */
    this.flight = engine.transitionSprings();
    this.reach = engine.deckReach();

    const st = this.stage;
    st.addEventListener('pointerdown', (e) => {
      if (this.state !== 'open' || (e.pointerType === 'mouse' && e.button)) return;
      st.setPointerCapture?.(e.pointerId);
      this.pointers.add(e.pointerId);
      this.feed(e);
    });
    for (const t of /** @type {const} */ (['pointermove', 'pointerup', 'pointercancel'])) {
      st.addEventListener(t, (e) => {
        if (!this.pointers.has(e.pointerId)) return;
        if (t !== 'pointermove') this.pointers.delete(e.pointerId);
        if (this.state === 'open') this.feed(e);
      });
    }
    st.addEventListener('wheel', (e) => {
      if (this.state !== 'open') return;
      e.preventDefault();
      if (e.ctrlKey) this.zoomBy(this.engine.wheelZoom(e.deltaY), e.clientX, e.clientY, false);
    }, { passive: false });
    st.addEventListener('contextmenu', (e) => e.preventDefault());
    this.closeBtn.onclick = () => this.hooks.requestClose();
    zoomIn.onclick = () => this.zoomStep('in');
    zoomOut.onclick = () => this.zoomStep('out');
    this.playBtn.onclick = () => this.slideshow();
    this.prevBtn.onclick = () => this.go(-1);
    this.nextBtn.onclick = () => this.go(1);
    this.infoBtn.onclick = () => this.toggleInfo();
    this.shareBtn.onclick = () => share(this);
    this.heartBtn.onclick = () => favorite(this);
    document.addEventListener('keydown', (e) => key(this, e));
    // Pages the deck asked for: slides for the photos that arrived.
    store.on((kind) => { if (kind === 'loaded' && this.state !== 'closed') { deck(this); this.arrived(); updateChrome(this); this.kick(); } });
    addEventListener('resize', () => this.resize());
  }

  setState(/** @type {string} */ s) { this.state = s; this.root.dataset.state = s; }

  /** Starts or stops the slideshow: the engine says when it moves on, and that it ends on the last photo. */
  slideshow(on = !this.playTimer) {
    clearTimeout(this.playTimer);
    this.playTimer = 0;
    const delay = on && this.state !== 'closed' ? this.engine.slideshowDelay(this.current, this.store.count) : null;
    this.playBtn.setAttribute('aria-pressed', String(delay !== null));
    this.playBtn.textContent = delay !== null ? '❚❚' : '▶';
    if (delay !== null) this.playTimer = setTimeout(() => { this.go(1); this.slideshow(true); }, delay);
  }

  feed(/** @type {PointerEvent} */ e) { this.pointerType = e.pointerType; this.g.handlePointerEvent(e); this.kick(); }

  kick() { if (!this.raf) this.raf = requestAnimationFrame((t) => this.frame(t)); }

  get index() { return this.current; }
  item(i = this.current) { return this.store.item(i); }

  // ── Open / close ─────────────────────────────────────────────────────
  open(/** @type {number} */ index) {
    if (this.state !== 'closed') this.finish(true);
    const it = this.item(index);
    if (!it) return;
    // Read the tile's rect before the DOM changes: read after, it would force a layout.
    const tile = reducedMotion.matches ? null : this.grid.rect(index);
    this.opener = document.activeElement;
    this.root.hidden = false;
    this.root.classList.remove('bare', 'warming');
    this.w = innerWidth; this.h = innerHeight;
    this.g.setViewport(this.w, this.h);
    this.g.reset(index, this.store.count, aspectOf(it));
    this.current = -1;
    this.opened = 0;
    this.setCurrent(index, 0);
    this.render();
    const flies = tile && this.engine.tileFlies(tile, this.h);
    this.root.dataset.motion = flies ? 'fly' : 'fade';
    if (flies) {
      this.grid.hide(index);
      const vp = { x: 0, y: 0, width: this.w, height: this.h }, a = aspectOf(it);
      this.path = (p) => this.engine.transitionOpen(a, tile, vp, p);
      this.bg = (p) => p;
    }
    this.startTrans(0, 1, this.flight.open);
    this.setState('opening');
    this.kick();
    // Focus after the first frame is out: focusing forces a style and layout pass, which would
    // otherwise delay that frame. Keys reach the viewer meanwhile (its key handler is on document).
    requestAnimationFrame(() => setTimeout(() => {
      const showing = this.state === 'opening' || this.state === 'open';
      if (showing && !this.root.contains(document.activeElement)) this.root.focus({ preventScroll: true });
    }));
  }

  close() {
    this.slideshow(false);
    if (this.state === 'closed' || this.state === 'closing') return;
    this.panel?.close(true);
    const wasOpening = this.state === 'opening';
    this.setState('closing');
    this.playClip();
    const s = this.g.state, i = this.current, it = /** @type {Item} */ (this.item());
    let velocity = 0;
    if (this.root.dataset.motion === 'fly' && wasOpening && this.path) {
      this.springs.retarget(0, 0); // fly back along the same path
      this.target = 0;
      this.kick();
      return;
    }
    this.grid.hide(-1);
    const tile = reducedMotion.matches || !it ? null : this.grid.reveal(i);
    if (tile && this.engine.tileFlies(tile, this.h)) {
      this.root.dataset.motion = 'fly';
      this.grid.hide(i);
      const from = this.g.currentFrame();
      const to = { image: this.engine.fillRect(aspectOf(it), tile), clip: tile };
      const o = s.backgroundOpacity;
      this.path = (p) => this.engine.transitionLerp(from, to, p);
      this.bg = (p) => o * (1 - p);
      this.setFly(bestURL(this, i), it);
      // A flick keeps its speed along the flight, as the engine decides.
      velocity = this.engine.closeVelocity(this.releaseVelocity || 0, (to.image.y + to.image.height / 2) - (from.image.y + from.image.height / 2));
    } else {
      this.root.dataset.motion = 'fade';
      const o = wasOpening ? this.springs.values[0] : 1;
      this.bg = (p) => o * (1 - p);
    }
    this.releaseVelocity = 0;
    this.startTrans(0, 1, this.flight.close, velocity);
    this.kick();
  }

  startTrans(/** @type {number} */ from, /** @type {number} */ to, /** @type {{response: number, damping: number}} */ spring, velocity = 0) {
    this.springs.configure(0, { ...spring, ...this.flight.rest });
    this.springs.reset(0, from, velocity);
    this.springs.retarget(0, to);
    this.target = to;
    this.trans = true;
    const it = this.item();
    if ((this.state === 'closed' || this.root.dataset.motion === 'fly') && it) this.setFly(bestURL(this, this.current), it);
    this.renderTrans(from);
  }

  setFly(/** @type {string} */ url, /** @type {Item} */ it) {
    const img = this.flyImg;
    if (img.getAttribute('src') !== url) img.src = url;
    paintColor(img, it);
    // The image is usually cached (the grid showed it): then a ThumbHash would be hidden behind it.
    if (img.complete && img.naturalWidth) img.style.backgroundImage = ''; else paintHash(img, it);
  }

  renderTrans(/** @type {number} */ p) {
    const fly = this.root.dataset.motion === 'fly';
    const o = Math.max(0, Math.min(1, this.state === 'closing' && this.target === 1 ? this.bg(p) : p));
    this.fly.hidden = !fly;
    this.stage.style.visibility = fly ? 'hidden' : '';
    if (fly && this.path) {
      const f = this.path(p), c = f.clip, m = f.image;
      const s = this.fly.style, is = this.flyImg.style;
      s.transform = `translate(${c.x}px,${c.y}px)`; s.width = c.width + 'px'; s.height = c.height + 'px';
      is.transform = `translate(${m.x - c.x}px,${m.y - c.y}px)`; is.width = m.width + 'px'; is.height = m.height + 'px';
      this.backdrop.style.opacity = String(o);
      this.root.style.opacity = '';
    } else {
      this.root.style.opacity = String(o);
    }
  }

  /** Ends the running transition (or jumps to its end when forced). */
  finish(/** @type {boolean} */ forced) {
    this.trans = false;
    if (this.state === 'opening' && !forced) {
      this.setState('open');
      this.fly.hidden = true;
      this.stage.style.visibility = '';
      this.root.style.opacity = '';
      this.grid.hide(-1);
      if (this.root.contains(document.activeElement)) this.closeBtn.focus({ preventScroll: true });
      this.render();
      this.playClip();
      return;
    }
    if (this.state === 'closing' || forced) {
      const i = this.current;
      this.opened = -1;
      for (const k of [...this.slides.keys()]) drop(this, k);
      this.root.hidden = true;
      this.fly.hidden = true;
      this.flyImg.removeAttribute('src');
      this.setState('closed');
      this.grid.hide(-1);
      this.pointers.clear();
      const t = this.grid.tile(i);
      if (!forced) /** @type {HTMLElement|null} */ (t || this.opener)?.focus?.({ preventScroll: true });
      this.hooks.closed?.(i);
    }
  }

  // ── Frame loop ───────────────────────────────────────────────────────
  frame(/** @type {number} */ now) {
    this.raf = 0;
    // Once the engine stops the flight showing alone, the deck is made and the bars are filled.
    if (this.opened >= 0 && !this.engine.deckWaits(this.opened++)) { this.opened = -1; deck(this); updateChrome(this); }
    const last = this.last;
    this.last = now;
    let more = false;
    if (this.state === 'open') {
      more = this.g.tick(now) || this.pointers.size > 0;
      for (const e of this.g.takeEvents()) this.event(e);
      this.render();
    }
    if (this.trans) {
      const moving = this.springs.stepFrame(now, last);
      const p = this.springs.values[0];
      if (moving) { this.renderTrans(p); more = true; } else { this.renderTrans(this.target); this.finish(false); }
    }
    if ((more || this.opened >= 0) && this.state !== 'closed') this.kick(); else this.last = 0;
  }

  event(/** @type {{kind: string|null, x: number, index: number}} */ e) {
    // A tap hides the controls on a touch screen; a click, where the controls are the way to move, never does.
    // A click on a clip plays or pauses it.
    if (e.kind === 'tap' && this.pointerType === 'mouse') this.clips.toggle();
    else if (e.kind === 'tap') this.root.classList.toggle('bare');
    else if (e.kind === 'pageChanged') this.setCurrent(e.index);
    else if (e.kind === 'dismiss') { this.releaseVelocity = e.x; this.hooks.requestClose(); }
    else if (e.kind === 'longPress') playMotion(this.slides.get(this.current));
    else if (e.kind === 'holdEnded') stopMotion(this.slides.get(this.current));
  }

  render() {
    const s = this.g.state;
    for (const [k, sl] of this.slides) {
      sl.style.transform = `translate3d(${(k - s.index) * s.pageWidth + s.pagerOffset}px,0,0)`;
      sl.frame.style.transform = k === s.index ? `translate(${s.panX}px,${s.panY + s.dismissOffset}px) scale(${s.scale})` : '';
    }
    this.backdrop.style.opacity = String(s.backgroundOpacity);
    const drag = s.mode === 'dismissing' || s.mode === 'dismissed';
    this.root.classList.toggle('dragging', drag);
    if (this.grid.hidden !== (drag ? s.index : -1)) this.grid.hide(drag ? s.index : -1);
    if (!s.animating && !this.pointers.size) this.root.dataset.zoom = s.scale.toFixed(2);
    // Past the preview's resolution: load the original.
    const cur = this.slides.get(s.index), it = this.item(s.index);
    if (cur && it && !it.status && !cur.orig && this.engine.wantsOriginal(s.scale, cur.fitW, devicePixelRatio, it.preview.width, it.original.width)) {
      const img = cur.orig = el('img', 'hi', { alt: '' });
      cur.frame.append(img);
      load(img, it.original.url, () => img.classList.add('in'));
    }
  }

  // ── The current photo ────────────────────────────────────────────────
  setCurrent(/** @type {number} */ i, /** @type {number|undefined} */ speed = undefined) {
    const prev = this.current;
    this.current = i;
    const now = performance.now();
    speed ??= this.lastChange ? this.engine.swipeSpeed(this.w, now - this.lastChange) : 0;
    this.lastChange = now;
    this.dir = i >= prev ? 1 : -1;
    this.speed = speed;
    // A photo whose page has not arrived yet (a fast swipe past the deck) shows when it does.
    const it = this.item(i);
    this.shown = it?.id;
    if (it) { countView(it); if (prev >= 0) this.g.setPhoto(aspectOf(it)); }
    deck(this);
    for (const [k, sl] of this.slides) mark(this, k, sl);
    if (this.opened < 0) updateChrome(this);
    this.playClip();
    if (it && this.panel?.open) this.panel.load();
    if (it && prev >= 0 && prev !== i) this.hooks.changed?.(it.id);
  }

  /** The open viewer plays the current slide's clip, and only that one: a swipe away or a close pauses it. */
  playClip() {
    const clip = this.state === 'open' ? this.slides.get(this.current)?.clip ?? null : null;
    this.root.dataset.kind = this.item()?.kind === 'video' ? 'video' : 'photo';
    this.clips.attach(clip);
    for (const [k, sl] of this.slides) if (k !== this.current || this.state !== 'open') stopMotion(sl);
  }

  /** The current photo's page arrived after the viewer moved to it. */
  arrived() {
    const it = this.item();
    if (!it || this.shown === it.id) return;
    this.shown = it.id;
    countView(it);
    this.g.setPhoto(aspectOf(it));
    for (const [k, sl] of this.slides) mark(this, k, sl);
    this.playClip();
    if (this.panel?.open) this.panel.load();
    this.hooks.changed?.(it.id);
  }

  resize() {
    if (this.state === 'closed') return;
    this.w = innerWidth; this.h = innerHeight;
    this.g.setViewport(this.w, this.h);
    for (const [k, sl] of this.slides) layoutSlide(this, sl, /** @type {Item} */ (this.item(k)));
    this.kick();
  }

  // ── Zoom, info, library changes ──────────────────────────────────────
  /** Zooms by `f` around (x, y) as a two-finger pinch, so the engine's limits apply. */
  zoomBy(/** @type {number} */ f, /** @type {number} */ x, /** @type {number} */ y, animated = true) {
    this.g.zoomTo(this.g.state.scale * f, x, y, animated);
    this.kick();
  }

  /** The next (1) or previous (−1) photo. */
  go(/** @type {number} */ by) { if (this.state === 'open') { this.g.goTo(this.current + by); this.kick(); } }

  /** A zoom key or button around the centre, as the engine decides it (a step, or the double tap's toggle). */
  zoomStep(/** @type {'in'|'out'|'reset'} */ command) {
    const cx = this.w / 2, cy = this.h / 2, z = this.engine.zoomCommand(command, this.g.state.scale);
    if (z === 'toggle') this.g.toggleZoom(cx, cy); else if (z !== null) this.zoomBy(z, cx, cy);
    this.kick();
  }

  /** Opens (or closes, or with `show` forces) the info panel, loading info.js on first use. */
  async toggleInfo(/** @type {boolean|undefined} */ show = undefined) {
    await (this.panelReady ||= import('./info.js').then((m) => { this.panel = new m.InfoPanel(this); }));
    const panel = /** @type {import('./info.js').InfoPanel} */ (this.panel);
    if (show ?? !panel.open) panel.show(); else panel.close();
  }

  /**
   * Follows a change of the library (live refresh, re-query): slides keep their photos, and the viewer
   * stays on its photo, or moves where the engine's `follow` says if it was deleted.
   */
  remap() {
    if (this.state === 'closed') return;
    const lib = this.store, was = this.shown, pids = new Map([...this.slides].map(([k, sl]) => [k, sl.pid]));
    pids.set(this.current, was);
    const k = this.engine.follow(this.current, [...pids].filter(([, id]) => lib.indexOf(id) >= 0).map(([k]) => k));
    const i = k < 0 ? -1 : lib.indexOf(pids.get(k));
    if (i < 0) { this.hooks.requestClose(); return; }
    const slides = new Map();
    for (const sl of this.slides.values()) {
      const j = lib.indexOf(sl.pid);
      // A slide made while its photo was processing is made again once the render landed.
      if (j < 0 || sl.status !== (lib.item(j)?.status ?? '')) { for (const img of sl.querySelectorAll('img')) cancel(img); release(sl); releaseMotion(sl); sl.remove(); } else slides.set(j, sl);
    }
    this.slides = slides;
    const it = /** @type {Item} */ (lib.item(i));
    // Still on its photo (maybe at another index): zoom and pan stay. On another one: reset.
    if (it.id === was) this.g.reindex(i, lib.count);
    else this.g.reset(i, lib.count, aspectOf(it));
    this.current = -1;
    this.setCurrent(i, 0);
    if (it.id !== was) this.hooks.changed?.(it.id);
    this.kick();
  }
}
