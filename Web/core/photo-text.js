// How the viewer and its info panel word a photo's day, place and camera (loaded with the viewer).

/**
 * One formatter, made when the viewer loads (while the browser is idle): making one takes the locale's
 * data, about 15 ms on a slow machine, which `toLocaleDateString` paid again on every call, the
 * viewer's first open included.
 */
const DAY = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', dateStyle: 'medium' });
DAY.format(0);

/** "29 Apr 2014": the day on the wall clock the photo was taken at, or '' without one. */
export function dayText(takenAt = '') {
  const m = /^(\d{4})-(\d\d)-(\d\d)/.exec(takenAt);
  return m ? DAY.format(Date.UTC(+m[1], +m[2] - 1, +m[3])) : '';
}
export function gpsText(/** @type {{latitude: number, longitude: number}} */ { latitude: a, longitude: o }) {
  return `${Math.abs(a).toFixed(5)}° ${a < 0 ? 'S' : 'N'}, ${Math.abs(o).toFixed(5)}° ${o < 0 ? 'W' : 'E'}`;
}
/** "Canon EOS 70D": the model, with the make unless the model starts with it. */
export function cameraText(/** @type {Details} */ d) {
  return d.cameraModel && d.cameraMake && !d.cameraModel.startsWith(d.cameraMake) ? `${d.cameraMake} ${d.cameraModel}` : d.cameraModel || d.cameraMake || '';
}
