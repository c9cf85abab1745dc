// Placeholders and image loading helpers.
import { thumbHashToDataURL, thumbHashFromBase64 } from './thumbhash.js';

const hashes = new Map();
/** ThumbHash data URL for an item (cached), or null. */
export function placeholder(item) {
  const h = item.placeholder?.thumbHash;
  if (!h) return null;
  let u = hashes.get(h);
  if (u === undefined) {
    try { u = thumbHashToDataURL(thumbHashFromBase64(h)); } catch { u = null; }
    hashes.set(h, u);
  }
  return u;
}

/** Paints the average colour and ThumbHash behind an element. */
export function paintPlaceholder(el, item) {
  const c = item.placeholder?.averageColor;
  if (c && /^#[0-9a-f]{3,8}$/i.test(c)) el.style.backgroundColor = c;
  const u = placeholder(item);
  if (u) el.style.backgroundImage = `url("${u}")`;
}

/** URLs known to be decoded (safe to show without a blank frame). */
export const decoded = new Set();

/**
 * Starts loading `url` into `img`. Calls `done(cached)` once it can be shown:
 * cached = true when it was complete right after setting src (no fade needed).
 */
export function load(img, url, done) {
  img.decoding = 'async';
  img.src = url;
  if (img.complete && img.naturalWidth) { decoded.add(url); done(true); return; }
  img.decode().then(() => { if (img.getAttribute('src') === url) { decoded.add(url); done(false); } }, () => {});
}

/** Cancels a pending request. */
export function cancel(img) { img.removeAttribute('src'); }

export function el(tag, cls, attrs) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

let more = null;
/** Loads more.css (the lazily loaded modules' styles) once; resolves when it applies. */
export function moreCSS() {
  if (!globalThis.document) return Promise.resolve(); // Node tests
  return more ||= new Promise((done) => {
    const l = el('link', '', { rel: 'stylesheet', href: new URL('./more.css', import.meta.url).href });
    l.onload = l.onerror = done;
    document.head.append(l);
  });
}
