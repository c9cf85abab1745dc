// A question or a short form in a dialog of the page's own, never the browser's prompt or confirm:
// a title, an explanation, fields, and an action that may be marked as destructive. `act` runs the
// action: the dialog stays open with the server's answer when it fails. Esc or Cancel answers null.
import { el, moreCSS } from '../core/images.js';

await moreCSS();

/**
 * A field; `long` is a text area. Its limits are the server's, whose refusal the dialog shows.
 * @typedef {{name: string, label: string, value?: string, long?: boolean, required?: boolean}} Field
 */

/**
 * `before` is content shown above the fields (a list to choose from, whose choice closes the dialog).
 * @param {{title: string, text?: string, before?: HTMLElement[], fields?: Field[], ok: string, danger?: boolean, kind?: string, act?: (v: Record<string, string>) => Promise<unknown>}} o
 * @returns {Promise<Record<string, string>|null>} the fields' values, trimmed, once the action is done
 */
export function ask(o) {
  return new Promise((done) => {
    const fields = o.fields || [];
    const inputs = fields.map((f) => /** @type {HTMLInputElement} */ (el(f.long ? 'textarea' : 'input', '', {
      name: f.name, ...(f.required ? { required: '' } : {}) })));
    inputs.forEach((x, k) => { x.value = fields[k].value || ''; });
    const ok = /** @type {HTMLButtonElement} */ (el('button', o.danger ? 'primary danger' : 'primary', { type: 'submit' }, o.ok));
    const no = el('button', '', { type: 'button' }, 'Cancel'), err = el('p', 'err', { role: 'alert' });
    const form = el('form', '', {}, el('h2', '', {}, o.title), ...(o.text ? [el('p', '', {}, o.text)] : []), ...(o.before || []),
      ...inputs.map((x, k) => el('label', 'field', {}, el('span', '', {}, fields[k].label), x)), err, el('div', 'row', {}, ok, no));
    const d = el('dialog', 'ask' + (o.kind ? ' ' + o.kind : ''), { 'aria-label': o.title }, form);
    /** @type {Record<string, string>|null} */ let answer = null;
    form.onsubmit = async (e) => {
      e.preventDefault();
      const values = Object.fromEntries(inputs.map((x) => [x.name, x.value.trim()]));
      ok.disabled = true;
      try { await o.act?.(values); } catch (x) { err.textContent = /** @type {Error} */ (x).message; ok.disabled = false; return; }
      answer = values;
      d.close();
    };
    no.onclick = () => d.close();
    d.addEventListener('close', () => { d.remove(); done(answer); });
    document.body.append(d);
    /** @type {HTMLDialogElement} */ (d).showModal();
    (inputs[0] || no).focus();
  });
}
