// The viewer's deck: the slides around the current photo, as the engine's deck plans them.
import { paintColor, load, cancel, decoded, el, thumbSrc, markUnrendered } from '../core/images.js';
import { player, release } from './clip.js';
import { motionPlayer, releaseMotion } from './motion.js';
import { aspectOf } from '../core/policy.js';
/** @typedef {import('./viewer.js').Viewer} Viewer */

/** Slide k's accessibility: the current one is announced, the others hidden. */
export function mark(/** @type {Viewer} */ v, /** @type {number} */ k, /** @type {Slide} */ sl) {
  const cur = k === v.current;
  if (cur) { sl.setAttribute('aria-current', 'true'); sl.dataset.photoId = v.item(k)?.id; sl.removeAttribute('aria-hidden'); }
  else { sl.removeAttribute('aria-current'); delete sl.dataset.photoId; sl.setAttribute('aria-hidden', 'true'); }
}

/**
 * The slides around the current photo, and the pages of those not loaded yet. None while an open's
 * first frames show the photo flying from its tile (or the viewer fading in) alone, as the engine
 * decides: the slides follow.
 */
export function deck(/** @type {Viewer} */ v) {
  const n = v.store.count;
  if (v.opened >= 0) return;
  const want = new Set(v.engine.deck({ current: v.current, loaded: n, total: n, direction: v.dir || 0, speed: v.speed || 0, ...v.reach }, n));
  for (const k of [...v.slides.keys()]) if (!want.has(k)) drop(v, k);
  for (const k of want) {
    if (v.slides.has(k)) continue;
    if (v.item(k)) slide(v, k);
    else v.store.ensure(k).catch(() => 0);
  }
}

function slide(/** @type {Viewer} */ v, /** @type {number} */ k) {
  const it = /** @type {Item} */ (v.item(k));
  const sl = /** @type {Slide} */ (el('div', 'slide'));
  const fr = sl.frame = /** @type {Slide['frame']} */ (el('div', 'frame'));
  paintColor(fr, it);
  const thumb = el('img', 'lo', { alt: it.title || 'Photo', draggable: 'false' });
  fr.img = thumb;
  thumb.onerror = () => { thumb.style.visibility = 'hidden'; }; // no broken-image icon over the placeholder
  const hi = el('img', 'hi', { alt: '', draggable: 'false' });
  fr.append(thumb, hi);
  if (!markUnrendered(fr, it)) {
    thumb.src = gridThumb(v, k) || thumbSrc(v.grid.engine, it.thumb);
    v.hashes.add(fr, it); // only while the thumbnail loads (it is usually cached from the grid)
    load(hi, it.preview.url, () => hi.classList.add('in'));
  }
  player(sl, it);
  motionPlayer(sl, it);
  sl.pid = it.id;
  sl.status = it.status ?? '';
  sl.append(fr);
  layoutSlide(v, sl, it);
  mark(v, k, sl);
  v.stage.append(sl);
  v.slides.set(k, sl);
}

export function layoutSlide(/** @type {Viewer} */ v, /** @type {Slide} */ sl, /** @type {Item} */ it) {
  const f = v.engine.fitRect(aspectOf(it), { x: 0, y: 0, width: v.w, height: v.h });
  const s = sl.frame.style;
  s.left = f.x + 'px'; s.top = f.y + 'px'; s.width = f.width + 'px'; s.height = f.height + 'px';
  sl.fitW = f.width;
}

export function drop(/** @type {Viewer} */ v, /** @type {number} */ k) {
  const sl = v.slides.get(k);
  if (!sl) return;
  for (const img of sl.querySelectorAll('img')) cancel(img);
  release(sl);
  releaseMotion(sl);
  sl.remove();
  v.slides.delete(k);
}

export function bestURL(/** @type {Viewer} */ v, /** @type {number} */ i) {
  const it = /** @type {Item} */ (v.item(i));
  for (const u of [it.original.url, it.preview.url]) if (decoded.has(u)) return u;
  return gridThumb(v, i) || thumbSrc(v.grid.engine, it.thumb);
}

/** The image the grid's tile i shows, when it has arrived (the small thumbnail, maybe): cached. */
function gridThumb(/** @type {Viewer} */ v, /** @type {number} */ i) {
  const img = v.grid.tile(i)?.img;
  return img?.complete && img.naturalWidth ? img.currentSrc : null;
}

