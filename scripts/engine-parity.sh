#!/usr/bin/env bash
# Native ↔ wasm parity test for GalleryEngine.
# Builds the `engine-parity` executable (native), builds Web/engine/engine.wasm, runs
# the same scenarios through Web/engine/engine.js under Node, and compares.
# Exit status 0 only when every scenario agrees.
#
# Env: ENGINE_PACKAGE_PATH  package to build engine-parity from (default: repo root)
#      SWIFT                swift driver (default: swift on PATH, else /opt/swift/usr/bin/swift)
#      NODE                 node binary (default: node)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
pkg="${ENGINE_PACKAGE_PATH:-$root}"
swift="${SWIFT:-$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)}"
node="${NODE:-node}"

echo "== native: swift build --product engine-parity ($pkg)"
"$swift" build --package-path "$pkg" --product engine-parity
bin="$("$swift" build --package-path "$pkg" --product engine-parity --show-bin-path)/engine-parity"

echo "== wasm: scripts/build-wasm.sh"
scripts/build-wasm.sh

out="$(mktemp "${TMPDIR:-/tmp}/engine-parity.XXXXXX")"
trap 'rm -f "$out"' EXIT
"$bin" >"$out"

echo "== compare"
"$node" Tests/EngineParity/parity.mjs "$out"
