// The selection as the grid shows it: each mounted tile's check and each month heading's, from the
// engine session's ranges (it decides what is selected; this only draws it).
/** @typedef {import('./grid.js').Grid} Grid */

/** Marks the mounted tiles and headings as the session's selection has them. */
export function mark(/** @type {Grid} */ grid) {
  const on = grid.selected > 0;
  document.body.classList.toggle('selecting', on);
  if (!on && !grid.marked) return;
  grid.marked = on;
  let lo = Infinity, hi = -1;
  for (const i of grid.tiles.keys()) { if (i < lo) lo = i; if (i > hi) hi = i; }
  const pairs = hi < 0 ? [] : grid.session.selected(lo, hi + 1);
  for (const [i, t] of grid.tiles) {
    if (t.pending) continue;
    const sel = pairs.some(([a, b]) => i >= a && i < b);
    t.classList.toggle('selected', sel);
    t.querySelector('.check')?.setAttribute('aria-checked', String(sel));
  }
  for (const [s, h] of grid.headers) {
    const m = grid.lib.months[s], b = h.querySelector('.check');
    if (!m || !b) continue;
    const n = grid.session.selected(m.first, m.first + m.count).reduce((k, [a, c]) => k + c - a, 0);
    b.setAttribute('aria-checked', n === 0 ? 'false' : n === m.count ? 'true' : 'mixed');
  }
}
