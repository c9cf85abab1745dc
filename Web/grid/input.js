// The grid's input: a click on a tile goes to the session, which opens the viewer or changes the
// selection (Shift, Ctrl/Cmd, the tile's check, or anything selected already); a touch the session finds
// held long enough selects its tile and then paints over the tiles the finger crosses; a month's check
// selects the month; the context menu opens a tile's menu; the arrow keys move the focus to the tile the
// engine's layout finds beside, above or below, and x or Space toggles the focused tile.
import { policy } from '../core/policy.js';
/** @typedef {import('./grid.js').Grid} Grid */

/** The photo tile an event happened in. */
const tileAt = (/** @type {Event} */ e) => /** @type {Tile|null} */ (/** @type {Element} */ (e.target).closest('.tile[data-photo-id]'));
/** The library index of the photo tile under a viewport point, −1 for none. */
const indexAt = (/** @type {number} */ x, /** @type {number} */ y) => {
  const t = document.elementFromPoint(x, y)?.closest('.tile[data-photo-id]');
  return t instanceof HTMLElement ? Number(t.dataset.i) : -1;
};

export function listen(/** @type {Grid} */ grid) {
  const { scroller, session } = grid;
  /** @type {{tile: Tile, x: number, y: number}|null} the tile a touch is held on */
  let held = null;
  const touch = (/** @type {number} */ phase, /** @type {PointerEvent} */ e) => {
    if (held) grid.apply(session.pointer(phase, e.clientX, e.clientY, e.pointerId, performance.now(), indexAt(e.clientX, e.clientY)));
  };
  scroller.addEventListener('scroll', () => grid.schedule(), { passive: true });
  scroller.addEventListener('click', (e) => {
    const month = /** @type {Element} */ (e.target).closest('.month .check');
    if (month instanceof HTMLElement) { grid.apply(session.selectMonth(Number(month.dataset.section))); return; }
    const t = tileAt(e);
    if (!t || e.button) return;
    e.preventDefault();
    const toggle = e.ctrlKey || e.metaKey || !!(/** @type {Element} */ (e.target).closest('.check'));
    const f = session.click(Number(t.dataset.i), e.shiftKey, toggle, performance.now());
    grid.apply(f);
    if (f.open !== null) grid.onOpen(f.open);
  });
  scroller.addEventListener('keydown', (e) => {
    const t = tileAt(e), step = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1, ArrowUp: -2, ArrowDown: 2 })[e.key];
    if (t && (e.key === 'x' || e.key === ' ') && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      grid.apply(session.click(Number(t.dataset.i), e.shiftKey, true, performance.now()));
      return;
    }
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
    if (session.ignoresClick(performance.now()) || held) return;
    const r = t.getBoundingClientRect(), key = !e.clientX && !e.clientY;
    const m = policy.menuMargin;
    grid.onMenu(Number(t.dataset.i), key ? r.left + m : e.clientX, key ? r.top + m : e.clientY, t);
  });
  scroller.addEventListener('pointerdown', (e) => {
    const t = tileAt(e);
    held = t && e.pointerType === 'touch' ? { tile: t, x: e.clientX, y: e.clientY } : null;
    touch(1, e);
  });
  scroller.addEventListener('pointermove', (e) => touch(2, e));
  // While a long press paints, the finger selects rather than scrolls.
  scroller.addEventListener('touchmove', (e) => { if (grid.painting) e.preventDefault(); }, { passive: false });
  for (const k of ['pointerup', 'pointercancel']) scroller.addEventListener(k, (e) => { touch(3, /** @type {PointerEvent} */ (e)); held = null; });
}
