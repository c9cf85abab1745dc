// Writes the TypeScript declaration of engine.wasm's exports (`interface WasmExports`), read from the
// module's own type, function and export sections, so a binding calling an export the engine no longer
// has, or with another number of arguments, fails the type check.
// Usage: node scripts/tsc/wasm-exports.mjs Web/engine/engine.wasm OUT.d.ts
import { readFileSync, writeFileSync } from 'node:fs';

const [wasmPath, outPath] = process.argv.slice(2);
const bytes = readFileSync(wasmPath);
let at = 8;
const u32 = () => { let r = 0, s = 0, b; do { b = bytes[at++]; r |= (b & 0x7f) << s; s += 7; } while (b & 0x80); return r >>> 0; };
const name = () => { const n = u32(), s = bytes.toString('utf8', at, at + n); at += n; return s; };
const TS = { 0x7f: 'number', 0x7d: 'number', 0x7c: 'number', 0x7e: 'bigint' };
const types = [], funcs = [], exports = [];
let imported = 0;
while (at < bytes.length) {
  const id = bytes[at++], size = u32(), end = at + size;
  if (id === 1) {
    for (let n = u32(); n--;) {
      at++; // 0x60
      const params = Array.from({ length: u32() }, () => TS[bytes[at++]]);
      const results = Array.from({ length: u32() }, () => TS[bytes[at++]]);
      types.push({ params, results });
    }
  } else if (id === 2) {
    for (let n = u32(); n--;) { name(); name(); const kind = bytes[at++]; if (kind === 0) { u32(); imported++; } else throw new Error('engine.wasm imports only functions'); }
  } else if (id === 3) {
    for (let n = u32(); n--;) funcs.push(u32());
  } else if (id === 7) {
    for (let n = u32(); n--;) { const nm = name(), kind = bytes[at++], index = u32(); exports.push({ nm, kind, index }); }
  }
  at = end;
}
const lines = exports.map(({ nm, kind, index }) => {
  if (kind === 2) return `  ${nm}: WebAssembly.Memory;`;
  if (kind !== 0) return `  ${nm}: WebAssembly.Global;`;
  const t = types[funcs[index - imported]];
  const params = t.params.map((p, k) => `a${k}: ${p}`).join(', ');
  return `  ${nm}(${params}): ${t.results[0] ?? 'void'};`;
});
writeFileSync(outPath, `// Generated from ${wasmPath} by scripts/tsc/wasm-exports.mjs.\ninterface WasmExports {\n${lines.join('\n')}\n}\n`);
