// The grid's input: a click opens a tile; the context menu, or a touch the session finds held long
// enough without moving or scrolling, opens its menu (and the click that lifts it is not a tap); the
// arrow keys move the focus to the tile the engine's layout finds beside, above or below.
/** @typedef {import('./grid.js').Grid} Grid */

/** The photo tile an event happened in. */
const tileAt = (/** @type {Event} */ e) => /** @type {Tile|null} */ (/** @type {Element} */ (e.target).closest('.tile[data-photo-id]'));

export function listen(/** @type {Grid} */ grid) {
  const { scroller, session } = grid;
  /** @type {{tile: Tile, x: number, y: number}|null} the tile a touch is held on */
  let held = null;
  const touch = (/** @type {number} */ phase, /** @type {PointerEvent} */ e) => {
    if (held) grid.apply(session.pointer(phase, e.clientX, e.clientY, e.pointerId, performance.now()));
  };
  scroller.addEventListener('scroll', () => grid.schedule(), { passive: true });
  scroller.addEventListener('click', (e) => {
    const t = tileAt(e);
    if (!t || e.metaKey || e.ctrlKey || e.shiftKey || e.button) return;
    e.preventDefault();
    if (!session.ignoresClick(performance.now())) grid.onOpen(Number(t.dataset.i));
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
    if (session.ignoresClick(performance.now())) return;
    const r = t.getBoundingClientRect(), key = !e.clientX && !e.clientY;
    grid.onMenu(Number(t.dataset.i), key ? r.left + 8 : e.clientX, key ? r.top + 8 : e.clientY, t);
  });
  scroller.addEventListener('pointerdown', (e) => {
    const t = tileAt(e);
    held = t && e.pointerType === 'touch' ? { tile: t, x: e.clientX, y: e.clientY } : null;
    touch(1, e);
  });
  scroller.addEventListener('pointermove', (e) => touch(2, e));
  for (const k of ['pointerup', 'pointercancel']) scroller.addEventListener(k, (e) => { touch(3, /** @type {PointerEvent} */ (e)); held = null; });
  grid.on((kind) => { if (kind === 'longpress' && held) grid.onMenu(Number(held.tile.dataset.i), held.x, held.y, held.tile); });
}
