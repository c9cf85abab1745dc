// The waits and sizes the client's screens decide by: the engine's (ClientPolicy.swift), adopted once
// the engine has loaded; nothing reads them before.

/** @type {ClientPolicy} */
export const policy = /** @type {ClientPolicy} */ ({});

export function adopt(/** @type {ClientPolicy} */ p) { Object.assign(policy, p); }
