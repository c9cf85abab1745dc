#!/usr/bin/env bash
# Type-checks the web client (Web/**/*.js) and the engine's test bindings (Tests/EngineParity/engine-tools.js)
# with TypeScript from their JSDoc types: `strict`, against the shared shapes in scripts/tsc/types.d.ts and
# a declaration of the engine's exports generated from engine-all.wasm itself (every export; each shipped
# module exports the ones its binding names), so a binding to a renamed or re-signed export fails like a
# field read that no longer exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v tsc >/dev/null || { echo "check-js: tsc not found (apt-get install node-typescript)" >&2; exit 1; }
scripts/build-wasm.sh >/dev/null
mkdir -p .build-js
node scripts/tsc/wasm-exports.mjs .build-wasm/engine-all.wasm .build-js/wasm-exports.d.ts
errors="$(tsc -p scripts/tsc/tsconfig.json --pretty false || true)"
if [ -n "$errors" ]; then
  echo "$errors"
  echo "check-js: $(grep -c '^[^ ]' <<<"$errors") type errors" >&2
  exit 1
fi
echo "check-js: Web/**/*.js type-check ($(find Web -name "*.js" | wc -l) files, $(grep -c '(' .build-js/wasm-exports.d.ts) wasm exports)"
