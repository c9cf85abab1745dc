// ?debug: live tuning of the motion, from the engine's values: the flights' springs, the deck's reach,
// and the gesture springs, dismiss thresholds and zoom levels (through the running viewer's configure()).
import { deck } from './deck.js';
import { el } from '../core/images.js';

const FLIGHTS = { response: [0.1, 1.5, 0.01], damping: [0.2, 1.5, 0.01] };
const REACH = { behind: [0, 5, 1], aheadAtRest: [0, 8, 1], maximumAhead: [0, 12, 1] };
const GESTURES = {
  pageResponse: [0.05, 1, 0.01], pageDamping: [0.2, 1.5, 0.01],
  settleResponse: [0.1, 1.5, 0.01], settleDamping: [0.2, 1.5, 0.01],
  dismissThreshold: [0.02, 0.5, 0.01], decelerationRate: [0.98, 0.999, 0.001],
  velocityWindow: [30, 200, 5], secondaryScale: [1.5, 6, 0.1], maximumScale: [2, 10, 0.5],
};

/** @param {HTMLElement} panel @param {string} key @param {number[]} range @param {number} value @param {(v: number) => void} apply */
function slider(panel, key, [min, max, step], value, apply) {
  const label = el('label', '', { for: 'dbg-' + key });
  label.textContent = key;
  const input = el('input', '', { type: 'range', id: 'dbg-' + key, min, max, step });
  input.value = String(value);
  const out = el('output');
  out.textContent = String(value);
  input.oninput = () => { out.textContent = input.value; apply(+input.value); };
  panel.append(label, input, out);
}

export function debug(/** @type {import('./viewer.js').Viewer} */ viewer) {
  const panel = el('form', 'debug', { 'aria-label': 'Debug' });
  for (const way of /** @type {const} */ (['open', 'close'])) {
    for (const [k, range] of Object.entries(FLIGHTS)) {
      const key = /** @type {keyof typeof FLIGHTS} */ (k), spring = viewer.flight[way];
      slider(panel, way + k[0].toUpperCase() + k.slice(1), range, spring[key], (v) => { spring[key] = v; });
    }
  }
  for (const [k, range] of Object.entries(REACH)) {
    const key = /** @type {keyof typeof REACH} */ (k);
    slider(panel, k, range, viewer.reach[key], (v) => { viewer.reach[key] = v; if (viewer.state !== 'closed') deck(viewer); });
  }
  const current = /** @type {Record<string, number>} */ (viewer.g.configuration);
  for (const [k, range] of Object.entries(GESTURES)) {
    slider(panel, k, range, +current[k].toFixed(3), (v) => viewer.g.configure({ [k]: v }));
  }
  document.body.append(panel);
}
