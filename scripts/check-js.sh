#!/usr/bin/env bash
# Type-checks the web client (Web/*.js) with TypeScript from its JSDoc types: `strict`, against the
# shared shapes in scripts/tsc/types.d.ts and a declaration of engine.wasm's exports generated from the
# wasm itself, so a binding to a renamed or re-signed export fails like a field read that no longer exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v tsc >/dev/null || { echo "check-js: tsc not found (apt-get install node-typescript)" >&2; exit 1; }
scripts/build-wasm.sh >/dev/null
mkdir -p .build-js
node scripts/tsc/wasm-exports.mjs Web/engine.wasm .build-js/wasm-exports.d.ts
errors="$(tsc -p scripts/tsc/tsconfig.json --pretty false || true)"
if [ -n "$errors" ]; then
  echo "$errors"
  echo "check-js: $(grep -c '^[^ ]' <<<"$errors") type errors" >&2
  exit 1
fi
echo "check-js: Web/*.js type-check ($(ls Web/*.js | wc -l) files, $(grep -c '(' .build-js/wasm-exports.d.ts) wasm exports)"
