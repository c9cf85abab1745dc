// The scrubber on the grid's right edge: years placed where the engine's layout puts them, a handle at
// the scroll position, and a drag (mouse, pen or a thumb on a phone's edge) that moves the grid through
// the whole library with the month under it in a label. The grid loads nothing while it moves, and the
// month it stops on as soon as it is released.
import { el, moreCSS } from '../core/images.js';
import { scrubberTrack, scrubberLabels } from '../engine/scrubber-engine.js';

await moreCSS(); // its styles apply before it shows

export class Scrubber {
  constructor(/** @type {import('./grid.js').Grid} */ grid, /** @type {import('../engine/viewer-engine.js').ViewerEngine} */ engine) {
    this.grid = grid;
    this.engine = engine;
    this.track = el('div', 'track');
    this.handle = el('div', 'handle');
    this.bubble = el('div', 'bubble', { 'aria-hidden': 'true' });
    this.root = el('div', 'scrubber', { role: 'scrollbar', 'aria-orientation': 'vertical', 'aria-label': 'Timeline',
      'aria-controls': 'grid', 'aria-valuemin': '0', 'aria-valuemax': '100', tabindex: '-1' }, this.track, this.handle, this.bubble);
    document.body.append(this.root);
    this.dragging = /** @type {{id: number}|null} */ (null);
    this.drawn = '';
    grid.on((kind) => {
      if (kind === 'update') this.position();
      else if (kind === 'layout' || kind === 'loaded' || kind === 'months') this.marks();
    });
    this.root.addEventListener('pointerdown', (e) => this.down(e));
    this.root.addEventListener('pointermove', (e) => this.move(e));
    this.root.addEventListener('pointerup', (e) => this.up(e));
    this.root.addEventListener('pointercancel', (e) => this.up(e));
    this.marks();
  }

  /** The track on screen, as the engine places it for the grid's extent. */
  get bounds() { const g = this.grid; return scrubberTrack(this.engine, g.topBar, innerHeight, g.maxOffset); }

  /** Year labels at their first month's place; months in between only in the bubble. */
  marks() {
    const g = this.grid, ms = g.lib.months, b = this.bounds;
    this.root.hidden = !ms.length || !b.shows;
    if (this.root.hidden) return;
    const all = /** @type {[number, number][]} */ ([]);
    for (let s = 0; s < ms.length; s++) if (g.timeline.section(s)?.opensYear) all.push([ms[s].year, b.labelY(g.sectionTop(s))]);
    // Years closer than a label: the engine keeps the first, which stands for both.
    const years = [...scrubberLabels(this.engine, all.map(([, y]) => y))].map((k) => all[k]);
    // Pages arriving move the years by less than a pixel, if at all: the DOM changes only when they move.
    const key = years.join(';');
    if (key !== this.drawn) {
      this.drawn = key;
      this.track.replaceChildren(...years.map(([year, y]) => {
        const m = el('span', 'mark', {}, String(year));
        m.style.transform = `translateY(${y}px)`;
        return m;
      }));
      this.track.style.top = b.top + 'px';
    }
    this.position();
  }

  /** The handle at the scroll position (and the bubble's month while dragging). */
  position() {
    if (this.root.hidden) return;
    // The offset the grid laid out at: reading scrollTop here, after the grid moved its tiles, would
    // force a layout in the middle of the frame.
    const g = this.grid, b = this.bounds, offset = g.lastOffset, y = b.handleY(offset);
    this.handle.style.transform = `translateY(${y}px) translateY(-50%)`;
    this.root.setAttribute('aria-valuenow', String(Math.round(b.fraction(offset) * 100)));
    const s = g.currentSection(offset), m = g.lib.months[s];
    const label = m ? `${this.grid.engine.monthName(m.month)} ${m.year}` : '';
    this.root.setAttribute('aria-valuetext', label);
    if (this.dragging) {
      this.bubble.textContent = label;
      this.bubble.style.transform = `translateY(${y}px) translateY(-50%)`;
    }
  }

  down(/** @type {PointerEvent} */ e) {
    if (e.pointerType === 'mouse' && e.button) return;
    e.preventDefault();
    try { this.root.setPointerCapture(e.pointerId); } catch { /* a pointer already gone */ }
    this.dragging = { id: e.pointerId };
    this.root.classList.add('dragging');
    this.grid.scrub(true);
    this.move(e);
  }

  move(/** @type {PointerEvent} */ e) {
    if (!this.dragging || e.pointerId !== this.dragging.id) return;
    this.grid.scrollToOffset(this.bounds.offset(e.clientY));
    this.grid.update();
  }

  up(/** @type {PointerEvent} */ e) {
    if (!this.dragging || e.pointerId !== this.dragging.id) return;
    this.dragging = null;
    this.root.classList.remove('dragging');
    this.grid.scrub(false); // the month it stopped on loads now
    this.grid.emit('jumped');
  }
}
