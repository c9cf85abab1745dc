// ?debug: live tuning of the JS-side motion and deck parameters.
import { tuning } from './viewer.js';
import { el } from './images.js';

const RANGES = {
  openResponse: [0.1, 1.5, 0.01], openDamping: [0.2, 1.5, 0.01],
  closeResponse: [0.1, 1.5, 0.01], closeDamping: [0.2, 1.5, 0.01],
  behind: [0, 5, 1], aheadAtRest: [0, 8, 1], maximumAhead: [0, 12, 1],
};

export function debug(viewer) {
  const panel = el('form', 'debug', { 'aria-label': 'Debug' });
  for (const [k, [min, max, step]] of Object.entries(RANGES)) {
    const label = el('label', '', { for: 'dbg-' + k });
    label.textContent = k;
    const input = el('input', '', { type: 'range', id: 'dbg-' + k, min, max, step });
    input.value = tuning[k];
    const out = el('output');
    out.textContent = tuning[k];
    input.oninput = () => {
      tuning[k] = +input.value;
      out.textContent = input.value;
      if (viewer.state !== 'closed') viewer.deck();
    };
    panel.append(label, input, out);
  }
  const note = el('small');
  note.textContent = 'Pager/zoom/dismiss springs and the dismiss threshold live in the engine (not exposed to JS).';
  note.style.gridColumn = '1/-1';
  panel.append(note);
  document.body.append(panel);
}
