// A Live or Motion Photo in the viewer: its motion plays over the still while the photo is held (the
// engine's long press, until its `holdEnded`) or while a mouse rests on the LIVE button, and the still
// shows again when it stops.
import { el } from '../core/images.js';
import { button } from './chrome.js';
import { unload } from './clip.js';

/** The motion's player for a Live Photo's slide, hidden over the still until it plays. */
export function motionPlayer(/** @type {Slide} */ sl, /** @type {Item} */ it) {
  if (!it.motion || it.kind === 'video' || it.status) return;
  const v = sl.motion = /** @type {HTMLVideoElement} */ (el('video', 'motion', {
    preload: 'metadata', playsinline: '', disablepictureinpicture: '', 'aria-hidden': 'true',
  }));
  v.src = it.motion.url;
  v.addEventListener('playing', () => v.classList.add('in'));
  v.addEventListener('ended', () => v.classList.remove('in'));
  sl.frame.append(v);
}

/** Plays a slide's motion from its start; with sound where the browser allows it after the gesture. */
export function playMotion(/** @type {Slide|undefined} */ sl) {
  const v = sl?.motion;
  if (!v) return false;
  v.currentTime = 0;
  v.play().catch(() => { if (!v.paused) return; v.muted = true; v.play().catch(() => 0); });
  return true;
}

/** Stops a slide's motion and shows its still. */
export function stopMotion(/** @type {Slide|undefined} */ sl) {
  const v = sl?.motion;
  if (!v) return;
  v.pause();
  v.classList.remove('in');
}

/** Lets go of a slide's motion and its connection. */
export function releaseMotion(/** @type {Slide} */ sl) { unload(sl.motion); }

/** The LIVE button of the top bar: shown for a Live Photo; a mouse over it, or a press, plays the motion. */
export function liveButton(/** @type {() => Slide|undefined} */ current) {
  const b = button('live', 'Play Live Photo', 'LIVE');
  b.hidden = true;
  b.addEventListener('pointerenter', (e) => { if (e.pointerType === 'mouse') playMotion(current()); });
  b.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') stopMotion(current()); });
  b.onclick = () => { const sl = current(); if (sl?.motion?.paused === false) stopMotion(sl); else playMotion(sl); };
  return b;
}
