#!/usr/bin/env bash
# Builds Web/engine.wasm from Sources/GalleryEngine with Embedded Swift.
#
# Usage: scripts/build-wasm.sh [--force]
# Env:   SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc)
#        WASI_SYSROOT_LIB (default: /usr/lib/wasm32-wasi, from Debian's wasi-libc)
#        OUT (default: Web/engine.wasm)
# Skips the build when the wasm is newer than every source and this script.
# Runs `wasm-opt -Oz` when binaryen is installed. Prints raw and gzipped size.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

force=0
[ "${1:-}" = "--force" ] && force=1

swiftc="${SWIFTC:-}"
if [ -z "$swiftc" ]; then
  swiftc="$(command -v swiftc 2>/dev/null || true)"
  [ -z "$swiftc" ] && swiftc=/opt/swift/usr/bin/swiftc
fi
toolbin="$(dirname "$(readlink -f "$swiftc")")"
wasm_ld="$toolbin/wasm-ld"
[ -x "$wasm_ld" ] || wasm_ld="$(command -v wasm-ld || true)"
libdir="${WASI_SYSROOT_LIB:-/usr/lib/wasm32-wasi}"
out="${OUT:-Web/engine.wasm}"
work=".build-wasm"

[ -x "$swiftc" ] || { echo "build-wasm: swiftc not found (set SWIFTC)" >&2; exit 1; }
[ -n "$wasm_ld" ] && [ -x "$wasm_ld" ] || { echo "build-wasm: wasm-ld not found next to swiftc" >&2; exit 1; }
[ -f "$libdir/libc.a" ] || { echo "build-wasm: $libdir/libc.a missing (apt-get install wasi-libc)" >&2; exit 1; }

mapfile -t sources < <(find Sources/GalleryEngine -name '*.swift' | LC_ALL=C sort)

size_report() {
  local raw gz
  raw=$(wc -c <"$out")
  gz=$(gzip -9 -c "$out" | wc -c)
  echo "engine.wasm: $raw bytes raw, $gz bytes gzipped ($out)"
}

if [ "$force" = 0 ] && [ -f "$out" ]; then
  stale=0
  for f in "${sources[@]}" "${BASH_SOURCE[0]}" scripts/wasm/heap-shim.c; do
    if [ "$f" -nt "$out" ]; then stale=1; break; fi
  done
  if [ "$stale" = 0 ]; then
    echo "build-wasm: up to date"
    size_report
    exit 0
  fi
fi

mkdir -p "$work" "$(dirname "$out")"
# Every @_cdecl("ge_…") function is an export (the others, like the allocator's, serve the runtime).
mapfile -t exports < <(grep -ho '@_cdecl("ge_[A-Za-z0-9_]*")' "${sources[@]}" | sed 's/@_cdecl("\(.*\)")/--export=\1/' | LC_ALL=C sort -u)

"$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -Osize \
  -Xcc -fno-stack-protector -Xcc -msimd128 -Xfrontend -disable-stack-protector \
  -module-name GalleryEngine -parse-as-library \
  "${sources[@]}" -c -o "$work/engine.o"
# posix_memalign and free for the Swift runtime, forwarded to the engine's heap (WasmHeap.swift).
"$toolbin/clang" --target=wasm32-unknown-unknown -Oz -c scripts/wasm/heap-shim.c -o "$work/heap-shim.o"

"$wasm_ld" --no-entry --strip-all --gc-sections -z stack-size=262144 \
  --max-memory=4294967296 \
  "${exports[@]}" -L"$libdir" "$work/engine.o" "$work/heap-shim.o" -lc -o "$work/engine.wasm"

if command -v wasm-opt >/dev/null 2>&1; then
  wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int "$work/engine.wasm" -o "$out"
else
  echo "build-wasm: wasm-opt not found, skipping size optimisation (apt-get install binaryen)" >&2
  cp "$work/engine.wasm" "$out"
fi
echo "build-wasm: built $out with ${#exports[@]} exports"
size_report
