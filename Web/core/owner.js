// The owner's requests: JSON with the admin token, for the modules that load after the first screen.
import { getJSON, token } from './api.js';

/** An owner's request, its body as JSON; resolves to the answer's JSON (null for none). */
export const send = (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body = undefined) =>
  getJSON(url, { method, headers: { authorization: 'Bearer ' + token(), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
