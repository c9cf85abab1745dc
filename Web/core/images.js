// Placeholders and image loading helpers.
import { policy } from './policy.js';

/** @type {typeof import('./thumbhash.js')|null} the ThumbHash decoder, once `loadHashes` loaded it */
let decoder = null;
const painters = /** @type {Set<HashPainter>} */ (new Set());
/**
 * Loads the ThumbHash decoder. The first screen needs none (its tiles show their average colour until
 * their thumbnails come), so it comes after; the painters then paint what waited for it.
 */
export function loadHashes() {
  return import('./thumbhash.js').then((m) => { decoder = m; for (const p of painters) p.kick(); });
}

const hashes = /** @type {Map<string, string|null>} */ (new Map());
/** ThumbHash data URL for an item (cached), or null (also while the decoder is not loaded). */
export function placeholder(/** @type {Item} */ item) {
  const h = item.placeholder?.thumbHash;
  if (!h || !decoder) return null;
  let u = hashes.get(h);
  if (u === undefined) {
    try { u = decoder.thumbHashToDataURL(decoder.thumbHashFromBase64(h)); } catch { u = null; }
    hashes.set(h, u);
  }
  return u;
}

/**
 * Marks an element whose photo is not rendered yet (`Item.status`): no image to load, a label instead.
 * True when it was marked.
 */
export function markUnrendered(/** @type {HTMLElement} */ el, /** @type {Item} */ item) {
  if (!item.status) return false;
  el.classList.add(item.status);
  const label = el.querySelector('.state') ?? el.appendChild(document.createElement('span'));
  label.className = 'state';
  label.textContent = item.status === 'failed' ? 'Could not be processed' : 'Processing…';
  return true;
}

/** Paints the average colour: free, so it is always there first. */
export function paintColor(/** @type {HTMLElement} */ el, /** @type {Item} */ item) {
  const c = item.placeholder?.averageColor;
  if (c && /^#[0-9a-f]{3,8}$/i.test(c)) el.style.backgroundColor = c;
}

/** Paints the ThumbHash (about a millisecond to decode the first time a hash is seen). */
export function paintHash(/** @type {HTMLElement} */ el, /** @type {Item} */ item) {
  const u = placeholder(item);
  if (u) el.style.backgroundImage = `url("${u}")`;
}

/** Whether an element's image (`el.img`) has arrived. */
const arrived = (/** @type {Tile} */ el) => el.img?.complete && el.img.naturalWidth > 0;

/**
 * ThumbHashes for elements (grid tiles, viewer slides) still waiting for their image (`el.img`),
 * a few per frame: decoding one costs about a millisecond, and decoding a screenful at once would
 * hold the first screen, the first frame of the viewer and the frames of a scroll. Images usually
 * arrive first (preloaded or cached); an element whose image arrived, or that left the page,
 * before its turn is skipped.
 */
export class HashPainter {
  constructor(budget = policy.hashBudget) {
    this.budget = budget; // ms per frame
    this.queue = /** @type {Map<Tile, Item>} */ (new Map()); // element → item
    this.raf = 0;
    painters.add(this);
  }

  /** @param {Tile} el @param {Item} item */
  add(el, item) {
    if (!item.placeholder?.thumbHash || arrived(el)) return;
    if (hashes.has(item.placeholder.thumbHash)) { paintHash(el, item); return; } // cached: free
    this.queue.set(el, item);
    this.kick();
  }

  /** Paints the queue from the next frame on, once the decoder is there. */
  kick() { if (decoder && this.queue.size) this.raf ||= requestAnimationFrame(() => this.run()); }

  /** @param {Tile} el */
  delete(el) { this.queue.delete(el); }

  run() {
    this.raf = 0;
    const end = performance.now() + this.budget;
    for (const [el, item] of this.queue) {
      this.queue.delete(el);
      if (!el.isConnected || arrived(el)) continue;
      paintHash(el, item);
      if (performance.now() > end) break;
    }
    this.kick();
  }
}

/**
 * Whether this browser decodes WebP (asked once, by encoding a 1×1 canvas; a browser that decodes but cannot
 * encode WebP takes the JPEG, which every browser shows).
 */
/** @type {boolean|undefined} */
let webp;
export function decodesWebP() {
  if (webp === undefined) {
    try { webp = document.createElement('canvas').toDataURL('image/webp').startsWith('data:image/webp'); } catch { webp = false; }
  }
  return webp;
}

/**
 * A thumb's URL. Vitrine's `/assets` picks WebP or JPEG by Accept; a bucket or CDN (`--asset-base-url`)
 * cannot, so the API also gives the JPEG sibling (`jpegUrl`), and the engine picks by what the browser decodes.
 * @param {import('../engine/engine.js').Engine} engine @param {Variant} thumb
 */
export function thumbSrc(engine, thumb, canWebP = decodesWebP) {
  const format = engine.imageFormat({ decodesAVIF: false, decodesWebP: canWebP(), hasAVIF: false, hasWebP: true });
  return thumb.jpegUrl && format !== 'webp' ? thumb.jpegUrl : thumb.url;
}

/** URLs known to be decoded (safe to show without a blank frame). @type {Set<string>} */
export const decoded = new Set();

/**
 * Starts loading `url` into `img`. Calls `done(cached)` once it can be shown:
 * cached = true when it was complete right after setting src (no fade needed).
 * @param {HTMLImageElement} img @param {string} url @param {(cached: boolean) => void} done
 */
export function load(img, url, done) {
  img.decoding = 'async';
  img.src = url;
  if (img.complete && img.naturalWidth) { decoded.add(url); done(true); return; }
  img.decode().then(() => { if (img.getAttribute('src') === url) { decoded.add(url); done(false); } }, () => {});
}

/**
 * Like `load`, for images drawn smaller than their pixels (grid tiles): calls `done` on the load
 * event rather than after `decode()`, which decodes at full size off screen; drawn, a JPEG is
 * decoded straight to the scale the tile needs. Decoding stays async (a scroll never waits for
 * it): the placeholder shows until the image is drawn.
 * @param {HTMLImageElement} img @param {string} url @param {(cached: boolean) => void} done
 */
export function show(img, url, done) {
  img.decoding = 'async';
  if (img.getAttribute('src') !== url) img.src = url; // an adopted server tile's may be on its way
  if (img.complete && img.naturalWidth) { done(true); return; }
  img.onload = () => { img.onload = null; if (img.getAttribute('src') === url) done(false); };
}

/** Cancels a pending request. */
export function cancel(/** @type {HTMLImageElement} */ img) { img.removeAttribute('src'); }

/**
 * An element with its class, attributes and children; a string child is text (never markup).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} [cls] @param {Record<string, string|number>} [attrs] @param {(Node|string)[]} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, cls, attrs, ...kids) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (attrs) for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  e.append(...kids);
  return e;
}

let more = /** @type {Promise<unknown>|null} */ (null);
/** Loads more.css (the lazily loaded modules' styles) once; resolves when it applies. */
export function moreCSS() {
  if (!globalThis.document) return Promise.resolve(); // Node tests
  return more ||= new Promise((done) => {
    const l = el('link', '', { rel: 'stylesheet', href: new URL('../more.css', import.meta.url).href });
    l.onload = l.onerror = done;
    document.head.append(l);
  });
}
