// A tile's menu (loaded on first use): long press on touch, the context menu on desktop.
// Open, Download original, Share (or Copy link), Show info, and in an album its owner's Use as album
// cover. Arrow keys move, Esc closes.
import { el, moreCSS } from '../core/images.js';
import { downloadURL, token } from '../core/api.js';
import { photoPath, scope } from '../core/scope.js';
import { policy } from '../core/policy.js';

await moreCSS(); // this module's styles apply before it shows anything

let current = /** @type {{root: HTMLElement, tile?: HTMLElement, off(): void}|null} */ (null);

export function closeMenu(/** @type {boolean} */ refocus) {
  if (!current) return;
  const { root, tile, off } = current;
  current = null;
  off();
  root.remove();
  if (refocus) tile?.focus?.({ preventScroll: true });
}

/**
 * @param {{x: number, y: number, item: Item, tile?: HTMLElement, scroller?: HTMLElement, open(): void, info(): void, toast(t: string): void}} o
 */
export function showMenu(o) {
  closeMenu(false);
  const it = o.item, url = location.origin + photoPath(it.id);
  const root = el('div', 'menu', { role: 'menu', 'aria-label': `Actions for ${it.title || 'photo'}`, 'data-photo-id': it.id });
  let armed = false;
  root.addEventListener('pointerdown', () => { armed = true; });
  const item = (/** @type {'a'|'button'} */ tag, /** @type {string} */ text, /** @type {(() => void)|null} */ act, /** @type {Record<string, string>} */ attrs) => {
    const b = el(tag, '', { role: 'menuitem', tabindex: '-1', ...attrs }, text);
    b.onclick = (e) => {
      // The finger that long-pressed lifts over the menu: only a press that began on it counts.
      if (e.detail && !armed) { e.preventDefault(); return; }
      if (act) { e.preventDefault(); act(); } closeMenu(!act);
    };
    root.append(b);
    return b;
  };
  item('button', 'Open', () => { closeMenu(false); o.open(); }, { type: 'button' });
  item('a', 'Download original', null, { href: downloadURL(it), download: it.title || it.id });
  item('button', 'share' in navigator ? 'Share…' : 'Copy link', async () => {
    closeMenu(true);
    if ('share' in navigator) { try { await navigator.share({ title: it.title ?? undefined, url }); } catch { /* cancelled */ } return; }
    try { await navigator.clipboard.writeText(url); o.toast('Link copied'); } catch { o.toast(url); }
  }, { type: 'button' });
  item('button', 'Show info', () => { closeMenu(false); o.info(); }, { type: 'button' });
  if (scope.kind === 'album' && token()) {
    item('button', 'Use as album cover', () => {
      closeMenu(true);
      import('./albums.js').then((a) => a.setCover(scope.id, it.id)).then(() => o.toast('Album cover set'), (e) => o.toast(e.message));
    }, { type: 'button' });
  }
  document.body.append(root);
  // Next to the pointer, kept on screen.
  const w = root.offsetWidth, h = root.offsetHeight;
  const m = policy.menuMargin;
  root.style.left = Math.max(m, Math.min(o.x, innerWidth - w - m)) + 'px';
  root.style.top = Math.max(m, Math.min(o.y, innerHeight - h - m)) + 'px';
  const items = /** @type {HTMLElement[]} */ ([...root.children]);
  items[0].focus({ preventScroll: true });
  const key = (/** @type {KeyboardEvent} */ e) => {
    const i = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const go = /** @type {Record<string, number>} */ ({ ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 })[e.key];
    if (go !== undefined) items[(go + items.length) % items.length].focus();
    else if (e.key === 'Escape') closeMenu(true);
    else if (e.key === 'Tab') { closeMenu(false); return; }
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const outside = (/** @type {Event} */ e) => { if (!root.contains(/** @type {Node} */ (e.target))) closeMenu(false); };
  const gone = () => closeMenu(false);
  // On the document: after a long press the lifted finger may have moved focus to the tile.
  document.addEventListener('keydown', key, true);
  document.addEventListener('pointerdown', outside, true);
  addEventListener('resize', gone);
  o.scroller?.addEventListener('scroll', gone, { passive: true });
  current = { root, tile: o.tile, off() {
    document.removeEventListener('pointerdown', outside, true);
    document.removeEventListener('keydown', key, true);
    removeEventListener('resize', gone);
    o.scroller?.removeEventListener('scroll', gone);
  } };
}
