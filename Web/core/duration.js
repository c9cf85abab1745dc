// How a clip's length reads on its tile and in the viewer's bar.

/** "0:07", "12:45", "1:02:03": whole seconds, as a player shows them. */
export function clipTime(/** @type {number} */ seconds) {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}
