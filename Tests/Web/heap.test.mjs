// The wasm build's allocator (Sources/GalleryEngine/Wasm/WasmHeap.swift), driven
// through ge_alloc/ge_free: blocks never overlap, keep their contents while
// others come and go, are reused once freed, and memory grows for large ones.
// Run after scripts/build-wasm.sh: node --test Tests/Web/
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { loadTools } from '../EngineParity/engine-tools.js'

const { engine } = await loadTools()
const { ge_alloc, ge_free } = engine.exports

test('blocks are aligned, disjoint and keep their bytes while others come and go', () => {
  let seed = 0x2545f491
  const random = (n) => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5
    return (seed >>> 0) % n
  }
  const live = new Map()
  const fill = (p, n, tag) => new Uint8Array(engine.memory.buffer, p, n).fill(tag)
  const intact = (p, n, tag) => new Uint8Array(engine.memory.buffer, p, n).every((b) => b === tag)
  for (let step = 0; step < 4000; step++) {
    if (live.size > 0 && random(3) === 0) {
      const keys = [...live.keys()]
      const p = keys[random(keys.length)]
      const { n, tag } = live.get(p)
      assert.ok(intact(p, n, tag), `block ${p} (${n} bytes) was overwritten`)
      ge_free(p)
      live.delete(p)
      continue
    }
    // Mostly small, sometimes up to 256 KB.
    const n = random(8) === 0 ? 1 + random(1 << 18) : 1 + random(300)
    const p = ge_alloc(n)
    assert.equal(p % 16, 0, 'aligned to 16')
    for (const [q, b] of live) assert.ok(p + n <= q || q + b.n <= p, `block ${p}+${n} overlaps ${q}+${b.n}`)
    const tag = 1 + random(255)
    fill(p, n, tag)
    live.set(p, { n, tag })
  }
  for (const [p, { n, tag }] of live) {
    assert.ok(intact(p, n, tag))
    ge_free(p)
  }
})

test('a freed block is reused for the next one of its size, and large ones grow memory', () => {
  const a = ge_alloc(1000)
  ge_free(a)
  assert.equal(ge_alloc(900), a)
  ge_free(a)
  const before = engine.memory.buffer.byteLength
  const big = ge_alloc(48 << 20)
  assert.ok(big > 0 && engine.memory.buffer.byteLength >= before + (48 << 20))
  new Uint8Array(engine.memory.buffer, big, 48 << 20).fill(7)
  ge_free(big)
  assert.equal(ge_alloc(40 << 20), big, 'blocks of 32–64 MB share a size class')
  ge_free(big)
})
