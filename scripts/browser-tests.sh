#!/usr/bin/env bash
# Runs the browser tests (Playwright + headless Chromium) against a fresh server.
# Env: VITRINE_BINARY (default .build/debug/vitrine), CHROMIUM (default /usr/bin/chromium).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -f Web/engine/engine.wasm ] || scripts/build-wasm.sh
exec python3 -m pytest -q Tests/Browser "$@"
