// The waits and sizes the client's screens decide by: the engine's (ClientPolicy.swift), adopted once
// the engine has loaded; nothing reads them before.

/** @type {ClientPolicy} */
export const policy = /** @type {ClientPolicy} */ ({});

export function adopt(/** @type {ClientPolicy} */ p) { Object.assign(policy, p); }

/** A photo's aspect ratio (width / height), the engine's stand-in where its size is unknown. */
export const aspectOf = (/** @type {{width: number, height: number}|undefined} */ it) => (it && it.width > 0 && it.height > 0 ? it.width / it.height : policy.unknownAspect);
