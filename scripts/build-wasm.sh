#!/usr/bin/env bash
# Builds the engine's wasm modules from Sources/GalleryEngine with Embedded Swift, one compile and
# one link per module, each exporting only what its JavaScript binding calls:
#   Web/engine/engine.wasm      the first screen's and the grid's: the `ge_*` functions Web/engine/engine.js
#                               and wasm.js name
#   Web/engine/viewer.wasm      what comes after the first screen, loaded once it shows: the viewer's and
#                               the scrubber's, those Web/engine/viewer-engine.js, scrubber-engine.js and
#                               wasm.js name
#   Web/engine/live.wasm        the live-change rules, loaded with the change feed: those
#                               Web/engine/live-engine.js and wasm.js name
#   .build-wasm/engine-all.wasm every `@_cdecl("ge_…")` export, for the parity tests and benchmarks
#                               (Tests/EngineParity/engine-tools.js) and the type check's declaration
#
# Usage: scripts/build-wasm.sh [--force]
# Env:   SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc)
#        WASI_SYSROOT_LIB (default: /usr/lib/wasm32-wasi, from Debian's wasi-libc)
# Skips the build when every module is newer than every source, binding and this script.
# Runs `wasm-opt -Oz --converge` when binaryen is installed (`--low-memory-unused` would save 0.15 KB
# more on engine.wasm, but the 10 M layout runs 5 % slower with it). Prints raw and gzipped sizes.
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
work=".build-wasm"
# Each module: its file, then the bindings whose `ge_*` names it exports (none: every export).
modules=("Web/engine/engine.wasm Web/engine/engine.js Web/engine/wasm.js"
  "Web/engine/viewer.wasm Web/engine/viewer-engine.js Web/engine/scrubber-engine.js Web/engine/wasm.js"
  "Web/engine/live.wasm Web/engine/live-engine.js Web/engine/wasm.js" "$work/engine-all.wasm")

[ -x "$swiftc" ] || { echo "build-wasm: swiftc not found (set SWIFTC)" >&2; exit 1; }
[ -n "$wasm_ld" ] && [ -x "$wasm_ld" ] || { echo "build-wasm: wasm-ld not found next to swiftc" >&2; exit 1; }
[ -f "$libdir/libc.a" ] || { echo "build-wasm: $libdir/libc.a missing (apt-get install wasi-libc)" >&2; exit 1; }

mapfile -t sources < <(find Sources/GalleryEngine -name '*.swift' | LC_ALL=C sort)

size_report() {
  local module out raw gz
  for module in "${modules[@]}"; do
    out="${module%% *}"
    raw=$(wc -c <"$out")
    gz=$(gzip -9 -c "$out" | wc -c)
    echo "$(basename "$out"): $raw bytes raw, $gz bytes gzipped ($out)"
  done
}

inputs=("${sources[@]}" "${BASH_SOURCE[0]}" scripts/wasm/heap-shim.c Web/engine/engine.js Web/engine/scrubber-engine.js Web/engine/viewer-engine.js
  Web/engine/live-engine.js Web/engine/wasm.js)
if [ "$force" = 0 ]; then
  stale=0
  for module in "${modules[@]}"; do
    out="${module%% *}"
    [ -f "$out" ] || { stale=1; break; }
    for f in "${inputs[@]}"; do
      if [ "$f" -nt "$out" ]; then stale=1; break 2; fi
    done
  done
  if [ "$stale" = 0 ]; then
    echo "build-wasm: up to date"
    size_report
    exit 0
  fi
fi

mkdir -p "$work" Web/engine
# Every @_cdecl("ge_…") function is an export (the others, like the allocator's, serve the runtime).
mapfile -t all < <(grep -ho '@_cdecl("ge_[A-Za-z0-9_]*")' "${sources[@]}" | sed 's/@_cdecl("\(.*\)")/\1/' | LC_ALL=C sort -u)

"$swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -Osize \
  -Xcc -fno-stack-protector -Xcc -msimd128 -Xfrontend -disable-stack-protector \
  -module-name GalleryEngine -parse-as-library \
  "${sources[@]}" -c -o "$work/engine.o"
# posix_memalign and free for the Swift runtime, forwarded to the engine's heap (WasmHeap.swift).
"$toolbin/clang" --target=wasm32-unknown-unknown -Oz -c scripts/wasm/heap-shim.c -o "$work/heap-shim.o"

for module in "${modules[@]}"; do
  read -r out bindings <<<"$module"
  if [ -n "$bindings" ]; then
    # shellcheck disable=SC2086 # the bindings are a list of paths
    mapfile -t names < <(grep -ho 'ge_[A-Za-z0-9_]*' $bindings | LC_ALL=C sort -u | LC_ALL=C comm -12 - <(printf '%s\n' "${all[@]}"))
  else
    names=("${all[@]}")
  fi
  exports=("${names[@]/#/--export=}")
  "$wasm_ld" --no-entry --strip-all --gc-sections -z stack-size=262144 \
    --max-memory=4294967296 \
    "${exports[@]}" -L"$libdir" "$work/engine.o" "$work/heap-shim.o" -lc -o "$work/linked.wasm"
  if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -Oz --converge --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
      --enable-nontrapping-float-to-int "$work/linked.wasm" -o "$out"
  else
    echo "build-wasm: wasm-opt not found, skipping size optimisation (apt-get install binaryen)" >&2
    cp "$work/linked.wasm" "$out"
  fi
  echo "build-wasm: built $out with ${#names[@]} exports"
done
size_report
