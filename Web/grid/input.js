// The grid's input: a click opens a tile; the context menu, or a touch that stays pressed without moving,
// opens its menu (the engine's GalleryPolicy times the press and ignores the click that ends it); the
// arrow keys move the focus to the tile the engine's layout finds beside, above or below.
/** @typedef {import('./grid.js').Grid} Grid */

/** The photo tile an event happened in. */
const tileAt = (/** @type {Event} */ e) => /** @type {Tile|null} */ (/** @type {Element} */ (e.target).closest('.tile[data-photo-id]'));

export function listen(/** @type {Grid} */ grid) {
  const { scroller, engine, policy } = grid;
  /** @type {{x: number, y: number, id: number, timer: number, fired?: boolean}|null} a touch that may become a long press */
  let press = null;
  let pressed = -Infinity; // when a long press last opened the menu
  const cancelPress = () => { if (press) { clearTimeout(press.timer); press = null; } };
  scroller.addEventListener('scroll', () => { cancelPress(); grid.schedule(); }, { passive: true });
  scroller.addEventListener('click', (e) => {
    const t = tileAt(e);
    if (!t || e.metaKey || e.ctrlKey || e.shiftKey || e.button) return;
    e.preventDefault();
    if (engine.ignoresClick(performance.now(), pressed)) return; // the long press opened the menu
    grid.onOpen(Number(t.dataset.i));
  });
  scroller.addEventListener('keydown', (e) => {
    const t = tileAt(e), step = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1, ArrowUp: -2, ArrowDown: 2 })[e.key];
    if (!t || !step || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    const j = grid.timeline.neighbour(Number(t.dataset.i), step);
    grid.reveal(j);
    grid.tile(j)?.focus({ preventScroll: true });
  });
  scroller.addEventListener('contextmenu', (e) => {
    const t = tileAt(e);
    if (!t) return;
    e.preventDefault();
    if (engine.ignoresClick(performance.now(), pressed)) return;
    const r = t.getBoundingClientRect(), key = !e.clientX && !e.clientY;
    grid.onMenu(Number(t.dataset.i), key ? r.left + 8 : e.clientX, key ? r.top + 8 : e.clientY, t);
  });
  scroller.addEventListener('pointerdown', (e) => {
    const t = tileAt(e);
    if (!t || e.pointerType !== 'touch') return;
    cancelPress();
    const p = press = { x: e.clientX, y: e.clientY, id: e.pointerId, fired: /** @type {boolean} */ (false), timer: setTimeout(() => {
      p.fired = true;
      pressed = performance.now();
      grid.onMenu(Number(t.dataset.i), e.clientX, e.clientY, t);
    }, policy.longPress) };
  });
  scroller.addEventListener('pointermove', (e) => {
    const p = press;
    if (p && !p.fired && p.id === e.pointerId && Math.hypot(e.clientX - p.x, e.clientY - p.y) > policy.pressSlop) cancelPress();
  });
  // However long the finger stays after the menu opened, lifting it is not a tap.
  for (const k of ['pointerup', 'pointercancel']) {
    scroller.addEventListener(k, () => { if (press?.fired) pressed = performance.now(); cancelPress(); });
  }
}
