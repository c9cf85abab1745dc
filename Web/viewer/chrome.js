// The viewer's chrome: its buttons, the bars' text for the current photo, its keys and sharing.
import { el } from '../core/images.js';
import { downloadURL, getJSON, token, photoURL } from '../core/api.js';
import { send } from '../core/owner.js';
import { photoPath } from '../core/scope.js';
import { policy } from '../core/policy.js';
import { dayText, gpsText, cameraText } from '../core/photo-text.js';
/** @typedef {import('./viewer.js').Viewer} Viewer */

export const button = (/** @type {string} */ cls, /** @type {string} */ label, /** @type {string} */ text, /** @type {Record<string, string>} */ attrs = {}) =>
  el('button', cls, { type: 'button', 'aria-label': label, title: label, ...attrs }, text);

/** The viewer's keys: Escape, arrows, zoom, a clip's Space and K, and Tab kept inside the dialog. */
export function key(/** @type {Viewer} */ v, /** @type {KeyboardEvent} */ e) {
  const target = /** @type {Element} */ (e.target);
  if (v.state === 'closed' || e.ctrlKey || e.metaKey || e.altKey || target.closest?.('.debug')) return;
  // Typing in the info panel's fields is not navigating.
  if (e.key !== 'Escape' && e.key !== 'Tab' && target.closest?.('input,textarea')) return;
  switch (e.key) {
    case 'Escape': if (v.panel?.open) v.panel.close(); else v.hooks.requestClose(); break;
    case 'ArrowRight': v.go(1); break;
    case 'ArrowLeft': v.go(-1); break;
    case '+': case '=': v.zoomStep('in'); break;
    case '-': v.zoomStep('out'); break;
    case '0': v.zoomStep('reset'); break;
    case 'f': favorite(v); break;
    // Space on a focused button or the seek bar is theirs.
    case ' ': if (target.closest?.('button,input') || !v.clips.toggle()) return; break;
    case 'k': if (!v.clips.toggle()) return; break;
    case 'Tab': {
      const f = /** @type {HTMLElement[]} */ ([...v.root.querySelectorAll('button:enabled,a[href],input')]).filter((b) => b.offsetParent);
      if (!f.length) break;
      const i = f.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      const n = e.shiftKey ? (i <= 0 ? f.length - 1 : i - 1) : (i + 1) % f.length;
      f[n].focus();
      break;
    }
    default: return;
  }
  e.preventDefault();
  v.kick();
}

/** The bars for the current photo: its place in the library, title, day and download. */
export function updateChrome(/** @type {Viewer} */ v) {
  const it = v.item();
  if (!it) return;
  const total = v.store.count;
  v.pos.textContent = `${v.current + 1} of ${total}`;
  v.prevBtn.disabled = v.current <= 0;
  v.nextBtn.disabled = v.current >= total - 1;
  v.title.textContent = it.title || '';
  v.when.textContent = dayText(it.takenAt);
  // The place (or the camera) is in the photo's details: asked for once the viewer stays on it.
  clearTimeout(v.metaTimer);
  v.metaTimer = setTimeout(() => describe(v, it), policy.detailsPause);
  v.heartBtn.hidden = !token();
  v.liveBtn.hidden = !it.motion || it.kind === 'video' || !!it.status;
  v.dl.href = downloadURL(it);
  v.dl.setAttribute('download', it.title || it.id);
}

/** The top bar's day, then the place where the photo has one, else the camera. */
async function describe(/** @type {Viewer} */ v, /** @type {Item} */ it) {
  let d = v.details.get(it.id);
  if (!d) v.details.set(it.id, d = getJSON(photoURL(it.id)));
  const found = await d.then((x) => x, () => { v.details.delete(it.id); return null; });
  if (v.item()?.id !== it.id) return;
  const where = found ? (found.location ? gpsText(found.location) : cameraText(found)) : '';
  v.when.textContent = [dayText(it.takenAt), where].filter(Boolean).join(' · ');
  if (found) heart(v, !!found.favorite);
}

function heart(/** @type {Viewer} */ v, /** @type {boolean} */ on) {
  v.heartBtn.setAttribute('aria-pressed', String(on));
  v.heartBtn.textContent = on ? '♥' : '♡';
  v.heartBtn.setAttribute('aria-label', on ? 'Unfavourite' : 'Favourite');
}

/** The heart: the current photo joins the favourites, or leaves them (signed in only). */
export async function favorite(/** @type {Viewer} */ v) {
  const it = v.item();
  if (!it || !token()) return;
  const on = v.heartBtn.getAttribute('aria-pressed') !== 'true';
  heart(v, on);
  try {
    const d = send('PATCH', photoURL(it.id), { favorite: on });
    v.details.set(it.id, d);
    await d;
  } catch {
    v.details.delete(it.id);
    if (v.item()?.id === it.id) heart(v, !on);
    v.toast.textContent = `Couldn't update favourite`;
    clearTimeout(v.toastTimer);
    v.toastTimer = setTimeout(() => { v.toast.textContent = ''; }, policy.toastFor);
  }
}

/** The share sheet, else the link copied. */
export async function share(/** @type {Viewer} */ v) {
  const it = v.item();
  if (!it) return;
  const url = location.origin + photoPath(it.id);
  if ('share' in navigator) { try { await navigator.share({ title: it.title ?? undefined, url }); } catch { /* cancelled */ } return; }
  try { await navigator.clipboard.writeText(url); } catch {
    const t = el('textarea'); t.value = url; v.root.append(t); t.select(); document.execCommand('copy'); t.remove();
  }
  v.toast.textContent = 'Link copied';
  clearTimeout(v.toastTimer);
  v.toastTimer = setTimeout(() => { v.toast.textContent = ''; }, policy.toastFor);
}
