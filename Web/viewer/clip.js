// A clip in the viewer: its player over the poster frame, and the bar that plays, pauses, seeks and mutes
// the current one. The viewer says which slide is current; only that clip plays.
import { el } from '../core/images.js';
import { clipTime } from '../core/duration.js';
import { button } from './chrome.js';
/** @typedef {import('./viewer.js').Viewer} Viewer */

/** The player for a clip's slide: hidden over the poster frame until its first frame can show. */
export function player(/** @type {Slide} */ sl, /** @type {Item} */ it) {
  if (it.kind !== 'video' || !it.video || it.status) return;
  const v = sl.clip = /** @type {HTMLVideoElement} */ (el('video', 'clip', {
    preload: 'metadata', playsinline: '', disablepictureinpicture: '', 'aria-label': it.title || 'Video',
  }));
  v.src = it.video.url;
  v.addEventListener('loadeddata', () => v.classList.add('in'), { once: true });
  sl.frame.append(v);
}

/** Stops a slide's clip and lets go of its connection. */
export function release(/** @type {Slide} */ sl) { unload(sl.clip); }

/** Stops a player and lets go of its connection. */
export function unload(/** @type {HTMLVideoElement|undefined} */ v) {
  if (!v) return;
  v.pause();
  v.removeAttribute('src');
  v.load();
}

export class ClipBar {
  constructor(/** @type {HTMLElement} */ root) {
    this.play = button('', 'Play', '▶');
    this.time = el('span', 'time', { 'aria-live': 'off' });
    this.seek = /** @type {HTMLInputElement} */ (el('input', 'seek', { type: 'range', min: '0', max: '1000', value: '0', 'aria-label': 'Seek' }));
    this.mute = button('', 'Mute', 'Mute', { 'aria-pressed': 'false' });
    this.bar = el('div', 'bar clipbar', {}, this.play, this.time, this.seek, this.mute);
    this.bar.hidden = true;
    root.append(this.bar);
    /** @type {HTMLVideoElement|null} */ this.video = null;
    this.play.onclick = () => this.toggle();
    this.mute.onclick = () => { if (this.video) this.video.muted = !this.video.muted; };
    this.seek.addEventListener('input', () => {
      const v = this.video;
      if (v && Number.isFinite(v.duration)) v.currentTime = (+this.seek.value / 1000) * v.duration;
    });
    this.update = () => this.show();
  }

  /** Shows the bar for this clip (and plays it), or hides it when the current slide is a photo. */
  attach(/** @type {HTMLVideoElement|null} */ v, autoplay = true) {
    if (this.video === v) return;
    const events = ['play', 'pause', 'timeupdate', 'durationchange', 'volumechange'];
    if (this.video) {
      for (const t of events) this.video.removeEventListener(t, this.update);
      this.video.pause();
    }
    this.video = v;
    this.bar.hidden = !v;
    if (!v) return;
    for (const t of events) v.addEventListener(t, this.update);
    this.show();
    if (autoplay) this.start();
  }

  /** Plays the clip; where the browser refuses sound without a gesture, plays it muted. */
  start() {
    const v = this.video;
    v?.play().catch(() => { if (v !== this.video || !v.paused) return; v.muted = true; v.play().catch(() => 0); });
  }

  toggle() {
    const v = this.video;
    if (!v) return false;
    if (v.paused) this.start(); else v.pause();
    return true;
  }

  show() {
    const v = this.video;
    if (!v) return;
    this.play.textContent = v.paused ? '▶' : '❚❚';
    this.play.setAttribute('aria-label', v.paused ? 'Play' : 'Pause');
    this.play.title = this.play.getAttribute('aria-label') || '';
    this.mute.setAttribute('aria-pressed', String(v.muted));
    const d = Number.isFinite(v.duration) ? v.duration : 0;
    this.time.textContent = `${clipTime(v.currentTime)} / ${clipTime(d)}`;
    if (document.activeElement !== this.seek) this.seek.value = String(d ? Math.round((v.currentTime / d) * 1000) : 0);
    this.seek.setAttribute('aria-valuetext', this.time.textContent);
  }
}
